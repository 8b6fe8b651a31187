"""Everyday answer forms (``_everyday``): each form in both directions."""

from __future__ import annotations

import pytest

from mathbeyond.verify._everyday import duration_seconds, everyday_equal

Q_SHIFT = "A shift starts at 10:45 PM and ends at 7:15 AM. How long is the shift?"
Q_CLOCK = "Convert 9:15 PM to 24-hour time."
Q_DATE = "What is the date of the 60th day of the year 2023?"
Q_SERIES = "Does the series converge or diverge?"


@pytest.mark.parametrize(
    ("answer", "gold", "question", "rule"),
    [
        ("200 minutes", "3 hours 20 minutes", Q_SHIFT, "answer-equal-duration"),
        ("8.5", "8 hours 30 minutes", Q_SHIFT, "answer-bare-number-duration"),
        ("510", "8 hours 30 minutes", Q_SHIFT, "answer-bare-number-duration"),
        ("2115 hours", "21:15", Q_CLOCK, "answer-military-time"),
        ("\\text{March 1, 2023}", "March 1", Q_DATE, "answer-date-with-asked-year"),
        ("9 June 2023", "June 9, 2023", Q_DATE, "answer-date-order"),
        ("\\text{the 9th of June, 2023}", "\\text{June 9, 2023}", Q_DATE, "answer-date-order"),
        ("\\text{The series diverges.}", "diverges", Q_SERIES, "answer-word-sentence"),
    ],
)
def test_equal_forms(answer: str, gold: str, question: str, rule: str) -> None:
    found = everyday_equal(answer, gold, question)
    assert found is not None and found[0] == rule


@pytest.mark.parametrize(
    ("answer", "gold", "question"),
    [
        ("8.3", "8 hours 30 minutes", Q_SHIFT),  # no unit of the gold gives it
        ("8", "8 hours", Q_SHIFT),  # a one-unit gold: a bare number is compared as a number
        ("2015 hours", "21:15", Q_CLOCK),
        ("2115", "21:15", "What time is it?"),  # 24-hour time not asked: digits are a number
        ("\\text{March 1, 2024}", "March 1", Q_DATE),  # not the asked year
        ("9 June 2024", "June 9, 2023", Q_DATE),
        ("June 9", "June 9, 2023", Q_DATE),  # a year the answer leaves out is not given
        ("\\text{The series does not diverge.}", "diverges", Q_SERIES),
        ("\\text{It converges or diverges}", "diverges", Q_SERIES),
        ("A or C", "C", "Which option?"),
    ],
)
def test_unequal_forms(answer: str, gold: str, question: str) -> None:
    assert everyday_equal(answer, gold, question) is None


def test_duration_seconds_reads_units_only() -> None:
    assert duration_seconds("3 h and 20 min") == 12000
    assert duration_seconds("200") is None
