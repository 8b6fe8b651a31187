"""Text helpers: boxed extraction, prompt-template stripping, scalar formatting."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mathbeyond.data import last_boxed, strip_prompt_template
from mathbeyond.data._text import DAPO_PREFIX, DAPO_SUFFIX, format_scalar
from mathbeyond.models import PROMPT_SUFFIX


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (r"so $x=\boxed{5}$.", "5"),
        (r"\boxed{1} then \boxed{2}", "2"),
        (r"\boxed{\frac{1}{2}}", r"\frac{1}{2}"),
        (r"\boxed{\{1, 2\}}", r"\{1, 2\}"),
        (r"\boxed{a^{b^{c}}} m", "a^{b^{c}}"),
        (r"\boxed{ 3 }", "3"),
        (r"\fbox{7}", "7"),
        (r"\framebox{8}", "8"),  # one box parser with the verifier (issue 16)
        (r"the answer is \boxed 5", "5"),
        (r"\boxedfoo{3}", None),
        (r"the answer is \boxed 42.", "42"),
        (r"\boxed{\left[0, 1\right)}", r"\left[0, 1\right)"),
        (r"no box here", None),
        (r"\boxed{unclosed", None),
        (r"\boxed{a}} extra", "a"),
    ],
)
def test_last_boxed(text: str, expected: str | None) -> None:
    assert last_boxed(text) == expected


@given(st.text(alphabet="abc{}\\ 12", max_size=30))
def test_last_boxed_is_balanced(inner: str) -> None:
    out = last_boxed("x " + r"\boxed{" + inner + "}")
    if out is not None:
        depth = 0
        i = 0
        while i < len(out):
            if out[i] == "\\":
                i += 2
                continue
            depth += {"{": 1, "}": -1}.get(out[i], 0)
            assert depth >= 0
            i += 1
        assert depth == 0


def test_strip_dapo_template() -> None:
    raw = f"{DAPO_PREFIX}\n\nFind $x$ if $x+1=2$.\n\n{DAPO_SUFFIX}"
    assert strip_prompt_template(raw) == "Find $x$ if $x+1=2$."


def test_strip_step_by_step_suffix() -> None:
    raw = f"Compute $1+1$. {PROMPT_SUFFIX}"
    assert strip_prompt_template(raw) == "Compute $1+1$."


def test_strip_leaves_bare_problem() -> None:
    assert strip_prompt_template("  What is 2+2?\n") == "What is 2+2?"


@pytest.mark.parametrize(
    ("value", "expected"),
    [(27.0, "27"), (2.5, "2.5"), (3, "3"), (" x ", "x"), (None, None), (True, "True")],
)
def test_format_scalar(value: object, expected: str | None) -> None:
    assert format_scalar(value) == expected


def test_format_scalar_rejects_containers() -> None:
    with pytest.raises(TypeError):
        format_scalar({"a": 1})


@pytest.mark.parametrize(
    "text", [r"\framebox{8}", r"so \boxed 5", r"\fbox{x+1}", r"\boxed{\frac{1}{2}} and \boxed{3}"]
)
def test_last_boxed_agrees_with_the_verifier(text: str) -> None:
    from mathbeyond.verify._extract import extract

    found = extract("The answer is " + text)
    assert found is not None and found.text.split(", ")[-1].strip() == last_boxed(text)
