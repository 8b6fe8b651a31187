"""Reachable sets and the base-vs-post decomposition (Expansion, Shrinkage, Preservation,
Consolidation) of MATH-Beyond (arXiv 2510.11653, Sec. 3).

Definitions used here, on the problems ``D`` both runs share:

* ``R_k(p)``: problems one of whose first ``k`` samples from ``p`` is correct.
* Expansion ``= |R_k(post) \\ R_k(base)| / |D|``; Shrinkage ``= |R_k(base) \\ R_k(post)| / |D|``.
* Preservation ``= |R_k(post) ∩ R_k(base)| / |R_k(base)|`` (undefined when ``R_k(base)`` is
  empty).
* Consolidation ``= |P_k ∩ R_1(post)| / |P_k|`` with ``P_k = R_k(post) ∩ R_k(base)``, the
  preserved set (undefined when ``P_k`` is empty). ``R_1`` is selectable: ``first`` (the first
  sample is correct, i.e. empirical pass@1) or ``majority`` (mean accuracy over the unbiased
  samples >= 0.5, i.e. solved "reliably").

On a zero-baseline set (``R_k(base)`` empty) Expansion equals the post model's pass@k and
Preservation/Consolidation are undefined: reported as ``None``, never 0.

Provenance: Expansion, Shrinkage and Preservation follow the paper's set definitions. The
Consolidation formula above (share of the preserved set ``P_k`` that the post model also
solves at ``R_1``) is the project's specification; only the paper's abstract/overview could be
consulted offline, so its exact wording was not checked (the ``r1`` switch covers both readings
of "solved at pass@1").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np
from numpy.typing import NDArray

from ._uncertainty import (
    DEFAULT_LEVEL,
    DEFAULT_RESAMPLES,
    Interval,
    bootstrap_columns,
    bootstrap_weights,
    wilson_interval,
)
from ._verdicts import RunVerdicts, align, dropped_ids

R1Mode = Literal["first", "majority"]

R1_DEFINITIONS: dict[str, str] = {
    "first": "R_1 = problems whose first sample is correct (empirical pass@1)",
    "majority": "R_1 = problems with mean accuracy >= 0.5 over the unbiased samples",
}


def reachable_mask(run: RunVerdicts, k: int) -> NDArray[np.bool_]:
    """Boolean mask over ``run.problem_ids``: solved within the first ``k`` samples.

    Raises ``ValueError`` if some unsolved problem has fewer than ``k`` observed samples.
    """
    if k < 1:
        raise ValueError("k must be at least 1")
    solved = (run.first_success >= 0) & (run.first_success < k)
    unknown = ~solved & (run.horizon < k)
    if unknown.any():
        raise ValueError(
            f"run {run.label!r}: {int(unknown.sum())} unsolved problem(s) have fewer than "
            f"k={k} observed samples (max usable k is {run.max_empirical_k})"
        )
    return solved


def reachable_set(run: RunVerdicts, k: int) -> frozenset[str]:
    """``R_k``: ids of the problems solved within the first ``k`` samples."""
    mask = reachable_mask(run, k)
    return frozenset(pid for pid, hit in zip(run.problem_ids, mask, strict=True) if hit)


def r1_mask(run: RunVerdicts, mode: R1Mode = "first") -> NDArray[np.bool_]:
    """``R_1`` under the chosen definition (see :data:`R1_DEFINITIONS`)."""
    if mode == "first":
        return reachable_mask(run, 1)
    if mode == "majority":
        if np.any(run.n == 0):
            raise ValueError(
                f"run {run.label!r}: R_1 'majority' needs unbiased samples for every problem "
                "(adaptive runs need min_samples > 0); use r1='first'"
            )
        return np.asarray(2 * run.c >= run.n)
    raise ValueError(f"unknown R_1 mode {mode!r}; choose 'first' or 'majority'")


@dataclass(frozen=True)
class Rate:
    """``count / total`` with a Wilson score interval; ``value`` is None when undefined."""

    count: int
    total: int
    value: float | None
    low: float | None
    high: float | None

    @classmethod
    def of(cls, count: int, total: int, level: float = DEFAULT_LEVEL) -> Rate:
        interval = wilson_interval(count, total, level)
        if interval is None:
            return cls(count, total, None, None, None)
        return cls(count, total, count / total, interval[0], interval[1])

    @property
    def defined(self) -> bool:
        return self.value is not None

    def as_dict(self) -> dict[str, Any]:
        return {
            "value": self.value,
            "count": self.count,
            "total": self.total,
            "ci_low": self.low,
            "ci_high": self.high,
            "defined": self.defined,
        }


@dataclass(frozen=True)
class Comparison:
    """One row of the paper's Table 2 (and more): base vs post at ``k``."""

    base: str
    post: str
    k: int
    r1: str
    n_problems: int
    base_solved: int
    post_solved: int
    expansion: Rate
    shrinkage: Rate
    preservation: Rate
    consolidation: Rate
    expanded_ids: tuple[str, ...]
    shrunk_ids: tuple[str, ...]
    dropped_ids: tuple[str, ...] = ()
    level: float = DEFAULT_LEVEL
    notes: tuple[str, ...] = field(default=())

    @property
    def base_unsolved(self) -> int:
        return self.n_problems - self.base_solved

    @property
    def zero_baseline(self) -> bool:
        return self.base_solved == 0

    def as_dict(self) -> dict[str, Any]:
        return {
            "base": self.base,
            "post": self.post,
            "k": self.k,
            "r1": self.r1,
            "r1_definition": R1_DEFINITIONS[self.r1],
            "n_problems": self.n_problems,
            "base_solved": self.base_solved,
            "base_unsolved": self.base_unsolved,
            "post_solved": self.post_solved,
            "zero_baseline": self.zero_baseline,
            "interval": f"Wilson score, {self.level:.0%}",
            "expansion": self.expansion.as_dict(),
            "shrinkage": self.shrinkage.as_dict(),
            "preservation": self.preservation.as_dict(),
            "consolidation": self.consolidation.as_dict(),
            "expanded_ids": list(self.expanded_ids),
            "shrunk_ids": list(self.shrunk_ids),
            "dropped_ids": list(self.dropped_ids),
            "notes": list(self.notes),
        }


