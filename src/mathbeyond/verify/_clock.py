"""Times of day: a clock time read from a closing sentence, and two clock times compared.

``closing-clock-time``: a question that asks for a time of day ("At what time does it land?",
"What is the latest time she can wake up?") is answered by the clock time of the closing
sentence, with its marker ("The credits roll at 10:15 PM.", "... at 11:05 in the morning.",
"16:50"). A time that the question itself states (the departure time, a deadline) is given data,
not the answer: among several times in the sentence, those are dropped first.

Comparison (:func:`same_clock_time`): ``10:15 PM``, ``10:15 p.m.``, ``10:15 in the evening`` and
``22:15`` are one time; ``10:15 AM`` is another. A time without a marker and with an hour of 12
or less names no half of the day: it equals a gold without a marker only (see ``_compare``).
"""

from __future__ import annotations

import re

from . import _lexicon as lx

_DAY_PARTS = {part: half for half, parts in lx.DAY_PART.items() for part in parts}
_CLOCK_RE = re.compile(
    r"(?<![\d:.,])(?P<h>[01]?\d|2[0-3])(?::|\{:\})(?P<m>[0-5]\d)(?![\d:])"
    r"(?:[ \t]*(?:\\(?:text|mathrm)\{[ \t]*)?(?P<mer>[ap])\.?[ \t]?m(?:\.|\b)\}?"
    r"|[ \t]+(?P<part>" + lx.alternation(tuple(_DAY_PARTS)) + r")\b)?",
    re.IGNORECASE,
)
_ASKED_RE = re.compile(
    r"\b(?:what|which)[ \t]+time\b|\bwhat[ \t]+is[ \t]+the[ \t]+(?:latest|earliest)[ \t]+time\b"
    # "What is the arrival time on a 24-hour clock?": a time of day named by its event
    r"|\bwhat[ \t]+(?:is|was|will[ \t]+be)[ \t]+the[ \t]+(?:arrival|departure|start(?:ing)?|"
    r"end(?:ing)?|finish(?:ing)?|landing|meeting|closing|opening|local)[ \t]+time\b",
    re.IGNORECASE,
)


TWENTY_FOUR_HOUR_RE = re.compile(r"\b24[- ]hour\b|\bHH:MM\b", re.IGNORECASE)
"""A question asking for a 24-hour time ("Give your answer in 24-hour format (HH:MM).")."""


TWELVE_HOUR_RE = re.compile(
    r"\b12[- ]hour\b|\bAM/PM\b|\b(?:AM|a\.m\.)[ \t]+or[ \t]+(?:PM|p\.m\.)", re.IGNORECASE
)
"""A question asking for a 12-hour time ("(Use a 12-hour clock.)", "Give the time with AM or
PM.")."""


_WHEN_EVENT_RE = re.compile(  # "When does it land?" (a time of day when the question is about one)
    r"\bwhen[ \t]+(?:does|did|will|do|would)\b[^?.\n]{0,60}?\b(?:land|arrive|end|finish|start|"
    r"begin|leave|depart|open|close|meet|ring|stop|return|get[ \t]+back)s?\b",
    re.IGNORECASE,
)
_CLOCK_HINT_RE = re.compile(
    r"\b\d{1,2}:\d{2}\b|\b(?:24|12)-hour\b|\b[ap]\.?m\.?(?![a-z])|\bo'clock\b", re.IGNORECASE
)


def clock_asked(question: str) -> bool:
    """Whether the question asks for a time of day (``when-event-clock``: also "When does it
    land?" in a question that gives or names clock times)."""
    return _ASKED_RE.search(question) is not None or (
        "hen" in question and _WHEN_EVENT_RE.search(question) is not None
        and _CLOCK_HINT_RE.search(question) is not None
    )


def _minutes(m: re.Match[str]) -> tuple[int, bool]:
    """Minutes after midnight, and whether the time names its half of the day."""
    hour, minute = int(m.group("h")), int(m.group("m"))
    half = (m.group("mer") or "").lower() or _DAY_PARTS.get(
        " ".join((m.group("part") or "").lower().split())
    )
    if half is None:
        if hour > 12 or (hour == 0 or m.group("h").startswith("0")):
            return hour * 60 + minute, True  # 16:50, 00:30, 07:45: a 24-hour time
        return hour * 60 + minute, False
    if hour > 12:  # "16:50 p.m.": the hour already says it
        return hour * 60 + minute, True
    hour %= 12
    return (hour + (12 if half == "p" else 0)) * 60 + minute, True


def _written(minutes: int, named: bool) -> str:
    hour, minute = divmod(minutes, 60)
    if not named:
        return f"{hour}:{minute:02d}"
    half = "PM" if hour >= 12 else "AM"
    return f"{(hour - 1) % 12 + 1}:{minute:02d} {half}"


def _times(text: str) -> list[tuple[int, bool]]:
    return list(dict.fromkeys(_minutes(m) for m in _CLOCK_RE.finditer(text)))


def closing_clock_time(sentence: str, question: str, clause: str | None = None) -> str | None:
    """The clock time a closing sentence answers with (written ``h:mm AM/PM`` when it names its
    half of the day), or None. Several times: those the question states are dropped; if several
    still remain, the one time of the sentence's concluding ``clause`` (when given) decides."""
    times = _times(sentence)
    if len(times) > 1:
        given = set(_times(question))
        times = [t for t in times if t not in given] or times
    if len(times) > 1 and clause is not None:
        times = [t for t in _times(clause) if t in times]
    if len(times) != 1:
        return None
    minutes, named = times[0]
    written = [m for m in _CLOCK_RE.finditer(clause or sentence) if _minutes(m) == times[0]]
    if TWENTY_FOUR_HOUR_RE.search(question) and (
        not any(m.group("mer") or m.group("part") for m in _CLOCK_RE.finditer(clause or sentence))
        or any(not (m.group("mer") or m.group("part")) and int(m.group("h")) > 12 for m in written)
    ):  # asked for a 24-hour time and written as one ("20:15"; also beside its 12-hour form,
        # "15:15, i.e., 3:15 PM"): kept in that form
        return f"{minutes // 60:02d}:{minutes % 60:02d}"
    if TWELVE_HOUR_RE.search(question) and written and all(
        not (m.group("mer") or m.group("part")) and (int(m.group("h")) > 12 or m.group("h") == "0"
                                                       or m.group("h") == "00")
        for m in written
    ):  # ``twenty-four-hour-where-twelve-asked``: "(Use a 12-hour clock.)" answered "13:05":
        return f"{minutes // 60:02d}:{minutes % 60:02d}"  # kept as written, not the asked form
    return _written(minutes, named)


_TEXT_WRAP_RE = re.compile(r"\$?[ \t]*\\(?:text|mathrm)\{([^{}]{1,40})\}[ \t]*\$?")


def _unwrapped(text: str) -> str:
    """``text`` without a whole-text font wrapper: "\\text{6:15 PM}" is "6:15 PM"."""
    m = _TEXT_WRAP_RE.fullmatch(text.strip())
    return (m.group(1) if m is not None else text).strip()


def same_clock_time(answer: str, gold: str) -> bool | None:
    """Whether two texts that are each one clock time (nothing else) are the same time; None when
    either is not a clock time or neither names its half of the day (left to the caller)."""
    a, g = _CLOCK_RE.fullmatch(_unwrapped(answer)), _CLOCK_RE.fullmatch(_unwrapped(gold))
    if a is None or g is None:
        return None
    (am, a_named), (gm, g_named) = _minutes(a), _minutes(g)
    if not g_named:
        return None
    return a_named and am == gm
