"""The common case of answer extraction, decided without the general rule engine.

Most completions end in one ``\\boxed{...}`` and nothing else that a rule of :mod:`._rules`
reads: no other box, no anchor phrase other than one introducing that box ("The final answer
is $\\boxed{42}$"), no new turn or next problem, no retraction after it. :func:`quick` checks
exactly that, on the region :mod:`._extract` prepared, and returns what the rule engine would
(``last-box``); on anything else it returns None and the engine decides. :func:`answer` is
``explain`` without the per-candidate trace, quick path first.

Why the result is the engine's (``_extract._decide`` with one box candidate ``B``), step by
step -- each check below either computes the engine's own test or proves it cannot fire:

* boxes: one ``\\boxed`` substring and no ``\\fbox``/``\\framebox`` (one ``box`` in all, or
  the three searched) means at most one box command; :data:`~._boxes.BOX_COMMAND_RE` at that
  place, a ``{`` and the brace matching of ``_boxes._brace_pairs`` (same tokens, stopped where
  the first brace closes; a body without braces or backslashes closes at its first ``}``)
  give ``B`` exactly; a box without braces, unclosed or empty, or followed by ``^``/``_``
  (``_boxes`` takes no such box) goes to the engine. Chat-template tokens and invisible
  ``\\phantom``/white text are already cut or blanked by ``_prepare``.
* ``box-copied-from-question`` needs the box's text, which starts with ``\\boxed``, inside the
  whitespace-normalised question: impossible when the question has no ``\\boxed``.
* the rules that read words near the box -- ``_NEGATED_RE`` (12 characters before it, as
  ``_boxes``), ``_restating`` (its line), ``attributed`` (the sentence before it, which starts
  no earlier than that line, and 20 characters into it), ``OTHER_PROBLEM_RE`` (from the bound
  below), ``retraction`` (after the box) and ``labelled_wrong`` (at most 40 characters of the
  box's line before it, and from inside the box on) -- can only fire where one of their necessary
  literals (:mod:`._prefilter`) is, all of them in ``lowered(region)[near:]``: when
  :func:`_triggered` finds none of them there, none fires; when it finds one, the engine's
  own functions run (any firing sends the region to the engine). ``retraction``'s other test,
  ``DISOWN_RE.match`` right after the box, runs as is.
* anchors: none unless the lowered region holds ``answer``, ``correct option`` or ``correct
  choice`` (``_anchors`` searches exactly these in ``s.lower()``; :func:`._prefilter.lowered`
  contains every one of them) or ``答案`` (the CJK anchor; to the engine). For each ``answer``
  (an ASCII region, so offsets agree) the engine's own tests decide whether it is an anchor
  (``_ANCHOR_TAIL_RE``; a heading goes to the engine); if it is, its text starts with the box
  (``\\boxed``, or ``$``/``$$``/``\\(``/``\\[`` and ``\\boxed``). Then that text contains
  ``\\boxed`` after every trimming step of ``_find_anchor_word`` (the trailing-clause and lead
  patterns cannot cut into ``\\boxed``), so the anchor is either no candidate or one that
  ``anchor-introduces-box`` drops. Its end is after its start: the start is a lower bound.
* ``_continuation``: its two cutting line patterns (``_TURN_RE``, ``_NEXT_PROBLEM_RE``; the
  third, ``_SOLUTION_RE``, only qualifies a next-problem match) all start with a newline and
  one of a few words after ``[ \\t#*>]*``; :data:`_LINE_MARK_RE` matches wherever either could,
  so without it there is no cut of that kind. ``after-other-problem`` searches
  ``OTHER_PROBLEM_RE`` from the first committed end, which is at least the lower bound above:
  no match from the bound, none from there (a search from a later position only drops
  candidate starts).
* ``answer-with-alternative`` and ``box-is-side-remark`` (the rules that read the chosen box's
  own sentence or remark) run as the engine's own functions, for one box and for several; a
  region with ``####`` (GSM8K's anchor, found without an ``answer`` word) goes to the engine.
* ``select`` on ``[B]``: the anchors are dropped; ``attributed`` and ``retraction`` do not
  fire (above); one candidate has no walk-back, guess list or adjacent boxes: ``last-box`` with
  the stripped content, then ``_with_inner_anchor`` as the engine applies it (``finish``'s
  empty-box test cannot fire on a body that holds no ``\\boxed``).

``ENABLED = False`` sends everything to the engine (tests/verify/test_fast_path.py and
scripts/verify_equivalence.py compare the two on every table row, real completion and a
seeded fuzz set).
"""

from __future__ import annotations

import re

