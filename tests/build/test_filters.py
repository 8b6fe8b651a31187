"""Each quality filter, both ways (what it removes and a near miss it keeps)."""

from __future__ import annotations

import pytest

from mathbeyond.build import (
    FilterConfig,
    apply_filters,
    cjk,
    empty_or_garbled,
    figure_reference,
    integer_gold_details,
    multiple_choice,
)
from mathbeyond.build._filters import repair_escapes
from mathbeyond.data import Problem


def P(text: str, answer: str = "5", pid: str = "t/0") -> Problem:
    return Problem(pid, text, answer, "test")


@pytest.mark.parametrize(
    "text",
    [
        "Which is largest? (A) 1 (B) 2 (C) 3 (D) 4",
        "Find x. $\\textbf{(A)}\\ 1 \\qquad \\textbf{(B)}\\ 2 \\qquad \\textbf{(C)}\\ 3$",
        "How many?\n\nA) 16\nB) 20\nC) 24\nD) 30",
        "How many?\nA. 1\nB. 2\nC. 3",
    ],
)
def test_multiple_choice_removed(text: str) -> None:
    assert multiple_choice(P(text)) is not None


@pytest.mark.parametrize(
    "text",
    [
        "Events A, B, C have P(A) = 0.2, P(B) = 0.3 and P(C) = 0.5. Find P(A or B).",
        "Let f(A) be the area of region (A) in the plane; find it.",
        "Points A, B and C lie on a circle.",
        "Find tan A tan B. [asy] D = (A + reflect(B,C)*(A))/2; E = (B + reflect(C,A)*(B))/2; "
        "F = (C + reflect(A,B)*(C))/2; [/asy]",
    ],
)
def test_multiple_choice_kept(text: str) -> None:
    assert multiple_choice(P(text)) is None


def test_letter_gold_with_two_options_is_multiple_choice() -> None:
    assert multiple_choice(P("Pick one: (A) yes (B) no", "B")) is not None
    assert multiple_choice(P("Pick one: (A) yes (B) no", "7")) is None


def test_cjk_both_ways() -> None:
    assert cjk(P("求 $x$ 的值")) == "CJK character '求'"
    assert cjk(P("Find $x$ (full-width comma，is not CJK text)")) is None
    assert cjk(P("Find x", "五")) is not None
    assert cjk(P("Compute the résumé of Σ and π")) is None


@pytest.mark.parametrize(
    "text",
    [
        "In the figure, the outer triangle has area 16. Find the inner area.",
        "The diagram shows a circle of radius 24. Find r.",
        "Two triangles are collinear as shown. Find x.",
        "Three hexagons are shown below. How many dots are in the next one?",
        "Find the shaded area. [img]https://example.org/a.png[/img]",
        "See \\includegraphics{fig1} and find the area.",
    ],
)
def test_figure_reference_removed(text: str) -> None:
    assert figure_reference(P(text)) is not None


@pytest.mark.parametrize(
    "text",
    [
        "[asy] draw((0,0)--(1,1)); [/asy] In the figure above, find the slope.",
        "Emily mentally figures the value of $40^2$ and adds 164. Find 42^2.",
        "The image of $P$ after the rotation is $(1, 2)$. Find $P$.",
        "The class lined up for a picture on Picture Day. How many students are there?",
        "What is the probability of drawing two red marbles?",
    ],
)
def test_figure_reference_kept(text: str) -> None:
    assert figure_reference(P(text)) is None


@pytest.mark.parametrize(
    ("text", "answer"),
    [
        ("", "5"),
        ("Find the value of x if 2x = 10.", "  "),
        ("Find x.", "5"),
        ("Find the value of $x$ if $\\frac{x}{2 = 5$.", "10"),
        ("Find the value of x if 2x = 10, \ufffd.", "5"),
    ],
)
def test_empty_or_garbled_removed(text: str, answer: str) -> None:
    assert empty_or_garbled(P(text, answer)) is not None


@pytest.mark.parametrize(
    "text",
    ["Evaluate $|7-24i|$.", "$3^3 + 3^3 + 3^3 =$", "Find the set $\\{1, 2\\}$ sum."],
)
def test_empty_or_garbled_kept(text: str) -> None:
    assert empty_or_garbled(P(text)) is None


def test_repair_restores_eaten_backslashes_and_drops_debris() -> None:
    fixed = repair_escapes(P("Given $m^2=\x0crac{p}{q}$ and $a \x14\\le b$, find p+q."))
    assert fixed.problem == "Given $m^2=\\frac{p}{q}$ and $a  \\le b$, find p+q."
    assert fixed.metadata["repaired"]
    assert empty_or_garbled(fixed) is None
    untouched = P("Plain text.\nSecond line.")
    assert repair_escapes(untouched) is untouched


def test_integer_gold_uses_the_verifier_both_ways() -> None:
    golds = ["42", "-7", "1{,}000", "5^\\circ", "\\frac{6}{3}", "\\frac{1}{2}", "3, 5",
             "2\\sqrt{3}", "x", "0.4"]
    details = integer_gold_details(golds, timeout=5.0)
    verdict = dict(zip(golds, (d is None for d in details), strict=True))
    assert verdict["42"] and verdict["-7"] and verdict["1{,}000"] and verdict["5^\\circ"]
    assert not verdict["\\frac{1}{2}"] and not verdict["3, 5"] and not verdict["2\\sqrt{3}"]
    assert not verdict["x"] and not verdict["0.4"]
    assert verdict["\\frac{6}{3}"]  # = 2: the quotient is a candidate, the verifier confirms


def test_apply_filters_names_the_filter_and_is_switchable() -> None:
    problems = [
        P("Which is largest? (A) 1 (B) 2 (C) 3", "3", "t/0"),
        P("求 $x$ 的值 where 2x=4", "2", "t/1"),
        P("Compute the half of one please.", "\\frac12", "t/2"),
        P("Compute two plus two please.", "4", "t/3"),
    ]
    kept, removed = apply_filters(problems, FilterConfig())
    assert [p.id for p in kept] == ["t/3"]
    assert {r.problem.id: r.filter for r in removed} == {
        "t/0": "multiple_choice", "t/1": "cjk", "t/2": "integer_gold"}
    off = FilterConfig(multiple_choice=False, cjk=False, integer_gold=False)
    kept, removed = apply_filters(problems, off)
    assert len(kept) == 4 and not removed
