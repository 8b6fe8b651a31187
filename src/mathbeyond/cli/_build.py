"""`mathb build run|status`: the construction pipeline over a build directory."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click
from rich.table import Table

from ..build import STAGES, build_status, load_config, run_build
from ..sample import load_backend_module
from ._common import console, data_dir
from ._progress import SampleProgress

_STAGE = click.Choice(STAGES)


@click.group("build")
def build_group() -> None:
    """Build a MATH-B from source pools (pool, filter, dedup, prescreen, gtcheck, passk, ...)."""


@build_group.command("run")
@click.argument("config", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--out", required=True, type=click.Path(file_okay=False, path_type=Path),
              help="Build directory (created; re-running resumes it).")
@click.option("--until", type=_STAGE, default=None, help="Stop after this stage.")
@click.option("--from", "start", type=_STAGE, default=None,
              help="Start at this stage: the stages before it must be finished already.")
@click.option("--redo", type=_STAGE, default=None,
              help="Re-run this stage and every stage after it (e.g. after a config change).")
@click.option("--backend-module", "backend_modules", multiple=True, envvar="MATHB_BACKEND_MODULES",
              metavar="MODULE|FILE.py", help="Import a module that registers extra backends.")
@click.pass_context
def run_cmd(
    ctx: click.Context,
    *,
    config: Path,
    out: Path,
    until: str | None,
    start: str | None,
    redo: str | None,
    backend_modules: Sequence[str],
) -> None:
    """Run the stages of CONFIG that are missing in --out (resumable at any point)."""
    for module in backend_modules:
        load_backend_module(module)
    cfg = load_config(config)
    err = console(stderr=True)
    bars: list[SampleProgress] = []

    def progress(label: str) -> SampleProgress:
        while bars:  # one sampling job at a time: finish the previous display
            bars.pop().close()
        bars.append(SampleProgress(label))
        return bars[-1]

    try:
        run_build(
            cfg,
            out,
            until=until,
            start=start,
            redo=redo,
            data_dir=data_dir(ctx),
            echo=lambda line: err.print(line, markup=False, highlight=False),
            progress=progress,
        )
    finally:
        while bars:
            bars.pop().close()
    _print_funnel(build_status(out))


def _print_funnel(status: dict[str, Any]) -> None:
    table = Table(title=f"build funnel ({' -> '.join(status['order'])})")
    for col in ("stage", "in", "out", "removed by reason", "per source (in -> out)"):
        table.add_column(col, justify="right" if col in ("in", "out") else "left")
    for row in status["funnel"]:
        removed = ", ".join(f"{k} {v}" for k, v in row["removed"].items()) or "-"
        sources = "; ".join(
            f"{name} {v['in']}->{v['out']}" for name, v in row["by_source"].items()
        )
        table.add_row(row["stage"], str(row["in"]), str(row["out"]), removed, sources)
    console().print(table)
    if status["pending"]:
        console().print(f"pending: {', '.join(status['pending'])}", markup=False)


@build_group.command("status")
@click.argument("build_dir", type=click.Path(file_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Only the JSON funnel on stdout.")
def status_cmd(build_dir: Path, as_json: bool) -> None:
    """The funnel of BUILD_DIR: in/out and removed by reason per stage and per source."""
    status = build_status(build_dir)
    if not as_json:
        _print_funnel(status)
    click.echo(json.dumps(status, indent=None if not as_json else 2, sort_keys=True))


COMMANDS = [build_group]
