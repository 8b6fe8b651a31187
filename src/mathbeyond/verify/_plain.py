"""In-caller verdicts for the dominant short shape, without a round trip to a worker process.

The shape: a short one-line completion whose only box is ``\\boxed{DIGITS}`` (or, without a
question, ``\\boxed{-DIGITS}``) and that holds nothing any rule reads ("The final answer is
$\\boxed{42}$."), against a gold of plain digits with or without a leading ``-``.
For it, :func:`verdict` returns exactly what the worker's ``_core.verify_fields`` returns; for
anything else it returns None and the item goes to the worker pool as before. On short answers
the round trip (pickling, two pipe transfers, the worker's loop) cost about as much as the
verification itself.

Why this is safe to run in the calling process (the hard limits standard: the limits hold in
any thread; only provably cheap work may run outside a worker):

* bounded input: at most :data:`MAX_CHARS` characters of completion, :data:`MAX_GOLD_DIGITS`
  of gold; the question is only stripped and searched for (``str`` methods);
* linear time: ``str`` methods (``len``, ``in``, ``find``, ``count``, ``lower``, ``split``,
  ``isdigit`` ...) and a few anchored or literal regular expressions of the engine whose every
  repetition either is bounded or runs over whitespace: the completion is printable ASCII
  without two spaces in a row, so every whitespace run is one character and no pattern can
  backtrack over a run (``_LEAD_TURN_RE``, ``_POWERED_BOX_RE``, ``DISOWN_RE`` anchored at one
  place; ``_rules._REJECTS_VALUE_RE``, numbers around "not"/"rather than" (only where
  ``_rules._rejection_cue``'s anchored matches after those words allow it), and ``REVISE_RE``,
  a literal alternation, searched after the box by :func:`._fast.after_box_defers`;
  ``_ANCHOR_TAIL_RE`` / ``_ANCHOR_ADVERB_RE`` / ``_HEADING_PREFIX_RE`` anchored at an
  anchor word, their one unbounded repeat ``{1,60}``; the trigger tries of ``_fast._word_bits``
  (no repeats) on each word; ``_HEDGED_MODAL_RE`` a literal alternation); no ``int()`` of
  model text, no symbolic work, no eval;
* no shared state but the word memo of :func:`._fast._word_bits` (a dict of word -> bits:
  each entry a pure function of its key, so threads can only add equal entries).

Why the verdict is the worker's (``verify_fields`` -> ``_fast.answer`` -> ``_prepare`` and
``quick``), step by step:

* ``_prepare`` returns the completion unchanged: every step it takes needs one of
  :data:`_PREPARE_MARKS` (``<``: think blocks, chat tokens, struck-out and HTML text; ``&``:
  HTML entities; ``[``:
  ``[INST]``; ``~``, ``%``, `````, ``>``, ``phantom``, ``color``, ``\\sout``, ``\\iffalse``;
  equation tags: ``\\tag``, ``\\label``, ``\\nonumber``, ``\\notag``, ``quad``), a
  grader word (``_GRADER_HINT_RE``'s literals in the lowered text: its ``may_match``), the
  question inside the completion, or a leading fake user turn (``_LEAD_TURN_RE``, as
  ``_prepare`` tests it);
* ``quick`` on it: one ``box`` substring, so one ``\\boxed`` and no ``\\fbox``/``\\framebox``;
  ``{`` right after it and digits up to the first ``}`` are exactly ``_SIMPLE_BOX_RE``'s match
  (no brace or backslash inside; ``\\s*`` matches nothing); not empty; ``_POWERED_BOX_RE`` as
  quick; no ``\\boxed`` in the question; ASCII, so ``lowered`` is ``str.lower``;
  ``_anchors_introduce`` itself; one line, so ``line_start`` is 0; at most
  ``_fast._FIRST_PIECE`` characters, so quick takes its short branch, whose word bits are
  :func:`_fast._word_bits` itself: any bit set (a rule might fire) sends the item to the worker,
  as do :func:`_fast.after_box_defers` (quick's own test of the text after the box), a
  measure noun (lexicon MEASURE_NOUN) before the box with a question (quick's
  ``box-of-unasked-measure`` test, left to the worker), the
  alternative/side-remark pre-test (both skipped where that text is one of
  :data:`_BARE_TAILS`, which hold no letter: every pattern they try needs a word) and a
  ``#``; the box holds digits (no ``\\text``): quick returns ``(digits, "boxed", "last-box")``;
* ``verify_fields``: digits are their own stripped answer; ASCII digits against a gold of ASCII
  digits, ``-`` first or not (``_INT_GOLD_RE``: an integer gold), is its integer fast path;
  ``-DIGITS`` goes to ``_judge_answer``, which without a question (:func:`_rules.polygon_sides`,
  ``restates_question`` and ``asked_form_violation`` return at once) is ``_judge``'s integer
  comparison (``_INT_GOLD_RE`` and ``_INT_ANSWER_RE`` match both), and where that says
  "different integer" ``_judge_labelled`` finds no label (no ``=`` in either) and no chain;
  no rule of its own, so the rule is quick's. Two such integers are equal exactly when their
  digits are equal without leading zeros and, unless those are empty (zero), so are the signs.

``ENABLED = False`` (or any of the fast-path flags it relies on off) sends everything to the
workers; tests/verify/test_fast_path.py and scripts/verify_equivalence.py compare both ways.
"""

