"""Base/post pairing, the zero-baseline shortcut from dataset flags, and the exact McNemar test."""

from __future__ import annotations

import json
from fractions import Fraction
from math import comb
from pathlib import Path

import numpy as np
import pytest

from mathbeyond import ConfigError
from mathbeyond.data import Problem, load_problems
from mathbeyond.metrics import (
    compare_paired,
    compare_with_flags,
    find_base_run,
    load_run,
    mcnemar_exact,
    miss_probability,
    remeasure_explanation,
    write_verdict_run,
)


# ---- McNemar: hand-computed values ------------------------------------------------------------
@pytest.mark.parametrize(
    ("b", "c", "one_sided", "two_sided"),
    [
        (5, 0, Fraction(1, 32), Fraction(2, 32)),            # P(X>=5 | n=5) = 1/32
        (7, 1, Fraction(9, 256), Fraction(18, 256)),         # (C(8,7)+C(8,8)) / 2^8
        (3, 3, Fraction(42, 64), Fraction(1)),               # (20+15+6+1) / 64; two-sided caps
        (0, 4, Fraction(1), Fraction(2, 16)),                # P(X>=0) = 1; P(X<=0) = 1/16
        (0, 0, Fraction(1), Fraction(1)),                    # no discordant problem: no evidence
        (10, 2, Fraction(1 + 12 + 66, 4096), Fraction(2 * 79, 4096)),
    ],
)
def test_mcnemar_exact_hand_computed(b: int, c: int, one_sided: Fraction,
                                     two_sided: Fraction) -> None:
    test = mcnemar_exact(b, c)
    assert test.p_value == pytest.approx(float(one_sided), rel=1e-12)
    assert test.p_two_sided == pytest.approx(float(two_sided), rel=1e-12)
    assert test.discordant == b + c


def test_mcnemar_large_counts_exact_and_bounded() -> None:
    test = mcnemar_exact(300, 200)  # 500 discordant: exact integer arithmetic, no overflow
    expected = sum(comb(500, i) for i in range(300, 501)) / 2**500
    assert test.p_value == pytest.approx(expected, rel=1e-9)
    assert 0 < test.p_value < 1e-5
    with pytest.raises(ValueError):
        mcnemar_exact(-1, 2)


def test_miss_probability_and_explanation_numbers() -> None:
    assert miss_probability(1 / 1024, 1024) == pytest.approx(0.36770, abs=1e-4)
    assert miss_probability(0.0, 1024) == 1.0
    text = remeasure_explanation(1024)
    assert "(1 - p)^1024 = 0.37 at p = 1/1024" in text
    assert "noise floor" in text and "--base RUN" in text
    with pytest.raises(ValueError):
        miss_probability(1.5, 3)


# ---- a dataset that records per-model unsolved flags -----------------------------------------
FLAGS = {  # problem -> {model: unsolved}
    0: {"tiny-base": True, "other": False},
    1: {"tiny-base": True, "other": True},
    2: {"tiny-base": True, "other": True},
    3: {"tiny-base": False, "other": True},  # the base solved this one when the flags were made
    4: {"tiny-base": True, "other": False},
}


@pytest.fixture
def flagged(tmp_path: Path) -> Path:
    """An exported-format JSONL (ids kept) whose rows record unsolved flags per model."""
    path = tmp_path / "flagged.jsonl"
    rows = [
        {"id": f"toy/{i}", "problem": f"Q{i}", "answer": str(i), "source": "toy", "topic": None,
         "difficulty": None, "metadata": {"unsolved": flags, "flags_k": 8}}
        for i, flags in FLAGS.items()
    ]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


IDS = [f"toy/{i}" for i in range(5)]
POST = np.array([
    [0, 0, 1, 0],  # toy/0 solved at 2 -> expansion
    [0, 0, 0, 0],  # toy/1 unsolved
    [1, 1, 1, 1],  # toy/2 solved at 0 -> expansion
    [0, 1, 0, 0],  # toy/3 solved, but the flags say the base solved it -> preserved
    [0, 0, 0, 0],  # toy/4 unsolved
], dtype=np.int8)


def _problems(path: Path) -> tuple[Problem, ...]:
    return load_problems(f"file:{path}")


def test_zero_baseline_from_flags(tmp_path: Path, flagged: Path) -> None:
    post = load_run(write_verdict_run(tmp_path / "post", "tiny-post", IDS, POST,
                                      dataset="flagged", split="test"))
    res = compare_with_flags(post, _problems(flagged), 4, base="tiny-base")
    cmp = res.comparison
    assert res.base_model == "tiny-base" and res.flags_k == 8
    assert res.flagged_unsolved == 4
    assert cmp.base_solved == 1 and cmp.post_solved == 3
    assert cmp.expansion.count == 2 and cmp.expansion.total == 5
    assert [(s.problem_id, s.first_success) for s in res.solved] == [("toy/0", 2), ("toy/2", 0)]
    assert cmp.preservation.value == 1.0  # toy/3
    assert "dataset flags, not re-measured" in cmp.base
    data = res.as_dict()
    assert data["base_remeasured"] is False
    assert "noise floor" in data["why_remeasure"]
    assert any("k = 8" in n for n in res.notes)  # flags at k=8, post read at k=4


