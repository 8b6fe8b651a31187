"""Extraction as named rules: the lexicon's builders, Verdict.rule, explain, finish_reason."""

from __future__ import annotations

import re

import pytest

from mathbeyond.verify import _lexicon as lx
from mathbeyond.verify import verify
from mathbeyond.verify._core import verify_unbounded
from mathbeyond.verify._extract import explain
from mathbeyond.verify._rules import _ARITH_FACT_RE


def test_builders_match_whole_words_and_spaces() -> None:
    rx = lx.words(("as a check", "oops"))
    assert rx.search("Oops, as  a\ncheck")
    assert not rx.search("whoopsie")
    assert lx.stems(("verif",)).search("verifying")


def test_arithmetic_fact_class_has_no_letters() -> None:
    # the old class [\\d\\s+\\-*/^().\\cdottimes] matched the letters c,d,o,t,i,m,e,s
    assert _ARITH_FACT_RE.fullmatch("2\\cdot 3 + 1 = 7")
    assert _ARITH_FACT_RE.fullmatch("4 \\times 5 = 20")
    for labelled in ("t = 5", "s = 2", "c + d = 3", "time = 4"):
        assert not _ARITH_FACT_RE.fullmatch(labelled)


@pytest.mark.parametrize(
    ("completion", "rule"),
    [
        ("So the answer is $\\boxed{4}$.", "last-box"),
        ("The area is $\\boxed{35}$.\n\nSide note: the perimeter would be $\\boxed{24}$.",
         "last-box"),
        ("Answer: 7", "last-anchor"),
        ("We add them, so the total is $12$.", "closing-sentence"),
        ("Thus $\\boxed{3}$. Wait, I made an error.", "retracted"),
    ],
)
def test_verdict_names_the_rule(completion: str, rule: str) -> None:
    assert verify_unbounded(completion, "4").rule == rule


def test_explain_lists_dropped_candidates_with_their_rule() -> None:
    text = "The area is $\\boxed{35}$.\n\nSide note: the perimeter would be $\\boxed{24}$."
    found = explain(text)
    assert found.text == "35"
    dropped = {d.candidate.text: d.rule for d in found.decisions if not d.kept}
    assert dropped == {"24": "later-box-is-side-remark"}
    kept = [d.candidate.text for d in found.decisions if d.kept]
    assert kept == ["35"]


def test_lexicon_lists_are_written_once() -> None:
    seen: dict[str, str] = {}
    for name, value in vars(lx).items():
        if name.isupper() and isinstance(value, tuple):
            for phrase in value:
                re.compile(phrase)  # each phrase is a valid fragment
            seen[name] = name
    wanted = {"RETRACTION", "CONFIRMATION", "CHECK", "HYPOTHETICAL", "CONCLUSION", "DISOWNING"}
    assert wanted <= set(seen)


def test_finish_reason_length_through_the_public_api() -> None:
    text = "Adding everything, the total is 81."
    assert verify(text, "81").correct
    cut = verify(text, "81", finish_reason="length")
    assert not cut.correct and cut.status.value == "no_answer"
    assert verify("So $\\boxed{81}$. Let me also check the", "81", finish_reason="length").correct


@pytest.mark.parametrize(
    ("completion", "gold", "question", "rule", "dropped"),
    [
        ("The sum is $\\boxed{24}$. Also, the perimeter $= \\boxed{18}$.", "24", None,
         "last-box", {"18": "later-box-other-quantity"}),
        ("Their sum is $\\boxed{24}$. The largest of them is $\\boxed{9}$.", "24", None,
         "last-box", {"9": "later-box-other-quantity"}),
        ("So $x = \\boxed{5}$.\n\nNext exercise: $2+2 = \\boxed{4}$.", "5", None,
         "last-box", {"4": "after-other-problem"}),
        ("So $x = \\boxed{5}$. (Substituting back: 5 * 7 = \\boxed{35}.)", "5", None,
         "last-box", {"35": "inline-check"}),
        ("So $\\boxed{18}$. Hmm, so I retract 18: the derivative at 2 is 12.", "12", None,
         "unboxed-correction-after-retraction", {"18": "retracted"}),
        ("Example: the square of 5 is $\\boxed{25}$.", "", "Example: the square of 5 is "
         "$\\boxed{25}$. Now find the square of 7.", "no-candidate",
         {"25": "box-copied-from-question"}),
        ("Perimeter = 2 x (length + width) = 2 x 11 = 22 metres.", "22", None,
         "closing-equation-chain", {}),
    ],
)
def test_audit_class_rules_are_named(
    completion: str, gold: str, question: str | None, rule: str, dropped: dict[str, str]
) -> None:
    found = explain(completion, question)
    assert found.rule == rule
    assert {d.candidate.text: d.rule for d in found.decisions if not d.kept} == dropped
    if gold:
        assert verify_unbounded(completion, gold, question).correct


def test_set_against_sequence_is_named() -> None:
    v = verify_unbounded("The solutions are $\\boxed{(-3, 3)}$.", "\\{-3, 3\\}")
    assert not v.correct and "set-vs-sequence" in v.reason
    assert verify_unbounded("The set is $\\boxed{\\{3, -3\\}}$.", "\\{-3, 3\\}").correct
