"""Placeholder: commands are added by the stage that owns this module."""

from __future__ import annotations

import click

COMMANDS: list[click.Command] = []
