"""Numbers written in words (``_words``): values and the digit spelling of a closing line."""

from __future__ import annotations

from fractions import Fraction

import pytest

from mathbeyond.verify._words import spelled_in_digits, worded_value


@pytest.mark.parametrize(
    ("phrase", "value"),
    [
        ("seven", 7), ("twenty-five", 25), ("Ninety nine", 99), ("one", 1), ("one apple", 1),
        ("three hundred and two", 302), ("sixteen hundred", 1600),
        ("three thousand two hundred", 3200), ("two thousand and twelve", 2012),
        ("sixty miles per hour", 60), ("forty-five km per hour", 45), ("twelve eggs.", 12),
        ("two thirds", Fraction(2, 3)), ("three-quarters", Fraction(3, 4)),
        ("one half", Fraction(1, 2)), ("five eighths", Fraction(5, 8)),
    ],
)
def test_worded_value(phrase: str, value: int | Fraction) -> None:
    assert worded_value(phrase) == value


@pytest.mark.parametrize(
    "phrase",
    ["one more than x", "seven times three", "twelve or thirteen", "a third", "hundred",
     "five hundred hundred", "three thousand thousand", "seventy 7", "tenth", "one " * 50],
)
def test_not_a_worded_value(phrase: str) -> None:
    assert worded_value(phrase) is None


@pytest.mark.parametrize(
    ("line", "spelled"),
    [
        ("So, three boxes hold thirty-six eggs.", "So, 3 boxes hold 36 eggs."),
        ("Therefore, two-thirds of the class passed.", "Therefore, 2/3 of the class passed."),
        ("Seventeen is the answer.", "17 is the answer."),
        # a line with digits: only its last sentence
        ("Each face has 4 edges. Three faces meet. So a cube has twelve edges.",
         "Each face has 4 edges. Three faces meet. So a cube has 12 edges."),
        ("so x equals negative five", "so x equals -5"),
        ("We get 3x = -15. So x is negative 5.", "We get 3x = -15. So x is -5."),
        # "one" alone is a pronoun far more often than a value: never read
        ("No one knows, but the one on the left has twelve sides.",
         "No one knows, but the one on the left has 12 sides."),
    ],
)
def test_spelled_in_digits(line: str, spelled: str) -> None:
    assert spelled_in_digits(line) == spelled


@pytest.mark.parametrize(
    "line",
    ["Three cases remain. We get 6 faces.", "No one can tell.", "Often, frequently, weighty.",
     "We combine the two groups and look at both halves again.",
     "\\textbf{tenth} place", ""],
)
def test_lines_left_as_written(line: str) -> None:
    assert spelled_in_digits(line) is None
