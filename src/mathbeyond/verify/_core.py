"""Verifier core: extract the final committed answer and compare it with the gold answer.

Pure and deterministic; no I/O and no global mutable state. Sizes are bounded here before any
symbolic work, even though the caller also enforces wall-time and memory limits in a worker
process. Integer golds (the common case) never touch sympy.
"""

from __future__ import annotations

import functools
import re
from fractions import Fraction

from ._extract import extract
from ._parsed import ExtractedAnswer, ParsedGold
from ._types import Status, Verdict

VERIFIER_VERSION = "1.3.0"

MAX_COMPLETION_CHARS = 1_000_000
MAX_GOLD_CHARS = 4000
MAX_ANSWER_CHARS = 2000
MAX_INT_DIGITS = 4000
MAX_SIMPLE_DIGITS = 60
FAST_INTEGER_PATH = True
"""Decide an integer gold against a plain decimal/fraction answer without the symbolic path
(the same verdict: tests/verify/test_fast_path.py turns this off to compare)."""

_INT_GOLD_RE = re.compile(r"\s*\$?\s*([+-]?\d+)\s*\$?\s*")
_INT_ANSWER_RE = re.compile(
    r"\s*\$?\s*(?:\\\(|\\\[)?\s*(?:[a-zA-Z](?:_\{?\w+\}?)?\s*=\s*)?\{?([+-]?\d+)\}?(?:\.0+)?"
    r"\s*(?:\\\)|\\\])?\s*\$?\s*\.?\s*"
)


_RATIONAL_RE = re.compile(
    r"\s*\$?\s*(?:\\\(|\\\[)?\s*(?P<sign>[+-])?\s*(?:"
    r"(?P<dec>\d+(?:\.\d+)?|\.\d+)"
    r"|\\[dt]?frac\s*\{\s*(?P<n1>\d+)\s*\}\s*\{\s*(?P<d1>\d+)\s*\}"
    r"|\\[dt]?frac(?P<n2>\d)(?P<d2>\d)"
    r"|(?P<n3>\d+)\s*/\s*(?P<d3>\d+))"
    r"\s*(?:\\\)|\\\])?\s*\$?\s*\.?\s*"
)


def _simple_rational(text: str) -> Fraction | None:
    """``3``, ``-0.25``, ``\\frac{3}{8}``, ``\\dfrac38``, ``3/8`` (optionally in ``$``/``\\(``)."""
    m = _RATIONAL_RE.fullmatch(text)
    if m is None:
        return None
    sign = -1 if m.group("sign") == "-" else 1
    if m.group("dec") is not None:
        if len(m.group("dec")) > MAX_SIMPLE_DIGITS:
            return None
        return sign * Fraction(m.group("dec"))
    num = m.group("n1") or m.group("n2") or m.group("n3")
    den = m.group("d1") or m.group("d2") or m.group("d3")
    if len(num) + len(den) > MAX_SIMPLE_DIGITS or int(den) == 0:
        return None
    return sign * Fraction(int(num), int(den))


def _verdict(status: Status, extracted: str | None, reason: str) -> Verdict:
    return Verdict(status is Status.CORRECT, status, extracted, reason)


def verify_unbounded(
    completion: str, gold: str | ParsedGold, question: str | None = None
) -> Verdict:
    """Verify ``completion`` against ``gold`` (policy: see the ``_extract`` module docstring)."""
    if isinstance(gold, ParsedGold):  # its parse is cached: see parse_gold
        gold = gold.text
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
    g_val, a_val = _simple_rational(gold), _simple_rational(answer)
    if g_val is not None and g_val == a_val:
        return _verdict(Status.CORRECT, answer, "equal rational")
    int_gold = gm is not None and len(gm.group(1)) <= MAX_INT_DIGITS
    if FAST_INTEGER_PATH and int_gold and a_val is not None:
        # Integer gold, a plain decimal or fraction of another value: the symbolic path compares
        # these exactly and can only say this (tests/verify/test_fast_path.py: equal verdicts).
        return _verdict(Status.INCORRECT, answer, "not equivalent")
    from ._compare import compare  # sympy-backed path, imported only when needed

    status, reason = compare(answer, gold, question)
    return _verdict(status, answer, reason)


def _parse_gold(gold: str) -> ParsedGold:
    if len(gold) > MAX_GOLD_CHARS:
        return ParsedGold(gold, "invalid", problem="gold too long")
    if not gold.strip():
        return ParsedGold(gold, "invalid", problem="empty gold")
    rational = _simple_rational(gold)
    gm = _INT_GOLD_RE.fullmatch(gold)
    if gm is not None and len(gm.group(1)) <= MAX_INT_DIGITS:
        return ParsedGold(gold, "integer", integer=int(gm.group(1)), rational=rational)
    if rational is not None:
        return ParsedGold(gold, "rational", rational=rational)
    return ParsedGold(gold, "expression")


_parse_gold_cached = functools.lru_cache(maxsize=4096)(_parse_gold)


def parse_gold(gold: str) -> ParsedGold:
    """Parse a gold answer once (regular expressions on at most ``MAX_GOLD_CHARS``; the same
    tests :func:`verify_unbounded` makes). The symbolic parse of an ``"expression"`` gold is
    made once per process and cached (``_compare.parse_gold_items``)."""
    return _parse_gold_cached(gold) if len(gold) <= MAX_GOLD_CHARS else _parse_gold(gold)


def extract_answer(completion: str, question: str | None = None) -> ExtractedAnswer:
    """The final committed answer of ``completion`` (the first half of :func:`verify_unbounded`)."""
    if len(completion) > MAX_COMPLETION_CHARS:
        return ExtractedAnswer(None, None, "completion too long")
    found = extract(completion, question)
    if found is None:
        return ExtractedAnswer(None, None, "no committed final answer")
    return ExtractedAnswer(found.text.strip(), found.kind, "extracted")
