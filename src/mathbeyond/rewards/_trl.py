"""TRL (``GRPOTrainer``, TRL 1.x) reward functions.

TRL calls ``reward_func(prompts=..., completions=..., completion_ids=..., trainer_state=...,
log_extra=..., log_metric=..., **dataset_columns)`` and logs the result under the function's
``__name__``; unknown keyword arguments are ignored here. Completions are plain strings or, for
conversational datasets, lists of message dicts (the last assistant message is graded). The
reward is 1.0 / 0.0, or ``None`` where the gold answer cannot be used (missing or unparseable),
which TRL treats as "no reward for this sample" rather than as a wrong answer.
"""

from __future__ import annotations

import numbers
from collections.abc import Callable, Mapping, Sequence

from .._errors import ConfigError
from ..verify import DEFAULT_TIMEOUT_S, Status, VerifyInputTypeError, last_boxed
from ._pool import reward_verify

TrlRewardFunc = Callable[..., "list[float | None]"]


def completion_text(completion: object) -> str:
    """The text to grade from one TRL completion (string or list of chat messages)."""
    if isinstance(completion, str):
        return completion
    if isinstance(completion, Sequence) and all(isinstance(m, Mapping) for m in completion):
        messages = list(completion)
        assistant = [m for m in messages if m.get("role", "assistant") == "assistant"]
        if not assistant:
            raise VerifyInputTypeError("conversational completion has no assistant message")
        return _content_text(assistant[-1].get("content"))
    raise VerifyInputTypeError(
        f"a completion must be a string or a list of message dicts, got {type(completion).__name__}"
    )


def _content_text(content: object) -> str:
    if isinstance(content, str):
        return content
    if content is None:
        return ""
    if isinstance(content, Sequence):  # multimodal parts: [{"type": "text", "text": ...}, ...]
        texts = [
            str(part.get("text", ""))
            for part in content
            if isinstance(part, Mapping) and part.get("type", "text") == "text"
        ]
        return "".join(texts)
    raise VerifyInputTypeError(f"message content must be text, got {type(content).__name__}")


TRL_KWARGS = frozenset(
    {
        "prompts",
        "completions",
        "completion_ids",
        "trainer_state",
        "log_extra",
        "log_metric",
        "images",
        "environments",
        "tools",
    }
)
"""Keyword arguments TRL itself passes to reward functions (never dataset columns)."""

WORKED_SOLUTION_MIN_CHARS = 80


def _usable_gold(gold: object) -> str | None:
    if isinstance(gold, str):
        return gold
    if isinstance(gold, numbers.Integral) and not isinstance(gold, bool):
        return str(int(gold))
    return None


def _looks_like_worked_solution(gold: str) -> bool:
    """A gold that holds a ``\\boxed`` answer inside longer text is a worked solution."""
    return "\\boxed" in gold and len(gold) >= WORKED_SOLUTION_MIN_CHARS


def _column(kwargs: Mapping[str, object], name: str, n: int) -> Sequence[object]:
    if name not in kwargs:
        columns = sorted(k for k in kwargs if k not in TRL_KWARGS)
        raise ConfigError(f"TRL reward: the dataset has no column {name!r}; columns: {columns}")
    values = kwargs[name]
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence) or len(values) != n:
        raise ConfigError(f"TRL reward: column {name!r} must hold one value per completion ({n})")
    return values


def trl_reward(
    gold_column: str = "answer",
    *,
    question_column: str | None = None,
    timeout: float = DEFAULT_TIMEOUT_S,
    workers: int | None = None,
    name: str = "mathbeyond_accuracy",
    allow_worked_solutions: bool = False,
) -> TrlRewardFunc:
    """Build a GRPO reward function that reads gold answers from dataset column ``gold_column``.

    ``gold_column`` must hold the final answer (MATH-500 / MATH-B: ``answer``), not a worked
    solution: a gold holding ``\\boxed`` inside 80+ characters raises ``ConfigError`` unless
    ``allow_worked_solutions=True`` (then the last boxed answer of the gold is used).
    ``question_column`` optionally names the column with the problem text. ``timeout`` is the
    hard per-completion limit; ``workers`` raises this process's verifier pool (default
    ``MATHB_REWARD_WORKERS``, 2). The function is thread-safe; a row whose gold is missing
    (``None``) or unusable gets ``None`` (TRL: not applicable), never 0.
    """
    if not isinstance(gold_column, str) or not gold_column:
        raise ConfigError(f"trl_reward: gold_column must be a column name, got {gold_column!r}")

    def reward(completions: Sequence[object] | None = None, **kwargs: object) -> list[float | None]:
        if completions is None:
            raise ConfigError("TRL reward: called without completions")
        n = len(completions)
        golds = _column(kwargs, gold_column, n)
        questions = None if question_column is None else _column(kwargs, question_column, n)
        rewards: list[float | None] = [None] * n
        todo: list[int] = []
        gold_texts: list[str] = []
        for i in range(n):
            gold = _usable_gold(golds[i])
            if gold is None:
                continue
            if _looks_like_worked_solution(gold):
                if not allow_worked_solutions:
                    raise ConfigError(
                        f"TRL reward: column {gold_column!r} holds worked solutions (a \\boxed "
                        "answer inside longer text), not final answers; use the answer column "
                        "(MATH-500 / MATH-B: 'answer') or allow_worked_solutions=True"
                    )
                boxed = last_boxed(gold)
                if boxed is None:
                    continue
                gold = boxed
            todo.append(i)
            gold_texts.append(gold)
        items = []
        for i, gold in zip(todo, gold_texts, strict=True):
            q = None if questions is None else questions[i]
            items.append((completion_text(completions[i]), gold, q if isinstance(q, str) else None))
        verdicts = reward_verify(items, timeout=timeout, workers=workers)
        for i, verdict in zip(todo, verdicts, strict=True):
            if verdict.status is not Status.UNPARSEABLE_GOLD:
                rewards[i] = 1.0 if verdict.correct else 0.0
        return rewards

    reward.__name__ = reward.__qualname__ = name
    return reward


trl_accuracy_reward: TrlRewardFunc = trl_reward()
"""Ready-made GRPO reward reading the ``answer`` column (``reward_funcs=[trl_accuracy_reward]``)."""
