"""Uncertainty: bootstrap over problems (vectorized, paired, seeded) and Wilson intervals."""

from __future__ import annotations

import math
import warnings
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike, NDArray

DEFAULT_RESAMPLES = 1000
DEFAULT_LEVEL = 0.95


@dataclass(frozen=True, eq=False)
class Interval:
    """A point estimate with a two-sided interval (arrays broadcast over trailing dims)."""

    estimate: NDArray[np.float64]
    low: NDArray[np.float64]
    high: NDArray[np.float64]
    level: float
    method: str


def bootstrap_weights(
    n_items: int, n_resamples: int = DEFAULT_RESAMPLES, seed: int = 0
) -> NDArray[np.float64]:
    """Resampling counts, shape ``(n_resamples, n_items)``: row ``b`` says how many times each
    problem occurs in resample ``b``. Using the same matrix for two runs pairs the bootstrap.
    """
    if n_items < 1:
        raise ValueError("the bootstrap needs at least one problem")
    if n_resamples < 1:
        raise ValueError("n_resamples must be at least 1")
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, n_items, size=(n_resamples, n_items))
    flat = idx + (np.arange(n_resamples) * n_items)[:, None]
    counts = np.bincount(flat.ravel(), minlength=n_resamples * n_items)
    return counts.reshape(n_resamples, n_items).astype(np.float64)


def _check_level(level: float) -> float:
    if not 0.0 < level < 1.0:
        raise ValueError("level must be in (0, 1)")
    return (1.0 - level) / 2.0


def resampled_means(values: ArrayLike, weights: NDArray[np.float64]) -> NDArray[np.float64]:
    """Mean over problems of ``values`` (shape ``(P, ...)``) in every resample: ``(B, ...)``.

    One matrix product (float32: the weights are small integer counts and the values lie in
    [0, 1], so the resampled means keep ~7 significant digits, far below bootstrap noise).
    """
    arr = np.asarray(values, dtype=np.float64)
    if arr.shape[0] != weights.shape[1]:
        raise ValueError(
            f"values have {arr.shape[0]} problems but the weights {weights.shape[1]}"
        )
    flat = arr.reshape(arr.shape[0], -1)
    # All-zero rows (problems never solved) add nothing to any resample: leave them out.
    live = np.flatnonzero(np.any(flat != 0, axis=1))
    rows = flat[live].astype(np.float32)
    w = weights[:, live].astype(np.float32)
    # Computed as (columns x resamples) so each column's resamples are contiguous for the
    # percentile partition; returned as its transposed view.
    sums_t = rows.T @ w.T
    sums_t *= np.float32(1.0 / arr.shape[0])
    means: NDArray[np.float64] = sums_t.T
    return means.reshape((weights.shape[0], *arr.shape[1:]))


def _linear_quantiles(
    resampled: NDArray[np.float64], probs: tuple[float, float]
) -> NDArray[np.float64]:
    """``np.quantile(..., method='linear', axis=0)`` via one partition along a contiguous axis
    (several times faster than partitioning the strided leading axis)."""
    count = resampled.shape[0]
    rows = np.ascontiguousarray(resampled.reshape(count, -1).T)  # free for resampled_means
    if rows.dtype != np.float32:
        rows = rows.astype(np.float64, copy=False)
    positions = [q * (count - 1) for q in probs]
    below = [math.floor(pos) for pos in positions]
    kth = sorted({i for b in below for i in (b, min(b + 1, count - 1))})
    part = np.partition(rows, kth, axis=1)
    out = np.empty((len(probs), rows.shape[0]), dtype=np.float64)
    for j, (pos, b) in enumerate(zip(positions, below, strict=True)):
        nxt = min(b + 1, count - 1)
        out[j] = part[:, b] + (pos - b) * (part[:, nxt] - part[:, b])
    return out.reshape((len(probs), *resampled.shape[1:]))


def percentile_interval(
    estimate: ArrayLike, resampled: NDArray[np.float64], level: float = DEFAULT_LEVEL
) -> Interval:
    """Percentile interval of ``resampled`` (shape ``(B, ...)``) around ``estimate``.

    Resamples with NaN (undefined statistic, e.g. a ratio with empty denominator) are
    ignored; where every resample is NaN the bounds are NaN.
    """
    alpha = _check_level(level)
    est = np.asarray(estimate, dtype=np.float64)
    if np.isnan(resampled).any():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)  # all-NaN columns -> NaN bounds
            bounds = np.nanquantile(resampled, [alpha, 1.0 - alpha], axis=0)
    else:
        bounds = _linear_quantiles(resampled, (alpha, 1.0 - alpha))
    return Interval(est, bounds[0], bounds[1], level, "bootstrap-percentile")


