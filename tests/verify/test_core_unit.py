"""Unit tests of the verifier core's parts: bounds, parser exactness, extraction, robustness."""

from __future__ import annotations

import sys
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mathbeyond.verify import _core
from mathbeyond.verify._core import VERIFIER_VERSION, verify_unbounded
from mathbeyond.verify._extract import extract
from mathbeyond.verify._latex import LimitError, ParseError, parse_expr_latex
from mathbeyond.verify._types import Status, Verdict


def test_version_string() -> None:
    assert isinstance(VERIFIER_VERSION, str) and VERIFIER_VERSION


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("\\frac{1}{2}", "1/2"),
        ("\\frac12", "1/2"),
        ("2\\frac{1}{2}", "5/2"),
        ("-2\\frac{1}{2}", "-5/2"),
        ("0.125", "1/8"),
        ("2^{10}", "1024"),
        ("2^-1", "1/2"),
        ("5!", "120"),
        ("\\binom{5}{2}", "10"),
        ("|{-3}|", "3"),
        ("\\lfloor 2.5 \\rfloor", "2"),
        ("\\sqrt[3]{27}", "3"),
    ],
)
def test_parser_exact_values(text: str, expected: str) -> None:
    import sympy

    assert parse_expr_latex(text) == sympy.Rational(expected)


@pytest.mark.parametrize(
    "text",
    ["9^{9^{9^{9}}}", "10^{100000}", "5000!", "x^{100000}", "1" * 400, "\\binom{100000}{3}"],
)
def test_parser_refuses_huge_values(text: str) -> None:
    with pytest.raises(LimitError):
        parse_expr_latex(text)


@pytest.mark.parametrize("text", ["(" * 100 + "1" + ")" * 100, "\\sqrt{" * 80 + "2" + "}" * 80])
def test_parser_bounds_nesting(text: str) -> None:
    with pytest.raises(LimitError):
        parse_expr_latex(text)


@pytest.mark.parametrize("text", ["", "1/0", "\\frac{1}{0}", "__import__('os')", "\\foo{1}", "(1"])
def test_parser_rejects_bad_input(text: str) -> None:
    with pytest.raises((ParseError, LimitError)):
        parse_expr_latex(text)


def test_integer_fast_path_reason() -> None:
    v = verify_unbounded("so \\boxed{12}", "12")
    assert v.correct and v.reason == "integer match" and v.extracted == "12"
    v = verify_unbounded("so \\boxed{13}", "12")
    assert v.status is Status.INCORRECT


def test_statuses() -> None:
    assert verify_unbounded("no answer here and then", "12").status is Status.NO_ANSWER
    assert verify_unbounded("\\boxed{5}", "\\frac{").status is Status.UNPARSEABLE_GOLD
    assert verify_unbounded("\\boxed{5}", "  ").status is Status.UNPARSEABLE_GOLD
    tower = verify_unbounded("\\boxed{9^{9^{9^{9}}}}", "\\frac{1}{2}")
    assert tower.status is Status.LIMIT_EXCEEDED
    assert verify_unbounded("x" * (_core.MAX_COMPLETION_CHARS + 1), "1").status is (
        Status.LIMIT_EXCEEDED
    )


def test_deterministic() -> None:
    args = ("The answer is $\\boxed{\\frac{x^2-1}{x-1}}$.", "x+1")
    assert verify_unbounded(*args) == verify_unbounded(*args)
    assert verify_unbounded(*args).correct


def test_extract_prefers_post_think_answer() -> None:
    found = extract("<think>\\boxed{1}</think> The answer is $\\boxed{2}$.")
    assert found is not None and found.text == "2"


