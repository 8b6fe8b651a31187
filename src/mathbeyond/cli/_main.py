"""`mathb` entry point. Subcommands live in one module per pipeline stage."""

from __future__ import annotations

import logging
import sys
from pathlib import Path

import click

from .._errors import MathbError
from .._version import __version__
from . import (
    _annotate,
    _audit,
    _build,
    _data,
    _demo,
    _integrations,
    _metrics,
    _registry,
    _rewards,
    _sample,
    _scale,
    _verify,
    _view,
)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="mathb")
@click.option(
    "--data-dir",
    type=click.Path(file_okay=False, path_type=Path),
    envvar="MATHB_DATA_DIR",
    default=None,
    help="Local data directory (env MATHB_DATA_DIR); takes precedence over the Hub.",
)
@click.option("-v", "--verbose", count=True, help="More logging (-v info, -vv debug).")
@click.pass_context
def cli(ctx: click.Context, data_dir: Path | None, verbose: int) -> None:
    """mathbeyond: did post-training expand what the model can solve?"""
    level = logging.WARNING if verbose == 0 else logging.INFO if verbose == 1 else logging.DEBUG
    logging.basicConfig(level=level, format="%(levelname)s %(name)s: %(message)s")
    ctx.ensure_object(dict)
    ctx.obj["data_dir"] = data_dir


_MODULES = (
    _data,
    _verify,
    _sample,
    _metrics,
    _registry,
    _audit,
    _build,
    _annotate,
    _rewards,
    _integrations,
    _view,
    _demo,
    _scale,
)
for _module in _MODULES:
    for _command in _module.COMMANDS:
        cli.add_command(_command)


def main(argv: list[str] | None = None) -> None:
    """Run the CLI; user errors become one line on stderr and exit status 2."""
    try:
        cli.main(args=argv, prog_name="mathb", standalone_mode=False)
    except click.exceptions.Abort:
        click.echo("aborted", err=True)
        sys.exit(130)
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)
    except MathbError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(2)
    except KeyboardInterrupt:
        click.echo("interrupted", err=True)
        sys.exit(130)
