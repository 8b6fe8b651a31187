"""pass@k estimators: hand-computed values, validation, vectorized curves."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mathbeyond.metrics import (
    empirical_pass_at_k,
    empirical_pass_at_k_curve,
    first_success_index,
    marginal_gain,
    mean_empirical_pass_at_k,
    mean_pass_at_k,
    pass_at_k,
    pass_at_k_curve,
)


def _exact(n: int, c: int, k: int) -> float:
    return 1.0 - math.comb(n - c, k) / math.comb(n, k)


def test_hand_computed_values() -> None:
    # 10 samples, 3 correct, k=2: 1 - C(7,2)/C(10,2) = 1 - 21/45
    assert pass_at_k(10, 3, 2) == pytest.approx(24 / 45, abs=1e-15)
    assert pass_at_k(4, 1, 1) == pytest.approx(0.25)
    assert pass_at_k(4, 1, 4) == 1.0


def test_all_correct_and_none_correct() -> None:
    assert pass_at_k(16, 16, 1) == 1.0
    assert pass_at_k(16, 0, 16) == 0.0
    assert pass_at_k(1024, 0, 1) == 0.0


def test_k_greater_than_n_raises() -> None:
    with pytest.raises(ValueError, match="k > n"):
        pass_at_k(3, 1, 4)
    with pytest.raises(ValueError, match="k > n"):
        pass_at_k([8, 3], [1, 1], 4)


@pytest.mark.parametrize(
    ("n", "c", "k", "match"),
    [(5, 6, 1, "exceed"), (-1, 0, 1, "non-negative"), (5, -1, 1, "non-negative"),
     (5, 1, 0, "at least 1")],
)
def test_validation(n: int, c: int, k: int, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        pass_at_k(n, c, k)


def test_rejects_non_integers() -> None:
    with pytest.raises(ValueError):
        pass_at_k(10.5, 1, 1)
    with pytest.raises(ValueError):
        pass_at_k(True, 1, 1)


def test_broadcasting_and_types() -> None:
    out = pass_at_k(np.array([[10], [20]]), np.array([0, 3, 10]), 2)
    assert isinstance(out, np.ndarray)
    assert out.shape == (2, 3)
    assert out[0, 0] == 0.0 and out[0, 2] == 1.0
    assert out[1, 1] == pytest.approx(_exact(20, 3, 2))
    assert isinstance(pass_at_k(10, 3, 2), float)


def test_large_n_is_exact() -> None:
    # pass@1 with n=1e5 is exactly c/n; symmetric case against exact integer arithmetic.
    assert pass_at_k(100_000, 7, 1) == pytest.approx(7e-5, rel=1e-12)
    n, c, k = 100_000, 3, 50_000
    assert pass_at_k(n, c, k) == pytest.approx(_exact(n, c, k), rel=1e-12)
    n, c, k = 100_000, 40, 1_000
    assert pass_at_k(n, c, k) == pytest.approx(_exact(n, c, k), rel=1e-12)


def test_curve_matches_pointwise_estimator() -> None:
    n = np.array([64, 64, 64, 100])
    c = np.array([0, 1, 30, 100])
    curve = pass_at_k_curve(n, c, 64)
    assert curve.shape == (4, 64)
    for k in (1, 2, 17, 64):
        np.testing.assert_allclose(curve[:, k - 1], pass_at_k(n, c, k), atol=1e-13)
    with pytest.raises(ValueError, match="k > n"):
        pass_at_k_curve(n, c, 65)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.booleans(), min_size=1, max_size=9), st.data())
def test_unbiased_equals_mean_over_subsets(verdicts: list[bool], data: st.DataObject) -> None:
    n = len(verdicts)
    k = data.draw(st.integers(min_value=1, max_value=n))
    subsets = list(itertools.combinations(verdicts, k))
    brute = sum(any(s) for s in subsets) / len(subsets)
    assert pass_at_k(n, sum(verdicts), k) == pytest.approx(brute, abs=1e-12)
    assert pass_at_k_curve([n], [sum(verdicts)], n)[0, k - 1] == pytest.approx(brute, abs=1e-12)


def test_empirical_from_verdicts_and_first_success() -> None:
    verdicts = np.array([
        [0, 0, 1, 0],
        [1, 0, 0, 0],
        [0, 0, 0, 0],
    ], dtype=bool)
    fs = first_success_index(verdicts)
    assert fs.tolist() == [2, 0, -1]
    assert empirical_pass_at_k(fs, 1).tolist() == [0.0, 1.0, 0.0]
    assert empirical_pass_at_k(fs, 3).tolist() == [1.0, 1.0, 0.0]
    assert mean_empirical_pass_at_k(fs, 3) == pytest.approx(2 / 3)
    curve = empirical_pass_at_k_curve(fs, 4)
    assert curve.tolist() == [[0, 0, 1, 1], [1, 1, 1, 1], [0, 0, 0, 0]]


def test_empirical_undetermined_beyond_horizon() -> None:
    # Adaptive: problem 0 solved at index 1 (stopped), problem 1 unsolved after 4 samples.
    fs = np.array([1, -1])
    horizon = np.array([2, 4])
    assert empirical_pass_at_k(fs, 1000, horizon)[0] == 1.0  # solved stays solved
    assert np.isnan(empirical_pass_at_k(fs, 5, horizon)[1])
    assert np.isnan(mean_empirical_pass_at_k(fs, 5, horizon))
    assert mean_empirical_pass_at_k(fs, 4, horizon) == 0.5


def test_dataset_mean_unbiased() -> None:
    assert mean_pass_at_k([4, 4], [0, 4], 2) == 0.5
    with pytest.raises(ValueError):
        mean_pass_at_k([4, 1], [0, 1], 2)


def test_marginal_gain() -> None:
    curve = np.linspace(0, 1, 11)  # k = 1..11
    gain = marginal_gain(curve, step=2)
    assert gain.shape == (9,)
    np.testing.assert_allclose(gain, 0.2)
    with pytest.raises(ValueError):
        marginal_gain(curve, step=11)
