"""Per-problem verdict summaries of one run, and alignment of runs by problem id."""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._passk import empirical_pass_at_k_curve, first_success_index, pass_at_k_curve
from ._runinfo import RunInfo

logger = logging.getLogger(__name__)

_DIGITS = re.compile(r"(\d+)")


def problem_order_key(problem_id: str) -> tuple[tuple[int, str], ...]:
    """Natural order of problem ids (``math-beyond/9`` before ``math-beyond/10``)."""
    return tuple(
        (int(part), "") if part.isdigit() else (-1, part)
        for part in _DIGITS.split(problem_id)
        if part
    )


UNSCORED = -1
"""Verdict-matrix entry of a sample that was not drawn or not scored."""


@dataclass(frozen=True, eq=False)
class RunVerdicts:
    """What the metrics need from one run, one entry per problem (sorted by problem id).

    * ``first_success``: index of the first sample verified correct, -1 if none.
    * ``horizon``: samples ``0..horizon-1`` were all drawn and scored, so "solved within the
      first k" is known for ``k <= horizon`` (and for every ``k > first_success``).
    * ``n`` / ``c``: samples usable by the unbiased estimator (drawn unconditionally and
      scored) and how many of them were correct. For adaptive runs only the first
      ``min_samples`` samples qualify.
    """

    label: str
    problem_ids: tuple[str, ...]
    first_success: NDArray[np.int64]
    horizon: NDArray[np.int64]
    n: NDArray[np.int64]
    c: NDArray[np.int64]
    model: str | None = None
    adaptive: bool = False
    target_k: int | None = None
    source: str | None = None
    dataset: str | None = None
    split: str | None = None
    info: RunInfo | None = None
    """Settings, identities and flagged verdicts of a stored run (set by ``load_run``)."""

    def __post_init__(self) -> None:
        size = len(self.problem_ids)
        for name in ("first_success", "horizon", "n", "c"):
            arr = getattr(self, name)
            if arr.shape != (size,):
                raise ValueError(f"{name} has shape {arr.shape}, expected ({size},)")
        if len(set(self.problem_ids)) != size:
            raise ValueError("problem ids must be unique")
        if np.any(self.c > self.n) or np.any(self.c < 0):
            raise ValueError("need 0 <= c <= n for every problem")

    # ---- construction -------------------------------------------------------------------
    @classmethod
    def from_matrix(
        cls,
        problem_ids: Sequence[str],
        verdicts: ArrayLike,
        *,
        label: str = "run",
        model: str | None = None,
        fixed_samples: int | None = None,
        adaptive: bool = False,
        target_k: int | None = None,
        source: str | None = None,
    ) -> RunVerdicts:
        """Build from an ordered ``(P, N)`` verdict matrix: booleans, or 1/0 with -1 for
        samples not drawn/scored. ``fixed_samples`` limits the unbiased estimator to the first
        that many samples (adaptive runs: ``min_samples``).
        """
        mat = np.asarray(verdicts)
        if mat.ndim != 2 or mat.shape[0] != len(problem_ids):
            raise ValueError("verdicts must be a (problems x samples) matrix")
        if mat.dtype == np.bool_:
            mat = mat.astype(np.int8)
        scored = mat != UNSCORED
        correct = mat == 1
        first = first_success_index(correct)
        unscored_any = ~scored
        horizon = np.where(
            unscored_any.any(axis=1), np.argmax(unscored_any, axis=1), mat.shape[1]
        ).astype(np.int64)
        cols = mat.shape[1] if fixed_samples is None else min(fixed_samples, mat.shape[1])
        n = scored[:, :cols].sum(axis=1).astype(np.int64)
        c = correct[:, :cols].sum(axis=1).astype(np.int64)
        return cls._sorted(label, problem_ids=problem_ids, first=first, horizon=horizon, n=n,
                           c=c, model=model, adaptive=adaptive, target_k=target_k,
                           source=source)

    @classmethod
    def from_first_success(
        cls,
        problem_ids: Sequence[str],
        first_success: ArrayLike,
        horizon: ArrayLike,
        *,
        n: ArrayLike | None = None,
        c: ArrayLike | None = None,
        label: str = "run",
        model: str | None = None,
        adaptive: bool = True,
        target_k: int | None = None,
        source: str | None = None,
    ) -> RunVerdicts:
        """Build from first-success indices (-1 = none) and observed horizons (adaptive runs)."""
        fs = np.asarray(first_success, dtype=np.int64).reshape(-1)
        hz = np.broadcast_to(np.asarray(horizon, dtype=np.int64), fs.shape).copy()
        nn = np.zeros_like(fs) if n is None else np.asarray(n, dtype=np.int64).reshape(-1)
        cc = np.zeros_like(fs) if c is None else np.asarray(c, dtype=np.int64).reshape(-1)
        return cls._sorted(label, problem_ids=problem_ids, first=fs, horizon=hz, n=nn, c=cc,
                           model=model, adaptive=adaptive, target_k=target_k, source=source)

    @classmethod
    def _sorted(
        cls,
        label: str,
        *,
        problem_ids: Sequence[str],
        first: NDArray[np.int64],
        horizon: NDArray[np.int64],
        n: NDArray[np.int64],
        c: NDArray[np.int64],
        model: str | None,
        adaptive: bool,
        target_k: int | None,
        source: str | None,
    ) -> RunVerdicts:
        ids = [str(x) for x in problem_ids]
        order = np.array(sorted(range(len(ids)), key=lambda i: problem_order_key(ids[i])),
                         dtype=np.int64)
        return cls(
            label=label,
            problem_ids=tuple(ids[i] for i in order),
            first_success=first[order],
            horizon=horizon[order],
            n=n[order],
            c=c[order],
            model=model,
            adaptive=adaptive,
            target_k=target_k,
            source=source,
        )

    # ---- derived quantities ---------------------------------------------------------------
    @property
    def n_problems(self) -> int:
        return len(self.problem_ids)

    @property
    def solved_ever(self) -> NDArray[np.bool_]:
        return self.first_success >= 0

    @property
    def max_empirical_k(self) -> int:
        """Largest k at which "solved within the first k" is known for every problem."""
        open_ = ~self.solved_ever
        if not open_.any():
            return int(max(self.horizon.max(initial=0), self.first_success.max(initial=0) + 1))
        return int(self.horizon[open_].min())

    @property
    def max_unbiased_k(self) -> int:
        """Largest k the unbiased estimator supports for every problem (``min n``)."""
        return int(self.n.min()) if self.n_problems else 0

    def empirical_curve(self, k_max: int) -> NDArray[np.float64]:
        """``(P, k_max)`` matrix: 1 if solved within the first k samples, NaN if unknown."""
        return empirical_pass_at_k_curve(self.first_success, k_max, self.horizon)

    def unbiased_curve(self, k_max: int) -> NDArray[np.float64]:
        """``(P, k_max)`` unbiased pass@k (raises ``ValueError`` if ``k_max > min n``)."""
        return pass_at_k_curve(self.n, self.c, k_max)

    def subset(self, problem_ids: Sequence[str]) -> RunVerdicts:
        """The same run restricted to ``problem_ids`` (which must all be present)."""
        pos = {pid: i for i, pid in enumerate(self.problem_ids)}
        missing = [p for p in problem_ids if p not in pos]
        if missing:
            raise ValueError(f"{len(missing)} problem ids not in run {self.label!r}")
        idx = np.array(sorted({pos[p] for p in problem_ids}), dtype=np.int64)
        return replace(
            self,
            problem_ids=tuple(self.problem_ids[i] for i in idx),
            first_success=self.first_success[idx],
            horizon=self.horizon[idx],
            n=self.n[idx],
            c=self.c[idx],
        )


def align(*runs: RunVerdicts) -> tuple[RunVerdicts, ...]:
    """Restrict runs to the problem ids they all share (same order in each).

    Dropped ids are logged (count per run and the first few ids).
    """
    if not runs:
        return ()
    shared = set(runs[0].problem_ids)
    for run in runs[1:]:
        shared &= set(run.problem_ids)
    if not shared:
        raise ValueError("the runs share no problem ids")
    keep = sorted(shared, key=problem_order_key)
    out = []
    for run in runs:
        dropped = sorted(set(run.problem_ids) - shared, key=problem_order_key)
        if dropped:
            logger.warning(
                "run %s: dropped %d problem id(s) not shared by all runs (%s%s)",
                run.label, len(dropped), ", ".join(dropped[:5]),
                ", ..." if len(dropped) > 5 else "",
            )
        out.append(run if not dropped else run.subset(keep))
    return tuple(out)


def dropped_ids(*runs: RunVerdicts) -> tuple[str, ...]:
    """Problem ids present in some but not all runs."""
    every = set().union(*(set(r.problem_ids) for r in runs))
    shared = set(runs[0].problem_ids).intersection(*(set(r.problem_ids) for r in runs[1:]))
    return tuple(sorted(every - shared, key=problem_order_key))
