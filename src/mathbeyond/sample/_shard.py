"""Sharded runs without Ray: ``mathb sample ... --shard I/N`` (one SLURM array task each).

A shard draws a deterministic slice of the (problem, sample index) space into its own run
directory; ``mathb merge`` joins the shards into one run (:mod:`mathbeyond.store._merge`).
Seeds do not change: sample ``i`` of problem ``p`` is drawn with the seed a single run uses
(a function of run seed, problem id and ``i``), so the merged run stores exactly the rows an
unsharded run of the same command stores.

Which shard owns what (``I`` is 0-based, ``0 <= I < N``; ``pos`` is the problem's position in
the run's problem list, i.e. dataset order after ``--limit``):

* **fixed mode**: indices are cut into blocks of :data:`SHARD_BLOCK` consecutive indices;
  block ``b`` of the problem at ``pos`` belongs to shard ``(pos + b) % N``. Every shard gets
  every problem's blocks in turn, so easy and hard (long) problems are spread evenly and
  the shards' sizes differ by at most one block per problem.
* **adaptive mode**: whole problems: the problem at ``pos`` belongs to shard ``pos % N``.
  Adaptive stopping decides a problem from its lowest indices in order (the first success
  among ``0..i``), which needs all of a problem's samples in one process; splitting a
  problem's indices would either draw past the first success or need the shards to talk.

The shard is recorded in the manifest's ``extra["shard"]`` (not in the run identity, so every
shard and the merged run share one ``run_id``); a shard directory refuses to be resumed as
another shard or as an unsharded run.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from .._errors import ConfigError

SHARD_BLOCK = 16
"""Consecutive sample indices assigned together in fixed mode (part of the shard rule)."""

_SPEC = re.compile(r"^\s*(\d+)\s*/\s*(\d+)\s*$")
T = TypeVar("T")


@dataclass(frozen=True)
class Shard:
    """Shard ``index`` of ``count`` (0-based)."""

    index: int
    count: int
    block: int = SHARD_BLOCK

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ConfigError(f"--shard {self.index}/{self.count}: N must be >= 1")
        if not 0 <= self.index < self.count:
            raise ConfigError(
                f"--shard {self.index}/{self.count}: I must be in 0..{self.count - 1} "
                "(I/N is 0-based, e.g. $SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT with "
                "--array=0-(N-1))"
            )
        if self.block < 1:
            raise ConfigError(f"shard block must be >= 1, got {self.block}")

    @classmethod
    def parse(cls, spec: str) -> Shard:
        """``"I/N"`` -> Shard (one ConfigError line for anything else)."""
        match = _SPEC.match(spec)
        if match is None:
            raise ConfigError(f"--shard must be I/N with 0 <= I < N (e.g. 0/8), got {spec!r}")
        return cls(int(match.group(1)), int(match.group(2)))

    @property
    def label(self) -> str:
        return f"{self.index}/{self.count}"

    def owns_problem(self, position: int) -> bool:
        """Adaptive mode: whole problems."""
        return position % self.count == self.index

    def owns_index(self, position: int, index: int) -> bool:
        """Fixed mode: blocks of indices."""
        return (position + index // self.block) % self.count == self.index

    def indices(self, position: int, k: int) -> frozenset[int]:
        """Fixed mode: the indices in ``[0, k)`` of the problem at ``position`` this shard owns."""
        return frozenset(i for i in range(k) if self.owns_index(position, i))

    def select_problems(self, problems: Sequence[T]) -> list[tuple[int, T]]:
        """Adaptive mode: (position, problem) pairs this shard owns."""
        return [(pos, p) for pos, p in enumerate(problems) if self.owns_problem(pos)]

    def describe(self, *, adaptive: bool) -> dict[str, Any]:
        """The manifest's ``extra["shard"]``."""
        rule = (
            "problem at position pos -> shard pos % count"
            if adaptive
            else "block b = index // block of the problem at position pos -> shard (pos+b) % count"
        )
        return {
            "index": self.index,
            "count": self.count,
            "block": self.block,
            "mode": "problem" if adaptive else "block",
            "rule": rule,
        }


def shard_of(extra: dict[str, Any]) -> dict[str, Any] | None:
    """The shard descriptor stored in a manifest's ``extra`` (None: not a shard)."""
    value = extra.get("shard")
    return value if isinstance(value, dict) else None


def shard_mismatch(stored_extra: dict[str, Any], wanted_extra: dict[str, Any]) -> str | None:
    """Why a run directory cannot be resumed with the requested shard (None: it can)."""
    old, new = shard_of(stored_extra), shard_of(wanted_extra)
    if old == new:
        return None

    def name(d: dict[str, Any] | None) -> str:
        return "unsharded" if d is None else f"shard {d.get('index')}/{d.get('count')}"

    return f"shard: stored {name(old)}, requested {name(new)}"
