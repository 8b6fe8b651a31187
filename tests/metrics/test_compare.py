"""Reachable sets and the Expansion/Shrinkage/Preservation/Consolidation decomposition."""

from __future__ import annotations

import logging

import numpy as np
import pytest

from mathbeyond.metrics import (
    RunVerdicts,
    align,
    compare,
    expansion_curve,
    pass_curves,
    r1_mask,
    reachable_set,
)

IDS = ["p0", "p1", "p2", "p3", "p4"]


def _run(label: str, rows: list[list[int]], ids: list[str] = IDS) -> RunVerdicts:
    return RunVerdicts.from_matrix(ids, np.array(rows, dtype=np.int8), label=label)


BASE = _run("base", [
    [1, 0, 0, 0],  # p0 solved at 0
    [0, 0, 1, 0],  # p1 solved at 2
    [0, 0, 0, 0],  # p2 unsolved
    [0, 0, 0, 1],  # p3 solved at 3
    [0, 0, 0, 0],  # p4 unsolved
])
POST = _run("post", [
    [1, 1, 1, 1],  # p0 preserved, R_1
    [0, 1, 0, 0],  # p1 preserved, not R_1 (first), not majority
    [0, 0, 0, 1],  # p2 expanded at k=4
    [0, 0, 0, 0],  # p3 shrunk
    [0, 0, 0, 0],  # p4 still unsolved
])


def test_reachable_sets() -> None:
    assert reachable_set(BASE, 1) == {"p0"}
    assert reachable_set(BASE, 4) == {"p0", "p1", "p3"}
    assert reachable_set(POST, 4) == {"p0", "p1", "p2"}


def test_hand_computed_decomposition() -> None:
    res = compare(BASE, POST, 4)
    assert res.n_problems == 5
    assert res.base_solved == 3 and res.base_unsolved == 2
    assert res.expansion.value == pytest.approx(1 / 5)
    assert res.shrinkage.value == pytest.approx(1 / 5)
    assert res.preservation.value == pytest.approx(2 / 3)
    assert res.consolidation.value == pytest.approx(1 / 2)  # p0 of {p0, p1}
    assert res.expanded_ids == ("p2",)
    assert res.shrunk_ids == ("p3",)
    assert not res.zero_baseline
    assert res.as_dict()["r1"] == "first"


def test_at_k2_differs() -> None:
    res = compare(BASE, POST, 2)
    # base R_2 = {p0}; post R_2 = {p0, p1}
    assert res.expansion.count == 1 and res.expanded_ids == ("p1",)
    assert res.shrinkage.count == 0
    assert res.preservation.value == 1.0


def test_r1_majority() -> None:
    assert r1_mask(POST, "majority").tolist() == [True, False, False, False, False]
    res = compare(BASE, POST, 4, r1="majority")
    assert res.consolidation.value == pytest.approx(1 / 2)
    assert "mean accuracy" in res.as_dict()["r1_definition"]
    with pytest.raises(ValueError):
        r1_mask(POST, "sometimes")  # type: ignore[arg-type]


def test_identical_runs() -> None:
    res = compare(BASE, BASE, 4)
    assert res.expansion.value == 0.0
    assert res.shrinkage.value == 0.0
    assert res.preservation.value == 1.0


def test_all_correct_and_none_correct() -> None:
    all_ok = _run("all", [[1] * 4] * 5)
    none_ok = _run("none", [[0] * 4] * 5)
    up = compare(none_ok, all_ok, 4)
    assert up.expansion.value == 1.0 and up.zero_baseline
    down = compare(all_ok, none_ok, 4)
    assert down.shrinkage.value == 1.0
    assert down.preservation.value == 0.0
    assert down.consolidation.value is None  # nothing preserved: undefined, not 0


def test_zero_baseline_expansion_is_pass_at_k() -> None:
    none_ok = _run("base", [[0] * 4] * 5)
    res = compare(none_ok, POST, 4)
    assert res.zero_baseline
    assert res.expansion.value == pytest.approx(
        float(pass_curves(POST, 4).empirical.estimate[3])
    )
    assert res.preservation.value is None and not res.preservation.defined
    assert res.consolidation.value is None
    assert res.as_dict()["preservation"]["defined"] is False
    assert any("zero baseline" in n for n in res.notes)


def test_shrinkage_case() -> None:
    base = _run("base", [[1, 1], [1, 0], [0, 1]], ["a", "b", "c"])
    post = _run("post", [[1, 0], [0, 0], [0, 0]], ["a", "b", "c"])
    res = compare(base, post, 2)
    assert res.shrinkage.value == pytest.approx(2 / 3)
    assert res.shrunk_ids == ("b", "c")
    assert res.expansion.value == 0.0
    assert res.preservation.value == pytest.approx(1 / 3)
    assert res.consolidation.value == 1.0


def test_k_beyond_observed_samples_raises() -> None:
    with pytest.raises(ValueError, match="fewer than"):
        compare(BASE, POST, 5)


def test_alignment_by_problem_id(caplog: pytest.LogCaptureFixture) -> None:
    other = _run("other", [[0, 1], [1, 1], [0, 0]], ["p2", "p0", "zz"])
    with caplog.at_level(logging.WARNING):
        a, b = align(BASE, other)
    assert a.problem_ids == b.problem_ids == ("p0", "p2")
    assert "dropped" in caplog.text
    res = compare(BASE, other, 2)
    assert res.n_problems == 2
    assert set(res.dropped_ids) == {"p1", "p3", "p4", "zz"}


def test_adaptive_run_first_success() -> None:
    # Adaptive: stops at the first success; unsolved problems ran to target_k=1024.
    run = RunVerdicts.from_first_success(
        ["a", "b", "c"], [0, 700, -1], [1, 701, 1024], label="adaptive", target_k=1024
    )
    assert run.max_empirical_k == 1024
    assert run.max_unbiased_k == 0
    assert reachable_set(run, 1024) == {"a", "b"}
    assert reachable_set(run, 700) == {"a"}
    curve = pass_curves(run, 1024, n_resamples=50)
    assert np.isnan(curve.unbiased.estimate).all()
    assert curve.empirical.estimate[-1] == pytest.approx(2 / 3)
    assert any("adaptive" in n for n in curve.notes())


def test_expansion_curve_paired_bootstrap() -> None:
    curve = expansion_curve(BASE, POST, n_resamples=200, seed=1)
    assert curve.ks.tolist() == [1, 2, 3, 4]
    # Expansion(k): k=1 {}, k=2 {p1}, k=3 {} (base reaches p1), k=4 {p2}
    np.testing.assert_allclose(curve.expansion.estimate, [0, 0.2, 0, 0.2])
    np.testing.assert_allclose(curve.shrinkage.estimate, [0, 0, 0, 0.2])
    assert np.all(curve.expansion.low <= curve.expansion.estimate)
    again = expansion_curve(BASE, POST, n_resamples=200, seed=1)
    np.testing.assert_array_equal(curve.expansion.high, again.expansion.high)