from . import _lexicon as lx
from ._boxes import _BRACE_TOKEN_RE, BOX_COMMAND_RE
from ._extract import (
    _ABBREVIATED_TAIL_RE,
    _ANCHOR_ADVERB_RE,
    _ANCHOR_TAIL_RE,
    _ANSWER_HEADING_END_RE,
    _FLOATED_OR_RE,
    _NEGATED_RE,
    _POWERED_BOX_RE,
    _READER_EXERCISE_RE,
    _RESTATE_RE,
    _USE_AS_ANSWER_RE,
    LINE_WINDOW,
    MAX_ANSWER_CHARS,
    PAGE_MATTER_RE,
    TRUNCATED_FINISH_REASONS,
    Extracted,
    _asked_line_after_box,
    _asked_value_after_box,
    _box_of_unasked_measure,
    _boxes,
    _empty_final_section,
    _find_close,
    _heading_prefix,
    _invented_question,
    _later_value_contradicts,
    _possible_extra_after,
    _prepare,
    _repetition_loop,
    _requested_after,
    _restating,
    _tail_may_match,
    _tuple_recap_contradicts,
    _value_first_final_contradicts,
    _with_inner_anchor,
    box_relabelled,
    closing_hedges_value,
    concludes_asked_after,
    conditional_other_answer,
    corrected_label_after,
    decide_in_turn,
    doubts,
    exercise_hint,
    finish,
    finished_turn,
    foreign_anchor_hint,
    guessed_before_box,
    heading_other_problem,
    labelled_or_other,
    margin_after,
    may_re_answer,
    normalized_markup,
    offered_alternative_after,
    one_of_many_box,
    other_condition_after,
    other_problem_line,
    plea_box_only,
    range_end_box,
    re_answer_conflicts,
    restated_other_after_box,
    signed_box,
    table_contradicts_after,
    withdrawal_blanked,
)
from ._prefilter import Guarded, GuardedAny, lowered
from ._prefilter import trie_pattern as _trie
from ._rules import (
    _WRONG_CLAUSE_RE,
    _WRONG_LABEL_RE,
    ALT_AFTER_CHARS,
    ATTRIB_PERSON_RE,
    ATTRIB_RE,
    CORRECTION_STATEMENT_RE,
    DISOWN_RE,
    EXAMPLE_WORD_RE,
    EXPLANATION_OPENER_RE,
    MAX_UNDECIDED_SPAN,
    MISTAKE_RE,
    OTHER_PROBLEM_RE,
    PLACEHOLDER_RE,
    PRESENTED_MISTAKE_RE,
    QUOTED_SOURCE_RE,
    RECOUNT_RE,
    REDO_RE,
    RETRACT_RE,
    REVISE_RE,
    SIDE_REMARK_RE,
    UNDECIDED_NAMED_RE,
    UNDECIDED_RE,
    UNOWNED_WORDS_RE,
    Candidate,
    alternative_after,
    attributed,
    bare_closing_retraction,
    bound_box,
    box_group,
    box_mid_expression,
    box_reoffered,
    called_placeholder,
    conclusion_contradicts_box,
    conditional_then_undetermined,
    counterfactual_box,
    decision_after,
    declines_answer,
    disowned_ahead,
    example_before,
    guessed_box,
    hedge_in_box,
    in_worked_example,
    labelled_wrong,
    otherwise_case,
    presented_mistake,
    presented_mistake_at,
    quoted_format_box,
    reading_other_after,
    rejects_chosen,
    restated_other_interval,
    restated_other_value,
    retraction,
    revision_correction,
    side_remark_span,
    two_options_closing,
    unowned_answer,
    walk_back,
)
from ._rules import LINE_WINDOW as RULES_LINE_WINDOW

ENABLED = True

_LINE_MARK_RE = re.compile(
    r"\n[ \t#*>]*(?:(?i:user|human)|Instruction|Input|You|Problem|[Qq]|Exercise|Example"
    r"|EXERCISE|\\begin\{|问题|题目|例题|SYSTEM|\[[ \t]*(?i:"
    + lx.alternation(lx.SYSTEM_SPEAKER) + r"))"
)
"""Wherever ``_TURN_RE`` or ``_NEXT_PROBLEM_RE`` (of ._extract) can match: the only cuts of
``_continuation`` at a line mark (its ``_SOLUTION_RE`` counts only once a next problem is
found). A line opening "[" must name a speaker (``[SYSTEM]:``), so a display "[ x = 5 ]" line
is no mark."""
_ASSUMPTION_OPEN_RE = re.compile(  # where ._rules.assumption_alternative can fire
    r"\([ \t]*(?:assuming|this[ \t]+assumes|if[ \t]+we[ \t]+assume|under[ \t]+the[ \t]+assumption)",
    re.IGNORECASE,
)
_OTHER_BOX_RE = re.compile(r"\\f(?:rame)?box")
_SIMPLE_BOX_RE = re.compile(r"\\boxed\s*\{([^{}\\]*)\}")
_BOX_OPENERS = ("\\boxed", "$\\boxed", "$$\\boxed", "\\(\\boxed", "\\[\\boxed")
_MATH_OPENERS = (("$$", "$$"), ("\\[", "\\]"), ("$", "$"), ("\\(", "\\)"))  # _anchor_text's


Answer = tuple[str, str, str]
"""What :func:`answer` returns: ``(text, kind, rule)`` of ``explain``'s ``Extracted``."""


def answer(
    completion: str, question: str | None = None, finish_reason: str | None = None
) -> Answer:
    """``explain(completion, question, finish_reason)`` without the decision trace: its text,
    kind and rule."""
    completion = normalized_markup(completion)
    question = normalized_markup(question) if question else question
    region = _prepare(completion, question)
    if isinstance(region, Extracted):
        return region.text, region.kind, region.rule
    finish_reason = finished_turn(completion, finish_reason)
    truncated = (finish_reason or "").lower() in TRUNCATED_FINISH_REASONS
    if ENABLED and not (
        truncated and (
            doubts(region) or _repetition_loop(region) is not None
            # ``cut-off-floated-other-value``: "... \\boxed{37}.. Or   Perhaps 5." (the fuzz
            # comparison found the quick path reading the box the engine sets aside)
            or ("r " in region and _FLOATED_OR_RE.search(region) is not None)
            or _answer_marks(region) >= 3  # answers that may alternate
            # ``cut-at-answer-heading``: cut off right after "ANSWER:", the value never came
            # (the fuzz comparison found the quick path reading the box before it)
            or _ANSWER_HEADING_END_RE.search(region.rstrip()[-200:]) is not None
            # ``cut-off-before-asked-expression``: a box of a variable, the asked expression
            # in it evaluated after it when the cut fell
            or (question is not None and "value" in question and _boxed_variable_hint(region))
        )
    ) and not (
        question and _invented_question(region, 0, len(region), question) is not None
    ):  # ``cut-off-while-reconsidering``, ``cut-off-in-repetition-loop``,
        # ``cut-off-alternating-answers``, ``after-invented-question``: the engine decides
        found = quick(region, question)
        if found is not None and "solution" in lowered(region[-80:]):
            found = None  # ``later-concludes-no-solution`` may fire: the engine decides
        if found is not None and "(" in region and "ssum" in region and (
            _ASSUMPTION_OPEN_RE.search(region) is not None
        ):  # ``answer-per-assumption`` may fire: the engine decides
            found = None
        if found is not None and " or " in region[-200:] and two_options_closing(
            region.rstrip()[-300:]
        ):  # ``closing-two-options`` may fire: the engine decides
            found = None
        if found is not None and OTHER_PROBLEM_RE.may_match(region) and other_problem_line(
            region, len(region)
        ) is not None:  # ``other-problem-after-worded-answer`` may fire: the engine decides
            found = None
        if found is not None and declines_answer(region):
            return "", "none", "declined-to-answer"
        if found is not None and found[0] and closing_hedges_value(region, found[0]):
            return "", "none", "closing-restates-hedged"
        if found is not None and found[0] and offered_alternative_after(region, found[0]):
            return "", "none", "alternative-offered-after"
        unowned = None if found is None else unowned_answer(region, found[0])
        if unowned is not None:  # as the engine: ``value-from-source``, ...
            return "", "none", unowned
        if found is not None and plea_box_only(completion, region, found[1], found[0]):
            return "", "none", "plea-box-only"
        if found is not None and withdrawal_blanked(completion, region, found[1], found[0]):
            return "", "none", "closing-withdrawn"
        if found is not None:
            return _unless_re_answered(found, completion, question)
    decided = finish(decide_in_turn(completion, region, question, finish_reason))
    if plea_box_only(completion, region, decided.kind, decided.text):
        return "", "none", "plea-box-only"
    if withdrawal_blanked(completion, region, decided.kind, decided.text):
        return "", "none", "closing-withdrawn"
    return _unless_re_answered((decided.text, decided.kind, decided.rule), completion, question)


