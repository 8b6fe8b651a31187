"""Verifier core: extract the final committed answer and compare it with the gold answer.

Pure and deterministic; no I/O. Sizes are bounded here before any symbolic work, even though the
caller also enforces wall-time and memory limits in a worker process.
"""

from __future__ import annotations

import re

from ._types import Status, Verdict

VERIFIER_VERSION = "0.1.0-stub"

MAX_COMPLETION_CHARS = 200_000
_INT_RE = re.compile(r"[+-]?\d+")


def _last_boxed(text: str) -> str | None:
    idx = text.rfind("\\boxed")
    if idx < 0:
        return None
    i = idx + len("\\boxed")
    while i < len(text) and text[i] == " ":
        i += 1
    if i >= len(text) or text[i] != "{":
        return None
    depth = 0
    for j in range(i, len(text)):
        c = text[j]
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return text[i + 1 : j]
    return None


def verify_unbounded(completion: str, gold: str, question: str | None = None) -> Verdict:
    """Verify ``completion`` against ``gold`` (stub: integer answers in ``\\boxed{}`` only)."""
    del question
    if len(completion) > MAX_COMPLETION_CHARS:
        return Verdict(False, Status.LIMIT_EXCEEDED, None, "completion too long")
    g = gold.strip().strip("$").strip()
    if not _INT_RE.fullmatch(g):
        return Verdict(False, Status.UNPARSEABLE_GOLD, None, "stub handles integer gold only")
    ans = _last_boxed(completion)
    if ans is None:
        return Verdict(False, Status.NO_ANSWER, None, "no boxed answer")
    a = ans.strip()
    if _INT_RE.fullmatch(a) and len(a) < 5000 and int(a) == int(g):
        return Verdict(True, Status.CORRECT, a, "integer match")
    return Verdict(False, Status.INCORRECT, a, "not equal")
