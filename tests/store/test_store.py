"""Run directory: uniqueness, resume, manifest checks, export, read-only access."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pandas as pd
import pyarrow.parquet as pq
import pytest

from mathbeyond import ConfigError, DataError
from mathbeyond.store import (
    ProblemState,
    RunManifest,
    RunStore,
    SampleRecord,
    ScoreUpdate,
    open_run,
)


def _manifest(**changes: object) -> RunManifest:
    base: dict[str, object] = dict(
        run_id="run-1",
        created_at="2026-01-01T00:00:00Z",
        model="smollm2-135m",
        backend="fake",
        preset={"temperature": 0.6, "top_p": 0.95, "max_tokens": 64, "top_k": 0, "min_p": 0.0},
        prompt_template="t1",
        dataset="math500",
        split="test",
        k=4,
        seed=0,
    )
    base.update(changes)
    return RunManifest.model_validate(base)


def _rec(pid: str, idx: int, text: str = "x", run_id: str = "run-1") -> SampleRecord:
    return SampleRecord(
        run_id=run_id, problem_id=pid, sample_index=idx, seed=100 + idx, text=text,
        n_tokens=len(text), finish_reason="stop",
    )


def test_add_is_unique_and_sorted(tmp_path: Path) -> None:
    with RunStore.create_or_resume(tmp_path / "r", _manifest()) as store:
        assert store.add_samples([_rec("b", 1), _rec("a", 2), _rec("a", 0)]) == 3
        # duplicates (same problem, index) are ignored, never stored twice
        assert store.add_samples([_rec("a", 0, "other"), _rec("b", 0)]) == 1
        assert store.existing_indices() == {"a": {0, 2}, "b": {0, 1}}
        table = store.samples()
    assert table.num_rows == 4
    pids, idxs = table["problem_id"].to_pylist(), table["sample_index"].to_pylist()
    keys = list(zip(pids, idxs, strict=True))
    assert keys == [("a", 0), ("a", 2), ("b", 0), ("b", 1)]
    assert table["text"].to_pylist()[0] == "x"  # first write wins


def test_resume_keeps_rows_and_manifest(tmp_path: Path) -> None:
    with RunStore.create_or_resume(tmp_path, _manifest()) as store:
        store.add_samples([_rec("a", 0)])
    # a different run_id/created_at (e.g. new process) still resumes the stored run
    with RunStore.create_or_resume(tmp_path, _manifest(created_at="later")) as store:
        assert store.manifest.created_at == "2026-01-01T00:00:00Z"
        store.add_samples([_rec("a", 1)])
    assert open_run(tmp_path).samples(["sample_index"]).column(0).to_pylist() == [0, 1]


@pytest.mark.parametrize(
    ("field", "value"),
    [("model", "qwen3-4b"), ("k", 8), ("seed", 1), ("adaptive", True), ("split", "train"),
     ("prompt_template", "t2"), ("backend", "vllm")],
)
def test_manifest_mismatch_names_field(tmp_path: Path, field: str, value: object) -> None:
    RunStore.create_or_resume(tmp_path, _manifest()).close()
    with pytest.raises(ConfigError, match=rf"\({field}: stored"):
        RunStore.create_or_resume(tmp_path, _manifest(**{field: value}))


def test_preset_mismatch(tmp_path: Path) -> None:
    RunStore.create_or_resume(tmp_path, _manifest()).close()
    other = dict(_manifest().preset, temperature=1.0)
    with pytest.raises(ConfigError, match="preset"):
        RunStore.create_or_resume(tmp_path, _manifest(preset=other))


def test_corrupt_manifest_is_one_clear_error(tmp_path: Path) -> None:
    with RunStore.create_or_resume(tmp_path, _manifest()) as store:
        store.add_samples([_rec("a", 0)])
    (tmp_path / "manifest.json").write_text("{not json")
    with pytest.raises(DataError, match=r"manifest.json: malformed manifest"):
        open_run(tmp_path)
    with pytest.raises(DataError, match=r"manifest\.json"):
        RunStore.create_or_resume(tmp_path, _manifest())
    data = _manifest().model_dump()
    del data["model"]
    (tmp_path / "manifest.json").write_text(json.dumps(data))
    with pytest.raises(DataError, match="model: Field required"):
        open_run(tmp_path)
    # the stored samples were not touched
    conn = sqlite3.connect(tmp_path / "samples.sqlite")
    assert conn.execute("SELECT COUNT(*) FROM samples").fetchone()[0] == 1


def test_missing_manifest_with_rows_refuses(tmp_path: Path) -> None:
    with RunStore.create_or_resume(tmp_path, _manifest()) as store:
        store.add_samples([_rec("a", 0)])
    (tmp_path / "manifest.json").unlink()
    with pytest.raises(DataError, match=r"manifest\.json is missing"):
        RunStore.create_or_resume(tmp_path, _manifest())


def test_open_run_errors(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="no such run directory"):
        open_run(tmp_path / "nope")
    with pytest.raises(DataError, match="not a run directory"):
        open_run(tmp_path)


def test_read_only_and_lock(tmp_path: Path) -> None:
    writer = RunStore.create_or_resume(tmp_path, _manifest())
    writer.add_samples([_rec("a", 0)])
    with pytest.raises(ConfigError, match="another process"):
        RunStore.create_or_resume(tmp_path, _manifest())
    reader = open_run(tmp_path)  # readers work while a writer holds the run
    assert reader.samples().num_rows == 1
    with pytest.raises(ConfigError, match="read-only"):
        reader.add_samples([_rec("a", 1)])
    writer.close()
    reader.close()


def test_foreign_run_id_rejected(tmp_path: Path) -> None:
    with RunStore.create_or_resume(tmp_path, _manifest()) as store, pytest.raises(ConfigError):
        store.add_samples([_rec("a", 0, run_id="other")])


def test_scores_and_states(tmp_path: Path) -> None:
    with RunStore.create_or_resume(tmp_path, _manifest()) as store:
        store.add_samples([_rec("a", 0), _rec("a", 1)])
        n = store.update_scores([ScoreUpdate("a", 1, True, "correct", "4", "v2")])
        assert n == 1
        store.upsert_problem_states([ProblemState(problem_id="a", gold="4", target_k=4)])
        store.upsert_problem_states(
            [ProblemState(problem_id="a", gold="4", target_k=4, launched=2, finished=2,
                          first_success=1, question="2+2?")]
        )
    run = open_run(tmp_path)
    table = run.samples(["sample_index", "correct", "verifier_version", "text"])
    assert table.column_names == ["sample_index", "correct", "verifier_version", "text"]
    assert table["correct"].to_pylist() == [None, True]
    assert table["text"].to_pylist() == ["x", "x"]  # only score columns changed
    (state,) = run.problem_states()
    assert (state.launched, state.finished, state.first_success) == (2, 2, 1)
    with pytest.raises(ConfigError, match="unknown sample column"):
        run.samples(["nope"])


def test_transaction_is_atomic(tmp_path: Path) -> None:
    with RunStore.create_or_resume(tmp_path, _manifest()) as store:
        with pytest.raises(RuntimeError), store.transaction():
            store.add_samples([_rec("a", 0)])
            raise RuntimeError("crash mid-batch")
        assert store.count_samples() == 0


def test_export_parquet_readable(tmp_path: Path) -> None:
    with RunStore.create_or_resume(tmp_path / "r", _manifest()) as store:
        store.add_samples([_rec(f"p{i % 3}", i, "t" * i) for i in range(10)])
        store.update_scores([ScoreUpdate("p0", 0, False, "incorrect", None, "v1")])
        out = store.export_parquet(tmp_path / "out" / "samples.parquet")
    table = pq.read_table(out)
    assert table.num_rows == 10
    frame = pd.read_parquet(out)
    assert list(frame.columns) == list(SampleRecord.model_fields)
    assert frame.loc[0, "correct"] == False  # noqa: E712 - nullable bool
    assert frame["correct"].isna().sum() == 9
    # round trip into the record type
    SampleRecord.model_validate(frame.iloc[0].where(frame.iloc[0].notna(), None).to_dict())
