"""pass@k curves of one run with bootstrap bands, and the k = 1, 2, 4, ... summary table."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ._uncertainty import (
    DEFAULT_LEVEL,
    DEFAULT_RESAMPLES,
    Interval,
    bootstrap_columns,
    bootstrap_weights,
)
from ._verdicts import RunVerdicts


@dataclass(frozen=True, eq=False)
class PassCurve:
    """Dataset pass@k for ``k = 1..k_max`` under both estimators (NaN where not valid)."""

    label: str
    ks: NDArray[np.int64]
    empirical: Interval
    unbiased: Interval
    max_empirical_k: int
    max_unbiased_k: int
    n_problems: int
    adaptive: bool

    def notes(self) -> list[str]:
        out = []
        if self.max_unbiased_k == 0:
            out.append(
                "unbiased estimator not available: "
                + ("an adaptive run draws samples unconditionally only with --min-samples N "
                   "(then it is valid for k <= N)" if self.adaptive
                   else "some problems have no scored samples (run `mathb score`)")
                + "; pass@k shown is the empirical estimate (solved within the first k samples)"
            )
        elif self.max_unbiased_k < self.ks[-1]:
            why = (
                "adaptive run: only the first min_samples samples are drawn unconditionally"
                if self.adaptive
                else "some problems have fewer scored samples"
            )
            out.append(
                f"unbiased estimator valid only for k <= {self.max_unbiased_k} ({why})"
            )
        if self.max_empirical_k < self.ks[-1]:
            out.append(f"empirical estimator known only for k <= {self.max_empirical_k}")
        return out


def default_k_max(run: RunVerdicts) -> int:
    """The largest k either estimator supports (at least 1)."""
    return max(1, run.max_empirical_k, run.max_unbiased_k)


def pass_curves(
    run: RunVerdicts,
    k_max: int | None = None,
    *,
    n_resamples: int = DEFAULT_RESAMPLES,
    seed: int = 0,
    level: float = DEFAULT_LEVEL,
    weights: NDArray[np.float64] | None = None,
) -> PassCurve:
    """Both estimators' dataset curves with percentile bootstrap intervals for every ``k``,
    computed from one resampling matrix (pass the same ``weights`` to pair runs).
    """
    k_max = default_k_max(run) if k_max is None else k_max
    if k_max < 1:
        raise ValueError("k_max must be at least 1")
    emp = run.empirical_curve(k_max)
    unb = np.full((run.n_problems, k_max), np.nan)
    k_unb = min(k_max, run.max_unbiased_k)
    if k_unb >= 1:
        unb[:, :k_unb] = run.unbiased_curve(k_unb)
    w = bootstrap_weights(run.n_problems, n_resamples, seed) if weights is None else weights
    return PassCurve(
        label=run.label,
        ks=np.arange(1, k_max + 1, dtype=np.int64),
        empirical=bootstrap_columns(emp, w, level),
        unbiased=bootstrap_columns(unb, w, level),
        max_empirical_k=run.max_empirical_k,
        max_unbiased_k=run.max_unbiased_k,
        n_problems=run.n_problems,
        adaptive=run.adaptive,
    )


def power_of_two_ks(k_max: int) -> list[int]:
    """1, 2, 4, ... up to ``k_max`` (``k_max`` itself appended if not a power of two)."""
    ks = [1 << i for i in range(k_max.bit_length()) if (1 << i) <= k_max]
    if ks[-1] != k_max:
        ks.append(k_max)
    return ks


def _cell(interval: Interval, i: int) -> dict[str, float] | None:
    value = float(interval.estimate[i])
    if np.isnan(value):
        return None
    return {"value": value, "ci_low": float(interval.low[i]), "ci_high": float(interval.high[i])}


def pass_at_k_table(curve: PassCurve, ks: list[int] | None = None) -> list[dict[str, Any]]:
    """Rows ``{k, empirical, unbiased}``; a cell is None where that estimator is not valid."""
    ks = power_of_two_ks(int(curve.ks[-1])) if ks is None else ks
    rows = []
    for k in ks:
        if not 1 <= k <= curve.ks[-1]:
            raise ValueError(f"k={k} outside the curve's range 1..{int(curve.ks[-1])}")
        rows.append(
            {"k": k, "empirical": _cell(curve.empirical, k - 1),
             "unbiased": _cell(curve.unbiased, k - 1)}
        )
    return rows
