"""TRL (``GRPOTrainer``) reward functions.

TRL calls ``reward_func(completions=..., prompts=..., completion_ids=..., **dataset_columns)``
and logs the result under the function's ``__name__``. Completions are plain strings or, for
conversational datasets, lists of message dicts (the last assistant message is graded). The
reward is 1.0 / 0.0, or ``None`` where the gold answer cannot be used (missing or unparseable),
which TRL treats as "no reward for this sample" rather than as a wrong answer.
"""

from __future__ import annotations

import numbers
from collections.abc import Callable, Mapping, Sequence

from .._errors import ConfigError
from ..verify import Status, VerifyInputTypeError, verify_batch
from ..verify._limits import DEFAULT_TIMEOUT_S

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


def _usable_gold(gold: object) -> str | None:
    if isinstance(gold, str):
        return gold
    if isinstance(gold, numbers.Integral) and not isinstance(gold, bool):
        return str(int(gold))
    return None


def _column(kwargs: Mapping[str, object], name: str, n: int) -> Sequence[object]:
    if name not in kwargs:
        columns = sorted(
            k for k in kwargs if k not in {"prompts", "completion_ids", "trainer_state"}
        )
        raise ConfigError(f"TRL reward: the batch has no column {name!r}; columns: {columns}")
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
) -> TrlRewardFunc:
    """Build a GRPO reward function that reads gold answers from dataset column ``gold_column``.

    ``question_column`` optionally names the column with the problem text. ``timeout`` is the
    hard per-completion limit; ``workers`` caps worker processes. The function is thread-safe.
    """

    def reward(completions: Sequence[object], **kwargs: object) -> list[float | None]:
        n = len(completions)
        golds = _column(kwargs, gold_column, n)
        questions = None if question_column is None else _column(kwargs, question_column, n)
        rewards: list[float | None] = [None] * n
        todo = [i for i in range(n) if _usable_gold(golds[i]) is not None]
        texts = [completion_text(completions[i]) for i in todo]
        gold_texts = [str(_usable_gold(golds[i])) for i in todo]
        qs = None
        if questions is not None:
            qs = [q if isinstance(q, str) else None for q in (questions[i] for i in todo)]
        verdicts = verify_batch(texts, gold_texts, qs, timeout=timeout, workers=workers)
        for i, verdict in zip(todo, verdicts, strict=True):
            if verdict.status is not Status.UNPARSEABLE_GOLD:
                rewards[i] = 1.0 if verdict.correct else 0.0
        return rewards

    reward.__name__ = reward.__qualname__ = name
    return reward


trl_accuracy_reward: TrlRewardFunc = trl_reward()
"""Ready-made GRPO reward reading the ``answer`` column (``reward_funcs=[trl_accuracy_reward]``)."""
