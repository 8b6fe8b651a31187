"""Scaling out: `mathb merge` (join shard runs) and the `--ray` options of `mathb sample`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import click

from .._errors import ConfigError
from ..sample import Backend, RayOptions, ray_backend_factory
from ..store import merge_runs

F = TypeVar("F", bound=Callable[..., Any])


def ray_options(func: F) -> F:
    """The `--ray [ADDRESS]`, `--workers`, `--gpus-per-worker`, `--cpus-per-worker` options."""
    options = [
        click.option("--ray", "ray_address", is_flag=False, flag_value="local", default=None,
                     metavar="[ADDRESS]",
                     help="Sample on Ray: worker actors own one backend engine each. Without "
                          "ADDRESS: $RAY_ADDRESS or a local cluster; else HOST:PORT, auto or "
                          "ray://HOST:PORT."),
        click.option("--workers", type=int, default=None,
                     help="With --ray: worker actors (engines), default 1."),
        click.option("--gpus-per-worker", type=float, default=None,
                     help="With --ray: GPUs per worker (default 1 for vllm, else 0)."),
        click.option("--cpus-per-worker", type=float, default=None,
                     help="With --ray: CPUs per worker (default 1)."),
    ]
    for option in reversed(options):
        func = option(func)
    return func


def ray_factory(
    ray_address: str | None,
    workers: int | None,
    gpus_per_worker: float | None,
    cpus_per_worker: float | None,
    backend_modules: Sequence[str],
) -> Callable[..., Backend] | None:
    """The backend factory for `mathb sample` (None: plain, in-process)."""
    if ray_address is None:
        given = [name for name, v in (("--workers", workers), ("--gpus-per-worker",
                 gpus_per_worker), ("--cpus-per-worker", cpus_per_worker)) if v is not None]
        if given:
            raise ConfigError(f"{given[0]} needs --ray")
        return None
    options = RayOptions(
        address=ray_address,
        workers=1 if workers is None else workers,
        gpus_per_worker=gpus_per_worker,
        cpus_per_worker=1.0 if cpus_per_worker is None else cpus_per_worker,
    )
    return ray_backend_factory(options, backend_modules)


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
