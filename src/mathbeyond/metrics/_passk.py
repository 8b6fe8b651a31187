"""pass@k estimators: the unbiased estimator and the empirical (first-k samples) estimator.

Two estimators answer different questions:

* **unbiased** (Chen et al. 2021): from ``n`` i.i.d. samples with ``c`` correct,
  ``pass@k = 1 - C(n-c, k) / C(n, k)`` estimates the probability that ``k`` fresh samples contain
  a correct one. It needs ``n >= k`` samples drawn unconditionally (for adaptive runs: only the
  ``min_samples`` fixed samples qualify).
* **empirical**: whether one of the first ``k`` drawn samples was correct (the paper's
  definition of the reachable set ``R_k``). It is determined by the first-success index alone,
  so adaptive runs that stop at the first success still give it exactly for every ``k``.
"""

from __future__ import annotations

from typing import Any, overload

import numpy as np
from numpy.typing import ArrayLike, NDArray

_CHUNK_ELEMENTS = 4_000_000
"""Upper bound on the temporary (elements x terms) matrix of :func:`pass_at_k`."""


def _int_array(name: str, value: ArrayLike) -> NDArray[np.int64]:
    arr = np.asarray(value)
    if arr.dtype == np.bool_:
        raise ValueError(f"{name} must be an integer, not a boolean")
    if np.issubdtype(arr.dtype, np.integer):
        return arr.astype(np.int64, copy=False)
    if np.issubdtype(arr.dtype, np.floating):
        if not np.all(np.isfinite(arr)) or not np.all(arr == np.round(arr)):
            raise ValueError(f"{name} must hold whole numbers")
        return arr.astype(np.int64)
    raise ValueError(f"{name} must be an integer or an array of integers")


def _validate(n: NDArray[np.int64], c: NDArray[np.int64], k: NDArray[np.int64]) -> None:
    if np.any(n < 0):
        raise ValueError("n (number of samples) must be non-negative")
    if np.any(c < 0):
        raise ValueError("c (number of correct samples) must be non-negative")
    if np.any(c > n):
        raise ValueError("c (number of correct samples) cannot exceed n (number of samples)")
    if np.any(k < 1):
        raise ValueError("k must be at least 1")
    if np.any(k > n):
        worst = int(np.max(k - n))
        raise ValueError(
            f"k > n by up to {worst}: the unbiased pass@k estimator needs at least k samples"
        )


@overload
def pass_at_k(n: int, c: int, k: int) -> float: ...
@overload
def pass_at_k(n: ArrayLike, c: ArrayLike, k: ArrayLike) -> float | NDArray[np.float64]: ...


