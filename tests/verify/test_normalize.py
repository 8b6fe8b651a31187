"""``cap_blank_runs``: its literal pre-checks find exactly the runs the plain patterns find."""

from __future__ import annotations

import random
import re

import pytest

from mathbeyond.verify._normalize import BLANK_LINES_CAP, BLANK_RUN_CAP, cap_blank_runs, clean

_SPACES_RE = re.compile(rf"[ \t]{{{BLANK_RUN_CAP + 1},}}")
_LINES_RE = re.compile(rf"(?:[ \t]*\n){{{BLANK_LINES_CAP + 1},}}")


def _reference(text: str) -> str:
    """The cap with the plain patterns only (as before the literal pre-checks)."""
    text = _SPACES_RE.sub(lambda m: m.group(0)[:BLANK_RUN_CAP], text)
    return _LINES_RE.sub("\n" * BLANK_LINES_CAP, text)


def _blank_heavy(rng: random.Random) -> str:
    pieces = []
    for _ in range(rng.randint(1, 12)):
        kind = rng.random()
        if kind < 0.3:
            pieces.append(rng.choice(["x", "So $5$.", "ab", "\\boxed{7}"]))
        elif kind < 0.6:
            pieces.append(" " * rng.randint(0, 70))
        elif kind < 0.75:
            pieces.append("".join(rng.choice(" \t") for _ in range(rng.randint(0, 70))))
        else:
            pieces.append("".join(rng.choice("\n\n\n \t") for _ in range(rng.randint(0, 30))))
    return "".join(pieces)


@pytest.mark.parametrize("seed", range(4))
def test_cap_blank_runs_equals_the_plain_patterns(seed: int) -> None:
    rng = random.Random(seed)
    changed = 0
    for _ in range(2_000):
        text = _blank_heavy(rng)
        got = cap_blank_runs(text)
        assert got == _reference(text), repr(text)
        changed += got != text
    assert changed > 200  # the cases exercise both caps, not only texts left alone


def test_cap_keeps_short_runs_and_caps_long_ones() -> None:
    assert cap_blank_runs("a" + " " * BLANK_RUN_CAP + "b") == "a" + " " * BLANK_RUN_CAP + "b"
    assert cap_blank_runs("a" + " " * 40 + "b") == "a" + " " * BLANK_RUN_CAP + "b"
    assert cap_blank_runs("a" + " \t" * 20 + "b") == "a" + (" \t" * 20)[:BLANK_RUN_CAP] + "b"
    assert cap_blank_runs("a" + "\n \n" * 6 + "b") == "a" + "\n" * BLANK_LINES_CAP + "b"
    assert cap_blank_runs("a\n\n\nb") == "a\n\n\nb"


@pytest.mark.parametrize(
    ("raw", "union"),
    [
        ("all real numbers except $x = 2$ and $x = -2$",
         "(-\\infty, -2) \\cup (-2, 2) \\cup (2, \\infty)"),
        ("All real $x$ with $x \\neq \\pm 1$", "(-\\infty, -1) \\cup (-1, 1) \\cup (1, \\infty)"),
        ("every real number other than $-2$, $0$ and $2$",
         "(-\\infty, -2) \\cup (-2, 0) \\cup (0, 2) \\cup (2, \\infty)"),
        ("$x \\ne 3$ and $x \\ne 1/2$", "(-\\infty, 1/2) \\cup (1/2, 3) \\cup (3, \\infty)"),
    ],
)
def test_reals_except_in_words_is_a_union_of_intervals(raw: str, union: str) -> None:
    assert clean(raw).text == clean(union).text


@pytest.mark.parametrize(
    "raw",
    [
        "all real numbers except $x = 2$ and $y = -2$",  # two variables: no one set
        "all real $x$ with $x > 2$",  # an inequality, not an exclusion
        "all real numbers except the roots of $p$",  # no numbers named
        "all real $x$ with $x = 2$",  # "with x = 2" is no exclusion
    ],
)
def test_reals_except_leaves_other_texts(raw: str) -> None:
    assert "\\cup" not in clean(raw).text
