"""Real shared data: every registered local dataset loads with the documented row counts."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from mathbeyond._errors import ConfigError
from mathbeyond.data import (
    dataset_names,
    get_spec,
    load_dataset,
    load_problems,
    resolve_data_dir,
)
from mathbeyond.models import PROMPT_SUFFIX

COUNTS = {
    "dapo-17k": 17_917,
    "deepscaler-aime": 975,
    "deepscaler-2000": 2_000,
    "deepscaler-100": 100,
    "deepscaler-803": 803,
    "math-train": 7_470,
    "math500": 500,
    "minerva": 272,
    "olympiadbench": 675,
    "amc23": 40,
    "aime24": 30,
    "aime25": 30,
    "deepscaler-test-aime24": 30,
    "deepscaler-test-amc": 83,
    "deepscaler-test-math500": 500,
    "deepscaler-test-minerva": 272,
    "deepscaler-test-olympiadbench": 675,
}


@pytest.mark.parametrize(("name", "rows"), sorted(COUNTS.items()))
def test_row_counts(shared_data: Path, name: str, rows: int) -> None:
    ds = load_dataset(name, data_dir=shared_data)
    assert len(ds) == rows
    problems = ds.split()
    assert len({p.id for p in problems}) == rows
    assert all(p.id.startswith(f"{name}/") for p in problems)
    assert all(p.problem.strip() and p.answer.strip() for p in problems)
    assert ds.origin is not None and ds.origin.startswith(str(shared_data))


def test_names_registered() -> None:
    names = dataset_names()
    assert set(COUNTS) <= set(names)
    assert "math-beyond" in names
    assert get_spec("mathb").name == "math-beyond"
    assert get_spec("dapo").name == "dapo-17k"


def test_dapo(shared_data: Path) -> None:
    started = time.perf_counter()
    problems = load_problems("dapo-17k", data_dir=shared_data)
    elapsed = time.perf_counter() - started
    first = problems[0]
    assert first.id == "dapo-17k/0" and problems[-1].id == "dapo-17k/17916"
    assert first.answer == "34"
    assert first.problem.startswith("In triangle $ABC$")
    assert first.source == "DAPO-17k"
    assert first.metadata["raw_prompt"] == first.problem
    print(f"dapo-17k: {len(problems)} rows in {elapsed:.2f}s")


def test_deepscaler_verl_suffix_stripped(shared_data: Path) -> None:
    problems = load_problems("deepscaler-2000", data_dir=shared_data)
    first = problems[0]
    assert first.id == "deepscaler-2000/13660"
    assert first.answer == r"- \frac{1}{4}"
    assert not first.problem.endswith(PROMPT_SUFFIX)
    assert first.problem.endswith("find $f(2014)$.")
    assert first.metadata["raw_prompt"].endswith(PROMPT_SUFFIX)
    assert all(PROMPT_SUFFIX not in p.problem for p in problems)
    hundred = load_problems("deepscaler-100", data_dir=shared_data)
    assert hundred[0].id == "deepscaler-100/12832" and hundred[0].answer == "96"


def test_benchmark_answers(shared_data: Path) -> None:
    minerva = load_problems("minerva", data_dir=shared_data)
    assert minerva[0].answer == "1.6"
    assert minerva[0].topic is not None
    olympiad = load_problems("olympiadbench", data_dir=shared_data)
    assert olympiad[0].id == "olympiadbench/1606" and olympiad[0].answer == "2"
    assert olympiad[0].metadata["final_answer"] == ["2"]
    assert load_problems("amc23", data_dir=shared_data)[0].answer == "27"
    aime24 = load_problems("aime24", data_dir=shared_data)
    assert aime24[0].id == "aime24/60"
    math500 = load_problems("math500", data_dir=shared_data)
    assert math500[0].topic == "Precalculus" and math500[0].difficulty == "2"
    assert math500[0].metadata["unique_id"] == "test/precalculus/807.json"
    ds_minerva = load_problems("deepscaler-test-minerva", data_dir=shared_data)
    assert ds_minerva[0].metadata["answers"][0] == ds_minerva[0].answer


def test_minerva_matches_solution_box(shared_data: Path) -> None:
    # every gold answer is brace-balanced text from the last \boxed{} of its solution
    for p in load_problems("minerva", data_dir=shared_data):
        assert p.answer.count("{") - p.answer.count("\\{") == p.answer.count(
            "}"
        ) - p.answer.count("\\}")


def test_math_train_skips_only_known_bad_rows(shared_data: Path) -> None:
    problems = load_problems("math-train", data_dir=shared_data)
    ids = {p.id for p in problems}
    assert "math-train/886" not in ids and "math-train/1009" not in ids
    assert "math-train/885" in ids and "math-train/887" in ids


def test_limit_and_split_errors(shared_data: Path) -> None:
    assert len(load_problems("aime25", data_dir=shared_data, limit=3)) == 3
    assert load_problems("aime25:test", data_dir=shared_data, limit=0) == ()
    with pytest.raises(ConfigError, match="no split 'train'"):
        load_problems("aime25:train", data_dir=shared_data)
    with pytest.raises(ConfigError, match="unknown dataset 'nope'"):
        load_problems("nope")
    with pytest.raises(ConfigError, match="limit"):
        load_problems("aime25", data_dir=shared_data, limit=-1)


def test_resolve_data_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("MATHB_DATA_DIR", raising=False)
    assert resolve_data_dir() is None
    monkeypatch.setenv("MATHB_DATA_DIR", str(tmp_path))
    assert resolve_data_dir() == tmp_path
    assert resolve_data_dir("/x/y") == Path("/x/y")


def test_cache(shared_data: Path) -> None:
    assert load_dataset("math500", data_dir=shared_data) is load_dataset(
        "math-500", data_dir=str(shared_data)
    )
