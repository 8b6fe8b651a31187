"""Helpers shared by CLI modules."""

from __future__ import annotations

from pathlib import Path

import click
from rich.console import Console


def data_dir(ctx: click.Context) -> Path | None:
    """The global ``--data-dir`` / ``MATHB_DATA_DIR`` setting."""
    obj = ctx.find_root().obj or {}
    value = obj.get("data_dir")
    return None if value is None else Path(value)


def console(*, stderr: bool = False, width: int = 160) -> Console:
    """A rich console; when output is not a terminal, ``width`` wide so tables do not wrap."""
    probe = Console(stderr=stderr)
    return probe if probe.is_terminal else Console(stderr=stderr, width=max(probe.width, width))