from __future__ import annotations

from . import _core, _fast
from . import _lexicon as lx
from ._extract import (
    _GRADER_HINT_RE,
    _LEAD_TURN_RE,
    _POWERED_BOX_RE,
    _TAG_MARKS,
    TRUNCATED_FINISH_REASONS,
    _report_hint,
    heading_other_problem,
    may_re_answer,
    one_of_many_box,
    signed_box,
)
from ._parsed import ParsedGold
from ._rules import (
    ALT_AFTER_CHARS,
    Candidate,
    bound_box,
    conclusion_contradicts_box,
    declines_answer,
    example_before,
    guessed_box,
)
from ._types import Status, Verdict

ENABLED = True
MAX_CHARS = _fast._FIRST_PIECE
"""Longest completion decided here (quick's short branch: one word pass for all its tests)."""
MAX_GOLD_DIGITS = 100
MIN_TIMEOUT_S = 0.01
"""Callers asking for a smaller CPU budget than this get the workers (where the limit is
enforced) for every item: the in-caller work takes microseconds, but a limit that small is a
request to be stopped."""

_PREPARE_MARKS = (
    "<", "[", "~", "%", "`", ">", "&", "phantom", "color", "\\sout", "\\iffalse", *_TAG_MARKS,
    # the ASCII literals of foreign anchors and grader notes, less their first letter (either
    # case of it: "Respuesta", "respuesta"); non-ASCII ones never reach this ASCII-only path
    *(h[1:] for h in (*lx.FOREIGN_ANCHOR_HINTS, *lx.FOREIGN_GRADER_HINTS) if h.isascii()),
)
_GRADER_WORDS = _GRADER_HINT_RE.literals if _GRADER_HINT_RE.icase else None
_DEFER_WORDS = (*(_GRADER_WORDS or ()), *lx.DECISION_LITERALS)
"""Words that send an item to the worker: a grader word, or a decision anchor's literal
("go with", "stick", ...: the engine's ``decision-anchor`` reads the text)."""
_BARE_TAILS = frozenset(
    ("", ".", "!", "$", "$.", "$!", ".$", "$$", "$$.", "\\)", "\\).", "\\]", "\\].")
)
"""Texts after the box without a letter: nothing after it for ``after_box_defers`` or the
alternative/side-remark pre-test to read (each needs a word), so both are skipped."""
_LAST_BOX = "last-box"
_MAX_SHARED = 1 << 14
_SHARED: dict[tuple[bool, str], Verdict] = {}
"""Verdicts already built, by (correct, extracted): equal verdicts are one immutable object."""


