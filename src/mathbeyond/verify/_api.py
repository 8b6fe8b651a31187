"""Public verification API: :func:`verify` and :func:`verify_batch`, always under hard limits.

Every call runs the verifier core in the process-wide worker pool of :mod:`._limits`, so a
pathological input costs at most ``timeout`` seconds of wall-clock time and the worker's memory
cap (``MATHB_VERIFY_MEMORY_MB``, default 1024), whichever thread calls in.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from .._errors import ConfigError
from ._core import TRUNCATION_MARK
from ._extract import TRUNCATED_FINISH_REASONS
from ._limits import DEFAULT_TIMEOUT_S, Item, shared_pool
from ._types import Verdict


class VerifyInputTypeError(ConfigError, TypeError):
    """An argument of :func:`verify` / :func:`verify_batch` has the wrong type."""


class VerifyInputValueError(ConfigError, ValueError):
    """An argument of :func:`verify` / :func:`verify_batch` has a bad value."""


def _check_text(name: str, value: object, *, optional: bool = False) -> None:
    if isinstance(value, str) or (optional and value is None):
        return
    wanted = "str or None" if optional else "str"
    raise VerifyInputTypeError(f"{name} must be {wanted}, got {type(value).__name__}")


def _check_timeout(timeout: object) -> float:
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)):
        raise VerifyInputTypeError(f"timeout must be a number of seconds, got {timeout!r}")
    if not (timeout > 0 and math.isfinite(timeout)):
        raise VerifyInputValueError(f"timeout must be positive and finite, got {timeout!r}")
    return float(timeout)


def _check_workers(workers: object) -> int | None:
    if workers is None:
        return None
    if isinstance(workers, bool) or not isinstance(workers, int):
        raise VerifyInputTypeError(f"workers must be an int or None, got {workers!r}")
    if workers < 1:
        raise VerifyInputValueError(f"workers must be at least 1, got {workers}")
    return workers


def _check_sequence(name: str, value: object) -> Sequence[object]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise VerifyInputTypeError(
            f"{name} must be a sequence (list/tuple) of strings, got {type(value).__name__}"
        )
    return value


def verify(
    completion: str,
    gold: str,
    *,
    question: str | None = None,
    timeout: float = DEFAULT_TIMEOUT_S,
    finish_reason: str | None = None,
) -> Verdict:
    """Check a model ``completion`` against the ``gold`` answer.

    ``timeout`` is a hard wall-clock limit in seconds for this one verification; when it (or the
    memory cap) is hit the verdict is ``Status.LIMIT_EXCEEDED`` with ``correct=False``. Safe to
    call from any thread. ``finish_reason`` is the sampler's (``"length"``: the sample hit the
    token limit, so only a boxed or anchored answer counts). Raises ``TypeError`` (also a
    ``ConfigError``) for non-str inputs.
    """
    _check_text("completion", completion)
    _check_text("gold", gold)
    _check_text("question", question, optional=True)
    seconds = _check_timeout(timeout)
    _check_text("finish_reason", finish_reason, optional=True)
    if finish_reason is not None and finish_reason.lower() in TRUNCATED_FINISH_REASONS:
        completion += TRUNCATION_MARK  # cut off by the token limit: no unanchored answer
    return shared_pool().run([(completion, gold, question)], timeout=seconds, max_workers=1)[0]


def verify_batch(
    completions: Sequence[str],
    golds: Sequence[str],
    questions: Sequence[str | None] | None = None,
    *,
    timeout: float = DEFAULT_TIMEOUT_S,
    workers: int | None = None,
) -> list[Verdict]:
    """Verify ``completions[i]`` against ``golds[i]`` in parallel; verdicts in input order.

    ``timeout`` is the hard wall-clock limit per item (not for the whole batch). ``workers``
    caps the worker processes used for this batch (default: all CPUs this process may use).
    """
    comps = _check_sequence("completions", completions)
    gs = _check_sequence("golds", golds)
    qs = None if questions is None else _check_sequence("questions", questions)
    if len(comps) != len(gs) or (qs is not None and len(qs) != len(comps)):
        sizes = f"{len(comps)} completions, {len(gs)} golds"
        if qs is not None:
            sizes += f", {len(qs)} questions"
        raise VerifyInputValueError(f"verify_batch needs equally long sequences, got {sizes}")
    seconds = _check_timeout(timeout)
    n_workers = _check_workers(workers)
    items: list[Item] = []
    for i, (c, g) in enumerate(zip(comps, gs, strict=True)):
        q = None if qs is None else qs[i]
        _check_text(f"completions[{i}]", c)
        _check_text(f"golds[{i}]", g)
        _check_text(f"questions[{i}]", q, optional=True)
        items.append((c, g, q))  # type: ignore[arg-type]  # checked just above
    if not items:
        return []
    return shared_pool(min_size=n_workers).run(items, timeout=seconds, max_workers=n_workers)