def bootstrap_columns(
    values: ArrayLike, weights: NDArray[np.float64], level: float = DEFAULT_LEVEL
) -> Interval:
    """Per column of a ``(P, C)`` matrix: mean over problems with a percentile bootstrap
    interval. Runs of identical adjacent columns (a step curve such as the empirical pass@k is
    constant between first-success indices) are resampled once and shared.
    """
    arr = np.asarray(values, dtype=np.float64)
    if arr.ndim != 2:
        raise ValueError("values must be a (problems x columns) matrix")
    estimate = arr.mean(axis=0)
    if arr.shape[1] < 2:
        return percentile_interval(estimate, resampled_means(arr, weights), level)
    new_run = np.concatenate([[True], np.any(arr[:, 1:] != arr[:, :-1], axis=0)])
    if new_run.all():
        return percentile_interval(estimate, resampled_means(arr, weights), level)
    unique = arr[:, new_run]
    inverse = np.cumsum(new_run) - 1
    shared = percentile_interval(unique.mean(axis=0), resampled_means(unique, weights), level)
    return Interval(estimate, shared.low[inverse], shared.high[inverse], level, shared.method)


def bootstrap_mean(
    values: ArrayLike,
    *,
    n_resamples: int = DEFAULT_RESAMPLES,
    seed: int = 0,
    level: float = DEFAULT_LEVEL,
    weights: NDArray[np.float64] | None = None,
) -> Interval:
    """Mean over problems (axis 0) with a bootstrap percentile interval for every trailing
    entry (e.g. every ``k`` of a ``(P, K)`` curve matrix) from one matrix product.
    """
    arr = np.asarray(values, dtype=np.float64)
    w = bootstrap_weights(arr.shape[0], n_resamples, seed) if weights is None else weights
    return percentile_interval(arr.mean(axis=0), resampled_means(arr, w), level)


def bootstrap_ratio(
    numerator: ArrayLike,
    denominator: ArrayLike,
    *,
    weights: NDArray[np.float64],
    level: float = DEFAULT_LEVEL,
) -> Interval:
    """Ratio of two per-problem sums (e.g. ``|P_k ∩ R_1| / |P_k|``) with a bootstrap interval;
    resamples whose denominator is zero are left out (the ratio is undefined there).
    """
    num = np.asarray(numerator, dtype=np.float64)
    den = np.asarray(denominator, dtype=np.float64)
    with np.errstate(all="ignore"):
        total = den.sum(axis=0)
        est = np.where(total > 0, num.sum(axis=0) / np.where(total > 0, total, 1.0), np.nan)
        rn = resampled_means(num, weights)
        rd = resampled_means(den, weights)
        ratio = np.where(rd > 0, rn / np.where(rd > 0, rd, 1.0), np.nan)
    return percentile_interval(est, ratio, level)


def wilson_interval(
    successes: int, total: int, level: float = DEFAULT_LEVEL
) -> tuple[float, float] | None:
    """Wilson score interval for a binomial proportion; None when ``total`` is 0."""
    if total < 0 or successes < 0 or successes > total:
        raise ValueError("need 0 <= successes <= total")
    if total == 0:
        return None
    alpha = _check_level(level)
    z = _normal_quantile(1.0 - alpha)
    p = successes / total
    denom = 1.0 + z * z / total
    centre = (p + z * z / (2 * total)) / denom
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / denom
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == total else min(1.0, centre + half)
    return low, high


def _normal_quantile(p: float) -> float:
    """Inverse standard normal CDF (Acklam's rational approximation + one Newton step)."""
    if not 0.0 < p < 1.0:
        raise ValueError("p must be in (0, 1)")
    a = (-3.969683028665376e01, 2.209460984245205e02, -2.759285104469687e02,
         1.383577518672690e02, -3.066479806614716e01, 2.506628277459239e00)
    b = (-5.447609879822406e01, 1.615858368580409e02, -1.556989798598866e02,
         6.680131188771972e01, -1.328068155288572e01)
    c = (-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e00,
         -2.549732539343734e00, 4.374664141464968e00, 2.938163982698783e00)
    d = (7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e00,
         3.754408661907416e00)
    lo = 0.02425
    if p < lo:
        q = math.sqrt(-2 * math.log(p))
        x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / (
            (((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
    elif p > 1 - lo:
        q = math.sqrt(-2 * math.log(1 - p))
        x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / (
            (((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
    else:
        q = p - 0.5
        r = q * q
        x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q / (
            ((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
    err = 0.5 * math.erfc(-x / math.sqrt(2)) - p
    return x - err * math.sqrt(2 * math.pi) * math.exp(x * x / 2)
