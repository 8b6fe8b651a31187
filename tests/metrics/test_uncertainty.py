"""Bootstrap (vectorized, paired, seeded) and Wilson intervals."""

from __future__ import annotations

import numpy as np
import pytest

from mathbeyond.metrics import (
    bootstrap_mean,
    bootstrap_ratio,
    bootstrap_weights,
    resampled_means,
    wilson_interval,
)


def test_weights_are_resampling_counts() -> None:
    w = bootstrap_weights(7, 50, seed=3)
    assert w.shape == (50, 7)
    assert np.all(w.sum(axis=1) == 7)
    assert np.all(w >= 0)


def test_bootstrap_reproducible_and_seed_dependent() -> None:
    rng = np.random.default_rng(1)
    values = rng.random((40, 5))
    a = bootstrap_mean(values, n_resamples=200, seed=11)
    b = bootstrap_mean(values, n_resamples=200, seed=11)
    c = bootstrap_mean(values, n_resamples=200, seed=12)
    np.testing.assert_array_equal(a.low, b.low)
    np.testing.assert_array_equal(a.high, b.high)
    assert not np.array_equal(a.low, c.low)
    np.testing.assert_allclose(a.estimate, values.mean(axis=0))
    assert np.all(a.low <= a.estimate) and np.all(a.estimate <= a.high)


def test_resampled_means_match_index_resampling() -> None:
    rng = np.random.default_rng(0)
    values = rng.random((9, 3))
    w = bootstrap_weights(9, 20, seed=5)
    idx = np.random.default_rng(5).integers(0, 9, size=(20, 9))
    expected = values[idx].mean(axis=1)
    np.testing.assert_allclose(resampled_means(values, w), expected, rtol=1e-6)


def test_constant_values_give_degenerate_interval() -> None:
    res = bootstrap_mean(np.ones(30), n_resamples=100, seed=0)
    assert float(res.low) == 1.0 and float(res.high) == 1.0


def test_paired_bootstrap_difference_is_tighter() -> None:
    rng = np.random.default_rng(2)
    base = (rng.random(200) < 0.5).astype(float)
    post = base.copy()
    post[:10] = 1.0  # post = base plus a few extra solves
    w = bootstrap_weights(200, 500, seed=0)
    diff = resampled_means(post, w) - resampled_means(base, w)
    assert np.all(diff >= 0)  # paired: every resample sees the same problems


def test_ratio_with_empty_denominator_is_nan() -> None:
    w = bootstrap_weights(5, 50, seed=0)
    res = bootstrap_ratio(np.zeros(5), np.zeros(5), weights=w)
    assert np.isnan(res.estimate) and np.isnan(res.low)
    res = bootstrap_ratio(np.array([1, 0, 1, 0, 1.0]), np.ones(5), weights=w)
    assert float(res.estimate) == pytest.approx(0.6)


def test_wilson_known_values() -> None:
    # 9/115 at 95%: standard Wilson score interval.
    low, high = wilson_interval(9, 115)  # type: ignore[misc]
    assert low == pytest.approx(0.041718, abs=1e-5)
    assert high == pytest.approx(0.142069, abs=1e-5)
    # 0/10: lower bound 0, upper z^2/(n+z^2)
    low, high = wilson_interval(0, 10)  # type: ignore[misc]
    assert low == 0.0
    assert high == pytest.approx(1.959964**2 / (10 + 1.959964**2), rel=1e-6)
    # 5/10 is symmetric around 0.5
    low, high = wilson_interval(5, 10)  # type: ignore[misc]
    assert low + high == pytest.approx(1.0)
    assert low == pytest.approx(0.236593, abs=1e-5)
    assert wilson_interval(0, 0) is None
    with pytest.raises(ValueError):
        wilson_interval(3, 2)
