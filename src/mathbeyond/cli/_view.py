"""`mathb view RUN --out FILE.html`: a static, self-contained browser of one run."""

from __future__ import annotations

from pathlib import Path

import click

from ..browse import ViewConfig, write_view
from ..store import open_run


@click.command("view")
@click.argument("run", type=click.Path(path_type=Path))
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    required=True,
    help="HTML file to write (self-contained: no server, no network).",
)
@click.option(
    "--texts-per-problem",
    type=int,
    default=64,
    show_default=True,
    help="Samples per problem whose text is embedded (correct, no_answer and "
    "limit_exceeded first); all samples keep their verdict.",
)
@click.option(
    "--max-chars",
    type=int,
    default=6000,
    show_default=True,
    help="Characters kept per text (head and tail).",
)
@click.option(
    "--reverify",
    is_flag=True,
    help="Re-run the verifier on embedded texts to show the deciding rule and reason.",
)
def view_cmd(
    *, run: Path, out: Path, texts_per_problem: int, max_chars: int, reverify: bool
) -> None:
    """Write a static HTML browser of RUN: per problem the samples, verdicts, answers."""
    config = ViewConfig(texts_per_problem=texts_per_problem, max_chars=max_chars, reverify=reverify)
    with open_run(run) as store:
        path = write_view(store, out, config)
    click.echo(f"wrote {path} ({path.stat().st_size / 2**20:.1f} MiB)")


COMMANDS: list[click.Command] = [view_cmd]