def verdict(
    completion: str,
    gold: str | ParsedGold,
    question: str | None = None,
    finish_reason: str | None = None,
) -> Verdict | None:
    """The worker's verdict for an item of the plain shape (module docstring), else None.
    A sample cut off by its token limit is never decided here: the engine's cut-off rules
    (``cut-off-while-reconsidering``, ``cut-off-in-repetition-loop``) read it."""
    if not (ENABLED and _fast.ENABLED and _core.FAST_INTEGER_PATH):
        return None
    if finish_reason is not None and finish_reason.lower() in TRUNCATED_FINISH_REASONS:
        return None
    if len(completion) > MAX_CHARS or "box" not in completion:
        return None
    if type(gold) is not str:
        if not isinstance(gold, ParsedGold):
            return None
        gold = gold.text
    negative_gold = gold.startswith("-")
    gold_digits = gold[1:] if negative_gold else gold
    if not (
        0 < len(gold_digits) <= MAX_GOLD_DIGITS and gold_digits.isdigit() and gold_digits.isascii()
        and completion.isascii() and completion.isprintable() and "  " not in completion
        and completion.count("box") == 1
    ):
        return None
    for mark in _PREPARE_MARKS:
        if mark in completion:
            return None
    if may_re_answer(completion):  # ``conflicting-re-answer`` reads later assistant turns
        return None
    if question:
        if "\\boxed" in question:
            return None
        q = question.strip()
        if len(q) >= 20 and q in completion:
            return None
    if _GRADER_WORDS is None or _LEAD_TURN_RE.match(completion):
        return None
    start = completion.rfind("\\boxed")
    brace = start + 6
    if start < 0 or not completion.startswith("{", brace) or "#" in completion:
        return None
    close = completion.find("}", brace)
    content = completion[brace + 1 : close]
    negative = content.startswith("-")
    digits = content[1:] if negative else content
    if close < 0 or not digits.isdigit() or _fast._TRIGGER_RE is None or (negative and question):
        return None
    end = close + 1
    if _POWERED_BOX_RE.match(completion, end):
        return None
    if signed_box(completion, start):  # "$-\\boxed{12}$" (``sign-outside-box``, as quick)
        return None
    if question and one_of_many_box(completion, start, question):  # (``box-one-of-many``)
        return None
    low = completion.lower()  # ``lowered`` of an ASCII text
    for word in _DEFER_WORDS:  # ``_GRADER_HINT_RE.may_match`` on the lowered text, and
        if word in low:  # ``decision_after``'s literals (a decision anchor: the worker's)
            return None
    if _fast._anchors_introduce(completion, low, end, True) is None or example_before(
        completion, start
    ):  # ``box-as-example`` ("e.g. $\\boxed{3}$"), as quick: the worker decides
        return None
    if "tl;dr" in low or "tldr" in low:  # the engine's own "TL;DR: 30" anchor (quick's test)
        return None
    if declines_answer(completion):  # ``declined-to-answer`` (``_fast.answer``'s test)
        return None
    if (
        "\n" in completion  # a heading starts a line: a one-line text has none
        and ("*" in completion or "_" in completion)
        and heading_other_problem(completion) is not None
    ) or _report_hint(completion, low):
        # "**Extension:** ..." opens another problem; a grading block or a sentence-final
        # "(Reference answer: 13.)" is blanked by _prepare: the engine decides
        return None
    tail = low[end:]
    if _fast._word_bits(low) or (
        # hypothetical_box's first words ("if", "were", ...) and a quoted format box's quote
        ("if" in low or "whether" in low or "guess" in low or '"' in low or "were" in low
         or "had" in low or "would" in low or "'d" in low or "suppos" in low or "assum" in low
         or "show" in low or "prove" in low or "verif" in low or "establish" in low
         or "confirm" in low or "demonstrat" in low  # (``goal-box-not-answer``)
         or any(w in low for w in _fast._GUESS_WORDS))  # (its guess words: "perhaps: $\boxed")
        and _fast.hypothetical_box(completion, low, start, end, content)
    ) or (
        "candidate" in low or "possib" in low or "guess" in low or "forced" in low
        or "had to" in low
    ) or (  # guessed_box's box asked as a question or doubted after it (its own words)
        ("?" in tail or "sure" in tail or "wrong" in tail or "certain" in tail
         or "verify" in tail or "confi" in tail or "quote" in tail or "rely" in tail)
        and guessed_box(completion, Candidate(start, end, content, "boxed"))
    ) or (  # bound_box's own literal test first (its words: "at", "than", "up to", "imum")
        ("at" in completion or "than" in completion or "up to" in completion
         or "imum" in completion)
        and bound_box(completion, Candidate(start, end, content, "boxed"), question)
    ) or (  # conclusion_contradicts_box needs a question and the box on a line of its own
        question and "\n" in completion and conclusion_contradicts_box(
            completion, Candidate(start, end, content, "boxed"), question
        )
    ):
        # ``box-is-hypothetical`` and ``box-is-guess`` (as quick: "So is the perimeter
        # $\boxed{28}$?", candidate boxes, forced guesses), ``box-is-bound``,
        # ``conclusion-contradicts-box``, a ``decision-anchor``: the worker decides
        return None
    if question and any(noun in low[:start] for noun in lx.MEASURE_NOUN):
        return None  # ``box-of-unasked-measure`` (quick's test) may read it: the worker decides
    if completion[end:] not in _BARE_TAILS:
        if _fast.after_box_defers(completion, end, content, question, start):
            return None
        after = low[end : end + ALT_AFTER_CHARS]
        if (
            "or" in after or _fast._HEDGED_MODAL_RE.search(after)
            or "if" in after or "when" in after or "unless" in after
            or "alternat" in after or "other" in after or "ossib" in after
            or "equally" in after or "plausib" in after or "likely" in after
            or "valid" in after or "defensib" in after
            or "first" in after or "former" in after
            or "ecimal" in after or "ercent" in after  # (``converted-form-contradicts``)
        ):
            return None
    value = digits.lstrip("0")
    correct = value == gold_digits.lstrip("0") and (not value or negative == negative_gold)
    key = (correct, content)
    found = _SHARED.get(key)
    if found is None:
        if len(_SHARED) >= _MAX_SHARED:
            _SHARED.clear()
        found = _SHARED[key] = Verdict(
            correct,
            Status.CORRECT if correct else Status.INCORRECT,
            content,
            "integer match" if correct else "different integer",
            _LAST_BOX,
        )
    return found