# Inputs that would make a backtracking regex or a recursive matcher blow up. No timing asserted:
# a regression here shows up as a hung test run.
PATHOLOGICAL = [
    "\\boxed{" * 20000,
    "{" * 50000 + "}" * 50000,
    "The answer is " * 7000,
    "answer: " * 10000 + "5",
    "$" * 100000,
    "\\(" * 30000,
    "So x = " + "1 = " * 20000,
    "a" * 100000,
    " " * 100000 + "\\boxed{5}",
    "**" * 50000,
    "\n" * 100000,
    "1,000," * 15000,
    "Therefore " + "is " * 30000 + "5.",
    "\\boxed{" * 30000 + "}" * 30000,
    "\\boxed{1}" + " x =" * 30000 + "!\\boxed{2}",
    "a\nTherefore " + "is is " * 330 + "x.",
    "The answer is " + "$1$ and " * 20000,
    "\\boxed{" + "\\text{a}" * 20000 + "}",
    "\\boxed{0." + "\\overline{3}" * 5000 + "}",
    "\\boxed{x^{x^{x^{x^{x^{x}}}}}}",  # a symbolic power tower: sympy grew to ~24 GB on one
    "\\boxed{e^{e^{e^{e^{Cm e}}}}}",  # e^x is sympy's exp(), not a Pow: bounded the same way
]


# The verdict each pathological input must get (gold "5"): none of them is a correct answer
# except the two that end with a real committed 5 ("answer: ... 5", spaces then \boxed{5}).
PATHOLOGICAL_STATUS = [
    "no_answer", "no_answer", "incorrect", "correct", "no_answer", "no_answer", "no_answer",
    "no_answer", "correct", "no_answer", "no_answer", "no_answer", "no_answer", "no_answer",
    "incorrect", "incorrect", "limit_exceeded", "limit_exceeded", "limit_exceeded",
    "limit_exceeded", "limit_exceeded",
]


def _calls(fn: Callable[[], object]) -> tuple[object, int]:
    """Run ``fn`` counting Python and C function calls: a deterministic measure of work."""
    count = 0

    def prof(frame: object, event: str, arg: object) -> None:
        nonlocal count
        if event in ("call", "c_call"):
            count += 1

    sys.setprofile(prof)
    try:
        out = fn()
    finally:
        sys.setprofile(None)
    return out, count


@pytest.mark.parametrize(
    ("text", "status"), list(zip(PATHOLOGICAL, PATHOLOGICAL_STATUS, strict=True)),
    ids=range(len(PATHOLOGICAL)),
)
def test_pathological_inputs_terminate(text: str, status: str) -> None:
    verify_unbounded("The answer is $\\frac{1}{2}+x$.", "x")  # imports and caches outside the count
    v, calls = _calls(lambda: verify_unbounded(text, "5"))
    assert isinstance(v, Verdict)
    assert v.status.value == status, v
    # work grows at most linearly with the input: a few function calls per character
    assert calls <= 10 * len(text) + 20_000, calls


_FRAGMENTS = [
    "\\frac", "{", "}", "(", ")", "[", "]", "\\sqrt", "^", "_", "x", "2", "0", "-", "+", "/", "=",
    "<", "\\le", ",", "\\pi", "\\infty", "\\cup", "\\{", "\\}", "|", "!", "\\text{", "and", "\\pm",
    "\\boxed{", "\\left(", "\\right)", ".", "\\%", "$", "\\circ", "i", "\\sin", "\\log", "\\\\",
    "&", "\\begin{pmatrix}", "\\end{pmatrix}", ":", "(B)", "\\overline{", "Answer:", "</think>",
    "<think>", " ", "\n", "9", "1,000",
]


@settings(max_examples=300, deadline=None, derandomize=True)
@given(
    st.lists(st.sampled_from(_FRAGMENTS), max_size=40),
    st.sampled_from(["12", "\\frac{1}{2}", "(1,2)", "x+1", "[2,5)", "B", "2, 3", "\\pm 2"]),
)
def test_never_raises_and_is_deterministic(fragments: list[str], gold: str) -> None:
    completion = "The answer is " + "".join(fragments)
    first = verify_unbounded(completion, gold, "Pick one: (A) 1 (B) 2 (C) 3")
    assert first.correct == (first.status is Status.CORRECT)
    assert verify_unbounded(completion, gold, "Pick one: (A) 1 (B) 2 (C) 3") == first


