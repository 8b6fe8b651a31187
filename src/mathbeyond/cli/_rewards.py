"""`mathb serve-reward` (HTTP rewards: OpenRLHF protocol + /verify) and `mathb integrations`."""

from __future__ import annotations

import os

import click

from .._errors import ConfigError
from ..integrations import INTEGRATIONS, integration_path
from ..rewards import TOKEN_ENV, ServerConfig, serve_reward
from ..verify import DEFAULT_TIMEOUT_S


@click.command("serve-reward")
@click.option("--port", type=int, required=True, help="TCP port (0: any free port).")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to bind.")
@click.option("--token", default=None, help=f"Bearer token required on POSTs (or env {TOKEN_ENV}).")
@click.option(
    "--timeout",
    type=float,
    default=DEFAULT_TIMEOUT_S,
    show_default=True,
    help="Hard verification limit per item, seconds.",
)
@click.option("--workers", type=int, default=None, help="Verifier processes (default: CPUs).")
@click.option(
    "--max-items", type=int, default=4096, show_default=True, help="Items per request (more: 413)."
)
@click.option(
    "--max-body-mb",
    type=float,
    default=16.0,
    show_default=True,
    help="Request body size (more: 413).",
)
@click.option(
    "--max-concurrent",
    type=int,
    default=8,
    show_default=True,
    help="Requests verified at once (more: 429).",
)
@click.option(
    "--max-connections",
    type=int,
    default=64,
    show_default=True,
    help="Open client connections (more: 503).",
)
def serve_reward_cmd(
    *,
    port: int,
    host: str,
    token: str | None,
    timeout: float,
    workers: int | None,
    max_items: int,
    max_body_mb: float,
    max_concurrent: int,
    max_connections: int,
) -> None:
    """Serve rewards over HTTP: POST /get_reward (OpenRLHF), POST /verify, GET /health."""
    token = token or os.environ.get(TOKEN_ENV) or None
    if workers is not None and workers < 1:
        raise ConfigError(f"--workers must be at least 1, got {workers}")
    config = ServerConfig(
        host=host,
        port=port,
        token=token,
        timeout=timeout,
        workers=workers,
        max_items=max_items,
        max_body_bytes=int(max_body_mb * 2**20),
        max_concurrent=max_concurrent,
        max_connections=max_connections,
    )
    if host not in ("127.0.0.1", "localhost", "::1") and token is None:
        click.echo(
            f"warning: listening on {host} without a token; anyone who can reach it may use it",
            err=True,
        )

    def ready(server: object) -> None:
        click.echo(
            f"mathb reward server on {getattr(server, 'url', '?')} (Ctrl-C / SIGTERM stops)",
            err=True,
        )

    serve_reward(config, ready=ready)
    click.echo("stopped", err=True)


@click.group("integrations")
def integrations_group() -> None:
    """Task files for lm-eval / inspect_ai and reward files for verl / OpenRLHF."""


@integrations_group.command("path")
@click.argument("name", type=click.Choice(sorted(INTEGRATIONS)))
def integrations_path_cmd(name: str) -> None:
    """Print where the files for NAME are installed."""
    click.echo(str(integration_path(name)))


@integrations_group.command("list")
def integrations_list_cmd() -> None:
    """List the integrations and their paths."""
    for name in sorted(INTEGRATIONS):
        click.echo(f"{name:10s} {integration_path(name)}")


COMMANDS: list[click.Command] = [serve_reward_cmd, integrations_group]
