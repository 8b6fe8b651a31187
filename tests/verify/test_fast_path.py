"""The fast paths give exactly the full path's results: parse once (``parse_gold``), the
integer-gold judge, the single-box quick path of ``_fast`` and the literal pre-checks of
``_prefilter``. On every regression-table and held-out row, every development-corpus row,
generated forms and a seeded fuzz set (scripts/verify_equivalence.py, which also compares
``explain_extraction``'s per-candidate decisions)."""

from __future__ import annotations

import importlib.util
import json
import os
import sys
from pathlib import Path
from types import ModuleType

import pytest

from mathbeyond.verify import ParsedGold, Verdict, _compare, _core, _fast, _prefilter, parse_gold
from mathbeyond.verify._parsed import ExtractedAnswer

TABLES = Path(__file__).parent / "tables"
ROOT = Path(__file__).resolve().parents[2]
DATA = Path(os.environ.get("MATHB_DATA_DIR") or ROOT.parent / "shared" / "data")


def full_path(completion: str, gold: str, question: str | None) -> Verdict:
    """The verifier with every fast path turned off: the rule engine reads each completion,
    every pattern runs unguarded, every non-integer answer goes symbolic."""
    _core.FAST_INTEGER_PATH = _fast.ENABLED = _prefilter.ENABLED = False
    try:
        return _core.verify_unbounded(completion, gold, question)
    finally:
        _core.FAST_INTEGER_PATH = _fast.ENABLED = _prefilter.ENABLED = True