def _boxed_variable_hint(region: str) -> bool:
    """Where :func:`._extract.cut_before_asked_expression` could fire: a box right after "= "."""
    at = region.find("\\boxed")
    while at >= 0:
        if "=" in region[max(0, at - 6) : at]:
            return True
        at = region.find("\\boxed", at + 6)
    return False


def _answer_marks(region: str) -> int:
    """How many boxes and anchor words (``answer``, ``final``, as :func:`._extract._anchors`
    finds them) the region holds: three or more in a cut-off sample may alternate
    (``cut-off-alternating-answers``), so the engine decides."""
    low = lowered(region)
    return region.count("\\boxed") + low.count("answer") + low.count("final")


def _unless_re_answered(found: Answer, completion: str, question: str | None) -> Answer:
    """``conflicting-re-answer`` (see :func:`._extract.re_answer_conflicts`) on an answer."""
    if found[1] != "none" and may_re_answer(completion) and re_answer_conflicts(
        completion, question, found[0]
    ):
        return "", "none", "conflicting-re-answer"
    return found




def _trigger_re() -> re.Pattern[str] | None:
    """Every literal one of which is inside any match of a rule :func:`quick` relies on not
    firing near the box (on lowered text); None if a rule has no literal set (then there is
    no quick path)."""
    guards = (
        _NEGATED_RE, _RESTATE_RE, ATTRIB_RE, ATTRIB_PERSON_RE, QUOTED_SOURCE_RE,
        OTHER_PROBLEM_RE, RETRACT_RE, _WRONG_LABEL_RE,
        _WRONG_CLAUSE_RE, MISTAKE_RE, CORRECTION_STATEMENT_RE, PRESENTED_MISTAKE_RE,
        EXAMPLE_WORD_RE, PLACEHOLDER_RE,
    )
    literals: set[str] = set()
    for guard in guards:
        if guard.literals is None or not guard.icase:
            return None
        literals.update(guard.literals)
    if not all(lit.isascii() and lit.isalpha() for lit in literals):
        return None  # _triggered reads whitespace-free stretches: letters only
    return re.compile(_trie(sorted(literals)))


_TRIGGER_RE = _trigger_re()
_WORD_HITS: dict[str, bool] = {}
"""Whether a whitespace-free stretch of lowered text holds a trigger literal, by stretch.
A property of words, which repeat from completion to completion (never a verdict); bounded."""
_MAX_WORDS = 100_000
_MAX_WORD_CHARS = 64


def _literals_re(guard: Guarded | GuardedAny) -> re.Pattern[str] | None:
    """One guard's literals as a :func:`_triggered` pattern (None: no usable literal set)."""
    literals = guard.literals
    if literals is None or not guard.icase:
        return None
    if not all(lit.isascii() and lit.isalpha() for lit in literals):
        return None
    return re.compile(_trie(sorted(literals)))


_UNASKED_WORDS_RE = _literals_re(SIDE_REMARK_RE)  # (UNASKED_RE's and OTHER_INSTANCE_RE's)


def _triggered(
    text: str, pattern: re.Pattern[str] | None = _TRIGGER_RE, known: dict[str, bool] = _WORD_HITS
) -> bool:
    """Whether ``text`` (lowered) holds one of :data:`_TRIGGER_RE`'s literals (or ``pattern``'s,
    with its own ``known``). They are ASCII letters only, so each lies inside one
    whitespace-free stretch: each stretch is searched once, then remembered."""
    if pattern is None:
        return True
    for word in text.split():
        hit = known.get(word)
        if hit is None:
            hit = pattern.search(word) is not None
            if len(word) <= _MAX_WORD_CHARS:
                if len(known) >= _MAX_WORDS:
                    known.clear()
                known[word] = hit
        if hit:
            return True
    return False


_WORD_BITS: dict[str, int] = {}
"""As :data:`_WORD_HITS`, both word sets at once: bit 1 a :data:`_TRIGGER_RE` literal, bit 2 an
``UNASKED_RE`` literal (:data:`_UNASKED_WORDS_RE`) in the stretch."""


def _word_bits(text: str) -> int:
    """The union of :data:`_WORD_BITS` over ``text``'s whitespace-free stretches (bit 1: a
    trigger literal, 2: an ``UNASKED_RE`` literal, 4: an ``unowned_answer`` literal): one pass
    for :func:`quick`'s word tests and the in-caller path's on a short region (each literal
    lies inside one stretch of the whole region, so a window's stretches hold no literal the
    whole region's lack)."""
    bits = 0
    for word in text.split():
        hit = _WORD_BITS.get(word)
        if hit is None:
            hit = (1 if _TRIGGER_RE is None or _TRIGGER_RE.search(word) else 0) | (
                2 if _UNASKED_WORDS_RE is None or _UNASKED_WORDS_RE.search(word) else 0
            ) | (4 if UNOWNED_WORDS_RE is None or UNOWNED_WORDS_RE.search(word) else 0)
            if len(word) <= _MAX_WORD_CHARS:
                if len(_WORD_BITS) >= _MAX_WORDS:
                    _WORD_BITS.clear()
                _WORD_BITS[word] = hit
        bits |= hit
        if bits == 7:
            break
    return bits


