"""Which candidate is the final committed answer: an ordered list of small named rules.

The candidates are the boxes (``\\boxed``, ``\\fbox``, ``\\framebox``) and anchored answers
(``Answer:``, ``The final answer is``, ``**Final Answer**``) that :mod:`._extract` found in the
answer region, in text order. The rules run in this order; each drops candidates or decides:

Drop rules (a dropped candidate is never the answer):
  ``box-in-restated-problem``, ``box-copied-from-question``, ``anchor-inside-box``,
  ``box-in-phantom`` (inside ``\\phantom{}``: blanked before candidates are found),
  ``box-in-comment`` (a LaTeX ``%`` comment or ``\\iffalse ... \\fi``: blanked likewise),
  ``cut-off-anchor`` (cut off by the token limit: the unfinished anchor ending the text),
  ``after-continuation`` (a new chat turn, chat-template token, or next few-shot problem; a
  chat-template token cuts the completion before its think block is read),
  ``after-other-problem`` ("Follow-up problem:", "Next exercise:" after an answer),
  ``anchor-introduces-box``,
  ``anchor-contains-anchor`` (``Final Answer: The final answer is 5``),
  ``attributed-to-someone-else`` (``the user says``, ``the gold answer is``).
  ``labelled-wrong`` (``Wrong answer: 5``, ``9 (not correct)``, ``9, which is wrong``).
Walk back from the last candidate, skipping one that is
  ``check-of-answer``, ``hypothetical``, ``inline-check``, ``checked-arithmetic``,
  ``checked-factorisation`` (by its own line), ``later-box-checks-subquantity``,
  ``later-box-is-approximation``, ``later-box-is-side-remark`` (a side-remark phrase before it,
  or after it in its own sentence: "..., which was not asked"), ``later-box-other-quantity``
  (by the text since the answer before it; a retraction or revision in between cancels these),
  ``later-box-in-parenthetical`` ("$\\boxed{420}$. (The speed was $\\boxed{60}$ mph.)"),
  ``later-box-in-recap`` (labelled list lines after the box the text calls the answer; no
  hedge, conclusion or correction opens either), or
  ``return-to-earlier-answer`` (followed by "my original answer holds").
Then decide:
  ``retracted`` (no answer; "16 is wrong" retracts an answer of 16 only) or
  ``correction-after-retraction`` (the corrected value; with
  :mod:`._extract`, ``unboxed-correction-after-retraction``: the closing value after it),
  ``guess-list`` (three or more different back-to-back values: all of them),
  ``adjacent-boxes`` / ``last-box``, ``closing-sentence-over-stray-anchor`` (only a concluding
  sentence, not an equation or a stated value, overrides an earlier anchor), ``last-anchor``.
Without candidates, :mod:`._extract`'s closing-sentence rules decide (``closing-*``, among them
``closing-before-check``, ``closing-option-letter``, ``closing-probability-line`` and
``closing-tuple-components``, ``closing-value-remains``, ``closing-value-line``,
``closing-table-total``, ``closing-option-named``, ``closing-inequality-union`` and
``closing-function-display``, read past a closing pleasantry;
``bare-labelled-value``, ``bare-answer``); a sample cut off by the token limit gets none of those
(``cut-off-no-unanchored-answer``) except the closing statement right before a check or summary
table it was cut in (``closing-before-cut-off-check``), and a closing value its own clause
disqualifies ("8 subsets fail", "we discard the 3 ...") is none (``closing-value-disqualified``,
:func:`disqualified_value`). A cut-off sample that began to doubt or redo its chosen answer
commits to nothing (``cut-off-while-reconsidering``); a continuation cut (a new turn, an invented
exercise) marks the answer before it finished. Boxes each under a condition ("If ...,
$\\boxed{3}$; if ..., $\\boxed{5}$") are ``conditional-boxes``; boxes that are all what a
supposition 'would' give are ``box-is-hypothetical`` (the closing statement decides).

After extraction, the answer rules: ``answer-restates-question``, ``answer-not-in-asked-form``
(factor -- a product, no factor with an integer content --, expand, simplest radical form,
common fraction, lowest terms, mixed number, in terms of pi, interval notation), with an answer
written as an equation chain read as its last member first (``answer-equation-chain``),
``labelled-answer``,
``labelled-gold``; the comparison reads ``number-words-with-unit`` ("seven nickels").
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from . import _lexicon as lx
from . import _prefilter
from ._boxes import box_spans
from ._clock import TWELVE_HOUR_RE, TWENTY_FOUR_HOUR_RE
from ._normalize import simple_rational, with_superscript_powers
from ._prefilter import Guarded, GuardedAny, fold_lower, lowered, trie_pattern

LINE_WINDOW = 400
SPAM_GAP_CHARS = 60
SIDE_TAIL_CHARS = 160


@dataclass(frozen=True)
class Candidate:
    start: int
    end: int
    text: str
    kind: str  # "boxed" | "anchor"


@dataclass(frozen=True)
class Decision:
    """What one rule did with one candidate (``kept`` False: dropped or skipped)."""

    candidate: Candidate
    kept: bool
    rule: str


@dataclass(frozen=True)
class Selection:
    """The outcome of the rules: ``chosen`` (texts, in order), the deciding ``rule``."""

    texts: tuple[str, ...]
    kind: str  # "boxed" | "anchor" | "spam" | "none" | "fallthrough"
    rule: str
    decisions: tuple[Decision, ...]


# --- regular expressions built from the lexicon ----------------------------------------------
CHECK_RE = Guarded(lx.stems(lx.CHECK))
CHECK_INTRO_RE = Guarded(lx.stems(lx.CHECK_INTRO))
HYPOTHETICAL_RE = Guarded(lx.stems(lx.HYPOTHETICAL))
_UNDER_TEST_RE = re.compile(
    r"\b" + lx.alternation(lx.UNDER_TEST)
    + r"[ \t]+(?:(?:the|our|my)[ \t]+)?(?:(?:final[ \t]+)?answer|result|value)?[ \t]*"
    r"(?:is|could be|might be|=)?[ \t]*[$\\(\[]*[ \t]*$",
    re.IGNORECASE,
)
_GOAL_BOX_RE = re.compile(
    r"\b" + lx.alternation(lx.GOAL_STATEMENT) + r"\b(?:[ \t]+that)?[^.!?\n$]{0,60}?"
    r"(?:\b(?:is|equals|be|of)|=)?[ \t]*[$\\(\[]*[ \t]*$",
    re.IGNORECASE,
)
STRONG_HYPOTHETICAL_RE = Guarded(lx.words(lx.STRONG_HYPOTHETICAL))
RETRACT_RE = Guarded(lx.words(lx.RETRACTION))
_MISTAKE_ADMISSION_RE = Guarded(lx.stems(lx.MISTAKE_ADMISSION))
_ERROR_ADMISSION_RE = Guarded(lx.stems(lx.ERROR_ADMISSION))
_BOX_ADMISSION_RE = Guarded(lx.stems(lx.BOX_ADMISSION))
MISTAKE_RE = GuardedAny(  # (one literal cap each)
    _MISTAKE_ADMISSION_RE, _ERROR_ADMISSION_RE, _BOX_ADMISSION_RE
)
_WITHDRAWN_ANSWER_RE = Guarded(lx.stems(lx.WITHDRAWN_ANSWER))
REVISE_RE = Guarded(lx.words(lx.REVISION))
RECOUNT_RE = Guarded(lx.words(lx.RECOUNT))
REDO_RE = Guarded(lx.words(lx.REDO))
RECONSIDER_RE = Guarded(lx.stems(lx.RECONSIDERATION))
SIDE_RE = Guarded(lx.stems(lx.SIDE_REMARK))
UNASKED_RE = Guarded(lx.stems(lx.UNASKED_REMARK))
OTHER_INSTANCE_RE = Guarded(lx.stems(lx.OTHER_INSTANCE_CHECK))
SIDE_REMARK_RE = GuardedAny(UNASKED_RE, OTHER_INSTANCE_RE)  # (one literal cap each)
APPROX_RE = Guarded(re.compile(lx.alternation(lx.APPROXIMATION), re.IGNORECASE))
ROUNDING_ASKED_RE = Guarded(lx.stems(lx.ROUNDING_ASKED))
ATTRIB_RE = Guarded(re.compile(
    r"\b(?:" + lx.alternation(lx.ATTRIBUTION_SOURCE)
    # "the answer key for this AIME problem lists", "the official solution to the 2017 problem"
    + r"(?:\s+(?:for|to|of)\s+(?:this|the)\s+(?:[A-Za-z0-9-]+\s+){0,2}"
    + r"(?:problem|question|exercise|item|task|prompt))?\s+"
    + lx.alternation(lx.ATTRIBUTION_VERB)
    + r"|" + lx.alternation(lx.ATTRIBUTION_CROWD) + r")\b",
    re.IGNORECASE,
))
ATTRIB_PERSON_RE = Guarded(re.compile(  # "My study partner worked it out and got $\boxed{9}"
    r"\b(?:" + lx.alternation(lx.ATTRIBUTION_PERSON) + r")\b[^.!?\n]{0,60}?\b(?:"
    + r"(?:might|may|would|could|will)[ \t]+)?" + lx.alternation(lx.ATTRIBUTION_REPORT) + r"\b",
    re.IGNORECASE,
))
QUOTED_SOURCE_RE = Guarded(re.compile(  # "(copied from the solution manual -- wrong)"
    r"\b" + lx.alternation(lx.QUOTED_SOURCE) + r"\b[^\n]{0,100}?\b(?:"
    + lx.alternation(lx.ATTRIBUTION_DISOWNED) + r")\b",
    re.IGNORECASE,
))
_ATTRIB_DISOWNED_RE = re.compile(
    r"[\s$).\\}*]*(?:[^.!?\n$\\]{0,40}?(?:[,;:.!]|--|\u2014|\u2013))?[\s(]*(?:"
    + lx.alternation(lx.ATTRIBUTION_DISOWNED)
    + r")\b",
    re.IGNORECASE,
)
_ATTRIB_AGREED_RE = re.compile(
    r"\b(?:agrees?|agreed|confirm(?:s|ed)?|matches|is (?:right|correct))\b", re.IGNORECASE
)
_NEGATED_BEFORE_RE = re.compile(  # a negation in the clause before an agreement word
    r"(?:n't|\bnot|\bnever|\bno)\b[^.!?;\n]*\Z", re.IGNORECASE
)
_OWN_AGREEMENT_RE = re.compile(
    r"\b(?:" + lx.alternation(lx.ATTRIBUTION_AGREED) + r")\b", re.IGNORECASE
)


def agreed_after(text: str, end: int) -> bool:
    """The rest of the sentence after a reported value at ``end`` agrees with it ("..., which is
    what I found", "..., matching my count"): the value is the writer's own as well."""
    stop = len(text) if len(text) < end + 160 else end + 160
    for mark in (". ", "\n", "; "):
        at = text.find(mark, end, stop)
        if at >= 0:
            stop = at
    return _OWN_AGREEMENT_RE.search(text, end, stop) is not None
DISOWN_RE = Guarded(re.compile(
    r"[\s$).\\]*(?:(?:is|was)\s+" + lx.alternation(lx.DISOWNING) + r"\b"
    # ``box-marked-intermediate``: "$s = \boxed{6}$ (intermediate step)"
    + r"|\([ \t]*(?:(?:this|that|it)[ \t]+is[ \t]+|just[ \t]+|only[ \t]+)?(?:an?[ \t]+)?"
    + lx.alternation(lx.INTERMEDIATE_MARK) + r"[ \t]*(?=[):;,\u2014\u2013-]))",
    re.IGNORECASE,
))
OTHER_CASE_RE = Guarded(lx.stems(lx.OTHER_CASE))
CONFIRM_RE = Guarded(  # not "the same", not "not right"
    re.compile(
        r"\b(?<!the\s)(?<!not\s)(?<!n't\s)(?<!n't\sbe\s)(?<!not\sbe\s)(?<!n\u2019t\sbe\s)"
        r"(?<!as\sit\s)(?<!as\sthey\s)"  # "not right as it stands": no confirmation
        + lx.alternation(lx.CONFIRMATION) + r"\b", re.IGNORECASE
    )
)
SOFT_CONFIRM_RE = Guarded(lx.stems(lx.SOFT_CONFIRMATION))
RETURN_RE = Guarded(lx.words(lx.RETURN_TO_EARLIER))
CORRECTION_WORD_RE = Guarded(lx.words(lx.CORRECTION_WORD))
CORRECTION_STATEMENT_RE = Guarded(lx.words(lx.CORRECTION_STATEMENT))
INTRO_RE = Guarded(lx.words(lx.INTRO))
OTHER_PROBLEM_RE = Guarded(lx.words(lx.OTHER_PROBLEM))
BACK_TO_PROBLEM_RE = Guarded(lx.words(lx.BACK_TO_PROBLEM))
_ADDITIONAL_RE = re.compile(
    r"[\s(*_]*" + lx.alternation(lx.ADDITIONAL_QUANTITY) + r"\b\s*,", re.IGNORECASE
)
_QUANTITY_RE = re.compile(  # "the largest of them is $\boxed": the named quantity a box states
    r"(?:^|[\s,;:(])(?P<np>" + lx.alternation(lx.QUANTITY_DETERMINER)
    + r"\s+[A-Za-z][A-Za-z0-9 \t'-]{0,60}?)\s+(?:is|are|was|equals|=)\s*(?:\$|\\\()?\s*$",
    re.IGNORECASE,
)
REFERS_BACK_RE = Guarded(lx.words(lx.REFERS_BACK))
SIDE_HEDGE_RE = lx.words(lx.SIDE_OPENER_HEDGE)
_ANSWER_WORD_RE = re.compile(r"\banswer\b", re.IGNORECASE)
_RECAP_LINE_RE = re.compile(  # "- Red marbles: $", "2. **Total:** \(": a labelled list line
    r"[ \t]*(?:[-*•+]|\d{1,2}[.)])[ \t]+(?:\*\*)?(?P<label>[A-Za-z][A-Za-z0-9 ()'/-]{0,40}?)"
    r"(?:\*\*)?\s*[:=]\s*(?:\*\*)?\s*(?:\$|\\\(|\\\[)?\s*$"
)
_QUANTITY_STOP = frozenset(lx.QUANTITY_DETERMINER) | {"of", "a", "an", "and", "in", "to"}

_VALUE_RE = re.compile(r"[\d\\$^=()]")
_FACTORED_RE = re.compile(  # 2^2\cdot 3^2, 2 \times 3 \times 5: an integer factorisation
    r"(?:\d+(?:\^\{?\d+\}?)?\s*(?:\\cdot|\\times|\*)\s*)+\d+(?:\^\{?\d+\}?)?"
)
_ARITH_FACT_RE = re.compile(  # "2\cdot 3 + 1 = 7": numbers and operators only, then "= number"
    r"(?:[\d\s+\-*/^().]|\\cdot|\\times)+=[\d\s.]+"
)
_EVAL_LHS_RE = re.compile(
    r"(?:\$|\\\(|\\\[)(?P<lhs>[^$=]*?[\d+\-*/^\\][^$=]*?)=\s*$"
    # or plain arithmetic without math delimiters: "Substituting back: 5 * 7 = \boxed{35}"
    r"|(?:^|[\s:(])\d+(?:\.\d+)?(?:\s*(?:[+\-*/^x×]|\\cdot|\\times)\s*\(?\d+(?:\.\d+)?\)?)+\s*=\s*$"
)
_SATISFY_RE = re.compile(r"\bsatisf|✓|\\checkmark", re.IGNORECASE)
_CHECK_LABEL_RE = re.compile(
    r"[\s*#_>-]*(?:sanity\s+)?" + lx.alternation(lx.CHECK_LABEL) + r"\b[^:\n]{0,30}:",
    re.IGNORECASE,
)
_SPAM_GAP_RE = re.compile(
    r"(?:[\s,;$.&*#\-]|\\[()\[\]]|\\quad|\band\b|\bor\b|(?i:\b(?:final\s+)?answer\b|\bfinal\b)|:"
    r"|(?i:\bthe\b))*"  # "... is 20. The answer is 10. The answer is 20.": anchors back to back
)
_TEX_SPACE = (  # ``spaced-boxes``: LaTeX spacing between boxes ("\\boxed{6}\\ \\boxed{11}")
    r"\\[ ;:!>]|~|\\(?:en|em|thin|med|thick)space\b|\\hspace\*?\{[^{}\n]{0,12}\}"
)
_CASE_LABEL = (  # ``spaced-boxes``: a case label after a box ("\\boxed{3}\\ (n\\equiv1),",
    # "\\boxed{3}\\quad\\text{(for } 3^{1}\\text{)}"): the boxes of one line, one per case
    r"\((?:for|if|when|case)\b[^()\n]{0,40}\)|\([ \t]*[a-z][ \t]*\\equiv[^()\n]{1,20}\)"
    r"|\\text\{[ \t]*\((?:for|if|when|case)\b[^{}\n]{0,20}\}"
    r"(?:[^{}\n]|\{[^{}\n]{0,10}\}){0,30}?\\text\{[ \t]*\)[ \t]*\}"
)
_CONNECTOR_RE = re.compile(
    r"(?:[\s,;$.&/]|\\[()\[\]]|\\q?quad|\\text\{\s*(?:and|or)\s*\}|and|or|\\,|"
    + _TEX_SPACE + "|" + _CASE_LABEL + "|"
    r"\\?[a-zA-Z]+(?:_\{?\w{1,3}\}?)?\s*=|" + lx.alternation(lx.HEDGED_ALTERNATIVE)
    # ``interjected-or``: "$\boxed{389}$ hmm or $\boxed{391}$", "um, or": the "or" still joins
    + r"|(?:hmm+|um+|uh+)[ \t,.]*(?=or\b))*"
)
_CONDITION_AFTER_RE = re.compile(
    r"[\s$)]*,?\s*" + lx.alternation(lx.CONDITIONAL_TAIL) + r"\b", re.IGNORECASE
)
_DISOWNED_VALUE_RE = re.compile(r"(\d+(?:\.\d+)?)\$?\s")
_DISREGARDED_VALUE_RE = re.compile(  # "please disregard the 12": the value it names, last
    r"(?:disregard|ignore|scratch|scrap|strike)\s+the\s+\$?(\d+(?:\.\d+)?)\$?\Z", re.IGNORECASE
)
_PLAIN_NUM_RE = re.compile(r"(?<![\w.^_])-?\d+(?:\.\d+)?(?:/\d+)?(?![\w^_]|\.\d)")
_CORRECTED_VALUE_RE = re.compile(  # one value, not one of several ("5 or 6"); in bold or not
    # (``bold-corrected-value``: "the product is **381**", "the count is __20__")
    r"\s*(?:\*\*|__)?(?:\$|\\\()?\s*(-?\d+(?:\.\d+)?(?:/\d+)?)\s*(?:\$|\\\))?(?:\*\*|__)?"
    r"(?![\w^_]|\.\d)"
    r"(?!\s*(?:,|;|\bor\b|\band\b|\bto\b|-|\+|\\pm)\s*(?:maybe\s+|perhaps\s+)?(?:\$|\\\()?\s*-?\d)"
)


def line_of(s: str, start: int, end: int) -> str:
    lo = max(0, start - LINE_WINDOW)
    a = s.rfind("\n", lo, start) + 1 or lo
    b = s.find("\n", end, end + LINE_WINDOW)
    return s[max(a, lo) : b if b >= 0 else min(len(s), end + LINE_WINDOW)]


# --- drop rules ------------------------------------------------------------------------------
def attributed(region: str, c: Candidate) -> bool:
    """``attributed-to-someone-else``: "the user says 42", "the gold answer is 42"."""
    lo = max(0, c.start - LINE_WINDOW)
    bang = region.rfind("! ", lo, c.start)
    if bang > 0 and region[bang - 1].isdigit():  # "4! = \boxed{24}": a factorial, no full stop
        bang = -1
    cut = max(
        region.rfind(". ", lo, c.start), region.rfind("\n", lo, c.start), bang,
        region.rfind("? ", lo, c.start),
    )
    # ("the reference answer for this problem is 400": the source may run past the anchor word)
    m = ATTRIB_RE.search(region, cut + 1 if cut >= 0 else lo, min(c.end, c.start + 40))
    # "One might think X, but ..., so they differ: \boxed{24}": the view is turned before the box
    if m is not None and _VIEW_TURNED_RE.search(region, m.end(), c.start) is None and (
        _OWN_COMMIT_RE.search(region, m.end(), c.start) is None
    ) and not _own_other_anchor(region, m.end(), c) and (
        # (``box-in-contrast-clause``: "Most textbooks list $\boxed{210}$, whereas a count
        # stopping at 19 gives $\boxed{190}$": the second box is no source's value)
        _CONTRAST_CLAUSE_RE.search(region, m.end(), c.start) is None
    ):
        # (not "Since graders accept equivalent forms, I'll leave it as $\boxed{...}$": the
        # writer's own box after a remark on a source, ``own-box-after-source-remark``)
        return not agreed_after(region, c.end)
    return _reported_then_disowned(region, c, cut + 1 if cut >= 0 else lo)


def _own_other_anchor(region: str, source_end: int, c: Candidate) -> bool:
    """``own-answer-after-source``: "my" right before the anchor's phrase, after the source
    ("The answer key says 56; my answer is 54."), and its value not the source's ("If the
    reference answer is 5, my answer is 5." restates the source's claim)."""
    if _OWN_ANCHOR_LEAD_RE.search(region, max(source_end, c.start - 16), c.start) is None:
        return False
    return names_other_value(c.text, region[source_end : c.start])


_OWN_ANCHOR_LEAD_RE = re.compile(  # ``own-answer-after-source``: "The answer key says 56; my
    # answer is 54.": the anchor is the writer's own ("my" right before its phrase)
    r"\bmy[ \t]+(?:(?:final|own)[ \t]+)?\Z",
    re.IGNORECASE,
)
_OWN_COMMIT_RE = re.compile(
    r"\b(?:I'?ll|I[ \t]+will|I'?d|let[ \t]+me|my[ \t]+(?:final[ \t]+)?answer[ \t]+is"
    r"|I[ \t]+(?:get|got|find|found|write|give|leave|conclude)"
    # ``own-count-after-source``: "... is what the answer key says; my own count gives"
    r"|my[ \t]+own[ \t]+(?:count|calculation|computation|work|answer|result|value))\b",
    re.IGNORECASE,
)


def _reported_then_disowned(region: str, c: Candidate, sentence: int) -> bool:
    """``attributed-box-disowned``: the box is another person's reported answer ("My study
    partner worked it out and got $\\boxed{9}$", "Some might say $\\boxed{9}$") and the rest of
    its sentence disowns it ("but ...", "; that's wrong"), or a note after it says it was
    copied from somewhere and disagrees ("(copied from the solution manual -- I think it's
    wrong)"). A report agreed with ("..., and my own count agrees") stays."""
    after = region[c.end : c.end + 160]
    agreed = _ATTRIB_AGREED_RE.search(after, 0, 100)
    if agreed is not None and _NEGATED_BEFORE_RE.search(after, 0, agreed.start()) is None:
        return False  # (not "I don't think two decimal places is right": a negated agreement)
    m = ATTRIB_PERSON_RE.search(region, sentence, c.start)
    if m is not None and _VIEW_TURNED_RE.search(region, m.end(), c.start) is None and (
        _ATTRIB_DISOWNED_RE.match(after) or _contradicted_after(region, c)
        or _DISAGREED_NEXT_RE.search(after)  # ``attributed-box-disagreed``: "A student claims
    ):  # the answer is $\boxed{31}$, ...\n\nI disagree: ..."
        return True
    if m is not None and _VIEW_TURNED_RE.search(region, m.end(), c.start) is None and (
        _WITH_ME_RE.search(region, sentence, c.start) is None
        and _ENDORSED_RE.search(region, c.end) is None
    ):  # ``reported-claim-never-endorsed``: "A student claimed the answer was $\boxed{60}$.
        # Let's examine whether their reasoning holds up. ...": someone else's value, never the
        # writer's (not "My friend and I got": the writer among them)
        return True
    stop = after.find("\n", after.find("\n") + 1)  # its line and the next
    return QUOTED_SOURCE_RE.search(after, 0, stop if stop >= 0 else len(after)) is not None


_ENDORSED_RE = lx.words(lx.ATTRIBUTION_ENDORSED)
_WITH_ME_RE = re.compile(r"\b(?:and|&)[ \t]+(?:I|me|myself)\b|\b(?:we|us|our)\b", re.IGNORECASE)


_DISAGREED_NEXT_RE = re.compile(  # the writer's next words disagree with the report
    r"(?:^|[.!?]\s+|\n\s*)(?:(?:i|we)[ \t]+(?:disagree|(?:don't|do[ \t]+not)[ \t]+agree)\b"
    r"|(?:the[ \t]+student|they|he|she)(?:'s|[ \t]+is|[ \t]+was|[ \t]+are)[ \t]+(?:wrong|"
    r"incorrect|mistaken)\b)",
    re.IGNORECASE,
)
_CONTRAST_CLAUSE_RE = re.compile(  # the source's value, then ", whereas ... gives"
    r"\d[^\n]{0,60}?,[ \t]*(?:while|whereas)\b[^.!?\n]{1,80}?\b(?:gives?|yields?|gets?|"
    r"is|are|makes?)\b",
    re.IGNORECASE,
)
_VIEW_TURNED_RE = re.compile(r"\b(?:but|however|so|therefore|thus|hence|yet|instead)\b", re.I)
_OWN_OTHER_VALUE_RE = re.compile(  # the writer's own value: "I get 143", "The correct count is 143"
    r"\b(?:(?:i|we)[ \t]+(?:get|got|find|found|obtain|obtained|compute|computed|count|counted)"
    r"|the[ \t]+(?:correct|right|actual|true)[ \t]+(?:answer|count|value|total|number|result)"
    r"[ \t]+is)\b[^.!?\n]{0,30}?(?<![\w.])\**\$?(?P<v>-?\d+(?:\.\d+)?)(?![\w]|\.\d)",
    re.IGNORECASE,
)
_CONTRADICTED_CHARS = 400


def _contradicted_after(region: str, c: Candidate) -> bool:
    """``reported-then-contradicted``: after a box reported from someone else ("A student
    answered $\\boxed{142}$."), the writer states its own, different value in the next
    400 characters ("I get 143 instead.", "The correct count is **143**.")."""
    own = _OWN_OTHER_VALUE_RE.search(region, c.end, c.end + _CONTRADICTED_CHARS)
    return own is not None and own.group("v") != _plain_value(c.text)


_WRONG_LABEL_RE = Guarded(re.compile(  # ends the text before the candidate: "Wrong answer: $"
    r"(?:\b" + lx.alternation(lx.WRONG_LABEL) + r"[ \t]+(?:" + lx.alternation(lx.LABELLED_NOUN)
    + r"s?\b[ \t]*(?:is|was|:|=|-)?[ \t]*[$\\(\[{]*[ \t]*)?"
    # "The intuitive answer, which is wrong, is $", "A tempting (but wrong) answer is $"
    r"|\b" + lx.alternation(lx.LABELLED_NOUN) + r"s?[ \t]*,[ \t]*which[ \t]+(?:is|was)[ \t]+"
    + lx.alternation(lx.WRONG_LABEL) + r"[ \t]*,[ \t]*(?:is|was)[ \t]*[$\\(\[{]*[ \t]*"
    r"|\([ \t]*(?:but[ \t]+|and[ \t]+)?" + lx.alternation(lx.WRONG_LABEL) + r"[ \t]*\)[ \t]+"
    + lx.alternation(lx.LABELLED_NOUN) + r"s?[ \t]*(?:is|was|:)?[ \t]*[$\\(\[{]*[ \t]*)\Z",
    re.IGNORECASE,
))
# right after the value: "9 (not correct)", "9, which is wrong"
_WRONG_CLAUSE_RE = Guarded(re.compile(  # "9 -- wrong, since ...": a dash too
    r"[ \t$).\\]*(?:,[ \t]*(?:which|that)[ \t]+(?:is|was)[ \t]+"
    r"|\([ \t]*(?:(?:this|that|which)[ \t]+(?:is|was)[ \t]+)?|[ \t]*(?:\u2014|\u2013|--)[ \t]*)"
    + lx.alternation(lx.DISOWNING) + r"\b",
    re.IGNORECASE,
))


def labelled_wrong(region: str, c: Candidate) -> bool:
    """``labelled-wrong``: the candidate's own label or a clause attached to it calls it wrong
    ("Wrong answer: $5$", "Rejected guess: 12", "$9$ (not correct)", "9, which is wrong")."""
    line = region[max(0, c.start - 40, region.rfind("\n", 0, c.start) + 1) : c.start]
    if _WRONG_LABEL_RE.search(line):
        return True
    span = region[c.start : c.end]
    at = span.rfind(c.text) if c.text else -1
    tail = (span[at + len(c.text) :] if at >= 0 else "") + region[c.end : c.end + 40]
    return _WRONG_CLAUSE_RE.match(tail) is not None


_BOX_CONTINUES_RE = re.compile(  # "\boxed{24} \times 2 = 48": the formula goes on
    r"[ \t]*(?:\\times|\\cdot|\\div|[+*/\u00d7\u00b7\u2212-])[ \t]*[^$=\n]{1,40}?=[ \t]*-?\d"
)


_DEFERS_TO_REFERENCE_RE = re.compile(
    r"[ \t*_$(]*(?:" + lx.alternation(lx.REFERENCE_DEFERRAL) + r")\b[ \t]*(?:"
    + lx.alternation(lx.REFERENCE_SOURCE) + r")\b",
    re.IGNORECASE,
)


def defers_to_reference(text: str) -> bool:
    """``answer-defers-to-reference``: the answer line points to the reference instead of
    giving the writer's own value ("Answer: see reference (237)", "same as the official key,
    i.e. 237"); a value said to agree with it ("237 (this agrees with the reference)") is not
    this: the line opens with its value."""
    return _DEFERS_TO_REFERENCE_RE.match(text) is not None


def box_mid_expression(region: str, end: int) -> bool:
    """``box-mid-expression``: the box (ending at ``end``) is followed inside its formula by an
    operator and "= value" ("$4! = \\boxed{24} \\times 2 = 48$"): an intermediate step."""
    return _BOX_CONTINUES_RE.match(region, end) is not None


def _drop(
    cands: list[Candidate], bad: list[bool], rule: str, out: list[Decision]
) -> list[Candidate]:
    if not any(bad):
        return cands
    kept = []
    for c, b in zip(cands, bad, strict=True):
        if b:
            out.append(Decision(c, False, rule))
        else:
            kept.append(c)
    return kept


def drop_rules(region: str, cands: list[Candidate], out: list[Decision]) -> list[Candidate]:
    """The drop rules that need only the candidates and the region, in order."""
    anchors = [c for c in cands if c.kind == "anchor"]
    if anchors:
        cands = _drop(
            cands, [c.kind == "anchor" and "\\boxed" in c.text for c in cands],
            "anchor-introduces-box", out,
        )
        anchors = [c for c in cands if c.kind == "anchor"]
    if len(anchors) > 1:
        cands = _drop(
            cands,
            [c.kind == "anchor" and any(c.start < a.start < c.end for a in anchors)
             for c in cands],
            "anchor-contains-anchor", out,
        )
    cands = _drop(
        cands, [attributed(region, c) for c in cands], "attributed-to-someone-else", out
    )
    cands = _drop(cands, [labelled_wrong(region, c) for c in cands], "labelled-wrong", out)
    cands = _drop(
        cands, [c.kind == "boxed" and box_mid_expression(region, c.end) for c in cands],
        "box-mid-expression", out,
    )
    if sum(c.kind == "boxed" for c in cands) >= 2 and "**" in region:
        steps = step_number_boxes(region, cands)
        if steps:  # "$\\boxed{1}$ **Derivative.** ...\n\n$\\boxed{2}$ **Critical values.** ..."
            cands = _drop(cands, [c in steps for c in cands], "box-is-step-number", out)
    if (
        cands and len(region) > cands[-1].end + 20
        and _EXAMPLE_ANY_RE.search(region, 0, cands[-1].end) is not None
    ):
        cands = _drop(
            cands, [in_worked_example(region, c) for c in cands], "box-in-worked-example", out
        )
    return _drop(
        cands, [presented_mistake(region, c) for c in cands], "box-in-presented-mistake", out
    )


_STEP_TITLE_AFTER_RE = re.compile(r"[ \t]*(?:\$|\\\))?[ \t]*(?:\*\*|__)[ \t]*[A-Z]")


def step_number_boxes(region: str, cands: list[Candidate]) -> list[Candidate]:
    """``box-is-step-number``: boxes that each open a line and are followed by a bold step title
    ("$\\boxed{1}$ **Derivative.**", "$\\boxed{2}$ **Critical values.**"), numbered 1, 2, ...
    in order: step numbers, no candidates. At least two, or none is."""
    steps: list[Candidate] = []
    for c in cands:
        line_start = region.rfind("\n", 0, c.start) + 1
        if (
            c.kind == "boxed" and c.text.strip() == str(len(steps) + 1)
            and not region[line_start : c.start].strip(" \t$\\(")
            and _STEP_TITLE_AFTER_RE.match(region, c.end)
        ):
            steps.append(c)
    return steps if len(steps) >= 2 else []


_EXAMPLE_MARK_RE = re.compile(  # "... could be accepted, e.g. $", "for instance $"
    r"(?:\be\.g\.?|\bfor[ \t]+(?:example|instance)|\bsuch[ \t]+as)[ \t,:]*"
    r"(?:\$\$?|\\\(|\\\[)?[ \t]*\Z",
    re.IGNORECASE,
)


_NOT_RIGHT = (  # "that's not right", "that isn't right either", "it's wrong"
    r"(?:(?:that'?s|that[ \t]+is|this[ \t]+is|it'?s)[ \t]+(?:not[ \t]+(?:it|right|correct)|wrong)"
    r"|(?:that|this|it)[ \t]+isn'?t[ \t]+(?:it|right|correct))(?:[ \t]+either)?[ \t.!\u2026]{0,6}"
)
_INTERRUPT = (  # "hold on", "hang on a second", "wait a moment", "wait"
    r"(?:(?:hold|hang)[ \t]+on|wait)(?:[ \t]+a[ \t]+(?:second|sec|moment|minute))?"
)
_BARE_NO_RE = re.compile(  # "Hmm, no.", "Actually, no.", "Hmm... no, that's not it.", "Actually
    # hold on, that's not right either."
    r"(?:(?:hmm+|hm+|um+|uh+|actually|wait|oh|ah|well|hold[ \t]+on)[ \t,.\u2026!\u2014-]{0,8})*"
    r"(?:(?:no\b[ \t.!\u2026]{0,6}(?:,?[ \t]*" + _NOT_RIGHT + r")?|" + _NOT_RIGHT + r")"
    r"(?:[ \t,.\u2026!\u2014-]{0,8}" + _INTERRUPT + r")*[ \t.!\u2026]*"  # ("Actually, no, hold
    r"|" + _INTERRUPT + r"[ \t.!\u2026]*)",  # on.", "Hold on.": the answer interrupted, no more)
    re.IGNORECASE,
)
_BARE_NO_ENDS = (
    "no", "no.", "no!", "no...", "no\u2026", "it.", "right.", "correct.", "wrong.", "either.",
    "on", "on.", "on!", "on...", "on\u2026", "second.", "moment.", "minute.", "sec.", "wait",
    "wait.", "wait!", "wait...", "wait\u2026",
)


_FLIP_LEAD_RE = re.compile(r"[\s$*_)}\].!,]*")
_FLIP_RE = re.compile(  # "Actually, no.", "Hmm, no.", "Yes.": one bare yes or no
    r"(?:(?:actually|wait|hmm+|um+|oh|er+|hold[ \t]+on)[ \t]*[,.!\u2014\u2013-]*[ \t]*)*"
    r"(?P<w>no|nope|nah|yes|yep|yeah)[ \t]*[.!\u2026]*\s*",
    re.IGNORECASE,
)


def _flipped_to_no(tail: str) -> bool:
    """``bare-closing-retraction`` in the answer's own paragraph: the text ends right after the
    answer on bare yes/no sentences, the last a no ("The answer is 13. Actually, no. Actually,
    yes. Actually, no."): the answer is withdrawn with nothing in its place. A question answered
    no ("Could it be 14? No.") is no such run."""
    lead = _FLIP_LEAD_RE.match(tail)
    pos = lead.end() if lead is not None else 0
    last = None
    while pos < len(tail):
        m = _FLIP_RE.match(tail, pos)
        if m is None or m.end() == pos:
            return False
        last, pos = m.group("w").lower(), m.end()
    return last == "no"


def bare_closing_retraction(region: str, end: int) -> bool:
    """``bare-closing-retraction``: the text's last paragraph, after the answer (ending at
    ``end``), is a bare "no" ("Hmm, no.", "Actually, no.", "Hmm... no, that's not it."): the
    stated answer retracted with nothing in its place. A "No." right after a question answers
    that question ("Does 8 divide 12? No."), and a paragraph holding more is read by the other
    rules. Ends first (most texts end otherwise)."""
    tail = region[end:].rstrip().rstrip("*_").rstrip()
    if len(tail) > 400 or not tail.lower().endswith(_BARE_NO_ENDS):
        return False
    if _flipped_to_no(tail):  # in the answer's own paragraph: "The answer is 13. Actually, no."
        return True
    lead = _FLIP_LEAD_RE.match(tail)
    if lead is not None and lead.end() > 0 and "\n" not in tail and _BARE_NO_RE.fullmatch(
        tail, lead.end()
    ):  # "... = 32. Actually hold on, that's not right either." in the answer's paragraph
        return True
    para = tail.rfind("\n\n")
    if para < 0 or tail[:para].rstrip().endswith("?"):
        return False
    return _BARE_NO_RE.fullmatch(tail[para:].strip().strip("*_").strip()) is not None


_FLOATED_VALUE_RE = re.compile(  # "Maybe it's 5?", "Could it be $5$?", "Or is it 5?"
    r"\b(?:maybe|perhaps|possibly|could|might|or)\b[^.?!\n]{0,30}?\b(?:it'?s|it[ \t]+is|it[ \t]+be|"
    r"is[ \t]+it|be)[ \t]+(?:\$|\*\*)?[ \t]*"
    r"(?:[A-Za-z](?:_\{?\d{1,3}\}?)?[ \t]*=[ \t]*)?"  # ("Or is it $F_{11} = 89$?": a named value)
    r"(?P<v>-?\d[\d,]*(?:\.\d+)?(?:/\d+)?)[ \t]*(?:\$|\*\*)?[ \t]*\?",
    re.IGNORECASE,
)
_DOUBT_ONLY_RE = re.compile(  # what may follow a floated value: doubt, nothing decided
    r"(?:[ \t]*(?:hmm+|well|honestly|really|now)[,.!]*)*[ \t]*"
    r"(?:(?:i'?m|i[ \t]+am)[ \t]+)?(?:(?:really|still|just|honestly)[ \t]+)?(?:not[ \t]+(?:sure|"
    r"certain|confident)|unsure|uncertain)"
    r"(?:[ \t]+(?:any[ \t]?more|now|about[ \t]+(?:this|that|it)))?"
    r"[ \t]*[.!\u2026]*[ \t]*",
    re.IGNORECASE,
)


def floated_alternative_after(region: str, end: int, value: str) -> bool:
    """``doubt-with-tentative-alternative``: after the answer (ending at ``end``) the writer
    floats another value as a question ("Hmm, actually, I'm now second-guessing this. Maybe it's
    5? Not sure.") and nothing follows it but doubt: the answer is no longer committed. A
    floated value that is rejected or checked ("Maybe it's 5? No: 30/5 = 6.") is read by the
    other rules."""
    rest = region[end : end + 600]
    if "?" not in rest:
        return False
    found = None
    for found in _FLOATED_VALUE_RE.finditer(rest):  # noqa: B007 - the last one
        pass
    if found is None or _plain(found.group("v")) == _plain(value):
        return False
    tail = rest[found.end() :].strip()
    return not tail or _DOUBT_ONLY_RE.fullmatch(tail) is not None


_FLOAT_REJECTED_RE = re.compile(r"[ \t*_]*(?:no|nope|not)\b", re.IGNORECASE)


def floated_then_cut(region: str, end: int, value: str) -> bool:
    """``floated-alternative-then-cut-off``: in a text cut off by the token limit, after the
    answer (ending at ``end``) the writer floats another value as a question ("So the answer is
    $F_{12} = 144$. Hmm, or is it $F_{11} = 89$? ...") and is cut off before committing again:
    the answer was reopened and never given again (a floated value rejected at once, "Or is it
    29? No: ...", leaves it)."""
    rest = region[end : end + 600]
    if "?" not in rest:
        return False
    found = None
    for found in _FLOATED_VALUE_RE.finditer(rest):  # noqa: B007 - the last one
        pass
    if found is None or _plain(found.group("v")) == _plain(value):
        return False
    return _FLOAT_REJECTED_RE.match(rest, found.end()) is None


PLACEHOLDER_RE = Guarded(re.compile(  # a box called a stand-in for an answer
    r"\b(?:place-?holder|stand-in|stand[ \t]in\b(?![ \t]+(?:for|the|a)\b)|dummy[ \t]+"
    r"(?:value|answer|number|entry)|filler[ \t]+(?:value|answer))\b",
    re.IGNORECASE,
))
_REPLACED_RE = re.compile(  # a replacement done ("replaced", "this replaces"), not one meant
    # ("I'll replace this once ...", "to be replaced", "will replace it after ...")
    r"\b(?:(?<!be[ \t])replaced|replacing|replaces|instead[ \t]+of|no[ \t]+longer)\b",
    re.IGNORECASE,
)
_SENTENCE_STOP_RE = re.compile(r"[.!?](?=\s|\Z)|\n")


def called_placeholder(region: str, c: Candidate) -> bool:
    """``box-called-placeholder``: the candidate's sentence, or the sentence after it, calls it a
    placeholder, a stand-in or a dummy value ("I'll put $\\boxed{9}$ here as a placeholder",
    "$\\boxed{9}$\n\n(This is a stand-in, not my answer.)", "Placeholder answer:
    $\\boxed{720}$"): not an answer. A placeholder replaced by the worked value ("I replaced my
    placeholder with the real count") is. Literal first."""
    lo = max(0, c.start - 160)
    opening = max(region.rfind("\n", lo, c.start), region.rfind(". ", lo, c.start))
    lo = opening + 1 if opening >= 0 else lo
    stop = _SENTENCE_STOP_RE.search(region, c.end)
    hi = stop.end() if stop is not None else len(region)
    while hi < len(region) and region[hi] in " \t\n$)*":
        hi += 1
    nxt = _SENTENCE_STOP_RE.search(region, hi)
    hi = min(nxt.end() if nxt is not None else len(region), c.end + 240)
    called = any(  # (not "the final answer, not a placeholder")
        not _NOT_A_RE.search(region, max(lo, m.start() - 16), m.start())
        for m in PLACEHOLDER_RE.pattern.finditer(region, lo, hi)
    ) if PLACEHOLDER_RE.search(region, lo, hi) is not None else False
    return called and _REPLACED_RE.search(region, lo, hi) is None


_BOX_NOUN = (
    r"(?:(?:answer|final)[ \t]+box|box(?:ed)?(?:[ \t]+(?:number|value|answer|entry|result|figure"
    r"|expression))?)"
)
_AHEAD = r"(?:below|beneath|underneath|that[ \t]+follows|which[ \t]+follows|to[ \t]+follow)"
DISOWNED_AHEAD_RE = Guarded(re.compile(  # a pointer to the box ahead that disowns it
    # "Ignore the box below", "Please disregard the boxed number that follows", "Don't trust
    # the following box"
    r"\b(?:ignore|disregard|pay[ \t]+no[ \t]+attention[ \t]+to|(?:do[ \t]+not|don't|don’t)"
    r"[ \t]+(?:read|trust|use|count|grade)|skip)[ \t]+(?:the[ \t]+)?(?:"
    + _BOX_NOUN + r"[ \t]+" + _AHEAD + r"|following[ \t]+" + _BOX_NOUN + r"|next[ \t]+"
    + _BOX_NOUN + r")"
    # "The box below is not my answer", "the boxed value that follows isn't my real result"
    r"|\b(?:the[ \t]+)?" + _BOX_NOUN + r"[ \t]+" + _AHEAD
    + r"[ \t]+(?:is[ \t]+not|isn't|isn’t|does[ \t]+not|doesn't|doesn’t)[ \t]+"
    r"(?:my|the|our|hold|contain|show|give|reflect)\b",
    re.IGNORECASE,
))


def disowned_ahead(region: str, c: Candidate) -> bool:
    """``box-disowned-ahead``: a sentence shortly before the box, with no other box between,
    points at the box ahead and disowns it ("Please disregard the boxed number that follows;
    the template requires one. My real result is 15.\\n\\n$\\boxed{16}$", "Ignore the box
    below; it is only a formatting placeholder."): not the writer's answer. A pointer that
    owns the box ("The box below holds my final answer.") or an "ignore" aimed at an earlier
    attempt ("Ignore that attempt.") is none. Literal first."""
    if c.kind != "boxed":
        return False
    lo = max(0, c.start - 400)
    if DISOWNED_AHEAD_RE.search(region, lo, c.start) is None:
        return False
    last = None
    for last in DISOWNED_AHEAD_RE.pattern.finditer(region, lo, c.start):  # noqa: B007
        pass
    return last is not None and "\\boxed" not in region[last.end() : c.start]


_NOT_A_RE = re.compile(r"\b(?:not|no|never)[ \t]+(?:an?[ \t]+|just[ \t]+a[ \t]+)?\Z", re.IGNORECASE)


_CONDITION_UNDETERMINED_RE = re.compile(
    r"[^.!?\n]{0,12}?[ \t,]*(?:only[ \t]+)?(?:if|provided|assuming|as[ \t]+long[ \t]+as)\b"
    # (not "but if it were biased ... could not be determined": a second condition's case)
    r"[^.!?\n]{1,120}?\bbut\b(?![ \t,]+(?:if|when|unless)\b)[^\n]{0,200}?"
    + lx.alternation(lx.UNDETERMINABLE),
    re.IGNORECASE,
)


def conditional_then_undetermined(region: str, c: Candidate) -> bool:
    """``box-conditional-then-undetermined``: the box's sentence goes on with a condition, then
    "but" and the value declared undeterminable ("The answer would be $\\boxed{\\frac{1}{36}}$
    if the dice were fair, but ..., so the probability can't be determined from the given
    information."): the box is the value under a supposition the text rejects."""
    return c.kind == "boxed" and _CONDITION_UNDETERMINED_RE.match(
        region, c.end, c.end + 400
    ) is not None


def example_box(region: str, c: Candidate) -> bool:
    """``box-as-example``: a box right after "e.g." / "for instance" / "such as" ("any
    reasonable value could be accepted -- e.g. $\\boxed{3}$") is an instance, not the answer."""
    return c.kind == "boxed" and example_before(region, c.start)


def example_before(region: str, start: int) -> bool:
    """:func:`example_box` for a box starting at ``start``: an example marker right before it."""
    before = region[max(0, start - 24) : start]
    if "e.g" not in before and "for " not in before and "such" not in before and (
        "For " not in before and "E.g" not in before and "Such" not in before
    ):  # (a literal of every marker, by find: most boxes have none before them)
        return False
    return _EXAMPLE_MARK_RE.search(region, max(0, start - 24), start) is not None


_EXAMPLE_OPENER_RE = re.compile(
    r"[ \t*>-]*(?:now[ \t,]+)?" + lx.alternation(lx.EXAMPLE_OPENER) + r"\b", re.IGNORECASE
)
_EXAMPLE_ANY_RE = Guarded(re.compile(lx.alternation(lx.EXAMPLE_OPENER), re.IGNORECASE))
EXAMPLE_WORD_RE = Guarded(re.compile(lx.alternation(lx.EXAMPLE_WORD), re.IGNORECASE))
"""A literal of every ``box-in-worked-example`` opener (see :func:`in_worked_example`)."""
_OWN_PROBLEM_RE = Guarded(re.compile(r"\b" + lx.alternation(lx.OWN_PROBLEM) + r"\b", re.I))


def in_worked_example(region: str, c: Candidate) -> bool:
    """``box-in-worked-example``: the candidate's sentence opens a worked example ("For
    instance, if $2^x = 16$, then ... $\\boxed{4}$.") and the text after it goes back to its own
    problem ("Now for our equation: ..."): the example's value, not the answer."""
    lo = max(0, c.start - 300)
    start = lo
    for m in _SENTENCE_START_RE.finditer(region, lo, c.start):
        start = m.end()
    if _EXAMPLE_OPENER_RE.match(region, start) is None and not _example_paragraph(
        region, lo, c.start
    ):
        return False
    return _OWN_PROBLEM_RE.search(region, c.end, c.end + 600) is not None


_EXAMPLE_LABEL_RE = re.compile(
    r"[ \t#*>_-]*" + lx.alternation(lx.EXAMPLE_LABEL) + r"\b[ \t*_]*(?:[:.]|\n|\Z)",
    re.IGNORECASE,
)


def _example_paragraph(region: str, lo: int, at: int) -> bool:
    """``warm-up-section-box``: the paragraph holding ``at`` (starting after ``lo``) opens with
    a warm-up or example label, or sits under a heading that is one (lexicon EXAMPLE_LABEL)."""
    gap = region.rfind("\n\n", lo, at)
    start = gap + 2 if gap >= 0 else lo
    if (gap >= 0 or lo == 0) and _EXAMPLE_LABEL_RE.match(region, start) is not None:
        return True
    if gap < 0:
        return False
    heading = region[region.rfind("\n", 0, gap) + 1 : gap]  # "## Warm-up" above the paragraph
    return heading.lstrip().startswith("#") and _EXAMPLE_LABEL_RE.match(heading) is not None


PRESENTED_MISTAKE_RE = Guarded(re.compile(lx.alternation(lx.PRESENTED_MISTAKE), re.IGNORECASE))
_SENTENCE_START_RE = re.compile(  # (a factorial's "!" before an operator ends no sentence:
    # "A naive count would give $6! = \\boxed{720}$.")
    r"(?:[.?]|!(?![ \t]*(?:[=+\-*/<>\u00d7\u00b7\u2264\u2265]|\\(?:cdot|times|div|le|ge|neq)\b)))"
    r"[ \t]+(?=\S)|\n"
)


def presented_mistake(region: str, c: Candidate) -> bool:
    """``box-in-presented-mistake``: the candidate's sentence opens by presenting a mistake ("A
    common mistake is to ... report $5 \\times 4 = \\boxed{20}$."): the value that mistake
    gives, not the answer."""
    return presented_mistake_at(region, c.start)


def presented_mistake_at(region: str, at: int) -> bool:
    """:func:`presented_mistake` for a candidate starting at ``at`` (one search when the 400
    characters before it hold no mistake word, as almost always)."""
    lo = max(0, at - 400)
    if PRESENTED_MISTAKE_RE.search(region, lo, at) is None:  # its literals first, by find
        return False
    start = lo
    for m in _SENTENCE_START_RE.finditer(region, lo, at):
        if m.group(0) == "\n" and region.startswith(("$$", "\\["), m.end()) and (
            region[max(lo, m.start() - 1) : m.start()].isalpha()
        ):  # "... and write\n$$ ... = \boxed{24}.$$": the display goes on with the sentence
            continue
        start = m.end()
    sentence = region[start : start + 120].lstrip(" \t*#>-")
    if PRESENTED_MISTAKE_RE.pattern.match(sentence) is not None:
        return True
    paren = region.rfind("(", lo, at)  # ``mistake-remark-parenthetical``: "(Remark: a common
    if paren < 0 or ")" in region[paren:at]:  # mistake gives 43; ... and the answer is 43.
        return False  # That is incorrect.)": the parenthesis presents the mistake throughout
    opening = _REMARK_LABEL_RE.sub("", region[paren + 1 : paren + 121].lstrip(" \t*"), count=1)
    return PRESENTED_MISTAKE_RE.pattern.match(opening) is not None


_REMARK_LABEL_RE = re.compile(r"^(?:remark|note|aside|n\.b\.)[ \t*]*:[ \t*]*", re.IGNORECASE)


# --- skip rules (walking back from the last candidate) ------------------------------------------
def _inline_check(before: str) -> bool:
    """'Let me verify: $5^2=\\boxed{25}$': a box evaluating an expression in a check sentence."""
    cut = max(before.rfind(". "), before.rfind("! "), before.rfind("? "))
    sentence = before[cut + 1 :] if cut >= 0 else before
    return bool(CHECK_INTRO_RE.search(sentence)) and bool(_EVAL_LHS_RE.search(sentence))


_CONCLUSION_TURN_RE = re.compile(
    r"\b(?:so|thus|therefore|hence)\b[^.!?]{0,40}?\banswer\b"
    # ``failed-check-then-corrected-box``: "... = -4 ✗. I swapped the order. Correct ordered
    # pair: $\boxed{(7, 3)}$" (a label naming the corrected value ends the check)
    r"|(?<![\w-])correct(?:ed)?(?:[ \t]+[a-z]+){0,2}[ \t]*:",
    re.I,
)


def _last_conclusion(before: str) -> int | None:
    """Where the last "so the answer is" of the text before a box ends, or None: check words
    before it belong to the work it concludes, not to the box."""
    end = None
    for m in _CONCLUSION_TURN_RE.finditer(before):
        end = m.end()
    return end


_INTERJECTION_LEAD = r"(?:(?:hmm+|oh|ah|well|okay|ok)[ \t]*[,.!]?[ \t]+)?"  # ("Hmm, but if")
_COUNTERFACTUAL_BODY = (  # "if ..., it would be" with no turn to the real case after the modal
    r"(?:if|had[ \t]+(?:the|we|i|you|it|this|that|they))\b[^\n]*\b"
    + lx.alternation(lx.COUNTERFACTUAL_MODAL) + r"\b(?![^\n]*\b"
    + lx.alternation(lx.COUNTERFACTUAL_TURN) + r"\b)"
)
_COUNTERFACTUAL_CLAUSE_RE = re.compile(  # also after a note label: "*Note:* if ..., ... would"
    # or any short label: "(Sanity check on the method: if ..., we would get $\boxed{6}$.)"
    r"^[\s*_(]*(?:(?:note|remark|aside|p\.?s\.?|[A-Za-z][A-Za-z \t-]{0,40})[ \t]*:[\s*_]*)?"
    + _INTERJECTION_LEAD + r"(?:(?:but|and|or|so|now)[ \t,]+)?" + _COUNTERFACTUAL_BODY,
    re.IGNORECASE,
)
_COUNTERFACTUAL_LOOSE_RE = re.compile(  # with concessive openers: "Hmm, though if", "though
    # honestly, if" (read so only when a sentence turns back to the problem as stated after it)
    r"^[\s*_(]*" + _INTERJECTION_LEAD
    + r"(?:(?:but|and|or|so|now|though|although|however|yet|still|honestly|frankly|admittedly)"
    r"[ \t,]+){0,2}" + _COUNTERFACTUAL_BODY,
    re.IGNORECASE,
)
_AS_STATED = (  # back to the problem as posed: "But as stated", "Assuming it's as written"
    r"(?:(?:but|so|and|now|however|still)[ \t,]+)?(?:as[ \t]+(?:stated|written|given|posed)"
    r"|for[ \t]+the[ \t]+(?:actual|given|original|stated)[ \t]+(?:problem|question)"
    r"|assuming[ \t]+(?:it'?s|it[ \t]+is|the[ \t]+problem[ \t]+is)[ \t]+as[ \t]+"
    r"(?:written|stated|given))\b"
)
_AS_STATED_AFTER_RE = re.compile(  # a later sentence back to the problem as posed
    r"(?:^|[.!?][ \t]+)[ \t*_]*" + _AS_STATED, re.IGNORECASE | re.MULTILINE
)


def as_stated_after(region: str, end: int) -> bool:
    """``as-stated-after-hypothetical``: a sentence after ``end`` turns back to the problem as
    posed ("But as stated, $x = 3$.", "Assuming it's as written, the limit is 3.")."""
    return ("stated" in region or "written" in region or "given" in region or "posed" in region
            or "actual" in region or "original" in region) and (
        _AS_STATED_AFTER_RE.search(region, end) is not None
    )


_OWN_CLAUSE_BREAK_RE = re.compile(  # (not the full stop of "i.e.", "e.g.", "etc.", "vs.", "cf.",
    # nor a factorial's "!": "If we also divided by $2!$ ..., we'd get", ``factorial-not-a-stop``)
    r"(?:(?<!\bi\.e)(?<!\be\.g)(?<!\betc)(?<!\bvs)(?<!\bcf)[.;?]|(?<![\d)}\]])!)(?:\s|\$)"
)


def _own_clause(before: str) -> str:
    """The text of the candidate's clause before it (since the last '.', ';', '!' or '?')."""
    cut = -1
    for m in _OWN_CLAUSE_BREAK_RE.finditer(before):
        cut = m.start()
    return before[cut + 1 :]


_ASIDE_WOULD_RE = re.compile(  # "(under the problem's own indexing one would get $"
    r"\([ \t]*(?:with|under|using|in|for|by|on|at)\b[^()\n]{0,100}?"
    r"(?:\bwould|'d)[ \t]+(?:get|be|give|obtain|have|find|see|come[ \t]+to|end[ \t]+up[ \t]+with)\b"
    r"[^()\n$]{0,30}?[ \t:]*(?:\$\$?|\\\(|\\\[)?[ \t]*\Z",
    re.IGNORECASE,
)
_SUPPOSED_ANSWER_RE = re.compile(  # "Suppose the answer is $", "Let's assume that the answer is $"
    r"^[\s*_(]*(?:(?:but|and|so|now)[ \t,]+)?(?:let'?s[ \t]+|let[ \t]+us[ \t]+)?"
    r"(?:suppose|assume)[ \t]+(?:that[ \t]+)?the[ \t]+(?:final[ \t]+)?answer[ \t]+(?:is|equals)"
    r"[$\\(\[ \t]*$",
    re.IGNORECASE,
)
_UNDER_ONE_READING_RE = re.compile(  # "Under the first reading the answer would be $"
    r"^[\s*_(]*(?:(?:but|and|so|now|then|yet)[ \t,]+)?(?:under|on|with|by|using|taking|in|for)"
    r"[ \t]+(?:the|this|that|a|an|one)[ \t]+(?!(?:[\w'-]+[ \t]+)?(?:"
    + lx.alternation(lx.READING_CHOSEN)
    + r")\b)(?:[\w'-]+[ \t]+){0,2}?(?:" + lx.alternation(lx.READING_NOUN) + r")s?\b"
    r"[^\n]{0,80}?(?:\bwould|'d)\b[^\n]{0,60}\Z",
    re.IGNORECASE,
)


_SUPPOSE_THEN_WOULD_RE = re.compile(  # "Suppose the A's are identical. Then the answer would be $"
    r"(?:^|[.!?][ \t]+)[ \t*_]*(?:suppose|assume|assuming|let'?s[ \t]+(?:say|suppose|assume))\b"
    r"(?:[^.!?\n]|[.!?](?=\S)){1,200}[.!?;:][ \t]+then\b,?(?:[^.!?\n]|[.!?](?=\S)){0,80}?"
    r"(?:\bwould|'d)\b(?:[^.!?\n]|[.!?](?=\S)){0,80}\Z",
    re.IGNORECASE,
)


def would_under_one_reading(clause: str) -> bool:
    """``would-under-one-reading``: the clause gives what one reading of several "would" give
    ("Under the first reading the answer would be \\$6.", "On the second reading it would be
    60."): a value under a reading, no commitment (not "under any reading", nor "under the
    intended reading": lexicon READING_CHOSEN)."""
    return _UNDER_ONE_READING_RE.search(clause) is not None


_SUBJUNCTIVE_VALUE_RE = re.compile(  # the supposed value itself: "If the answer were $"
    r"^[\s*_(]*(?:(?:but|and|or|so|now|say|for[ \t]+(?:instance|example)|e\.g\.)[ \t,]+)?"
    r"(?:even[ \t]+)?(?:if|suppose|supposing)\b"
    r"[^\n]{0,80}\bwere[ \t]*(?:equal[ \t]+to[ \t]*)?[$\\(\[ \t]*$",
    re.IGNORECASE,
)


def counterfactual_before(before: str, loose: bool = False) -> bool:
    """The candidate's clause (``before``: its line up to it) opens with 'if' and states what
    a supposition 'would' give ("If we simply multiplied them, it would be $\\boxed{240}$"), or
    the candidate closes a parenthetical of what another reading would give ("(with the
    problem's own indexing you would get $\\boxed{144}$)", ``hypothetical-box-in-aside``)."""
    low = before.lower()
    if ("would" in low or "'d" in low) and "(" in before and _ASIDE_WOULD_RE.search(before):
        return True
    if ("suppos" in low or "assum" in low) and _SUPPOSED_ANSWER_RE.search(_own_clause(before)):
        return True  # ``supposed-box``: "Suppose the answer is $\boxed{128}$; we should verify"
    if "were" in low and _SUBJUNCTIVE_VALUE_RE.search(_own_clause(before)):
        return True  # ``hypothetical-box-were``: "If the answer were $\boxed{101}$, ..."
    if ("would" in low or "'d" in low) and (
        would_under_one_reading(_own_clause(before))
        # ``suppose-then-would``: "Suppose the A's are indistinguishable ... . Then the answer
        # would be $\boxed{60}$.": the box is what the supposition would give
        or (("uppos" in low or "ssum" in low) and _SUPPOSE_THEN_WOULD_RE.search(before) is not None)
    ):
        return True
    if ("if" not in low and "had" not in low) or ("would" not in low and "'d" not in low):
        return False
    clause = _own_clause(before)
    if _COUNTERFACTUAL_CLAUSE_RE.search(clause):
        return True
    if not loose:
        return False
    if _COUNTERFACTUAL_LOOSE_RE.search(clause):  # (``loose``: the problem as stated comes back
        return True  # after it, ``as-stated-after-hypothetical``)
    dash = max(clause.rfind("\u2014"), clause.rfind(" -- "))  # ``counterfactual-after-dash``: "I'd
    # want to check the statement \u2014 if it was $\frac{\sin x}{3x}$ the answer would be $"
    return dash >= 0 and bool(_COUNTERFACTUAL_LOOSE_RE.search(clause[dash:].lstrip("\u2014- ")))


_FORMAT_EXAMPLE_RE = lx.words(lx.FORMAT_EXAMPLE)
_FORMAT_LIKE_RE = re.compile(
    r"\b(?:format|formatted|formatting|reminder|template)\b[^\n]{0,80}\b(?:like|e\.g\.|such as"
    r"|for example|as in)"
    # ``format-example-box``: "Please format the final answer like this example: \boxed{24}."
    r"(?:[ \t]+(?:this|the[ \t]+following)[ \t]+(?:example|sample))?"
    r"[ \t:,]*(?:\$\$|\$|\\\(|\\\[)?[ \t]*\Z",
    re.IGNORECASE,
)


_FORMAT_DEMO_RE = re.compile(  # "For example, if the answer were 12, you would write it as $"
    r"\b(?:for[ \t]+example|for[ \t]+instance|e\.g\.)[ \t,:]+if[ \t]+(?:the[ \t]+)?"
    r"(?:final[ \t]+)?(?:answer|result)[ \t]+(?:were|was|is)\b[^\n]{0,80}?\b(?:write|put|"
    r"enter|box|format|present)\b[^\n.]{0,30}\Z",
    re.IGNORECASE,
)
_FORMAT_PREVIEW_RE = re.compile(
    r"\b(?:in|using)[ \t]+(?:the|this)[ \t]+format\b[^\n]{0,60}\Z", re.IGNORECASE
)
_AFTER_VERIFYING_RE = re.compile(  # "$ once I've verified it", " after checking"
    r"[ \t$]*\.?[ \t]*(?:once|after|when)\b[^\n.]{0,30}?\b(?:verif|check|confirm|finish|"
    r"done|sure)",
    re.IGNORECASE,
)
_BOX_LIKE_RE = re.compile(  # "put the final answer in a box like $"
    r"\b(?:in|inside|into)[ \t]+(?:a|the)[ \t]+box[ \t]+like[ \t:,]*(?:\$\$|\$|\\\(|\\\[)?[ \t]*\Z",
    re.IGNORECASE,
)
_STILL_TO_COME_RE = re.compile(  # "; I'll do that once I've computed it.": the answer still to come
    r"[ \t$]*[;,.]?[ \t]*(?:I'll|I[ \t]+will|I[ \t]+shall|let[ \t]+me)\b[^\n.]{0,40}?"
    r"\b(?:once|after|when)\b[^\n.]{0,30}?\b(?:comput|calculat|verif|check|confirm|finish|"
    r"work|solv|found|find|done)",
    re.IGNORECASE,
)


_INSTANCE_MARK_RE = re.compile(  # "in a box, like $", "a boxed integer, say $" (not "looks
    # like $", "something like $", "just like $": a likeness, a hedge or a comparison; not the
    # verb: "so I'm going to say $\boxed{50}$", "we would say $": ``say-as-verb-commits``, the
    # instance's "say" stands after a comma, a colon or a parenthesis)
    r"(?<!look )(?<!looks )(?<!seem )(?<!seems )(?<!sound )(?<!sounds )(?<!something )"
    r"(?<!just )(?<!exactly )(?<!more )(?<!much )"
    r"(?:\blike|(?:(?<=[,:(])|(?<=[,:(][ \t]))say\b)[ \t,:]*(?:\$\$?|\\\(|\\\[)?[ \t]*\Z",
    re.IGNORECASE,
)
_GENERIC_INSTANCE_RE = re.compile(  # "Answers like $", "results such as $": instances of a kind
    r"\b(?:answers|results|responses|values|numbers|outputs|counts)[ \t]+(?:like|such[ \t]+as)"
    r"[ \t]*(?:\$\$?|\\\(|\\\[)?[ \t]*\Z",
    re.IGNORECASE,
)
_INSTANCE_SENTENCE_RE = re.compile(  # the sentence calls its box typical or a form to follow
    r"\b(?:typical(?:ly)?|usually|common(?:ly)?|format(?:ted)?|template)\b", re.IGNORECASE
)
_WORK_TO_COME_RE = re.compile(  # "$, once I've worked it out", " when I have computed it"
    r"[ \t$]*[,.]?[ \t]*(?:once|when|after|as[ \t]+soon[ \t]+as)\b[^\n.]{0,40}?\b(?:verif|check|"
    r"confirm|finish|done|sure|work|solv|comput|figur|calculat|deriv)",
    re.IGNORECASE,
)


def format_instance_box(region: str, c: Candidate, before: str) -> bool:
    """``box-as-format-instance``: the box stands right after "like"/"say" (or "answers such
    as") as an instance of the answer's form, not as a result: the work is still to come ("I'll
    present my final result in a box, like $\\boxed{7}$, once I've worked it out."), or the
    sentence calls such boxes typical or a format ("Answers like $\\boxed{10}$ would be typical
    for this kind of problem.", "The expected format is a boxed integer, say $\\boxed{10}$.")."""
    generic = _GENERIC_INSTANCE_RE.search(before) is not None
    if not generic and _INSTANCE_MARK_RE.search(before) is None:
        return False
    if generic or _WORK_TO_COME_RE.match(region, c.end) is not None:
        return True
    stop = _SENTENCE_STOP_RE.search(region, c.end)
    after = region[c.end : stop.end() if stop is not None else len(region)]
    lead = before[max(before.rfind(". "), before.rfind("? "), before.rfind("! ")) + 1 :]
    return _INSTANCE_SENTENCE_RE.search(lead + " " + after.split("\n", 1)[0]) is not None


def quoted_format_box(region: str, c: Candidate) -> bool:
    """``quoted-format-box``: the box stands inside quotation marks on its line (one opened
    before it, closed after it) after a format or example word ('Example of the required format:
    "Answer: \\boxed{5}".'): a format shown, not an answer."""
    line_start = region.rfind("\n", 0, c.start) + 1
    before = region[line_start : c.start]
    if _FORMAT_LIKE_RE.search(before):  # ``format-reminder-box``: "Format reminder for myself:
        return True  # the final result goes in a box, like $\boxed{8}$."
    if ("like" in before or "say" in before or "Like" in before) and format_instance_box(
        region, c, before
    ):  # ``box-as-format-instance``: "Answers like $\boxed{10}$ would be typical"
        return True
    if ("xample" in before or "nstance" in before or "e.g" in before) and (
        _FORMAT_DEMO_RE.search(before)
    ):  # ``format-demonstration-box``: "For example, if the answer were 12, you would write it
        return True  # as $\boxed{12}$; if it were 8 you'd write $\boxed{8}$."
    if "box" in before and _BOX_LIKE_RE.search(before) and _STILL_TO_COME_RE.match(region, c.end):
        # ``box-format-preview``: "You asked me to put the final answer in a box like
        # \boxed{3}; I'll do that once I've computed it.": a format shown, the answer to come
        return True
    if "format" in before.lower() and _FORMAT_PREVIEW_RE.search(before) and (
        _AFTER_VERIFYING_RE.match(region, c.end)
    ):  # ``format-preview-box``: "I will present my response in the format **Final Answer:**
        return True  # $\boxed{7}$ once I've verified it.": an answer still to come
    if not (before.count('"') % 2 == 1 or before.count("\u201c") > before.count("\u201d")):
        return False
    line_end = region.find("\n", c.end)
    after = region[c.end : line_end if line_end >= 0 else len(region)]
    return ('"' in after or "\u201d" in after) and _FORMAT_EXAMPLE_RE.search(before) is not None


def line_before(region: str, start: int) -> str:
    """The text of ``start``'s line before it (at most :data:`LINE_WINDOW` characters): what a
    candidate's own-line rules read."""
    window = region[max(0, start - LINE_WINDOW) : start]
    return window[window.rfind("\n") + 1 :]


def counterfactual_anchor(region: str, c: Candidate) -> bool:
    """``anchor-is-hypothetical``: an anchor phrase inside a supposition ("if the question had
    asked for the perimeter instead, the answer would be 26"): its line up to the anchor and the
    anchor's own head ("answer would be") make a counterfactual clause."""
    head = re.split(r"[\n.;!?]", region[c.start : c.start + 24], maxsplit=1)[0]
    return counterfactual_before(
        line_before(region, c.start) + head, as_stated_after(region, c.end)
    )


def counterfactual_box(region: str, c: Candidate) -> bool:
    """:func:`counterfactual_before` for a candidate of ``region``, or a box under test ("Let's
    test whether the answer is $\\boxed{10}$.": :data:`~._lexicon.UNDER_TEST`), or a box for a
    problem put in the asked one's place (:func:`substituted_before`)."""
    before = line_before(region, c.start)
    return (
        counterfactual_before(before, as_stated_after(region, c.end)) or under_test(before)
        or substituted_before(before)
        or put_up_before(before)
    )


_PUT_UP_RE = re.compile(  # "One might therefore write $", "A first guess would be to write $"
    r"(?:\b(?:one|someone|a[ \t]+student|a[ \t]+naive[ \t]+solver)[ \t]+(?:might|could)[ \t]+"
    r"(?:therefore[ \t]+|then[ \t]+|naively[ \t]+|be[ \t]+tempted[ \t]+to[ \t]+)?"
    r"|\ba[ \t]+first[ \t]+guess[ \t]+(?:would|might)[ \t]+be[ \t]+to[ \t]+)"
    r"(?:write|say|answer|conclude|give|put|report)\b[^.;\n]{0,40}\Z",
    re.IGNORECASE,
)


def put_up_before(before: str) -> bool:
    """``box-put-up-to-object``: the box's clause offers it as what one might write ("One might
    therefore write $\\boxed{32}$. But that count includes the empty set ..."): a value put up
    to be objected to, so the closing statement decides."""
    low = before.lower()
    if "might" not in low and "could" not in low and "guess" not in low:
        return False
    return _PUT_UP_RE.search(before) is not None


def substituted_box(region: str, c: Candidate) -> bool:
    """:func:`substituted_before` for a candidate of ``region``."""
    return substituted_before(line_before(region, c.start))


_SUBSTITUTE_RE = re.compile(  # "take $a + b = 15$ instead", "Let me do a smaller case instead"
    r"\b(?:take|consider|use|try|do|pick|choose|look[ \t]+at)\b[^.\n]{0,80}?\binstead\b"
    r"|\bas[ \t]+an[ \t]+illustration\b|\bto[ \t]+illustrate[ \t]+the[ \t]+method\b",
    re.IGNORECASE,
)
_FOR_THAT_CASE_RE = re.compile(  # "so for that case the answer is $", "in that smaller case there
    # are $"
    r"\b(?:for|in)[ \t]+(?:that|this|the)[ \t]+(?:smaller[ \t]+|simpler[ \t]+|special[ \t]+)?"
    r"(?:case|example|illustration|instance|variant|version)\b[^.\n]{0,40}\Z",
    re.IGNORECASE,
)


def substituted_before(before: str) -> bool:
    """``box-for-substituted-problem``: the box's line puts another problem in the asked one's
    place ("As an illustration of the method, take $a + b = 15$ instead: ...") and the box
    closes it ("... so for that case the answer is $"): the value of that problem, not this
    one's."""
    if "nstead" not in before and "llustrat" not in before:
        return False
    return _FOR_THAT_CASE_RE.search(before) is not None and (
        _SUBSTITUTE_RE.search(before) is not None
    )


def under_test(before: str) -> bool:
    """The box's line up to it puts it to a test ("Let's check if the answer is $"), or sets it
    as the goal the work will show (``goal-box-not-answer``: "We'll aim to show the total is
    $")."""
    low = before.lower()
    if ("show" in low or "prove" in low or "verif" in low or "establish" in low or "confirm" in low
            or "demonstrat" in low) and _GOAL_BOX_RE.search(before) is not None:
        return True
    return ("whether" in low or "if" in low or "guess" in low) and _UNDER_TEST_RE.search(
        before
    ) is not None


_GUESS_BEFORE_RE = re.compile(
    r"\b(?:i'?ll|i[ \t]+will|i'?d|i)[ \t]+(?:just[ \t]+|simply[ \t]+)?guess[ \t:]*\$?[ \t]*\Z",
    re.IGNORECASE,
)
_TEXT_END_RE = re.compile(r"[ \t$]*[.!]?[ \t$]*\Z")


_ANSWER_INTRO_END_RE = re.compile(
    r"\b(?:the|all|my|our)[ \t]+(?:final[ \t]+)?(?:solutions?|answers?|roots?)[ \t]+(?:are|is)"
    r"[ \t:]*[$ \t]*\Z",
    re.IGNORECASE,
)


_AS_STATED_RE = re.compile(  # the clause turns back to the problem as posed
    r"[\s*_]*" + _AS_STATED, re.IGNORECASE
)


_COMMIT_LEAD_RE = re.compile(  # "Let me go with $", "I'll say $", "I'm going to answer $"
    r"\b(?:let[ \t]+me|let'?s|i'?ll|i[ \t]+will|i'?m[ \t]+going[ \t]+to"
    r"|i[ \t]+am[ \t]+going[ \t]+to)"
    r"[ \t]+(?:just[ \t]+)?(?:go[ \t]+with|say|answer|stick[ \t]+with|pick|choose|settle[ \t]+on)"
    r"[ \t:]*(?:\$\$?|\\\(|\\\[)?[ \t]*\Z",
    re.IGNORECASE,
)


def own_line_rule(s: str, c: Candidate) -> str | None:
    """Why a candidate is not an answer by its own line, or None."""
    line = line_of(s, c.start, c.end)
    before = line_before(s, c.start)
    if under_test(before) and not (
        _GUESS_BEFORE_RE.search(before) and _TEXT_END_RE.match(s, c.end)
    ):  # (``final-guess-box``: "..., so I'll guess \boxed{191}." closing the text commits)
        return "hypothetical"  # "Let's test whether the answer is $\boxed{10}$."
    concluded = _last_conclusion(before)
    if concluded is None and c.kind == "anchor":  # ``conclusion-after-check``: "Verification:
        # ... ✓. Therefore the answer is 196." (the anchor starts at "answer": its own words)
        concluded = _last_conclusion(before + s[c.start : min(c.end, c.start + 12)])
        concluded = None if concluded is None else min(concluded, len(before))
    if concluded is not None:  # "... satisfy both, so the answer is $\\boxed{5}$": after it
        before = before[concluded:]
        line_end = s.find("\n", c.end)
        line = before + s[c.start : line_end if line_end >= 0 else len(s)]
    checkish = "=" in c.text or "\\checkmark" in c.text or bool(_SATISFY_RE.search(line))
    para_start = s.rfind("\n\n", max(0, c.start - LINE_WINDOW), c.start)
    paragraph = s[para_start + 2 if para_start >= 0 else max(0, c.start - LINE_WINDOW) : c.start]
    if checkish and CHECK_RE.search(before) and not _ANSWER_INTRO_END_RE.search(before) and (
        not _COMMIT_LEAD_RE.search(before)
    ):  # (``commitment-after-check``: "... = 17. \u2713 Hmm, ... Let me go with $\boxed{3}$")
        # (not "So both values satisfy the equation, and the solutions are $\boxed{x = 0
        # \text{ and } x = 4}$": the check's conclusion introduces the answer, ``solutions-are``)
        return "check-of-answer"
    if (
        HYPOTHETICAL_RE.search(before) or STRONG_HYPOTHETICAL_RE.search(paragraph)
        or counterfactual_before(before, as_stated_after(s, c.end))
    ) and not _AS_STATED_RE.match(_own_clause(before)):  # (``as-stated-after-hypothetical``:
        # "If the problem had been ..., the answer would be 16/3. But as stated, the answer is $")
        return "hypothetical"
    if c.kind != "boxed":
        return None
    if _DOUBTED_BOX_BEFORE_RE.search(before) and _DOUBTED_BOX_AFTER_RE.match(s, c.end):
        return "box-in-doubt"  # ``box-in-doubt``: "I don't think $\boxed{73}$ is right after all"
    if _inline_check(before):
        return "inline-check"
    if _ARITH_FACT_RE.fullmatch(c.text):
        return "checked-arithmetic"  # "\boxed{2\cdot 3 + 1 = 7}": a checked fact
    if CHECK_RE.search(before) and _FACTORED_RE.fullmatch(c.text.strip()):
        return "checked-factorisation"
    return None


def _far_numbers(a: str, b: str) -> bool:
    """Both texts are plain numbers more than 30% apart: the second approximates no first (an
    estimate "about 13" of a count of 14 still approximates it)."""
    x, y = _PLAIN_NUMBER_RE.fullmatch(a), _PLAIN_NUMBER_RE.fullmatch(b)
    if x is not None and y is not None:
        u, v = float(x.group(1)), float(y.group(1))
    else:  # (``approximation-of-other-fraction``: "\\frac{1}{2}" then "\\approx -0.988")
        p, q = simple_rational(a.strip(" \t$"), 40), simple_rational(b.strip(" \t$"), 40)
        if p is None or q is None:
            return False
        u, v = float(p), float(q)
    return abs(u - v) > 0.3 * max(1.0, abs(u))


_DOUBTED_BOX_BEFORE_RE = re.compile(
    r"\bi[ \t]+(?:(?:don't|do[ \t]+not)[ \t]+(?:really[ \t]+)?(?:think|believe)|(?:seriously[ \t]+"
    r"|really[ \t]+)?doubt)(?:[ \t]+that)?[ \t]*\$*[ \t]*\Z",
    re.IGNORECASE,
)
_DOUBTED_BOX_AFTER_RE = re.compile(
    r"[ \t$]*(?:is|was)[ \t]+(?:quite[ \t]+|really[ \t]+)?(?:right|correct|true)\b", re.IGNORECASE
)
_FINAL_COMMITMENT_RE = re.compile(
    r"\b(?:my|our|the)\s+final\s+answer\s*(?:is|will\s+be|:)\s*\$*\s*\Z"
    r"|\bfinal\s+answer\s*:\s*\$*\s*\Z",
    re.IGNORECASE,
)
_FINAL_COMMITMENT_CHARS = 60
_ANSWER_LEAD_RE = re.compile(  # "So the answer is $", "so correcting my answer: $"
    r"(?:\b(?:the|my|our)\s+(?:final\s+|corrected\s+|correct\s+|new\s+|real\s+)?answer\s*"
    r"(?:is|:|=|should\s+be)|\bcorrect(?:ing|ed)\s+(?:my|the)\s+answer(?:\s+to)?\s*:?)\s*\$*\s*\Z",
    re.IGNORECASE,
)
_ERROR_INFERRED_RE = re.compile(
    r"\bmust[ \t]+have[ \t]+(?:dropped|missed|lost|skipped|double[- ]?counted|miscounted|"
    r"over-?counted|under-?counted|made[ \t]+(?:an?[ \t]+)?(?:error|mistake|slip))\b"
    r"|\b(?:is|was)[ \t]+off[ \t]+by[ \t]+(?:one|\d+)\b"
    # ``work-inferred-wrong``: "so my antiderivative must be off", "my setup must be wrong"
    r"|\bmy[ \t]+[a-z]+(?:[ \t]+[a-z]+)?[ \t]+(?:must|has[ \t]+to)[ \t]+be[ \t]+(?:off|wrong|"
    r"incorrect|mistaken|flawed)\b",
    re.IGNORECASE,
)


_ATTRIBUTED_BOX_RE = re.compile(  # "some solutions obtain $", "other sources give \("
    r"(?:\breviewer'?s?[ \t]+note\b[^\n]{0,80}|"
    r"\b(?:some|other|many|several)[ \t]+(?:solutions|solvers|students|sources|people|references"
    r"|answer[ \t]+keys|textbooks)[ \t]+(?:\w+[ \t]+)?(?:obtain|get|give|claim|report|list|"
    r"state|find|arrive[ \t]+at)\b[^.\n]{0,30})(?:\$\$?|\\[(\[])?[ \t]*\Z",
    re.IGNORECASE,
)


def side_note_rule(
    region: str, prev: Candidate, cand: Candidate, question: str | None
) -> str | None:
    """Why a later, different candidate does not replace the answer before it, or None.

    A retraction or revision in between always lets the later one stand."""
    if cand.text.strip() == prev.text.strip():
        return None
    between = region[prev.end : cand.start]
    if prev.kind == cand.kind == "boxed" and _either_or_boxes(region, prev, cand, question):
        return None  # ``either-or-boxes``: two offered answers, no side note (see below)
    if cand.kind == "boxed" and question and _named_other_after(region, cand.end, question):
        # ``later-box-named-other``: "Hmm, let me make sure I'm not off by one. ... And
        # $\boxed{89}$ would be $F_{11}$." ($F_{10}$ asked): whatever doubt came before it
        return "later-box-named-other"
    if RETRACT_RE.search(between):
        return None
    if cand.kind == "boxed" and question and ("also" in between or "like to" in between):
        lo = max(prev.end, region.rfind("\n\n", prev.end, cand.start) + 2)
        announced = _ALSO_REPORT_RE.search(region, lo, cand.start)
        if announced is not None and not re.search(
            r"\b" + re.escape(announced.group("q")), question, re.IGNORECASE
        ):  # ``extra-quantity-box-announced``: "Hmm, I also want to report the sum of these
            # divisors: ... So: $\boxed{217}$" (the sum not asked; "Hmm" revises nothing here)
            return "later-box-other-quantity"
    if REVISE_RE.search(between):
        return None
    line_start = region.rfind("\n", max(prev.end, cand.start - LINE_WINDOW), cand.start) + 1
    prefix = region[line_start : cand.start]
    if ("solution" in prefix or "eview" in prefix or "ource" in prefix or "other" in prefix
            or "student" in prefix or "people" in prefix) and _ATTRIBUTED_BOX_RE.search(prefix):
        # ``later-box-attributed``: "*Reviewer's note: some solutions obtain $\boxed{9}$.*":
        # a value others give, not the model's
        return "later-box-attributed"
    if (
        prev.kind == cand.kind == "boxed"
        and line_start > prev.end
        and _CHECK_LABEL_RE.match(prefix)
        and not INTRO_RE.search(prefix)
        and not CORRECTION_WORD_RE.search(prefix)
    ):
        return "later-box-checks-subquantity"  # "Verification: the list has $\boxed{4}$ items"
    lo = max(prev.end, cand.start - LINE_WINDOW)
    para = region.rfind("\n\n", lo, cand.start)
    remark = region[para + 2 if para >= 0 else lo : cand.start]
    if APPROX_RE.search(remark) and "." not in prev.text and not ROUNDING_ASKED_RE.search(
        question or ""
    ) and not _FINAL_COMMITMENT_RE.search(remark[-_FINAL_COMMITMENT_CHARS:]) and not (
        # ``final-answer-value-on-next-line``: "..., so the final answer is\n\n**0.306**" (an
        # anchor naming the final answer commits to the approximation)
        cand.kind == "anchor"
        and "final answer" in region[max(prev.end, cand.start - 30) : cand.start + 30].lower()
    ) and not (
        _far_numbers(prev.text, cand.text)  # ``approximation-of-other-value``: "$\boxed{1}$.
    ) and (  # But if the 45 is in radians, $\tan(45) \approx 1.62$, so $\boxed{1.62}$."
        not _ERROR_INFERRED_RE.search(remark)  # ``error-inferred-then-box``: "the count must
    ):  # have dropped one somewhere, so the answer is \boxed{27}": a revision, no estimate
        # (``final-anchor-over-approximation``: "..., so my final answer is \boxed{4.65} m^2"
        # makes the approximation the answer)
        return "later-box-is-approximation"  # "2\sqrt{2} \approx \boxed{2.828}"
    if (SIDE_RE.search(remark) or (
        OTHER_CASE_RE.search(remark) and CHECK_RE.search(remark)
        and not _ANSWER_LEAD_RE.search(remark[-_FINAL_COMMITMENT_CHARS:])
    )) and not (  # (``check-then-answer-box``: "Check: ... with 4 edges each ... So the answer
        # is $\boxed{24}$": a box introduced as the answer is no check of another case)
        cand.kind == "anchor" and _DECISION_LEAD_START_RE.match(region, cand.start)
    ):  # (``decision-after-side-case``: "$\boxed{6}$ -- although if leading zeros were
        # allowed it'd be 10. I'll go with 10 to be safe.": the writer's choice, no remark)
        return "later-box-is-side-remark"
    if (
        para < 0 and lo == prev.end and prev.kind == cand.kind == "boxed"
    ):  # both in one paragraph: a remark opening it covers both
        start = region.rfind("\n\n", max(0, prev.start - LINE_WINDOW), prev.start)
        opening = region[start + 2 if start >= 0 else max(0, prev.start - LINE_WINDOW) : prev.start]
        if UNASKED_RE.search(opening) and not REVISE_RE.search(opening):
            return "later-box-is-side-remark"  # "For reference: width $\\boxed{5}$, ..."
    if SIDE_RE.search(_sentence_after(region, cand.end)):
        return "later-box-is-side-remark"  # "... = \boxed{146}, which was not asked."
    if ("#" in between or "**" in between) and UNASKED_RE.search(between):
        for head in _HEADING_LINE_RE.finditer(between):  # "**Part (b) (not asked)**" above it
            if UNASKED_RE.search(head.group(0)):
                return "later-box-is-side-remark"
    if prev.kind == cand.kind == "boxed" and _labelled_answer_box(region, prev) and (
        _NOTE_OPENER_RE.match(_sentence_before(region, cand.start, prev.end).lstrip(" \t*_"))
    ):  # "**Answer: $\boxed{135}$** ... Note that each exterior angle is $\boxed{45}$"
        return "later-box-is-side-remark"
    if prev.kind == cand.kind == "boxed" and question and _other_form_box(prev, cand, question):
        return "later-box-other-form"  # ``later-box-other-form``: "\boxed{0.375}. As a
        # percentage, that is \boxed{37.5\%}." asked for a decimal: the asked form came first
    if prev.kind == cand.kind == "boxed" and question and _qualified_note(
        _sentence_before(region, cand.start, prev.end).lstrip(" \t*_"), question
    ):  # ``note-box-qualified-quantity``: "\boxed{32}\n\nNote: the number of proper subsets is
        return "later-box-other-quantity"  # $\boxed{31}$." (asked: subsets)
    if prev.kind == cand.kind == "boxed" and _in_side_parenthetical(region, prev, cand):
        return "later-box-in-parenthetical"
    if prev.kind == cand.kind == "boxed" and question and (
        converted_box(region, prev, cand, question)
    ):  # "$\\boxed{9000}$ seconds. In milliseconds, that's $\\boxed{9000000}$."
        return "later-box-other-unit"
    if prev.kind == cand.kind == "boxed":
        return other_quantity_rule(region, prev, cand, question)
    return None


_HEADING_LINE_RE = re.compile(r"(?m)^[ \t]*(?:#{1,4}[ \t]|\*\*)[^\n]{1,160}$")
_NOTE_OPENER_RE = re.compile(lx.alternation(lx.NOTE_OPENER) + r"\b", re.IGNORECASE)
_NOTE_LABEL_RE = re.compile(r"(?:side[ \t]+)?note[ \t]*:", re.IGNORECASE)  # "Note: ..."
_QUALIFIED_COUNT_RE = re.compile(  # "the number of proper subsets is": a qualifier, then a noun
    r"\bthe[ \t]+(?:number|count|sum|total)[ \t]+of[ \t]+(?P<q>[a-z]{3,})[ \t]+(?P<n>[a-z]{3,})"
    r"[ \t]+(?:is|are|would[ \t]+be|equals)\b",
    re.IGNORECASE,
)


def _qualified_note(sentence: str, question: str) -> bool:
    """A note ("Note: ...", lexicon NOTE_OPENER) counting the question's noun under a
    qualifier the question does not use ("the number of proper subsets" asked "How many
    subsets ...?"): another quantity than the asked one."""
    if _NOTE_OPENER_RE.match(sentence) is None and _NOTE_LABEL_RE.match(sentence) is None:
        return False
    m = _QUALIFIED_COUNT_RE.search(sentence)
    return m is not None and re.search(
        r"\b" + re.escape(m.group("n")), question, re.IGNORECASE
    ) is not None and re.search(r"\b" + re.escape(m.group("q")), question, re.IGNORECASE) is None
_ANSWER_LABEL_LINE_RE = re.compile(
    r"[ \t*#>_]*(?:the[ \t]+)?(?:final[ \t]+)?answer[ \t*_]*:[ \t*_]*\$?[ \t]*\Z", re.IGNORECASE
)


def _labelled_answer_box(region: str, box: Candidate) -> bool:
    """The box opens a line labelled as the answer ("**Answer: $\\boxed{135}$**")."""
    start = region.rfind("\n", 0, box.start) + 1
    head = region[start : box.start]
    head = head[: head.rfind("\\boxed")] if "\\boxed" in head else head
    return _ANSWER_LABEL_LINE_RE.fullmatch(head) is not None


def _side_opening(text: str) -> bool:
    """Text that opens a side value: no hedge ("or", "maybe"), no conclusion or correction."""
    return not (
        SIDE_HEDGE_RE.search(text) or INTRO_RE.search(text) or CORRECTION_WORD_RE.search(text)
    )


def _in_side_parenthetical(region: str, prev: Candidate, cand: Candidate) -> bool:
    """``later-box-in-parenthetical``: after a box, a box inside a parenthesis that opens a
    sentence of its own ("$\\boxed{420}$. (The speed was $\\boxed{60}$ mph.)"), names no
    conclusion and hedges nothing: a side value, not a second answer."""
    opened = region.rfind("(", prev.end, cand.start)
    if opened < 0 and "(" in region[max(0, prev.start - 40) : prev.start]:
        # ``parenthetical-box-run``: "\boxed{\frac{5}{6}} (equivalently \boxed{0.8\overline{3}}
        # or \boxed{83.\overline{3}\%})": the later box shares the earlier one's parenthesis
        outer = region.rfind("(", max(0, prev.start - 40), prev.start)
        return ")" not in region[outer : cand.start] and "\\boxed" in region[
            max(0, outer - 60) : outer
        ] and _side_opening(region[outer + 1 : prev.start]) and not values_differ(
            prev.text, cand.text
        )
    if opened < 0 or ")" in region[opened:cand.start]:
        return False
    if _equivalent_intro(region, prev, cand) and values_differ(prev.text, cand.text):
        return False  # "(equivalently, $\boxed{3}$)" after 2: another value, not a side one
    lead = _MATH_SPACING_RE.sub(" ", region[prev.end : opened]).rstrip(" \t$")
    if lead and lead[-1] not in ".!?:\n" and not lead.endswith("\\)"):
        return False  # (math spacing between is none: "$\boxed{4}$ \quad (product: ...)")
    return _side_opening(region[opened + 1 : cand.start])


_MATH_SPACING_RE = re.compile(r"\\(?:q?quad|[,;:! ])")


def recap_rule(region: str, earlier: list[Candidate], cand: Candidate) -> str | None:
    """``later-box-in-recap``: after a box the text calls the answer ("The answer is
    $\\boxed{9}$"), boxes on labelled list lines ("- Red marbles: $\\boxed{6}$") recap the
    quantities; they do not replace it. A retraction, revision or hedge in between, or a label
    that concludes ("Final answer:"), lets them stand."""
    if cand.kind != "boxed":
        return None
    line_start = region.rfind("\n", max(0, cand.start - LINE_WINDOW), cand.start) + 1
    m = _RECAP_LINE_RE.fullmatch(region, line_start, cand.start)
    if m is None or line_start == 0 or not _side_opening(m.group("label")):
        return None
    for prev in reversed(earlier):
        if prev.kind != "boxed":
            continue
        prev_line = region.rfind("\n", max(0, prev.start - LINE_WINDOW), prev.start) + 1
        if _RECAP_LINE_RE.fullmatch(region, prev_line, prev.start):
            continue  # another recap line
        between = region[prev.end : line_start]
        if (
            _ANSWER_WORD_RE.search(region, prev_line, prev.start)
            and not RETRACT_RE.search(between)
            and not REVISE_RE.search(between)
            and not SIDE_HEDGE_RE.search(between)
        ):
            return "later-box-in-recap"
        return None
    return None


_FULL_STOP_RE = re.compile(r"[.!?](?:\s|$)")


def _sentence_after(region: str, end: int) -> str:
    """The rest of a candidate's sentence: up to the next full stop or line end."""
    stop = region.find("\n", end, end + SIDE_TAIL_CHARS)
    tail = region[end : stop if stop >= 0 else min(len(region), end + SIDE_TAIL_CHARS)]
    m = _FULL_STOP_RE.search(tail)
    return tail[: m.start()] if m else tail


def _sentence_before(region: str, start: int, floor: int) -> str:
    lo = max(floor, start - LINE_WINDOW)
    cut = max(
        region.rfind(". ", lo, start), region.rfind("\n", lo, start),
        region.rfind("! ", lo, start), region.rfind("? ", lo, start),
        region.rfind("; ", lo, start),
    )
    return region[cut + 1 if cut >= 0 else lo : start]


def _quantity(sentence: str) -> tuple[str, str] | None:
    m = _QUANTITY_RE.search(sentence)
    if m is None:
        return None
    np = m.group("np").lower()
    return np, " ".join(w for w in np.split() if w not in _QUANTITY_STOP)


def side_remark_span(region: str, c: Candidate, question: str | None) -> tuple[int, int] | None:
    """``box-is-side-remark``: the first (or only) box sits in a remark about an un-asked
    quantity after the answer was stated in words ("So there are 8 red marbles. (The question
    doesn't ask for it, but the number of blue marbles is $\\boxed{12}$.)", "Side note: ...
    $\\boxed{11}$"): the span of that remark (its sentence or parenthetical), or None. Not when
    the remark concludes (so, answer, final ...), when the question names its quantity, or when
    no value comes before it."""
    if c.kind != "boxed":
        return None
    lo = max(0, c.start - SIDE_TAIL_CHARS * 2)
    start = max(
        region.rfind(". ", lo, c.start), region.rfind("\n", lo, c.start),
        region.rfind("! ", lo, c.start), region.rfind("? ", lo, c.start),
        _open_paren(region, lo, c.start),  # (not one closed before the box: "2(8+5) = ")
    )
    start = (start if region[start] == "(" else start + 1) if start >= 0 else lo
    remark = region[start : c.start].lstrip("(")
    after = _sentence_after(region, c.end)
    # "Sanity check with a simpler quadratic: ..." (lexicon OTHER_INSTANCE_CHECK); may_match on
    # the region's own span first: a literal of the pattern's must be in the text
    other = OTHER_INSTANCE_RE.may_match(region, start, c.start) and (
        OTHER_INSTANCE_RE.search(remark) is not None
    )
    later = (
        UNASKED_RE.search(after)
        if UNASKED_RE.may_match(region, c.end, c.end + len(after)) else None
    )
    if later is not None and "\\boxed" in after[later.end() :]:  # ``labelled-box-for-
        later = None  # completeness``: "$\\boxed{x = 4}$, and for completeness, $\\boxed{y = 3}$.":
        # the remark introduces the box after it, not this one
    if later is not None and "\\boxed" in after[: later.start()]:  # ``remark-on-later-box``:
        later = None  # "$\\boxed{4}$ (and $f(11) = \\boxed{25}$ for reference)": the remark
        # closes on the box after this one, which it is about
    if not (
        (UNASKED_RE.may_match(region, start, c.start) and UNASKED_RE.search(remark))
        or later is not None
        or other
    ) or (INTRO_RE.search(remark) and not other):  # (the other instance's "whose answer is")
        return None
    named = _quantity(remark)
    if named is not None and question and named[1] and named[1] in question.lower():
        return None
    if not any(ch.isdigit() for ch in region[:start]) and not other:
        # (a box about another instance needs no answer before it: "This is just like the
        return None  # warm-up example $x + 1 = 8$, whose answer is $\\boxed{7}$.")
    end = c.end + len(after)
    close = re.match(r"[ \t]*[.!?]?[ \t]*\)?", region[end:])
    return start, end + (close.end() if close else 0)


def _open_paren(region: str, lo: int, hi: int) -> int:
    """The last "(" in ``region[lo:hi]`` not closed before ``hi`` (-1 if none)."""
    if ")" not in region[lo:hi]:
        return region.rfind("(", lo, hi)
    depth = 0
    for i in range(hi - 1, lo - 1, -1):
        if region[i] == ")":
            depth += 1
        elif region[i] == "(":
            if depth == 0:
                return i
            depth -= 1
    return -1


_BOX_UNIT_AFTER_RE = re.compile(  # "$\\boxed{9000}$ seconds", "\\boxed{6} \\text{ square feet}"
    r"[$ \t]*(?:\\[,;: ]|~)?[ \t]*(?:\\(?:text|mathrm|mbox)\{[ \t]*)?"
    r"(?P<pow>(?:square|cubic)[ \t]+)?(?P<u>[A-Za-z]{2,}(?:/[A-Za-z]+)?)"
)
_BOX_UNIT_BEFORE_RE = re.compile(  # "In milliseconds, that's", "which in centimeters is"
    r"\bin[ \t]+(?P<pow>(?:square|cubic)[ \t]+)?(?P<u>[A-Za-z]{2,})\b", re.IGNORECASE
)


def box_unit(region: str, c: Candidate) -> tuple[str, int] | None:
    """The unit a box's value is stated in (canonical unit, its power: 1, 2 or 3): the unit word
    right after the box ("$\\boxed{9000}$ seconds") or else the last "in <unit>" of its sentence
    before it ("In milliseconds, that's $\\boxed{9000000}$"), or None."""
    after = _BOX_UNIT_AFTER_RE.match(region, c.end)
    if after is not None and after.group("u").lower() != "in":
        found = _unit(after.group("u"))
        if found is not None:
            return found[0], _unit_power(after.group("pow"))
    before = None
    for before in _BOX_UNIT_BEFORE_RE.finditer(_sentence_before(region, c.start, 0)):  # noqa: B007
        pass
    found = _unit(before.group("u")) if before is not None else None
    return None if found is None or before is None else (found[0], _unit_power(before.group("pow")))


def _other_form_box(prev: Candidate, cand: Candidate, question: str) -> bool:
    """The question asks for a decimal, the earlier box holds one and the later a percent or a
    fraction: the same value restated in a form not asked (see ``later-box-other-form``)."""
    if not _asks(question[:4000]).decimal or "%" in prev.text or _FRACTION_RE.search(prev.text) or (
        "=" in cand.text  # (a restated equation, "\tfrac{3}{8} = 0.35": its last side is read)
    ):
        return False
    return _DECIMAL_RE.search(prev.text) is not None and (
        "%" in cand.text or _FRACTION_RE.search(cand.text) is not None
    )


def converted_box(region: str, prev: Candidate, cand: Candidate, question: str) -> bool:
    """``later-box-other-unit``: after a box stated in the unit the question asks in ("$2.5$
    hours $= \\boxed{9000}$ seconds" for "How many seconds ..."), a box of the same amount in
    another unit ("In milliseconds, that's $\\boxed{9000000}$."): an un-asked extra."""
    asked = _asked_unit(question[:4000])
    if asked is None:
        return False
    first, later = box_unit(region, prev), box_unit(region, cand)
    return (
        first is not None and later is not None
        and first == (asked[0], asked[2]) and later != first
    )


_NAMED_AFTER_BOX_RE = re.compile(  # "$ would be $F_{11}$", "$ is $a_4$": the box named after it
    r"[ \t]*\$?[ \t]*(?:would[ \t]+be|is|equals)[ \t]+"
    r"\$(?P<e>[A-Za-z](?:_\{?\w{1,4}\}?|\(\d{1,4}\)))\$"
)


def _named_other_after(region: str, end: int, question: str) -> bool:
    """``later-box-named-other``: the box ending at ``end`` is said to be a named quantity
    ("$\\boxed{89}$ would be $F_{11}$") that the question never writes (it asks $F_{10}$)."""
    m = _NAMED_AFTER_BOX_RE.match(region, end)
    if m is None:
        return False
    want = re.sub(r"[\s{}]", "", m.group("e"))
    return all(
        re.sub(r"[\s{}]", "", seg) != want for seg in re.findall(r"\$([^$]{1,40})\$", question)
    )


_ALSO_REPORT_RE = re.compile(  # "I also want to report the sum", "I'd also like to note the sum"
    r"\b(?:i|we)(?:'d|[ \t]+would)?[ \t]+(?:also[ \t]+(?:want|wish|like)[ \t]+to|like[ \t]+to[ \t]+"
    r"also)[ \t]+(?:report|note|give|mention|state|record|add|share|include)[ \t]+(?:the[ \t]+)?"
    r"(?P<q>[a-z]{3,})",
    re.IGNORECASE,
)


_FINAL_WORD_RE = re.compile(r"\b(?:answer|final|result)\b", re.IGNORECASE)
_NOT_NAMING = frozenset({"such", "that", "this", "these", "those", "them", "then", "also"})


def _names_asked(phrase: str, question: str) -> bool:
    """The question names the quantity ``phrase`` ("smallest such integer" in "What is the
    smallest positive integer ...?"): the whole phrase, or each of its content words."""
    q = question.lower()
    words = [w for w in phrase.split() if len(w) >= 4 and w not in _NOT_NAMING]
    return phrase in q or (
        bool(words) and all(re.search(r"\b" + re.escape(w) + r"\b", q) for w in words)
    )


_GENERIC_QUANTITY = frozenset((
    "answer", "answers", "result", "results", "value", "values", "total", "count", "number",
    "numbers", "solution", "solutions", "one", "ones", "amount", "root", "roots", "choice",
    "option", "output", "outcome", "figure", "quantity",
))


def _unasked_named(named: tuple[str, str], question: str) -> bool:
    """The named quantity's head noun is specific ("the distance", "the interior angle sum"; not
    "the only solution", "the final answer", "the total") and none of its words stands in the
    question."""
    words = [w for w in named[1].split() if w.isalpha()]
    low = question.lower()
    return bool(words) and words[-1] not in _GENERIC_QUANTITY and not any(
        re.search(r"\b" + re.escape(w.rstrip("s")), low) for w in words
    )


def other_quantity_rule(
    region: str, prev: Candidate, cand: Candidate, question: str | None
) -> str | None:
    """``later-box-other-quantity``: after a boxed answer, a box in a sentence of its own that
    states another quantity: one opened by "Also," ("Also, the perimeter $= \\boxed{18}$") or a
    property of the things just answered about ("The largest of them is $\\boxed{9}$" after
    "their sum is $\\boxed{24}$"). Not when that sentence concludes
    (so, therefore, answer, final, correct ...) or when the question names the later quantity
    and not the earlier one."""
    sentence = _sentence_before(region, cand.start, prev.end)
    if question and not CORRECTION_WORD_RE.search(sentence) and not _FINAL_WORD_RE.search(
        sentence
    ):  # ``boxes-name-quantities``: "The smallest such integer is $\boxed{23}$, ..., so the
        # next one is $\boxed{128}$.": the earlier box names the asked quantity, the later not
        named_later = _quantity(sentence)
        named_earlier = _quantity(_sentence_before(region, prev.start, 0))
        if (
            named_later is not None and named_earlier is not None
            and named_later[1] != named_earlier[1]
            and _names_asked(named_earlier[1], question)
            and not _names_asked(named_later[1], question)
        ):
            return "later-box-other-quantity"
    if INTRO_RE.search(sentence) or CORRECTION_WORD_RE.search(sentence):
        return None
    if _ADDITIONAL_RE.match(sentence):
        return "later-box-other-quantity"  # "Also, the perimeter = \boxed{18}"
    later = _quantity(sentence)
    earlier = _quantity(_sentence_before(region, prev.start, 0))
    if later is not None and earlier is None and question and _unasked_named(later, question):
        # ``later-box-unasked-quantity``: "$\boxed{(4,6)}$ and the distance is $\boxed{10}$."
        # asked the midpoint: the later box names a quantity the question never mentions
        return "later-box-other-quantity"
    if later is None or earlier is None or later[1] == earlier[1]:
        return None
    if question and earlier[1] in question.lower() and later[1] not in question.lower():
        return "later-box-other-quantity"  # "the quotient is \\boxed{..} and the remainder is .."
    if not REFERS_BACK_RE.search(later[0]):
        return None  # "the total is \\boxed{30}" after an intermediate box: the answer
    if question and later[1] in question.lower() and earlier[1] not in question.lower():
        return None  # the question asks for the later quantity
    return "later-box-other-quantity"


def returns_to_earlier(region: str, prev: Candidate, cand: Candidate, nxt: int) -> bool:
    """``return-to-earlier-answer``: "maybe \\boxed{21}? Hmm, no: ... my original answer holds"."""
    if cand.text.strip() == prev.text.strip():
        return False
    return bool(RETURN_RE.search(region, cand.end, nxt))


# --- deciding rules --------------------------------------------------------------------------
def _plain_value(text: str) -> str:
    return text.strip().strip("$").strip().rstrip(".").strip()


_OTHERS_SUBJECT_RE = re.compile(  # someone else's possible slip, before a retraction word
    r"\b(?:some(?:one|body)?|one|students?|people|readers?|others|many|you)[ \t]+(?:might|may|"
    r"could|would|often|sometimes|commonly|easily|tend[ \t]+to)[ \t]+(?:easily[ \t]+)?\Z",
    re.IGNORECASE,
)


_CONDITIONED_RE = re.compile(r"\b(?:if|in[ \t]+case|unless)[ \t]+\Z", re.IGNORECASE)


_MISTAKE_REMARK_RE = re.compile(r"\b" + lx.alternation(lx.MISTAKE_REMARK) + r"\b", re.IGNORECASE)
_EARLIER_APPROACH_RE = re.compile(
    r"\b" + lx.alternation(lx.EARLIER_APPROACH) + r"\b", re.IGNORECASE
)
_REMARK_SPAN_CHARS = 300
_DEMONSTRATIVE_END_RE = re.compile(r"\b(?:this|that|which|it)[ \t]*\Z", re.IGNORECASE)


def remarked_mistake(text: str, m: re.Match[str]) -> bool:
    """``common-mistake-remark``: the retraction ``m`` ("This is incorrect because ...") calls
    wrong the mistake a remark just described ("A common mistake here is ... 66."), not the
    answer: its subject is a demonstrative and the remark opens earlier in its paragraph."""
    if not m.group(0).lower().startswith(("this", "that", "which", "it ", "it'")) and (
        _DEMONSTRATIVE_END_RE.search(text, max(0, m.start() - 12), m.start()) is None
    ):  # ("That | is wrong": the subject just before the match)
        return False
    start = max(0, m.start() - _REMARK_SPAN_CHARS, text.rfind("\n\n", 0, m.start()) + 2)
    if _MISTAKE_REMARK_RE.search(text, start, m.start()) is not None:
        return True
    # ``rejected-earlier-approach``: "I initially thought of ..., which would give $100\pi$, but
    # that's wrong." with nothing after it (a value after it is the correction)
    return _EARLIER_APPROACH_RE.search(text, start, m.start()) is not None and not any(
        ch.isdigit() for ch in text[m.end() :]
    )


_NOUN_DISOWNED_RE = re.compile(  # ``answer-noun-disowned``'s noun forms: "that value is wrong"
    r"(?:that|this|my|the)\s+(?:count|answer|result|total|value|number|sum|figure|calculation"
    r"|computation)\b",
    re.IGNORECASE,
)
_OWN_ANSWER_NOUN_RE = re.compile(  # ``own-answer-called-wrong``: "..., not 49, so my answer is
    # wrong.": the writer's own answer, whatever number its sentence names before it
    r"my\s+(?:final\s+|boxed\s+)?answer\b", re.IGNORECASE
)
_SENTENCE_OPEN_RE = re.compile(r"[.!?\n(]")


def _other_value_before(tail: str, at: int, answer: str) -> bool:
    """The sentence holding ``at`` names, before it, a number other than ``answer``'s value."""
    lo = max(0, at - 160)
    opens = [m.end() for m in _SENTENCE_OPEN_RE.finditer(tail, lo, at)]
    start = opens[-1] if opens else lo
    mine = {_plain_value(answer), _plain_value(answer.rsplit("=", 1)[-1])}
    return any(v not in mine for v in _PLAIN_NUM_RE.findall(tail, start, at))


_NO_RETRACTION_RE = re.compile(  # "nothing to ", "no reason to ", "won't ", "not going to "
    r"\b(?:nothing|no[ \t]+(?:reason|need)|not[ \t]+going)[ \t]+to[ \t]+\Z"
    r"|\b(?:won'?t|will[ \t]+not|don'?t|do[ \t]+not|not|never)[ \t]+\Z",
    re.IGNORECASE,
)
_RETRACTS_NOTHING_RE = re.compile(  # " nothing", " none of it": "I'm retracting nothing."
    r"[ \t]+(?:nothing|none[ \t]+of[ \t]+it|no(?:thing)?[ \t]+of[ \t]+(?:it|that))\b", re.IGNORECASE
)
_OTHER_VALUE_RETRACTED_RE = re.compile(  # " my earlier guess of 3": another value withdrawn
    r"[ \t]+(?:my|the|that)[ \t]+(?:earlier|first|previous|initial)[ \t]+(?:guess|answer|value|"
    r"attempt|estimate)[ \t]+(?:of|at)[ \t]+\$?-?\d",
    re.IGNORECASE,
)


def _retraction_of(tail: str, answer: str) -> re.Match[str] | None:
    """The first retraction in ``tail``; "15 is wrong" retracts only an answer of 15. An admitted
    mistake ("I double-counted ...", ``MISTAKE_ADMISSION``) is one too."""
    pos = 0
    found = None
    while (m := RETRACT_RE.search(tail, pos)) is not None:
        if _OTHERS_SUBJECT_RE.search(tail, max(0, m.start() - 40), m.start()):
            pos = m.end()  # "Some might misread '22 percent less' as ...": not the writer's own
            continue
        if _CONDITIONED_RE.search(tail, max(0, m.start() - 12), m.start()):
            pos = m.end()  # ``conditional-not-retraction``: "(If that's wrong, try 66.)": a
            continue  # condition on the value being wrong withdraws nothing
        if "etract" in m.group(0) and (
            _NO_RETRACTION_RE.search(tail, max(0, m.start() - 24), m.start())
            or _OTHER_VALUE_RETRACTED_RE.match(tail, m.end())
            or _RETRACTS_NOTHING_RE.match(tail, m.end())  # "I'm retracting nothing."
        ):  # ``retraction-negated``: "there is nothing to retract", "no reason to retract it";
            pos = m.end()  # ``other-value-retracted``: "I retract my earlier guess of 3"
            continue
        if remarked_mistake(tail, m):
            pos = m.end()  # "A common mistake here is ... This is incorrect because ..."
            continue
        if _other_box_in_sentence(tail, m.start(), answer):
            pos = m.end()  # ``retraction-of-side-box``: "Bonus (not asked): ... is $\\boxed{12}$,
            continue  # ignore that.": the sentence withdraws its own box, not the answer
        if (
            _NOUN_DISOWNED_RE.match(m.group(0))
            and not _OWN_ANSWER_NOUN_RE.match(m.group(0))
            and _other_value_before(tail, m.start(), answer)
        ):
            pos = m.end()  # "(My first attempt gave $289$ ...; that value is incorrect.)": the
            continue  # noun points back at the other value its sentence names
        value = _DISOWNED_VALUE_RE.match(m.group(0)) or _DISREGARDED_VALUE_RE.search(m.group(0))
        if value is None or value.group(1) in (
            _plain_value(answer), _plain_value(answer.rsplit("=", 1)[-1])  # "9 + 12 = 21": 21
        ):
            found = m
            break
        pos = m.end()
    mistake = MISTAKE_RE.search(tail, 0, found.start() if found else len(tail))
    return mistake or found


_SENTENCE_BOX_RE = re.compile(r"\\boxed\{([^{}\n]{1,40})\}")


def _other_box_in_sentence(tail: str, at: int, answer: str) -> bool:
    """A box of another value than ``answer`` comes before ``at`` in the sentence holding it."""
    start = _sentence_start(tail, at)
    if "\\boxed" not in tail[start:at]:
        return False
    boxes = _SENTENCE_BOX_RE.findall(tail, start, at)
    return bool(boxes) and _plain_value(boxes[-1]) != _plain_value(answer)


def retraction_in(tail: str) -> re.Match[str] | None:
    """The first retraction word or admitted mistake in ``tail`` (any value)."""
    m = RETRACT_RE.search(tail)
    mistake = MISTAKE_RE.search(tail, 0, m.start() if m else len(tail))
    return mistake or m


_CORRECTED_MATH_RE = re.compile(
    r"[ \t]*:?[ \t]*(?:indeed[ \t]+)?\$(?:[ \t]*[A-Za-z][ \t]*=)?[ \t]*([^$=<>]{1,60}?)[ \t]*\$"
    r"(?=[ \t]*[.!]?[ \t]*(?:\n|$))"
)


_CORRECTED_CHAIN_RE = re.compile(  # "$10 \times 21 = 210$.": a worked chain, its last value
    r"[ \t]*:?[ \t]*\$[^$\n]{1,80}?=[ \t]*(-?\d+(?:\.\d+)?(?:/\d+)?)[ \t]*\$"
    r"(?=[ \t]*[.!]?[ \t]*(?:\n|$))"
)
_CORRECTED_PLAIN_CHAIN_RE = re.compile(  # "18 / 2 = 9.": plain arithmetic, its last value
    r"[ \t]*:?[ \t]*(?:-?\d[\d,.]*[ \t]*[-+*/\u00d7\u00f7\u00b7x][ \t]*)+-?\d[\d,.]*[ \t]*=[ \t]*"
    r"(-?\d+(?:\.\d+)?(?:/\d+)?)(?=[ \t]*[.!]?[ \t]*(?:\n|$))"
)
_CORRECTED_LETTER_RE = re.compile(
    r"[ \t]*(?:\*\*|__)?[ \t]*(?:(?:option|choice)[ \t]+)?\(?([A-E])\)?(?:\*\*|__)?"
    r"[ \t]*(?=[.!,;]|\n|\Z)"
)
_REPORT_AS_ANSWER_RE = re.compile(
    r"\b(?:i'?ll|i[ \t]+will|i'?m[ \t]+going[ \t]+to|let[ \t]+me)[ \t]+(?:report|give|submit|"
    r"use|put[ \t]+down|take)[ \t]+\$?(?P<v>-?\d+(?:\.\d+)?)\$?[ \t]+as[ \t]+(?:the|my|our)[ \t]+"
    r"(?:final[ \t]+)?answer\b",
    re.IGNORECASE,
)
_HEDGED_CORRECTION_RE = re.compile(  # "maybe it should be", "I briefly wondered if it should be"
    r"\b(?:maybe|perhaps|possibly|wonder(?:ed|ing)?[ \t]+(?:if|whether))\b[^.!?\n]{0,20}\Z", re.I
)


def _corrected_value(tail: str, pos: int) -> str | None:
    """The value of the last correction statement ("the correct total is 12") in ``tail`` after
    ``pos``; a value with a condition after it ("12 if we count ordered pairs") is none."""
    fixed = None
    at = pos
    while (cm := CORRECTION_STATEMENT_RE.search(tail, at)) is not None:
        at = cm.end()
        if _HEDGED_CORRECTION_RE.search(tail, max(pos, cm.start() - 24), cm.start() + 1):
            continue  # "maybe it should be $6 \cdot 5 = 30$ ...? No -- ...": a doubt, no fix
        chain = _CORRECTED_CHAIN_RE.match(tail, cm.end()) or _CORRECTED_PLAIN_CHAIN_RE.match(
            tail, cm.end()
        )  # (or in plain text: "The correct count is 18 / 2 = 9.")
        if chain is not None:  # ``correction-to-chain``: "... is $10 \times 21 = 210$."
            fixed = chain.group(1)
            continue
        vm = _CORRECTED_VALUE_RE.match(tail, cm.end())
        if vm is not None and not _CONDITION_AFTER_RE.match(tail, vm.end()):
            fixed = vm.group(1)
            continue
        mm = _CORRECTED_MATH_RE.match(tail, cm.end())  # "is $x = 5$.", "result: $x + 3$."
        if mm is not None and not _CONDITION_AFTER_RE.match(tail, mm.end()):
            fixed = mm.group(1).strip()
            continue
        lm = _CORRECTED_LETTER_RE.match(tail, cm.end())  # ``choice-switched-after-box``
        if lm is not None:  # "So I'd go with **B**."
            fixed = lm.group(1)
            continue
        # ``overlapping-correction-cue``: a statement that states no value may hide a longer
        # one starting inside it ("I'll go with it: the product is 381": "I'll go with" reads
        # nothing, "go with it: the product is" reads 381): search again from its next character
        at = cm.start() + 1
    if "answer" in tail:  # ``report-as-final-after-revision``: "I'll report 13.2 as the final
        for rm in _REPORT_AS_ANSWER_RE.finditer(tail, pos):  # answer."
            if fixed is None or rm.start() > tail.rfind(fixed):
                fixed = rm.group("v")
    return fixed


_SWITCH_LINE_RE = re.compile(  # the text's last line: "Hmm, it is 13.", "Wait, actually it's 13."
    r"(?:\A|\n)[ \t]*(?:hmm+|wait|oh|um+)[ \t]*[,.!\u2014\u2013-]*[ \t]*(?:actually[ \t]*,?[ \t]*)?"
    r"(?:it|that)(?:'s|\u2019s|[ \t]+is)[ \t]+(?:actually[ \t]+)?(?:\$[ \t]*)?"
    r"(?P<v>-?\d+(?:\.\d+)?)"
    r"(?:[ \t]*\$)?[ \t]*[.!]?[ \t]*\Z",
    re.IGNORECASE,
)


STAND_BY_BOX_RE = lx.words(lx.STAND_BY_BOX)  # "I'll stand by my box"


def revision_correction(tail: str, answer: str) -> str | None:
    """``correction-after-revision``: "\\boxed{12}. Actually, the correct count is $6$, since
    ...": a revision cue ("hmm", "actually") then a correction statement with a different value
    (not a hypothetical "would be 12 if ...", nor a conditional "is 12 if ...")."""
    switched = _SWITCH_LINE_RE.search(tail.rstrip()) if len(tail) < 4000 else None
    if switched is not None and switched.group("v") != _plain_value(answer):
        return switched.group("v")  # ``closing-switch-after-anchor``: "Hmm, it is 13."
    m = REVISE_RE.search(tail)
    if m is None:
        return None
    fixed = _corrected_value(tail, m.end())
    if fixed is None and tail[m.start() : m.start() + 8].lower() == "actually":
        fixed = _corrected_value(tail, m.start())  # "Actually it's 40.": the cue opens it
    if fixed is None or fixed == _plain_value(answer):
        return None
    if "by " in tail or "with " in tail:
        back = STAND_BY_BOX_RE.search(tail, max(0, tail.rfind(fixed)))
        if back is not None:  # ``stand-by-box``: "So the answer should be 60... but 720
            return None  # definitely works, so I'll stand by my box.": the box again
    return fixed


_OPEN_ALTERNATIVE_RE = re.compile(  # "... so 46... but it could be 40.": another value left open
    r"\b(?:but|though|although|or)[ \t,]+(?:(?:then[ \t]+again|honestly|really|actually)[ \t,]+)?"
    r"(?:(?:it|that|this|the[ \t]+(?:answer|count|total|result|value|number))[ \t]+)?"
    + lx.alternation(lx.MODAL_ALTERNATIVE)
    + r"[ \t]+\$?(?P<v>-?\d+(?:\.\d+)?)(?![\w^_]|\.\d)",
    re.IGNORECASE,
)


def revision_left_open(tail: str, fixed: str) -> bool:
    """``revision-left-open``: after the revised value's last occurrence, a clause offers
    another value as just as possible ("I think inclusive is standard, so 46... but it could be
    40."): the revision is not committed."""
    at = tail.rfind(fixed)
    if at < 0 or ("could" not in tail and "might" not in tail and "may" not in tail):
        return False
    return any(
        m.group("v") != fixed for m in _OPEN_ALTERNATIVE_RE.finditer(tail, at + len(fixed))
    )


_NUM = r"(?:\$|\\\()?\s*(-?\d+(?:\.\d+)?(?:/\d+)?)\s*(?:\$|\\\))?(?![\w^_]|\.\d)"
_REJECTS_VALUE_RE = re.compile(  # "4, not 5", "4 rather than 5", "not 5 but 4", "not 5; it is 4"
    r"(?<![\w.^_])" + _NUM + r"\s*,?\s*(?:" + lx.alternation(lx.REASONING_NOT) + r")\s+" + _NUM
    + r"|\bnot\s+" + _NUM + r"\s*[,;]?\s*but\s+(?:rather\s+|instead\s+)?" + _NUM,
    re.IGNORECASE,
)
_ASSERTION_END_RE = re.compile(r"[.!?\n]")
_NUM_START = r"\s+(?:\$|\\\()?\s*-?\d"  # ``\s+`` and the start of _NUM, up to its first digit
_REJECTION_CUES = (  # a word of _REJECTS_VALUE_RE's, then what must follow it in any match
    ("not", re.compile(_NUM_START)),
    ("rather", re.compile(r"\s+than" + _NUM_START, re.IGNORECASE)),
    ("instead", re.compile(r"\s+of" + _NUM_START, re.IGNORECASE)),
)


def _rejection_cue(tail: str, low: str | None = None) -> bool:
    """False only where ``_REJECTS_VALUE_RE`` cannot match in ``tail``: each of its matches
    holds "not", "rather than" or "instead of" (any case) followed by blanks and the start of a
    number (``_NUM`` up to its first digit). The words are found by ``find`` in the folded copy
    (:func:`~._prefilter.fold_lower`: same offsets, every case-insensitive match of an ASCII
    word in it), what follows by an anchored match there: a few finds over the text, where a
    search with the pattern tries it at every character (~50x the cost on a long tail).
    ``low``: ``fold_lower(tail)`` where the caller has it."""
    if low is None:
        low = fold_lower(tail)
    for word, after in _REJECTION_CUES:
        pos = low.find(word)
        while pos >= 0:
            if after.match(tail, pos + len(word)):
                return True
            pos = low.find(word, pos + 1)
    return False


_VALUE_EXPLAINED_RE = re.compile(  # ``rejected-value-explained``: "10 is just the digit sum"
    r"\$?[ \t]+(?:is|was)[ \t]+(?:just|only|merely|simply)[ \t]+(?:the|my|a|an)\b", re.IGNORECASE
)
_CONFLICT_NOTED_RE = re.compile(
    r"\bone[ \t]+of[ \t]+(?:the|these|those|my)[ \t]+(?:two[ \t]+)?(?:computations|calculations|"
    r"methods|approaches|results|answers|derivations|values)\b",
    re.IGNORECASE,
)
_HYPOTHETICAL_CLAUSE_RE = re.compile(  # "if the limit were 0", "had it been ..., would have"
    r"\bif\b[^.!?\n]{0,80}?\b(?:were|had)\b|\bhad\b[^.!?\n]{0,80}?\bwould\b"
    r"|\bwould[ \t]+have\b",
    re.IGNORECASE,
)


_CLOSING_NO_SOLUTION_RE = re.compile(  # "Therefore there is no solution.", "Hence, the equation
    # has no solution.", "Thus there are no real solutions." ending the text
    r"(?:\A[\s$).,;\\\]]*|(?<=[.!?])[ \t]+|\n)[ \t*_]*"
    r"(?:(?:therefore|thus|hence|so|consequently)[ \t]*,?[ \t]+)?"
    r"(?:there[ \t]+(?:is|are|exists?)[ \t]+no[ \t]+(?:real[ \t]+|valid[ \t]+)?(?:solutions?|"
    r"such[ \t]+(?:number|value|integer|x))"
    r"|(?:the|this)[ \t]+(?:equation|problem|system)[ \t]+has[ \t]+no[ \t]+"
    r"(?:real[ \t]+|valid[ \t]+)?solutions?"
    r"|no[ \t]+(?:real[ \t]+|valid[ \t]+)?solutions?[ \t]+exists?)"
    r"[ \t*_]*[.!]?[ \t*_]*\Z",
    re.IGNORECASE,
)


def concludes_no_solution(tail: str) -> bool:
    """``later-concludes-no-solution``: after the chosen answer the text ends on a sentence that
    concludes there is no solution ("$\\boxed{22}$ ... so I should reject this one. Therefore
    there is no solution."): the answer given is that none exists (a case or another equation
    named before it, "Otherwise there is no solution", "for $-5$ there is no solution", is no
    conclusion: the sentence is only the conclusion word and the claim)."""
    return "solution" in tail[-80:].lower() and _CLOSING_NO_SOLUTION_RE.search(
        tail.rstrip()
    ) is not None


_TWO_OPTIONS_RE = re.compile(  # "(A) or (B)", "B or possibly A", "**C** or **D**"
    r"(?<![A-Za-z'])[(*]*(?P<a>[A-E])[)*]*[ \t]+or[ \t]+(?:(?:maybe|possibly|perhaps)[ \t]+)?"
    r"(?:option[ \t]+|choice[ \t]+)?[(*]*(?P<b>[A-E])[)*]*(?![A-Za-z'])"
)
_OPTIONS_DENIED_RE = re.compile(
    r"\b(?:not|n't|neither|nor|eliminat\w*|rule[sd]?[ \t]+out|exclud\w*|wrong|incorrect)\b",
    re.IGNORECASE,
)


def two_options_closing(line: str) -> bool:
    """The line's last sentence names two different options joined by "or" and denies neither
    (``closing-two-options``: "I'd say (A) or (B).", "I'd go with (B) or possibly (A).")."""
    sentence = line[_last_sentence_start(line) :]
    pair = _TWO_OPTIONS_RE.search(sentence)
    return (
        pair is not None and pair.group("a") != pair.group("b")
        and _OPTIONS_DENIED_RE.search(sentence) is None
    )


def _last_sentence_start(text: str) -> int:
    text = text.rstrip()
    return max(text.rfind(". ", 0, len(text) - 1), text.rfind("? ", 0, len(text) - 1),
               text.rfind("! ", 0, len(text) - 1), text.rfind("\n", 0, len(text) - 1)) + 1


def two_options_after(region: str, chosen: Candidate) -> bool:
    """``closing-two-options`` after the chosen answer: "So the answer is (C) 1024. ... I'd accept
    (B) or (C).": the text ends naming two options, so the answer is not one of them alone."""
    tail = region[chosen.end :]
    if " or " not in tail[-200:]:
        return False
    start = _last_sentence_start(tail)
    return start > 0 and two_options_closing(tail[start:])


_ASSUMPTION_PAREN_RE = re.compile(  # "(assuming "or" is inclusive; if exclusive-or is intended,
    # it would be 41)": the box read under one assumption, the other's value beside it
    r"[\s$\\\]]{0,4}\([ \t]*(?:assuming|this[ \t]+assumes|if[ \t]+we[ \t]+assume|under[ \t]+the"
    r"[ \t]+assumption)\b[^()\n]{0,200}?\b(?:would[ \t]+be|is|becomes|gives)[ \t]+\$?"
    r"(?P<v>-?\d[\d,]*(?:\.\d+)?)\$?[ \t.]*\)",
    re.IGNORECASE,
)


def assumption_alternative(region: str, chosen: Candidate) -> bool:
    """``answer-per-assumption``: the box is followed by a parenthesis that states the
    assumption it rests on and the value under the other reading ("$\\boxed{47}$ (assuming "or"
    is inclusive; if exclusive-or is intended, it would be 41)"): one answer per reading."""
    if chosen.kind != "boxed" or "ssum" not in region[chosen.end : chosen.end + 40]:
        return False
    m = _ASSUMPTION_PAREN_RE.match(region, chosen.end)
    return m is not None and _plain_value(m.group("v")) != _plain_value(chosen.text)


_KEEP_ANSWER_RE = re.compile(  # "I'll leave my answer as is", "I'll keep my boxed answer"
    r"\b(?:i'?ll|i[ \t]+will|we'?ll|i'?m[ \t]+going[ \t]+to)[ \t]+(?:just[ \t]+|still[ \t]+)?"
    r"(?:keep|leave|stick[ \t]+with)[ \t]+(?:my|the)[ \t]+(?:(?:original|boxed|first|earlier|"
    r"initial|stated)[ \t]+){0,2}(?:answer|value|result)\b",
    re.IGNORECASE,
)


def rejects_chosen(tail: str, answer: str) -> str | None:
    """``later-rejects-box``: after the chosen answer, a sentence rejects that very value in
    favour of another ("the remainder should be 4, not 5", "it is 5 rather than 14", "not 5
    but 4"): the other value, unless that sentence is a question or the rejected value is stated
    again after it ("... 4 rather than 5? No -- it really is 5")."""
    if not tail:
        return None
    low = fold_lower(tail)  # any case ("Not 5 but 4", "INSTEAD OF"), as the pattern
    if "not" not in low and "rather" not in low and "instead" not in low:
        return None
    old = _plain_value(answer)
    if not old or (_prefilter.ENABLED and not _rejection_cue(tail, low)):
        return None  # no match of _REJECTS_VALUE_RE (see _rejection_cue)
    fixed = None
    for m in _REJECTS_VALUE_RE.finditer(tail):
        new, rejected = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        if rejected != old or new == old:
            continue
        start = max(tail.rfind(". ", 0, m.start()), tail.rfind("\n", 0, m.start())) + 1
        stop = tail.find(".", m.end())
        if _HYPOTHETICAL_CLAUSE_RE.search(tail, start, stop if stop >= 0 else len(tail)):
            continue  # ``hypothetical-instead``: "If the lower limit were 0 instead of 1, ..."
        end = _ASSERTION_END_RE.search(tail, m.end())
        if end is not None and end.group(0) == "?":
            continue
        if any(
            n.group(0) == old and not _VALUE_EXPLAINED_RE.match(tail, n.end())
            for n in _PLAIN_NUM_RE.finditer(tail, m.end())
        ):  # the rejected value is stated again: no settled replacement (not where it is only
            return None  # explained: "..., not 10 (10 is just the digit sum).")
        if _CONFLICT_NOTED_RE.search(tail, m.end()):
            return None  # ``conflict-noted-unsettled``: "that's 35, not 37. So one of the two
            # computations has ...": the two results are compared, neither settled
        if ("keep" in low or "leave" in low or "stick" in low) and _KEEP_ANSWER_RE.search(
            tail, m.end()
        ):  # ``leave-answer-as-is``: "So girls = 25, not 15. ... I'll leave my answer as is.":
            return None  # the box is kept, the other value set aside
        fixed = new
    return fixed


_RESTATED_GAP = r"(?:(?!\bnot\b|n't\b|\bbut\b)[^.\n!?]){0,60}?"


def restated_after(tail: str, pos: int, answer: str) -> re.Match[str] | None:
    """``doubt-then-restated``: after a doubt at ``pos``, a conclusion restating the answer's
    own value ("So 66.", "OK so the enumeration agrees, 15.", "The roots are distinct. So 4.")
    and not denying it: the doubt resolved, as a confirmation."""
    value = _plain_value(answer.rsplit("=", 1)[-1])
    if not value or not re.fullmatch(r"-?\d+(?:\.\d+)?(?:/\d+)?", value) or value not in tail[pos:]:
        return None
    found = re.compile(
        r"(?:^|[.!?:][ \t]+|\n[ \t]*)(?:ok(?:ay)?,?[ \t]+)?(?:so|thus|hence|therefore)\b"
        + _RESTATED_GAP + r"(?<![\w./\-\u2212])" + re.escape(value)
        + r"(?!\w|\.\d)(?![^.\n]{0,20}\b(?:wrong|incorrect|not|either)\b)"
        # (not an operand: "So it's $2550/2 = 1275$" works on from the old value)
        + r"(?![ \t$]*(?:[/*+\u00d7\u00f7^]|-[ \t]*\d|\\(?:cdot|times|div|frac)))"
        # ``value-confirmed-after-doubt``: "Great, 648 confirmed by two methods."
        + r"|(?:^|[.!?:][ \t]+|\n[ \t]*)(?:(?:great|good|ok(?:ay)?|yes|alright)[,!.]?[ \t]+)?"
        + r"(?<![\w./\-\u2212])" + re.escape(value) + r"(?!\w|\.\d)[ \t]+(?:is[ \t]+)?"
        + r"(?:confirmed|verified|checks[ \t]+out)\b",
        re.IGNORECASE,
    ).search(tail, pos)
    rest = tail[found.end() :] if found is not None else ""
    if found is None or "?" in rest or RETRACT_RE.search(rest) or MISTAKE_RE.search(rest) or (
        UNDECIDED_RE.search(rest)
    ):  # ("So both give 34. But ... is it 21 or 34?": doubted again)
        return None
    return found


_PENDING_CHECK_RE = re.compile(  # "until I can ", "before we ", "once I've "
    r"\b(?:until|unless|till|before|once)[ \t]+(?:i|we)(?:'ve)?[ \t]+"
    r"(?:can[ \t]+|could[ \t]+|have[ \t]+|am[ \t]+able[ \t]+to[ \t]+)?\Z",
    re.IGNORECASE,
)


def retraction(tail: str, answer: str) -> tuple[bool, str | None]:
    """('... \\boxed{5}. Wait, that is wrong ...') -> (retracted, corrected value or None).

    A reconsideration that ends 'the answer remains 18' / 'Okay good' keeps the answer unless
    the last value it states differs; one that states 'the correct total is 64' gives 64."""
    if DISOWN_RE.match(tail):
        return True, None
    m = _retraction_of(tail, answer)
    if m is None:
        return False, None
    answered = _ANSWERED_NO_RE.match(tail, m.end())
    if answered is not None:  # "Wait -- could there be others? No: by Thales ...": answered at
        # once; a later doubt still counts ("... No, positive. ... I'm not sure now.")
        return retraction(tail[answered.end() :], answer)
    confirm = CONFIRM_RE.search(tail, m.end()) or restated_after(tail, m.end(), answer)
    while confirm is not None and (
        confirm.start() <= m.end() + 2  # "I'm not sure that's | right": part of the doubt
        or (  # "I no longer believe 30 is right", "I'm no longer sure this is right": the
            # clause the doubt governs (``doubt-governs-clause``)
            m.group(0).lower().endswith(_CLAUSE_DOUBTS)
            and _ASSERTION_END_RE.search(tail, m.end(), confirm.start()) is None
        )
        or _NEGATED_CONFIRM_RE.search(tail, max(0, confirm.start() - 24), confirm.start())
        or _UNSURE_RE.search(tail, _sentence_start(tail, confirm.start()), confirm.start())
        or _DOUBTED_CLAUSE_RE.search(tail, _sentence_start(tail, confirm.start()), confirm.start())
        # ``retraction-until-checked``: "I retract the answer above until I can confirm the
        # power.": a check still to come confirms nothing
        or _PENDING_CHECK_RE.search(tail, max(0, confirm.start() - 30), confirm.start())
    ):  # "That doesn't seem right", "is not correct", "I'm not sure my terms are right": a
        # negated or doubted confirmation confirms nothing
        confirm = CONFIRM_RE.search(tail, confirm.end())
    inner = MISTAKE_RE.search(tail, m.end()) if confirm is not None else None
    if confirm is not None and inner is not None and inner.start() <= confirm.start() < inner.end():
        # "Wait. ... I don't think the count above is right": its "right" confirms nothing
        confirm = CONFIRM_RE.search(tail, inner.end())
    asked = _ASKED_CONFIRM_RE.match(tail, confirm.end()) if confirm is not None else None
    if asked is not None and _retraction_of(tail[asked.end() :], answer) is not None:
        # ``confirmation-in-question``: "Wait, is that right? ... I retract this answer.": the
        # question confirms nothing; the retraction after it is read
        return retraction(tail[asked.end() :], answer)
    if confirm is not None:
        rest = tail[confirm.end() :]
        later = next((r for r in RETRACT_RE.finditer(rest)
                      if _EXPLICIT_RETRACTION_RE.search(r.group(0)) and not (
                          _NO_RETRACTION_RE.search(rest, max(0, r.start() - 24), r.start())
                      )), None)  # (not "there is nothing to retract")
        if later is not None and _retraction_of(rest[later.start() :], answer) is not None:
            # ``retraction-after-confirmation``: "... so yes. Actually I'm not fully sure ...,
            # so I'll retract the boxed value above": the explicit retraction after it stands
            return retraction(rest[later.start() :], answer)
        denied = _ANSWER_DENIED_RE.search(rest) if "not" in rest or "n't" in rest else None
        if denied is not None and denied.group("v").rstrip(".") == _plain_value(answer) and not any(
            ch.isdigit() for ch in rest[denied.end() :]
        ):  # ``answer-denied-after-box``: "... yes. ... I think I made an error somewhere. The
            return True, None  # answer is not 31.": the answer's own value denied, none given
        return False, None
    if _tick_confirms(tail, m.end()):
        return False, None
    fixed = _corrected_value(tail, m.end())
    if fixed is not None:
        return True, fixed
    soft = SOFT_CONFIRM_RE.search(tail, m.end())
    while soft is not None and _AS_IT_STANDS_RE.search(
        tail, max(0, soft.start() - 8), soft.start()
    ):  # "not right as it stands": no confirmation
        soft = SOFT_CONFIRM_RE.search(tail, soft.end())
    if soft is None:
        return True, None
    math = None
    for math in _DOLLAR_SEG_RE.finditer(tail, m.end()):  # noqa: B007 - the last one
        pass
    if math is not None and not any(ch.isdigit() for ch in tail[math.end() :]) and (
        same_rational(math.group(1), answer)
    ):  # ``answer-of-value-stands``: "... and my answer of $\frac{3}{8}$ stands."
        return False, None
    nums = [n.group(0) for n in _PLAIN_NUM_RE.finditer(tail, m.end())]
    return bool(nums) and nums[-1] != answer.strip().strip("$").strip().rstrip("."), None
    # (an anchor's "100." is the value 100: "Answer: 100.\n\nWait, ... No -- ... So my
    # original answer stands: **100**." keeps it, ``answer-stands-after-wait``)



_ANSWER_DENIED_RE = re.compile(  # "The answer is not 31.", "my answer isn't $31$"
    r"\b(?:the|my|our)[ \t]+(?:final[ \t]+)?answer[ \t]+(?:is[ \t]+not|isn'?t|is[ \t]+n't|"
    r"can(?:not|'?t)[ \t]+be)[ \t]+\$?(?P<v>-?\d[\d,]*(?:\.\d+)?)\$?[ \t]*[.!]?[ \t]*\Z",
    re.IGNORECASE,
)
_EXPLICIT_RETRACTION_RE = re.compile(
    r"\b(?:retract|withdraw|scratch|disregard|ignore|strike)", re.IGNORECASE
)
_ASKED_CONFIRM_RE = re.compile(r"[^.!?\n]{0,30}\?")  # "right?": the word in a question


CHECK_MARK_RE = re.compile("[\u2705\u2713\u2714\u2611]")  # also read by ._extract
CROSS_MARK_RE = re.compile("[\u2717\u2718\u274c\u274e]")  # also read by ._extract


def _tick_confirms(tail: str, start: int) -> bool:
    """``check-marked-confirmation``: the check after a doubt ends on a check mark ("Wait, let
    me double-check: $4 \\div 11 = 0.3636\\ldots$ \u2713") with no value after it and no cross
    mark in it: the answer is confirmed, not corrected."""
    if not tail.isascii():
        ticks = list(CHECK_MARK_RE.finditer(tail, start))
        return bool(ticks) and not CROSS_MARK_RE.search(tail, start) and not any(
            ch.isdigit() for ch in tail[ticks[-1].end() :]
        )
    return False


_DOUBTED_CLAUSE_RE = lx.words(lx.DOUBTED_CLAUSE)
_CLAUSE_DOUBTS = ("believe", "sure", "confident", "certain", "trust")
_AS_IT_STANDS_RE = re.compile(r"\bas[ \t]+(?:it|they)[ \t]+\Z", re.IGNORECASE)
_ANSWERED_NO_RE = re.compile(  # a doubt asked and answered at once: "... others? No: ..."
    r"[^?\n]{0,200}\?[ \t]*(?:\*\*)?No\b[ \t]*(?:[,:.!\u2014\u2013]|--?)"
)


def answered_at_once(text: str, pos: int) -> int | None:
    """``doubt-answered-no``: a doubt asked after ``pos`` and answered "No" at once ("Hmm, should
    the bracket at 4 be square? No -- the inequality is strict ..."): where the answer ends."""
    m = _ANSWERED_NO_RE.match(text, pos)
    return m.end() if m is not None else None


def _sentence_start(text: str, at: int) -> int:
    """Where the sentence holding position ``at`` starts (after ". ", "! ", "? " or a newline)."""
    return max(text.rfind(". ", 0, at), text.rfind("! ", 0, at), text.rfind("? ", 0, at),
               text.rfind("\n", 0, at)) + 1


_NEGATED_CONFIRM_RE = re.compile(
    r"(?:n't|\bnot|\bnever|\bno longer)(?:[ \t]+(?:seem|look|sound|feel)s?)?(?:[ \t]+(?:quite|"
    r"entirely|really|so|be|to[ \t]+be))*[ \t]*\Z"
    r"|\btoo[ \t]+[a-z]+[ \t]+to[ \t]+be[ \t]*\Z",  # "that was too easy to be right"
    re.IGNORECASE,
)
_ALT_CONDITION_RE = lx.words(lx.ALTERNATIVE_CONDITION)
_ALT_SAME_RE = lx.words(lx.ALTERNATIVE_SAME)
_ALT_OPTION_RE = re.compile(  # "or **(D)**", "or option (C)"
    r"\bor\b[ \t,*]*(?:option[ \t]+|choice[ \t]+)?\([ \t]*(?P<l>[A-E])[ \t]*\)"
)
_ALT_VALUE_RE = re.compile(  # "or $22$", "or possibly 16", "or $k = 5$", "(or \\frac{2}{3}"
    r"\bor\b[ \t,]*(?:(?:maybe|perhaps|possibly|else)[ \t,]+)?(?P<v>(?:\$|\\\(|\\boxed\{)?[ \t]*"
    r"(?:[A-Za-z][ \t]*=[ \t]*)?-?(?:\d[\d.,/]*|\\[dt]?frac\{[^{}]{1,20}\}\{[^{}]{1,20}\}))",
    re.IGNORECASE,
)
_SENTENCE_END_RE = re.compile(r"\n|[.!?](?=\s+[A-Z(*$\\]|\s*$)")
_HEDGED_OTHER_RE = re.compile(  # "it could also be 70", "might be $72$"
    r"\b" + lx.alternation(lx.HEDGED_OTHER_VALUE)
    + r"[ \t]+(?:\$|\\\()?[ \t]*(?P<v>-?\d[\d.,]*(?:/\d+)?)(?![\w^_])",
    re.IGNORECASE,
)
_NOT_VALUE_CHARS_RE = re.compile(r"[\s$]|\\boxed|\\\(|\\\)|[{}]|^[A-Za-z]=")


def _plain(text: str) -> str:
    t = _NOT_VALUE_CHARS_RE.sub("", text)
    return re.sub(r"^[A-Za-z]=", "", t).rstrip(".,")


_ALT_CASE_VALUE_RE = re.compile(  # "; if ..., then $4\pi$", "; otherwise 12", "-- otherwise 8"
    r"(?:[;,\u2014\u2013]|--)[ \t]*(?:" + lx.alternation(lx.CASE_SPLIT) + r"|"
    + lx.alternation(lx.CONDITIONAL_TAIL) + r")\b[^;]{0,120}?(?P<v>\$[^$]{1,40}\$|-?\d+(?:\.\d+)?)",
    re.IGNORECASE,
)
_CONDITION_IN_ANCHOR_RE = re.compile(  # "15, if I've applied the formula correctly"
    r",[ \t]*(?:if|when|unless|provided|assuming)\b", re.IGNORECASE
)
_CONDITIONED_VALUE_RE = re.compile(  # ", and $24$ if they do not", "; 24 otherwise"
    r"[;,][ \t]*(?:(?:and|but|while|whereas)[ \t]+)?(?:(?:it(?:'s|[ \t]+is)|there[ \t]+are)[ \t]+)?"
    r"(?:(?:about|roughly|approximately|around|nearly|only|just)[ \t]+)?"
    r"(?P<v>\$[^$]{1,40}\$|-?\d+(?:\.\d+)?)[ \t]*,?[ \t]*(?:if|when|otherwise|unless)\b",
    re.IGNORECASE,
)
CONDITIONED_VALUE_RE = _CONDITIONED_VALUE_RE
"""Another value under its own condition (", and $24$ if they do not"): a case split."""
ALT_AFTER_CHARS = 240
"""How much of the text after an answer :func:`alternative_after` reads (its sentence's bound)."""


_MAX_LATER_HEDGE_CHARS = 600
_LATER_TWO_VALUES_RE = re.compile(  # "the count is 14 or 15 depending on the convention"
    r"(?<![\w.])\$?(?P<a>-?\d[\d,]*(?:\.\d+)?(?:/\d+)?)\$?[ \t]+or[ \t]+\$?"
    r"(?P<b>-?\d[\d,]*(?:\.\d+)?(?:/\d+)?)\$?(?:[ \t]+[a-z]+){0,2}[ \t]*,?[ \t]*"
    r"(?:depending|if|unless|based[ \t]+on|according[ \t]+to)\b",
    re.IGNORECASE,
)


_PAIR_VALUE = r"(?:\\d?frac\{-?\d+\}\{\d+\}|-?\d[\d,]*(?:\.\d+)?(?:/\d+)?)"
_UNDER_CASE = (
    r"\$?[ \t]+(?:under|in|for|with|on)[ \t]+the[ \t]+(?:[a-z]+[ \t]+)?"
    + lx.alternation(lx.READING_CASE) + r"\b"
)
_READING_PAIR_RE = re.compile(  # "n = 6.5 under the first reading and n = 9 under the second"
    r"(?<![\w.])\$?(?P<a>" + _PAIR_VALUE + r")" + _UNDER_CASE
    + r"[^.;\n]{0,60}?(?:\band\b|\bor\b|,|;|\bbut\b|\bwhile\b|\bwhereas\b)[^.;\n\d]{0,40}?"
    r"(?<![\w.])\$?(?P<b>" + _PAIR_VALUE + r")" + _UNDER_CASE,
    re.IGNORECASE,
)
_ANOTHER_VALUE_UNDECIDED_RE = lx.words(lx.UNDECIDED_BETWEEN_TWO)
_REPORTED_OTHER_RE = re.compile(  # "though my recheck gives 4", "although a recheck gave me 2"
    r"\b(?:though|although|but|yet)\b[^.\n]{0,80}?\b(?:gives?|gave|get|got|finds?|found|"
    r"yields?|says?|comes?[ \t]+out[ \t]+(?:as|to))[ \t]+(?:me[ \t]+)?\$?(?P<v>-?\d[\d,]*(?:\.\d+)?"
    r"(?:/\d+)?)(?![\d])",
    re.IGNORECASE,
)


def _undecided_other(sentence: str, c: Candidate) -> bool:
    """``box-then-either``: the rest of the answer's sentence reports another value ("though my
    recheck gives 4") and leaves the choice open (lexicon UNDECIDED_BETWEEN_TWO)."""
    m = _REPORTED_OTHER_RE.search(sentence)
    return m is not None and _plain(m.group("v")) != _plain(c.text)


_CHECKER_CHOICE_RE = re.compile(  # "; take whichever one the key expects"
    r"\b" + lx.alternation(lx.CHECKER_CHOICE_VERB) + r"\b[^.\n]{0,30}?\bwhichever\b"
    r"|\bwhichever\b[^.\n]{0,40}?\b" + lx.alternation(lx.CHECKER_CHOICE_TARGET) + r"\b",
    re.IGNORECASE,
)


_UNLESS_READING_RE = re.compile(  # "unless the problem intends $a^2b^2 = \boxed{64}$"
    r"\bunless[ \t]+(?:the[ \t]+(?:problem|question)|it|you|they)[ \t]+(?:intends?|intended|means?|"
    r"meant|asks?[ \t]+for|wants?|is[ \t]+asking[ \t]+for)\b[^.\n]{0,60}?"
    r"(?:\\boxed\{(?P<v>[^{}]{1,30})\}|(?:=|\bis|\bbe|\bgives?)[ \t]*\$?[ \t]*"
    r"(?P<n>-?\d[\d,]*(?:\.\d+)?(?:/\d+)?)(?![\d^]))",
    re.IGNORECASE,
)
_BOTH_VALUE = r"\$?(?P<{g}>-?\d[\d,]*(?:\.\d+)?(?:/\d+)?)\$?"
_BOTH_ACCEPTABLE_RE = re.compile(  # "Both 8 and 11 are acceptable here depending on convention"
    r"\bboth[ \t]+(?:of[ \t]+)?" + _BOTH_VALUE.format(g="a") + r"[ \t]+and[ \t]+"
    + _BOTH_VALUE.format(g="b") + r"[ \t]+(?:are|would[ \t]+be|seem|could[ \t]+be)[ \t]+"
    r"(?:equally[ \t]+|also[ \t]+)?(?:acceptable|accepted|valid|correct|right|fine|defensible|"
    r"possible|plausible)\b",
    re.IGNORECASE,
)


def both_acceptable(text: str) -> bool:
    """``both-values-acceptable``: ``text`` offers two different values as acceptable answers
    ("Both 8 and 11 are acceptable here depending on convention"): no one value committed (the
    same value in two forms, "both 11 and 11.0 are acceptable", offers one)."""
    return any(
        _other_value(m.group("a"), m.group("b")) for m in _BOTH_ACCEPTABLE_RE.finditer(text)
    )


def _defers_choice(region: str, rest: str, c: Candidate) -> bool:
    """``defers-choice-to-checker``: after the box, the choice is left to the checker ("or
    whichever value your checker has on file"; "The smaller is $\\boxed{12}$ and the larger is
    $\\boxed{18}$; take whichever one the key expects" after another boxed value)."""
    m = _CHECKER_CHOICE_RE.search(rest, 0, 200)
    if m is None:
        return False
    if m.group(0)[:2].lower() == "or" and not rest[: m.start()].strip(" \t$)(,;:-"):
        return True
    if any(  # ``whichever-after-other-value``: "\boxed{3}... or actually if ..., it'd be
        _other_value(o.group("v") or o.group("n"), c.text)  # $\frac{16}{3}$. I'll go with
        for o in _OFFERED_OTHER_RE.finditer(rest, 0, m.start())  # whichever matches the key."
    ):
        return True
    before = region[max(0, c.start - 400) : c.start]
    return any(
        t is not None and _plain(t) != _plain(c.text) for _s, _e, t in box_spans(before)
    )


_OFFERED_OTHER_RE = re.compile(  # "it'd be $\frac{16}{3}$", "or $\frac{16}{3}$", "would be 9"
    r"(?:\b(?:would|could|might)[ \t]+be|'d[ \t]+be|\bor)[ \t]+"
    r"(?:\$(?P<v>[^$\n]{1,40})\$|(?P<n>-?\d[\d,]*(?:\.\d+)?(?:/\d+)?)(?![\w^]))",
    re.IGNORECASE,
)


def _other_value(value: str | None, answer: str) -> bool:
    """``value`` is another value than ``answer`` (not the same text, nor the same number in
    another form: "18.0" for 18, "\\frac{6}{4}" for 1.5)."""
    if not value:
        return False
    mine, other = _plain(answer), _plain(value)
    if mine == other:
        return False
    a, b = simple_rational(mine.replace(",", ""), 40), simple_rational(other.replace(",", ""), 40)
    return a is None or b is None or a != b


_ALSO_WORKS_RE = re.compile(  # "(also $x = 3$ works)", "also x = -2 satisfies it"
    r"\balso[ \t]+\$?(?:[a-z][ \t]*=[ \t]*)?(?P<v>-?\d[\d.,/]*)\$?[ \t]+(?:works|satisfies|is[ \t]+"
    r"(?:a[ \t]+)?(?:valid|solution|possible|an?[ \t]+answer))",
    re.IGNORECASE,
)
_ALSO_ACCEPTABLE_RE = re.compile(  # a sentence offering a value as also acceptable
    r"\b(?:(?:may|might|could|can)[ \t]+also[ \t]+be[ \t]+(?:read|taken|accepted|counted|given|"
    r"interpreted|marked)|(?:would|is|are)[ \t]+also[ \t]+(?:be[ \t]+)?(?:acceptable|accepted|"
    r"valid|fine|correct|right|ok(?:ay)?|possible|plausible)|also[ \t]+(?:acceptable|accepted|"
    r"valid|fine|works?(?![ \t]+out))|works?[ \t]+(?:too|as[ \t]+well)|(?:is|are)[ \t]+(?:fine|"
    r"acceptable|correct)[ \t]+(?:too|as[ \t]+well)"
    # ``other-value-equally-endorsed``: "I'd equally stand by $\boxed{12\sqrt{3}}$", "could also
    # be right", "would be an equally valid answer", "I'd be equally happy with 24"
    r"|(?:may|might|could|can)[ \t]+also[ \t]+be[ \t]+(?:right|correct|valid|acceptable)"
    r"|(?:also|equally)[ \t]+stand[ \t]+by|equally[ \t]+(?:happy|content|fine)[ \t]+with"
    r"|(?:an?[ \t]+)?(?:equally|just[ \t]+as)[ \t]+(?:valid|acceptable|correct|right|"
    r"defensible|good)(?![ \t]+(?:method|approach|way|route|argument|derivation)))\b",
    re.IGNORECASE,
)
_CHECK_WORD_RE = re.compile(r"\b(?:check|checking|verif[a-z]*|sanity)\b", re.IGNORECASE)
_SET_ASIDE_AFTER_RE = re.compile(  # the offered value set aside in the rest of its sentence
    r"[^.;\n]{0,60}?\b(?:but|however|though|although|except|not|reject(?:ed)?|discard(?:ed)?|"
    r"exclud(?:e|ed|ing)|invalid|extraneous)\b|[^.;\n]{0,60}?n't\b",
    re.IGNORECASE,
)


def _also_acceptable_other(rest: str, answer: str) -> bool:
    """``other-value-also-acceptable``: the rest of the answer's line or the next line (within
    240 characters) offers a value as also acceptable ("this may also be read as 62 or 64", "64
    works too") and names a number that is not the answer's value (63.0 for 63 is the same)."""
    head, _, tail = rest.partition("\n")  # the answer's line, then the next non-empty one
    sentence = head + " " + next((ln for ln in tail.split("\n") if ln.strip()), "")
    offered = _ALSO_ACCEPTABLE_RE.search(sentence)
    if offered is None or _CHECK_WORD_RE.search(sentence):
        return False  # ("Check: $63 / 7 = 9$, which also works.": a check's numbers)
    if _SET_ASIDE_AFTER_RE.match(sentence, offered.end()):
        return False  # "$x = -5$ is also possible algebraically, but a length is positive"
    mine = simple_rational(answer.strip(" \t$.").replace(",", ""), 40)
    if mine is None:
        return False
    if any(simple_rational(n, 40) == mine for n in _PLAIN_NUM_RE.findall(
        sentence, offered.end()
    )):
        return False  # "$-7$ also works ..., but in the range 0 to 10 the inverse is 4.": back
    return any(
        (value := simple_rational(n, 40)) is not None and value != mine
        for n in _PLAIN_NUM_RE.findall(sentence)
    )


_CONDITIONAL_OPENER_RE = re.compile(r"[ \t*>-]*(?:if|assuming|when|in case)\b", re.IGNORECASE)
_BOX_IN_TEXT_RE = re.compile(r"\\boxed\{([^{}]{1,40})\}")


def _parallel_conditional(region: str, c: Candidate) -> bool:
    """``answer-with-alternative`` by cases: the last box's sentence opens with a condition ("If
    the first term is $a_1$, then ... \\boxed{8}.") and an earlier sentence, opened the same way,
    boxes another value ("If ... $a_0$, then ... \\boxed{11}."): one value per case."""
    lo = max(0, c.start - 600)
    if region.find("\\boxed", lo, c.start) < 0:
        return False  # no earlier box within reach: nothing to compare (a find, not a scan)
    starts = [m.end() for m in _SENTENCE_START_RE.finditer(region, lo, c.start)]
    if lo == 0 and (not starts or starts[0] > 0):
        starts.insert(0, 0)  # the text's first sentence is a sentence too
    own = starts[-1] if starts else lo
    if _CONDITIONAL_OPENER_RE.match(region, own) is None:
        return False
    for k in range(len(starts) - 2, -1, -1):
        sentence = region[starts[k] : starts[k + 1]]
        if _CONDITIONAL_OPENER_RE.match(sentence):
            other = _BOX_IN_TEXT_RE.search(sentence)
            if other is not None:
                return _plain(other.group(1)) != _plain(c.text)
    return False


_OR_CONDITION_BOX_RE = re.compile(  # "\boxed{22} or, if the radical were negative, \boxed{-28}"
    r"\bor\b[ \t,]*(?:if|when|unless|in[ \t]+case|assuming)\b[^.\n]{0,80}?(?=\\boxed\{)",
    re.IGNORECASE,
)


_ANY_OTHER_VALUE_RE = re.compile(
    r"[^\n.;]{0,40}?\bor[ \t]+(?:any|some)[ \t]+other[ \t]+"
    r"(?:value|answer|number|result|amount)s?\b"
    r"|[^\n.;]{0,40}?\bor[ \t]+(?:anything|whatever)[ \t]+else\b"
    # ``answer-or-any-multiple``: "$x = 24$ or any multiple thereof": a family, not one value
    r"|[^\n.;]{0,40}?\bor[ \t]+(?:any|every)[ \t]+(?:positive[ \t]+|integer[ \t]+|larger[ \t]+)?"
    r"(?:multiple|power)s?\b",
    re.IGNORECASE,
)


_ALT_ANSWER_LINE_RE = re.compile(
    r"^[ \t*_#>-]*(?:" + lx.alternation(lx.ALTERNATIVE_ANSWER_LABEL) + r")\b[^\n:]{0,80}:"
    r"(?P<vals>[^\n]{1,120})",
    re.IGNORECASE | re.MULTILINE,
)
_ALT_ANSWER_HEADING_RE = re.compile(  # "### Alternative answer\n9 (if you also count ...)"
    r"^[ \t]*(?:#{1,6}[ \t]*|\*\*)(?:" + lx.alternation(lx.ALTERNATIVE_ANSWER_LABEL) + r")\b"
    r"[ \t*_:]*\n(?:[ \t]*\n)?(?P<vals>[^\n]{1,120})",
    re.IGNORECASE | re.MULTILINE,
)
_LISTED_VALUE_RE = re.compile(r"-?\d[\d,]*(?:\.\d+)?(?:/\d+)?")


_OTHERWISE_CASE_RE = re.compile(  # "If 1 is counted as prime the answer would be 5; otherwise "
    r"[ \t*>-]*(?:(?:so|thus|hence|therefore|and)[ \t]*,?[ \t]+)?(?:if|assuming|when)\b"
    r"[^.;\n]{1,100}?(?:\b(?:is|are|equals|would[ \t]+be|gives?|we[ \t]+get)\b|=|,)[ \t]*"
    r"(?:\\boxed\{|\$)*[ \t]*"
    r"(?P<v>-?\d[\d,]*(?:\.\d+)?(?:/\d+)?|\\[dt]?frac\{\d+\}\{\d+\})[ \t]*[$}]*"
    r"[^.;\n\d]{0,30}?[;,][ \t]*(?:and[ \t]+|but[ \t]+)?otherwise\b[^.;\n\d]{0,40}\Z",
    re.IGNORECASE,
)


_VALUE_IF_OTHERWISE_RE = re.compile(  # "$\boxed{91}$ (if 91 is prime) and otherwise "
    r"(?:\\boxed\{|\$)+[ \t]*(?P<v>-?\d[\d,]*(?:\.\d+)?(?:/\d+)?|\\[dt]?frac\{\d+\}\{\d+\})"
    r"[ \t]*[$}]*[ \t]*\([ \t]*(?:if|when|assuming)\b[^()\n]{1,80}\)[ \t]*,?[ \t]*"
    r"(?:and[ \t]+|but[ \t]+|or[ \t]+)?otherwise\b[^.;\n\d]{0,40}\Z",
    re.IGNORECASE,
)


def otherwise_case(region: str, start: int, text: str) -> bool:
    """``answer-per-case-otherwise``: the answer (starting at ``start``) is the "otherwise" case
    of its sentence, whose condition gave another value ("If 1 is counted as prime the answer
    would be 5; otherwise the answer is 4."): a value per case, neither chosen."""
    lo = max(0, start - 240)
    starts = [m.end() for m in _SENTENCE_START_RE.finditer(region, lo, start)]
    own = starts[-1] if starts else (0 if lo == 0 else -1)
    if own < 0:
        return False
    m = _OTHERWISE_CASE_RE.match(region[own:start]) or _VALUE_IF_OTHERWISE_RE.search(
        region[own:start]
    )  # (``value-if-otherwise``: "$\boxed{91}$ (if 91 is prime) and otherwise $\boxed{97}$")
    return m is not None and _other_value(m.group("v"), text)


def _opens_with_condition(region: str, c: Candidate) -> bool:
    """The answer's sentence opens with a condition ("If rotations are identified, the answer
    is $\\boxed{6}$ ...")."""
    lo = max(0, c.start - 200)
    starts = [m.end() for m in _SENTENCE_START_RE.finditer(region, lo, c.start)]
    own = starts[-1] if starts else (0 if lo == 0 else -1)
    return own >= 0 and _CONDITIONAL_OPENER_RE.match(region, own, c.start) is not None


_ORDINAL_CASES_RE = re.compile(  # " in the first case and $\frac{1}{4}$ in the second"
    r"[\s$)\\\]]*,?[ \t]*(?:in|for|under|with)[ \t]+the[ \t]+(?:first|former)[ \t]+"
    r"(?:case|reading|interpretation|scenario|version|option)s?\b[ \t]*,?[ \t]*"
    r"(?:and|but|while|whereas)[ \t]+(?:it(?:'s|[ \t]+is)[ \t]+)?"
    r"(?P<v>\$[^$\n]{1,40}\$|-?\d+(?:[./]\d+)?)[ \t]+(?:in|for|under|with)[ \t]+the[ \t]+"
    r"(?:second|latter|other)\b",
    re.IGNORECASE,
)


def _ordinal_case_split(region: str, c: Candidate) -> bool:
    """``answer-with-alternative`` by ordinal cases: right after the candidate's value, "in the
    first case and <another value> in the second": a value per case, no commitment. An
    anchor's span may run past its trimmed text: read from the text's end there."""
    start = c.end
    if c.kind == "anchor" and c.text:
        at = region.find(c.text, c.start, c.end)
        if at >= 0:
            start = at + len(c.text)
    m = _ORDINAL_CASES_RE.match(region, start)
    return m is not None and _plain(m.group("v")) != _plain(c.text)


_DISPLAY_WORDS_RE = re.compile(  # "\text{or }" -> "or ", "\left(" -> "(", "\quad" -> " "
    r"\\(?:text|textrm|mathrm)\{([^{}]{0,80})\}|\\(?:q?quad|[,;:!])|\\(?:left|right)(?=[()\[\]])"
)


_FLOATED_AT_END_RE = re.compile(  # "... not sure which form is wanted. Could also be 153."
    r"(?:^|(?<=[.!?])[ \t]+|\n)[ \t*_]*(?:(?:but|though|hmm|or)[ \t,]+)?(?:(?:it|that|this|"
    r"the[ \t]+answer)[ \t]+)?" + lx.alternation(lx.HEDGED_OTHER_VALUE)
    + r"[ \t]+\$?(?P<v>-?\d[\d,]*(?:\.\d+)?(?:/\d+)?)\$?(?:[ \t]+(?:too|as[ \t]+well|instead|"
    r"though))?[ \t]*[.!?]?[\s*_]*\Z",
    re.IGNORECASE,
)


def _floated_at_end(rest: str, c: Candidate) -> bool:
    """``closing-floats-other``: the text ends, within ALT_AFTER_CHARS of the answer, with a
    sentence that floats another value ("..., not sure which form is wanted. Could also be
    153.", "Might be 153 though."): two answers offered. Not the same value, nor a form of it
    ("Could also be written as $11 \\cdot 13$")."""
    m = _FLOATED_AT_END_RE.search(rest)
    return m is not None and _plain(m.group("v")) != _plain(c.text)


_STATED_AS = r"(?:that(?:'s|[ \t]+is)|this[ \t]+is|it(?:'s|[ \t]+is)|which[ \t]+is|we[ \t]+get|=)"
_FORM_NUMBER = r"\$?(?P<v{i}>-?\d*\.?\d+)[ \t]*\$?[ \t]*(?P<p{i}>\\?%)?"
_FORM_NAME = (  # "as a decimal", "in decimal form" (not "in decimal": a base), "as a percent"
    r"(?:as[ \t]+a[ \t]+(?P<f{i}>decimal|percent(?:age)?)|in[ \t]+(?P<g{i}>decimal)[ \t]+"
    r"(?:form|notation)|in[ \t]+(?P<h{i}>percent(?:age)?)(?:[ \t]+form)?)"
)
_CONVERTED_FORM_RE = re.compile(  # "In decimal form, that's 0.7.", "That is 0.57 as a decimal."
    r"(?:\b" + _FORM_NAME.format(i=1) + r",?[ \t]*(?:\$?[\d/\\{}]{1,20}\$?[ \t]*(?:is|=|equals)"
    r"[ \t]*|(?:" + _STATED_AS + r")?[ \t]*)"
    + _FORM_NUMBER.format(i=1) + r"|\b" + _STATED_AS + r"[ \t]*" + _FORM_NUMBER.format(i=2)
    + r"[ \t]+" + _FORM_NAME.format(i=2) + r")(?![\d.]*\d|[ \t]*[/^])",
    re.IGNORECASE,
)
_APPROXIMATE_RE = re.compile(
    r"\b(?:about|approximately|approx|roughly|around|nearly|almost|close[ \t]+to)\b|\\approx|"
    r"\u2248|~",
    re.IGNORECASE,
)


def converted_form_contradicts(rest: str, answer: str) -> bool:
    """``converted-form-contradicts``: right after the answer (within 160 characters) its value
    is restated in another form, as a decimal or a percent ("In decimal form, that's 0.7.", "As
    a percent, that's 70%.", "That is 0.57 as a decimal."), and the restated number is not the
    answer's value, nor that value rounded to the restated number's decimals: two values given.
    An approximation ("about 0.8", "\\approx 0.33") is no restatement of the exact value, nor
    is a number that ends the text (a cut-off sample's "As a decimal, 15/4 is 3.7")."""
    mine = simple_rational(answer.strip(" \t$.").replace(",", ""), 40)
    if mine is None:
        return False
    for m in _CONVERTED_FORM_RE.finditer(rest[:160]):
        if _APPROXIMATE_RE.search(m.group(0)) or not rest[m.end() :].strip():
            continue  # (the text ending on the number, as a cut-off sample may: "... is 3.7")
        i = "1" if m.group("v1") is not None else "2"
        number = m.group("v" + i)
        form = (m.group("f" + i) or m.group("g" + i) or m.group("h" + i) or "").lower()
        digits = len(number.partition(".")[2])
        stated = Fraction(number)
        percent = form.startswith("percent") or m.group("p" + i) is not None
        value = mine * 100 if percent else mine
        gap, half = abs(value - stated), Fraction(1, 2 * 10**digits)
        if gap > half or (gap == half and abs(stated) < abs(value)):
            return True  # (a half rounds away from zero: 0.75 is 0.8, not 0.7)
        if digits == 0 and not percent and value != stated:
            return True
    return False


def alternative_after(region: str, c: Candidate) -> bool:
    """``answer-with-alternative``: in the answer's own sentence after it, 'or' and another value
    with a condition or hedge ("\\boxed{24} (or $22$ if we exclude 1 and 360)", "$n=1$ (if ...)
    or $n = 3$ if ..."): two conditional alternatives, no commitment. Not an equivalent form
    ("or equivalently $4!$", "or $0.5$ as a decimal") nor the same value again."""
    rest = region[c.end : c.end + ALT_AFTER_CHARS]
    if c.kind == "boxed" and ("by " in rest or "with " in rest) and STAND_BY_BOX_RE.search(rest):
        return False  # ``stand-by-box``: "It could be 720 ..., so I'll stand by my box."
    if "\\text" in rest[:200]:  # ``alternative-in-display-text``: "\quad \left(\text{or }
        # \frac{9}{4}, \text{ depending on the order}\right)$$" read as its words
        rest = _DISPLAY_WORDS_RE.sub(lambda m: m.group(1) or " ", rest)
    end = _SENTENCE_END_RE.search(rest)
    sentence = rest[: end.start() if end else len(rest)]
    if _hedged_other_value(rest, end, c) or _closing_paragraph_hedge(region, c):
        return True
    if len(region) - c.end <= ALT_AFTER_CHARS and _floated_at_end(rest, c):
        return True
    if ("ecimal" in rest[:160] or "ercent" in rest[:160]) and converted_form_contradicts(
        rest, c.text
    ):
        return True  # "$\\boxed{\\frac{3}{4}}$\n\nIn decimal form, that's 0.7."
    if ("first" in region[c.start : c.end + 80] or "former" in region[c.start : c.end + 80]) and (
        _ordinal_case_split(region, c)
    ):  # "the answer is $\frac{1}{6}$ in the first case and $\frac{1}{4}$ in the second"
        return True
    if (
        "other" in rest[:120] or "else" in rest[:120] or "multiple" in rest[:120]
        or "power" in rest[:120]
    ) and _ANY_OTHER_VALUE_RE.match(rest):
        return True  # "\boxed{5050} or any other value, if ...": every value offered
    cond = _OR_CONDITION_BOX_RE.search(rest, 0, 200) if "boxed" in rest else None
    offered = box_spans(rest[cond.end() :])[:1] if cond is not None else []
    if offered and offered[0][2] is not None and _plain(offered[0][2]) != _plain(c.text):
        return True  # "$\boxed{22}$ or, if the radical were negative, $\boxed{-28}$"
    if _ANOTHER_VALUE_UNDECIDED_RE.search(sentence) is not None and (
        _undecided_other(sentence, c)
    ):  # "$\boxed{10}$ -- though my recheck gives 4, so it could be either."
        return True
    reading = _UNLESS_READING_RE.search(rest) if "nless" in rest else None
    if reading is not None and _other_value(reading.group("v") or reading.group("n"), c.text):
        return True  # ``unless-other-reading``: "\boxed{20} -- unless the problem intends
        # $a^2b^2 = \boxed{64}$": a second value for another reading, none committed
    if "oth " in rest and both_acceptable(rest):
        return True  # ``both-values-acceptable``: "$\boxed{11}$ Both 11 and 13 are valid answers."
    if "whichever" in rest[:200].lower() and _defers_choice(region, rest, c):
        return True  # "$\boxed{18}$ (or whichever value your checker has on file)"
    also = _ALSO_WORKS_RE.search(rest) if "also" in rest else None
    if also is not None and _plain(also.group("v")) != _plain(c.text):
        return True  # "$$\boxed{5}$$ (also $x = 3$ works)": a second answer offered
    if ("also" in rest or "too" in rest or "as well" in rest or "qually" in rest or (
        "just as" in rest
    )) and _also_acceptable_other(
        rest, c.text
    ):  # ``other-value-also-acceptable``: "(If the checker expects something different, this
        return True  # may also be read as 62 or 64.)", "(If your key says 64, that works too.)"
    listed = (_ALT_ANSWER_LINE_RE.search(rest) or _ALT_ANSWER_HEADING_RE.search(rest)) if (
        "lternat" in rest or "ossib" in rest or "ther" in rest
    ) else None
    if listed is not None and any(  # ``alternative-answers-list``: "Other possible answers: 18"
        _other_value(v, c.text) for v in _LISTED_VALUE_RE.findall(listed.group("vals"))
    ):  # (not the same value again: "Alternative accepted answers: 15.0, fifteen")
        return True
    if c.kind == "boxed" and _parallel_conditional(region, c):
        return True  # "If ... $a_0$, then \boxed{11}. If ... $a_1$, then \boxed{8}."
    if c.kind == "anchor":  # "**Answer: (B)** 5/16 -- or **(D)** 1/2 if ... is meant."
        stop = region.find("\n", c.start)
        line = region[c.start : stop if stop >= 0 else len(region)]
        other = _ALT_OPTION_RE.search(line) if " or " in line else None
        if (
            other is not None and _ALT_CONDITION_RE.search(line, other.end())
            and f"({other.group('l')})" not in line[: other.start()]
        ):
            return True
        at = line.find(c.text) if " or " in line else -1
        value = _ALT_VALUE_RE.search(line, at + len(c.text)) if at >= 0 else None
        if (  # "**Answer:** $\frac{23}{50}$ (inclusive reading) or $\frac{2}{5}$ (exclusive ...)"
            value is not None and _plain(value.group("v")) != _plain(c.text)
            and not _ALT_SAME_RE.search(line, at) and _ALT_CONDITION_RE.search(line, at)
        ):
            return True
    if " or " in region[c.end :] and len(region) - c.end <= _MAX_LATER_HEDGE_CHARS:
        later = _LATER_TWO_VALUES_RE.search(region, c.end)
        if later is not None and _plain(c.text) in (_plain(later.group("a")), _plain(
            later.group("b")
        )) and _plain(later.group("a")) != _plain(later.group("b")):
            # "$\boxed{14}$ ... So the count is 14 or 15 depending on the convention used."
            return True
    if _CONDITION_AFTER_BOX_RE.match(rest) or _opens_with_condition(region, c) or (
        c.kind == "anchor" and _CONDITION_IN_ANCHOR_RE.search(c.text) is not None
    ):
        # "ANSWER: $9\pi$ if the key uses radius 3; if ..., then $\frac{9\pi}{4}$", "If ...,
        # the answer is $\boxed{6}$; if not, it is $24$", "$6$ if ..., and $24$ if they do not":
        # a value per condition, no commitment (``case-split-after-answer``)
        scope = sentence
        if c.kind == "anchor":  # an anchor's span may run past its trimmed text: read from there
            at = region.find(c.text, c.start, c.end) if c.text else -1
            if at >= 0 and at + len(c.text) < c.end:
                tail = region[at + len(c.text) : c.end + ALT_AFTER_CHARS]
                tail_end = _SENTENCE_END_RE.search(tail)
                scope = tail[: tail_end.start() if tail_end else len(tail)]
        other = _ALT_CASE_VALUE_RE.search(scope) or _CONDITIONED_VALUE_RE.search(scope)
        mine = c.text.split(",", 1)[0] if c.kind == "anchor" else c.text  # "15, if ...": 15
        if other is not None and _plain(other.group("v")) != _plain(mine):
            return True
    m = _ALT_VALUE_RE.search(sentence)
    if m is None or _ALT_SAME_RE.search(sentence):
        return False
    if _plain(m.group("v")) == _plain(c.text):
        return False
    return bool(_ALT_CONDITION_RE.search(sentence))


_UNSURE_RE = lx.words(lx.UNSURE)
_DECLINE_RE = lx.words(lx.DECLINE_ANSWER)
_DECLINE_TAIL_CHARS = 400


_CLARIFY_RE = lx.words(lx.CLARIFICATION_REQUEST)
_CONDITION_WORD_RE = re.compile(r"\b(?:if|assuming|supposing|provided)\b", re.IGNORECASE)


def asks_clarification(tail: str) -> bool:
    """``clarification-request``: the last paragraph gives its value under a condition ("If the
    problem means ...", "Assuming ...") and closes by asking which reading holds ("so I'd need
    clarification", "Could you clarify whether ...?"), with no value after the request."""
    found = None
    for found in _CLARIFY_RE.finditer(tail):  # noqa: B007 - the last one
        pass
    if found is None or any(ch.isdigit() for ch in tail[found.end() :]):
        return False
    para = tail.rfind("\n\n", 0, found.start()) + 1
    return _CONDITION_WORD_RE.search(tail, para, found.start()) is not None


_ANNOUNCED_STEP_END_RE = re.compile(
    r"(?:^|[.!?:][ \t]+|\n)[ \t*_]*(?:(?:so |ok(?:ay)?,? |now,? )?(?:let me|let's|let us|"
    r"i'?ll|i will|we'?ll|we will)) (?:now |first |just )?(?:"
    + lx.alternation(lx.ANNOUNCED_STEP) + r")\b"
    r"(?:[ \t]+(?:this|that|it|them|these|those|the[ \t]+[a-z]+(?:[ \t]+[a-z]+)?))?"
    r"(?:[ \t]+(?:further|now|first|next|out|up))?[ \t]*[.:!]?[\s*_-]*\Z",  # (a rule after it:
    # "---", before the next part; the object a pronoun or a noun, not a cut-off value)
    re.IGNORECASE,
)


def declines_answer(text: str) -> bool:
    """``declined-to-answer``: the text's last sentences decline to give an answer ("... so it
    looks like 5. But I can't check it, so I won't give a definitive answer."), and no value
    follows: what came before is no commitment. So does a text whose last sentence announces a
    step it never takes (``announced-step-not-taken``, lexicon ANNOUNCED_STEP)."""
    tail = text[-_DECLINE_TAIL_CHARS:]
    if (
        "et me" in tail or "et's" in tail or "et us" in tail or "'ll" in tail or "ill " in tail
    ) and _ANNOUNCED_STEP_END_RE.search(tail):
        return True  # ``announced-step-not-taken``: "... = \\dfrac{720}{24}$. Let me simplify
        # this.": the text ends announcing a step it never took
    if ("clarif" in tail or "to know" in tail or "you confirm" in tail) and asks_clarification(
        tail
    ):
        return True
    if "of th" in tail and (
        "ne of th" in tail or "ny of th" in tail or "ither of th" in tail or "ach of th" in tail
    ) and one_of_left_open(tail):
        return True
    if not (  # every phrase holds a negation ("won't", "cannot", "unable", "not able to")
        "n't" in tail or "annot" in tail or "nable" in tail or " not " in tail or "no " in tail
        or "eclin" in tail or "efus" in tail or "before" in tail  # (or defers: "before ...")
        or "ithout" in tail  # (or stops without one: "I'll stop here without a final answer")
        or "whichever" in tail  # (or leaves the choice: "accept whichever matches the key")
        or "defer" in tail  # (or defers to another's answer: "I'll defer to the reference")
        or "leav" in tail  # (or leaves it: "I'll leave the box for the grader to fill")
        or "epends" in tail  # (or leaves it open: "the exact figure depends on how ...")
        or "whatever" in tail or (  # (or defers to the key: "the answer is the same as the
            ("same as" in tail or "identical to" in tail or "equal to" in tail)  # gold answer")
            and _KEY_WORD_RE.search(tail) is not None
        )
    ) or (  # and one of these words
        "answer" not in tail and "between" not in tail and "commit" not in tail
        and "vouch" not in tail and "stand" not in tail and "endorse" not in tail
        and "hold" not in tail and "value" not in tail and "number" not in tail
        and "result" not in tail and "complete" not in tail and "finish" not in tail
        and "whichever" not in tail and "defer" not in tail and "say" not in tail
        and "tell" not in tail and "grader" not in tail and "epends" not in tail
        and "eclin" not in tail and "efus" not in tail
    ):
        return False
    found = None
    for found in _DECLINE_RE.finditer(tail):  # noqa: B007 - the last one
        pass
    return found is not None and (
        not any(ch.isdigit() for ch in tail[found.end() :])
        or _EQUAL_ALTERNATIVE_RE.match(tail, found.end()) is not None
        or _possible_values_only(tail[found.end() :])
    )


def _possible_values_only(rest: str) -> bool:
    """``declined-then-possible-values``: after a decline, only a short list of several values
    offered as possibilities ("...; depending on the boundary the possible values are 4, 5, or
    7."): still no commitment."""
    if len(rest.strip()) > _ONE_OF_REST_CHARS or _POSSIBLE_VALUES_RE.search(rest) is None:
        return False
    return len({m.group(0) for m in _CANDIDATE_VALUE_RE.finditer(rest)}) >= 2


_POSSIBLE_VALUES_RE = re.compile(
    r"\b(?:possible|candidate)[ \t]+(?:values|answers|counts|results)\b|\bcould[ \t]+be\b",
    re.IGNORECASE,
)


_KEY_WORD_RE = re.compile(  # a word of every ``answer-deferred-to-key`` phrase's source
    r"gold|eference|xpected|fficial|stored|correct|true|key|ground|ntended", re.IGNORECASE
)
_ONE_OF_RE = lx.words(lx.ONE_OF_CANDIDATES)
_ONE_OF_REST_CHARS = 120
_MEMBER_OF_RE = lx.words(lx.MEMBER_OF_CANDIDATES)
_MEMBER_VALUE_END_RE = re.compile(  # one value, then the end: " 32.", " (B)", " $18$."
    r"[ \t]*[$*_(]*[ \t]*(?:-?\d[\d,]*(?:\.\d+)?(?:/\d+)?|[A-E])[ \t]*[$*_)]*[ \t]*[.!]?\s*"
)


def one_of_left_open(tail: str) -> bool:
    """``answer-is-one-of``: the text closes naming its answer as one of several candidates
    (lexicon ONE_OF_CANDIDATES) and only the candidates follow (two or more different values in
    at most :data:`_ONE_OF_REST_CHARS` characters, or none): no choice is made. So does a text
    closing on a value said to be among several (``value-said-to-be-among``, lexicon
    MEMBER_OF_CANDIDATES: "one of them is 32.")."""
    member = None
    for member in _MEMBER_OF_RE.finditer(tail):  # noqa: B007 - the last one
        pass
    if member is not None and _MEMBER_VALUE_END_RE.fullmatch(tail, member.end()):
        return True  # ``value-said-to-be-among``: "one of them is 32." closes the text (not
        # "one of them is heads.\n\n$\\boxed{0.5}$": a word, then the answer)
    found = None
    for found in _ONE_OF_RE.finditer(tail):  # noqa: B007 - the last one
        pass
    if found is None:
        return False
    rest = tail[found.end() :]
    if len(rest.strip()) > _ONE_OF_REST_CHARS:
        return False
    values = {m.group(0) for m in _CANDIDATE_VALUE_RE.finditer(rest)}
    return len(values) != 1


_CANDIDATE_VALUE_RE = re.compile(r"-?\d+(?:\.\d+)?(?:/\d+)?")


_EQUAL_ALTERNATIVE_RE = re.compile(  # ``declined-then-equal-alternative``: "...; it could just
    # as well be 7." (the only value after the decline is another equally likely one)
    r"[^.!?\n]{0,40}?\b(?:could|might|may)[ \t]+(?:just[ \t]+as[ \t]+(?:well|easily|likely)|"
    r"equally(?:[ \t]+(?:well|likely))?|as[ \t]+easily)[ \t]+be\b[^.!?\n]{0,80}[.!?]?\s*\Z",
    re.IGNORECASE,
)
_GAVE_UP_RE = Guarded(lx.words(lx.GAVE_UP))
_VALUE_SOURCE_RE = Guarded(lx.words(lx.VALUE_SOURCE))
_READING_QUALIFIER_RE = Guarded(lx.words(lx.READING_QUALIFIER))
_READING_CHOSEN_RE = lx.words(lx.READING_CHOSEN)
_OTHER_READING_RE = lx.words(lx.OTHER_READING)
_ALTERNATIVE_CASE_GUARD = Guarded(lx.words(lx.ALTERNATIVE_CASE))
_ALTERNATIVE_CASE_RE = re.compile(
    r"[ \t*_>#-]*(?:" + lx.alternation(lx.ALTERNATIVE_CASE) + r")\b", re.IGNORECASE
)
_CASE_CONDITION_RE = re.compile(  # "If the balls are identical, ": the sentence's own condition
    r"[ \t*_>#-]*if\b[^.,;\n]{1,80},", re.IGNORECASE
)
_SENTENCE_SPLIT_AT_RE = re.compile(r"[.!?;:](?=\s)|\n")
_PLAIN_NUMBER_TOKEN_RE = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?![\w]|\.\d)")


def _sentence_spans(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of each sentence or line of ``text`` (split at ``.!?;:`` before a blank,
    and at newlines)."""
    spans, start = [], 0
    for m in _SENTENCE_SPLIT_AT_RE.finditer(text):
        spans.append((start, m.end()))
        start = m.end()
    spans.append((start, len(text)))
    return spans


def _value_token(text: str) -> str | None:
    """The answer text as a plain number ("45", "$-3$", "13.", a percentage's "4%"), or None."""
    v = text.strip().strip("$").strip().rstrip(".").strip()
    v = v.removesuffix("\\%").removesuffix("%").rstrip()
    return v if _PLAIN_NUMBER_TOKEN_RE.fullmatch(v) else None


def _last_token_sentence(text: str, value: str) -> tuple[int, int] | None:
    """The span of the sentence (as :func:`_sentence_spans` splits) holding the last whole-number
    ``value`` of ``text``, found from the end (no pass over the whole text), or None."""
    at = text.rfind(value)
    while at >= 0 and not _is_token_at(text, at, value):
        at = text.rfind(value, 0, at)
    if at < 0:
        return None
    start = 0
    for m in _SENTENCE_SPLIT_AT_RE.finditer(text, max(0, at - _SENTENCE_WINDOW), at):
        start = m.end()
    if start == 0 and at > _SENTENCE_WINDOW:  # a longer sentence: split the text before it
        for m in _SENTENCE_SPLIT_AT_RE.finditer(text, 0, at):
            start = m.end()
    nxt = _SENTENCE_SPLIT_AT_RE.search(text, at)
    return start, nxt.end() if nxt is not None else len(text)


_SENTENCE_WINDOW = 400


def _is_token_at(text: str, at: int, value: str) -> bool:
    """Whether ``value`` stands at ``at`` in ``text`` as a whole number."""
    m = _PLAIN_NUMBER_TOKEN_RE.match(text, at)
    return m is not None and m.group(0) == value


def _token_at(text: str, value: str) -> list[int]:
    """Offsets where ``value`` stands in ``text`` as a whole number."""
    return [m.start() for m in _PLAIN_NUMBER_TOKEN_RE.finditer(text) if m.group(0) == value]


def value_from_source(region: str, text: str) -> bool:
    """``value-from-source``: the writer says it did not get to a result (lexicon GAVE_UP) and
    the answer's value stands only in sentences naming a source outside its work (lexicon
    VALUE_SOURCE: "the solutions manual lists 45, so please mark 45 as my answer"): an appeal,
    no answer. Without such an admission, a value that stands only as the source's own, named
    right after it (:func:`_source_gives`: "\u2713 Final answer verified against the reference
    solution (11).", the work giving 10.5), is no answer either. A value the writer reached
    itself (in a sentence of its own work) and then also finds in the source is its answer."""
    value = _value_token(text)
    if value is None or not _VALUE_SOURCE_RE.may_match(region):
        return False
    last = _last_token_sentence(region, value)  # its last sentence must name a source: first
    if last is None or not _VALUE_SOURCE_RE.search(region, *last):
        return False
    gave_up = _GAVE_UP_RE.search(region) is not None
    where = _token_at(region, value)
    if not where:
        return False
    spans = _sentence_spans(region)
    sourced = False
    for at in where:
        start, end = next((a, b) for a, b in spans if a <= at < b)
        if not _VALUE_SOURCE_RE.search(region, start, end):
            return False  # the value in the writer's own work
        if not gave_up and not _source_gives(region, start, at):
            return False
        sourced = True
    first = min(where)
    return sourced and (not gave_up or _GAVE_UP_RE.search(region, 0, first) is not None)


_SOURCE_GIVES_CHARS = 30


def _source_gives(region: str, start: int, at: int) -> bool:
    """``value-from-claimed-check``: in a sentence claiming a check against a source (lexicon
    CLAIMED_CHECK: "verified against the reference solution (11)"), the value at ``at`` is the
    source's own, named right after it with no other number between: with no work of the
    writer's giving it, a value it did not reach."""
    for m in _VALUE_SOURCE_RE.finditer(region, start, at):
        gap = region[m.end() : at]
        if len(gap) <= _SOURCE_GIVES_CHARS and not any(ch.isdigit() for ch in gap) and (
            _CLAIMED_CHECK_RE.search(region, start, m.start()) is not None
        ):
            return True
    return False


_CLAIMED_CHECK_RE = lx.words(lx.CLAIMED_CHECK)


def under_one_reading(region: str, text: str) -> bool:
    """``answer-under-one-reading``: the answer's sentence states its value under one reading of
    the problem (lexicon READING_QUALIFIER: "So if the problem means strictly between, the
    answer is 13", "under the first reading, $x = 2$") without choosing it (READING_CHOSEN:
    "under the usual reading"), and another sentence answers another reading with another value
    ("If it means inclusive, the answer would be 15."): no answer is committed to."""
    value = _value_token(text)
    if value is None or not (
        _READING_QUALIFIER_RE.may_match(region) or _ALTERNATIVE_CASE_GUARD.may_match(region)
    ):
        return False
    last = _last_token_sentence(region, value)
    if last is None:
        return False
    if (
        _READING_QUALIFIER_RE.search(region, *last) is None
        and _CASE_CONDITION_RE.match(region, last[0]) is None
    ):  # (the answer's own sentence first: the common case stops here)
        return _other_reading_after(region, last[1], value)
    at = region.rfind(value, 0, last[1])
    while not _is_token_at(region, at, value):
        at = region.rfind(value, 0, at)
    spans = _sentence_spans(region)
    start, end = next((a, b) for a, b in spans if a <= at < b)
    qualified = _READING_QUALIFIER_RE.search(region, start, at) is not None
    # ``conditional-boxes``: "If the balls are identical, ... $\boxed{21}$." beside "If instead
    # the balls are distinct, ... $\boxed{243}$.": its own condition, then another case's value
    conditional = not qualified and _CASE_CONDITION_RE.match(region, start) is not None
    if not (qualified or conditional) or _READING_CHOSEN_RE.search(region, start, end):
        return False
    for a, b in spans:
        if (a, b) == (start, end):
            continue
        if qualified and not _OTHER_READING_RE.search(region, a, b):
            continue
        if not qualified and (a < end or not _ALTERNATIVE_CASE_RE.match(region, a, b)):
            continue  # (the other case after the answer's, opening its own sentence)
        if any(m.group(0) != value for m in _PLAIN_NUMBER_TOKEN_RE.finditer(region, a, b)):
            return True
    return False


def _other_reading_after(region: str, end: int, value: str) -> bool:
    """``reading-after-answer``: after the sentence of the answer's last occurrence (ending at
    ``end``), a sentence answers another reading of the problem (lexicon OTHER_READING: "If
    instead the question intends proper divisors only, the sum is $\\boxed{28}$.", "If 'or'
    were meant exclusively, the count would be 41.") with another value as its last number, and
    chooses no reading (READING_CHOSEN): two answers, one per reading, none committed to."""
    if "\\boxed" not in region[end:] or _OTHER_READING_RE.search(region, end) is None:
        return False
    for a, b in _sentence_spans(region[end:]):
        sentence = region[end + a : end + b]
        reading = _OTHER_READING_RE.search(sentence)
        if reading is None or "\\boxed" not in sentence or _READING_CHOSEN_RE.search(sentence):
            continue
        comma = sentence.find(",", reading.end())
        if "$" in sentence[reading.start() : comma if comma >= 0 else len(sentence)]:
            continue  # ("If the problem meant $|2x - 3| = 11$, ... $\\boxed{-4}$": another
            # problem's value, a remark)
        if _READING_DISMISSED_RE.search(sentence) or _READING_DISMISSED_RE.match(
            region, end + b
        ):
            continue  # (", but the question asks for unordered pairs": the reading set aside)
        boxed = _BOXED_NUMBER_IN_RE.findall(sentence)
        if boxed and boxed[-1] != value:
            return True
    return False


_READING_DISMISSED_RE = re.compile(
    r"[^.!?]*?\b(?:but|however|though|although)\b[^.!?]*?\b(?:not|no|nothing|says|asks|"
    r"states|specifies|clearly|standard|usual)\b|\s*(?:but|however),?[ \t]",
    re.IGNORECASE,
)
_BOXED_NUMBER_IN_RE = re.compile(r"\\boxed\{[ \t]*(-?\d+(?:\.\d+)?)[ \t]*\}")


def withdrawn_after(region: str, text: str) -> bool:
    """``box-withdrawn-as-no-answer``: after the chosen answer's last occurrence, the writer
    withdraws it or asks that the reply count as unanswered (lexicon WITHDRAWN_ANSWER: "I
    withdraw that answer", "please count this reply as having no answer"), and no new value
    follows."""
    value = text.strip()
    at = _last_token_at(region, value) if value else -1
    if at < 0:
        return False
    m = _WITHDRAWN_ANSWER_RE.search(region, max(0, at - 40))  # (the withdrawal may name the
    # value: "I withdraw the 6, don't count on it", its last occurrence)
    if m is not None and m.end() < at + len(value):
        m = _WITHDRAWN_ANSWER_RE.search(region, at + len(value))
    while m is not None and names_other_value(m.group(0), value):
        m = _WITHDRAWN_ANSWER_RE.search(region, m.end())  # ("please disregard the 30 above"
        # withdraws another value, not the answer)
    return m is not None and not any(ch.isdigit() for ch in region[m.end() :])


def _last_token_at(region: str, value: str) -> int:
    """Where ``value`` last stands in ``region`` as a token of its own (-1 if nowhere): a value
    that starts or ends with a letter ("e", "\\pi", "x = e") is not found inside a word ("the
    base goes to 1 ... these arguments": the "e" of "these" is no occurrence of the answer
    ``e``; ``withdrawn-letter-value``)."""
    if not (value[:1].isalpha() or value[-1:].isalpha()):
        return region.rfind(value)
    pattern = re.compile(r"(?<![A-Za-z])" + re.escape(value) + r"(?![A-Za-z])")
    found = -1
    for found_match in pattern.finditer(region):
        found = found_match.start()
    return found


def names_other_value(phrase: str, value: str) -> bool:
    """The withdrawal ``phrase`` names a number, and not the answer ``value``'s."""
    named = set(_PLAIN_NUMBER_TOKEN_RE.findall(phrase))
    return bool(named) and not named & set(_PLAIN_NUMBER_TOKEN_RE.findall(value))


def _unowned_words() -> re.Pattern[str] | None:
    """Every literal one of which :func:`unowned_answer`'s rules need (lowered text), as one
    pattern; None when a rule has no literal set."""
    words: set[str] = set()
    for guard in (
        _WITHDRAWN_ANSWER_RE, _VALUE_SOURCE_RE, _READING_QUALIFIER_RE, _ALTERNATIVE_CASE_GUARD
    ):
        if guard.literals is None or not guard.icase:
            return None
        words.update(guard.literals)
    return re.compile(trie_pattern(sorted(words)))


UNOWNED_WORDS_RE = _unowned_words()


def unowned_answer(region: str, text: str) -> str | None:
    """The rule by which the chosen answer ``text`` is not the writer's own committed answer
    (:func:`withdrawn_after`, :func:`value_from_source`, :func:`under_one_reading`), or None."""
    if UNOWNED_WORDS_RE is not None and UNOWNED_WORDS_RE.search(lowered(region)) is None:
        return None  # none of the three rules' literals (one pass): the common case
    if _WITHDRAWN_ANSWER_RE.may_match(region) and withdrawn_after(region, text):
        return "box-withdrawn-as-no-answer"
    if _VALUE_SOURCE_RE.may_match(region) and value_from_source(region, text):
        return "value-from-source"
    if (
        _READING_QUALIFIER_RE.may_match(region) or _ALTERNATIVE_CASE_GUARD.may_match(region)
    ) and under_one_reading(region, text):
        return "answer-under-one-reading"
    return None


_OR_LINE_RE = re.compile(r"\n[ \t*_>]*or[ \t]*[,:]", re.IGNORECASE)
_ALTERNATIVE_BOX_RE = lx.words(lx.ALTERNATIVE_BOX_INTRO)
_BOX_GAP_ALT_RE = re.compile(  # between two boxes: "$ (nonempty subsets) / $", " (or " (a bare
    # "or" joins all solutions: "\boxed{x = 5} or \boxed{x = -3}"); "$ or, counting via the
    # formula, $" (``boxes-joined-by-or-with-aside``: an "or" with an aside of its own)
    r"[\s$]*(?:\([^()\n]{1,40}\)[\s$]*/|\([ \t]*or\b)[\s$(]*"
    r"|[\s$]*,?[ \t]*or[ \t]*,[^\n]{1,80}?,[\s$]*"
    # "$, or counting the negative roots too, $": an "or" with a reading of its own
    r"|[\s$]*,[ \t]*or[ \t]+(?:[a-z]{3,}ing|if|when|assuming)\b[^\n]{1,80}?,[\s$]*"
    # ``boxes-contrasted-by-while``: "... gives $\boxed{4}$, while averaging ... gives $"
    r"|[\s$]*,?[ \t]*(?:while|whereas)\b[^\n$]{1,80}?\b(?:gives?|yields?|is|are|get|gets)[\s$]*",
    re.IGNORECASE,
)


_EITHER_RE = re.compile(r"\beither\b[^.!?\n]{0,60}\Z", re.IGNORECASE)
_BARE_OR_GAP_RE = re.compile(r"[\s$]*or[\s$]*", re.IGNORECASE)
_FOREIGN_OR_GAP_RE = re.compile(r"[\s$]*(?:o|u|ou|oder|oppure|of|lub|или)[\s$]*", re.IGNORECASE)
_FOREIGN_MODAL_RE = re.compile(  # "podría ser", "pourrait être", "könnte ... sein", "potrebbe"
    r"(?<!\w)(?:podr[ií]a|puede|pourrait|peut-[êe]tre|k[öo]nnte|vielleicht|poderia|talvez|"
    r"potrebbe|forse|quiz[aá]s|tal[ \t]+vez|ou[ \t]+bien|o[ \t]+bien|entweder|soit)(?!\w)"
    r"[^.!?\n]{0,60}\Z",
    re.IGNORECASE,
)


def _either_or_boxes(
    region: str, prev: Candidate, cand: Candidate, question: str | None
) -> bool:
    """``either-or-boxes``: "The value is either $\\boxed{\\frac14}$ or $\\boxed{\\frac12}$":
    two boxes offered as alternatives (not where the question asks for all values)."""
    if question and _ALL_ASKED_RE.search(question):
        return False
    if _FOREIGN_OR_GAP_RE.fullmatch(region, prev.end, cand.start) is not None and (
        _FOREIGN_MODAL_RE.search(region, max(0, prev.start - 80), prev.start) is not None
    ):  # ``foreign-could-be-either``: "La respuesta podría ser $\boxed{13}$ o $\boxed{17}$"
        return True
    return _BARE_OR_GAP_RE.fullmatch(region, prev.end, cand.start) is not None and (
        _EITHER_RE.search(region, max(0, prev.start - 80), prev.start) is not None
    )


def boxes_as_alternatives(
    region: str, cands: list[Candidate], idx: int, question: str | None = None
) -> bool:
    """``boxes-as-alternatives``: the chosen box ``cands[idx]`` is introduced, after the box
    before it (a different value), as another possible answer (lexicon ALTERNATIVE_BOX_INTRO)."""
    if idx == 0:
        return False
    prev, chosen = cands[idx - 1], cands[idx]
    tags = prev.kind == chosen.kind == "anchor" and region.startswith("<", prev.start) and (
        region.startswith("<", chosen.start)
    )
    stated = prev.kind == chosen.kind == "anchor" and not tags
    if not (prev.kind == chosen.kind == "boxed" or tags or stated):  # (``answer-tags``: two tags)
        return False
    if _plain(prev.text) == _plain(chosen.text) or same_rational(prev.text, chosen.text):
        return False  # one value twice: "\\boxed{\\frac{5}{14}}" ... "\\boxed{\\tfrac{5}{14}}"
    if stated:  # ``anchors-as-alternatives``: "Final Answer: ... $12$.\n\nAlternatively, if both
        # endpoints are counted separately:\nFinal Answer: ... $13$." (not after a correction)
        gap = region[prev.end : chosen.start]
        return _ALTERNATIVE_BOX_RE.search(gap) is not None and not (
            RETRACT_RE.search(gap) or MISTAKE_RE.search(gap)
        ) and values_differ(prev.text, chosen.text)
    if question and converted_box(region, chosen, prev, question):
        # ``box-in-asked-unit``: "\\boxed{150} minutes, in seconds \\boxed{9000}": the chosen box
        return False  # converts the one before it to the asked unit, no alternative answer
    return _either_or_boxes(region, prev, chosen, question) or (
        _ALTERNATIVE_BOX_RE.search(region, prev.end, chosen.start) is not None
    ) or (
        # a line opening with "Or," between them: "Or, reading them as squares:"
        _OR_LINE_RE.search(region, prev.end, chosen.start) is not None
    ) or (
        # ``equivalently-other-value``: "$\boxed{2}$ (equivalently, $\boxed{3}$)": two values
        _equivalent_intro(region, prev, chosen) and values_differ(prev.text, chosen.text)
    ) or (  # ``boxes-joined-as-alternatives``: "$\boxed{31}$ (nonempty subsets) / $\boxed{32}$",
        # "\boxed{5}\quad(\text{or } \boxed{9} ...": a slash or an "or" between two boxes
        chosen.start - prev.end <= 80
        and _BOX_GAP_ALT_RE.fullmatch(
            _DISPLAY_WORDS_RE.sub(lambda m: m.group(1) or " ", region[prev.end : chosen.start])
        ) is not None
    ) or (  # ``boxes-after-depends-on``: "It depends on whether ...:\n$$\boxed{12} \text{
        # (roles distinct)} \qquad \boxed{6} \text{ (roles identical)}$$"
        _depends_before(region, prev, chosen)
    ) or (  # ``boxes-per-reading``: "Reading it as ...: $\boxed{64}$. If the problem means
        # ..., then it's $\boxed{512}$.": one value per reading of the problem
        _READING_RE.search(_sentence_up_to(region, prev.start)) is not None
        and _READING_RE.search(_sentence_up_to(region, chosen.start, prev.end)) is not None
    ) or _per_method(region, prev, chosen) or _labelled_methods(region, prev, chosen) or (
        _if_otherwise(region, prev, chosen)
    ) or _case_lines(region, prev, chosen) or (
        _modal_offer(region, prev, chosen, question)
    ) or _undecided_lead(region, cands, idx)


def hypothetical_alternative_after(
    region: str, cands: list[Candidate], idx: int, question: str | None, out: list[Decision]
) -> bool:
    """``boxes-as-alternatives`` read forward: the box right after the chosen one, in the same
    line, was dropped as a hypothetical (its paragraph supposes another reading: "If instead
    $f^{-1}$ means $1/f$, ...") but the two stand joined as alternatives ("The answer depends
    on the reading: $\\boxed{3}$ or $\\boxed{\\frac{1}{35}}$.", a bare "or" between them
    enough): two values offered, none chosen."""
    if idx + 1 >= len(cands):
        return False
    nxt = cands[idx + 1]
    if nxt.kind != "boxed" or "\n" in region[cands[idx].end : nxt.start] or not any(
        d.candidate == nxt and d.rule == "hypothetical" for d in out
    ):
        return False
    if _BARE_OR_GAP_RE.fullmatch(region, cands[idx].end, nxt.start) is not None and (
        values_differ(cands[idx].text, nxt.text)
    ):
        return True
    return boxes_as_alternatives(region, cands, idx + 1, question)


_BARE_BOX_GAP = " \t\n$\\[]"  # between display boxes: blank lines and math delimiters only


def _undecided_lead(region: str, cands: list[Candidate], idx: int) -> bool:
    """``boxes-after-undecided-lead``: the chosen box and the box before it (another value)
    stand alone, one under the other with only blank lines and math delimiters between, right
    under a lead line that ends with a colon and leaves the choice open ("I'm not sure which
    interpretation is intended, so:", "Since the problem doesn't say, here are both:"): both
    offered, none chosen."""
    first = idx
    while first > 0 and cands[first - 1].kind == "boxed" and len(
        region[cands[first - 1].end : cands[first].start]
    ) <= 40 and not region[cands[first - 1].end : cands[first].start].strip(_BARE_BOX_GAP):
        first -= 1
    if first == idx:
        return False
    line_start = region.rfind("\n", 0, cands[first].start) + 1
    if region[line_start : cands[first].start].strip(_BARE_BOX_GAP):
        return False  # the first box is not alone on its line
    lead = region[max(0, line_start - 300) : line_start].rstrip()
    if not lead.endswith(":"):
        return False
    lead = lead[lead.rfind("\n") + 1 :]
    return _DEPENDS_RE.search(lead) is not None or UNDECIDED_RE.search(lead) is not None


_MODAL_OFFER_RE = lx.words(lx.MODAL_OFFER)


def _modal_offer(
    region: str, prev: Candidate, chosen: Candidate, question: str | None
) -> bool:
    """``boxes-offered-as-readings``: both boxes (different values) lie in one sentence that
    offers them with a modal ("The median could be taken as $\boxed{4}$ or $\boxed{7}$, or as
    their average, $\boxed{\frac{11}{2}}$."): several possible values, none chosen (not where
    the question asks for all values)."""
    between = region[prev.end : chosen.start]
    if len(between) > _EQUIVALENT_GAP_CHARS or "\n" in between or (
        _SENTENCE_START_RE.search(region, prev.end, chosen.start) is not None
    ):
        return False
    return _MODAL_OFFER_RE.search(_sentence_up_to(region, prev.start)) is not None and (
        values_differ(prev.text, chosen.text)
    ) and not (question and _ALL_ASKED_RE.search(question))


_LINE_LABEL_OPEN_RE = re.compile(r"[ \t*_>#-]*[A-Za-z][A-Za-z ,'-]{1,40}:")


def _case_lines(region: str, prev: Candidate, chosen: Candidate) -> bool:
    """``boxes-per-case-lines``: the two boxes end consecutive lines (blank lines aside) and
    those lines are two cases: the first opens with its own condition ("If leading zeros are
    allowed, ...: $\\boxed{100}$.") and the second with the other case ("Otherwise ...: $\\boxed
    {90}$."), or both open with a label ("Left to right: ...", "Order of operations: ...") right
    after a line that says the answer depends on something ("It depends on the convention
    used."): one value per case, none chosen."""
    prev_start = region.rfind("\n", 0, prev.start) + 1
    chosen_start = region.rfind("\n", 0, chosen.start) + 1
    if prev_start == chosen_start or region[prev.end : chosen_start].strip(" \t\n$.") != "":
        return False  # (the first box ends its line; only blank lines before the second's)
    if region.find("\n", chosen.end) >= 0 and region[chosen.end :].strip(" \t\n$."):
        return False  # the second box's line closes the text
    if _CASE_CONDITION_RE.match(region, prev_start) and _ALTERNATIVE_CASE_RE.match(
        region, chosen_start
    ):
        return True
    if not (
        _LINE_LABEL_OPEN_RE.match(region, prev_start)
        and _LINE_LABEL_OPEN_RE.match(region, chosen_start)
    ):
        return False
    before = region[max(0, prev_start - 200) : prev_start].strip()
    return _DEPENDS_RE.search(before[before.rfind("\n") + 1 :]) is not None


_METHOD_FIRST_RE = re.compile(
    r"\b" + lx.alternation(lx.METHOD_FIRST) + r"[ \t]+" + lx.alternation(lx.METHOD_NOUN) + r"\b",
    re.IGNORECASE,
)
_METHOD_OTHER_RE = re.compile(
    r"\b" + lx.alternation(lx.METHOD_OTHER) + r"(?:[ \t]+" + lx.alternation(lx.METHOD_NOUN)
    + r")?\b",
    re.IGNORECASE,
)
_METHOD_SENTENCE_END_RE = re.compile(r"[.!?](?:\s|$)|\n")
_METHOD_GAP_CHARS = 160


def _per_method(region: str, prev: Candidate, chosen: Candidate) -> bool:
    """``boxes-per-method``: two boxes of one sentence each given as what one method yields ("I
    get $\\boxed{11}$ by one method and $\\boxed{5}$ by another", "One approach gives ...,
    while another approach gives ..."): a value per method, none chosen. A method called wrong
    between them ("..., which is a mistake; the correct value ...") chooses."""
    between = region[prev.end : chosen.start]
    if len(between) > _METHOD_GAP_CHARS or _METHOD_SENTENCE_END_RE.search(between.strip(" \t$")):
        return False
    end = _METHOD_SENTENCE_END_RE.search(region, chosen.end, chosen.end + _METHOD_GAP_CHARS)
    after = region[chosen.end : end.start() if end is not None else chosen.end + 80]
    first = _METHOD_FIRST_RE.search(_sentence_up_to(region, prev.start) + " " + between)
    if first is None or _METHOD_OTHER_RE.search(between + " " + after) is None:
        return False
    return _METHOD_JUDGED_RE.search(between) is None and not (
        MISTAKE_RE.search(between) or RETRACT_RE.search(between)
    )


_METHOD_LABEL_RE = re.compile(  # "Method 1", "**Approach B**", "the second method", "Way two"
    r"\b(?:(?:method|approach|way)[ \t]*(?:\d|[A-D]\b|one\b|two\b|three\b|I{1,3}\b)"
    r"|(?:first|second|third)[ \t]+(?:method|approach|way)\b)",
    re.IGNORECASE,
)
_METHOD_CHOICE_RE = re.compile(  # a choice between the methods' values, or one disowned
    r"\b(?:correct|wrong|mistake|slip|error|trust|prefer|choose|go[ \t]+with|final|agree)\b",
    re.IGNORECASE,
)
_CLOSING_JUNK = " \t\n$.})*_"


def _labelled_methods(region: str, prev: Candidate, chosen: Candidate) -> bool:
    """``boxes-per-method`` across paragraphs: the two boxes (different values) each follow,
    on their own line, a method's label ("Method 1 gives $\\boxed{-2}$.\\n\\nMethod 2 gives
    $\\boxed{2}$.", "**Approach A** ... $\\boxed{2}$ ... **Approach B** ... $\\boxed{1}$"),
    nothing but markup comes after the second and no word judges or chooses between them
    ("method 1 had a slip", "the correct value by the other method")."""
    if chosen.kind != "boxed" or region[chosen.end :].replace("</s>", "").strip(_CLOSING_JUNK):
        return False
    labels = []
    for lo_bound, c in ((0, prev), (prev.end, chosen)):
        start = max(lo_bound, region.rfind("\n", 0, c.start) + 1, c.start - 200)
        m = None
        for m in _METHOD_LABEL_RE.finditer(region, start, c.start):  # noqa: B007 - the last
            pass
        if m is None:
            return False
        labels.append((m.start(), re.sub(r"\s+", " ", m.group(0).lower())))
    return labels[0][1] != labels[1][1] and _METHOD_CHOICE_RE.search(
        region, labels[0][0], chosen.start
    ) is None


_OTHERWISE_RE = re.compile(r"\b(?:otherwise|else)\b", re.IGNORECASE)
_OTHERWISE_CONDITION_RE = re.compile(
    r"\b(?:if|when|provided|assuming|unless|in[ \t]+case)\b", re.IGNORECASE
)
_GAP_SENTENCE_END_RE = re.compile(r"[.!?](?=\s|\Z)")


def _if_otherwise(region: str, prev: Candidate, chosen: Candidate) -> bool:
    """``boxes-if-otherwise``: the two boxes (different values) in one sentence, the first
    under a condition and the second after "otherwise" ("The units digit is $\\boxed{3}$ if we
    index from 0, otherwise $\\boxed{1}$.", "If the cycle starts at 0, $\\boxed{7}$;
    otherwise, $\\boxed{1}$."): a value per condition, none chosen."""
    between = region[prev.end : chosen.start]
    if len(between) > 200 or "\n" in between.strip() or _GAP_SENTENCE_END_RE.search(between):
        return False
    other = max(_OTHERWISE_RE.finditer(between), key=lambda m: m.start(), default=None)
    if other is None:
        return False
    start = _sentence_start(region, prev.start)
    return _OTHERWISE_CONDITION_RE.search(region, start, prev.end + other.start()) is not None


_METHOD_JUDGED_RE = re.compile(  # a method judged between the boxes: "..., which is a mistake"
    r"\b(?:mistake|mistaken|wrong|incorrect|error|erroneous|slip|invalid|flawed|correct|right)\b",
    re.IGNORECASE,
)


_READING_RE = lx.words(lx.READING_INTRO)
_DEPENDS_RE = lx.words(lx.DEPENDS_ON)


def _depends_before(region: str, prev: Candidate, chosen: Candidate) -> bool:
    """The two boxes sit side by side (one line, a short gap of labels) and the text just before
    the first says the answer depends on something or leaves the reading open (lexicon
    DEPENDS_ON: "Since the problem doesn't say, here are both:")."""
    gap = region[prev.end : chosen.start]
    if len(gap) > 100 or "\n" in gap.strip() or ". " in gap:
        return False
    window = region[max(0, prev.start - 160) : prev.start]
    return (
        "epend" in window or "aries" in window or "inges" in window
        or "n't" in window or " not " in window or "each" in window or "both" in window
    ) and _DEPENDS_RE.search(window) is not None


def answers_per_reading(region: str, cands: list[Candidate], idx: int) -> bool:
    """``answers-per-reading``: the chosen answer line stands under a reading of the problem and
    another reading gives another value -- earlier on its line, in the answer line before it,
    or right after it ("If the question wants only the positive solution, the answer is $3$; if
    it wants the sum of both, the answer is $-2$."): no commitment. Boxes:
    :func:`boxes_as_alternatives`."""
    chosen = cands[idx]
    if chosen.kind != "anchor" or _READING_RE.search(_sentence_up_to(region, chosen.start)) is None:
        return False
    line_start = region.rfind("\n", max(0, chosen.start - 400), chosen.start) + 1
    before = region[max(line_start, chosen.start - 400) : chosen.start]
    readings = list(_READING_RE.finditer(before))
    if len(readings) >= 2 and any(
        _plain(v) != _plain(chosen.text)
        for v in _LISTED_VALUE_RE.findall(before, readings[-2].end(), readings[-1].start())
    ):
        return True
    prev = cands[idx - 1] if idx else None
    if prev is not None and prev.end <= chosen.start and _plain(prev.text) != _plain(
        chosen.text
    ) and (
        _READING_RE.search(_sentence_up_to(region, prev.start)) is not None
        and _READING_RE.search(_sentence_up_to(region, chosen.start, prev.end)) is not None
    ):
        return True
    later = _READING_RE.search(region, chosen.end, chosen.end + ALT_AFTER_CHARS)
    if later is None:  # "... the answer is $-2$. If it means the positive root, it'd be $3$."
        return False
    stop = _SENTENCE_END_RE.search(region, later.end())
    values = _LISTED_VALUE_RE.findall(region, later.end(), stop.start() if stop else len(region))
    return any(_plain(v) != _plain(chosen.text) for v in values)


def _sentence_up_to(region: str, at: int, lo: int = 0) -> str:
    """The sentence (at most a line) before ``at``, from ``lo`` on."""
    start = max(lo, at - LINE_WINDOW, region.rfind("\n", lo, at) + 1)
    for m in _SENTENCE_START_RE.finditer(region, start, at):
        start = m.end()
    return region[start:at]


_EQUIVALENT_GAP_CHARS = 80


def _equivalent_intro(region: str, prev: Candidate, chosen: Candidate) -> bool:
    """Right after the box ``prev`` (a short stretch of one line), an equivalence word
    introduces the box ``chosen`` ("$\\boxed{2}$ (equivalently, $\\boxed{3}$)")."""
    between = region[prev.end : chosen.start]
    return (
        len(between) <= _EQUIVALENT_GAP_CHARS and "\n" not in between
        and _EQUIVALENT_INTRO_RE.search(between) is not None
    )


_EQUIVALENT_INTRO_RE = lx.words(lx.EQUIVALENCE_INTRO)


def same_rational(a: str, b: str) -> bool:
    """Both texts end on the same rational number written two ways ("... = \\frac{1}{2}", "1/2",
    "0.5", "\\tfrac{5}{14}" and "\\frac{5}{14}"): the value after a chain's last "=" counts."""
    ra = simple_rational(a.rsplit("=", 1)[-1].strip(" \t.$").replace(",", ""), 40)
    return ra is not None and ra == simple_rational(
        b.rsplit("=", 1)[-1].strip(" \t.$").replace(",", ""), 40
    )


def values_differ(a: str, b: str) -> bool:
    """Both texts are plain rational numbers ("2", "\\frac{8}{4}", "2.5") of different value."""
    x = simple_rational(a.strip().strip("$").strip(), 12)
    y = simple_rational(b.strip().strip("$").strip(), 12)
    return x is not None and y is not None and x != y
_BOX_ASKED_RE = re.compile(r"[ \t]*(?:\$\$|\$|\\\]|\\\))?[ \t]*\?")
_GUESS_WINDOW_CHARS = 160
_QUESTION_OPENER_RE = re.compile(  # the box's sentence opens as a question: "Would $", "Is $"
    r"(?:^|[.!?][ \t]+|\n)[ \t*_]*(?:would|will|could|can|is|does|should|may)\b[^.!?\n]{0,60}\Z",
    re.IGNORECASE,
)
_ASKED_AFTER_RE = re.compile(r"[^.!?\n]{0,80}\?")
FORCED_GUESS_RE = lx.words(lx.FORCED_GUESS)


UNDECIDED_RE = lx.words(lx.UNDECIDED)


UNDECIDED_NAMED_RE = Guarded(re.compile(  # "I can't decide between 25 and 20"
    r"\b(?:(?:can(?:not|'t)|could(?:n't|[ \t]+not))[ \t]+(?:really[ \t]+)?(?:decide|tell|choose|"
    r"pick)|not[ \t]+sure|unsure|uncertain|undecided)[ \t]+between[ \t]+\$?(?P<a>-?\d+(?:\.\d+)?)"
    r"\$?[ \t]+(?:and|or)[ \t]+\$?(?P<b>-?\d+(?:\.\d+)?)(?![\d.])",
    re.IGNORECASE,
))


def undecided_between(region: str, cands: list[Candidate], idx: int) -> bool:
    """``undecided-between-values``: after the chosen candidate the writer says it has not chosen
    between values ("I'm not sure which of these the problem intends", "I can't decide
    between them") and another candidate holds a different value; or
    (``undecided-between-named-values``) the undecided sentence itself names the chosen value
    and another ("I can't decide between 25 and 20")."""
    chosen = cands[idx]
    found = UNDECIDED_RE.search(region, chosen.end)
    if found is not None and "," in chosen.text and found.group(0).lower().startswith(
        ("both", "all", "each")
    ) and all(_plain(c.text) == _plain(chosen.text) for c in cands if c is not chosen):
        found = None  # ``both-listed-values-fine``: "$\boxed{2, 3}$ ... Both are fine."
    if found is not None:
        picked = _PICKED_AFTER_RE.search(region, found.end())
        if picked is not None and any(_plain(c.text) == picked.group("v") for c in cands):
            return False  # "Both numbers are written out above; ..., so the count is 56."
        if any(_plain(c.text) != _plain(chosen.text) for c in cands if c is not chosen):
            return True
        if _other_number(region[chosen.end : found.end()], _plain(chosen.text)):
            return True  # "[^1]: ... which gives 1440°; either value could be the intended one"
    named = UNDECIDED_NAMED_RE.search(region, chosen.end)
    return named is not None and named.group("a") != named.group("b") and (
        _plain(chosen.text) in (named.group("a"), named.group("b"))
    )


_NUMBER_AFTER_RE = re.compile(  # (one ending its sentence too: "..., then 31. I'll leave both")
    r"(?<![\w.^_{])-?\d+(?:\.\d+)?(?!\w|\.\d)"
)
MAX_UNDECIDED_SPAN = 600


def _other_number(span: str, value: str) -> bool:
    """A short ``span`` (from the chosen answer to an undecided phrase) states a number the
    chosen ``value`` is not: another value left beside it."""
    if len(span) > MAX_UNDECIDED_SPAN:
        return False
    value = value.strip("$ .").rstrip("°").replace("^\\circ", "").strip()
    return any(m.group(0) != value for m in _NUMBER_AFTER_RE.finditer(span))


_PICKED_AFTER_RE = re.compile(  # the text closing on one value after the undecided phrase
    r"\b(?:so|thus|hence|therefore)\b[^.\n;]{0,80}?\b(?:is|equals|=)[ \t]*\$?[ \t]*"
    r"(?P<v>-?\d+(?:\.\d+)?)[ \t]*\$?[ \t]*\.?[ \t]*\Z",
    re.IGNORECASE,
)


_KEY_CONDITION_RE = re.compile(  # "If the intended answer is 30, then": the box's own sentence
    r"(?:^|[.!?\n][ \t]*)[ \t*_]*if[ \t]+the[ \t]+(?:intended|expected|reference|official|gold|"
    r"correct|true|key's|grader's)[ \t]+answer[ \t]+is\b[^.!?\n]{0,40}\Z",
    re.IGNORECASE,
)
_CANDIDATE_INTRO_RE = re.compile(
    r"\b(?:one|a|the[ \t]+first|first|another|an[ \t]+other)[ \t]+(?:"
    + lx.alternation(lx.CANDIDATE_NOUN) + r")[ \t]+(?:is|would[ \t]+be|could[ \t]+be|:)"
    r"[ \t]*(?:\$\$|\$|\\\(|\\\[)?[ \t]*\Z",
    re.IGNORECASE,
)


def guessed_box(region: str, c: Candidate) -> bool:
    """``box-is-guess``: the box (or an anchor: "So maybe the answer is $23$?") is asked as a
    question ("Maybe the answer is \\boxed{7}?",
    "Could it be \\boxed{16}?") or followed, in the next 160 characters of its paragraph, by
    the writer's own doubt ("I'm not sure.", "I can't verify it.", lexicon UNSURE)."""
    if c.kind == "anchor" and "?" in c.text:  # "So maybe the answer is 23? I can't rule ..."
        return re.search(r"^[^?\n]{1,80}?\?", c.text) is not None
    if c.kind not in ("boxed", "anchor"):
        return False
    if ("candidate" in region or "possib" in region) and _CANDIDATE_INTRO_RE.search(
        region, max(0, c.start - 80), c.start
    ):  # ``candidate-box``: "One candidate is $\boxed{4}$, ...": put forward, not committed
        return True
    if "nswer" in region and _KEY_CONDITION_RE.search(region, max(0, c.start - 120), c.start):
        return True  # ``box-conditioned-on-key``: "If the intended answer is 30, then
        # $\boxed{30}$.": the value offered on the key's say-so, not the writer's
    if ("uess" in region or "orced" in region or "ad to" in region) and _forced_guess_before(
        region, c
    ):
        return True  # "I'm not able to determine this. If forced to guess: $\boxed{6}$."
    window = region[c.end : c.end + _GUESS_WINDOW_CHARS]
    head, _, rest = window.partition("\n\n")
    # a box alone in its paragraph: the doubt opens the next one ("$\boxed{60}$\n\nHmm, on
    # reflection I'm not confident in this ...")
    window = rest.split("\n\n", 1)[0] if not head.strip(" \t$.\\])") and rest else head
    if _BOX_ASKED_RE.match(window):
        return True
    if "?" in window and _QUESTION_OPENER_RE.search(region, max(0, c.start - 80), c.start) and (
        _ASKED_AFTER_RE.match(window)
    ):  # ``box-asked-to-grader``: "Would $\boxed{90}$ be accepted as the answer?"
        return True
    return ("sure" in window or "guess" in window or "wrong" in window or "certain" in window
            or "verify" in window or "confi" in window or "quote" in window or "rely" in window
            or "tentativ" in window or "provision" in window or "ondition" in window
            or "nverif" in window or "nchecked" in window or "not final" in window
            or "peculat" in window or "onjectur" in window or "hunch" in window) and (
        _UNSURE_RE.search(window) is not None
    )


_BOX_BOUND_RE = re.compile(  # "at least $\boxed{10}$", "more than \boxed{5}"
    r"\b(?:(?P<lo>" + lx.alternation(lx.LOWER_BOUND) + r")|(?P<hi>"
    + lx.alternation(lx.UPPER_BOUND) + r")|" + lx.alternation(lx.STRICT_BOUND)
    + r")[ \t]*(?:\$|\\\(|\*\*)?[ \t]*\Z",
    re.IGNORECASE,
)
_MIN_ASKED_RE = lx.words(lx.MIN_ASKED)
_MAX_ASKED_RE = lx.words(lx.MAX_ASKED)


_ALTERNATIVES_KEY_RE = re.compile(  # '"alternatives": [7, 4.8]', "other_answers: [8, 10]"
    r"[\"']?\b(?:" + lx.alternation(lx.ALTERNATIVES_KEY)
    + r")\b[\"']?[ \t]*[:=][ \t]*\[[ \t]*[^\]\s]",
    re.IGNORECASE,
)
_ALTERNATIVES_WINDOW = 300


def structured_alternatives(region: str, c: Candidate) -> bool:
    """``structured-alternatives``: the answer sits in a structured object (JSON, YAML) that
    lists other candidate values beside it (lexicon ALTERNATIVES_KEY, a non-empty list)."""
    low = region.lower()
    if "altern" not in low and "other_" not in low and "candidate" not in low and (
        "possible_" not in low and "backup_" not in low
    ):
        return False
    return _ALTERNATIVES_KEY_RE.search(
        region, max(0, c.start - _ALTERNATIVES_WINDOW), c.end + _ALTERNATIVES_WINDOW
    ) is not None


def bound_box(region: str, c: Candidate, question: str | None) -> bool:
    """``box-is-bound``: the box is stated as a bound ("so there are at least $\\boxed{14}$
    triangles", "at least $\\boxed{10}$ segments in the maximum configuration"), not as the
    value: a strict bound always; a lower bound unless the question asks for a minimum, an upper
    one unless it asks for a maximum (or the question itself speaks of a bound: "... must have
    at least $m$ students")."""
    if c.kind != "boxed" or ("at" not in region and "than" not in region and "up to" not in region
                             and "imum" not in region):
        return False
    m = _BOX_BOUND_RE.search(region, max(0, c.start - 24), c.start)
    if m is None:
        return False
    if question and (
        "bound" in question or m.group(0).strip(" \t$*(\\").lower() in question.lower()
    ):
        return False
    if _ANSWER_SUBJECT_END_RE.search(region, max(0, m.start() - 40), m.start()):
        return True  # ``answer-bounded``: "The answer is at least $\boxed{60}$.": a bound on
        # the answer itself, even where a minimum is asked
    if m.group("lo"):
        return not (question and _MIN_ASKED_RE.search(question))
    if m.group("hi"):
        return not (question and _MAX_ASKED_RE.search(question))
    return True


_BOUNDS_NAMED_RE = lx.words(lx.BOUNDS_NAMED)


def bounds_named_after(region: str, cands: list[Candidate], idx: int) -> bool:
    """``boxes-named-as-bounds``: the chosen box and the box before it (another value) stand in
    one sentence, and the rest of that sentence or the next names them as bounds ("... bounded
    below by $\\boxed{1}$ and approach $\\boxed{2}$ from below; the sum lies between these
    bounds.", lexicon BOUNDS_NAMED): a range for the value, no value."""
    if idx == 0:
        return False
    prev, chosen = cands[idx - 1], cands[idx]
    if prev.kind != "boxed" or chosen.kind != "boxed" or chosen.start - prev.end > 160 or (
        "\n" in region[prev.end : chosen.start]
    ) or not values_differ(prev.text, chosen.text):
        return False
    end = region.find("\n\n", chosen.end)
    tail = region[chosen.end : min(chosen.end + 160, end if end >= 0 else len(region))]
    return _BOUNDS_NAMED_RE.search(tail) is not None


_ANSWER_SUBJECT_END_RE = re.compile(
    r"\b(?:(?:the|my|our)[ \t]+(?:final[ \t]+)?(?:answer|result|value)|it)(?:'s|[ \t]+is"
    r"|[ \t]+must[ \t]+be|[ \t]+would[ \t]+be|[ \t]+should[ \t]+be)[ \t]*\Z",
    re.IGNORECASE,
)


_DECISION_LEAD_START_RE = re.compile(  # an anchor opening with a decision's lead
    r"[ \t*_]*(?:" + lx.alternation(lx.DECISION_LEAD) + r")\b", re.IGNORECASE
)
DECISION_RE = re.compile(  # "Let me go with **(C)**.", "I'll settle on 4 instead."
    r"\b(?:" + lx.alternation(lx.DECISION_LEAD) + r")[ \t]+(?:option[ \t]+|choice[ \t]+)?"
    r"(?P<v>\$[^$\n]{1,40}\$|\*\*\(?[A-E]\)?\*\*|\([A-E]\)|[A-E](?=[ \t]*[.!\n])"
    r"|-?\d(?:[\d,]*\d)?(?:\.\d+)?)"  # (no comma ending the number: "18, counting ...")
    r"(?:[ \t]+(?:" + lx.alternation(lx.DECISION_TAIL) + r"))?"
    r"(?:(?:,[ \t]*|[ \t]+)(?:" + lx.alternation(lx.DECISION_REASON) + r")\b[^.!?\n]{0,80})?"
    r"[ \t]*(?:[.!][ \t]*)?"  # (``decision-reason-unpunctuated``: "(B) since ...")
    r"(?:(?<=[.!])[ \t]*(?:" + lx.alternation(lx.SIGN_OFF) + r")[ \t]*[.!]*[ \t]*)?"  # "... Bye!"
    r"(?=\n|\Z)",
    re.IGNORECASE,
)


def decision_after(region: str, pos: int) -> bool:
    """A ``decision-anchor`` ("I'll go with 54.") in ``region`` after ``pos``."""
    low = region.lower()
    return any(lit in low for lit in lx.DECISION_LITERALS) and (
        DECISION_RE.search(region, pos) is not None
    )


_BARE_BOX_LINE_RE = re.compile(  # the box alone on its line: "$$\boxed{60}$$", "\[\boxed{7}\]"
    r"[ \t]*(?:(?:\$\$?|\\\[|\\\()[ \t]*)?\Z"
)
_BARE_BOX_END_RE = re.compile(r"[ \t]*(?:(?:\$\$?|\\\]|\\\))[ \t]*)?(?:\.[ \t]*)?(?:\n|\Z)")
_CONCLUDED_VALUE_RE = re.compile(  # "So the least such integer is 30.", "Hence the count is 8"
    r"(?:^|(?<=[.!?])[ \t]+)(?:" + lx.alternation(lx.GLUED_CONCLUSION) + r")\b,?[ \t]+"
    r"(?P<s>the[ \t]+[A-Za-z][^.!?\n=]{2,80}?)[ \t]+(?:is|are|equals|must[ \t]+be)[ \t]+"
    r"\$?(?P<v>-?\d[\d,]*(?:\.\d+)?)\$?(?:[ \t]+[A-Za-z]+){0,2}[ \t]*[.!]?[ \t]*\Z",
    re.IGNORECASE,
)
_SUBJECT_WORDS_RE = re.compile(r"[A-Za-z]{4,}")
_BOXED_NUMBER_RE = re.compile(
    r"[ \t]*(-?\d[\d,]*(?:\.\d+)?)[ \t]*(?:\\(?:text|mathrm)\{[^{}]*\}|[ \t]*[A-Za-z ]*)[ \t]*\Z"
)
_NOT_SUBJECT_WORDS = frozenset({"value", "number", "that", "this", "such", "final"})


def conclusion_contradicts_box(region: str, c: Candidate, question: str | None) -> bool:
    """``conclusion-contradicts-box``: the box stands alone on its line, and the line before it
    closes on a conclusion of the asked quantity at another value ("So the least such integer
    is 30.\n\n$$\\boxed{60}$$"): text and box disagree, neither is chosen. The subject must
    name the question's quantity (a word of four letters or more in the question, "value" and
    "number" aside): "Therefore $y = 7$.\n\n$$\\boxed{14}$$" (asked $2y$) is work, not a
    conclusion."""
    if c.kind != "boxed" or not question:
        return False
    line_start = region.rfind("\n", 0, c.start) + 1
    if line_start == 0 or not _BARE_BOX_LINE_RE.match(region[line_start : c.start]):
        return False
    if not _BARE_BOX_END_RE.match(region, c.end):
        return False
    before = region[max(0, line_start - 400) : line_start].rstrip()
    prev_line = before[before.rfind("\n") + 1 :].strip()
    m = _CONCLUDED_VALUE_RE.search(prev_line)
    boxed = _BOXED_NUMBER_RE.match(c.text)
    if m is None or boxed is None or (
        m.group("v").replace(",", "") == boxed.group(1).replace(",", "")
    ):  # (only a box holding a number, with its words: "890\text{ total}")
        return False
    words = {w.lower() for w in _SUBJECT_WORDS_RE.findall(m.group("s"))} - _NOT_SUBJECT_WORDS
    low_q = question.lower()
    return any(re.search(r"\b" + re.escape(w.rstrip("s")), low_q) for w in words)


_EQUIV_INTRO_RE = lx.words(lx.EQUIVALENCE_INTRO)
_INTERVAL_SHAPE_RE = re.compile(r"[\[(][^\[\]()]{1,60},[^\[\]()]{1,60}[\])]")
_MATH_AFTER_RE = re.compile(r"[ \t,:.]*(?:\$(?P<d>[^$]{1,80})\$|\\\((?P<p>.{1,80}?)\\\))")
_INTERVAL_NOISE_RE = re.compile(r"\\left|\\right|\\!|\\,|\s")


def _interval_key(text: str) -> str | None:
    """An interval's text without spacing and sizing commands ("\\left[2, \\infty\\right)" ->
    "[2,\\infty)"), or None when the text is no interval."""
    t = _INTERVAL_NOISE_RE.sub("", text.strip().strip("$")).replace("\u221e", "\\infty")
    return t if _INTERVAL_SHAPE_RE.fullmatch(t) else None


_IE_OTHER_VALUE_RE = re.compile(  # "$\boxed{81}$, i.e., $80$.": the value restated as another
    r"[ \t]*(?:\$\$|\$|\\\]|\\\))?[ \t]*,?[ \t]*\(?(?:i\.[ \t]?e\.|that[ \t]+is|in[ \t]+other"
    r"[ \t]+words)[ \t]*[,:]?[ \t]*(?:\$|\\\()?[ \t]*"
    r"(?P<v>-?\d[\d,]*(?:\.\d+)?(?:/\d+)?|\\[dt]?frac\{\d+\}\{\d+\})"
    r"(?![\d.,]*\d)[ \t]*(?:\$|\\\))?[ \t]*\)?[ \t]*(?:[.!;](?!\d)|$)",
    re.IGNORECASE | re.M,
)


def restated_other_value(region: str, c: Candidate) -> bool:
    """``restated-other-value``: right after the answer, "i.e." (or "that is", "in other
    words") restates it as a plain number of another value, closing the sentence ("The answer
    is $\\boxed{81}$, i.e., $80$."): two values given as one, neither committed to. The same
    value in another form ("$\\boxed{\\frac12}$, i.e., $0.5$", "i.e., $9^2$") agrees; a unit
    or a word after the number ("i.e. 80 square units") is another reading's business."""
    if "i.e" not in region[c.end : c.end + 24] and "that is" not in region[
        c.end : c.end + 24
    ] and "other words" not in region[c.end : c.end + 30]:
        return False
    m = _IE_OTHER_VALUE_RE.match(region, c.end)
    return m is not None and values_differ(
        _plain(c.text).replace(",", ""), _plain(m.group("v")).replace(",", "")
    )


def restated_other_interval(region: str, c: Candidate) -> bool:
    """``restated-other-interval``: after a boxed interval, a closing restatement ("In other
    words, the range is all $y > 2$, i.e. $(2, \\infty)$.") gives another interval: two final
    values, neither chosen. The same interval restated, or an inequality, agrees."""
    if c.kind != "boxed" or "\\boxed" in region[c.end :]:
        return False
    key = _interval_key(c.text)
    if key is None:
        return False
    for cue in _EQUIV_INTRO_RE.finditer(region, c.end, c.end + 400):
        m = _MATH_AFTER_RE.match(region, cue.end())
        other = _interval_key(m.group("d") or m.group("p")) if m is not None else None
        if other is not None and other != key and any(ch.isdigit() for ch in other):
            return True  # (not a tuple of letters: "i.e. $(x, y)$")
    tail = region[c.end :].rstrip()
    line = tail[tail.rfind("\n") + 1 :]
    if line and tail.rfind("\n") >= 0 and RECAP_LABEL_RE.match(line):
        # ``recap-other-interval``: "**Recap:** ..., so the solution set is $[3, \infty)$." after
        # $\boxed{(3, \infty)}$: the recap's closing interval is another one
        segs = _DOLLAR_SEG_RE.findall(line)
        other = _interval_key(segs[-1]) if segs else None
        if other is not None and other != key and any(ch.isdigit() for ch in other):
            return True
    return False


RECAP_LABEL_RE = re.compile(  # "**In summary:**", "To recap,", "Summary:" opening a line
    r"[ \t*_>#-]*(?:(?:final|quick|brief|short)[ \t]+)?(?:" + lx.alternation(lx.RECAP_OPENER)
    + r")[ \t*_]*(?:[,:]|\.(?=\*\*|__))[ \t*_]*",  # ("**Summary.** We found ...")
    re.IGNORECASE,
)
_DOLLAR_SEG_RE = re.compile(r"\$([^$\n]{1,80})\$")


def _forced_guess_before(region: str, c: Candidate) -> bool:
    """``box-is-guess``: the box's sentence (within its line, up to 160 characters before it)
    presents it as a forced or best guess (lexicon FORCED_GUESS)."""
    return forced_guess_at(region, c.start)


def forced_guess_at(region: str, at: int, *, next_value: bool = False) -> bool:
    """The sentence of the value at ``at`` (within its line, up to 160 characters before it)
    presents it as a forced or best guess (lexicon FORCED_GUESS): "If forced to guess:
    $\\boxed{6}$", "However, if forced to pick, 12." (``box-is-guess``). With ``next_value``
    the guess phrase is the last one before the value and no digit stands between them (not "My
    rough guess was 50, but the exact value is 60.": ``closing-forced-guess``)."""
    lo = max(0, at - _GUESS_WINDOW_CHARS, region.rfind("\n", 0, at) + 1)
    cut = max(region.rfind(". ", lo, at), region.rfind("? ", lo, at))
    if not next_value:
        return FORCED_GUESS_RE.search(region, cut + 1 if cut >= 0 else lo, at) is not None
    found = None
    for found in FORCED_GUESS_RE.finditer(region, cut + 1 if cut >= 0 else lo, at):  # noqa: B007
        pass
    return found is not None and not any(ch.isdigit() for ch in region[found.end() : at])


def hedged_two_values(text: str) -> bool:
    """``closing-hedged-alternatives``: a sentence offering two different values under a
    condition ("either 14 or 15 such integers, depending on whether we include 0"), or one value
    per reading or case ("n = 6.5 under the first reading and n = 9 under the second")."""
    if " the " in text:
        pair = _READING_PAIR_RE.search(text)
        if pair is not None and _plain(pair.group("a")) != _plain(pair.group("b")):
            return True
    if "or " not in text:
        return False
    m = _LATER_TWO_VALUES_RE.search(text) or _PAREN_ALT_VALUE_RE.search(text)
    return m is not None and _plain(m.group("a")) != _plain(m.group("b"))


_READING_CASE_RE = re.compile(  # "... might intend the order to matter, in which case it would
    # be $4 \times 3 = 12$ instead."
    r"\b(?:might|may|could)[ \t]+(?:intend|mean|want|be[ \t]+asking)\b[^.\n]{0,160}?\bin[ \t]+"
    r"which[ \t]+case\b[^.\n]{0,30}?\b(?:would|will)[ \t]+be\b[^\n]{0,40}(?<![\d.])"
    r"(?P<v>-?\d+(?:\.\d+)?)[ \t$]*(?:instead\b)?[ \t]*[.!]?[ \t]*\Z",
    re.IGNORECASE,
)


def reading_other_after(region: str, end: int, content: str) -> bool:
    """``other-reading-after-box``: the text after the box (ending at ``end``) closes on a
    sentence that the question might intend another reading, "in which case it would be ...
    12 instead", with another value than the box: a second answer, none chosen."""
    tail = region[end:].rstrip()
    if "which case" not in tail[-400:]:
        return False
    m = _READING_CASE_RE.search(tail, max(0, len(tail) - 400))
    return m is not None and _plain(m.group("v")) != _plain(content).replace(",", "")


_REOFFERED_PAIR_RE = re.compile(  # "Possibly 300 or 480.", "it could be 300 or 480."
    r"\b(?:possibly|maybe|perhaps|either|probably|(?:could|might|may)[ \t]+(?:also[ \t]+)?be"
    # ``closing-either-pair``: "The count is 9 or 10.", "I'll say (C) 24 or (D) 30."
    r"|is|are|it'?s|say|guess)"
    r"[ \t]+(?:\([A-Ea-e]\)[ \t]*)?(?:\*\*)?\$?(?P<a>-?\d[\d,]*(?:\.\d+)?)\$?(?:\*\*)?"
    r"(?:[ \t]+[a-z]+)?,?[ \t]+or[ \t]+(?:\([A-Ea-e]\)[ \t]*)?"
    r"(?:\*\*)?\$?(?P<b>-?\d[\d,]*(?:\.\d+)?)\$?(?:\*\*)?(?:[ \t]+[a-z]+)?[ \t]*[.!]?"
    r"[ \t]*\Z",
    re.IGNORECASE,
)


_HEDGE_IN_BOX_RE = re.compile(  # "\boxed{0.06 \text{ (most likely)}}": a guess word inside
    r"\\(?:text|mathrm|textrm)\{[^{}]{0,40}\b(?:most[ \t]+likely|probably|maybe|perhaps|i[ \t]+"
    r"think|i[ \t]+guess|i[ \t]+believe|guess|tentative|unverified|not[ \t]+sure)\b[^{}]{0,40}\}",
    re.IGNORECASE,
)


def hedge_in_box(region: str, start: int, end: int) -> bool:
    """``hedge-inside-box``: the box holds a guess word in its text ("\\boxed{0.06 \\text{ (most
    likely)}}"): a guess, no commitment."""
    if "\\text" not in region[start:end] and "\\mathrm" not in region[start:end]:
        return False
    return _HEDGE_IN_BOX_RE.search(region, start, end) is not None


def box_reoffered(region: str, end: int, content: str) -> bool:
    """``box-reoffered-as-candidate``: the text after a box (ending at ``end``) closes on a
    sentence offering the boxed value and another one as candidates ("Possibly 300 or 480.",
    "..., it could be 300 or 480."): the answer is reopened and left open."""
    tail = region[end:].rstrip()
    if " or " not in tail[-200:]:
        return False
    m = _REOFFERED_PAIR_RE.search(tail, max(0, len(tail) - 200))
    if m is None:
        return False
    a, b = _plain(m.group("a")).replace(",", ""), _plain(m.group("b")).replace(",", "")
    boxed = _plain(content).replace(",", "")
    return a != b and boxed in (a, b)


_PAREN_ALT_VALUE_RE = re.compile(  # "25 (or 15 under the other reading)", "12 (or 10 if ...)"
    r"(?<![\w.])\$?(?P<a>-?\d[\d,]*(?:\.\d+)?(?:/\d+)?)\$?[ \t]*\([ \t]*or[ \t]+\$?"
    r"(?P<b>-?\d[\d,]*(?:\.\d+)?(?:/\d+)?)\$?(?![\d%])[^()]{0,60}?\b(?:if|under|depending|unless|"
    r"when|reading|interpretation|convention|exclud\w*|includ\w*)\b",
    re.IGNORECASE,
)


def _hedged_other_value(rest: str, end: re.Match[str] | None, c: Candidate) -> bool:
    """A hedged other value (lexicon HEDGED_OTHER_VALUE) in the answer's sentence or the next
    one of its paragraph ("\\boxed{69}, though ...; it could also be 70.", "\\boxed{36}. On
    second thought, it might be 72.", "(though 23 is also plausible ...)"); not the same value
    again ("could also be written as 15.0" is read as its value: equal, so no hedge)."""
    stop = len(rest)
    if end is not None:
        nxt = _SENTENCE_END_RE.search(rest, end.end())
        stop = nxt.start() if nxt else len(rest)
    window = rest[:stop]
    para = window.find("\n\n")
    if para >= 0:
        window = window[:para]
    m = _HEDGED_OTHER_RE.search(window)
    if m is None and ("ossib" in window or "lausib" in window or "ikely" in window):
        m = _ALSO_POSSIBLE_RE.search(window)  # ``also-plausible-in-answer-sentence``:
        # "$\\boxed{24}$ (though 23 is also plausible if the divisor 1 is excluded)"
    if m is None:
        m = _postscript_hedge(rest, c)
    if m is None:
        return False
    other, mine = _plain(m.group("v")).rstrip("0").rstrip("."), _plain(c.text)
    return other != mine and _plain(m.group("v")) != mine and not _hedge_resolved(
        rest, m.end(), mine
    )


_HEDGE_RESOLVED_RE = re.compile(  # ", but listing them gives exactly 8.", "..., but it has 8"
    r"[^.!?\n]{0,40}?,?[ \t]+but\b(?P<c>[^.!?\n]{0,160}?)\b(?:gives?|gave|confirms?|confirmed|"
    r"shows?|showed|has|have|is|are|yields?|yielded|leaves?|left|makes?|counts?|comes[ \t]+to)\b"
    r"[^.!?\n\d]{0,30}?(?<![\w.])\$?(?P<v>-?\d[\d,]*(?:\.\d+)?(?:/\d+)?)\$?"
    r"(?:[ \t]+[a-z]+){0,2}[ \t]*(?:[.!]|$)",
    re.IGNORECASE,
)
_RESOLUTION_DOUBT_RE = re.compile(
    r"\b(?:not[ \t]+sure|unsure|maybe|perhaps|might|could|would|either|if|unless)\b", re.IGNORECASE
)


def _hedge_resolved(text: str, at: int, mine: str) -> bool:
    """``hedge-resolved-by-but``: the hedge ending at ``at`` ("I was briefly worried it might be
    7") is answered in its own sentence by a "but" clause that lands on the answer's own value
    ("..., but listing them gives exactly 8."): a doubt settled, no alternative offered."""
    m = _HEDGE_RESOLVED_RE.match(text, at)
    return (
        m is not None
        and _plain(m.group("v")) == mine
        and not _RESOLUTION_DOUBT_RE.search(m.group("c"))
    )


_ALSO_POSSIBLE_RE = re.compile(  # "59 is also possible", "8 is equally plausible"
    r"(?<![\w.])\$?(?P<v>-?\d[\d,]*(?:\.\d+)?(?:/\d+)?)\$?[ \t]+(?:is|seems)[ \t]+"
    r"(?:also|equally)[ \t]+(?:possible|plausible|likely|valid|defensible)\b",
    re.IGNORECASE,
)
_HEDGE_SUBJECT_RE = re.compile(  # the hedge's subject right before its modal verb
    r"\b(?:it|that|this|answer|result|value|count|total|number|sum)[ \t]+\Z", re.IGNORECASE
)


_OR_OPENING_RE = re.compile(  # a paragraph opening with another value, hedged: "\* or 16,
    # depending on whether ...", "Or 18 if both endpoints are included.", "Possibly 17 if ..."
    r"(?:\\?\*[ \t]*)?(?:or|possibly|perhaps|maybe)\b[ \t,]*\$?(?P<v>-?\d[\d,]*(?:\.\d+)?(?:/\d+)?)"
    r"\$?(?![\d.,]\d)(?=[^\n]*\b(?:if|depending|unless|when)\b)",
    re.IGNORECASE,
)


def _closing_paragraph_hedge(region: str, c: Candidate) -> bool:
    """``hedge-in-closing-paragraph``: the answer ends its paragraph, and the paragraph after it
    is the text's last (at most ALT_AFTER_CHARS after the answer) and hedges another value ("It
    could also be 59, though.", "the answer could equally be 59 if ...", "59 is also
    possible"): two answers offered, no commitment. The same value again ("could also be
    written as 53.0") or a subject other than the answer ("A hasty reader might be tempted by
    51") is no hedge."""
    rest = region[c.end :]
    head = rest.find("\n\n")
    if head < 0 or len(rest) > ALT_AFTER_CHARS or rest[:head].strip(" \t$.\\])*"):
        return False
    body = rest[head:].strip()
    if not body or "\n\n" in body:
        return False
    mine = _plain(c.text)
    opening = _OR_OPENING_RE.match(body)  # "\\* or 16, depending on ...", "Or 18 if ..." (a
    if opening is not None and _plain(opening.group("v")) != mine:  # footnote's text after the
        return True  # answer's mark: "Answer: 15*", "16\u2020", its mark blanked)
    for m in _HEDGED_OTHER_RE.finditer(body):
        if _HEDGE_SUBJECT_RE.search(body, 0, m.start()) and _plain(m.group("v")) != mine and (
            _plain(m.group("v")).rstrip("0").rstrip(".") != mine
        ) and not _hedge_resolved(body, m.end(), mine):
            return True
    if mine.isalpha() and _HEDGED_OTHER_WORD_RE.search(body) is not None:
        # ``hedged-other-word-after-answer``: "Answer: Tuesday\n\nHmm, but ..., so the answer
        # might be Monday.": another named answer, hedged
        return any(
            _HEDGE_SUBJECT_RE.search(body, 0, m.start()) and m.group("w").lower() != mine.lower()
            for m in _HEDGED_OTHER_WORD_RE.finditer(body)
        )
    return any(_other_value(m.group("v"), c.text) for m in _ALSO_POSSIBLE_RE.finditer(body))


_HEDGED_OTHER_WORD_RE = re.compile(  # "the answer might be Monday": a word answer, hedged
    r"\b" + lx.alternation(lx.HEDGED_OTHER_VALUE)
    + r"[ \t]+(?:\$?\\text\{)?(?P<w>[A-Z][a-z]{2,})\b(?![ \t]*(?:[a-z(]|\d))",
)


_POSTSCRIPT_RE = re.compile(
    r"\s*\n[ \t]*\n[ \t*_>]*(?:" + lx.alternation(lx.POSTSCRIPT) + r")\b[ \t.:*_-]*",
    re.IGNORECASE,
)
_EQUAL_STANDING_RE = lx.words(lx.EQUAL_STANDING)


def _postscript_hedge(rest: str, c: Candidate) -> re.Match[str] | None:
    """``ps-offers-another-value``: the paragraph right after the box's is a post-script that
    offers a hedged other value and gives both equal standing ("P.S. ..., the total could also
    be 16. Either is plausible."): that hedge (None when there is none)."""
    head = rest.find("\n\n")
    if head < 0 or "\n\n" in rest[:head].strip() or rest[:head].strip(" \t$.\\])"):
        return None  # not the box's own paragraph end
    ps = _POSTSCRIPT_RE.match(rest, head)
    if ps is None:
        return None
    stop = rest.find("\n\n", ps.end())
    body = rest[ps.end() : stop if stop >= 0 else len(rest)]
    if _EQUAL_STANDING_RE.search(body) is None:
        return None
    return _HEDGED_OTHER_RE.search(body)


def spam_run(region: str, cands: list[Candidate]) -> list[Candidate] | None:
    """``guess-list``: three or more back-to-back candidates with different values."""
    run = [cands[-1]]
    for prev in reversed(cands[:-1]):
        gap = region[prev.end : run[0].start]
        if len(gap) > SPAM_GAP_CHARS or not _SPAM_GAP_RE.fullmatch(gap):
            break
        run.insert(0, prev)
    texts = list(dict.fromkeys(c.text.strip() for c in run))
    if len(run) >= 3 and len(texts) >= 2:
        return run
    return None


def walk_back(
    region: str, cands: list[Candidate], question: str | None, out: list[Decision]
) -> int:
    """The skip rules, walking back from the last candidate: the index of the first one that
    no rule skips (each skip is appended to ``out``)."""
    idx = len(cands) - 1
    while idx > 0:
        cur, prev = cands[idx], cands[idx - 1]
        if reboxed_with_alternative(region, cands, idx):
            break
        why = (
            own_line_rule(region, cur)
            or side_note_rule(region, prev, cur, question)
            or recap_rule(region, cands[:idx], cur)
        )
        if why is None:
            nxt = cands[idx + 1].start if idx + 1 < len(cands) else len(region)
            if returns_to_earlier(region, prev, cur, nxt):
                why = "return-to-earlier-answer"
        if why is None and idx >= 2 and _same_remark(region, cands[idx - 2], prev, cur):
            # "For completeness (not asked): the perimeter is \boxed{24} and the area is
            # \boxed{24}": the later box repeats a side value in the same remark
            why = side_note_rule(region, cands[idx - 2], prev, question)
        if why is None:
            break
        out.append(Decision(cur, False, why))
        idx -= 1
    return idx


def _same_remark(region: str, first: Candidate, prev: Candidate, cur: Candidate) -> bool:
    """``cur`` repeats the value of ``prev`` in its paragraph, with nothing that revises in
    between, and ``prev`` holds another value than ``first``."""
    between = region[prev.end : cur.start]
    return (
        prev.kind == cur.kind == "boxed" and cur.text.strip() == prev.text.strip()
        and first.text.strip() != prev.text.strip() and "\n\n" not in between
        and not RETRACT_RE.search(between) and not REVISE_RE.search(between)
    )


def reboxed_with_alternative(region: str, cands: list[Candidate], idx: int) -> bool:
    """``reboxed-with-alternative``: the boxes ending at ``cands[idx]``, joined by connectors
    only, box an earlier boxed answer again together with a different value ("so $x =
    \\boxed{5}$ or $x = \\boxed{-8}$" after "$x = \\boxed{5}$"): the final commitment to both
    (no skip rule of the walk back applies to it; a hedge unless both are asked for)."""
    if cands[idx].kind != "boxed":
        return False
    group = box_group(region, cands, idx)
    values = {_plain(c.text) for c in group}
    if len(values) < 2:
        return False
    first = cands.index(group[0])
    return any(c.kind == "boxed" and _plain(c.text) in values for c in cands[:first])


_BOX_GAP_RE = re.compile(r"[ \t]*(?:\$\$|\$|\\\]|\\\))?\s*(?:\$\$|\$|\\\[|\\\()?[ \t]*")


def stacked_final_boxes(region: str, cands: list[Candidate], idx: int) -> bool:
    """``stacked-final-boxes``: the text ends on the chosen box, the box right before it is
    separated from it by blank lines alone and holds another value, one the text before them
    worked out or raised ("... if the problem means proper divisors, we'd have 23." then boxes
    23 and 24; "So $a = 25$, $b = 15$." then boxes 25 and 15): two final answers, neither
    chosen (E44-130, R36-057). A first box of a value the text never reached is a stray: the
    last box is read (v396-ul-5); boxes joined by "and" are one answer (:func:`box_group`)."""
    if idx < 1 or idx != len(cands) - 1 or cands[idx - 1].kind != "boxed" or (
        cands[idx].kind != "boxed"
    ):
        return False
    c, prev = cands[idx], cands[idx - 1]
    between = region[prev.end : c.start]
    if "\n\n" not in between or not _BOX_GAP_RE.fullmatch(between):
        return False
    if region[c.end :].strip(" \t\n$\\])."):
        return False
    if _plain(prev.text) == _plain(c.text) or same_rational(prev.text, c.text):
        return False
    before = region[max(0, prev.start - 1500) : prev.start]
    value = re.escape(_plain(prev.text))
    return re.search(  # the first box's value was worked out or raised in the text before
        r"(?<![\w.])" + value + r"(?![\w]|\.\d)", before
    ) is not None  # ("..., we'd have 23.", "So a = 25, b = 15."; not "so it is
    # 120.\n\n\\boxed{720}\n\n\\boxed{120}": a stray first box, the last one concluded)


def box_group(region: str, cands: list[Candidate], idx: int) -> list[Candidate]:
    """The chosen box ``cands[idx]`` and the boxes right before it joined by connectors only
    ("$\\boxed{2}$ and $\\boxed{3}$"): one commitment (``adjacent-boxes`` when several)."""
    group = [cands[idx]]
    k = idx - 1
    while k >= 0 and cands[k].kind == "boxed":
        between = region[cands[k].end : group[0].start]
        if "\n\n" in between or not _CONNECTOR_RE.fullmatch(between):
            break
        group.insert(0, cands[k])
        k -= 1
    return group


_ALL_ASKED_RE = re.compile(
    r"\b(?:all|every)\b[^.?]{0,60}?\b(?:solutions|roots|values|zeros|real\s+numbers|integers)\b",
    re.IGNORECASE,
)
_ASSIGNED_BOX_RE = re.compile(r"\b([A-Za-z])[ \t]*=[ \t]*(?:\$[ \t]*)?$")
_IMPLIED_BOX_RE = re.compile(  # "- $x - 2 = 0 \Rightarrow \boxed{2}$": x's value implied
    r"\b([A-Za-z])\b[^=\n]{0,30}=[^=\n$]{0,20}(?:\\Rightarrow|\\implies|\u21d2|\u27f9)[ \t]*"
    r"(?:\$[ \t]*)?$"
)


def parallel_boxes(region: str, cands: list[Candidate], idx: int) -> list[Candidate]:
    """``parallel-boxes``: the chosen box and the boxes on the lines right above it, each the
    only box of its line and each after the same ``x =`` ("$x+5=0 \\implies x = \\boxed{-5}$"
    then "$x-3=0 \\implies x = \\boxed{3}$"): one per solution (the caller checks that the
    question asks for all of them)."""
    def unknown(c: Candidate) -> str | None:
        line_start = region.rfind("\n", 0, c.start) + 1
        m = _ASSIGNED_BOX_RE.search(region, line_start, c.start) or _IMPLIED_BOX_RE.search(
            region, line_start, c.start
        )  # ``bulleted-case-boxes``: "x - 2 = 0 \Rightarrow \boxed{2}" on each line
        return m.group(1) if m is not None else None

    name = unknown(cands[idx])
    group = [cands[idx]]
    k = idx - 1
    while name is not None and k >= 0 and cands[k].kind == "boxed":
        between = region[cands[k].end : group[0].start]
        if between.count("\n") == 0 or between.strip("$ \t\n").count("\n") > 0:
            break  # not on the line right above (blank lines between are allowed)
        if unknown(cands[k]) != name:
            break
        group.insert(0, cands[k])
        k -= 1
    return group


_CONDITION_AFTER_BOX_RE = re.compile(
    r"[\s$)\\\]]*,?[ \t]*\(?[ \t]*(?:if|when|unless)\b", re.IGNORECASE
)
_OTHERWISE_AFTER_BOX_RE = re.compile(
    r"[\s$)\\\]]*,?[ \t]*\(?[ \t]*(?:otherwise|else|if[ \t]+not"
    r"|in[ \t]+the[ \t]+other[ \t]+case)\b",
    re.IGNORECASE,
)
_CONDITION_OPENS_RE = re.compile(  # a clause opened by a condition: "If the boxes are ..."
    r"[ \t*_]*" + lx.alternation(lx.CONDITIONAL_TAIL) + r"\b", re.IGNORECASE
)
_CASE_CLAUSE_RE = re.compile(  # between two boxes: "$; if they are not, ...", ", otherwise ..."
    r"[\s$)\\\]]*[;,][ \t]*(?:" + lx.alternation(lx.CASE_SPLIT) + r"|"
    + lx.alternation(lx.CONDITIONAL_TAIL) + r")\b[^.;\n]*$",
    re.IGNORECASE,
)


def conditional_boxes(region: str, cands: list[Candidate], idx: int) -> bool:
    """``conditional-boxes``: the chosen box and the box before it (on its line, or a line or
    two above when both carry their condition: "$\\boxed{20}$ (if the endpoints count)\n\n
    $\\boxed{18}$ (if they do not)") each carry a condition after them ("$\\boxed{60}$ if roles
    are assigned, or $\\boxed{10}$ if they are not"): one answer per case, a commitment to
    neither. ``box-as-fallback``: one of the two is offered in case the writer erred ("If the
    above is wrong, then the answer is $\\boxed{8}$", lexicon OWN_ERROR)."""
    if idx == 0 or cands[idx].kind != "boxed" or cands[idx - 1].kind != "boxed":
        return False
    prev, cur = cands[idx - 1], cands[idx]
    if _plain(prev.text) == _plain(cur.text):
        return False
    if _fallback(region, prev) or _fallback(region, cur):
        return True
    newlines = region.count("\n", prev.end, cur.start)
    if newlines > 3:
        return False
    if (
        _CONDITION_AFTER_BOX_RE.match(region, cur.end) or _OTHERWISE_AFTER_BOX_RE.match(
            region, cur.end
        )  # ("$\boxed{12}$ if order matters, or $\boxed{6}$ otherwise": the other case)
    ) and _CONDITION_AFTER_BOX_RE.match(region, prev.end):
        return True
    if newlines:
        return False
    # the condition before each: "If the boxes are identical, $\boxed{3}$; if they are not,
    # the count is $\boxed{5}$" (a new conditional clause opens between the two boxes)
    if not _CASE_CLAUSE_RE.match(region, prev.end, cur.start):
        return False
    lo = max(0, prev.start - LINE_WINDOW)
    opening = max(region.rfind("\n", lo, prev.start), region.rfind(". ", lo, prev.start),
                  region.rfind(";", lo, prev.start))
    return bool(_CONDITION_OPENS_RE.match(region, opening + 1 if opening >= 0 else lo))


_FALLBACK_RE = re.compile(  # "If the above is wrong, then ...", "Should my arithmetic be off, "
    r"\b(?:" + lx.alternation(lx.ERROR_CONDITION) + r")\b[^.!?;\n]{0,80}?\b(?:"
    # (``box-as-key-fallback``: "(If your key differs, accept $\boxed{9}$ as well.)")
    + lx.alternation(lx.OWN_ERROR) + r"|" + lx.alternation(lx.MISMATCH) + r")\b[^.!?;\n]{0,80}\Z",
    re.IGNORECASE,
)


def _fallback(region: str, box: Candidate) -> bool:
    """``box-as-fallback``: the box's clause opens with a condition on the writer's own error or
    on a mismatch with the key ("If your key differs, accept $\\boxed{9}$ as well.")."""
    lo = max(0, box.start - 160)
    opening = max(region.rfind("\n", lo, box.start), region.rfind(". ", lo, box.start))
    return _FALLBACK_RE.search(region, opening + 1 if opening >= 0 else lo, box.start) is not None


EXPLANATION_OPENER_RE = re.compile(
    # one character class before the opener: no nested quantifiers to backtrack through
    r"[ \t\n$*)\].#_]*" + lx.alternation(lx.EXPLANATION_OPENER) + r"\b[ \t*_]*(?:[:.]|\n)",
    re.IGNORECASE,
)
_VALUE_CHAR_RE = re.compile(r"[\d$\\]")
_BOX_CLOSE_RE = re.compile(r"^[ \t]*(?:\$\$?|\\\)|\\\])")


def answer_first(region: str, cands: list[Candidate]) -> int | None:
    """``answer-first-then-explanation``: the index of the first candidate followed at once by
    an explanation opener ("**Answer: 601**\n\nHere's why.", "$\\boxed{3}$\n\n##
    Explanation"), when the explanation after it neither retracts nor revises it; else None.
    That candidate is the answer and those of the explanation are its working
    (``in-explanation``); see :func:`select` for a contradicting last box."""
    first = next(
        (k for k, c in enumerate(cands) if EXPLANATION_OPENER_RE.match(region, c.end)), None
    )
    if first is None:
        return None
    tail = region[cands[first].end :]
    if retraction_in(tail) or REVISE_RE.search(tail):
        return None
    return first


def _contradicts(region: str, final: Candidate, first: Candidate) -> bool:
    """A box ending the text's last sentence ("... so $\\boxed{10}$ apples in all.") with
    another value than the answer given first."""
    rest = _BOX_CLOSE_RE.sub("", region[final.end :], count=1).strip()
    return (
        final.kind == "boxed" and len(rest) <= 80 and "\n" not in rest
        and not _VALUE_CHAR_RE.search(rest) and _plain(final.text) != _plain(first.text)
    )


_ANSWER_LABEL_AT_RE = re.compile(  # "**Answer:**", "The answer is", "The final answer is",
    # "Final: 60 seatings", "Final count: 120"
    r"[*_#\s]*(?:(?:(?:so,?\s+)?the\s+)?(?:final\s+)?answer\s*[*_]*\s*(?::|is\b)"
    r"|final(?:\s+(?:result|value|count|total|tally|number))?\s*[*_]*\s*:)",
    re.IGNORECASE,
)


def _re_answers(region: str, final: Candidate, first: Candidate) -> bool:
    """``answer-first-re-answered``: the explanation after an answer ends with another
    "Answer:" line of its own, with another value ("**Answer:** x = 9\n\n**Explanation:** ...
    27 divided by 3 is 6.\n\n**Answer:** x = 6"): the last answer line is the answer."""
    line_start = region.rfind("\n", 0, final.start) + 1
    rest = region[final.end :].strip(" \t*_.$")
    sentence = max(region.rfind(". ", line_start, final.start) + 2, line_start)
    return (
        final.kind == "anchor" and first.kind == "anchor"
        and (
            _ANSWER_LABEL_AT_RE.match(region, line_start) is not None
            # ``answer-first-concluded-otherwise``: the explanation's last sentence, ending the
            # text, concludes another value ("... leaving 9 squares. Therefore the answer is 9.")
            or (not rest and _THEREFORE_ANSWER_RE.match(region, sentence) is not None)
        )
        and "\n" not in rest and len(rest) <= 40 and not _VALUE_CHAR_RE.search(rest)
        and _plain(final.text) != _plain(first.text)
    )


_THEREFORE_ANSWER_RE = re.compile(
    r"[ \t*_]*(?:therefore|thus|hence|so)[ \t,]+the[ \t]+(?:final[ \t]+)?answer[ \t]+is\b",
    re.IGNORECASE,
)


def select(region: str, cands: list[Candidate], question: str | None) -> Selection:
    """Apply the rules to the surviving candidates (in text order)."""
    out: list[Decision] = []
    cands = drop_rules(region, cands, out)
    if not cands:
        return Selection((), "fallthrough", "no-candidate", tuple(out))
    first = answer_first(region, cands)
    if first is None or first == len(cands) - 1:
        found = _select_kept(region, cands, question, out)
    else:
        # the usual rules first: when they keep a last box that ends the text with another
        # value, it contradicts the answer given first (``answer-first-contradicted``)
        usual = _select_kept(region, cands, question, list(out))
        final = cands[-1]
        if (
            usual.kind == "boxed" and usual.texts == (final.text.strip(),)
            and _contradicts(region, final, cands[first])
        ):
            out.append(Decision(final, False, "answer-first-contradicted"))
            return Selection((), "none", "answer-first-contradicted", tuple(out))
        if (
            usual.kind == "anchor" and usual.texts == (final.text.strip(),)
            and _re_answers(region, final, cands[first])
        ):  # "**Answer:** x = 9 ... **Explanation:** ... **Answer:** x = 6": the last one
            out.append(Decision(cands[first], False, "answer-first-re-answered"))
            return Selection(usual.texts, usual.kind, "answer-first-re-answered", tuple(out))
        out.extend(Decision(c, False, "in-explanation") for c in cands[first + 1 :])
        found = _select_kept(region, cands[: first + 1], question, out)
    if first is not None and found.rule in ("last-box", "last-anchor"):
        return Selection(found.texts, found.kind, "answer-first-then-explanation", found.decisions)
    return found


def _select_kept(
    region: str, cands: list[Candidate], question: str | None, out: list[Decision]
) -> Selection:
    idx = walk_back(region, cands, question, out)
    for c in cands[idx + 1 :]:
        if not any(d.candidate == c for d in out):
            out.append(Decision(c, False, "after-chosen"))
    chosen = cands[idx]
    if idx == 0 and side_remark_span(region, chosen, question) is not None:
        out.append(Decision(chosen, False, "box-is-side-remark"))
        return Selection((), "fallthrough", "box-is-side-remark", tuple(out))
    if idx == 0 and chosen.kind == "boxed" and substituted_box(region, chosen):
        # ``box-for-substituted-problem``: "take $a + b = 15$ instead: ... so for that case the
        # answer is $\\boxed{8}$": another problem's value, and this one left unanswered
        out.append(Decision(chosen, False, "box-for-substituted-problem"))
        return Selection((), "none", "box-for-substituted-problem", tuple(out))
    if idx == 0 and chosen.kind == "boxed" and counterfactual_box(region, chosen):
        # every box is a supposition ("if we simply multiplied them, it would be
        # $\\boxed{240}$"): the closing statement after them decides (``box-is-hypothetical``)
        out.append(Decision(chosen, False, "box-is-hypothetical"))
        return Selection((), "fallthrough", "box-is-hypothetical", tuple(out))
    retracted, fixed = retraction(region[chosen.end :], chosen.text)
    if retracted:
        out.append(Decision(chosen, False, "retracted"))
        if fixed is not None:
            return Selection((fixed,), "anchor", "correction-after-retraction", tuple(out))
        return Selection((), "none", "retracted", tuple(out))
    revised = revision_correction(region[chosen.end :], chosen.text)
    if revised is not None and revision_left_open(region[chosen.end :], revised):
        out.append(Decision(chosen, False, "revision-left-open"))
        return Selection((), "none", "revision-left-open", tuple(out))
    if revised is not None:
        out.append(Decision(chosen, False, "correction-after-revision"))
        return Selection((revised,), "anchor", "correction-after-revision", tuple(out))
    rejected = rejects_chosen(region[chosen.end :], chosen.text)
    if rejected is not None:
        out.append(Decision(chosen, False, "later-rejects-box"))
        return Selection((rejected,), "anchor", "later-rejects-box", tuple(out))
    if concludes_no_solution(region[chosen.end :]):
        out.append(Decision(chosen, False, "later-concludes-no-solution"))
        return Selection(("no solution",), "anchor", "later-concludes-no-solution", tuple(out))
    uncommitted: tuple[tuple[str, Callable[[], bool]], ...] = (  # named rules, in order, each
        ("conditional-boxes", lambda: conditional_boxes(region, cands, idx)),  # leaving no answer
        ("answer-with-alternative", lambda: alternative_after(region, chosen)),
        ("closing-two-options", lambda: two_options_after(region, chosen)),
        ("answer-per-assumption", lambda: assumption_alternative(region, chosen)),
        ("boxes-as-alternatives", lambda: boxes_as_alternatives(region, cands, idx, question)),
        ("boxes-as-alternatives", lambda: hypothetical_alternative_after(
            region, cands, idx, question, out
        )),
        ("answers-per-reading", lambda: answers_per_reading(region, cands, idx)),
        ("box-is-guess", lambda: guessed_box(region, chosen)),
        ("box-is-bound", lambda: bound_box(region, chosen, question)),
        ("boxes-named-as-bounds", lambda: bounds_named_after(region, cands, idx)),
        ("structured-alternatives", lambda: structured_alternatives(region, chosen)),
        ("conclusion-contradicts-box",
         lambda: conclusion_contradicts_box(region, chosen, question)),
        ("undecided-between-values", lambda: undecided_between(region, cands, idx)),
        ("restated-other-interval", lambda: restated_other_interval(region, chosen)),
        ("restated-other-value", lambda: restated_other_value(region, chosen)),
        ("stacked-final-boxes", lambda: stacked_final_boxes(region, cands, idx)),
        ("answer-per-case-otherwise", lambda: "therwise" in region[
            max(0, chosen.start - 80) : chosen.start
        ] and otherwise_case(region, chosen.start, chosen.text)),
    )
    for rule, fires in uncommitted:
        if fires():
            out.append(Decision(chosen, False, rule))
            if rule == "box-is-guess" and chosen.kind == "anchor" and idx == len(cands) - 1:
                # "... like $1.999\ldots$? No -- ... So, as I first said, the sum is $2$.": an
                # anchor asked as a question; the closing statement after it decides
                return Selection((), "fallthrough", "anchor-is-guess", tuple(out))
            return Selection((), "none", rule, tuple(out))
    spam = spam_run(region, cands[: idx + 1])
    if spam is not None:
        texts = tuple(dict.fromkeys(c.text.strip() for c in spam))
        out.extend(Decision(c, True, "guess-list") for c in spam)
        return Selection(texts, "spam", "guess-list", tuple(out))
    if chosen.kind == "boxed":
        group = box_group(region, cands, idx)
        rule = "adjacent-boxes" if len(group) > 1 else "last-box"
        if len(group) == 1 and question and _ALL_ASKED_RE.search(question):
            group = parallel_boxes(region, cands, idx)
            rule = "parallel-boxes" if len(group) > 1 else rule
        if len(group) > 1 and reboxed_with_alternative(region, cands, idx):
            rule = "reboxed-with-alternative"
        out.extend(Decision(c, True, rule) for c in group)
        texts = tuple(dict.fromkeys(c.text.strip() for c in group))  # repeats: one commitment
        return Selection(texts, "boxed", rule, tuple(out))
    out.append(Decision(chosen, True, "last-anchor"))
    return Selection((chosen.text,), "anchor", "last-anchor", tuple(out))


# --- closing rules: a closing sentence's value ---------------------------------------------------
_DISQUALIFIED_RE = lx.words(lx.DISQUALIFIED)
_CLAUSE_BREAK_RE = re.compile(
    r"[,;:.!?()]|\s[—–-]\s|\b" + lx.alternation(lx.CLAUSE_BREAK) + r"\b", re.IGNORECASE
)
_VERB_BEFORE_RE = re.compile(  # "we discard the $"
    r"\b" + lx.alternation(lx.DISQUALIFYING_VERB)
    + r"\s+(?:(?:the|these|those|all|only|another|other|remaining|last|first)\s+)*[$\\(\s]*\Z",
    re.IGNORECASE,
)
_COUNT_OF_RE = re.compile(  # "the number of invalid codes is $", "the count of those that fail: "
    r"\b(?:number|count|total|amount)\s+of\b(?P<np>[^=]{0,80}?)(?:\bis|\bare|\bequals|=|:)"
    r"[\s$\\(]*\Z",
    re.IGNORECASE,
)
_WORD_RE = re.compile(r"\s[A-Za-z]{2,}")
_MATH_CLOSE_RE = re.compile(r"[ \t]*(?:\$|\\\))")


_PENDING_RE = lx.words(lx.PENDING_WORK)


def pending_value(line: str, value: str, question: str | None = None) -> bool:
    """``closing-work-pending``: in a closing line, the clause before ``value`` announces work
    still to do and no ``=`` follows it ("So we need to compute $7 \\times 10$."). Not when the
    question asks for that action's amount (``asked-action-value``: "So we need to add 6 liters
    of water." for "How many liters ... must be added ...?")."""
    clause = _clause_before(line, value)
    if clause is None:
        return False
    last = None
    for last in _PENDING_RE.finditer(clause):  # noqa: B007 - keep the final match
        pass
    if last is None or "=" in clause[last.end() :]:
        return False
    action = last.group(0).rsplit(None, 1)[-1].lower()
    return not (
        question is not None and action in _PHYSICAL_ACTIONS
        and re.search(r"\b" + action, question, re.IGNORECASE) is not None
        and _AMOUNT_AFTER_RE.match(line, line.rfind(value.strip()) + len(value.strip())) is not None
    )


_PHYSICAL_ACTIONS = frozenset({"add", "subtract"})
_AMOUNT_AFTER_RE = re.compile(r"[ \t]+(?:more[ \t]+)?[A-Za-z]{2,}")  # "6 liters", "3 more cups"


_UNCOMMITTED_LEAD_RE = re.compile(
    r"\b(?:" + lx.alternation(lx.UNCOMMITTED_LEAD) + r")\b[^.;!?]{0,24}\Z", re.IGNORECASE
)
_UNVERIFIED_AFTER_RE = lx.words(lx.UNVERIFIED_AFTER)
_CLAUSE_END_RE = re.compile(r"[.;!?](?:\s|$)")


def hedged_value(line: str, value: str) -> bool:
    """``closing-hedged``: in a closing line, the value's own clause opens with a guess word
    ("So most likely 211", "Probably 211") or its sentence goes on to say it is unchecked
    ("211, though I haven't ruled out every divisor", "... but I'd want to confirm")."""
    clause = _clause_before(line, value)
    if clause is None:
        return False
    v = value.strip().strip("$").strip()
    at = line.rfind(v)
    start = max(0, at - len(clause))
    lead = line[max(0, start - 40) : at]  # the guess word may open the clause before a comma
    if _UNCOMMITTED_LEAD_RE.search(lead) and not _CLAUSE_END_RE.search(lead):
        return True
    end = _CLAUSE_END_RE.search(line, at + len(v))
    stop = end.start() if end else len(line)
    return _UNVERIFIED_AFTER_RE.search(line, at + len(v), stop) is not None


_NUMBER_TOKEN = r"(?:\$[ \t]*)?-?\d+(?:\.\d+)?(?:[ \t]*\$)?"
_OR_WORD_RE = re.compile(r"[ \t]or[ \t]")


_RETRACTING_VERB_RE = re.compile(
    r"\b(?:" + lx.alternation(lx.RETRACTING_VERB) + r")\b[^.;!?]{0,32}\Z", re.IGNORECASE
)


def retracted_value(line: str, value: str) -> bool:
    """``closing-retracted``: in a closing line, the value's own clause retracts it ("so I
    retract $164$ until ...", "I withdraw 164 for now"), unless a value is stated after it in
    that sentence ("I retract that 160: ... is $164$" names the value it keeps)."""
    clause = _clause_before(line, value)
    return clause is not None and _RETRACTING_VERB_RE.search(clause) is not None


def or_alternative(line: str, value: str) -> bool:
    """``closing-alternative-values``: in a closing line, a lone numeric value joined by "or" to
    another number ("the cubic has 1 or 3 real solutions", "either 2 or 4 points"): two values
    offered, neither committed to."""
    v = value.strip().strip("$").strip()
    if not re.fullmatch(r"-?\d+(?:\.\d+)?", v):
        return False
    num = re.escape(v)
    pattern = (
        r"(?<![\w.])(?:\$[ \t]*)?" + num + r"(?:[ \t]*\$)?[ \t]+or[ \t]+" + _NUMBER_TOKEN
        + r"(?![\w.]|\.\d)"
        + r"|(?<![\w.])" + _NUMBER_TOKEN + r"[ \t]+or[ \t]+(?:\$[ \t]*)?" + num + r"(?![\w]|\.\d)"
    )
    at = line.rfind(v)
    start = 0
    for m in _CLAUSE_END_RE.finditer(line, 0, at):
        start = m.end()
    end = _CLAUSE_END_RE.search(line, at + len(v))
    clause = line[start : end.start() if end else len(line)]
    # (its " or ": one precompiled search before the per-value pattern is compiled)
    return _OR_WORD_RE.search(clause) is not None and re.search(pattern, clause) is not None


def _clause_before(line: str, value: str) -> str | None:
    v = value.strip().strip("$").strip()
    if not v or len(v) > 80:
        return None
    at = line.rfind(v)
    if at < 0:
        return None
    before = line[max(0, at - 160) : at]
    start = 0
    for m in _CLAUSE_BREAK_RE.finditer(before.rstrip(" \t$\\(:=")):
        start = m.end()
    return before[start:]


def disqualified_value(line: str, value: str, question: str | None) -> bool:
    """``closing-value-disqualified``: in a closing line, the clause around ``value`` calls what
    it counts invalid, failing, discarded or excluded ("So 8 subsets fail the condition.",
    "There are $6$ outcomes which are invalid.", "we discard the 3 solutions that ...", "the
    number of invalid codes is 12"). Not when the question uses such a word itself (it asks for
    the failing ones). The clause ends at punctuation or a clause break (so, and, but, after,
    leaving ...)."""
    if question and _DISQUALIFIED_RE.search(question):
        return False
    v = value.strip().strip("$").strip()
    if _WORD_RE.search(v):  # "10 of them break the rule": the value is its first token
        v = v.split()[0].strip("$")
    if not v or len(v) > 40:
        return False
    hits = list(re.finditer(r"(?<![\w.])" + re.escape(v) + r"(?![\w]|\.\d)", line))
    if not hits:
        return False
    at = hits[-1]
    after = line[at.end() : at.end() + 80]
    close = _MATH_CLOSE_RE.match(after)
    after = after[close.end() if close else 0 :]
    stop = _CLAUSE_BREAK_RE.search(after)
    if _DISQUALIFIED_RE.search(after[: stop.start() if stop else len(after)]):
        return True
    before = line[max(0, at.start() - 120) : at.start()]
    start = 0
    for m in _CLAUSE_BREAK_RE.finditer(before.rstrip(" \t$\\(:=")):
        start = m.end()
    clause = before[start:]
    if _VERB_BEFORE_RE.search(clause):
        return True
    count = _COUNT_OF_RE.search(clause)
    return count is not None and bool(_DISQUALIFIED_RE.search(count.group("np")))


# --- answer rules: after extraction, before comparison ------------------------------------------
_FACTOR_ASKED_RE = re.compile(
    r"(?:^|[.!?:]\s+|\b(?:to|and)\s+)" + lx.alternation(lx.ASKED_FACTORED)
    + r"\s+(?!of\b)(?:the|completely|fully|each|\$|\\\("
    # plain-text math: "Factor x^2 − 9 completely." (``factor-asked-plain-text``)
    + r"|[0-9]{0,3}[a-z](?:\^\{?\d+\}?)?[ \t]*[-+\u2212][ \t]*[0-9a-z])",
    re.IGNORECASE,
)
_EXPAND_ASKED_RE = re.compile(
    r"(?:^|[.!?:]\s+|\b(?:to|and|fully|completely)\s+)" + lx.alternation(lx.ASKED_EXPANDED)
    # "Expand and simplify: $...$", "Expand: $...$" (``expand-asked-after-colon``)
    + r"(?:\s*:\s*|\s+)(?:and\s+simplify(?:\s*:\s*|\s+))?(?:the|\$|\\\()",
    re.IGNORECASE,
)
_EXPANDED_FORM_ASKED_RE = lx.words(lx.ASKED_EXPANDED_FORM)
_RADICAL_ASKED_RE = lx.words(lx.ASKED_RADICAL)
def _compound_fraction(text: str) -> bool:
    """A ``\\frac`` whose numerator or denominator holds another fraction ("\\frac{\\sqrt{3}/2}
    {1/2}", "\\frac{\\frac{1}{2}}{3}"), braces matched; at most the first 20 fractions looked at."""
    pos = 0
    for _ in range(20):
        m = _COMPOUND_FRAC_OPEN_RE.search(text, pos)
        if m is None:
            return False
        pos = m.end()
        for _part in range(2):
            if pos >= len(text) or text[pos] != "{":
                break
            depth, start = 0, pos
            while pos < len(text):
                depth += {"{": 1, "}": -1}.get(text[pos], 0)
                pos += 1
                if depth == 0:
                    break
            inner = text[start + 1 : pos - 1]
            if "/" in inner or "frac" in inner:
                return True
    return False


_COMPOUND_FRAC_OPEN_RE = re.compile(r"\\[dt]?frac(?=\{)")
_FRACTION_ASKED_RE = lx.words(lx.ASKED_COMMON_FRACTION)
_RATIO_FORM_RE = re.compile(r"-?\d+[ \t]*(?::|\\colon)[ \t]*\d+")  # "4:9", "3 : 8", "4 \colon 9"
_AS_FRACTION_ASKED_RE = lx.words(lx.ASKED_AS_FRACTION)
_RATIONAL_DENOMINATOR_ASKED_RE = lx.words(lx.ASKED_RATIONAL_DENOMINATOR)
_SIMPLIFY_ASKED_RE = lx.words(lx.ASKED_SIMPLIFIED)
_POLY_TERM_RE = re.compile(r"[+-]?[^+-]+")
_COEFFICIENT_RE = re.compile(r"^[+-]?\d*(?:\.\d+)?(?:\\cdot|\*)?")
_NOT_POLYNOMIAL_RE = re.compile(r"[()\[\]/=<>]|\\(?!cdot)[A-Za-z]+|\{[^{}]*[+-]")


_FRAC_PARTS_RE = re.compile(
    r"\\[dt]?frac\s*\{(?P<n>(?:[^{}]|\{[^{}]*\})*)\}\s*\{(?P<d>(?:[^{}]|\{[^{}]*\})*)\}"
)
_BRACKETED_RE = re.compile(r"\(([^()]{1,60})\)")


def _uncancelled_factor(text: str) -> bool:
    """A fraction whose numerator and denominator share a factor written out: ``\\frac{(x-3)(x+3)}
    {x-3}``, ``(x+1)(x+2)/(x+1)`` (bracketed factors or the whole denominator, spaces aside)."""
    t = text.replace(" ", "").replace("$", "")
    m = _FRAC_PARTS_RE.fullmatch(t)
    if m is None:
        num, slash, den = t.partition(")/(")
        if not slash:
            return False
        num, den = num + ")", "(" + den
    else:
        num, den = m.group("n"), m.group("d")
    top = set(_BRACKETED_RE.findall(num))
    bottom = set(_BRACKETED_RE.findall(den)) | {den.strip("()")}
    return bool(top & bottom)


_SURD_TERM_RE = re.compile(r"[+-]?\d*\\sqrt(\d+)")  # (braces removed: "3\sqrt2")
_SURD_SUM_RE = re.compile(r"[+-]?\d*\\sqrt\d+(?:[+-]\d*\\sqrt\d+)+")


def _uncombined_terms(text: str) -> bool:
    """A polynomial with like terms not combined: ``-k + 4 - 2 + 3k`` (two constants, two
    k terms), ``3x^2 + 2x^2 - 3x``. Plain sums of monomials only (no brackets, fractions,
    roots or relations: for those it says False)."""
    t = text.replace("$", "").replace(" ", "").replace("{", "").replace("}", "")
    if "sqrt" in t and len(t) <= 200 and _SURD_SUM_RE.fullmatch(t):
        # ``uncombined-radicals``: "5\sqrt2 + 3\sqrt2", "5\sqrt{2} + 3\sqrt{2}": like surds
        radicands = [m.group(1) for m in _SURD_TERM_RE.finditer(t)]
        return len(radicands) >= 2 and len(set(radicands)) < len(radicands)
    if not t or len(t) > 200 or _NOT_POLYNOMIAL_RE.search(text):
        return False
    keys = [_COEFFICIENT_RE.sub("", term, count=1) for term in _POLY_TERM_RE.findall(t)]
    return len(keys) >= 2 and len(set(keys)) < len(keys)
_RADICAL_DENOMINATOR_RE = re.compile(  # \frac{1}{\sqrt{3}}, \frac{\sqrt2}{\sqrt3}, 10/sqrt(5)
    r"\\[dt]?frac\s*\{(?:[^{}]|\{[^{}]*\})*\}\s*\{[^{}]*\\sqrt|/\s*(?:\(\s*)?\\?sqrt|\\over\s*\\sqrt"
    # ``root-of-fraction-not-rationalized``: "\sqrt{\tfrac12}", "\sqrt{1/3}", "sqrt(1/3)"
    r"|\\?sqrt\s*(?:\[[^\]]{0,10}\]\s*)?[{(]\s*(?:\\[dt]?frac(?![A-Za-z])|\d+\s*/\s*\d)"
    # ``negative-fractional-power``: "2^{-1/2}", "2^{-\frac{1}{2}}": a root in the denominator
    r"|\^\s*\{?\s*\(?\s*-\s*(?:\d+\s*/\s*\d|\\[dt]?frac|0?\.\d)"
)
_LOWEST_ASKED_RE = lx.words(lx.ASKED_LOWEST_TERMS)
_MIXED_ASKED_RE = lx.words(lx.ASKED_MIXED_NUMBER)
_DECIMAL_ASKED_RE = lx.words(lx.ASKED_DECIMAL)
_FRACTION_RE = re.compile(  # \frac{9}{12}, \dfrac92, 9/12: integers only
    r"\\[dt]?frac\s*\{\s*(\d{1,18})\s*\}\s*\{\s*(\d{1,18})\s*\}|\\[dt]?frac(\d)(\d)"
    r"|(?<![\w.^_/])(\d{1,18})\s*/\s*(\d{1,18})(?![\w^_/]|\.\d)"  # "12/52." closes a sentence
)
_MIXED_RE = re.compile(  # 1\frac{3}{4}, 1 3/4, 1~\tfrac34
    r"(?<![\w.])\d+(?:\s*(?:~|\\[,;: ]|\s)*\\[dt]?frac\s*\{?\s*\d|(?:~|\\[,;: ]|\s)+\d+\s*/\s*\d)"
)
_PAREN_BODY_RE = re.compile(r"\(([^()]{1,200})\)")
_TERM_COEFF_RE = re.compile(r"\s*(\d{0,18})\s*(?:\\cdot\s*)?([A-Za-z\\]|$)")
_SCIENTIFIC_ASKED_RE = lx.words(lx.ASKED_SCIENTIFIC)
_SCIENTIFIC_RE = re.compile(  # 4.2 \times 10^{-1}: one digit before the point
    r"\s*-?\s*[1-9](?:\.\d+)?\s*(?:\\times|\\cdot|\*|×|·|⋅|∙|x)\s*10\s*\^\s*(?:\{\s*[-+]?\d+\s*\}|[-+]?\d+)\s*"
    r"(?:\\(?:text|mathrm)\s*\{[^{}]*\}|[A-Za-z][A-Za-z ]*)?\s*\.?"  # a unit after it
)
_PI_ASKED_RE = re.compile(lx.alternation(lx.ASKED_IN_PI), re.IGNORECASE)
_EVALUATE_RE = lx.words(lx.EVALUATE_VERB)
_DECIMAL_RE = re.compile(r"\d\.\d|(?<![\d}])\.\d|\d\.\s*\\(?:overline|bar|dot)\b")
_SQRT_INT_RE = re.compile(r"\\sqrt\s*(?:\{\s*(\d{1,9})\s*\}|(\d))")
_SQRT_TERM_RE = re.compile(  # \sqrt{300x^3}, \sqrt{12y}: a coefficient, one variable, a power
    r"\\sqrt\s*\{\s*(?P<c>\d{1,9})?\s*[a-z]\s*(?:\^\s*\{?\s*(?P<p>\d{1,3})\s*\}?)?\s*\}"
)
_NUMERIC_FRACTION = (  # "\\frac{\\sqrt{3}}{4}", "\\frac{1}{2}": a fraction over a number
    r"\\[dt]?frac[ \t]*\{(?:[^{}\n]|\{[^{}\n]{0,20}\}){1,30}\}[ \t]*\{\d{1,18}\}"
)
_NUMBER_PRODUCT_RE = re.compile(  # "36 \\cdot 2", "16 \\times 3", "2 * 6": not multiplied out;
    # "\\frac{\\sqrt3}{4} \\cdot 16", "\\frac{1}{2} \\cdot 10": a fraction's coefficient too
    r"(?:(?<![\^_\w.])\d{1,18}(?:\.\d{1,18})?|" + _NUMERIC_FRACTION + r")[ \t]*"
    r"(?:\\cdot|\\times|\*|\u00d7|\u00b7)[ \t]*"
    r"(?:(?P<r>\d{1,18}(?:\.\d{1,18})?)(?![\d.])(?P<p>[ \t]*\^)?|" + _NUMERIC_FRACTION + r")"
)


def _number_product(text: str) -> bool:
    """A product of two plain numbers left unevaluated (``\\sqrt{36 \\cdot 2}``, ``2 \\cdot 6
    x^2``); scientific notation's ``\\times 10^{k}`` is no such product."""
    return any(
        not (m.group("p") and m.group("r") == "10") for m in _NUMBER_PRODUCT_RE.finditer(text)
    )


_SQRT_DENOM_RE = re.compile(r"\\[dt]?frac\s*\{[^{}]*\}\s*\{[^{}]*\\sqrt")
_MATH_SEGMENT_RE = re.compile(r"\$\$(.+?)\$\$|\$([^$]+)\$|\\\((.+?)\\\)|\\\[(.+?)\\\]", re.S)
_SIMPLE_VALUE_RE = re.compile(r"-?\d+(?:\.\d+)?|-?\\[dt]?frac\{\d+\}\{\d+\}|-?\d+/\d+|[A-Za-z]")
_OPERATOR_RE = re.compile(r"[\^+\-*/!(]|\\[A-Za-z]+")
_SPACE_RE = re.compile(r"\s+|\\[,;:! ]|\\left|\\right")
_PI_RE = re.compile(r"\\pi|π|(?<![A-Za-z\\])pi(?![A-Za-z])")  # also the word: "four pi"


def _top_level(text: str) -> str:
    """``text`` with everything inside (), {}, [] removed."""
    out, depth = [], 0
    for ch in text:
        if ch in "({[":
            depth += 1
        elif ch in ")}]":
            depth = max(0, depth - 1)
        elif depth == 0:
            out.append(ch)
    return "".join(out)


def _is_product(text: str) -> bool:
    t = _SPACE_RE.sub("", text).lstrip("+-")
    return "(" in t and not re.search(r"[+\-]", _top_level(t))


def _has_grouped_sum(text: str) -> bool:
    t = _SPACE_RE.sub("", text)
    return bool(re.search(r"\([^()]*[+\-][^()]*\)\s*(?:[\^(\w\\]|$)", t)) and bool(
        re.search(r"[\w)}]\(|\)[\w(^]", t)
    )


def _square_factor(n: int) -> bool:
    return any(n % (k * k) == 0 for k in range(2, int(n**0.5) + 1))


_RADICAL_OVER_INT_RE = re.compile(  # \frac{16\sqrt{3}}{4}, 16\sqrt{3}/4: over an integer
    r"\\[dt]?frac\s*\{\s*(?P<a>\d+)\s*\\sqrt\s*(?:\{\s*\d+\s*\}|\d)\s*\}\s*\{\s*(?P<b>\d+)\s*\}"
    r"|(?<![\d.])(?P<c>\d+)\s*\\sqrt\s*(?:\{\s*\d+\s*\}|\d)\s*/\s*(?P<d>\d+)"
)


_CUBE_ROOT_INT_RE = re.compile(r"\\sqrt\s*\[\s*3\s*\]\s*\{\s*(\d{1,9})\s*\}")


def _radicals_simplest(text: str) -> bool:
    if _SQRT_DENOM_RE.search(text):
        return False
    for m in _RADICAL_OVER_INT_RE.finditer(text):  # "\frac{16\sqrt{3}}{4}": 4\sqrt{3} unreduced
        if math.gcd(int(m.group("a") or m.group("c")), int(m.group("b") or m.group("d"))) > 1:
            return False
    if len(_SQRT_INT_RE.findall(text)) >= 2 and "+" not in text and "-" not in text.lstrip("-"):
        return False  # "\\sqrt{2}\\sqrt{6}", "√2 · √6": a product of radicals, not combined
    for m in _SQRT_INT_RE.finditer(text):
        n = int(m.group(1) or m.group(2))
        if n < 2 or _square_factor(n):
            return False
    for m in _CUBE_ROOT_INT_RE.finditer(text):  # ``cube-root-not-simplest``: "\sqrt[3]{16}"
        n = int(m.group(1))
        if n >= 8 and any(n % (k * k * k) == 0 for k in range(2, round(n ** (1 / 3)) + 2)):
            return False
    for m in _SQRT_TERM_RE.finditer(text):  # \sqrt{300x^3}: a square in the coefficient or a power
        coeff, power = m.group("c"), m.group("p")
        if (coeff and int(coeff) > 1 and _square_factor(int(coeff))) or (power and int(power) >= 2):
            return False
    return True


_FRACTION_PARTS_RE = re.compile(  # one level of braces inside a part: "\frac{1}{2^{3}}"
    r"\\[dt]?frac\s*\{(?P<n>(?:[^{}]|\{[^{}]{0,20}\}){1,60})\}"
    r"\s*\{(?P<d>(?:[^{}]|\{[^{}]{0,20}\}){1,60})\}"
)
_OPERATION_IN_PART_RE = re.compile(  # "3/4" too; a power or factorial of a number: "2^3", "3!"
    r"\d\s*(?:[-+*/]|\\cdot|\\times|\\div)\s*\d|\d\s*\^|\d\s*!"
)
_SLASH_POWER_RE = re.compile(  # "1/2^3", "3^2/16": a power of a number beside a slash
    r"(?<![\w.^])\d{1,12}\s*/\s*\d{1,12}\s*\^|\d\s*\^\s*\{?\s*\d{1,4}\s*\}?\s*/\s*\d"
)


def _unevaluated_fraction(text: str) -> bool:
    """A fraction whose numerator or denominator still holds arithmetic between numbers
    (``\\frac{2\\cdot 4 + 3\\cdot 3}{12}``), a power or a factorial of a number
    (``\\frac{1}{2^3}``, ``\\frac{1}{3!}``, ``1/2^3``): not a common fraction."""
    return bool(_SLASH_POWER_RE.search(text)) or any(
        _OPERATION_IN_PART_RE.search(m.group("n")) or _OPERATION_IN_PART_RE.search(m.group("d"))
        for m in _FRACTION_PARTS_RE.finditer(text)
    )


def _unreduced_fraction(text: str) -> bool:
    """A fraction of integers with a common factor (``\\frac{9}{12}``, ``9/12``), a ratio of
    integers with one (``9:12``), or a fraction over an integer whose numerator's terms all
    share a factor with it (``\\frac{6\\sqrt{3}}{3}``, ``\\frac{4+2\\sqrt{5}}{2}``)."""
    if "." in text and _DECIMAL_FRACTION_RE.search(text):
        return True  # "18/24.5", "\\frac{1.5}{4}": a decimal inside the fraction
    for m in _FRACTION_RE.finditer(text):
        num, den = (g for g in m.groups() if g is not None)
        if int(den) > 0 and math.gcd(int(num), int(den)) > 1:
            return True
    if ":" in text:
        for m in _RATIO_RE.finditer(text):
            if math.gcd(int(m.group(1)), int(m.group(2))) > 1:
                return True
    if "frac" in text and "\\" in text:
        for num, den in _integer_over(text):
            content = _terms_content(num)
            if content is not None and math.gcd(content, den) > 1:
                return True
    return False


_DECIMAL_FRACTION_RE = re.compile(
    r"(?<![\w.^_/])\d{1,18}(?:\.\d{1,18})?[ \t]*/[ \t]*\d{1,18}\.\d{1,18}(?![\w^_/])"
    r"|(?<![\w.^_/])\d{1,18}\.\d{1,18}[ \t]*/[ \t]*\d{1,18}(?:\.\d{1,18})?(?![\w^_/])"
    r"|\\[dt]?frac\s*\{\s*\d{0,18}\.\d{1,18}\s*\}|\\[dt]?frac\s*\{[^{}]*\}\s*\{\s*\d{0,18}\.\d{1,18}\s*\}"
)
_RATIO_RE = re.compile(r"(?<![\w.:])(\d{1,18})[ \t]*:[ \t]*(\d{1,18})(?![\w.:])")
_FRAC_OPEN_RE = re.compile(r"\\[dt]?frac[ \t]*\{")
_RADICAL_TERM_RE = re.compile(  # an integer coefficient, then at most one radical or pi
    r"(\d{1,18})?(?:\\sqrt\{\d{1,18}\}|\\sqrt\d|\\pi)?"
)


def _integer_over(text: str) -> list[tuple[str, int]]:
    """``(numerator, denominator)`` of each ``\\frac{...}{N}`` (N a positive integer; the
    numerator's braces balanced, at most 120 characters)."""
    out: list[tuple[str, int]] = []
    for m in _FRAC_OPEN_RE.finditer(text):
        depth, k = 1, m.end()
        stop = min(len(text), k + 120)
        while k < stop and depth:
            depth += {"{": 1, "}": -1}.get(text[k], 0)
            k += 1
        if depth:
            continue
        den = re.match(r"[ \t]*\{[ \t]*(\d{1,18})[ \t]*\}", text[k:])
        if den is not None and int(den.group(1)) > 1:
            out.append((text[m.end() : k - 1], int(den.group(1))))
    return out


def _terms_content(numerator: str) -> int | None:
    """The gcd of the integer coefficients of a sum of terms ``k``, ``k\\sqrt{n}``, ``k\\pi``
    (``4+2\\sqrt{5}`` -> 2); None where a term is anything else or has no coefficient."""
    terms = re.split(r"[+-]", numerator.replace(" ", "").lstrip("+-"))
    content = 0
    for term in terms:
        m = _RADICAL_TERM_RE.fullmatch(term)
        if not term or m is None or m.group(1) is None:
            return None
        content = math.gcd(content, int(m.group(1)))
    return content or None


def _factor_with_content(text: str) -> bool:
    """A bracketed sum whose terms' integer coefficients share a factor (``(2x-4)``): a
    product not factored completely. Only plain terms (an integer coefficient, then a letter,
    a command or nothing) are read; any other term means no verdict."""
    for m in _PAREN_BODY_RE.finditer(_SPACE_RE.sub("", text)):
        terms = [t for t in re.split(r"[+\-]", m.group(1))]
        if len(terms) < 2 or any(not t for t in terms[1:]):
            continue
        terms = [t for t in terms if t]
        content = 0
        for term in terms:
            tm = _TERM_COEFF_RE.match(term)
            if tm is None or re.search(r"[./{}]", term):
                content = 1
                break
            content = math.gcd(content, int(tm.group(1) or "1"))
        if content > 1:
            return True
    return False


_FACTOR_POWER_RE = re.compile(r"\^\s*(?:\{\s*(\d{1,2})\s*\}|(\d))")


def _factor_count(text: str) -> int | None:
    """How many non-constant factors a product has, with multiplicity: ``x(x-2)(x+2)`` 3,
    ``x(x^2-4)`` 2, ``(x-3)^2`` 2, ``2a^2b`` 3. None when it is not a plain product of
    bracketed factors, letters and integer coefficients."""
    t = _SPACE_RE.sub("", text).replace("\\cdot", "").replace("*", "").lstrip("+-")
    count, i = 0, 0
    while i < len(t):
        ch = t[i]
        if ch == "(":
            depth, j = 0, i
            while j < len(t):
                depth += 1 if t[j] == "(" else -1 if t[j] == ")" else 0
                if depth == 0:
                    break
                j += 1
            if j >= len(t):
                return None
            weight = 1 if re.search(r"[A-Za-z]", t[i + 1 : j]) else 0
            i = j + 1
        elif ch.isalpha():
            weight, i = 1, i + 1
        elif ch.isdigit():
            while i < len(t) and t[i].isdigit():
                i += 1
            continue
        else:
            return None
        power = _FACTOR_POWER_RE.match(t, i)
        if power is not None:
            weight *= int(power.group(1) or power.group(2))
            i = power.end()
        count += weight
    return count


@dataclass(frozen=True)
class _Asks:
    factor: bool
    expand: bool
    radical: bool
    fraction: bool
    rational_denominator: bool
    simplify: bool
    pi: bool
    scientific: bool
    evaluate: bool
    lowest: bool
    mixed: bool
    decimal: bool
    radians: bool
    degrees: bool
    percent: bool
    interval: bool
    tuple_form: bool
    complex_form: bool
    power_form: bool
    exact: bool
    positive_exponents: bool


_POSITIVE_EXPONENTS_ASKED_RE = re.compile(  # "using only positive exponents"
    r"\bpositive\s+exponents?\b|\b(?:no|without(?:\s+any)?)\s+negative\s+exponents?\b", re.I
)
_NEGATIVE_EXPONENT_RE = re.compile(r"\^\s*(?:\{\s*|\(\s*)?-")  # "x^{-2}", "x^-2", "x^(-2)"
_POWER_FORM_ASKED_RE = re.compile(r"\bas\s+(?:a\s+)?(?:single\s+)?power\s+of\b", re.I)
_EXACT_ASKED_RE = re.compile(r"\bexact\s+(?:value|form|answer)\b", re.I)
_APPROX_MARK_RE = re.compile(r"\\approx|\u2248|\\simeq")
_COMPLEX_FORM_ASKED_RE = re.compile(r"\bin\s+the\s+form\s+\$?\\?\(?\s*a\s*\+\s*bi\b", re.I)
_COMPLEX_QUOTIENT_RE = re.compile(  # "\frac{4 + 6i}{2}", "(4 + 6i)/2": a quotient, not a + bi
    r"\\[dt]?frac\{[^{}]*i[^{}]*\}\{\s*-?\d+\s*\}|\([^()]*i[^()]*\)\s*/\s*-?\d"
)
_POLAR_FORM_RE = re.compile(
    r"e\s*\^\s*\{[^{}]*(?<![A-Za-z\\])i(?![A-Za-z])|e\s*\^\s*\(?-?i\b|\bcis\b"
    r"|\\cos[^+]{0,40}\+\s*i\s*\\sin"
)
_RADIANS_ASKED_RE = re.compile(r"\b(?:in|to|into)\s+radians\b|\bradian\s+measure\b", re.I)
_DEGREES_ASKED_RE = re.compile(r"\b(?:in|to|into)\s+degrees\b|\bdegree\s+measure\b", re.I)
_SLOPE_INTERCEPT_ASKED_RE = re.compile(  # also "in the form $y = mx + b$" (``asked-form-y-mx-b``)
    r"\bslope[-\s]intercept\s+form\b|\bform\s+\$?\s*y\s*=\s*mx\s*\+\s*b\b", re.IGNORECASE
)
_SLOPE_INTERCEPT_RE = re.compile(r"\s*\$?\s*y\s*=\s*[^=()\[\]]+\$?\s*")
_PERCENT_ASKED_RE = re.compile(  # asks for a percent ("What percent of 40 is 10?"), not "30% of"
    r"\bwhat\s+percent|\bpercent(?:age)?\b(?!\s+of\b)|\bas\s+a\s+percent|\bby\s+what\s+percent",
    re.IGNORECASE,
)
_INTERVAL_ASKED_RE = lx.words(lx.ASKED_INTERVAL)
_INEQUALITY_ALLOWED_RE = re.compile(
    r"\bor[ \t]+(?:as[ \t]+|in[ \t]+)?(?:an?[ \t]+)?inequalit(?:y|ies)\b"
    r"|\binequalit(?:y|ies)(?:[ \t]+notation)?[ \t]+or[ \t]+(?:in[ \t]+|as[ \t]+)?(?:an?[ \t]+)?"
    r"interval",
    re.IGNORECASE,
)
_WORDED_SET_RE = re.compile(r"\b(?:reals?|real\s+numbers?|except|other\s+than)\b|\\neq?\b", re.I)
_TUPLE_FORM_ASKED_RE = lx.words(lx.ASKED_TUPLE_FORM)
_TUPLE_GOLD_RE = re.compile(r"\s*\$?\s*(?:\\left)?\(\s*[^()]+,[^()]+(?:\\right)?\)\s*\$?\s*")
_TUPLE_ANSWER_RE = re.compile(r"\([^()]*,[^()]*\)")
_RELATION_MARK_RE = re.compile(  # (``interval-asked-not-equal``: "x \\neq 2", "x ≠ 2")
    r"<|>|\\[lg]eq?\b|\\[lg]eqslant|\\[lg]t\b|\u2264|\u2265|\\neq?\b|\u2260"
)
_INTERVAL_GOLD_RE = re.compile(r"\\infty|^\s*[(\[].*,.*[)\]]\s*$|\\cup")
_DEGREE_MARK_RE = re.compile(r"\\circ|\u00b0|\bdegrees?\b|\\degree")
_PERCENT_MARK_RE = re.compile(r"%")
_PERCENT_NUMBER_RE = re.compile(r"\$?[ \t]*(-?\d+(?:\.\d+)?)[ \t]*\\?%[ \t]*\$?")


@functools.lru_cache(maxsize=1024)
def _asks(question: str) -> _Asks:
    """What the question asks for: read once per question, shared by its k samples."""
    return _Asks(
        factor=bool(_FACTOR_ASKED_RE.search(question)),
        expand=bool(
            _EXPAND_ASKED_RE.search(question) or _EXPANDED_FORM_ASKED_RE.search(question)
        ),
        radical=bool(_RADICAL_ASKED_RE.search(question)),
        fraction=bool(_FRACTION_ASKED_RE.search(question)),
        rational_denominator=bool(_RATIONAL_DENOMINATOR_ASKED_RE.search(question)),
        simplify=bool(_SIMPLIFY_ASKED_RE.search(question)),
        pi=bool(_PI_ASKED_RE.search(question)),
        scientific=bool(_SCIENTIFIC_ASKED_RE.search(question)),
        evaluate=bool(_EVALUATE_RE.search(question)),
        lowest=bool(_LOWEST_ASKED_RE.search(question)),
        mixed=bool(_MIXED_ASKED_RE.search(question)),
        decimal=bool(_DECIMAL_ASKED_RE.search(question)),
        radians=bool(_RADIANS_ASKED_RE.search(question)),
        degrees=bool(_DEGREES_ASKED_RE.search(question)),
        percent=bool(_PERCENT_ASKED_RE.search(question)),
        interval=bool(_INTERVAL_ASKED_RE.search(question))
        and not _INEQUALITY_ALLOWED_RE.search(question),  # ("interval notation or as an
        # inequality": either form, ``inequality-also-allowed``)
        tuple_form=bool(_TUPLE_FORM_ASKED_RE.search(question)),
        complex_form=bool(_COMPLEX_FORM_ASKED_RE.search(question)),
        power_form=bool(_POWER_FORM_ASKED_RE.search(question)),
        exact=bool(_EXACT_ASKED_RE.search(question)),
        positive_exponents=bool(_POSITIVE_EXPONENTS_ASKED_RE.search(question)),
    )


def tuple_form_asked(question: str | None) -> bool:
    """The question instructs the answer's form as a tuple ("Express your answer as an ordered
    pair"): see :data:`~._lexicon.ASKED_TUPLE_FORM`."""
    return bool(question) and _asks(question or "").tuple_form


_UNICODE_RADICAL_RE = re.compile(
    r"\u221a\s*(?:\((?P<p>[^()]{1,60})\)|\{(?P<b>[^{}]{1,60})\}|(?P<t>\d+(?:\.\d+)?|[A-Za-z]))"
)


def _latex_radical(m: re.Match[str]) -> str:
    return "\\sqrt{" + (m.group("p") or m.group("b") or m.group("t")) + "}"


_PLAIN_NUMBER_RE = re.compile(r"[ \t$*]*(-?\d{1,12}(?:\.\d{1,12})?)[ \t$*.]*")


def _is_hundredth_of(answer: str, gold: str) -> bool:
    """Whether the answer is the plain decimal that is the percent gold's number over 100
    (0.625 against 62.5%) or such a common fraction (\\frac{5}{8}): asked a percent ("What
    percent ...?", "as a percent"), the fraction of the whole is not the percentage, as the
    decimal is not (``fraction-when-percent-asked``, U43-111)."""
    g = _PERCENT_NUMBER_RE.fullmatch(gold.strip())
    if g is None:
        return False
    a = _PLAIN_NUMBER_RE.fullmatch(answer)
    value = Fraction(a.group(1)) if a is not None else (
        simple_rational(answer.strip().strip("$").strip(), 12)
        if "/" in answer or "frac" in answer else None
    )
    return value is not None and value * 100 == Fraction(g.group(1)) and value != 0


_ARG_RANGE_ASKED_RE = re.compile(  # "0 \le \theta < 2\pi", "-\pi < \theta \le \pi"
    r"(?P<lo>-?\\pi|0)\s*(?:\\le(?:q)?|<|\u2264)\s*\\?(?:theta|\u03b8|\\phi|\\varphi|\\arg)\b[^<\\]*"
    r"\s*(?:<|\\le(?:q)?|\u2264)\s*(?P<hi>2\s*\\pi|\\pi)"
)
_EXPONENT_RE = re.compile(r"e\s*\^\s*\{(?P<x>[^{}]*(?:\{[^{}]*\}[^{}]*)*)\}")
_IMAGINARY_UNIT_RE = re.compile(r"(?<!\\p)i")
_BRACKET_RE = re.compile(r"[(\[]|\\left\b")
_PI_COEFFICIENT_RE = re.compile(r"(?<=\d)\\pi")


def _exponent_pi_multiple(answer: str) -> Fraction | None:
    """The argument of ``e^{... i}`` as a multiple of pi ("e^{-3\\pi i/4}" -> -3/4), or None."""
    m = _EXPONENT_RE.search(answer)
    if m is None:
        return None
    body = m.group("x").replace("\\,", "").replace("\\cdot", "").replace(" ", "")
    if len(_IMAGINARY_UNIT_RE.findall(body)) != 1 or "\\pi" not in body:
        return None
    body = _PI_COEFFICIENT_RE.sub("", _IMAGINARY_UNIT_RE.sub("", body)).replace("\\pi", "1")
    return simple_rational(body, 12)  # "-3/4", "\\frac{5}{4}": the multiple of pi


def _in_asked_arg_range(question: str, coefficient: Fraction) -> bool:
    """Whether an argument (a multiple of pi) lies in the question's asked range: [0, 2 pi) or
    (-pi, pi]."""
    m = _ARG_RANGE_ASKED_RE.search(question)
    if m is None or not m.group("lo").startswith("-"):
        return 0 <= coefficient < 2
    return -1 < coefficient <= 1


def _exact_decimal(answer: str, gold: str) -> bool:
    """``answer`` is a terminating decimal exactly equal to the rational ``gold`` ("0.5" for
    "\\frac{1}{2}"): an exact value, not an approximation."""
    value = simple_rational(answer.strip().strip("$").strip(), 12)
    target = simple_rational(gold.strip().strip("$").strip(), 12)
    return value is not None and target is not None and value == target


_UNIT_TEXT_RE = re.compile(r"\\(?:text|mathrm|mbox|textrm|rm)\s*\{([^{}]{0,40})\}")
_UNIT_SPACE_RE = re.compile(r"\\[,;:! ]|~|\$")
_NUMBER_UNIT_RE = re.compile(  # "80 m/s", "45 \\text{ seconds}" (text commands removed)
    r"\s*(?P<n>-?\d[\d,]*(?:\.\d+)?)\s*(?P<pow>square\s+|sq\.?\s+|cubic\s+)?"
    r"(?P<u>[A-Za-z][A-Za-z/ .]{0,30}?)\s*(?P<sup>\^\s*\{?\s*[23]\s*\}?|[\u00b2\u00b3])?\s*\.?\s*"
)
_UNIT_SPELLINGS = tuple(
    (unit, dim, re.compile(spelled.replace(" ", r"\s+"), re.IGNORECASE))
    for unit, (dim, spelled) in lx.UNIT.items()
)
_ASKED_UNIT_RE = re.compile(  # "... speed in km/h?", "How many minutes ...", "(in cm)"
    r"\b(?:in|into|how\s+many)\s+(?P<pow>square\s+|cubic\s+)?(?P<u>"
    + "|".join(  # rates first: "miles per hour" before "miles"
        "(?:" + spelled.replace(" ", r"\s+") + ")"
        for _dim, spelled in sorted(lx.UNIT.values(), key=lambda u: u[0] != "speed")
    )
    + r")(?![A-Za-z/])",
    re.IGNORECASE,
)


def _unit(phrase: str) -> tuple[str, str] | None:
    """The canonical unit and dimension a phrase spells ("m/s", "kilometers per hour")."""
    phrase = phrase.strip().rstrip(".")
    for unit, dim, spelled in _UNIT_SPELLINGS:
        if spelled.fullmatch(phrase):
            return unit, dim
    return None


_UNIT_ALTERNATION = "|".join(  # every spelling of lexicon UNIT, rates first
    "(?:" + spelled.replace(" ", r"\s+") + ")"
    for _dim, spelled in sorted(lx.UNIT.values(), key=lambda u: u[0] != "speed")
)
_TWO_UNITS_ASKED_RE = re.compile(  # "Convert 3.75 hours to hours and minutes."
    r"\b(?:to|in|into|as|using)\s+(?P<a>" + _UNIT_ALTERNATION + r")\s+and\s+(?P<b>"
    + _UNIT_ALTERNATION + r")(?![A-Za-z/])",
    re.IGNORECASE,
)


def _names_unit(unit: tuple[str, str] | None, text: str) -> bool:
    """``text`` writes a spelling of ``unit`` (a canonical unit of lexicon UNIT) as a word
    ("3 \\text{ hours } 45 \\text{ minutes}", "3 h 45 min")."""
    if unit is None:
        return False
    spelled = lx.UNIT[unit[0]][1].replace(" ", r"\s+")
    plain = _UNIT_SPACE_RE.sub(" ", _UNIT_TEXT_RE.sub(r" \1 ", text))
    return re.search(r"(?<![A-Za-z])(?:" + spelled + r")(?![A-Za-z/])", plain, re.I) is not None


def _unit_power(word: str | None, sup: str | None = None) -> int:
    """The power a unit is raised to: 2 for "square"/"sq"/"^2"/"\u00b2", 3 for "cubic"/"^3"/
    "\u00b3", else 1."""
    text = ((word or "") + (sup or "")).lower()
    if "cub" in text or "3" in text or "\u00b3" in text:
        return 3
    return 2 if text.strip() else 1


def _answer_unit(answer: str) -> tuple[str, str, str, int] | None:
    """A number and its unit: (number, unit, dimension, the unit's power), or None."""
    text = _UNIT_SPACE_RE.sub(" ", _UNIT_TEXT_RE.sub(r" \1 ", answer))
    m = _NUMBER_UNIT_RE.fullmatch(text)
    if m is None:
        return None
    found = _unit(m.group("u"))
    if found is None:
        return None
    return m.group("n"), found[0], found[1], _unit_power(m.group("pow"), m.group("sup"))


_FRACTION_EXPRESSION_RE = re.compile(  # "1 - \frac18", "1 - \left(\frac{5}{6}\right)^2"
    r"(?:\d|\})\s*[-+]\s*(?:\\left\s*)?\(?\s*(?:\\[dt]?frac|\d)"
)
_FRACTIONAL_POWER_RE = re.compile(  # 3^{5/2}, 2^{3.5}, 5^{\frac{3}{2}}, 7^(1/2), 2^.5
    r"\^\s*(?:\{\s*-?\s*(?:\d+\s*/\s*\d+|\d*\.\d+|\\[dt]?frac\s*\{?\s*\d+\s*\}?\s*\{?\s*\d+\s*\}?)"
    r"\s*\}|\(\s*-?\s*\d+\s*/\s*\d+\s*\)|-?\d*\.\d+)"
)
_NUMERIC_POWER_RE = re.compile(r"(?<![\w\\])\d+\s*\^\s*(?:\{\s*\d+\s*\}|\d+(?![\d/.]))")
_BRACKET_POWER_RE = re.compile(r"(?:\)|\\right\))\s*\^\s*(?:\{\s*-?\d+\s*\}|-?\d)")
_UNWORKED_PRODUCT_RE = re.compile(  # "\frac{\sqrt{3}}{4}(16)", "\frac{\sqrt{3}}{4} \cdot 16"
    r"\}\s*\(\s*\d+(?:\.\d+)?\s*\)|(?:\}|\d)\s*(?:\\cdot|\\times)\s*\d"
)


def number_with_unit(text: str) -> bool:
    """The text is a number and a unit of measure ("80 miles per hour", "12 \\text{ cm}")."""
    return _answer_unit(text) is not None


_CONVERT_TO_UNIT_RE = re.compile(  # "Convert 2.5 meters to centimeters."
    r"\b(?:convert|change|express)\b(?:[^.?!\n]|\.(?=\d)){1,80}?\bto\s+(?P<pow>square\s+|"
    r"cubic\s+)?(?P<u>"
    + _UNIT_ALTERNATION + r")(?![A-Za-z/])",
    re.IGNORECASE,
)


@functools.lru_cache(maxsize=1024)
def _asked_unit(question: str) -> tuple[str, str, int] | None:
    """The unit the question asks its answer in (its last "in <unit>" / "how many <unit>", or
    "Convert ... to <unit>")."""
    last = None
    for m in _ASKED_UNIT_RE.finditer(question):
        if len(m.group("u")) >= 2:  # a one-letter unit ("in m") is too often a variable
            last = m
    if last is None and "to" in question:
        for m in _CONVERT_TO_UNIT_RE.finditer(question):
            if len(m.group("u")) >= 2:
                last = m
    if last is None:
        return None
    found = _unit(last.group("u"))
    return None if found is None else (found[0], found[1], _unit_power(last.group("pow")))


_ASKED_MEASURE_RE = re.compile(  # "Find the area of ...", "What is its perimeter?"
    r"\b(?:what|find|compute|calculate|determine|give|state)\b[^.?!\n]{0,60}?\b(?P<m>"
    + lx.alternation(tuple(lx.MEASURE_POWER)) + r")\b",
    re.IGNORECASE,
)


@functools.lru_cache(maxsize=1024)
def _asked_measure(question: str) -> int | None:
    """The power of length the asked measure has (lexicon MEASURE_POWER: an area 2, a volume 3,
    a perimeter or radius 1), from the question's last "What is / Find ... <measure>", or
    None."""
    last = None
    for last in _ASKED_MEASURE_RE.finditer(question):  # noqa: B007 - the last one
        pass
    if last is None:
        return None
    return lx.MEASURE_POWER[re.sub(r"\s+", " ", last.group("m").lower())]


def _stated_and_asked_units(
    answer: str, question: str | None
) -> tuple[tuple[str, str, str, int], tuple[str, str, int]] | None:
    """The answer's number and unit (:func:`_answer_unit`) and the question's asked unit
    (:func:`_asked_unit`), when both are there."""
    if not question or not any(c.isalpha() for c in answer):
        return None
    stated = _answer_unit(answer)
    asked = _asked_unit(question[:4000]) if stated is not None else None
    return None if stated is None or asked is None else (stated, asked)


def unit_mismatch(answer: str, question: str | None) -> str | None:
    """``unit-mismatch``: the answer is a number in a unit of the dimension the question asks
    in, but another unit or power ("60 m/s" asked in km/h, "45 seconds" asked how many minutes,
    "60 feet" asked in square feet); with no unit asked, ``measure-unit-mismatch``: a length unit
    of another power than the asked measure's ("35 m" for an area, "36 cm^2" for a perimeter,
    "27 cm^2" for a volume), or ``radians-not-asked``: "720 radians" where no radians are asked."""
    if not question or not any(c.isalpha() for c in answer):
        return None
    stated = _answer_unit(answer)
    if stated is None:
        return None
    asked = _asked_unit(question[:4000])
    if asked is not None:
        if asked[1] != stated[2] or (asked[0], asked[2]) == (stated[1], stated[3]):
            return None
        return f"asked in {asked[0]}: the answer is in {_unit_text(stated)}"
    if stated[1] == "rad" and "radian" not in question.lower():
        return "no radians asked: the answer is in radians"
    power = _asked_measure(question[-2000:])
    if power is None or stated[2] not in ("length", "volume"):
        return None
    if (stated[2] == "volume" and power == 3) or (stated[2] == "length" and stated[3] == power):
        return None
    return f"asked a measure of length to the power {power}: the answer is in {_unit_text(stated)}"


def _unit_text(stated: tuple[str, str, str, int]) -> str:
    """A stated unit with its power ("m^2")."""
    return stated[1] + ("" if stated[3] == 1 else f"^{stated[3]}")


def reference_unit_mismatch(answer: str, gold: str) -> str | None:
    """``reference-unit-mismatch``: the answer and the reference both state a number in a unit of
    lexicon UNIT, of another dimension or power ("35 m" for "35 \\text{ m}^2"), or the same
    number in another unit ("35 cm^2" for "35 \\text{ m}^2", "36 mm" for "36 \\text{ cm}"):
    not the reference's amount."""
    if not any(c.isalpha() for c in gold) or not any(c.isalpha() for c in answer):
        return None
    ref, stated = _answer_unit(gold), _answer_unit(answer)
    if ref is None or stated is None or (ref[1], ref[3]) == (stated[1], stated[3]):
        return None
    if (ref[2], ref[3]) == (stated[2], stated[3]) and simple_rational(
        ref[0].replace(",", ""), 20
    ) != simple_rational(stated[0].replace(",", ""), 20):
        return None  # ("1.5 hours" for "90 minutes": one amount in two units, compared later)
    return f"the reference is in {_unit_text(ref)}: the answer is in {_unit_text(stated)}"


def same_unit_numbers(answer: str, gold: str) -> tuple[str, str] | None:
    """The answer's and the reference's numbers where both are stated in one unit ("35 m^2" and
    "35 \\text{ m}^2"), else None."""
    if not any(c.isalpha() for c in gold) or not any(c.isalpha() for c in answer):
        return None
    ref, stated = _answer_unit(gold), _answer_unit(answer)
    if ref is None or stated is None or (ref[1], ref[3]) != (stated[1], stated[3]):
        return None
    return stated[0].replace(",", ""), ref[0].replace(",", "")


def asked_unit_number(answer: str, question: str | None) -> str | None:
    """The number of an answer stated in the unit the question asks in ("45 min" asked how many
    minutes), or None."""
    both = _stated_and_asked_units(answer, question)
    if both is None:
        return None
    stated, asked = both
    if asked[0] != stated[1] or asked[2] != stated[3]:
        return None
    return stated[0].replace(",", "")


_SUBTRACTED_GROUP_RE = re.compile(r"-[ \t]*(?:\\left)?\([^()]*[+-][^()]*\)")
_TWENTY_FOUR_TIME_RE = re.compile(r"(?:1[3-9]|2[0-3]|00?):[0-5]\d(?::[0-5]\d)?")
_MERIDIEM_RE = re.compile(r"\d[ \t]*(?:\\text\{[ \t]*)?(?:a|p)\.?[ \t]*m\b\.?", re.IGNORECASE)


_RESIDUE_CLASS_RE = re.compile(  # the whole answer a class: "n \equiv 8 \pmod{15}", "8 (mod 15)"
    r"[ \t$]*(?:[a-z][ \t]*(?:\\equiv|=|\u2261)[ \t]*)?-?\d+[ \t]*"
    r"(?:\\pmod[ \t]*\{?[ \t]*\d+[ \t]*\}?|\([ \t]*(?:\\bmod|\\mod|mod)[ \t]*\d+[ \t]*\)"
    r"|(?:\\bmod|mod)[ \t]+\d+)[ \t$.]*"
)
_LEAST_OR_GREATEST_RE = re.compile(
    r"\b(?:smallest|least|minimum|minimal|largest|greatest|maximum|maximal)\b", re.IGNORECASE
)
_PRIME_FACTORIZATION_ASKED_RE = re.compile(
    r"\bprime[ \t-]+factori[sz]ation\b|\bproducts?[ \t]+of[ \t]+(?:its[ \t]+)?(?:prime|primes|"
    r"powers[ \t]+of[ \t]+primes)\b|\bfactor[ \t]+\$?\d+\$?[ \t]+into[ \t]+primes\b",
    re.IGNORECASE,
)
_FACTOR_SPLIT_RE = re.compile(r"\\cdot|\\times|\*|\u00d7|\u00b7")
_FACTOR_BASE_RE = re.compile(  # "2^3", "{9}", "(7)": a base and its power
    r"[ \t{(]*(\d{1,7})[ \t})]*(?:\^[ \t]*\{?[ \t]*\d{1,4}[ \t]*\}?)?[ \t]*"
)


def _composite_factor(text: str) -> bool:
    """``text`` is a product of numbers and powers of numbers ("2^3 \\cdot 9") with a factor
    whose base is neither 1 nor prime."""
    parts = _FACTOR_SPLIT_RE.split(text.strip().strip("$"))
    bases = [_FACTOR_BASE_RE.fullmatch(p) for p in parts]
    if len(parts) < 2 or any(b is None for b in bases):
        return False
    return any(
        int(b.group(1)) != 1 and not _is_prime(int(b.group(1))) for b in bases if b is not None
    )


def _is_prime(n: int) -> bool:
    if n < 2:
        return False
    k = 2
    while k * k <= n:
        if n % k == 0:
            return False
        k += 1
    return True


_SINGLE_POWER_RE = re.compile(r"-?(?:[A-Za-z]|\d+)\^-?(?:\d+|[A-Za-z])")
def _power_text(text: str) -> str:
    """A power as plain text: no spaces, dollar signs or braces ("x^{5}" -> "x^5")."""
    return re.sub(r"[\s${}]", "", text)


_BRACED = r"\{(?:[^{}]|\{[^{}]*\})*\}"  # (one level of nested braces: "{x^{2} + x}")
_QUOTIENT_RE = re.compile(  # "\frac{...}{x - 2}", "(x^2 - 1)/(x + 1)": its denominator
    r"\\[dt]?frac\s*" + _BRACED + r"\s*(?P<d>" + _BRACED + r")|\)\s*/\s*(?P<p>\([^()]*\))"
)


def _variable_quotient(text: str) -> bool:
    """``text`` holds a quotient whose denominator has a variable ("\\frac{2(x^2-4)}{x-2}")."""
    return any(
        re.search(r"[a-z]", _COMMAND_RE.sub("", m.group("d") or m.group("p")))
        for m in _QUOTIENT_RE.finditer(text)
    )


_NUMERAL_ASKED_RE = re.compile(
    r"\b(?:as|in)[ \t]+(?:a[ \t]+)?(?:number|numeral|digits|numerals)\b|\bnumerically\b",
    re.IGNORECASE,
)
_NUMBER_WORD_ANSWER_RE = re.compile(
    r"(?:" + lx.alternation((*lx.NUMBER_WORDS, *lx.TENS_WORDS)) + r")(?:[ \t-]+(?:"
    + lx.alternation((*lx.NUMBER_WORDS, *lx.TENS_WORDS, "hundred", "thousand", "and")) + r"))*",
    re.IGNORECASE,
)


_INTEGER_FORM_ASKED_RE = re.compile(
    r"\b(?:as|in the form of|in)[ \t]+an?[ \t]+integer\b"
    r"(?![ \t]+(?:multiple|number|value)[ \t]+of)"
    r"|\bin[ \t]+integer[ \t]+form\b",
    re.IGNORECASE,
)
_NON_INTEGER_NOTATION_RE = re.compile(  # "0.999\ldots", "0.\overline{9}", "\frac{12}{4}", "12/4"
    # (and a power or product: "1 \times 10^2", "10^2" for "written as an integer")
    r"\\l?dots|\.\.\.|\u2026|\\overline|\\[dt]?frac|\d[ \t]*/[ \t]*\d|\^|\\times|\\cdot"
)


_ASKED_NAMES_RE = re.compile(r"\(\s*([A-Za-z])\s*,\s*([A-Za-z])\s*(?:,\s*([A-Za-z])\s*)?\)")
_ASSIGNED_RE = re.compile(r"\s*\$?\s*([A-Za-z])\s*=\s*[^=,;$]+?\s*\$?\s*\.?\s*")
_ASSIGNMENT_GLUE_RE = re.compile(r"\\[ ,;]|\\quad|\\text\{\s*and\s*\}|\band\b")


def _assigns_asked_names(answer: str, gold: str, question: str) -> bool:
    """``tuple-as-named-assignments``: the answer assigns each component of the asked tuple
    by its name, in the tuple's order ("x = 7, y = 3" for "(x, y)"; a question naming no
    components asks x, y, z), one assignment a component (not "x = 3" alone, not "x = 2, y = 5"
    where $(a, b)$ is asked): the tuple, written out."""
    inner = gold[gold.find("(") + 1 : gold.rfind(")")]
    arity = inner.count(",") + 1
    parts = [p for p in re.split(r"[,;]", _ASSIGNMENT_GLUE_RE.sub(",", answer)) if p.strip()]
    names = []
    for part in parts:
        m = _ASSIGNED_RE.fullmatch(part)
        if m is None:
            return False
        names.append(m.group(1))
    asked = _ASKED_NAMES_RE.search(question)
    wanted = [g for g in asked.groups() if g] if asked else ["x", "y", "z"][:arity]
    return len(names) == arity == len(wanted) and names == wanted


def asked_form_violation(answer: str, gold: str, question: str | None) -> str | None:
    """``answer-not-in-asked-form``: the question asks for a form (factor, expand, simplest
    radical form, a common or improper fraction, a rational denominator, simplified (like terms
    combined), in terms of pi), the gold is in it and the answer is not.
    Returns why, or None."""
    if not question:
        return None
    if "\u221a" in answer:  # "√72", "√(72)", "2√18": the radical sign as a character
        answer = _UNICODE_RADICAL_RE.sub(_latex_radical, answer)
    unit = unit_mismatch(answer, question) or reference_unit_mismatch(answer, gold)
    if unit is not None:
        return unit
    if _NUMERAL_ASKED_RE.search(question) and _NUMBER_WORD_ANSWER_RE.fullmatch(
        _UNIT_TEXT_RE.sub(r"\1", answer).strip(" \t$.")
    ):  # ``number-word-where-numeral-asked``: "\boxed{twelve}" for "Write your answer as a number"
        return "asked for a number: the answer is a word"
    if "integer" in question and _INTEGER_FORM_ASKED_RE.search(question) and (
        _NON_INTEGER_NOTATION_RE.search(answer)
    ) and _INTEGER_GOLD_RE.fullmatch(gold.strip().strip("$")):
        # ``integer-asked-repeating-decimal``: "What is $0.\overline{9}$ as an integer?" answered
        # "0.999\ldots": the question's own value, not in the asked form
        return "asked for an integer: the answer is a repeating decimal, a fraction or a power"
    if "mod" in answer and _RESIDUE_CLASS_RE.fullmatch(answer) and _LEAST_OR_GREATEST_RE.search(
        question
    ) and _INTEGER_GOLD_RE.fullmatch(gold.strip().strip("$")):
        # ``congruence-class-for-least``: "n \equiv 8 \pmod{15}" asked the smallest such n
        return "asked for one integer (the least or greatest): the answer is a residue class"
    if _PRIME_FACTORIZATION_ASKED_RE.search(question) and _composite_factor(answer) and not (
        _composite_factor(gold)
    ):  # ``prime-factorization-not-prime``: "Write 72 as a product of prime powers." answered
        # "2^3 \cdot 9": 9 is no prime
        return "asked for a prime factorization: a factor is not prime"
    asks = _asks(question)
    if (asks.fraction or asks.lowest) and _FRACTION_EXPRESSION_RE.search(answer) and not (
        _FRACTION_EXPRESSION_RE.search(gold)
    ):  # ``expression-not-common-fraction``: "1 - \frac{1}{8}" is still to be worked out
        return "asked for a common fraction: the answer is an expression"
    if (asks.radical or asks.simplify) and _NUMERIC_POWER_RE.search(answer) and not (
        _NUMERIC_POWER_RE.search(gold)
    ):  # ``unworked-power-not-simplest``: "(\sqrt{3}/4) \cdot 4^2"
        return "asked for simplest form: a power of a number is not worked out"
    if asks.radical and _UNWORKED_PRODUCT_RE.search(answer) and not (
        _UNWORKED_PRODUCT_RE.search(gold)
    ):  # ``unworked-product-not-simplest``: "\frac{\sqrt{3}}{4}(16)" for "4\sqrt{3}"
        return "asked for simplest radical form: a product of numbers is not worked out"
    if asks.radical and _FRACTIONAL_POWER_RE.search(answer) and not (
        _FRACTIONAL_POWER_RE.search(gold)
    ):  # ``fractional-exponent-not-radical``: "3^{5/2}", "2^{3.5}" for "9\sqrt{3}"
        return "asked for simplest radical form: a fractional exponent is not a radical"
    if asks.positive_exponents and _NEGATIVE_EXPONENT_RE.search(answer) and not (
        _NEGATIVE_EXPONENT_RE.search(gold)
    ):  # ``positive-exponents-asked``: "x^{-2}" where only positive exponents are asked
        return "asked for positive exponents: the answer has a negative exponent"
    if asks.radians and _DEGREE_MARK_RE.search(answer) and not _DEGREE_MARK_RE.search(gold):
        return "asked for radians: the answer is in degrees"
    if _MERIDIEM_RE.search(answer) and TWENTY_FOUR_HOUR_RE.search(question) and not (
        _MERIDIEM_RE.search(gold)
    ):  # ``twelve-hour-time``: asked "in 24-hour format (HH:MM)", answered "8:15 PM"
        return "asked for a 24-hour time: the answer is a 12-hour time"
    if ":" in answer and _MERIDIEM_RE.search(gold) and TWELVE_HOUR_RE.search(question) and (
        _TWENTY_FOUR_TIME_RE.fullmatch(answer.strip().strip("$").strip())
    ):  # ``twenty-four-hour-where-twelve-asked``: "(Use a 12-hour clock.)" answered "13:05"
        return "asked for a 12-hour time: the answer is a 24-hour time"
    if asks.degrees and "\\pi" in answer and "\\pi" not in gold:
        return "asked for degrees: the answer is in radians"
    pct = _PERCENT_NUMBER_RE.fullmatch(answer.strip()) if "%" in answer else None
    if (
        pct is not None and not asks.percent and not _PERCENT_MARK_RE.search(gold)
        and pct.group(1) == gold.strip() and gold.strip() not in ("0", "-0")
    ):  # "What is 30% of 50?" answered "15%": 15% is 0.15, not the 15 asked for
        return "a percent where the question asks for a quantity (15% is 0.15)"
    if (
        asks.percent and _PERCENT_MARK_RE.search(gold) and not _PERCENT_MARK_RE.search(answer)
        and _is_hundredth_of(answer, gold)
    ):  # "Express 5/8 as a percent." answered "0.625" (62.5% is asked; "62.5" would do)
        return "asked for a percent: the answer is the decimal fraction, not the percentage"
    decimal_answer = _DECIMAL_RE.search(answer) and not _DECIMAL_RE.search(gold)
    if asks.factor and _is_product(gold) and not _is_product(answer):
        return "asked to factor: the answer is not a product"
    if (
        asks.factor and _is_product(answer) and _factor_with_content(answer)
        and not _factor_with_content(gold)
    ):
        return "asked to factor: a factor still has a common integer factor"
    if asks.factor and _is_product(gold) and _is_product(answer):
        have, want = _factor_count(answer), _factor_count(gold)
        if have is not None and want is not None and have < want:
            return "asked to factor completely: a factor can still be factored"
    if (
        asks.scientific and _SCIENTIFIC_RE.fullmatch(gold.strip().strip("$"))
        and not _SCIENTIFIC_RE.fullmatch(with_superscript_powers(answer.strip().strip("$")))
    ):  # ("4.5 × 10⁻⁴" is in it: ``unicode-scientific``)
        return "asked for scientific notation: the answer is not in it"
    if asks.lowest and _unreduced_fraction(answer) and not _unreduced_fraction(gold):
        return "asked for lowest terms: the fraction is not reduced"
    if asks.fraction and _unreduced_fraction(answer) and not _unreduced_fraction(gold):
        # ``common-fraction-reduced``: a common (or improper) fraction is written in lowest
        # terms ("\frac{12}{2652}" for 1/221 is not one)
        return "asked for a common fraction: the fraction is not reduced"
    if asks.simplify and _unreduced_fraction(answer) and not _unreduced_fraction(gold):
        return "asked to simplify: the fraction is not reduced"
    if asks.rational_denominator and _unreduced_fraction(answer) and not (
        _unreduced_fraction(gold)
    ):  # ``rationalized-not-reduced``: "\frac{6\sqrt{3}}{3}" for "Rationalize ... \frac{6}{\sqrt3}"
        return "asked to rationalize the denominator: the result is not reduced"
    if asks.simplify and "frac" not in gold and "/" not in gold and _variable_quotient(answer):
        # ``rational-not-reduced-for-simplify``: "\frac{2(x^2 - 4)}{x - 2}" for 2x + 4
        return "asked to simplify: a quotient equal to a polynomial is left unreduced"
    if asks.power_form and "^" in gold and "^" not in answer:
        return "asked for a power: the answer is the evaluated number"
    if asks.power_form and _SINGLE_POWER_RE.fullmatch(_power_text(gold)) and not (
        _SINGLE_POWER_RE.fullmatch(_power_text(answer))
    ) and "^" in answer:  # ``single-power-asked``: "\frac{x^6}{x}" for "a single power of x"
        return "asked for a single power: the answer is a quotient or product of powers"
    units = _TWO_UNITS_ASKED_RE.search(question) if " and " in question else None
    asked = [_unit(u) for u in (units.group("a"), units.group("b"))] if units is not None else []
    if len(asked) == 2 and None not in asked and all(
        _names_unit(u, gold) for u in asked
    ) and not all(_names_unit(u, answer) for u in asked):
        # ``two-units-asked``: "Convert 3.75 hours to hours and minutes." answered "225 minutes"
        return "asked for two units: the answer is in one"
    if asks.exact and (
        _APPROX_MARK_RE.search(answer) or (
            decimal_answer and not _APPROX_MARK_RE.search(gold)
            and not _exact_decimal(answer, gold)  # ``exact-terminating-decimal``: 0.5 for 1/2
        )
    ):
        return "asked for an exact value: the answer is an approximation"
    if (
        asks.complex_form and _COMPLEX_QUOTIENT_RE.search(answer)
        and not _COMPLEX_QUOTIENT_RE.search(gold)
    ):
        return "asked for the form a + bi: the answer is a quotient"
    if asks.complex_form and _POLAR_FORM_RE.search(answer) and not _POLAR_FORM_RE.search(gold):
        # ``asked-form-a-plus-bi-polar``: "2e^{i\pi/3}", "\sqrt2 \operatorname{cis}\frac{\pi}{4}",
        # "2(\cos 60^\circ + i \sin 60^\circ)": polar or exponential form, not a + bi
        return "asked for the form a + bi: the answer is in polar form"
    if asks.complex_form and _BRACKET_RE.search(answer) and not _BRACKET_RE.search(gold):
        # ``asked-form-a-plus-bi``: "i(7+i)", "-(1-7i)", "5(1+i)": a product, not a + bi
        return "asked for the form a + bi: the answer is a bracketed product"
    percent_answer = "%" in answer and "%" not in gold
    mixed_answer = _MIXED_RE.search(answer) and not _MIXED_RE.search(gold)
    if asks.mixed and _MIXED_RE.search(gold) and (decimal_answer or not _MIXED_RE.search(answer)):
        return "asked for a mixed number: the answer is not one"
    if asks.expand and not _has_grouped_sum(gold) and _has_grouped_sum(answer):
        return "asked to expand: the answer still has a bracketed sum"
    if asks.simplify and "(" not in gold and "-" in answer and _SUBTRACTED_GROUP_RE.search(
        answer
    ):  # ``simplify-left-bracketed``: "x^2 + 2x + 1 - (x^2 - 2x + 1)" asked to simplify
        return "asked to simplify: a bracketed sum is still subtracted"
    if (asks.radical or asks.simplify or asks.fraction or asks.lowest) and "frac" in answer and (
        _compound_fraction(answer) and not _compound_fraction(gold)
    ):  # ``compound-fraction-not-simplest``: "\frac{\sqrt{3}/2}{1/2}" for \sqrt{3}
        return "asked for a simplest form: a fraction is left inside a fraction"
    if asks.radical and _radicals_simplest(gold) and not _radicals_simplest(answer):
        return "asked for simplest radical form: the answer is not"
    if (
        (asks.rational_denominator or asks.radical)  # (simplest radical form: rationalized)
        and _RADICAL_DENOMINATOR_RE.search(answer)
        and not _RADICAL_DENOMINATOR_RE.search(gold)
    ):
        return "asked for a rational denominator: a radical is left in the denominator"
    if (
        (asks.simplify or asks.radical) and _number_product(answer) and not _number_product(gold)
    ):
        return "asked to simplify: a product of numbers is not worked out"
    if (asks.simplify or asks.expand) and _uncombined_terms(answer) and not (
        _uncombined_terms(gold)
    ):  # (``expanded-terms-uncombined``: "Expand $(x+2)(x-5)$." answered "x^2-5x+2x-10")
        return "asked to simplify or expand: like terms are not combined"
    if asks.simplify and _uncancelled_factor(answer) and not _uncancelled_factor(gold):
        return "asked to simplify: a common factor is not cancelled"
    if asks.fraction and decimal_answer:
        return "asked for a common fraction: the answer is a decimal"
    if asks.fraction and ":" in answer and ":" not in gold and _RATIO_FORM_RE.fullmatch(
        answer.strip().strip("$").rstrip(".").strip()
    ):  # ``ratio-not-common-fraction``: "4:9" where a common fraction is asked
        return "asked for a common fraction: the answer is a ratio"
    if asks.lowest and decimal_answer and _FRACTION_RE.search(gold):
        # ``decimal-not-lowest-terms``: "0.75" for "Express $\frac{9}{12}$ in lowest terms."
        return "asked for lowest terms: the answer is a decimal, not a fraction"
    if decimal_answer and "overline" not in answer and _AS_FRACTION_ASKED_RE.search(question):
        return "asked for a fraction: the answer is a decimal"  # ``decimal-not-fraction-asked``
    if (asks.fraction or asks.lowest) and _unevaluated_fraction(answer) and not (
        _unevaluated_fraction(gold)
    ):  # ``common-fraction-unworked-power``: "\frac{1}{2^3}", "\frac{1}{3!}" for 1/8, 1/6
        return "asked for a common fraction: its numerator or denominator is not worked out"
    if (asks.fraction or asks.lowest) and "^" in answer and _BRACKET_POWER_RE.search(answer) and (
        "^" not in gold
    ):  # ``common-fraction-bracket-power``: "\left(\frac{3}{2}\right)^2" for 9/4
        return "asked for a common fraction: a power of a fraction is not worked out"
    if (asks.fraction or asks.lowest) and (
        (mixed_answer and not asks.mixed) or percent_answer
    ):  # (``forms-allowed-by-question``: "as a common fraction or mixed number" allows either)
        kind = "mixed number" if mixed_answer else "percent"
        return "asked for a fraction: the answer is a " + kind
    if asks.decimal and percent_answer:
        return "asked for a decimal: the answer is a percent"
    if (
        asks.decimal and not asks.fraction and _FRACTION_RE.search(answer)
        and not _FRACTION_RE.search(gold) and not _DECIMAL_RE.search(answer)
        and "overline" not in gold  # a repeating decimal: rt2-qwen-0036 accepts its fraction
    ):
        return "asked for a decimal: the answer is a fraction"
    if asks.pi and _PI_RE.search(gold) and not _PI_RE.search(answer):
        return "asked in terms of pi: the answer has no pi"
    if (
        asks.simplify and not asks.radical and _radicals_simplest(gold)
        and not _radicals_simplest(answer)
    ):
        return "asked to simplify: a radical is not in simplest form"
    if (
        "=" in answer and _SLOPE_INTERCEPT_ASKED_RE.search(question)
        and _SLOPE_INTERCEPT_RE.fullmatch(gold) and not _SLOPE_INTERCEPT_RE.fullmatch(answer)
    ):
        return "asked for slope-intercept form: the answer is not y = mx + b"
    if (
        asks.interval and _INTERVAL_GOLD_RE.search(gold) and not _RELATION_MARK_RE.search(gold)
        and _RELATION_MARK_RE.search(answer)
    ):
        return "asked for interval notation: the answer is an inequality"
    if (
        asks.interval and _INTERVAL_GOLD_RE.search(gold) and _WORDED_SET_RE.search(answer)
        and not _WORDED_SET_RE.search(gold)
    ):  # "all reals except 3" where "(-\infty, 3) \cup (3, \infty)" is asked for
        return "asked for interval notation: the answer is in words"
    if question and "e^" in answer and _ARG_RANGE_ASKED_RE.search(question):
        coefficient = _exponent_pi_multiple(answer)
        if coefficient is not None and not _in_asked_arg_range(question, coefficient):
            # "with 0 <= theta < 2 pi": e^{-3 pi i/4} names the right number, not the asked form
            return "asked for an argument in a range: the exponent's argument is outside it"
    if (
        asks.tuple_form and _TUPLE_GOLD_RE.fullmatch(gold)
        and not _TUPLE_ANSWER_RE.search(answer.replace("\\left", "").replace("\\right", ""))
        and not _assigns_asked_names(answer, gold, question or "")
    ):  # (``tuple-as-named-assignments``: "x = 7, y = 3" for "as an ordered pair $(x, y)$"
        # names each component: read as the pair)
        return "asked for an ordered tuple: the answer gives its components separately"
    return None


_SINGLE_BRACE_RE = re.compile(r"([\^_])\{(\w)\}")
_FRAC_DIGITS_RE = re.compile(r"\\frac(\d)(\d)")


def _norm_math(text: str) -> str:
    t = _SPACE_RE.sub("", text).strip("$.,;")
    t = _FRAC_DIGITS_RE.sub(r"\\frac{\1}{\2}", _SINGLE_BRACE_RE.sub(r"\1\2", t))
    for a, b in (("\\dbinom", "\\binom"), ("\\tbinom", "\\binom"), ("\\dfrac", "\\frac"),
                 ("\\tfrac", "\\frac"), ("\\cdot", "*"), ("\\times", "*"), ("\u00d7", "*"),
                 ("\u00b7", "*"), ("\u22c5", "*"), ("\u2212", "-"), ("\u00f7", "\\div")):
        t = t.replace(a, b)
    if "\\frac{" in t:  # "\\frac{x^2-9}{x-3}" and "(x^2-9)/(x-3)" are one expression written twice
        t = _FRAC_PLAIN_RE.sub(r"(\1)/(\2)", t)
    if not t.isascii():
        t = t.translate(_SUPERSCRIPT_POWERS)  # "x²" is "x^2"
    return t


_FRAC_PLAIN_RE = re.compile(r"\\frac\{([^{}]+)\}\{([^{}]+)\}")
_TERM_PARENS_RE = re.compile(r"(?<![\w\\)}\]])\(([\w.]+(?:\^\w+)?)\)(?![\^(\w])")
_SUPERSCRIPT_POWERS = str.maketrans({"\u00b2": "^2", "\u00b3": "^3"})


_POLYGON_RE = re.compile(
    r"(?:an?|the)?[ \t]*(?:regular|convex)?[ \t]*(?P<name>"
    + "|".join(lx.POLYGON_SIDES) + r")s?\.?",
    re.IGNORECASE,
)
_SIDES_ASKED_RE = re.compile(r"\bhow\s+many\s+sides\b", re.IGNORECASE)


def polygon_sides(answer: str, question: str | None) -> str | None:
    """``polygon-name-sides``: asked how many sides, "an octagon" answers 8."""
    if not question or not _SIDES_ASKED_RE.search(question):
        return None
    m = _POLYGON_RE.fullmatch(answer.strip().strip("$").strip())
    return str(lx.POLYGON_SIDES[m.group("name").lower()]) if m is not None else None


_CODE_INTRO_RE = re.compile(r"\b(?:enter|type|write|answer\s+with|respond\s+with)\b", re.IGNORECASE)
_CODE_PAIR_RE = re.compile(  # "\"P\" for parabola", "'N' for none of the above"
    r"[\"“'`]([A-Z])[\"”'`][ \t]+(?:for|if)[ \t]+(?:an?[ \t]+|the[ \t]+)?"
    r"([a-z][a-z \t-]{1,40}?)(?=[ \t]*(?:[,;.]|\band\b|\bor\b|$))",
)
_CODED_WORD_RE = re.compile(
    r"\s*(?:\\(?:text|mathrm|textbf)\s*\{)?\s*(?:an?\s+|the\s+)?(?P<w>[A-Za-z][A-Za-z \t-]{1,40}?)"
    r"\s*\}?\s*\.?\s*"
)


def coded_choice(answer: str, question: str | None) -> str | None:
    """``coded-choice``: the question codes its choices as letters ("Enter \"C\" for circle,
    \"P\" for parabola, ..."): an answer that is one of the coded words ("\\text{parabola}",
    "a parabola") is its letter. None when the question codes nothing or the answer is no
    coded word."""
    if not question or ('"' not in question and "'" not in question and "“" not in question):
        return None
    intro = _CODE_INTRO_RE.search(question)
    if intro is None:
        return None
    pairs = _CODE_PAIR_RE.findall(question, intro.end())
    codes = {w.strip().lower(): letter for letter, w in pairs}
    if len(codes) < 2:
        return None
    m = _CODED_WORD_RE.fullmatch(answer)
    return codes.get(m.group("w").strip().lower()) if m is not None else None


def restates_question(answer: str, gold: str, question: str | None) -> bool:
    """``answer-restates-question``: "Compute $(-1)^{2024}$." answered "$(-1)^{2024}$"; or, for
    any question, its expression with the variables replaced by numbers and left unevaluated
    ("If $g(t) = t^2 + 3t$, find $g(4)$." answered "$4^2 + 3(4)$")."""
    if not question:
        return False
    a = _norm_math(answer)
    if a and _DIVISION_HINT_RE.search(question) and _restated_division(a, question):
        return True
    if a and a != _norm_math(gold) and _CONVERSION_ASKED_RE.search(question) and any(
        _norm_math(next(g for g in m.groups() if g is not None)) == a
        for m in _MATH_SEGMENT_RE.finditer(question)
    ):  # ``conversion-restated``: "What integer is equal to $0.\overline{9}$?" answered
        return True  # "\boxed{0.\overline{9}}": the number to convert, given back unchanged
    if not a or _SIMPLE_VALUE_RE.fullmatch(a) or not _OPERATOR_RE.search(a):
        return False
    if a == _norm_math(gold):
        return False
    chooser = _CHOOSER_RE.fullmatch(a) if "max" in a or "min" in a else None
    if chooser is not None:  # ``choice-left-to-max``: "Which is larger: $2^{30}$ or $3^{20}$?"
        # answered "\max(2^{30}, 3^{20})": the question's options, none chosen
        asked = {_norm_math(seg) for m in _MATH_SEGMENT_RE.finditer(question)
                 for seg in m.groups() if seg is not None}
        options = [x for x in chooser.group("args").split(",") if x]
        if len(options) >= 2 and all(x in asked for x in options):
            return True
    evaluate = _asks(question).evaluate
    if evaluate and _COUNTING_FORMULA_RE.search(a) and _INTEGER_GOLD_RE.fullmatch(gold.strip()):
        return True  # "Compute $\binom{9}{3}$." answered "\frac{9!}{3!\,6!}": left unevaluated
    numeric = not _LETTER_RE.search(_COMMAND_RE.sub("", a)) and bool(_ARITHMETIC_RE.search(a))
    for m in _MATH_SEGMENT_RE.finditer(question):
        if _OPTION_LABEL_BEFORE_RE.search(question, max(0, m.start() - 8), m.start()):
            continue  # "(D) $\frac{\sqrt{3}}{2}$": an option's text, not the question's expression
        seg = next(g for g in m.groups() if g is not None)
        norm = _norm_math(seg)
        if (norm == a or (  # "(2^8)/(2^5)" and "2^8/2^5": brackets around one term
            "(" in norm and _TERM_PARENS_RE.sub(r"\1", norm) == _TERM_PARENS_RE.sub(r"\1", a)
        )) and (
            evaluate or _VALUE_QUESTION_RE.search(question, max(0, m.start() - 30), m.start())
        ):  # "What is $\sqrt{225}$?" answered "$\sqrt{225}$"
            return True
        if numeric and len(norm) <= 200:
            for side in norm.split("="):
                pattern = _substitution_pattern(side)
                if pattern is not None and pattern.fullmatch(a):
                    return True
    return False


_NORM_FRACTION_RE = re.compile(
    r"-?\\frac\{(?P<n>\d+)\}\{(?P<d>\d+)\}|\(?(?P<m>\d+)\)?/\(?(?P<e>\d+)\)?"
)
_QUESTION_DIVISION_RE = re.compile(  # "30 \div 5", "96 divided by 8", "divide 96 by 8", "84/2"
    r"(?<![\d.^_{])(?P<n>\d+)[ \t]*(?:\\div|\u00f7|/|divided[ \t]+by)[ \t]*(?P<d>\d+)(?![\d.])"
    r"|\bdivide[ \t]+(?P<n2>\d+)[ \t]+by[ \t]+(?P<d2>\d+)(?![\d.])"
)
_PART_OF_RE = re.compile(  # ``worded-part-restated``: "half of $84$", "a third of 27"
    r"\b(?P<part>half|a[ \t]+third|one[ \t]+third|a[ \t]+quarter|one[ \t]+quarter|a[ \t]+fourth|"
    r"one[ \t]+fourth|a[ \t]+fifth|one[ \t]+fifth)[ \t]+of[ \t]+\$?[ \t]*(?P<n>\d+)(?![\d.])",
    re.IGNORECASE,
)
_PART_DIVISOR = {"half": 2, "third": 3, "quarter": 4, "fourth": 4, "fifth": 5}
_DIVISION_HINT_RE = re.compile(r"div|\u00f7|/|\b(?:half|third|quarter|fourth|fifth)\b", re.I)


def _restated_division(a: str, question: str) -> bool:
    """``division-restated-as-fraction``: asked "What is $30 \\div 5$?", the answer is the
    fraction of the same two numbers, not in lowest terms ("\\frac{30}{5}"): the question's
    division written again, not carried out (a fraction in lowest terms, "\\frac{3}{4}" for
    $3 \\div 4$, is the value)."""
    frac = _NORM_FRACTION_RE.fullmatch(a)
    if frac is None:
        return False
    n, d = int(frac.group("n") or frac.group("m")), int(frac.group("d") or frac.group("e"))
    if d == 0 or math.gcd(n, d) == 1:
        return False
    if any(
        (int(m.group("n") or m.group("n2")), int(m.group("d") or m.group("d2"))) == (n, d)
        for m in _QUESTION_DIVISION_RE.finditer(question)
    ):
        return True
    return any(  # "What is half of $84$?" answered "\frac{84}{2}"
        (int(m.group("n")), _PART_DIVISOR[m.group("part").lower().split()[-1]]) == (n, d)
        for m in _PART_OF_RE.finditer(question)
    )


_CONVERSION_ASKED_RE = re.compile(  # an integer asked for a given number: "What integer is
    # equal to $0.\overline{9}$?", "Write $\frac{12}{4}$ as an integer."
    r"\b(?:express|convert|rewrite|write)[ \t]+\$[^$\n]{1,60}\$[ \t]+(?:as|to)[ \t]+an?[ \t]+"
    r"(?:integer|whole[ \t]+number)\b"
    r"|\bwhat[ \t]+(?:integer|whole[ \t]+number)[ \t]+(?:is[ \t]+)?(?:equal|equivalent|identical)"
    r"[ \t]+to\b",
    re.IGNORECASE,
)
_CHOOSER_RE = re.compile(r"\\?(?:max|min|operatorname\{(?:max|min)\})\((?P<args>[^()]{3,200})\)")
_OPTION_LABEL_BEFORE_RE = re.compile(r"\(\s*[A-E]\s*\)\s*$")
_VALUE_QUESTION_RE = re.compile(
    r"\b" + lx.alternation(lx.VALUE_QUESTION) + r"\s+(?:the\s+value\s+of\s+)?$", re.IGNORECASE
)
_FUNCTION_RE = re.compile(
    r"\\(?:ln|log|lg|exp|sin|cos|tan|sec|csc|cot|arcsin|arccos|arctan|sinh|cosh|tanh)(?![A-Za-z])"
    # written plainly: "log_2(64) + log_3(81)", "ln 8", "sin(30)"
    r"|(?<![A-Za-z\\])(?:ln|log|lg|sin|cos|tan)(?:_\{?\w{1,4}\}?)?(?:[ \t]*\(|[ \t]+\d)"
)


_POLAR_ASKED_RE = re.compile(  # the trigonometric form is itself asked
    r"\b(?:polar|trigonometric[ \t]+form|exponential[ \t]+form|cis)\b", re.IGNORECASE
)
_SPECIAL_ANGLE_RE = re.compile(  # "\sin 30^\circ", "\cos(60^{\circ})", "\tan \frac{\pi}{4}"
    r"\\(?:sin|cos|tan|cot|sec|csc)[ \t]*(?:\\left)?\(?[ \t]*(?:(?P<d>\d{1,3})[ \t]*\^[ \t]*\{?"
    r"[ \t]*\\circ[ \t]*\}?|\\[dt]?frac\{\\pi\}\{(?P<p>[2346])\})"
)


def _special_angle_left(answer: str, gold: str) -> bool:
    """``special-angle-unevaluated``: a trigonometric function of a special angle (a multiple of
    30 or 45 degrees, pi/2, pi/3, pi/4, pi/6) left in the answer where the gold has no function
    ("\\sin 30^\\circ" for 1/2): its value is a known number, not worked out. Other angles
    ("\\sin 15^\\circ" for "$\\cos 75^\\circ$") are left to equivalence."""
    if _FUNCTION_RE.search(gold):
        return False
    for m in _SPECIAL_ANGLE_RE.finditer(answer):
        if m.group("p") is not None or int(m.group("d")) % 30 == 0 or int(m.group("d")) % 45 == 0:
            return True
    return False


def unevaluated_functions(answer: str, gold: str, question: str | None) -> bool:
    r"""``answer-unevaluated-functions``: an integer gold asked to be evaluated ("Evaluate
    $\log_3 81$.", "What is $\sin^2 x + \cos^2 x$ ...?") answered with logarithms or
    trigonometric functions left in it ("\frac{\ln 81}{\ln 3}", "\log_2 8"): not an answer,
    however equal. A gold that is another number with no function in it (1/2, pi/4) is not
    answered by functions of the question's own numbers ("2\sin^2 30^\circ" for "Evaluate
    $\sin^2 30^\circ + \cos^2 60^\circ$", "\frac{\ln 3}{\ln 9}" for "$\log_9 3$"): that
    restates the question; a new exact form ("\sin 15^\circ" for "$\cos 75^\circ$") is
    left to equivalence."""
    if not question or "=" in answer:
        return False
    if "\\" in answer and _special_angle_left(answer, gold) and not _POLAR_ASKED_RE.search(
        question
    ):
        return True  # ``special-angle-unevaluated``: "\sin 30^\circ" for 1/2
    if _COUNTING_FORMULA_RE.search(answer) and simple_rational(
        gold.strip().strip("$"), 40
    ) is not None and (
        not _LETTER_RE.search(_COMMAND_RE.sub(" ", answer))
    ):  # ``counting-formula-in-fraction``: "\binom{3}{2}/2^3", "\frac{\binom{3}{2}}{8}" for 3/8:
        return True  # the count still to work out, as in a count's own box
    if not _INTEGER_GOLD_RE.fullmatch(gold.strip().strip("$")):
        # ``unevaluated-function-restated``: "2\sin^2 30^\circ" for 1/2 (the question's own
        # function arguments), where the gold is a number with no function in it
        return bool(_FUNCTION_RE.search(answer)) and not (
            _FUNCTION_RE.search(gold) or _LETTER_RE.search(_COMMAND_RE.sub(" ", gold))
            or _LETTER_RE.search(_COMMAND_RE.sub(" ", answer))
        ) and _arguments_from_question(answer, question, gold)
    if _COUNTING_FORMULA_RE.search(answer):
        return True  # "\binom{9}{4}", "\frac{9!}{4!\,5!}" for a count: never evaluated
    if _NUMBER_FUNCTION_RE.search(answer) and not _LETTER_RE.search(
        _COMMAND_RE.sub(" ", _NUMBER_FUNCTION_RE.sub(" ", answer))
    ):  # ``number-function-unevaluated``: "\gcd(252, 198)", "\operatorname{lcm}(4, 6)"
        return True
    if _DETERMINANT_RE.search(answer):
        return True  # ``determinant-unevaluated``: "\begin{vmatrix} 2 & 3 \\ 1 & 4 \end{vmatrix}"
    if "." in answer and _DECIMAL_FRACTION_RE.fullmatch(answer.strip().strip("$").strip()):
        return True  # ``fraction-of-decimal-unworked``: "\frac{150}{2.5}" for 60: still to divide
    if "^" in answer and _NUMBER_ROOT_POWER_RE.search(answer) and not _LETTER_RE.search(
        _COMMAND_RE.sub(" ", answer)
    ):  # ``fractional-power-unevaluated``: "343^{1/3}", "64^{1/2}" for an integer: a root not taken
        return True
    root = _ROOT_RE.search(answer) if "\\sqrt" in answer else None
    if root is not None and not _LETTER_RE.search(_COMMAND_RE.sub(" ", answer)) and (
        root.group(0) in question or _root_asked_in_words(answer, question)
    ):  # "Compute $\sqrt[3]{27 \cdot 8}$." answered "\sqrt[3]{216}", "What is the cube root of
        # 343?" answered "\sqrt[3]{343}": the asked root, not taken (``root-asked-not-taken``)
        return True
    if root is not None and _ROOT_POSED_RE.search(question) and not _LETTER_RE.search(
        _COMMAND_RE.sub(" ", answer)
    ) and any(
        _perfect_power(int(m.group("n") or m.group("b")), int(m.group("k") or 2))
        for m in _INTEGER_ROOT_RE.finditer(answer)
    ):  # ``perfect-root-unevaluated``: "Evaluate $144^{1/2} + 27^{1/3}$." answered
        # "\sqrt{144} + \sqrt[3]{27}": the question's roots, whole numbers, not taken (a root
        # the work itself reaches, "\sqrt{100}" for a hypotenuse, is left to equivalence)
        return True
    if not _FUNCTION_RE.search(answer):
        return False
    if not _LETTER_RE.search(_COMMAND_RE.sub(" ", answer)):
        return True  # "\log_3 \tfrac{1}{9}" for "Solve $3^x = \frac19$.": numbers only, unevaluated
    return _asks(question).evaluate or any(
        _VALUE_QUESTION_RE.search(question, max(0, m.start() - 30), m.start())
        for m in _MATH_SEGMENT_RE.finditer(question)
    )
_FUNCTION_ARGUMENT_RE = re.compile(  # the number a function is applied to ("\log_9 3": 9, 3)
    r"(?:_\{?(?P<b>\d{1,12})\}?)?[ \t]*(?:\^[ \t]*\{?-?\d{1,3}\}?)?[ \t]*[({]?[ \t]*"
    r"(?P<a>\d{1,12}(?:\.\d{1,12})?)"
)
_QUESTION_NUMBER_RE = re.compile(r"\d{1,12}(?:\.\d{1,12})?")


def _arguments_from_question(answer: str, question: str, gold: str = "") -> bool:
    """Every number a function in ``answer`` is applied to is one of the question's numbers
    (and there is one): the answer restates the question's functions, unevaluated."""
    args = []
    for m in _FUNCTION_RE.finditer(answer):
        arg = _FUNCTION_ARGUMENT_RE.match(answer, m.end())
        if arg is not None:
            args += [g for g in (arg.group("b"), arg.group("a")) if g is not None]
    numbers = set(_QUESTION_NUMBER_RE.findall(question))
    if args and all(a in numbers for a in args):
        return True
    # ``function-of-converted-argument``: the question's angle in the other unit
    # ("\cos(\frac{\pi}{3})" for "Evaluate $\cos 60^\circ$", "\sin 30^\circ" for
    # "$\sin \frac{\pi}{6}$")
    if not _RATIONAL_GOLD_RE.fullmatch(gold.strip().strip("$")):
        return False  # (an irrational gold: "\cos\frac{\pi}{5}" for "$\cos 36^\circ$" is
        # an exact form of its own)
    angles = [_angle_at(answer, m.end()) for m in _FUNCTION_RE.finditer(answer)]
    asked = {_angle_value(m) for m in _ANGLE_RE.finditer(question[:4000])}
    return bool(angles) and all(a is not None and a in asked for a in angles)


_RATIONAL_GOLD_RE = re.compile(  # "1/2", "\\frac{1}{2}", "-\\dfrac{3}{4}", "0.5", "-1"
    r"-?(?:\d+(?:\.\d+)?(?:/\d+)?|\\[dt]?frac\{\d+\}\{\d+\}|\\[dt]?frac\d\d)"
)
_ANGLE_RE = re.compile(  # "60^\circ", "60°", "\frac{\pi}{3}", "\frac{2\pi}{3}", "\pi/3"
    r"(?P<d>\d{1,4}(?:\.\d{1,4})?)[ \t]*(?:\^[ \t]*\{?[ \t]*\\circ[ \t]*\}?|\u00b0|\\degree)"
    r"|\\[dt]?frac[ \t]*\{[ \t]*(?P<k>\d{0,3})[ \t]*\\pi[ \t]*\}[ \t]*"
    r"\{[ \t]*(?P<n>\d{1,3})[ \t]*\}"
    r"|(?P<k2>\d{0,3})[ \t]*\\pi[ \t]*/[ \t]*(?P<n2>\d{1,3})"
)
_ANGLE_LEAD_RE = re.compile(  # (a spacing command too: "\\sin\\!\\left(\\tfrac{\\pi}{6}\\right)")
    r"(?:[ \t{(]|\\left[ \t]*\(|\\left\\?[{(]|\\[!,;: ])*"
)


def _angle_value(m: re.Match[str]) -> float:
    """An :data:`_ANGLE_RE` match in degrees."""
    if m.group("d") is not None:
        return round(float(m.group("d")), 6)
    k, n = (m.group("k"), m.group("n")) if m.group("n") else (m.group("k2"), m.group("n2"))
    return round(int(k or "1") * 180 / int(n), 6) if int(n) else -1.0


def _angle_at(text: str, pos: int) -> float | None:
    """The angle (degrees) a function applied at ``pos`` takes, or None."""
    lead = _ANGLE_LEAD_RE.match(text, pos)
    m = _ANGLE_RE.match(text, lead.end() if lead else pos)
    return None if m is None else _angle_value(m)


_ROOT_WORDS_RE = re.compile(  # "the cube root of 343", "the 4th root of 1296"
    r"\b(?:square|cube|fourth|fifth|sixth|\d(?:st|nd|rd|th))[ \t]+root[ \t]+of[ \t]+\$?"
    r"(?P<n>\d{1,12})(?!\d|\.\d)",
    re.IGNORECASE,
)
_RADICAND_RE = re.compile(r"\\sqrt(?:\[[^\]]{1,4}\])?\{[ \t]*(?P<n>\d{1,12})[ \t]*\}")


def _root_asked_in_words(answer: str, question: str) -> bool:
    """The question asks in words for a root of a number ("What is the cube root of 343?") and
    ``answer`` is a radical of that same number."""
    asked = {m.group("n") for m in _ROOT_WORDS_RE.finditer(question)}
    return bool(asked) and any(m.group("n") in asked for m in _RADICAND_RE.finditer(answer))


_LETTER_RE = re.compile(r"[A-Za-z]")
_ROOT_RE = re.compile(r"\\sqrt(?:\[[^\]]{1,4}\])?")
_ROOT_POSED_RE = re.compile(  # the question poses a root: "144^{1/2}", "\sqrt[3]{27}", "cube root"
    r"\^[ \t]*\{?[ \t]*\(?[ \t]*1[ \t]*/[ \t]*\d|\^[ \t]*\{?[ \t]*\\[dt]?frac\{?1\}?|\\sqrt"
    r"|\b(?:square|cube|fourth|fifth|nth)[ \t]+roots?\b",
    re.IGNORECASE,
)
_INTEGER_ROOT_RE = re.compile(  # "\sqrt{144}", "\sqrt[3]{27}", "\sqrt 49": a root of a whole number
    r"\\sqrt[ \t]*(?:\[[ \t]*(?P<k>[2-9])[ \t]*\])?[ \t]*(?:\{[ \t]*(?P<n>\d{1,12})[ \t]*\}"
    r"|(?P<b>\d{1,12})(?![\d.]))"
)


def _perfect_power(n: int, k: int) -> bool:
    """``n`` is the ``k``-th power of a whole number (``n`` at most 12 digits)."""
    r = round(n ** (1.0 / k))
    return any((r + d) >= 0 and (r + d) ** k == n for d in (-1, 0, 1))
_COUNTING_FORMULA_RE = re.compile(r"\d!|\\binom|\\choose")
_NUMBER_FUNCTION_RE = re.compile(  # a gcd or lcm of numbers, left to evaluate
    r"\\gcd(?![A-Za-z])|\\operatorname\*?\{(?:lcm|gcd)\}|\\(?:text|mathrm)\{(?:lcm|gcd)\}"
    r"|(?<![A-Za-z\\])(?:gcd|lcm|GCD|LCM)(?=[ \t]*\()"
    # ``floor-unevaluated``: "\left\lfloor \dfrac{999}{7} \right\rfloor", "⌊999/7⌋"
    r"|\\l(?:floor|ceil)(?![A-Za-z])|[\u230a\u2308]"
)
_NUMBER_ROOT_POWER_RE = re.compile(  # a number to a fractional power: "343^{1/3}", "8^{(2/3)}"
    r"\d[ \t]*\^[ \t]*\{?[ \t]*\(?[ \t]*-?\d{1,3}[ \t]*/[ \t]*\d{1,3}[ \t]*\)?[ \t]*\}?"
    r"|\d[ \t]*\^[ \t]*\{[ \t]*\\[dt]?frac\{\d{1,3}\}\{\d{1,3}\}[ \t]*\}"
)
_DETERMINANT_RE = re.compile(r"\\begin\{[vV]matrix\}|\\det(?![A-Za-z])")
_INTEGER_GOLD_RE = re.compile(r"-?\d+")
_ARITHMETIC_RE = re.compile(r"[+\-*/^]|\\frac")
_COMMAND_RE = re.compile(r"\\[A-Za-z]+")
_NUMBER_SLOT = r"(?:\(-?\d+(?:\.\d+)?\)|-?\d+(?:\.\d+)?)"


@functools.lru_cache(maxsize=1024)
def _substitution_pattern(expr: str) -> re.Pattern[str] | None:
    """``expr`` (normalised) with each one-letter variable as a slot for a number (bracketed or
    not): the expression with numbers substituted. None without a variable or an operator."""
    parts: list[str] = []
    slots = 0
    for tok in re.finditer(r"\\[A-Za-z]+|[A-Za-z]+|.", expr, re.S):
        text = tok.group(0)
        if text[0] == "\\" or not text.isalpha():
            parts.append(re.escape(text))
        elif len(text) == 1:
            parts.append(_NUMBER_SLOT)
            slots += 1
        else:
            return None  # a word or a function name: not a plain expression
    if slots == 0 or not _ARITHMETIC_RE.search(expr.lstrip("-")) or "," in expr:
        return None
    return re.compile("".join(parts))


_LABEL_SPLIT_RE = re.compile(r"^(?P<label>[^=<>]{1,60}?)=(?P<value>[^=<>]{1,400})$")
_SIMPLE_VAR_RE = re.compile(r"[A-Za-z]")


def split_label(text: str) -> tuple[str, str] | None:
    """``p+q=101`` -> ("p+q", "101"); ``|PQ|=2``; ``3^4 = 81`` (a numeric chain's last value).
    Only one ``=``, a label that is not empty, a value that is not empty."""
    t = text.strip().strip("$").strip()
    if t.count("=") != 1 or "\\le" in t or "\\ge" in t or "\\ne" in t:
        return None
    m = _LABEL_SPLIT_RE.match(t)
    if m is None or not m.group("label").strip() or not m.group("value").strip():
        return None
    return m.group("label").strip(), m.group("value").strip()


_CHAIN_MEMBER_RE = re.compile(r"[^=<>]{1,400}")


def split_chain(text: str) -> list[str] | None:
    """``p+q = 7+12 = 19`` -> ["p+q", "7+12", "19"]: two or more ``=`` and no other relation,
    every member not empty and its braces balanced (see ``equation-chain-value`` in
    ``_core``)."""
    t = text.strip().strip("$").strip()
    if not 2 <= t.count("=") <= 8 or "\\le" in t or "\\ge" in t or "\\ne" in t:
        return None
    members = [m.strip() for m in t.split("=")]
    for m in members:
        if not _CHAIN_MEMBER_RE.fullmatch(m) or m.count("{") != m.count("}"):
            return None
    return members


def labelled_gold(gold: str) -> tuple[str, str] | None:
    """A gold such as ``|PQ|=2`` or ``A_1:A_2=3:5`` (not ``x=3``: a solved variable) whose value
    has no letters."""
    split = split_label(gold)
    if split is None:
        return None
    label, value = split
    if _SIMPLE_VAR_RE.fullmatch(label) or not is_label(label):
        return None
    if re.search(r"[A-Za-z]", re.sub(r"\\[A-Za-z]+", "", value)):
        return None
    return split


_NAME = (  # a name, or a geometric one: "\angle ABC", "m\angle B", "\overline{AB}"
    r"(?:(?:m\s*)?\\(?:angle|measuredangle|overline|triangle|overarc|arc)\s*\{?[A-Z]{1,4}\}?"
    r"|\\(?:det|operatorname\{[a-z]{1,8}\})\s*\(?\s*[A-Z]\s*\)?"  # "\det A", "\det(A)"
    r"|\|?\\?[A-Za-z]+'?(?:_\{?\w{1,4}\}?)?\|?)"
)
_LABEL_RE = re.compile(_NAME + r"(?:\s*(?:[+:,]|\\cdot)\s*" + _NAME + r")*")


def is_label(text: str) -> bool:
    """``N``, ``p+q``, ``|PQ|``, ``A_1:A_2``: names, not an expression with numbers."""
    return bool(_LABEL_RE.fullmatch(text.strip()))

_ASKED_THE_NOUN_RE = re.compile(  # "Find the radius of ...", "What is the center of ...?"
    r"\b(?:find|what(?:'s|[ \t]+is)|compute|determine|give|state)[ \t]+the[ \t]+(?P<n>[a-z]{3,})\b",
    re.IGNORECASE,
)
_MEMBER_VALUE = r"(?:\$[^$\n]{1,40}\$|\(?-?\d[\d,./]*(?:,[ \t]*-?\d[\d,./]*)?\)?)"
_NOUN_VALUE_RE = re.compile(  # "radius 5", "radius of 5", "radius $5$", "radius = 5"
    r"(?P<n>[a-z]{3,})[ \t]+(?:of[ \t]+|is[ \t]+|=[ \t]*|equal[ \t]+to[ \t]+)?(?P<v>"
    + _MEMBER_VALUE + r")"
)

_VALUE_THEN_OTHER_RE = re.compile(  # "$(2, -3)$, radius 5" (its leading "$" may be gone)
    r"\$?(?P<v>" + _MEMBER_VALUE + r")\$?[ \t]*,[ \t]*(?P<rest>[a-z]{3,}[^\n]{0,40})"
)


def asked_among(answer: str, question: str) -> str:
    """``asked-quantity-beside-another``: an answer naming two quantities, each with its value,
    gives the asked one's ("centered at $(3, -4)$ with radius 5" asked the radius: 5; "$(2, -3)$,
    radius 5" asked the center: $(2, -3)$); any other answer as it is."""
    asked = None
    for asked in _ASKED_THE_NOUN_RE.finditer(question[:4000]):  # noqa: B007 - the last one
        pass
    if asked is None:
        return answer
    noun = asked.group("n").lower()
    pairs = list(_NOUN_VALUE_RE.finditer(answer))
    named = [m for m in pairs if m.group("n").lower() == noun]
    others = [
        m for m in pairs
        if m.group("n").lower() != noun and m.group("n").lower() not in lx.NOT_A_QUANTITY
    ]
    if len(named) == 1 and answer.rstrip(" .").endswith(named[0].group(0)) and (
        re.search(r"\b(?:with|and|has)[ \t]+(?:a[ \t]+|the[ \t]+)?$", answer[: named[0].start()])
    ):  # "... with radius 5": the asked value closes the answer
        return named[0].group("v").strip("$ ")
    tail = _VALUE_THEN_OTHER_RE.fullmatch(answer.strip().rstrip("."))
    if tail is not None and not named and len(others) == 1 and tail.group("rest").startswith(
        others[0].group(0)
    ):  # "$(2, -3)$, radius 5" asked the center: the value before the other quantity
        return tail.group("v").strip("$ ")
    return answer
