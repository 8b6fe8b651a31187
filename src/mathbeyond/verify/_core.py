"""Verifier core: extract the final committed answer and compare it with the gold answer.

Pure and deterministic; no I/O and no global mutable state. Sizes are bounded here before any
symbolic work, even though the caller also enforces wall-time and memory limits in a worker
process. Integer golds (the common case) never touch sympy.
"""

from __future__ import annotations

import re

from ._extract import extract
from ._types import Status, Verdict

VERIFIER_VERSION = "1.0.0"

MAX_COMPLETION_CHARS = 1_000_000
MAX_GOLD_CHARS = 4000
MAX_ANSWER_CHARS = 2000
MAX_INT_DIGITS = 4000

_INT_GOLD_RE = re.compile(r"\s*\$?\s*([+-]?\d+)\s*\$?\s*")
_INT_ANSWER_RE = re.compile(
    r"\s*\$?\s*(?:\\\(|\\\[)?\s*(?:[a-zA-Z](?:_\{?\w+\}?)?\s*=\s*)?\{?([+-]?\d+)\}?(?:\.0+)?"
    r"\s*(?:\\\)|\\\])?\s*\$?\s*\.?\s*"
)


def _verdict(status: Status, extracted: str | None, reason: str) -> Verdict:
    return Verdict(status is Status.CORRECT, status, extracted, reason)


def verify_unbounded(completion: str, gold: str, question: str | None = None) -> Verdict:
    """Verify ``completion`` against ``gold`` (policy: see the ``_extract`` module docstring)."""
    if len(completion) > MAX_COMPLETION_CHARS:
        return _verdict(Status.LIMIT_EXCEEDED, None, "completion too long")
    if len(gold) > MAX_GOLD_CHARS:
        return _verdict(Status.UNPARSEABLE_GOLD, None, "gold too long")
    if not gold.strip():
        return _verdict(Status.UNPARSEABLE_GOLD, None, "empty gold")
    found = extract(completion, question)
    if found is None:
        return _verdict(Status.NO_ANSWER, None, "no committed final answer")
    answer = found.text.strip()
    if len(answer) > MAX_ANSWER_CHARS:
        return _verdict(Status.LIMIT_EXCEEDED, answer[:80], "answer too long")

    gm = _INT_GOLD_RE.fullmatch(gold)
    if gm is not None and len(gm.group(1)) <= MAX_INT_DIGITS:
        am = _INT_ANSWER_RE.fullmatch(answer)
        if am is not None and len(am.group(1)) <= MAX_INT_DIGITS:
            if int(am.group(1)) == int(gm.group(1)):
                return _verdict(Status.CORRECT, answer, "integer match")
            return _verdict(Status.INCORRECT, answer, "different integer")
    from ._compare import compare  # sympy-backed path, imported only when needed

    status, reason = compare(answer, gold, question)
    return _verdict(status, answer, reason)
