"""`mathb models` (the model registry) and `mathb export` (a run's samples to parquet)."""

from __future__ import annotations

from pathlib import Path

import click
from rich.table import Table

from ..models import iter_models
from ..store import open_run
from ._common import console


@click.command("models")
def models_cmd() -> None:
    """The model registry: names, Hub ids, base models and the paper's sampling presets."""
    table = Table(title="models (name = what --model takes)")
    for column in ("name", "role", "base", "hub id", "MATH-B column", "chat", "T", "top_p",
                   "max_tokens", "context"):
        table.add_column(column, no_wrap=column in ("name", "hub id"))
    for m in iter_models():
        hub = m.hub_id + (f"@{m.hub_revision}" if m.hub_revision else "")
        table.add_row(
            m.name, m.role, m.base or "", hub, m.column or "", "yes" if m.chat else "no",
            f"{m.preset.temperature:g}", f"{m.preset.top_p:g}", str(m.preset.max_tokens),
            str(m.context_length),
        )
    console(width=220).print(table)


@click.command("export")
@click.argument("run", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="Parquet file to write (one row per stored sample, with verdict fields).")
def export_cmd(run: Path, out: Path) -> None:
    """Write a run's samples to parquet (readable by pandas, polars, DuckDB)."""
    store = open_run(run)
    try:
        path = store.export_parquet(out)
        n = store.samples(columns=["problem_id"]).num_rows
    finally:
        store.close()
    click.echo(f"wrote {n} samples to {path}", err=True)


COMMANDS: list[click.Command] = [models_cmd, export_cmd]
