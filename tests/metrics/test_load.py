"""Reading stored runs (written through the store API)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from mathbeyond.metrics import load_run, pass_curves, write_verdict_run


def test_round_trip_fixed_run(tmp_path: Path) -> None:
    ids = ["b", "a", "c"]
    mat = np.array([[0, 1, 0], [1, 1, 1], [0, 0, 0]], dtype=np.int8)
    write_verdict_run(tmp_path / "r", "r1-1.5b", ids, mat, dataset="math-beyond")
    run = load_run(tmp_path / "r")
    assert run.problem_ids == ("a", "b", "c")
    assert run.first_success.tolist() == [0, 1, -1]
    assert run.n.tolist() == [3, 3, 3]
    assert run.c.tolist() == [3, 1, 0]
    assert run.label == "r1-1.5b" and run.target_k == 3 and run.dataset == "math-beyond"


def test_adaptive_run_uses_only_fixed_samples(tmp_path: Path) -> None:
    # min_samples=2, then stop at first success; -1 = never drawn.
    mat = np.array([
        [0, 0, 0, 1, -1, -1],  # solved at 3
        [1, 0, -1, -1, -1, -1],  # solved at 0 but still drew the 2 fixed samples
        [0, 0, 0, 0, 0, 0],  # unsolved after target_k=6
    ], dtype=np.int8)
    write_verdict_run(tmp_path / "r", "m", ["x", "y", "z"], mat, adaptive=True, min_samples=2)
    run = load_run(tmp_path / "r")
    assert run.adaptive
    assert run.n.tolist() == [2, 2, 2]
    assert run.c.tolist() == [0, 1, 0]
    assert run.max_unbiased_k == 2
    assert run.max_empirical_k == 6
    curve = pass_curves(run, n_resamples=20)
    assert curve.empirical.estimate[5] == pytest.approx(2 / 3)
    assert np.isnan(curve.unbiased.estimate[2])
    assert not np.isnan(curve.unbiased.estimate[1])


def test_unscored_samples_end_the_horizon(tmp_path: Path) -> None:
    from mathbeyond.store import RunManifest, RunStore, SampleRecord

    manifest = RunManifest(run_id="r", created_at="now", model="m", backend="x", preset={},
                           prompt_template="{problem}", dataset="d", k=4, seed=0)
    verdicts = [False, False, None, True]  # sample 2 drawn but not scored yet
    with RunStore.create_or_resume(tmp_path / "r", manifest) as store:
        store.add_samples(
            SampleRecord(run_id="r", problem_id="x", sample_index=i, seed=0, text="t",
                         n_tokens=1, finish_reason="stop", correct=v)
            for i, v in enumerate(verdicts)
        )
    run = load_run(tmp_path / "r")
    assert run.horizon.tolist() == [2]
    assert run.first_success.tolist() == [3]
    assert run.n.tolist() == [3] and run.c.tolist() == [1]
    curve = pass_curves(run, 4, n_resamples=10)
    assert curve.empirical.estimate[1] == 0.0
    assert np.isnan(curve.empirical.estimate[2])  # unknown: sample 2 might be correct
    assert curve.empirical.estimate[3] == 1.0


def test_missing_run_dir_is_data_error(tmp_path: Path) -> None:
    from mathbeyond._errors import DataError

    with pytest.raises(DataError):
        load_run(tmp_path / "nope")