def test_zero_baseline_on_a_split_named_by_the_base(tmp_path: Path, flagged: Path) -> None:
    """On a split every problem of which the base failed, Expansion = pass@k of the post run."""
    problems = [p for p in _problems(flagged) if p.metadata["unsolved"]["other"]]
    ids = [p.id for p in problems]  # toy/1, toy/2, toy/3
    post = load_run(write_verdict_run(tmp_path / "post", "tiny-post", ids, POST[[1, 2, 3]],
                                      dataset="flagged", split="other"))
    res = compare_with_flags(post, problems, 4)  # base from the split name
    assert res.base_model == "other"
    assert res.comparison.zero_baseline
    assert res.comparison.expansion.value == pytest.approx(2 / 3)  # = pass@4 of the post run
    assert res.comparison.preservation.value is None  # undefined, not 0


def test_zero_baseline_errors_are_one_line(tmp_path: Path, flagged: Path) -> None:
    post = load_run(write_verdict_run(tmp_path / "post", "tiny-post", IDS, POST,
                                      dataset="flagged", split="test"))
    problems = _problems(flagged)
    with pytest.raises(ConfigError, match="no unsolved flags for base 'nope'"):
        compare_with_flags(post, problems, 4, base="nope")
    with pytest.raises(ConfigError, match="--base-model NAME"):
        compare_with_flags(post, problems, 4)  # no base recorded, split 'test' names none
    plain = [Problem(p.id, p.problem, p.answer, p.source) for p in problems]
    with pytest.raises(ConfigError, match="records no per-model unsolved flags"):
        compare_with_flags(post, plain, 4, base="tiny-base")


def test_paired_comparison_reports_fresh_draw_and_mcnemar(tmp_path: Path, flagged: Path) -> None:
    base_mat = np.array([
        [0, 0, 0, 0],  # toy/0 flagged unsolved, fresh draw fails
        [0, 0, 0, 1],  # toy/1 flagged unsolved, fresh draw solves it by chance
        [0, 0, 0, 0],
        [1, 0, 0, 0],  # toy/3 flagged solved, solved again
        [0, 0, 0, 0],
    ], dtype=np.int8)
    base = load_run(write_verdict_run(tmp_path / "base", "tiny-base", IDS, base_mat,
                                      dataset="flagged", split="test"))
    post = load_run(write_verdict_run(tmp_path / "post", "tiny-post", IDS, POST,
                                      dataset="flagged", split="test"))
    res = compare_paired(base, post, 4, problems=_problems(flagged))
    # measured: base R = {1, 3}, post R = {0, 2, 3} -> post-only {0, 2}, base-only {1}
    assert res.comparison.expanded_ids == ("toy/0", "toy/2")
    assert res.comparison.shrunk_ids == ("toy/1",)
    assert (res.mcnemar.post_only, res.mcnemar.base_only) == (2, 1)
    assert res.mcnemar.p_value == pytest.approx(4 / 8)  # P(X >= 2 | n = 3) = (3 + 1) / 8
    assert res.flag_model == "tiny-base"
    assert res.fresh_draw is not None
    assert (res.fresh_draw.count, res.fresh_draw.total) == (1, 4)  # toy/1 of the 4 flagged
    assert res.by_flags is not None and res.by_flags.comparison.expansion.count == 2
    assert res.as_dict()["base_remeasured"] is True

    no_flags = compare_paired(base, post, 4)
    assert no_flags.fresh_draw is None and no_flags.by_flags is None


# ---- finding the base run ---------------------------------------------------------------------
def _run(root: Path, name: str, model: str, split: str = "r1-1.5b",
         dataset: str = "math-beyond") -> Path:
    ids = [f"math-beyond/{i}" for i in range(3)]
    return write_verdict_run(root / name, model, ids, np.zeros((3, 2), dtype=bool),
                             dataset=dataset, split=split)


def test_find_base_run_by_registry_base(tmp_path: Path) -> None:
    runs = tmp_path / "runs"
    post = _run(runs, "deepscaler", "deepscaler-1.5b-preview")
    base = _run(runs, "r1", "r1-1.5b")
    _run(runs, "r1-other-split", "r1-1.5b", split="union")
    _run(runs, "qwen", "qwen2.5-7b")
    assert find_base_run(post, runs) == base


def test_find_base_run_by_recorded_base_model(tmp_path: Path) -> None:
    from mathbeyond.store import read_manifest, write_atomic

    runs = tmp_path / "runs"
    post = _run(runs, "mine", "smollm2-135m")
    manifest = read_manifest(post).model_copy(update={"base_model": "qwen2.5-7b"})
    write_atomic(post / "manifest.json", manifest.model_dump_json(indent=2))
    base = _run(runs, "base", "qwen2.5-7b")
    assert find_base_run(post, runs) == base
    assert find_base_run(post, runs, base_model="Qwen/Qwen2.5-7B") == base  # a Hub id works


def test_find_base_run_errors(tmp_path: Path) -> None:
    runs = tmp_path / "runs"
    post = _run(runs, "deepscaler", "deepscaler-1.5b-preview")
    with pytest.raises(ConfigError, match=r"no run of base 'r1-1.5b'.*\(runs of 'r1-1.5b' on "
                                          r"other data: r1u \(math-beyond:union\)\)"):
        _run(runs, "r1u", "r1-1.5b", split="union")
        find_base_run(post, runs)
    _run(runs, "r1a", "r1-1.5b")
    _run(runs, "r1b", "r1-1.5b")
    with pytest.raises(ConfigError, match=r"2 runs of base 'r1-1.5b'.*r1a, r1b"):
        find_base_run(post, runs)
    lone = _run(tmp_path / "x", "smol", "smollm2-135m")
    with pytest.raises(ConfigError, match="records no base model"):
        find_base_run(lone, runs)