def pass_at_k(n: ArrayLike, c: ArrayLike, k: ArrayLike) -> float | NDArray[np.float64]:
    """Unbiased pass@k ``1 - C(n-c, k)/C(n, k)``, broadcasting over ``n``, ``c`` and ``k``.

    Computed as ``1 - prod_{j<m} (1 - a/(n-j))`` with ``m = min(c, k)`` and ``a = max(c, k)``
    (the ratio is symmetric in ``c`` and ``k``), summed in log space with ``log1p``: every term
    is accurate to a few ulps, so the result is exact to float precision for ``n`` up to 1e5
    and beyond. Raises ``ValueError`` when ``k > n`` (the estimator is undefined there), when
    ``c > n``, or on negative counts. Returns a float for scalar inputs, else an array.
    """
    n_a, c_a, k_a = np.broadcast_arrays(
        _int_array("n", n), _int_array("c", c), _int_array("k", k)
    )
    _validate(n_a, c_a, k_a)
    scalar = n_a.ndim == 0
    n_f, c_f, k_f = (x.reshape(-1) for x in (n_a, c_a, k_a))
    out = np.ones(n_f.shape, dtype=np.float64)
    out[c_f == 0] = 0.0
    todo = np.flatnonzero((c_f > 0) & (c_f + k_f <= n_f))
    if todo.size:
        m = np.minimum(c_f[todo], k_f[todo])
        a = np.maximum(c_f[todo], k_f[todo]).astype(np.float64)
        nn = n_f[todo].astype(np.float64)
        width = int(m.max())
        rows = max(1, _CHUNK_ELEMENTS // max(width, 1))
        j = np.arange(width, dtype=np.float64)
        for start in range(0, todo.size, rows):
            sl = slice(start, start + rows)
            mask = j[None, :] < m[sl, None]
            denom = nn[sl, None] - j[None, :]
            terms = np.log1p(-a[sl, None] / np.where(mask, denom, 1.0 + a[sl, None]))
            log_ratio = np.where(mask, terms, 0.0).sum(axis=1)
            out[todo[sl]] = -np.expm1(log_ratio)
    if scalar:
        return float(out[0])
    return out.reshape(n_a.shape)


def pass_at_k_curve(n: ArrayLike, c: ArrayLike, k_max: int) -> NDArray[np.float64]:
    """Unbiased pass@k for every ``k = 1..k_max`` and every problem, shape ``(P, k_max)``.

    One cumulative product per problem: ``C(n-c, k)/C(n, k) = prod_{i<k} (1 - c/(n-i))``.
    Raises ``ValueError`` when ``k_max`` exceeds the smallest ``n``.
    """
    n_a = np.atleast_1d(_int_array("n", n))
    c_a = np.atleast_1d(_int_array("c", c))
    n_a, c_a = np.broadcast_arrays(n_a, c_a)
    _validate(n_a, c_a, np.full(n_a.shape, max(int(k_max), 1) if n_a.size else 1))
    if k_max < 1:
        raise ValueError("k_max must be at least 1")
    i = np.arange(k_max, dtype=np.float64)
    remaining = n_a[:, None].astype(np.float64) - i[None, :]
    factors = 1.0 - c_a[:, None] / remaining
    np.maximum(factors, 0.0, out=factors)
    ratio = np.cumprod(factors, axis=1, dtype=np.float64)
    curve: NDArray[np.float64] = 1.0 - ratio
    return curve


def first_success_index(verdicts: ArrayLike) -> NDArray[np.int64]:
    """Index of the first correct sample in each row of a ``(P, N)`` verdict matrix, else -1.

    Entries may be booleans or 0/1/-1 integers (-1 = unscored, treated as not correct).
    """
    mat = np.asarray(verdicts)
    if mat.ndim != 2:
        raise ValueError("verdicts must be a 2-D (problems x samples) matrix")
    hit = mat == 1 if mat.dtype != np.bool_ else mat
    first: NDArray[np.int64] = np.argmax(hit, axis=1).astype(np.int64)
    first[~hit.any(axis=1)] = -1
    return first


def _empirical_matrix(
    first_success: NDArray[np.int64], horizon: NDArray[np.int64] | None, ks: NDArray[np.int64]
) -> NDArray[np.float64]:
    fs = first_success[:, None]
    solved = (fs >= 0) & (fs < ks[None, :])
    out = solved.astype(np.float64)
    if horizon is not None:
        unknown = ~solved & (horizon[:, None] < ks[None, :])
        out[unknown] = np.nan
    return out


def empirical_pass_at_k(
    first_success: ArrayLike, k: int, horizon: ArrayLike | None = None
) -> NDArray[np.float64]:
    """Per problem: 1.0 if one of the first ``k`` samples was correct, else 0.0.

    ``first_success`` holds first-correct indices (-1 = none observed). ``horizon`` (optional)
    is the number of leading samples actually observed per problem; an unsolved problem with
    ``horizon < k`` is undetermined and gives NaN.
    """
    if k < 1:
        raise ValueError("k must be at least 1")
    fs = np.atleast_1d(_int_array("first_success", first_success))
    hz = None if horizon is None else np.atleast_1d(_int_array("horizon", horizon))
    return _empirical_matrix(fs, hz, np.array([k], dtype=np.int64))[:, 0]


def empirical_pass_at_k_curve(
    first_success: ArrayLike, k_max: int, horizon: ArrayLike | None = None
) -> NDArray[np.float64]:
    """:func:`empirical_pass_at_k` for ``k = 1..k_max`` at once, shape ``(P, k_max)``."""
    if k_max < 1:
        raise ValueError("k_max must be at least 1")
    fs = np.atleast_1d(_int_array("first_success", first_success))
    hz = None if horizon is None else np.atleast_1d(_int_array("horizon", horizon))
    return _empirical_matrix(fs, hz, np.arange(1, k_max + 1, dtype=np.int64))


def mean_pass_at_k(n: ArrayLike, c: ArrayLike, k: int) -> float:
    """Dataset mean of the unbiased estimator (raises ``ValueError`` if any ``n < k``)."""
    values = np.atleast_1d(pass_at_k(n, c, k))
    return float(values.mean()) if values.size else float("nan")


def mean_empirical_pass_at_k(
    first_success: ArrayLike, k: int, horizon: ArrayLike | None = None
) -> float:
    """Dataset mean of the empirical estimator; NaN if any problem is undetermined at ``k``."""
    values = empirical_pass_at_k(first_success, k, horizon)
    return float(values.mean()) if values.size else float("nan")


def marginal_gain(curve: ArrayLike, step: int = 64) -> NDArray[np.float64]:
    """``pass@(k+step) - pass@k`` for ``k = 1..K-step`` from a curve indexed ``k = 1..K``.

    Works on a 1-D dataset curve or row-wise on a ``(P, K)`` / ``(B, K)`` matrix (paper Fig. 7
    uses ``step=64``).
    """
    arr: NDArray[Any] = np.asarray(curve, dtype=np.float64)
    if step < 1:
        raise ValueError("step must be at least 1")
    if arr.shape[-1] <= step:
        raise ValueError(f"curve has {arr.shape[-1]} points; need more than step={step}")
    gain: NDArray[np.float64] = arr[..., step:] - arr[..., :-step]
    return gain
