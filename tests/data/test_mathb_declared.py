"""MATH-B files whose model columns are declared by a build manifest (user-named models)."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from mathbeyond import DataError
from mathbeyond.data import load_file, load_problems

# (problem, {model: solved})
ROWS = (
    ("p0", {"olmo3-base": False, "olmo3-rl": False, "my_sft": False}),
    ("p1", {"olmo3-base": False, "olmo3-rl": True, "my_sft": True}),
    ("p2", {"olmo3-base": True, "olmo3-rl": False, "my_sft": False}),
)
DECLARED = [
    {"name": "olmo3-base", "column": "olmo3-base", "base": True},
    {"name": "olmo3-rl", "column": "olmo3-rl", "base": False},
    {"name": "my_sft", "column": "my_sft", "base": False},
]


def _write(folder: Path, declared: object = DECLARED, extra_column: str | None = None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    data: dict[str, list[object]] = {
        "problem": [r[0] for r in ROWS], "answer": ["1", "2", "3"],
        "data_source": ["x"] * 3, "topic": [None] * 3, "difficulty": [None] * 3,
    }
    for m in ("olmo3-base", "olmo3-rl", "my_sft"):
        data[f"{m}_pass@1024"] = [1.0 if r[1][m] else 0.0 for r in ROWS]
        data[f"{m}_unsolved"] = [not r[1][m] for r in ROWS]
    if extra_column:
        data[f"{extra_column}_unsolved"] = [True] * 3
        data[f"{extra_column}_pass@1024"] = [0.0] * 3
    path = folder / "test.parquet"
    pq.write_table(pa.table(data), path)
    if declared is not None:
        (folder / "build_manifest.json").write_text(json.dumps({"models": declared}))
    return path


def test_declared_models_give_splits_by_their_names(tmp_path: Path) -> None:
    path = _write(tmp_path / "ds")
    ds = load_file(path)
    assert [p.problem for p in ds.split("union")] == ["p0", "p1", "p2"]
    assert [p.problem for p in ds.split("intersection")] == ["p0", "p1"]  # base: olmo3-base
    assert [p.problem for p in ds.split("intersection_all")] == ["p0"]
    assert [p.problem for p in ds.split("my_sft")] == ["p0", "p2"]
    assert ds.split("union")[1].metadata["unsolved"] == {
        "olmo3-base": True, "olmo3-rl": False, "my_sft": False}
    assert [p.problem for p in load_problems(f"file:{path}:olmo3-rl")] == ["p0", "p2"]


def test_undeclared_model_columns_are_refused(tmp_path: Path) -> None:
    with pytest.raises(DataError, match=r"'olmo3-base' is not a known MATH-B model"):
        load_file(_write(tmp_path / "none", declared=None))
    with pytest.raises(DataError, match=r"'mystery' is not a known MATH-B model or declared"):
        load_file(_write(tmp_path / "extra", extra_column="mystery"))


def test_registry_columns_may_sit_next_to_declared_ones(tmp_path: Path) -> None:
    ds = load_file(_write(tmp_path / "mix", extra_column="qwen3_8b_base"))
    assert "qwen3-8b-base" in ds.split("union")[0].metadata["unsolved"]


def test_declared_but_missing_column_names_it(tmp_path: Path) -> None:
    declared = [*DECLARED, {"name": "ghost", "column": "ghost", "base": True}]
    with pytest.raises(DataError, match=r"missing column.*ghost_unsolved"):
        load_file(_write(tmp_path / "ghost", declared=declared))


@pytest.mark.parametrize(
    ("declared", "needle"),
    [
        ([], "non-empty list"),
        ([{"name": 3}], "needs string 'name'"),
        ([{"name": "a", "base": "yes"}], "base must be true or false"),
        ([{"name": "a"}, {"name": "a"}], "declared twice"),
    ],
)
def test_bad_declaration_is_one_error(tmp_path: Path, declared: object, needle: str) -> None:
    with pytest.raises(DataError, match=needle) as exc:
        load_file(_write(tmp_path / "bad", declared=declared))
    assert "build_manifest.json" in str(exc.value) and "\n" not in str(exc.value)
