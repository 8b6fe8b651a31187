"""`mathb merge`: join shard run directories into one run."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import click

from ..store import merge_runs


@click.command("merge")
@click.argument("runs", nargs=-1, required=True,
                type=click.Path(file_okay=False, path_type=Path))
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), required=True,
              help="New run directory for the merged run (must not exist).")
@click.option("--partial", is_flag=True,
              help="Merge a subset of a run's shards (the merged run misses the others).")
def merge_cmd(runs: Sequence[Path], out: Path, partial: bool) -> None:
    """Join runs of one command (e.g. `mathb sample --shard I/N` array tasks) into one run."""
    s = merge_runs(runs, out, partial=partial)
    shards = f" (shards {', '.join(s.shards)})" if s.shards else ""
    click.echo(f"{s.out}: merged {s.runs} runs{shards}: {s.problems} problems, {s.samples} samples")


COMMANDS: list[click.Command] = [merge_cmd]
