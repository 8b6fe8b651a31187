"""Export to parquet / JSONL and re-import: the same problems, ids and metadata."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from mathbeyond._errors import ConfigError
from mathbeyond.data import export_problems, load_dataset, load_problems


def _same(a: tuple[object, ...], b: tuple[object, ...]) -> None:
    assert a == b
    assert [p.metadata for p in a] == [p.metadata for p in b]  # type: ignore[attr-defined]


@pytest.mark.parametrize("fmt", ["parquet", "jsonl"])
def test_mathb_split_round_trip(mathb_dir: Path, tmp_path: Path, fmt: str) -> None:
    original = load_problems("mathb:intersection", data_dir=mathb_dir)
    out = export_problems(original, tmp_path / f"mbi.{fmt}", info={"split": "intersection"})
    again = load_problems(str(out))
    _same(original, again)
    assert again[0].id == "math-beyond/0"
    assert again[0].metadata["unsolved"]["qwen3-8b-base"] is True
    assert load_problems(f"file:{out}:all") == again


def test_real_benchmark_round_trip(shared_data: Path, tmp_path: Path) -> None:
    for name in ("olympiadbench", "deepscaler-2000", "math500"):
        original = load_problems(name, data_dir=shared_data)
        out = export_problems(original, tmp_path / f"{name}.parquet", "parquet")
        _same(original, load_problems(f"file:{out}"))


def test_parquet_carries_info(tmp_path: Path, mathb_dir: Path) -> None:
    problems = load_problems("mathb", data_dir=mathb_dir, limit=2)
    out = export_problems(problems, tmp_path / "x.parquet", info={"dataset": "math-beyond"})
    meta = json.loads(pq.read_schema(out).metadata[b"mathbeyond"])
    assert meta["format"] == "mathbeyond.problems/v1" and meta["dataset"] == "math-beyond"
    assert load_dataset(str(out)).revision.startswith("sha256:")


def test_bad_format(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="unknown export format 'csv'"):
        export_problems((), tmp_path / "x.csv")


def test_exported_bad_metadata(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    row = {
        "id": "a/0",
        "problem": "p",
        "answer": "1",
        "source": "s",
        "topic": None,
        "difficulty": None,
        "metadata": "{not json",
    }
    path.write_text(json.dumps(row) + "\n")
    from mathbeyond._errors import DataError

    with pytest.raises(DataError, match="'metadata' is not valid JSON") as info:
        load_problems(str(path))
    assert info.value.row == 0
