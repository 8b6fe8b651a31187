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


# ----------------------------------------------------------------- current trainer interfaces


def test_verl_reward_loop_kwargs_are_accepted_and_ignored() -> None:
    """verl's reward loop passes reward_router_address / reward_model_tokenizer; reward_kwargs
    (timeout, workers) arrive as keywords too."""
    out = compute_score(
        data_source="math",
        solution_str=boxed(12),
        ground_truth="12",
        extra_info={"question": "q"},
        reward_router_address=None,
        reward_model_tokenizer=None,
        timeout=3.0,
        workers=1,
    )
    assert out["score"] == 1.0
    batch = compute_score_batch(["m"], [boxed(1)], ["2"], None, workers=2, unknown=1)
    assert batch[0]["score"] == 0.0 and batch[0]["status"] == "incorrect"


def test_verl_batch_in_batch_reward_manager_call_form() -> None:
    """verl's BatchRewardManager (as run in tests/integrations/test_trainers.py) passes keywords:
    ``data_sources`` a numpy object array, ``ground_truths`` read from parquet rows (numpy
    strings and integers), ``extra_infos`` a numpy array of dicts with rollout_reward_scores."""
    import numpy as np

    out = compute_score_batch(
        data_sources=np.array(["m", "m", "m"], dtype=object),
        solution_strs=[boxed(3), boxed(4), boxed(5)],
        ground_truths=[np.str_("3"), np.int64(3), "5"],
        extra_infos=np.array(
            [{"question": "q", "rollout_reward_scores": {}}, {"index": 1}, None], dtype=object
        ),
    )
    assert [r["score"] for r in out] == [1.0, 0.0, 1.0]


def test_verl_async_matches_sync() -> None:
    import asyncio

    from mathbeyond.rewards import compute_score_async

    async def both() -> list[dict[str, object]]:
        return list(
            await asyncio.gather(
                compute_score_async("m", boxed(3), "3", reward_router_address="x"),
                compute_score_async("m", boxed(4), "3"),
            )
        )

    res = asyncio.run(both())
    assert [r["score"] for r in res] == [1.0, 0.0]
    assert res[0] == compute_score("m", boxed(3), "3")


def test_verl_rejects_non_text_solution() -> None:
    with pytest.raises(TypeError, match="solution_str must be a string"):
        compute_score("m", None, "3")


def test_verl_hostile_solution_is_zero_within_limit() -> None:
    out = compute_score("m", "\\boxed{" + "9" * 10 + "^{" * 200 + "9" + "}" * 200 + "}", "3")
    assert out["score"] == 0.0


def test_trl_1x_call_form_ignores_trainer_kwargs() -> None:
    """TRL 1.x passes prompts, completions, completion_ids, trainer_state, log_extra,
    log_metric and every dataset column as keywords."""
    out = trl_accuracy_reward(
        prompts=["p", "p"],
        completions=[boxed(5), chat(boxed(6))],
        completion_ids=[[1], [2]],
        trainer_state=object(),
        log_extra=lambda *a: None,
        log_metric=lambda *a: None,
        answer=["5", "5"],
        problem=["What?", "What?"],
        solution=["long worked solution \\boxed{5}" * 5] * 2,
    )
    assert out == [1.0, 0.0]


def test_trl_missing_column_error_lists_dataset_columns_only() -> None:
    with pytest.raises(ConfigError) as info:
        trl_accuracy_reward(
            prompts=["p"],
            completions=[boxed(1)],
            completion_ids=[[1]],
            trainer_state=None,
            log_extra=None,
            log_metric=None,
            gold=["1"],
        )
    message = str(info.value)
    assert "columns: ['gold']" in message
    for trl_kwarg in ("log_extra", "log_metric", "trainer_state", "completion_ids", "prompts"):
        assert trl_kwarg not in message


def test_trl_refuses_a_worked_solution_column() -> None:
    """MATH-500's ``solution`` is the worked solution: scoring it as the gold is an error."""
    worked = (
        "We add the two numbers step by step and carry the one, which gives the final "
        "total of $\\boxed{42}$."
    )
    fn = trl_reward("solution")
    with pytest.raises(ConfigError, match=r"worked solutions.*'answer'"):
        fn([boxed(42)], solution=[worked])
    lenient = trl_reward("solution", allow_worked_solutions=True)
    assert lenient([boxed(42), boxed(41)], solution=[worked, worked]) == [1.0, 0.0]


def test_reward_pool_size_from_env(monkeypatch: pytest.MonkeyPatch) -> None:
    from mathbeyond.rewards import REWARD_WORKERS_ENV, close_reward_pool, reward_workers
    from mathbeyond.rewards._pool import reward_pool

    monkeypatch.delenv(REWARD_WORKERS_ENV, raising=False)
    assert reward_workers() == 2
    monkeypatch.setenv(REWARD_WORKERS_ENV, "3")
    assert reward_workers() == 3
    close_reward_pool()
    assert reward_pool().size == 3
    assert compute_score("m", boxed(1), "1")["score"] == 1.0
    close_reward_pool()
    for bad in ("0", "two"):
        monkeypatch.setenv(REWARD_WORKERS_ENV, bad)
        with pytest.raises(ConfigError, match=REWARD_WORKERS_ENV):
            reward_workers()
