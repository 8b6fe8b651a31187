"""verl reward functions: ``custom_reward_function.path`` + ``name: compute_score``.

Point ``path`` at this file (print ``mathbeyond.rewards._verl.__file__`` to find it) or import
the functions from :mod:`mathbeyond.rewards` in your own reward file.

verl calls ``compute_score(data_source=..., solution_str=..., ground_truth=..., extra_info=...)``
(per sample; NaiveRewardManager / DAPORewardManager) or ``compute_score_batch``'s list form
(BatchRewardManager). Either returns the verdict fields next to ``score``; verl logs the
numeric ones and skips strings/None. Extra settings (``timeout``, ``workers``) come through
verl's ``custom_reward_function.reward_kwargs``.
"""

from __future__ import annotations

import numbers
from collections.abc import Mapping, Sequence

# Absolute imports on purpose: verl loads ``custom_reward_function.path`` as a standalone module
# (``spec_from_file_location``), where relative imports fail.
from mathbeyond.verify import DEFAULT_TIMEOUT_S, Verdict, VerifyInputTypeError, verify, verify_batch


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
    data_source: str,
    solution_str: str,
    ground_truth: object,
    extra_info: Mapping[str, object] | None = None,
    *,
    timeout: float = DEFAULT_TIMEOUT_S,
) -> dict[str, object]:
    """Score one response; ``extra_info["question"]`` (if a string) is passed to the verifier.

    ``data_source`` is accepted for verl's calling convention; every math source uses the same
    verifier. Thread-safe; the hard time limit applies per call.
    """
    del data_source
    verdict = verify(
        solution_str, gold_text(ground_truth), question=_question(extra_info), timeout=timeout
    )
    return score_dict(verdict)


def compute_score_batch(
    data_sources: Sequence[str],
    solution_strs: Sequence[str],
    ground_truths: Sequence[object],
    extra_infos: Sequence[Mapping[str, object] | None] | None = None,
    *,
    timeout: float = DEFAULT_TIMEOUT_S,
    workers: int | None = None,
) -> list[dict[str, object]]:
    """Score a whole batch in parallel (verl ``reward_manager=batch``); results in input order."""
    del data_sources
    golds = [gold_text(g, name=f"ground_truths[{i}]") for i, g in enumerate(ground_truths)]
    questions = None if extra_infos is None else [_question(e) for e in extra_infos]
    verdicts = verify_batch(solution_strs, golds, questions, timeout=timeout, workers=workers)
    return [score_dict(v) for v in verdicts]
