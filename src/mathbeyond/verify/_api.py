"""Public verification API: :func:`verify`, :func:`verify_batch`, :func:`extract` and
:func:`parse_gold`; the first three always run under hard limits.

Every call runs the verifier core in the process-wide worker pool of :mod:`._limits`, so a
pathological input costs at most ``timeout`` seconds of CPU time and the worker's memory cap
(``MATHB_VERIFY_MEMORY_MB``, default 1024), whichever thread calls in, however busy the machine.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import cast

from .._errors import ConfigError
from . import _plain
from ._core import parse_gold as _parse_gold
from ._limits import DEFAULT_TIMEOUT_S, Item, shared_pool
from ._parsed import ExtractedAnswer, ParsedGold
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


def _check_gold(name: str, value: object) -> None:
    if isinstance(value, (str, ParsedGold)):
        return
    raise VerifyInputTypeError(f"{name} must be str or ParsedGold, got {type(value).__name__}")


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


def _check_items(
    name: str, values: Sequence[object], kind: type, *, optional: bool = False
) -> None:
    """Every element is a ``kind`` (or None when ``optional``; a gold may be a ParsedGold).
    One pass at C speed when they all are; names are built only for the first that is not."""
    types = set(map(type, values))
    if types <= ({kind, type(None)} if optional else {kind}):
        return
    for i, v in enumerate(values):
        if type(v) is kind or (optional and v is None):
            continue
        if name == "golds":
            _check_gold(f"golds[{i}]", v)
        else:
            _check_text(f"{name}[{i}]", v, optional=optional)


def _check_sequence(name: str, value: object) -> Sequence[object]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise VerifyInputTypeError(
            f"{name} must be a sequence (list/tuple) of strings, got {type(value).__name__}"
        )
    return value


def parse_gold(gold: str) -> ParsedGold:
    """Parse a gold answer once, to pass as the gold of every sample of its problem.

    Cheap and bounded (regular expressions on at most 4,000 characters; no symbolic work in the
    calling process): an integer gold takes the fast path, a symbolic gold is parsed once per
    worker process (cached), an empty or over-long gold gives ``unparseable_gold`` verdicts.
    """
    _check_text("gold", gold)
    return _parse_gold(gold)


def extract(
    completion: str,
    question: str | None = None,
    *,
    timeout: float = DEFAULT_TIMEOUT_S,
    finish_reason: str | None = None,
) -> ExtractedAnswer:
    """The final committed answer of ``completion``, as :func:`verify` sees it (under the same
    hard CPU-time and memory limits; a limit hit gives ``text=None`` with the limit as reason)."""
    _check_text("completion", completion)
    _check_text("question", question, optional=True)
    _check_text("finish_reason", finish_reason, optional=True)
    seconds = _check_timeout(timeout)
    item: Item = (completion, question) if finish_reason is None else (
        completion, question, finish_reason
    )
    (out,) = cast(
        "list[ExtractedAnswer | Verdict]",  # ExtractedAnswer for this op; a Verdict for a limit
        shared_pool().run([item], timeout=seconds, max_workers=1, op="extract_answer"),
    )
    if isinstance(out, Verdict):  # stopped by a limit
        return ExtractedAnswer(None, None, out.reason)
    return out


def verify(
    completion: str,
    gold: str | ParsedGold,
    *,
    question: str | None = None,
    timeout: float = DEFAULT_TIMEOUT_S,
    finish_reason: str | None = None,
) -> Verdict:
    """Check a model ``completion`` against the ``gold`` answer.

    ``gold`` is the gold answer's text or its :func:`parse_gold`. ``timeout`` is a hard limit in
    seconds of CPU time for this one verification (not wall-clock time, so the verdict does not
    depend on how busy the machine is); when it (or the memory cap) is hit the verdict is
    ``Status.LIMIT_EXCEEDED`` with ``correct=False``. Safe to call from any thread.
    ``finish_reason`` is the sampler's (``"length"``: the sample hit the token limit, so only a
    boxed or anchored answer counts). Raises ``TypeError`` (also a ``ConfigError``) for inputs
    of the wrong type.
    """
    _check_text("completion", completion)
    _check_gold("gold", gold)
    _check_text("question", question, optional=True)
    seconds = _check_timeout(timeout)
    _check_text("finish_reason", finish_reason, optional=True)
    if seconds >= _plain.MIN_TIMEOUT_S:  # the plain short shape: decided here (see _plain)
        plain = _plain.verdict(completion, gold, question, finish_reason)
        if plain is not None:
            return plain
    item: Item = (
        (completion, gold, question)
        if finish_reason is None
        else (completion, gold, question, finish_reason)
    )
    return shared_pool().run([item], timeout=seconds, max_workers=1)[0]


def verify_batch(
    completions: Sequence[str],
    golds: Sequence[str | ParsedGold],
    questions: Sequence[str | None] | None = None,
    *,
    timeout: float = DEFAULT_TIMEOUT_S,
    workers: int | None = None,
    finish_reasons: Sequence[str | None] | None = None,
) -> list[Verdict]:
    """Verify ``completions[i]`` against ``golds[i]`` in parallel; verdicts in input order.

    ``finish_reasons[i]`` is the sampler's finish reason of sample i, as in :func:`verify`.
    ``timeout`` is the hard CPU-time limit per item (not for the whole batch). ``workers``
    caps the worker processes used for this batch (default: all CPUs this process may use).
    Items travel to the workers in chunks and those of one gold together, so each worker parses
    a gold once however many samples it has (pass the same :func:`parse_gold` or string).
    """
    comps = _check_sequence("completions", completions)
    gs = _check_sequence("golds", golds)
    qs = None if questions is None else _check_sequence("questions", questions)
    frs = None if finish_reasons is None else _check_sequence("finish_reasons", finish_reasons)
    if (
        len(comps) != len(gs)
        or (qs is not None and len(qs) != len(comps))
        or (frs is not None and len(frs) != len(comps))
    ):
        sizes = f"{len(comps)} completions, {len(gs)} golds"
        if qs is not None:
            sizes += f", {len(qs)} questions"
        if frs is not None:
            sizes += f", {len(frs)} finish_reasons"
        raise VerifyInputValueError(f"verify_batch needs equally long sequences, got {sizes}")
    seconds = _check_timeout(timeout)
    n_workers = _check_workers(workers)
    _check_items("completions", comps, str)
    _check_items("golds", gs, str)
    if qs is not None:
        _check_items("questions", qs, str, optional=True)
    if frs is not None:
        _check_items("finish_reasons", frs, str, optional=True)
    items: list[Item] = (
        [(c, g, None) for c, g in zip(comps, gs, strict=True)]
        if qs is None
        else list(zip(comps, gs, qs, strict=True))
    )
    if frs is not None:  # the finish reason is the item's fourth field where there is one
        for i, fr in enumerate(frs):
            if fr is not None:
                items[i] = (*items[i], fr)
    if not items:
        return []
    if seconds >= _plain.MIN_TIMEOUT_S and _plain.ENABLED:
        # the plain short shape is decided here (see _plain); the rest goes to the workers
        plain = _plain.verdict
        verdicts = [plain(*item) for item in items]
        rest = [i for i, v in enumerate(verdicts) if v is None]
        if len(rest) < len(items):
            if rest:
                done = shared_pool(min_size=n_workers).run(
                    [items[i] for i in rest], timeout=seconds, max_workers=n_workers
                )
                for i, v in zip(rest, done, strict=True):
                    verdicts[i] = v
            return cast("list[Verdict]", verdicts)
    return shared_pool(min_size=n_workers).run(items, timeout=seconds, max_workers=n_workers)
