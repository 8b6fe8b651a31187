"""`mathb compare`: base found by the recorded base relation, the zero-baseline shortcut from a
dataset's unsolved flags, and the paired test under a measured comparison."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from mathbeyond._errors import ConfigError
from mathbeyond.cli import cli
from mathbeyond.metrics import write_verdict_run
from mathbeyond.store import read_manifest, write_atomic

IDS = [f"toy/{i}" for i in range(4)]
POST = np.array([[0, 1], [0, 0], [1, 1], [0, 0]], dtype=np.int8)  # solves toy/0, toy/2
BASE = np.array([[0, 0], [0, 1], [0, 0], [0, 0]], dtype=np.int8)  # fresh draw solves toy/1


@pytest.fixture
def flagged(tmp_path: Path) -> Path:
    """A dataset (exported JSONL, ids kept) every row of which the model 'tiny-base' failed."""
    path = tmp_path / "split.jsonl"
    rows = [
        {"id": pid, "problem": f"What is {i} + {i}?", "answer": str(2 * i), "source": "toy",
         "topic": None, "difficulty": None,
         "metadata": {"unsolved": {"tiny-base": True}, "pass@1024": {"tiny-base": 0}}}
        for i, pid in enumerate(IDS)
    ]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def _run(root: Path, name: str, model: str, mat: np.ndarray, origin: Path,
         base: str | None = None) -> Path:
    run = write_verdict_run(root / name, model, IDS, mat, dataset="split", split="all")
    manifest = read_manifest(run).model_copy(
        update={"dataset_origin": str(origin), "base_model": base}
    )
    write_atomic(run / "manifest.json", manifest.model_dump_json(indent=2))
    return run


def _invoke(args: list[str]) -> str:
    result = CliRunner().invoke(cli, args, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def test_zero_baseline_shortcut_says_base_not_remeasured(tmp_path: Path, flagged: Path) -> None:
    post = _run(tmp_path / "runs", "mine", "tiny-post", POST, flagged, base="tiny-base")
    text = _invoke(["compare", "--post", str(post)])
    flat = " ".join(text.split())
    assert "base NOT re-measured" in flat
    assert "at k = 1024" in flat and "4 of 4 problems flagged unsolved by tiny-base" in flat
    assert "Expansion 50.00%" in flat and "(2/4)" in flat
    assert "= pass@2 of the post model" in flat
    assert "toy/0 first correct sample #1 What is 0 + 0?" in flat
    assert "toy/2 first correct sample #0" in flat
    assert "(1 - p)^1024 = 0.37 at p = 1/1024" in flat and "noise floor" in flat

    data = json.loads(_invoke(["compare", "--post", str(post), "--json"]))
    assert data["base_remeasured"] is False
    assert data["comparison"]["expansion"]["value"] == 0.5
    assert [s["problem_id"] for s in data["solved"]] == ["toy/0", "toy/2"]


def test_runs_dir_finds_the_recorded_base_and_adds_the_paired_test(
    tmp_path: Path, flagged: Path
) -> None:
    runs = tmp_path / "runs"
    post = _run(runs, "mine", "tiny-post", POST, flagged, base="tiny-base")
    _run(runs, "base", "tiny-base", BASE, flagged)
    data = json.loads(_invoke(["compare", "--post", str(post), "--runs", str(runs), "--json"]))
    assert data["base"] == "tiny-base" and data["expanded_ids"] == ["toy/0", "toy/2"]
    assert data["mcnemar"]["post_only"] == 2 and data["mcnemar"]["base_only"] == 1
    assert data["mcnemar"]["p_value_one_sided"] == pytest.approx(0.5)  # (3 + 1) / 8
    assert data["fresh_draw"]["count"] == 1 and data["fresh_draw"]["total"] == 4
    assert data["by_flags"]["comparison"]["expansion"]["count"] == 2

    flat = " ".join(_invoke(["compare", "--post", str(post), "--runs", str(runs)]).split())
    assert "exact McNemar, one-sided" in flat and "p = 0.5" in flat
    assert "fresh-draw rate of the base: 25.00%" in flat and "noise floor" in flat


def test_no_base_and_no_flags_is_one_line(tmp_path: Path) -> None:
    plain = tmp_path / "plain.jsonl"
    plain.write_text("".join(json.dumps({"problem": f"Q{i}", "answer": str(i)}) + "\n"
                             for i in range(4)))
    post = _run(tmp_path / "runs", "mine", "tiny-post", POST, plain)
    result = CliRunner().invoke(cli, ["compare", "--post", str(post)])
    assert isinstance(result.exception, ConfigError)  # main() prints it as one line
    assert "records no per-model unsolved flags" in str(result.exception)
    assert "--base RUN" in str(result.exception)
    missing = CliRunner().invoke(cli, ["compare", "--post", str(post), "--runs", str(tmp_path)])
    assert isinstance(missing.exception, ConfigError)
    assert "records no base model" in str(missing.exception)