_HEDGED_MODAL_RE = re.compile(r"\b(?:could|might|may)\b")  # HEDGED_OTHER_VALUE's verbs
_FIRST_PIECE = 256
"""Characters :func:`_triggered_from` splits first (then four times as many each time)."""


def _triggered_from(text: str, pos: int) -> bool:
    """``_triggered(text[pos:])``, split in growing pieces cut at spaces (a cut at whitespace
    leaves every stretch whole): on a long text the first trigger word is mostly early, and
    splitting the whole text is most of the work."""
    size = len(text)
    end = pos + _FIRST_PIECE
    while end < size:
        cut = text.find(" ", end)
        if cut < 0:
            break
        if _triggered(text[pos:cut]):
            return True
        pos, end = cut, cut + 4 * (cut - pos)
    return _triggered(text[pos:])


def _braced_box(region: str, at: int) -> tuple[int, str] | None:
    """``(end, content)`` of the box command at ``at`` as ``_boxes.box_spans`` reads it (its
    brace matched by the tokens of ``_brace_pairs``, stopped where it closes), or None for a
    command without a brace or one that never closes."""
    command = BOX_COMMAND_RE.match(region, at)
    if command is None:
        return None
    brace = command.end()
    if brace >= len(region) or region[brace] != "{":
        return None
    depth = 0
    for token in _BRACE_TOKEN_RE.finditer(region, brace):
        if token.group() == "{":
            depth += 1
        elif token.group() == "}":
            depth -= 1
            if depth == 0:
                return token.end(), region[brace + 1 : token.start()]
    return None


def _opens_box(rest: str) -> bool:
    """``rest`` (an anchor's text as ``_anchor_text`` reads it, leading blanks stripped) starts
    with the box, or with a math opener, whitespace and the box (``\\[\n\\boxed{6}\n\\]``)
    and that opener's closer after it. ``_anchor_text`` then takes the segment from the opener
    to its first closer (its first opener in the same order; the closer cannot start inside
    ``\\boxed``), so the anchor's text, stripped, starts with ``\\boxed`` as in the first case."""
    if rest.startswith(_BOX_OPENERS):
        return True
    for opener, closer in _MATH_OPENERS:
        if rest.startswith(opener):
            body = rest[len(opener) :]
            box = len(rest) - len(body.lstrip())
            return rest.startswith("\\boxed", box) and _find_close(rest, closer, box) >= 0
    return False


_OWN_ANCHOR_WORDS = ("answer", "correct option", "correct choice")  # handled below
_OTHER_ANCHOR_WORDS = tuple(w for w in lx.ANCHOR_WORD if w not in _OWN_ANCHOR_WORDS)


