"""Everyday answer forms compared with a gold of the same kind, once the usual comparison has
found them unequal: durations, 24-hour clock times, calendar dates and one-word answers given
in a sentence.

- ``equal-duration``: "200 minutes" for "3 hours 20 minutes".
- ``equal-mixed-quantity``: "5 feet 7 inches" for "5 ft 7 in", "4 pounds 4 ounces" for
  "4 lb 4 oz": the same amount in the same units of one system (lexicon MIXED_UNITS; only time
  may change its units: "67 inches" is not an answer in feet and inches).
- ``bare-number-duration``: a value read without its unit ("6.5" of "6.5 hours", "390" of
  "390 minutes") against a gold in two units ("6 hours 30 minutes") is that duration in one of
  the gold's units.
- ``military-time``: asked for 24-hour time, "2115 hours" (or "2115") is 21:15.
- ``date-order``: "9 June 2023" (or "the 9th of June, 2023") for "June 9, 2023".
- ``date-with-asked-year``: "March 1, 2023" for "March 1" when the question names 2023.
- ``word-answer-sentence``: "\\text{The series diverges.}" for "diverges": a short sentence,
  not negated and no list of choices, that ends on the gold's words (three letters or more:
  an option letter is no word answer).
"""

from __future__ import annotations

import re
from fractions import Fraction

from . import _lexicon as lx

_DURATION_UNIT_MAX = 3600  # a duration gold is written in hours, minutes and seconds ("3 hours
# 20 minutes"); days and weeks are read only as a mixed quantity


def _system_re(units: tuple[tuple[str, int], ...]) -> re.Pattern[str]:
    """Each unit of one system at most once, largest first, each after its amount: "6 hours 35
    minutes", "3 h and 20 min", "5 feet, 7 inches"."""
    return re.compile(
        "".join(
            rf"(?:(?P<u{k}>\d{{1,6}}(?:\.\d{{1,3}})?)[ \t]*(?:{alt})\b[ \t,]*(?:and[ \t]+)?)?"
            for k, (alt, _) in enumerate(units)
        ),
        re.IGNORECASE,
    )


_MIXED = tuple(
    (name, _system_re(units), tuple(Fraction(size) for _, size in units))
    for name, units in lx.MIXED_UNITS.items()
)


_Mixed = tuple[str, Fraction, tuple[tuple[int, Fraction], ...]]


def mixed_quantity(text: str) -> _Mixed | None:
    """(system, amount in its smallest unit, (unit, amount) of each unit used) of a text that
    is one amount written in units of one system of lexicon MIXED_UNITS ("6 hours 35 minutes",
    "5 ft 7 in", "200 minutes"), else None (a bare number, any other text)."""
    plain = _plain(text)
    if not plain[:1].isdigit():
        return None
    for name, pattern, sizes in _MIXED:
        m = pattern.fullmatch(plain)
        if m is None:
            continue
        used = tuple((k, Fraction(m.group(f"u{k}"))) for k in range(len(sizes)) if m.group(f"u{k}"))
        if used:
            return name, sum((n * sizes[k] for k, n in used), Fraction(0)), used
    return None


def is_mixed_quantity(text: str) -> bool:
    """``text`` is one amount written in two or more units of one system ("6 hours 35
    minutes", "5 feet 7 inches")."""
    found = mixed_quantity(text)
    return found is not None and len(found[2]) >= 2