def _equivalence_script() -> ModuleType:
    path = ROOT / "scripts" / "verify_equivalence.py"
    spec = importlib.util.spec_from_file_location("verify_equivalence", path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["verify_equivalence"] = mod
    spec.loader.exec_module(mod)
    return mod


def _table_rows() -> list[tuple[str, str, str | None]]:
    rows = []
    for path in sorted(TABLES.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            row = json.loads(line) if line.strip() else {}
            if "completion" in row and "gold" in row:
                q = row.get("question")
                rows.append((str(row["completion"]), str(row["gold"]), None if q is None else q))
    return rows


def test_fast_path_equals_full_path_on_all_tables() -> None:
    rows = _table_rows()
    assert len(rows) > 2000
    fast_taken = 0
    for completion, gold, question in rows:
        fast = _core.verify_unbounded(completion, gold, question)
        assert fast == full_path(completion, gold, question), (completion[-200:], gold)
        assert _core.verify_unbounded(completion, parse_gold(gold), question) == fast
        fast_taken += fast.reason == "not equivalent" and parse_gold(gold).kind == "integer"
    assert fast_taken > 0  # the tables do exercise the fast path


@pytest.mark.slow
def test_fast_path_equals_full_path_on_development_corpora() -> None:
    if not (DATA / "model_outputs").is_dir():
        pytest.skip(f"shared data not found at {DATA} (set MATHB_DATA_DIR)")
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "verify_dev_eval", ROOT / "benchmarks" / "verify_dev_eval.py"
    )
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    n = 0
    for corpus in ("hardverify", "qwen", "cs6493"):
        for _, completion, gold, question, _ in mod.CORPORA[corpus](DATA):
            assert _core.verify_unbounded(completion, gold, question) == full_path(
                completion, gold, question
            ), (corpus, completion[-200:], gold)
            n += 1
    assert n > 1000


_FORMS = [
    "{v}",
    "${v}$",
    "\\({v}\\)",
    "\\[{v}\\]",
    "{v}.",
    "- {v}",
    "+{v}",
]
_VALUES = ["0.5", "12.5", ".5", "3.0001", "2.50", "1/2", "10/4", "\\frac{7}{2}", "\\dfrac{1}{3}",
           "\\tfrac{9}{4}", "\\frac32", "7 / 2", "24.999999999999999999999", "0.0", "100.25",
           "25", "0025", "3", "7", "12", "0", "\u0663", "\uff13", "\u00b2", "1\u0663"]


@pytest.mark.parametrize("gold", ["25", "3", "-7", "0", "$12$", " 4 ", "+5", "0010"])
def test_fast_path_equals_full_path_on_generated_forms(gold: str) -> None:
    questions = [None, "What is it? (A) 12.5 (B) 3 (C) 1/2 (D) 7 (E) 0", "Express it in base 2."]
    checked = 0
    for value in _VALUES:
        for form in _FORMS:
            completion = f"So the answer is $\\boxed{{{form.format(v=value)}}}$."
            for question in questions:
                fast = _core.verify_unbounded(completion, gold, question)
                assert fast == full_path(completion, gold, question), (completion, gold, question)
                checked += 1
    assert checked == len(_VALUES) * len(_FORMS) * len(questions)


def test_parse_gold_kinds() -> None:
    assert parse_gold("42") == ParsedGold("42", "integer", integer=42, rational=42)
    assert parse_gold(" $-7$ ").integer == -7
    assert parse_gold("\\frac{3}{8}").kind == "rational"
    assert parse_gold("x^2+1").kind == "expression"
    assert parse_gold("").problem == "empty gold"
    assert parse_gold("1" * 5000).problem == "gold too long"
    with pytest.raises(TypeError, match="gold must be str"):
        parse_gold(42)  # type: ignore[arg-type]


def test_symbolic_gold_is_parsed_once_for_its_samples() -> None:
    _compare.parse_gold_items.cache_clear()
    golds = ["x^2 + 2x + 1", "\\frac{\\sqrt{3}}{2}", "(1, 2)"]
    answers = ["(x+1)^2", "x^2+2x+2", "\\frac{\\sqrt3}{2}", "0.87", "(1,2)", "(2,1)"]
    for gold in golds:
        for answer in answers:
            _core.verify_unbounded(f"Thus $\\boxed{{{answer}}}$.", gold, None)
            _core.verify_unbounded(f"Thus $\\boxed{{{answer}}}$.", parse_gold(gold), None)
    info = _compare.parse_gold_items.cache_info()
    assert info.misses == len(golds)
    assert info.hits > 0


def test_extract_answer_is_the_first_half_of_verify() -> None:
    completion = "We get $\\boxed{17}$. Check: 17 works."
    got = _core.extract_answer(completion)
    assert (got.text, got.kind, got.reason) == ("17", "boxed", "extracted")
    assert got.rule == _core.verify_unbounded(completion, "17").rule
    hedge = "Hmm, maybe 3 or 4, I am not sure which"
    assert _core.verify_unbounded(hedge, "3").extracted is None
    none = _core.extract_answer(hedge)
    assert (none.text, none.kind, none.reason) == (None, None, "no committed final answer")
    assert isinstance(none, ExtractedAnswer)
    assert _core.extract_answer("").text is None


def test_quick_path_and_pre_checks_equal_the_engine_on_tables_and_fuzz() -> None:
    """verify_unbounded, extract_answer and explain_extraction (every candidate decision) with
    every fast path on and off: all table and held-out rows (also as cut-off samples) and 1,500
    seeded fuzz cases (lexicon phrases, chat tokens, boxes, anchors and special characters
    inserted near the answer)."""
    script = _equivalence_script()
    cases = list(script.table_cases())
    bases = [case for _, case in cases if len(case[0]) < 20_000]
    cases += list(script.fuzz_cases(7, 1500, bases))
    assert len(cases) > 6000
    differences: list[str] = []
    assert script.compare_flags(cases, differences.append) == 0, differences[:3]
    quick = sum(
        1 for _, (c, _g, q, _f) in cases
        if isinstance(region := _fast._prepare(c, q), str) and _fast.quick(region, q) is not None
    )
    assert 500 < quick < len(cases)  # the comparison exercises both paths


@pytest.mark.slow
def test_quick_path_and_pre_checks_equal_the_engine_on_real_completions() -> None:
    if not (DATA / "model_outputs").is_dir():
        pytest.skip(f"shared data not found at {DATA} (set MATHB_DATA_DIR)")
    script = _equivalence_script()
    cases = list(script.real_cases(DATA))
    bases = [case for _, case in cases if len(case[0]) < 20_000]
    cases += list(script.fuzz_cases(11, 4000, bases))
    assert len(cases) > 8000
    differences: list[str] = []
    assert script.compare_flags(cases, differences.append) == 0, differences[:3]


def test_integer_judge_takes_plain_digits_only() -> None:
    """The plain-digit judge answers only for ASCII digits against an integer gold; the rest
    (signs, other digit scripts, over-long numbers) goes the full way, with equal verdicts."""
    for answer, gold in (("0042", "42"), ("43", "42"), ("\u0664\u0662", "42"), ("-42", "-42"),
                         ("4" * 4001, "4"), ("12", "x+1"), ("7", "$7$")):
        completion = f"So $\\boxed{{{answer}}}$."
        assert _core.verify_unbounded(completion, gold) == full_path(completion, gold, None)


def _plain_shapes() -> list[tuple[str, str, str | None]]:
    """Short one-line completions around one digit box, with every kind of text a rule or a
    ``_prepare`` step reads put next to it: the in-caller path must decide exactly those it can."""
    leads = ["", "Sample 3. ", "The final answer is ", "So the answer is ", "Answer: ",
             "The answer is not ", "User: hi. The answer is ", "Dear grader, ", "Final: ",
             "Final answer: ", "The final result is ", "I think the answer is ", "## ",
             "(Side note: the question asks for 3, but) ", "The correct option is ",
             "Wait, ", "Oops, the answer is ", "The problem says ", "Hmm, my guess is "]
    boxes = ["$\\boxed{7}$", "\\boxed{7}", "$\\boxed{007}$", "\\boxed {7}", "\\boxed{7}^2",
             "\\boxed{ 7}", "\\boxed{7.0}", "\\(\\boxed{7}\\)", "\\boxed{12}", "\\boxed{0}"]
    tails = ["", ".", "$.", " is wrong.", " or 8.", ", or maybe 9.", " (it could be 8).",
             " Wait, that is wrong.", " ####", " <think>", " % note", " [INST]", "~~7~~",
             " which is the answer.", " for now.", " It might be 8.",
             # read after the box by ``later-rejects-box`` / ``revised-after-box``
             " It is 8 rather than 7.", " So 8, not 7.", " Not 7 but 8.",
             " Hold on, the remainder is 8.", " Actually, the remainder is 8.",
             "$!", "$$.", "\\).", " $.", ". Or 8."]
    out = []
    for lead in leads:
        for box in boxes:
            for tail in tails:
                for gold in ("7", "12", "0", "-7", "7.0"):
                    out.append((lead + box + tail, gold, None))
    signed = ["$\\boxed{-7}$", "\\boxed{-0}", "\\boxed{-007}", "\\boxed{--7}", "\\boxed{-}",
              "\\boxed{- 7}", "\\boxed{+7}", "\\boxed{-12}^2"]
    for lead in leads[:8]:
        for box in signed + boxes[:3]:
            for tail in tails:
                for gold in ("-7", "7", "-0", "0", "-12", "-007", "+7", "--7"):
                    out.append((lead + box + tail, gold, None))
    remainder = "What is the remainder when 25 is divided by 9?"
    out += [(c, g, remainder) for c, g, _ in out[::7]]  # revision cues need a question
    out.append(("The answer is $\\boxed{7}$.", "7", "What is 3 + 4? The answer is $\\boxed{7}$."))
    out.append(("Compute 3 + 4 for me now. $\\boxed{7}$", "7", "Compute 3 + 4 for me now."))
    out.append(("The answer is  $\\boxed{7}$.", "7", None))
    out.append(("The answer is\n$\\boxed{7}$.", "7", None))
    return out


def test_in_caller_plain_path_equals_the_worker_verdict() -> None:
    """``_plain.verdict`` (verify / verify_batch decide the plain short shape in the calling
    process) is the worker's ``verify_unbounded`` verdict wherever it decides, on generated
    shapes, every table row and the seeded fuzz set; it declines whatever a rule could read."""
    from mathbeyond.verify import _plain

    script = _equivalence_script()
    cases = [(c, g, q, None) for c, g, q in _plain_shapes()]
    cases += [case for _, case in script.table_cases()]
    bases = [case for case in cases if len(case[0]) < 20_000]
    cases += [case for _, case in script.fuzz_cases(5, 3000, bases)]
    decided = 0
    for c, g, q, fr in cases:
        plain = _plain.verdict(c, g, q, fr)
        if plain is not None:
            decided += 1
            assert plain == _core.verify_unbounded(c, g, q, fr), (c, g, q, fr)
            assert plain == _plain.verdict(c, parse_gold(g), q, fr)
    assert 100 < decided < len(cases) // 2
    assert _plain.verdict("The final answer is $\\boxed{7}$.", "7") == Verdict(
        True, _core.Status.CORRECT, "7", "integer match", "last-box"
    )
    assert _plain.verdict("The final answer is $\\boxed{-7}$.", "-7") == Verdict(
        True, _core.Status.CORRECT, "-7", "integer match", "last-box"
    )
    assert _plain.verdict("So $\\boxed{-0}$.", "0") == Verdict(
        True, _core.Status.CORRECT, "-0", "integer match", "last-box"
    )
    assert _plain.verdict("So $\\boxed{7}$.", "-7") == Verdict(
        False, _core.Status.INCORRECT, "7", "different integer", "last-box"
    )
    assert _plain.verdict("So $\\boxed{-7}$.", "-7", "What is 3 - 10?") is None  # the judge
    for declined in ("The answer is $\\boxed{7}$ or 8.", "Wait, $\\boxed{7}$ is wrong.",
                     "The answer is\n$\\boxed{7}$.", "x" * 300 + "$\\boxed{7}$"):
        assert _plain.verdict(declined, "7") is None


def test_bare_tails_hold_nothing_the_after_box_tests_read() -> None:
    """``_plain`` skips ``after_box_defers`` and the alternative pre-test after a box followed
    only by one of ``_BARE_TAILS``: sound only if no such tail holds a letter and neither test
    can fire on it, with or without a question."""
    from mathbeyond.verify import _fast, _plain

    remainder = "What is the remainder when 25 is divided by 9? Wait, actually, hold on."
    for tail in _plain._BARE_TAILS:
        assert not any(ch.isalpha() or ch.isdigit() or ch.isspace() for ch in tail), tail
        for lead in ("The final answer is ", "Answer: ", "So ", "Not 8 but "):
            for box in ("$\\boxed{7}", "\\boxed{7}", "\\(\\boxed{7}", "$$\\boxed{7}"):
                completion = lead + box + tail
                end = len(lead + box)
                for question in (None, remainder):
                    assert not _fast.after_box_defers(completion, end, "7", question)
                    plain = _plain.verdict(completion, "7", question)
                    if plain is not None:
                        assert plain == _core.verify_unbounded(completion, "7", question, None)


def test_public_api_gives_the_same_verdicts_with_and_without_the_in_caller_path() -> None:
    from mathbeyond.verify import _plain, verify, verify_batch

    shapes = _plain_shapes()[:400]
    comps, golds, qs = ([s[k] for s in shapes] for k in range(3))
    with_plain = verify_batch(comps, golds, qs, workers=1)
    assert verify(comps[0], golds[0], question=qs[0]) == with_plain[0]
    _plain.ENABLED = False
    try:
        without = verify_batch(comps, golds, qs, workers=1)
    finally:
        _plain.ENABLED = True
    assert with_plain == without
    assert sum(_plain.verdict(c, g, q) is not None for c, g, q in shapes) > 20


def test_every_quick_path_guard_keeps_a_literal_set() -> None:
    """The quick path runs only while every rule it relies on has a set of necessary literals
    (``_prefilter`` caps a set at ``_MAX_LITERALS``): a phrase list grown past the cap would
    silently turn the quick path off for every text, so the cap is checked here by name."""
    guards = {
        name: getattr(_fast, name)
        for name in ("RETRACT_RE", "MISTAKE_RE", "OTHER_PROBLEM_RE", "ATTRIB_RE",
                     "CORRECTION_STATEMENT_RE", "PRESENTED_MISTAKE_RE", "EXAMPLE_WORD_RE")
    }
    assert {n for n, g in guards.items() if g.literals is None} == set()
    assert _fast._TRIGGER_RE is not None
