"""verl reward functions (verl 0.9, tested with 0.9.1: ``reward.custom_reward_function.*``).

Point ``reward.custom_reward_function.path`` at this file (``mathb integrations path verl`` or
``python -c "import mathbeyond.rewards._verl as m; print(m.__file__)"``) with
``reward.custom_reward_function.name=compute_score``, or import the functions from
:mod:`mathbeyond.rewards` in your own reward file. The old top-level ``custom_reward_function.*``
key is accepted by Hydra but ignored by verl 0.9.1's ``main_ppo`` (its reward loader reads only
``reward.custom_reward_function``; only the fully-async entry point migrates the old key).

verl calls ``compute_score(data_source=..., solution_str=..., ground_truth=..., extra_info=...)``
per sample (NaiveRewardManager / DAPORewardManager / the reward loop, which runs a sync scorer in
its executor threads and also passes ``reward_router_address`` / ``reward_model_tokenizer``).
Unknown keyword arguments are accepted and ignored. Settings come through
``reward.custom_reward_function.reward_kwargs``: ``timeout`` (hard per-sample limit, seconds)
and ``workers`` (verifier processes for the call; the per-process default is
``MATHB_REWARD_WORKERS``, 2). ``compute_score_async`` is the same for callers that await;
``compute_score_batch`` is the list form. Each returns the verdict fields next to ``score``;
verl logs the numeric ones and skips strings/None.
"""

from __future__ import annotations

import asyncio
import numbers
from collections.abc import Mapping, Sequence

# Absolute imports on purpose: verl loads ``custom_reward_function.path`` as a standalone module
# (``spec_from_file_location``), where relative imports fail.
from mathbeyond.rewards._pool import check_text, reward_verify
from mathbeyond.verify import (
    DEFAULT_TIMEOUT_S,
    Verdict,
    VerifyInputTypeError,
    VerifyInputValueError,
)


def gold_text(ground_truth: object, *, name: str = "ground_truth") -> str:
    """A gold answer as text: str as is, integers (not bools) as decimal; anything else raises."""
    if isinstance(ground_truth, str):
        return ground_truth
    if isinstance(ground_truth, numbers.Integral) and not isinstance(ground_truth, bool):
        return str(int(ground_truth))
    raise VerifyInputTypeError(
        f"{name} must be a string (or an integer), got {type(ground_truth).__name__}"
    )


def _question(extra_info: object) -> str | None:
    if isinstance(extra_info, Mapping):
        q = extra_info.get("question")
        if isinstance(q, str):
            return q
    return None


def score_dict(verdict: Verdict) -> dict[str, object]:
    """verl's result form: ``score`` (1.0 / 0.0) plus the verdict's fields."""
    return {"score": 1.0 if verdict.correct else 0.0, **verdict.as_dict()}


def compute_score(
    data_source: object = None,
    solution_str: object = None,
    ground_truth: object = None,
    extra_info: Mapping[str, object] | None = None,
    *,
    timeout: float = DEFAULT_TIMEOUT_S,
    workers: int | None = None,
    **kwargs: object,
) -> dict[str, object]:
    """Score one response; ``extra_info["question"]`` (if a string) is passed to the verifier.

    ``data_source`` is accepted for verl's calling convention; every math source uses the same
    verifier. Other keyword arguments verl passes (``reward_router_address``, ...) are ignored.
    Thread-safe; the hard time limit applies per call.
    """
    del data_source, kwargs
    item = (
        check_text("solution_str", solution_str),
        gold_text(ground_truth),
        _question(extra_info),
    )
    return score_dict(reward_verify([item], timeout=timeout, workers=workers)[0])


async def compute_score_async(
    data_source: object = None,
    solution_str: object = None,
    ground_truth: object = None,
    extra_info: Mapping[str, object] | None = None,
    *,
    timeout: float = DEFAULT_TIMEOUT_S,
    workers: int | None = None,
    **kwargs: object,
) -> dict[str, object]:
    """:func:`compute_score` as a coroutine (the verification runs off the event loop)."""
    return await asyncio.to_thread(
        compute_score,
        data_source,
        solution_str,
        ground_truth,
        extra_info,
        timeout=timeout,
        workers=workers,
        **kwargs,
    )


def compute_score_batch(
    data_sources: Sequence[object],
    solution_strs: Sequence[object],
    ground_truths: Sequence[object],
    extra_infos: Sequence[Mapping[str, object] | None] | None = None,
    *,
    timeout: float = DEFAULT_TIMEOUT_S,
    workers: int | None = None,
    **kwargs: object,
) -> list[dict[str, object]]:
    """Score a whole batch in parallel (list form); results in input order."""
    del data_sources, kwargs
    if len(solution_strs) != len(ground_truths) or (
        extra_infos is not None and len(extra_infos) != len(solution_strs)
    ):
        raise VerifyInputValueError("compute_score_batch needs equally long sequences")
    items = [
        (
            check_text(f"solution_strs[{i}]", s),
            gold_text(g, name=f"ground_truths[{i}]"),
            None if extra_infos is None else _question(extra_infos[i]),
        )
        for i, (s, g) in enumerate(zip(solution_strs, ground_truths, strict=True))
    ]
    return [score_dict(v) for v in reward_verify(items, timeout=timeout, workers=workers)]