def compare(
    base: RunVerdicts,
    post: RunVerdicts,
    k: int,
    *,
    r1: R1Mode = "first",
    level: float = DEFAULT_LEVEL,
) -> Comparison:
    """Expansion, Shrinkage, Preservation and Consolidation of ``post`` over ``base`` at ``k``
    on the problems both runs share (others are dropped and listed in ``dropped_ids``).
    """
    dropped = dropped_ids(base, post)
    base_a, post_a = align(base, post)
    rb = reachable_mask(base_a, k)
    rp = reachable_mask(post_a, k)
    r1p = r1_mask(post_a, r1)
    ids = np.asarray(base_a.problem_ids, dtype=object)
    size = len(ids)
    expanded = rp & ~rb
    shrunk = rb & ~rp
    preserved = rp & rb
    notes: list[str] = []
    if not rb.any():
        notes.append(
            "zero baseline: the base model solves none of these problems at this k, so "
            "Expansion equals the post model's pass@k; Preservation and Consolidation are "
            "undefined"
        )
    elif not preserved.any():
        notes.append("no preserved problems: Consolidation is undefined")
    if dropped:
        notes.append(f"{len(dropped)} problem id(s) not shared by both runs were dropped")
    return Comparison(
        base=base.label,
        post=post.label,
        k=k,
        r1=r1,
        n_problems=size,
        base_solved=int(rb.sum()),
        post_solved=int(rp.sum()),
        expansion=Rate.of(int(expanded.sum()), size, level),
        shrinkage=Rate.of(int(shrunk.sum()), size, level),
        preservation=Rate.of(int(preserved.sum()), int(rb.sum()), level),
        consolidation=Rate.of(int((preserved & r1p).sum()), int(preserved.sum()), level),
        expanded_ids=tuple(str(x) for x in ids[expanded]),
        shrunk_ids=tuple(str(x) for x in ids[shrunk]),
        dropped_ids=dropped,
        level=level,
        notes=tuple(notes),
    )


@dataclass(frozen=True, eq=False)
class ExpansionCurve:
    """Expansion and Shrinkage for ``k = ks`` with paired-bootstrap intervals."""

    base: str
    post: str
    ks: NDArray[np.int64]
    expansion: Interval
    shrinkage: Interval
    n_problems: int


def expansion_curve(
    base: RunVerdicts,
    post: RunVerdicts,
    k_max: int | None = None,
    *,
    n_resamples: int = DEFAULT_RESAMPLES,
    seed: int = 0,
    level: float = DEFAULT_LEVEL,
    weights: NDArray[np.float64] | None = None,
) -> ExpansionCurve:
    """Expansion(k) and Shrinkage(k) for ``k = 1..k_max`` (default: the largest k both runs
    support), with a paired bootstrap over problems (one resampling matrix for both runs).
    """
    base_a, post_a = align(base, post)
    limit = min(base_a.max_empirical_k, post_a.max_empirical_k)
    k_max = limit if k_max is None else k_max
    if k_max < 1 or k_max > limit:
        raise ValueError(f"k_max must be in 1..{limit} for these runs")
    eb = base_a.empirical_curve(k_max) > 0.5
    ep = post_a.empirical_curve(k_max) > 0.5
    exp_mat = (ep & ~eb).astype(np.float64)
    shr_mat = (eb & ~ep).astype(np.float64)
    w = bootstrap_weights(base_a.n_problems, n_resamples, seed) if weights is None else weights
    return ExpansionCurve(
        base=base.label,
        post=post.label,
        ks=np.arange(1, k_max + 1, dtype=np.int64),
        expansion=bootstrap_columns(exp_mat, w, level),
        shrinkage=bootstrap_columns(shr_mat, w, level),
        n_problems=base_a.n_problems,
    )
