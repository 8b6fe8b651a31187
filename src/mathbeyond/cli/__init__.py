"""Command-line interface (`mathb`)."""

from ._main import cli, main

__all__ = ["cli", "main"]