def test_judged_answers_are_remembered_as_a_fresh_call_gives_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The comparison cache: a remembered result is the one a fresh call gives; a
    ``limit_exceeded`` result is never stored; the cache stays bounded."""
    monkeypatch.setattr(_core, "_JUDGED", {})
    cases = [
        ("So $\\boxed{\\sqrt{2}}$.", "2", None),
        ("Thus $\\boxed{\\frac{6}{3}}$.", "2", None),
        ("Factor: $\\boxed{ab+5b+2a+10}$", "(a+5)(b+2)", "Factor $ab+5b+2a+10$."),
        ("The answer is $\\boxed{p+q=101}$.", "101", None),
    ]
    fresh = [_core.verify_fields(*c) for c in cases]  # first call: computed and stored
    assert len(_core._JUDGED) == len(cases)
    assert [_core.verify_fields(*c) for c in cases] == fresh  # second call: remembered
    monkeypatch.setattr(_core, "FAST_INTEGER_PATH", False)  # no cache, no fast path
    assert [_core.verify_fields(*c) for c in cases] == fresh
    monkeypatch.setattr(_core, "FAST_INTEGER_PATH", True)

    stopped = (Status.LIMIT_EXCEEDED, "comparison exceeds size limits: x", None)
    monkeypatch.setattr(_core, "_JUDGED", {})
    monkeypatch.setattr(_core, "_judge_answer", lambda a, g, q: stopped)
    assert _core.verify_fields("So $\\boxed{\\pi}$.", "3")[1] is Status.LIMIT_EXCEEDED
    assert _core._JUDGED == {}

    monkeypatch.setattr(_core, "_MAX_JUDGED", 3)
    monkeypatch.setattr(_core, "_judge_answer", lambda a, g, q: (Status.INCORRECT, "r", None))
    for n in range(5):
        _core.verify_fields(f"So $\\boxed{{\\sqrt{{{n + 2}}}}}$.", "3")
    assert len(_core._JUDGED) == 3


def test_report_hint_words_cover_every_report_opener() -> None:
    """``_report_hint`` gates the grading-block pass by chained ``in`` tests on the words of
    ``_REPORT_HINTS``: every opener of the lexicon holds one, and each word opens the gate."""
    import re as _re

    from mathbeyond.verify import _extract as ex
    from mathbeyond.verify import _lexicon as lx

    for phrase in lx.REPORT_BLOCK_OPENER:
        sample = _re.sub(r"\(\?:([^|)]*)[^)]*\)\??", r"\1", phrase).replace("\\s*", "")
        assert any(h in sample for h in ex._REPORT_HINTS), phrase
    for hint in ex._REPORT_HINTS:
        text = f"x = 5.\n{hint} answer: 5"
        assert ex._report_hint(text) == ex._REPORT_BLOCK_RE.may_match(text), hint
        assert ex._report_hint(text) or not ex._REPORT_BLOCK_RE.may_match(text)
    assert not ex._report_hint("The final answer is $\\boxed{5}$.")


@pytest.mark.parametrize(
    "box",
    [
        "(10^{10not \\boxed{6}^{10}})!",  # a fuzz case: 10 to the 604661760·n·o·t, then "!"
        "2^{5000n} - 1",
    ],
)
def test_huge_symbolic_exponent_is_judged_without_evaluating_it(box: str) -> None:
    """``huge-symbolic-exponent``: a power with a symbol and a large number in its exponent is
    never evaluated at a point or simplified (each builds an integer of millions of digits; the
    unbounded judge hung on the first box): the answer is not equal to an integer gold."""
    completion = f"Therefore, the final answer is \\(\\boxed{{{box}}}\\)."
    verdict = verify_unbounded(completion, "1")
    assert verdict.status is Status.INCORRECT and verdict.reason == "not equivalent"
