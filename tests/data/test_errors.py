"""Bad input gives one DataError naming the file and (when it is a row's fault) the row."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from mathbeyond._errors import DataError
from mathbeyond.data import load_dataset, load_problems


def _bench_dir(tmp_path: Path, name: str, lines: list[str]) -> Path:
    target = tmp_path / "benchmarks"
    target.mkdir(parents=True, exist_ok=True)
    (target / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return tmp_path


def _rows(*rows: dict[str, object]) -> list[str]:
    return [json.dumps(r) for r in rows]


def test_missing_column(tmp_path: Path) -> None:
    root = _bench_dir(tmp_path, "math500_test.jsonl", _rows({"problem": "p", "solution": "s"}))
    with pytest.raises(DataError, match=r"missing column\(s\) answer") as info:
        load_dataset("math500", data_dir=root)
    assert info.value.path == str(root / "benchmarks" / "math500_test.jsonl")
    assert info.value.row is None


def test_missing_field_in_one_row(tmp_path: Path) -> None:
    root = _bench_dir(
        tmp_path,
        "aime24_test.jsonl",
        _rows({"id": 1, "problem": "p", "answer": "1"}, {"id": 2, "problem": "q"}),
    )
    with pytest.raises(DataError, match="missing answer") as info:
        load_dataset("aime24", data_dir=root)
    assert info.value.row == 1
    assert "aime24_test.jsonl, row 1" in str(info.value)


def test_empty_answer(tmp_path: Path) -> None:
    root = _bench_dir(tmp_path, "aime25_test.jsonl", _rows({"problem": "p", "answer": "  "}))
    with pytest.raises(DataError, match="empty answer") as info:
        load_dataset("aime25", data_dir=root)
    assert info.value.row == 0


def test_wrong_type(tmp_path: Path) -> None:
    root = _bench_dir(tmp_path, "aime25_test.jsonl", _rows({"problem": ["p"], "answer": "1"}))
    with pytest.raises(DataError, match="'problem' must be a string, got list"):
        load_dataset("aime25", data_dir=root)
    root2 = _bench_dir(
        tmp_path / "b", "aime25_test.jsonl", _rows({"problem": "p", "answer": {"x": 1}})
    )
    with pytest.raises(DataError, match="'answer' must be a string or number, got dict"):
        load_dataset("aime25", data_dir=root2)


def test_olympiad_answer_must_be_list(tmp_path: Path) -> None:
    root = _bench_dir(
        tmp_path,
        "olympiadbench_test.jsonl",
        _rows({"id": 1, "question": "q", "final_answer": "2", "context": None}),
    )
    with pytest.raises(DataError, match="'final_answer' must be a list"):
        load_dataset("olympiadbench", data_dir=root)


def test_olympiad_joins_several_answers(tmp_path: Path) -> None:
    root = _bench_dir(
        tmp_path,
        "olympiadbench_test.jsonl",
        _rows({"id": 7, "question": "q", "final_answer": ["$1$", "$2$"], "context": "ctx"}),
    )
    (p,) = load_problems("olympiadbench", data_dir=root)
    assert p.answer == "$1$, $2$" and p.metadata["final_answer"] == ["$1$", "$2$"]
    assert p.problem == "ctx\n\nq" and p.id == "olympiadbench/7"


def test_minerva_without_box(tmp_path: Path) -> None:
    root = _bench_dir(
        tmp_path,
        "minerva_math_test.jsonl",
        _rows(
            {"problem": "p", "solution": r"$\boxed{1}$", "idx": 0},
            {"problem": "p", "solution": "no box", "idx": 1},
        ),
    )
    with pytest.raises(DataError, match="no complete") as info:
        load_dataset("minerva", data_dir=root)
    assert info.value.row == 1


def test_invalid_jsonl_line(tmp_path: Path) -> None:
    root = _bench_dir(tmp_path, "amc23_test.jsonl", ['{"problem": "p", "answer": 1}', "{oops"])
    with pytest.raises(DataError, match="invalid JSON on line 2") as info:
        load_dataset("amc23", data_dir=root)
    assert info.value.row == 1


def test_json_not_a_list(tmp_path: Path) -> None:
    target = tmp_path / "pools" / "deepscaler"
    target.mkdir(parents=True)
    (target / "deepscaler_subset803.json").write_text('{"problem": "p"}')
    with pytest.raises(DataError, match="expected a JSON list"):
        load_dataset("deepscaler-803", data_dir=tmp_path)


def test_json_record_not_object(tmp_path: Path) -> None:
    target = tmp_path / "pools" / "deepscaler"
    target.mkdir(parents=True)
    (target / "deepscaler_subset803.json").write_text('[{"problem": "p", "answer": "1"}, 3]')
    with pytest.raises(DataError, match="expected an object") as info:
        load_dataset("deepscaler-803", data_dir=tmp_path)
    assert info.value.row == 1


def test_corrupt_parquet(tmp_path: Path) -> None:
    target = tmp_path / "pools"
    target.mkdir()
    (target / "dapo_math_17k.parquet").write_bytes(b"PAR1 not really parquet")
    with pytest.raises(DataError, match="cannot read parquet file") as info:
        load_dataset("dapo-17k", data_dir=tmp_path)
    assert info.value.path == str(target / "dapo_math_17k.parquet")


def test_unreadable_bytes(tmp_path: Path) -> None:
    root = tmp_path / "benchmarks"
    root.mkdir()
    (root / "aime25_test.jsonl").write_bytes(b"\xff\xfe\x00bad")
    with pytest.raises(DataError, match="cannot read file"):
        load_dataset("aime25", data_dir=tmp_path)


def _verl_table(prompts: list[object], answers: list[object]) -> pa.Table:
    return pa.table(
        {
            "data_source": ["x"] * len(prompts),
            "prompt": prompts,
            "reward_model": [{"ground_truth": a, "style": "rule"} for a in answers],
            "extra_info": [{"index": i} for i in range(len(prompts))],
        }
    )


def test_verl_prompt_without_user(tmp_path: Path) -> None:
    target = tmp_path / "pools"
    target.mkdir()
    table = _verl_table(
        [[{"role": "user", "content": "q1"}], [{"role": "system", "content": "sys"}]], ["1", "2"]
    )
    pq.write_table(table, target / "dapo_math_17k.parquet")
    with pytest.raises(DataError, match="no user message") as info:
        load_dataset("dapo-17k", data_dir=tmp_path)
    assert info.value.row == 1


def test_verl_template_is_stripped(tmp_path: Path) -> None:
    from mathbeyond.data._text import DAPO_PREFIX, DAPO_SUFFIX

    target = tmp_path / "pools"
    target.mkdir()
    raw = f"{DAPO_PREFIX}\n\nWhat is $1+1$?\n\n{DAPO_SUFFIX}"
    table = _verl_table(
        [[{"role": "system", "content": "s"}, {"role": "user", "content": raw}]], ["2"]
    )
    pq.write_table(table, target / "dapo_math_17k.parquet")
    (p,) = load_problems("dapo-17k", data_dir=tmp_path)
    assert p.problem == "What is $1+1$?" and p.metadata["raw_prompt"] == raw
    assert p.answer == "2" and p.id == "dapo-17k/0" and p.source == "x"


def test_duplicate_ids(tmp_path: Path) -> None:
    root = _bench_dir(
        tmp_path,
        "amc23_test.jsonl",
        _rows({"id": 3, "problem": "p", "answer": 1}, {"id": 3, "problem": "q", "answer": 2}),
    )
    with pytest.raises(DataError, match="duplicate problem id 'amc23/3'") as info:
        load_dataset("amc23", data_dir=root)
    assert info.value.row == 1


def test_unknown_file_type_and_missing_file(tmp_path: Path) -> None:
    odd = tmp_path / "x.txt"
    odd.write_text("hi")
    with pytest.raises(DataError, match="unsupported file type"):
        load_problems(f"file:{odd}")
    with pytest.raises(DataError, match="file not found"):
        load_problems(f"file:{tmp_path / 'absent.parquet'}")


def test_unrecognised_layout(tmp_path: Path) -> None:
    path = tmp_path / "weird.jsonl"
    path.write_text('{"a": 1}\n')
    with pytest.raises(DataError, match="unrecognised layout"):
        load_problems(str(path))
