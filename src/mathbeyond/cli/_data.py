"""`mathb data ...`: list, show and export datasets."""

from __future__ import annotations

from pathlib import Path

import click
from rich.table import Table
from rich.text import Text

from .._errors import MathbError
from ..data import (
    DatasetUnavailableError,
    ExportFormat,
    all_specs,
    export_problems,
    load_dataset,
    load_problems,
    parse_spec,
)
from ._common import console as make_console
from ._common import data_dir

_MAX_CELL = 120
_FORMATS: dict[str, ExportFormat] = {"parquet": "parquet", "jsonl": "jsonl"}


def _clip(text: str | None, width: int = _MAX_CELL) -> str:
    if text is None:
        return ""
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: width - 1] + "…"


@click.group("data")
def data_group() -> None:
    """Inspect and export datasets (MATH-B, source pools, dedup benchmarks)."""


@data_group.command("list")
@click.option(
    "--hub/--no-hub",
    default=False,
    help="Download Hub files that are missing locally (default: use only the Hub cache).",
)
@click.pass_context
def list_cmd(ctx: click.Context, hub: bool) -> None:
    """Known datasets, their splits and sizes (unavailable ones with the reason)."""
    root = data_dir(ctx)
    table = Table(title=f"datasets (data dir: {root or 'not set'})")
    table.add_column("name", style="bold", no_wrap=True)
    table.add_column("rows", justify="right", no_wrap=True)
    table.add_column("splits")
    table.add_column("source")
    notes: list[str] = []
    for spec in all_specs():
        name = spec.name + (f" ({', '.join(spec.aliases)})" if spec.aliases else "")
        try:
            dataset = load_dataset(spec.name, data_dir=root, allow_download=hub)
        except MathbError as exc:
            kind = "unavailable" if isinstance(exc, DatasetUnavailableError) else "error"
            notes.append(f"[{len(notes) + 1}] {spec.name}: {exc}")
            table.add_row(name, "-", "-", f"{kind} [{len(notes)}]")
            continue
        splits = ", ".join(f"{k}={len(v):,}" for k, v in dataset.splits.items())
        table.add_row(name, f"{len(dataset):,}", splits, _short_origin(dataset.origin, root))
    console = make_console()
    console.print(table, markup=False)
    for note in notes:
        console.print(note, markup=False, highlight=False)


def _short_origin(origin: str | None, root: Path | None) -> str:
    if origin is None:
        return ""
    if root is not None:
        try:
            return str(Path(origin).relative_to(root))
        except ValueError:
            return origin
    return origin


@data_group.command("show")
@click.argument("spec")
@click.option("--limit", "-n", type=click.IntRange(min=0), default=10, show_default=True)
@click.pass_context
def show_cmd(ctx: click.Context, spec: str, limit: int) -> None:
    """The first rows of NAME[:SPLIT] (or a file: PATH / file:PATH[:SPLIT])."""
    problems = load_problems(spec, data_dir=data_dir(ctx), limit=limit)
    table = Table(title=spec, show_lines=True)
    for column in ("id", "problem", "answer", "source", "topic", "difficulty"):
        table.add_column(column, overflow="fold")
    for p in problems:
        cells = (p.id, _clip(p.problem), _clip(p.answer, 40), p.source, p.topic, p.difficulty)
        table.add_row(*(Text(c or "") for c in cells))
    make_console().print(table)


@data_group.command("export")
@click.argument("spec")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["parquet", "jsonl"]),
    default=None,
    help="Output format (default: from the --out suffix).",
)
@click.option("--out", "out", type=click.Path(dir_okay=False, path_type=Path), required=True)
@click.option("--limit", "-n", type=click.IntRange(min=0), default=None)
@click.pass_context
def export_cmd(
    ctx: click.Context, spec: str, fmt: str | None, out: Path, limit: int | None
) -> None:
    """Write NAME[:SPLIT] to parquet or JSONL (re-import with `mathb data show FILE`)."""
    if fmt is None and out.suffix.lower() not in (".parquet", ".jsonl"):
        raise click.UsageError("give --format parquet|jsonl or an --out ending in one of them")
    problems = load_problems(spec, data_dir=data_dir(ctx), limit=limit)
    target, split = parse_spec(spec)
    info: dict[str, str | None] = {"spec": spec, "split": split}
    if not isinstance(target, Path):
        dataset = load_dataset(target, data_dir=data_dir(ctx))
        info.update(dataset=dataset.name, origin=dataset.origin, revision=dataset.revision)
    export_problems(problems, out, _FORMATS.get(fmt or ""), info=info)
    click.echo(f"wrote {len(problems)} problems to {out}")


COMMANDS: list[click.Command] = [data_group]