def _prefix_groups(words: tuple[str, ...]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """``words`` grouped under a key that each word of its group starts with (the shortest
    word that is a prefix of others: "final" for "final result", "final value" and "final"):
    every occurrence of a word is an occurrence of its key, so one ``find`` loop per key finds
    every occurrence of every word of the group."""
    groups: dict[str, list[str]] = {}
    for word in sorted(words, key=len):
        key = next((k for k in groups if word.startswith(k)), word)
        groups.setdefault(key, []).append(word)
    return tuple((key, tuple(group)) for key, group in groups.items())


_OTHER_ANCHOR_GROUPS = _prefix_groups(_OTHER_ANCHOR_WORDS)


def _never_anchors(group: tuple[str, ...], phrase: str) -> bool:
    """Where ``phrase`` occurs, no word of ``group`` starting there is an anchor: each word
    either differs from ``phrase`` inside both (it does not start there) or is a prefix of it
    whose tail test fails on the rest of ``phrase`` (``_tail_may_match`` reads at most three
    characters after the word, all inside ``phrase``)."""
    for word in group:
        if phrase.startswith(word):
            if len(phrase) - len(word) < 3 or _tail_may_match(phrase, len(word)):
                return False
        elif word.startswith(phrase):
            return False
    return True


_COMMON_PHRASES = {"ans": "answer", "final": "final answer"}
_ANCHOR_SCAN = tuple(
    (key, group, phrase if phrase is not None and _never_anchors(group, phrase) else None)
    for key, group in _OTHER_ANCHOR_GROUPS
    for phrase in (_COMMON_PHRASES.get(key),)
)
""":data:`_OTHER_ANCHOR_GROUPS` with the common phrase of each key where none of its words
is an anchor ("ans" in "answer", "final" in "final answer"), else None."""


def _borderless(word: str) -> bool:
    """No proper prefix of ``word`` is also its suffix: its occurrences never overlap, so
    ``str.count`` counts every one."""
    return not any(word.endswith(word[:k]) for k in range(1, len(word)))


_COUNTABLE = all(
    phrase is None or (_borderless(key) and _borderless(phrase))
    for key, _, phrase in _ANCHOR_SCAN
)
"""Every key and common phrase of :data:`_ANCHOR_SCAN` is borderless (see :func:`_other_anchor`)."""


def _other_anchor(low: str) -> bool:
    """One of the other anchor words ("Final: 46") where the engine reads an anchor: at a word
    start, followed by an anchor tail (``_find_anchor_word``'s test; a find per occurrence,
    ~20x cheaper than one regex search over the text). Words sharing a prefix are found by one
    ``find`` loop over their key (:func:`_prefix_groups`), each tested where it starts, except
    where the key starts its common phrase (:data:`_ANCHOR_SCAN`). On a short text a key that
    occurs exactly as often as its phrase (both borderless: every occurrence counted, and each
    phrase's starts one of the key's) starts it everywhere, and is skipped at once."""
    short = len(low) <= _FIRST_PIECE and _COUNTABLE
    for key, group, phrase in _ANCHOR_SCAN:
        if short and phrase is not None and low.count(key) == low.count(phrase):
            continue
        pos = low.find(key)
        while pos >= 0:
            if (phrase is None or not low.startswith(phrase, pos)) and (
                pos == 0 or not low[pos - 1].isalnum()
            ):
                for word in group:
                    after = pos + len(word)
                    if low.startswith(word, pos) and (
                        (_tail_may_match(low, after) and _ANCHOR_TAIL_RE.match(low, after))
                        or (word == "ans" and _ABBREVIATED_TAIL_RE.match(low, after))
                    ):
                        return True  # (the engine's "Ans. -2", "ans $3": _find_anchor_word)
            pos = low.find(key, pos + 1)
    return False


_BARE_VALUE_AFTER_RE = re.compile(r"[ \t]+\$?-?\d")  # "answer 6": a value right after the word


def _anchors_introduce(
    region: str, low: str, box_end: int, ascii_region: bool | None = None
) -> int | None:
    """None unless every anchor phrase is no anchor or one whose text is the box (see the
    module docstring); else a lower bound of the committed anchors' ends (the box's end when
    there is no anchor). ``ascii_region``: ``region.isascii()`` when the caller knows it."""
    bound = box_end
    if _other_anchor(low):
        return None  # "Final: 46": to the engine
    if "answer" not in low:
        if "correct " in low and ("correct option" in low or "correct choice" in low):
            return None
        return bound
    if not (region.isascii() if ascii_region is None else ascii_region) or (
        "correct " in low and ("correct option" in low or "correct choice" in low)
    ):
        return None
    pos = low.find("answer")
    while pos >= 0:
        after = pos + 6
        if (pos == 0 or not low[pos - 1].isalnum()) and _BARE_VALUE_AFTER_RE.match(region, after):
            return None  # "So answer 6 or 7, need ...": a bare anchored value, the engine's
        if pos == 0 or not low[pos - 1].isalnum():
            if region.startswith(" is ", after) and region.startswith(_BOX_OPENERS, after + 4):
                # _ANCHOR_TAIL_RE ends at the opener, no adverb: the text is the box
                bound = min(bound, pos)
            elif (
                tail := _ANCHOR_TAIL_RE.match(region, after)
                if _tail_may_match(region, after) else None
            ) is None:
                if _heading_prefix(low, pos) or low.startswith(
                    "|", low.rfind("\n", 0, pos) + 1
                ):  # a heading anchor ("**Final Answer**") or a table's answer row ("|
                    return None  # **Answer** | **3/8** |"): to the engine
            else:
                adverb = _ANCHOR_ADVERB_RE.match(region, tail.end())
                start = adverb.end() if adverb else tail.end()
                rest = region[start : start + MAX_ANSWER_CHARS].lstrip(" \t")  # _anchor_text
                if rest.startswith("\n"):
                    rest = rest.lstrip()
                if rest.strip() and not _opens_box(rest):
                    return None  # an anchored answer of its own
                bound = min(bound, pos)
        pos = low.find("answer", after)
    return bound


def after_box_defers(
    region: str, end: int, content: str, question: str | None, start: int | None = None
) -> bool:
    """The text after the one box (ending at ``end``) needs the engine: it disowns the box
    (``disowned``), rejects its value for another ("4, not 5": ``later-rejects-box``) or, with a
    question, holds a revision cue (``revised-after-box``), or an explanation opens right after
    it (``answer-first-then-explanation``). Shared by :func:`quick` and the in-caller path
    (:mod:`._plain`), so both defer on exactly the same texts. (``start`` is unused: the
    sentence before the box is read under the trigger words, see :func:`quick`.)"""
    return bool(
        DISOWN_RE.pattern.match(region, end)
        or box_mid_expression(region, end)
        or bare_closing_retraction(region, end)  # ``bare-closing-retraction``
        or EXPLANATION_OPENER_RE.match(region, end)
        or rejects_chosen(region[end:], content) is not None
        or (  # ``restated-other-interval``: a boxed interval restated as another after "i.e."
            "," in content and content.rstrip()[-1:] in ")]"
            and restated_other_interval(region, Candidate(end, end, content, "boxed"))
        )
        # ``restated-other-value``: "$\\boxed{81}$, i.e., $80$."
        or restated_other_value(region, Candidate(end, end, content, "boxed"))
        # ``answer-per-case-otherwise``: "If ..., 5; otherwise it is $\\boxed{4}$."
        or (start is not None and "therwise" in region[max(0, start - 80) : start]
            and otherwise_case(region, start, content))
        or (question and (
            REVISE_RE.search(region, end) or RECOUNT_RE.search(region, end)
            or REDO_RE.search(region, end) or concludes_asked_after(region, end, question)
            or corrected_label_after(region, end) is not None  # ``corrected-label-line``
            or table_contradicts_after(region, end, content, question)  # ``recap-table-...``
        ))
        or other_condition_after(region, end)  # ``boxes-per-condition``, one box
        or conditional_other_answer(region, end, content)  # ``conditional-other-answer``
        # ``box-conditional-then-undetermined``: "... if the dice were fair, but ... can't be
        # determined"
        or conditional_then_undetermined(region, Candidate(end, end, content, "boxed"))
        or box_reoffered(region, end, content)  # ``box-reoffered-as-candidate``
        # ``value-or-other-labelled``: "$\\boxed{9}$ (all divisors), or 8 (proper divisors)"
        or ("or " in region[end : end + 200] and labelled_or_other(region, end, content))
        # ``box-relabelled-unasked``: "\\boxed{8}\n\n(The value above is the median; ...)"
        or (question is not None and " is the " in region[end : end + 300]
            and box_relabelled(region, Candidate(end, end, content, "boxed"), question) is not None)
        or reading_other_after(region, end, content)  # ``other-reading-after-box``
        or margin_after(region, end)  # ``estimate-with-margin``
        or UNDECIDED_NAMED_RE.search(region, end)  # ``undecided-between-named-values``
        # ``undecided-between-values`` with another number stated before the phrase
        or UNDECIDED_RE.search(region, end, end + MAX_UNDECIDED_SPAN)
    )


_GUESS_WORDS = (  # (literals of _extract._GUESS_BEFORE_BOX_RE: a box with none of them
    # before it is no guess)
    "likely", "probabl", "maybe", "perhaps", "possibly", "guess", "instinct", "gut ", "tentativ",
    "provision",
)


_RANGE_WORDS = ("least", "than", "between", "from")  # (literals of
# _extract._RANGE_BEFORE_BOX_RE, whose window is the 60 characters before the box)


def hypothetical_box(region: str, low: str, start: int, end: int, content: str) -> bool:
    """``box-is-hypothetical`` for the one box (``start``..``end``): a supposition ("if ...
    would", "if you'd") or a box under test ("check whether") on its line, by the engine's own
    :func:`counterfactual_box` where the words it needs are there. Shared by :func:`quick` and
    the in-caller path (:mod:`._plain`)."""
    own = start - RULES_LINE_WINDOW if start > RULES_LINE_WINDOW else 0
    near = low[max(0, start - 64) : start]
    if any(w in near for w in _GUESS_WORDS) and guessed_before_box(region, start):
        return True  # ``box-after-guess-word``: the engine decides
    if hedge_in_box(region, start, end):
        return True  # ``hedge-inside-box``: the engine decides
    if (
        low.find(", so ", end, end + 12) >= 0 or low.find(", thus ", end, end + 12) >= 0
        or low.find("i.e.", end, end + 12) >= 0 or low.find("that is", end, end + 14) >= 0
    ) and restated_other_after_box(region, end, content):
        return True  # ``box-then-restated-other``: the engine decides
    if (
        any(w in near for w in _RANGE_WORDS) or low.find("most", end, end + 24) >= 0
        or low.find("than", end, end + 30) >= 0
    ) and range_end_box(region, start, end):
        return True  # ``box-as-range-end``: the engine decides
    if (  # a word counterfactual_before or under_test needs first ("if"/"had" ... "would",
        # "were" (``hypothetical-box-were``: "Suppose the answer were $\boxed{6}$"), "whether",
        # "guess"): a superset of their own tests, then the engine's function decides
        low.find("if", own, start) >= 0 or low.find("were", own, start) >= 0
        or low.find("whether", own, start) >= 0 or low.find("guess", own, start) >= 0
        or low.find("had", own, start) >= 0 or low.find("nstead", own, start) >= 0
        or low.find("llustrat", own, start) >= 0  # (``box-for-substituted-problem``)
        or low.find("might", own, start) >= 0 or low.find("could", own, start) >= 0
        or low.find("would", own, start) >= 0 or low.find("'d", own, start) >= 0
        or low.find("suppos", own, start) >= 0 or low.find("assum", own, start) >= 0
        # (``goal-box-not-answer``: "We'll aim to show the total is $\boxed{72}$")
        or low.find("show", own, start) >= 0 or low.find("prove", own, start) >= 0
        or low.find("verif", own, start) >= 0 or low.find("establish", own, start) >= 0
        or low.find("confirm", own, start) >= 0 or low.find("demonstrat", own, start) >= 0
    ) and counterfactual_box(region, Candidate(start, end, content, "boxed")):
        return True
    line_start = region.rfind("\n", 0, start) + 1
    if (
        region.find('"', line_start, start) >= 0 or region.find("\u201c", line_start, start) >= 0
        or low.find("format", line_start, start) >= 0
        or low.find("reminder", line_start, start) >= 0
        or low.find("template", line_start, start) >= 0
        or low.find("xample", line_start, start) >= 0  # (``format-demonstration-box``)
        or low.find("nstance", line_start, start) >= 0 or low.find("e.g", line_start, start) >= 0
        or low.find("like", line_start, start) >= 0 or low.find("say", line_start, start) >= 0
    ):
        # ``quoted-format-box``: 'the required format: "Answer: \boxed{5}"'
        return quoted_format_box(region, Candidate(start, end, content, "boxed"))
    return False


def quick(region: str, question: str | None) -> Answer | None:
    """The engine's answer (as :func:`answer` returns it) for a region with one box and
    nothing that could change it, or None (see the module docstring)."""
    if "<answer>" in region or "<final" in region or "<result>" in region or "<td" in region:
        return None  # an <answer> tag is an anchor of its own (``answer-tags``): the engine
    # the only box: one "\\boxed", no \\fbox or \\framebox (``_boxes`` would find just it)
    if region.count("box") == 1:  # one pass; the three commands all contain "box"
        start = region.rfind("\\boxed")
        if start < 0:
            return None
    else:
        start = region.find("\\boxed")
        if start < 0 or _OTHER_BOX_RE.search(region):
            return None
        if region.find("\\boxed", start + 6) >= 0:
            return _several_boxes(region, question)
    simple = _SIMPLE_BOX_RE.match(region, start)
    if simple is not None:  # no brace or backslash inside: the first "}" closes it
        end, content = simple.end(), simple.group(1)
    else:
        braced = _braced_box(region, start)
        if braced is None:
            return None
        end, content = braced
    if not content.strip() or _TRIGGER_RE is None or (
        len(content.strip()) == 1 and content.strip().isalpha()
    ):
        return None  # an empty box is dropped, a letter may be a placeholder: the engine decides
    if _POWERED_BOX_RE.match(region, end):
        return None  # "\\boxed{4}^{-1}": no candidate for ``_boxes``; the engine decides
    if signed_box(region, start):
        return None  # "$-\\boxed{12}$": ``sign-outside-box`` negates the value; the engine
    if question and one_of_many_box(region, start, question):
        return None  # "One valid value: $\\boxed{12}$" (``box-one-of-many``): the engine
    if question and "\\boxed" in question:
        return None
    if question and "\n" in region[end:] and not region[:start].strip(" \t\n$*_#>\\[("):
        return None  # a box opening the text, work after it (``opening-box-contradicted-by-
        # work``): the engine reads whether the work concludes another value
    ascii_region = region.isascii()
    low = lowered(region)
    if foreign_anchor_hint(low):  # "答案是 12", "La respuesta es 12": the engine's anchors
        return None
    if "tl;dr" in low or "tldr" in low:  # a "TL;DR: 30" line is an anchor of the engine's own
        return None
    if (" as my " in low or " as the final " in low) and _USE_AS_ANSWER_RE.search(region):
        return None  # "Please use 24 as my answer.": an anchor of the engine's own
    if decision_after(region, 0):  # "Let me go with 54.": an anchor of the engine's own
        return None
    bound = _anchors_introduce(region, low, end, ascii_region)
    if bound is None:
        return None
    if example_before(region, start):
        return None  # ``box-as-example``: "e.g. $\boxed{3}$": the engine decides
    if "\n" in region:
        if (
            _LINE_MARK_RE.search(region) or heading_other_problem(region) is not None
            or PAGE_MATTER_RE.search(region)
        ):
            return None
        if exercise_hint(low) and _READER_EXERCISE_RE.search(region):
            return None  # "Now you try: ..." (``after-other-problem``): the engine decides
        lo = start - LINE_WINDOW if start > LINE_WINDOW else 0
        line_start = region.rfind("\n", lo, start) + 1  # as _restating
    else:
        line_start = 0
    # every window a rule reads lies in low[near:]: _restating the line before the box,
    # attributed the sentence before it (from after the line start), _NEGATED_RE 12
    # characters before it, OTHER_PROBLEM_RE from the bound on, retraction after the box,
    # labelled_wrong from the line start (or 40 characters before the box) on
    near = line_start if line_start < bound else bound
    if start - 12 < near:
        near = start - 12 if start > 12 else 0
    short = len(region) <= _FIRST_PIECE
    bits = _word_bits(low) if short else 0  # the whole region: both windows lie in it
    if (
        bits & 1 if short
        else _triggered_from(low, near) if len(low) - near > _FIRST_PIECE
        else _triggered(low[near:])
    ) and (
        _NEGATED_RE.search(region, max(0, start - 12), start)
        or _restating(region, start)
        or OTHER_PROBLEM_RE.search(region, bound, len(region))
        or attributed(region, Candidate(start, end, content, "boxed"))
        or RETRACT_RE.search(region, end)
        or MISTAKE_RE.search(region, end)
        or revision_correction(region[end:], content) is not None
        or labelled_wrong(region, Candidate(start, end, content, "boxed"))  # the engine decides
        or presented_mistake_at(region, start)  # ``box-in-presented-mistake``
        or in_worked_example(region, Candidate(start, end, content, "boxed"))
        or called_placeholder(region, Candidate(start, end, content, "boxed"))  # the engine's
    ):
        return None
    if disowned_ahead(region, Candidate(start, end, content, "boxed")):
        return None  # ``box-disowned-ahead``: the engine decides
    if after_box_defers(region, end, content, question, start):
        return None
    if hypothetical_box(region, low, start, end, content):
        return None  # ``box-is-hypothetical`` (a supposition, a box under test): the engine
    if (
        low.find("request", end) >= 0 or low.find("asked", end) >= 0
        or low.find("desired", end) >= 0 or low.find("required", end) >= 0
        or low.find("sought", end) >= 0
    ) and _requested_after(region, end) is not None:
        return None  # ``closing-names-requested``: the engine decides
    # ``answer-with-alternative`` reads the box's sentence after it (at most ALT_AFTER_CHARS),
    # where its patterns need an "or", a modal verb (HEDGED_OTHER_VALUE) or a condition word
    # ("if"/"when"/"unless": a value per condition); ``box-is-side-remark``
    # reads the remark before the box and the sentence after it, inside the region, where
    # UNASKED_RE needs one of its literals (bit 2 of _word_bits): without them neither can fire.
    # Checked on short regions only: on long ones these words are mostly there and the check
    # costs more
    after = low[end : end + ALT_AFTER_CHARS]
    if (
        not short or bits & 2 or "or" in after or _HEDGED_MODAL_RE.search(after)
        or "if" in after or "when" in after or "unless" in after  # a value per condition
        or "alternat" in after or "other" in after or "ossib" in after  # answers listed after
        or "equally" in after or "plausib" in after or "likely" in after  # "59 is also possible"
        or "valid" in after or "defensib" in after
        or "first" in after or "former" in after  # a value per ordinal case
        or "ecimal" in after or "ercent" in after  # the value restated in another form
    ):
        box = Candidate(start, end, content, "boxed")
        if alternative_after(region, box) or side_remark_span(region, box, question) is not None:
            return None  # ``answer-with-alternative`` / ``box-is-side-remark``: to the engine
    if _possible_extra_after(region, Candidate(start, end, content, "boxed")) or (
        _value_first_final_contradicts(region, Candidate(start, end, content, "boxed"))
    ) or (
        _empty_final_section(region, end)
    ):
        return None  # ``possibly-another-value-after-box`` / ``draft-box-final-empty``
    if question and "\n" in region[end:] and (
        _asked_line_after_box(region, Candidate(start, end, content, "boxed"), question)
        is not None
        or _later_value_contradicts(region, Candidate(start, end, content, "boxed"), question)
    ):
        return None  # ``box-is-other-quantity`` / ``summary-contradicts-answer``: the engine
    if question and (_box_of_unasked_measure(
        region, Candidate(start, end, content, "boxed"), question
    ) or (" and " in region[end : end + 80] and _asked_value_after_box(
        region, Candidate(start, end, content, "boxed"), question
    ) is not None)):
        return None  # ``box-of-unasked-measure`` / ``asked-value-after-unasked-box``: the engine
    if question and "=" in region[end:] and _tuple_recap_contradicts(
        region, Candidate(start, end, content, "boxed"), question
    ):
        return None  # ``tuple-recap-contradicts-box``: the engine
    box = Candidate(start, end, content, "boxed")
    if guessed_box(region, box) or bound_box(region, box, question) or (
        conclusion_contradicts_box(region, box, question)
    ):
        return None  # ``box-is-guess`` / ``box-is-bound`` / ``conclusion-contradicts-box``
    if "#" in region and "####" in region:  # memchr first: most regions have no "#"
        return None  # a GSM8K "#### N" anchor (no "answer" word): the engine decides
    if "\\text" in content:  # \boxed{\text{The answer is 4}}: as the engine does
        found = finish(_with_inner_anchor(Extracted(content.strip(), "boxed", "last-box")))
        return found.text, found.kind, found.rule
    return content.strip(), "boxed", "last-box"  # no \boxed inside: finish() keeps it


def _several_boxes(region: str, question: str | None) -> Answer | None:
    """The engine's answer for a region with several ``\\boxed`` (and no other box command)
    whose candidate boxes all hold the same value, when nothing else could change it; else None.

    Why it is the engine's (``_decide``), step by step, as for one box (module docstring):

    * boxes: ``_boxes`` itself gives the engine's box candidates; the question holds no
      ``\\boxed`` (no ``box-copied-from-question``); ``_restating`` runs for each box.
    * anchors: :func:`_anchors_introduce` (from the first box's end) proves every anchor is no
      candidate or one whose text holds ``\\boxed`` (``anchor-introduces-box`` drops it);
      its result bounds every anchor's start, so also the first committed end.
    * continuation: no :data:`_LINE_MARK_RE` (no turn, template or next-problem cut);
      ``after-other-problem`` needs ``OTHER_PROBLEM_RE`` from the first committed end on.
    * the windows of ``attributed`` (from the first box's sentence start, see below),
      ``labelled_wrong`` (from 40 characters before the first box) and ``OTHER_PROBLEM_RE``
      (from the bound) all lie in ``low[near:]``: when no literal of theirs is there
      (:func:`_triggered`) none fires, else the engine's own functions run (any firing sends
      the region to the engine). A later box's ``attributed`` window starts no earlier than
      the first box's: its sentence break (or its window start) is at or after the first's.
    * the rules that read the text after the chosen box against the question
      (``box-is-other-quantity``, ``summary-contradicts-answer``, ``box-of-unasked-measure``,
      ``tuple-recap-contradicts-box``) run as the engine's own functions, as for one box.
    * ``select`` on the boxes: nothing is dropped; the walk back runs the engine's own rules
      (:func:`~._rules.walk_back`); the engine's ``retraction`` runs after the chosen box (a
      retraction sends the region to the engine); equal values make no guess list;
      :func:`~._rules.box_group` gives ``adjacent-boxes`` or ``last-box``, and the text is the
      one value, finished as the engine finishes it.
    """
    if (question and "\\boxed" in question) or foreign_anchor_hint(lowered(region)) or (
        decision_after(region, 0)
    ):
        return None
    boxes = _boxes(region)
    if len(boxes) < 2:  # a "\\boxed" with no braces ("\\boxed. {5}") is no candidate: the
        return None  # one real box misses the one-box checks (a quoted format): the engine
    value = boxes[0].text.strip()
    if any(b.text.strip() != value for b in boxes) or any(
        _restating(region, b.start) or EXPLANATION_OPENER_RE.match(region, b.end) for b in boxes
    ):
        return None
    low = lowered(region)
    if "\n" in region and (
        _LINE_MARK_RE.search(region) or heading_other_problem(region) is not None
        or (exercise_hint(low) and _READER_EXERCISE_RE.search(region))
        or PAGE_MATTER_RE.search(region)
    ):
        return None  # a cut by a turn, a heading or a reader exercise: the engine decides
    first = boxes[0]
    bound = _anchors_introduce(region, low, first.end)
    if bound is None:
        return None
    lo = max(0, first.start - RULES_LINE_WINDOW)  # as ``attributed`` reads the first box
    cut = max(
        region.rfind(". ", lo, first.start), region.rfind("\n", lo, first.start),
        region.rfind("! ", lo, first.start), region.rfind("? ", lo, first.start),
    )
    near = min(bound, cut + 1 if cut >= 0 else lo, max(0, first.start - 40))
    if _triggered_from(low, near) and (
        OTHER_PROBLEM_RE.search(region, bound, len(region))
        or any(
            attributed(region, b) or labelled_wrong(region, b) or presented_mistake(region, b)
            or in_worked_example(region, b)
            for b in boxes
        )
    ):
        return None
    if "#" in region and "####" in region:  # memchr first: most regions have no "#"
        return None  # a GSM8K "#### N" anchor: the engine decides
    idx = walk_back(region, boxes, question, [])
    if retraction(region[boxes[idx].end :], boxes[idx].text)[0]:
        return None
    tail = region[boxes[idx].end :]
    if (
        (question and (REVISE_RE.search(tail) or RECOUNT_RE.search(tail) or REDO_RE.search(tail)))
        or revision_correction(tail, boxes[idx].text) is not None
        or rejects_chosen(tail, boxes[idx].text) is not None
        or (question and concludes_asked_after(region, boxes[idx].end, question))
    ):
        # ``correction-after-revision`` / ``later-rejects-box`` / ``revised-after-box``: the
        # engine decides
        return None
    if after_box_defers(  # (quick's own after-box test: "... so either is acceptable.")
        region, boxes[idx].end, boxes[idx].text, question, boxes[idx].start
    ) or alternative_after(region, boxes[idx]) or guessed_box(region, boxes[idx]) or bound_box(
        region, boxes[idx], question
    ) or conclusion_contradicts_box(region, boxes[idx], question) or _possible_extra_after(
        region, boxes[idx]
    ) or _value_first_final_contradicts(region, boxes[idx]) or _empty_final_section(
        region, boxes[idx].end
    ) or hedge_in_box(
        region, boxes[idx].start, boxes[idx].end
    ) or reading_other_after(
        region, boxes[idx].end, boxes[idx].text
    ) or margin_after(
        region, boxes[idx].end
    ) or disowned_ahead(region, boxes[idx]) or box_reoffered(
        region, boxes[idx].end, boxes[idx].text
    ) or (
        idx == 0 and (
            side_remark_span(region, boxes[0], question) is not None
            or counterfactual_box(region, boxes[0])
        )
    ):  # ``answer-with-alternative`` / ``box-is-side-remark`` / ``box-is-hypothetical``: the
        return None  # engine decides
    chosen = boxes[idx]
    if question and (
        ("\n" in region[chosen.end :] and (
            _asked_line_after_box(region, chosen, question) is not None
            or _later_value_contradicts(region, chosen, question)
        ))
        or _box_of_unasked_measure(region, chosen, question)
        or (" and " in region[chosen.end : chosen.end + 80] and _asked_value_after_box(
            region, chosen, question
        ) is not None)
        or ("=" in region[chosen.end :] and _tuple_recap_contradicts(region, chosen, question))
    ):  # ``box-is-other-quantity`` / ``summary-contradicts-answer`` (a closing table row of the
        return None  # asked quantity with another value) / ``box-of-unasked-measure``, as quick
    rule = "adjacent-boxes" if len(box_group(region, boxes, idx)) > 1 else "last-box"
    found = finish(_with_inner_anchor(Extracted(value, "boxed", rule)))
    return found.text, found.kind, found.rule

