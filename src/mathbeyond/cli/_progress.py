"""Progress of `mathb sample`: samples done / total, tokens/s and ETA; a rich bar on a terminal,
plain periodic lines (full length, on stderr) when output goes to a file or a pipe."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import Any

import click
from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

from ..sample import Progress as EngineProgress

DEFAULT_EVERY = 15.0
"""Seconds between plain progress lines (env ``MATHB_PROGRESS_SECONDS``)."""


def _clock_text(seconds: float) -> str:
    whole = max(0, round(seconds))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}"


def progress_text(p: EngineProgress, *, adaptive: bool = False) -> str:
    """``100/400 samples (25%), 1/4 problems done, 1 solved, 1,000 tok/s, 8.3 samples/s,
    elapsed 0:00:12, ETA 0:00:36`` (the ETA is an upper bound in adaptive runs, where the
    total shrinks as problems are solved)."""
    total = max(p.samples_target, 1)
    pct = 100 * p.samples_stored / total
    tok_rate = p.tokens / p.elapsed if p.elapsed > 0 else 0.0
    rate = p.new_samples / p.elapsed if p.elapsed > 0 else 0.0
    left = max(0, p.samples_target - p.samples_stored)
    if left == 0:
        eta = "0:00:00"
    elif rate > 0:
        eta = ("<= " if adaptive else "") + _clock_text(left / rate)
    else:
        eta = "?"
    return (
        f"{p.samples_stored}/{p.samples_target} samples ({pct:.0f}%), "
        f"{p.problems_done}/{p.problems_total} problems done, {p.solved} solved, "
        f"{tok_rate:,.0f} tok/s, {rate:,.1f} samples/s, elapsed {_clock_text(p.elapsed)}, "
        f"ETA {eta}"
    )


def _every_from_env() -> float:
    try:
        return max(0.0, float(os.environ.get("MATHB_PROGRESS_SECONDS", DEFAULT_EVERY)))
    except ValueError:
        return DEFAULT_EVERY


class SampleProgress:
    """The engine's progress callback. On a terminal: a rich bar on stderr, started on first
    use (so a command that fails before sampling prints only its error line). Otherwise: one
    plain line on stderr at the first snapshot, then at most every ``every`` seconds, and the
    final state on :meth:`close`."""

    def __init__(
        self,
        label: str,
        *,
        interactive: bool | None = None,
        every: float | None = None,
        clock: Callable[[], float] = time.monotonic,
        echo: Callable[[str], None] | None = None,
        adaptive: bool = False,
    ) -> None:
        self.label = label
        self.interactive = Console(stderr=True).is_terminal if interactive is None else interactive
        self.every = _every_from_env() if every is None else every
        self.clock = clock
        self.echo = echo or (lambda line: click.echo(line, err=True))
        self.adaptive = adaptive
        self.bar: Progress | None = None
        self.task: Any = None
        self.last_line: float | None = None
        self.pending: EngineProgress | None = None

    def __call__(self, p: EngineProgress) -> None:
        if self.interactive:
            self._bar(p)
            return
        now = self.clock()
        if self.last_line is None or now - self.last_line >= self.every:
            self.echo(f"{self.label}: {progress_text(p, adaptive=self.adaptive)}")
            self.last_line = now
            self.pending = None
        else:
            self.pending = p

    def _bar(self, p: EngineProgress) -> None:
        if self.bar is None:
            self.bar = Progress(
                TextColumn("[bold]{task.fields[label]}"),
                BarColumn(),
                TextColumn("{task.fields[stats]}"),
                TimeElapsedColumn(),
                console=Console(stderr=True),
            )
            self.bar.start()
            self.task = self.bar.add_task("sample", total=None, label=self.label, stats="")
        stats = progress_text(p, adaptive=self.adaptive).split(", elapsed")[0]
        eta = progress_text(p, adaptive=self.adaptive).rsplit("ETA ", 1)[1]
        self.bar.update(self.task, completed=p.samples_stored, total=p.samples_target,
                        stats=f"{stats} | ETA {eta}")

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()
        if self.pending is not None:
            self.echo(f"{self.label}: {progress_text(self.pending, adaptive=self.adaptive)}")
            self.pending = None
