"""verl and TRL reward adapters: shapes, fields, conversational input, threads."""

from __future__ import annotations

import concurrent.futures

import pytest

from mathbeyond import ConfigError
from mathbeyond.rewards import (
    completion_text,
    compute_score,
    compute_score_batch,
    trl_accuracy_reward,
    trl_reward,
)


def boxed(x: object) -> str:
    return f"Adding up, the total is $\\boxed{{{x}}}$."


def chat(text: str) -> list[dict[str, object]]:
    return [{"role": "assistant", "content": text}]


# ------------------------------------------------------------------------------------ verl


def test_verl_compute_score_fields() -> None:
    good = compute_score("math_dapo", boxed(34), "34")
    bad = compute_score("math_dapo", boxed(35), "34", extra_info={"question": "q", "index": 1})
    assert good == {
        "score": 1.0,
        "correct": True,
        "status": "correct",
        "extracted": "34",
        "reason": good["reason"],
        "rule": good["rule"],  # the extraction rule (None until the worker passes it through)
    }
    assert isinstance(good["reason"], str)
    assert bad["score"] == 0.0 and bad["correct"] is False and bad["status"] == "incorrect"
    assert compute_score("x", boxed(7), 7)["score"] == 1.0  # integer ground truth
    assert compute_score("x", boxed(7), "7", timeout=5.0)["score"] == 1.0


def test_verl_rejects_unusable_ground_truth() -> None:
    for gt in (None, 7.0, True, ["7"]):
        with pytest.raises(TypeError, match="ground_truth must be a string"):
            compute_score("x", boxed(7), gt)


def test_verl_batch_matches_single() -> None:
    sols = [boxed(i % 4) for i in range(40)]
    gts: list[object] = [str(i % 3) for i in range(40)]
    batch = compute_score_batch(["s"] * 40, sols, gts, [None] * 40)
    singles = [compute_score("s", s, g) for s, g in zip(sols, gts, strict=True)]
    assert batch == singles
    assert [r["score"] for r in batch] == [float(i % 4 == i % 3) for i in range(40)]


def test_verl_from_threads() -> None:
    def one(i: int) -> float:
        score = compute_score("s", boxed(i), str(i), extra_info={"index": i})["score"]
        return float(score) - float(compute_score("s", boxed(i + 1), str(i))["score"])  # type: ignore[arg-type]

    with concurrent.futures.ThreadPoolExecutor(max_workers=8) as ex:
        assert list(ex.map(one, range(48))) == [1.0] * 48


# ------------------------------------------------------------------------------------- TRL


def test_trl_plain_and_conversational_completions() -> None:
    completions: list[object] = [boxed(3), chat(boxed(3)), boxed(4), chat(boxed(4))]
    rewards = trl_accuracy_reward(completions, answer=["3", "3", "3", 4], prompts=["p"] * 4)
    assert rewards == [1.0, 1.0, 0.0, 1.0]
    assert trl_accuracy_reward.__name__ == "mathbeyond_accuracy"


def test_trl_none_for_unusable_gold() -> None:
    rewards = trl_accuracy_reward([boxed(1)] * 4, answer=["1", None, "", 2.5])
    assert rewards == [1.0, None, None, None]


def test_trl_custom_columns_and_name() -> None:
    fn = trl_reward("solution", question_column="problem", timeout=5.0, name="acc")
    assert fn.__name__ == "acc"
    out = fn([boxed(2), boxed(9)], solution=["2", "2"], problem=["1+1?", None])
    assert out == [1.0, 0.0]
    assert fn([], solution=[], problem=[]) == []


def test_trl_config_errors() -> None:
    with pytest.raises(ConfigError, match=r"no column 'answer'.*'solution'"):
        trl_accuracy_reward([boxed(1)], solution=["1"], prompts=["p"])
    with pytest.raises(ConfigError, match="one value per completion"):
        trl_accuracy_reward([boxed(1), boxed(2)], answer=["1"])
    with pytest.raises(TypeError, match="list of message dicts"):
        trl_accuracy_reward([42], answer=["1"])


def test_completion_text_variants() -> None:
    convo = [
        {"role": "system", "content": "sys"},
        {"role": "assistant", "content": "first"},
        {"role": "user", "content": "more"},
        {
            "role": "assistant",
            "content": [{"type": "text", "text": "a"}, {"type": "text", "text": "b"}],
        },
    ]
    assert completion_text(convo) == "ab"
    assert completion_text([{"content": "no role"}]) == "no role"
    assert completion_text("plain") == "plain"
    with pytest.raises(TypeError, match="no assistant message"):
        completion_text([{"role": "user", "content": "x"}])


def test_trl_from_threads() -> None:
    def one(i: int) -> list[float | None]:
        return trl_accuracy_reward(
            [chat(boxed(i)), boxed(i + 1), boxed(i)], answer=[str(i), str(i), None]
        )

    with concurrent.futures.ThreadPoolExecutor(max_workers=8) as ex:
        assert list(ex.map(one, range(48))) == [[1.0, 0.0, None]] * 48


def test_verl_can_load_the_module_by_file_path() -> None:
    """verl's custom_reward_function.path loads the file as a standalone module."""
    import importlib.util

    from mathbeyond.rewards import _verl

    spec = importlib.util.spec_from_file_location("custom_module", _verl.__file__)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.compute_score("s", boxed(5), "5")["score"] == 1.0