_TEXT_RE = re.compile(r"\\(?:text|mathrm|textbf|mathbf)\{([^{}]{0,80})\}|\\(?:,|;|!| )|\$")
_BARE_NUMBER_RE = re.compile(r"\d{1,5}(?:\.\d{1,3})?")
_MILITARY_RE = re.compile(r"(?P<h>[01]\d|2[0-3])(?P<m>[0-5]\d)(?:[ \t]*(?:hours|hrs|h))?")
_CLOCK_GOLD_RE = re.compile(r"(?P<h>[01]?\d|2[0-3]):(?P<m>[0-5]\d)")
_MILITARY_ASKED_RE = re.compile(r"\b24[- ]hour\b|\bmilitary\b", re.IGNORECASE)
_MONTH = r"(?P<mo>" + lx.alternation(lx.MONTH) + r")"
_DAY = r"(?P<d>\d{1,2})(?:st|nd|rd|th)?"
_YEAR = r"(?:,?[ \t]+(?P<y>\d{4}))?"
_WEEKDAY = r"(?:[A-Za-z]{6,9},?[ \t]+)?"  # "Friday, June 9, 2023"
_DATE_RES = (
    re.compile(_WEEKDAY + _MONTH + r"[ \t]+" + _DAY + _YEAR, re.IGNORECASE),  # June 9, 2023
    re.compile(  # 9 June 2023, the 9th of June
        _WEEKDAY + r"(?:the[ \t]+)?" + _DAY + r"[ \t]+(?:of[ \t]+)?" + _MONTH + _YEAR,
        re.IGNORECASE,
    ),
)
_WORD_GOLD_RE = re.compile(r"[A-Za-z]+(?:[ \t-][A-Za-z]+){0,2}")
_SENTENCE_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9' \t,-]{0,80}")  # "221 is composite"
_NEGATION_RE = re.compile(  # negated, or a list of choices ("A or C", "Saturday and Sunday")
    r"\b(?:not|no|never|neither|nor|cannot|or|and)\b|n't\b|,", re.IGNORECASE
)
_MAX_SENTENCE_WORDS = 8


def _plain(text: str) -> str:
    """``text`` without font commands, spacing commands and dollar signs, spaces collapsed."""
    return " ".join(_TEXT_RE.sub(r" \1", text).split()).strip().rstrip(".").strip()


def _duration(text: str) -> _Mixed | None:
    found = mixed_quantity(text)
    if found is None or found[0] != "time":
        return None
    sizes = lx.MIXED_UNITS["time"]
    if any(sizes[k][1] > _DURATION_UNIT_MAX for k, _ in found[2]):
        return None
    return found


def duration_seconds(text: str) -> Fraction | None:
    """A duration written with time units ("3 hours 20 minutes", "200 minutes", "2 h and 5
    min") in seconds, or None (a bare number, any other text)."""
    found = _duration(text)
    return found[1] if found is not None else None


def _bare_number_mixed(answer: str, gold: _Mixed) -> bool:
    if len(gold[2]) < 2:
        return False  # a gold in one unit: a bare number is compared as a number
    bare = _plain(answer)
    if not _BARE_NUMBER_RE.fullmatch(bare):
        return False
    sizes = next(sizes for name, _, sizes in _MIXED if name == gold[0])
    return any(Fraction(bare) * sizes[k] == gold[1] for k, _ in gold[2])


def _military_time(answer: str, gold: str, question: str | None) -> bool:
    g = _CLOCK_GOLD_RE.fullmatch(gold.strip().strip("$"))
    a = _MILITARY_RE.fullmatch(_plain(answer))
    if g is None or a is None or not question or not _MILITARY_ASKED_RE.search(question):
        return False
    return (int(a.group("h")), int(a.group("m"))) == (int(g.group("h")), int(g.group("m")))


_MONTH_ABBREVIATIONS = tuple(month[:3] for month in lx.MONTH)  # "jan", ..., "dec", in order
_ISO_DATE_RE = re.compile(r"(?P<y>\d{4})-(?P<m>0?[1-9]|1[0-2])-(?P<d>0?[1-9]|[12]\d|3[01])")


def _date(text: str) -> tuple[int, int, str | None] | None:
    """(month number, day, year or None) of a text that is one calendar date in words, either
    order ("June 9, 2023", "9 June 2023", "the 9th of June"), or an ISO date ("2025-03-01",
    ``iso-date``), else None."""
    plain = _plain(text)
    iso = _ISO_DATE_RE.fullmatch(plain)
    if iso is not None:
        return int(iso.group("m")), int(iso.group("d")), iso.group("y")
    for pattern in _DATE_RES:
        m = pattern.fullmatch(plain)
        if m is not None:
            month = m.group("mo").lower()[:3]
            if month not in _MONTH_ABBREVIATIONS:
                return None
            return _MONTH_ABBREVIATIONS.index(month) + 1, int(m.group("d")), m.group("y")
    return None


