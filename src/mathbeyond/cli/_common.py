"""Helpers shared by CLI modules."""

from __future__ import annotations

from pathlib import Path

import click


def data_dir(ctx: click.Context) -> Path | None:
    """The global ``--data-dir`` / ``MATHB_DATA_DIR`` setting."""
    obj = ctx.find_root().obj or {}
    value = obj.get("data_dir")
    return None if value is None else Path(value)