def _same_date(answer: str, gold: str, question: str | None) -> str | None:
    """The rule by which ``answer`` is the gold's date: ``date-order`` (the same month, day and
    year in either order), ``date-with-asked-year`` (a year the gold leaves out, the one the
    question names); else None."""
    g = _date(gold) if any(ch.isdigit() for ch in gold) else None
    a = _date(answer) if g is not None else None
    if g is None or a is None or a[:2] != g[:2]:
        return None
    if a[2] == g[2]:
        return "answer-date-order"
    if g[2] is None and a[2] is not None and question and a[2] in question:
        return "answer-date-with-asked-year"
    return None


def _word_answer_sentence(answer: str, gold: str) -> bool:
    word = _plain(gold).lower()
    if len(word) < 3 or not _WORD_GOLD_RE.fullmatch(word):  # (not an option letter)
        return False
    sentence = _plain(answer)
    words = sentence.lower().replace(",", " ").split()
    if not _SENTENCE_RE.fullmatch(sentence) or not 2 <= len(words) <= _MAX_SENTENCE_WORDS:
        return False
    return words[-len(word.split()) :] == word.split() and not _NEGATION_RE.search(sentence)


_QUADRANT_RE = re.compile(  # "II", "Quadrant 2", "the second quadrant (Quadrant II)"
    r"(?:the[ \t]+)?(?P<o>first|second|third|fourth|1st|2nd|3rd|4th)[ \t]+quadrant"
    r"(?:[ \t]*\((?:quadrant[ \t]+)?(?:I{1,3}|IV|[1-4])\))?"
    r"|(?:quadrant[ \t]+)?(?P<n>I{1,3}|IV|[1-4])",
    re.IGNORECASE,
)
_QUADRANT_NUMBER = {"i": 1, "ii": 2, "iii": 3, "iv": 4, "1": 1, "2": 2, "3": 3, "4": 4,
                    "first": 1, "second": 2, "third": 3, "fourth": 4, "1st": 1, "2nd": 2,
                    "3rd": 3, "4th": 4}


def _quadrant(text: str, question: str | None) -> int | None:
    """``same-quadrant``: the quadrant a text names ("II", "Quadrant 2", "the second quadrant"),
    when the question asks about quadrants; else None. A bare numeral names one only then."""
    if not question or "quadrant" not in question.lower():
        return None
    m = _QUADRANT_RE.fullmatch(_plain(text))
    if m is None:
        return None
    return _QUADRANT_NUMBER[(m.group("o") or m.group("n")).lower()]


def everyday_equal(answer: str, gold: str, question: str | None) -> tuple[str, str] | None:
    """(rule, reason) when ``answer`` is ``gold`` in one of the everyday forms above, else
    None. Called only once the usual comparison has found them unequal."""
    gold_duration = _duration(gold)
    if gold_duration is not None:
        if duration_seconds(answer) == gold_duration[1]:
            return "answer-equal-duration", "the same duration"
        if _bare_number_mixed(answer, gold_duration):
            return "answer-bare-number-duration", "the same duration in one of the gold's units"
        return None
    gold_mixed = mixed_quantity(gold) if len(gold) < 80 else None
    if gold_mixed is not None and len(gold_mixed[2]) >= 2:
        if mixed_quantity(answer) == gold_mixed:
            return "answer-equal-mixed-quantity", "the same amount in the same units"
        return None
    if ":" in gold and _military_time(answer, gold, question):
        return "answer-military-time", "the same 24-hour time"
    dated = _same_date(answer, gold, question)
    if dated is not None:
        return dated, "the same calendar date"
    gold_quadrant = _quadrant(gold, question)
    if gold_quadrant is not None and _quadrant(answer, question) == gold_quadrant:
        return "answer-same-quadrant", "the same quadrant"
    if _word_answer_sentence(answer, gold):
        return "answer-word-sentence", "a sentence that ends on the gold's words"
    return None
