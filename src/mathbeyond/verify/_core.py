"""Verifier core: extract the final committed answer and compare it with the gold answer.

Pure and deterministic; no I/O and no global mutable state. Sizes are bounded here before any
symbolic work, even though the caller also enforces wall-time and memory limits in a worker
process. Integer golds (the common case) never touch sympy.
"""

from __future__ import annotations

import functools
import re
from fractions import Fraction

from . import _lexicon as lx
from ._everyday import everyday_equal
from ._extract import recap_after_box, restated_box_pair, squash
from ._fast import answer as _extract_answer
from ._normalize import (
    cap_blank_runs,
    repair_escapes,
    simple_rational,
    strip_dash_aside,
    strip_grouping,
    strip_quotes,
)
from ._parsed import ExtractedAnswer, ParsedGold
from ._rules import (
    ROUNDING_ASKED_RE,
    asked_among,
    asked_form_violation,
    asked_unit_number,
    coded_choice,
    is_label,
    labelled_gold,
    polygon_sides,
    restates_question,
    same_unit_numbers,
    split_chain,
    split_label,
    unevaluated_functions,
)
from ._types import Status, Verdict

VERIFIER_VERSION = "2.278.0"  # core_v471: retraction until checked, property box, condition dropped

MAX_COMPLETION_CHARS = 1_000_000
MAX_GOLD_CHARS = 4000
MAX_ANSWER_CHARS = 2000
MAX_INT_DIGITS = 4000
MAX_SIMPLE_DIGITS = 60
FAST_INTEGER_PATH = True
"""Decide an integer gold against a plain decimal/fraction answer without the symbolic path
(the same verdict: tests/verify/test_fast_path.py turns this off to compare)."""

_INT_GOLD_RE = re.compile(r"\s*\$?\s*([+-]?\d+)\s*\$?\s*")
_INT_ANSWER_RE = re.compile(
    r"\s*\$?\s*(?:\\\(|\\\[)?\s*(?:[a-zA-Z](?:_\{?\w+\}?)?\s*=\s*)?\{?([+-]?\d+)\}?(?:\.0+)?"
    r"\s*(?:\\\)|\\\])?\s*\$?\s*\.?\s*"
)


def _simple_rational(text: str) -> Fraction | None:
    """``3``, ``-0.25``, ``\\frac{3}{8}``, ``\\dfrac38``, ``3/8`` (optionally in ``$``/``\\(``)."""
    return simple_rational(text, MAX_SIMPLE_DIGITS)


VerdictFields = tuple[bool, Status, "str | None", str, "str | None"]
"""A :class:`Verdict`'s field values in declaration order (what a worker sends back)."""


def _verdict(
    status: Status, extracted: str | None, reason: str, rule: str | None = None
) -> VerdictFields:
    return (status is Status.CORRECT, status, extracted, reason, rule)


def verify_unbounded(
    completion: str,
    gold: str | ParsedGold,
    question: str | None = None,
    finish_reason: str | None = None,
) -> Verdict:
    """Verify ``completion`` against ``gold`` (policy: see the ``_rules`` module docstring).

    ``finish_reason`` ``"length"`` (the sample hit the token limit) allows only a boxed or
    anchored answer, never a closing sentence read from the cut-off text."""
    return Verdict(*verify_fields(completion, gold, question, finish_reason))


_PROMPT_LABEL_END_RE = re.compile(
    r"\n[ \t#*>]*(?:solution|answer|response|assistant|a)[ \t*]*:[ \t]*\Z", re.IGNORECASE
)


def verify_fields(
    completion: str,
    gold: str | ParsedGold,
    question: str | None = None,
    finish_reason: str | None = None,
) -> VerdictFields:
    """:func:`verify_unbounded`'s verdict as its field values (the worker's target: the values
    are all it sends back, so it builds no ``Verdict``)."""
    if isinstance(gold, ParsedGold):  # its parse is cached: see parse_gold
        gold = gold.text
    elif not gold.isprintable() and _DAMAGE_CHARS_RE.search(gold):
        gold = repair_escapes(gold)  # ``gold-escape-damage``: FORM FEED + "rac{7}{2}"
    if len(completion) > MAX_COMPLETION_CHARS:
        return _verdict(Status.LIMIT_EXCEEDED, None, "completion too long")
    completion = cap_blank_runs(completion)  # ``blank-run-capped``: no quadratic blank run
    if len(gold) > MAX_GOLD_CHARS:
        return _verdict(Status.UNPARSEABLE_GOLD, None, "gold too long")
    if not gold or gold.isspace():
        return _verdict(Status.UNPARSEABLE_GOLD, None, "empty gold")
    if question and question.rstrip().endswith(":"):  # "Problem: ...\n\nSolution:": the
        # few-shot prompt's label for the model's turn is no part of the question it asks
        question = _PROMPT_LABEL_END_RE.sub("", question)
    text, kind, rule = _extract_answer(completion, question, finish_reason)
    answer = text.strip()
    if question and (" with " in answer or ", " in answer):
        answer = asked_among(answer, question)  # ``asked-quantity-beside-another``
    if "dozen" in answer and "dozen" not in (gold if isinstance(gold, str) else gold.text):
        dozens = _DOZEN_RE.fullmatch(answer)
        if dozens is not None and not (  # ``dozen-changes-value``: "12 \\text{ dozen}" is 144
            question and re.search(r"\b" + re.escape(dozens.group("n")) + r"[ \t]+dozen", question)
        ):  # (not the question's own "12 dozen" restated: that is no count)
            answer = str(Fraction(dozens.group("n")) * 12)
    if answer.endswith(")"):
        again = _VALUE_AGAIN_RE.fullmatch(answer)
        if again is not None:  # ``value-with-itself-in-parentheses``: "1368 (1368)", as read
            # from "one thousand three hundred sixty-eight (1368)"; a parenthetical list ending
            # on the value (``parenthetical-list-holding-value``): "17 (2, 3, 5, 7, 11, 13, 17)"
            answer = again.group("v")
    if kind == "conclusion" and answer.startswith("=") and not answer.startswith("=="):
        # ``closing-unevaluated-product``: "Area $= \frac12 \cdot 5 \cdot 12$." read from the
        # "=": the right side alone, judged as any answer (here: not worked out)
        answer = answer[1:].strip()
    if kind == "none" or not answer:
        return _verdict(Status.NO_ANSWER, None, "no committed final answer", rule)
    if kind == "boxed" and answer[:1] in "\\\u2248~" and _APPROX_BOX_RE.match(answer) and not (
        question and ROUNDING_ASKED_RE.search(question)
    ):  # ``approximate-box``: "\boxed{\approx 15}": an estimate, not the value asked
        return _verdict(Status.NO_ANSWER, None, "the boxed answer is approximate", "hedged-box")
    gold_text = gold if isinstance(gold, str) else gold.text
    if kind in ("boxed", "anchor") and "=" not in answer and (
        (_PRODUCT_LEFT_RE.fullmatch(answer) and _INTEGER_GOLD_RE.fullmatch(gold_text))
        or (_RATIONAL_PRODUCT_RE.fullmatch(answer) and _RATIONAL_GOLD_RE.fullmatch(gold_text))
        or (  # ``unevaluated-fraction-sum``: "\boxed{\frac{3}{6} + \frac{2}{6}}" for 5/6
            "frac" in answer and _FRACTION_SUM_RE.fullmatch(answer)
            and _RATIONAL_GOLD_RE.fullmatch(gold_text)
        )
        or (  # ``unevaluated-extremum``: "\boxed{\min(81, 64)}", "\boxed{2^{\min(10,5)}}"
            ("\\min" in answer or "\\max" in answer) and _EXTREMUM_CALL_RE.search(answer)
            and not _EXTREMUM_CALL_RE.search(gold_text)
        )
        or (  # ``substituted-power``: "\boxed{\frac{4}{3}\pi (3)^3}", "\boxed{\pi (5)^2}": a
            # number put in a formula and left raised to its power
            "^" in answer and _SUBSTITUTED_POWER_RE.search(answer)
            and not _SUBSTITUTED_POWER_RE.search(gold_text)
        )
        or (  # ``unevaluated-power``: "\boxed{2^{5+3-6}}" for 4, "\boxed{3^{2+1}}" for 27
            "^" in answer and _POWER_OF_OPERATIONS_RE.fullmatch(answer)
            and _INTEGER_GOLD_RE.fullmatch(gold_text)
        )
        or (  # ``unevaluated-sum``: "\boxed{24 + 12}" for an integer (a quotient, "\frac{8}{4}",
            # is read by value: twenty-odd writers accept it where no form is asked)
            _SUM_LEFT_RE.fullmatch(answer) and _INTEGER_GOLD_RE.fullmatch(gold_text)
        )
        or (  # ``unevaluated-fraction-of-operations``: "\boxed{\frac{5 \cdot 4}{2 \cdot 15}}",
            # "\boxed{\frac{6 + 1}{8}}" for a fraction: a numerator or denominator not worked out
            "frac" in answer and _RATIONAL_GOLD_RE.fullmatch(gold_text)
            and _FRACTION_OF_OPERATIONS_RE.fullmatch(answer)
        )
    ):  # ``unevaluated-product-in-box``: "\boxed{24 \times 7 \text{ hours}}" for a count,
        # "\boxed{\frac{2}{3}\cdot\frac{3}{4}}" for a fraction: not worked out (a closing
        # sentence's "15 squared is 15 × 15" is read by equivalence)
        return _verdict(Status.INCORRECT, answer, "unevaluated arithmetic",
                        "answer-unevaluated-arithmetic")
    if kind == "boxed" and _BOX_HEDGE_RE.search(answer):
        # ``hedged-box``: "\boxed{42 \text{ (probably)}}", "\boxed{42?}": the box doubts itself
        return _verdict(Status.NO_ANSWER, None, "the boxed answer is hedged", "hedged-box")
    if kind == "anchor" and ")" in answer[-3:] and _ANCHOR_PAREN_HEDGE_RE.search(answer):
        # ``hedged-anchor-paren``: "the answer is 73 (indexing-dependent).", "... 12 (probably)":
        # the anchored value doubts itself in its closing parenthesis
        return _verdict(Status.NO_ANSWER, None, "the anchored answer is hedged", "hedged-anchor")
    if kind == "boxed" and "\\text" in answer and "(" in answer:
        # ``box-with-text-aside``: "\boxed{42 \text{ (the 6th term)}}": the value, its aside
        aside = _TEXT_ASIDE_TAIL_RE.search(answer)
        if aside is not None and not _ASIDE_DOUBT_RE.search(aside.group(0)):
            answer = answer[: aside.start()].strip() or answer
    if answer[0] in "\"'\u201c\u2018":  # ``quoted-answer``: '"72"' is 72
        answer = strip_quotes(answer)
    if answer[0] == "{":  # strip_grouping returns any other (stripped) text unchanged
        answer = strip_grouping(answer)
    if "\u2014" in answer or "\u2013" in answer or "--" in answer:
        answer = strip_dash_aside(answer)  # "486 — my first answer stands": 486
    if answer.endswith((" or", " or.")):
        # ``dangling-alternative``: "The answer is $12.50 or $13." read up to the currency
        # sign that opened math: "12.50 or", a value offered with another
        return _verdict(
            Status.NO_ANSWER, None, "a value offered with another", "dangling-alternative"
        )
    if len(answer) > MAX_ANSWER_CHARS:
        return _verdict(Status.LIMIT_EXCEEDED, answer[:80], "answer too long", rule)
    if FAST_INTEGER_PATH and answer.isdigit() and answer.isascii():
        # Plain digits against an integer gold: no form rule applies to either, no label, so
        # _judge's integer comparison is the verdict (tests/verify/test_fast_path.py).
        parsed = _parse_gold_cached(gold)  # the gold is at most MAX_GOLD_CHARS long here
        if parsed.kind == "integer" and len(answer) <= MAX_INT_DIGITS:
            if int(answer) == parsed.integer:
                if kind == "boxed" and _restated_differs(completion, answer):
                    return _verdict(
                        Status.INCORRECT, answer, _RESTATED_REASON, "restated-box-differs"
                    )
                if kind == "boxed" and _recap_differs(completion, answer, question):
                    return _verdict(
                        Status.INCORRECT, answer, _RECAP_REASON, "summary-contradicts-answer"
                    )
                return (True, Status.CORRECT, answer, "integer match", rule)
            return (False, Status.INCORRECT, answer, "different integer", rule)
    if FAST_INTEGER_PATH and len(answer) <= _MAX_CACHED_ANSWER_CHARS and (
        question is None or len(question) <= _MAX_CACHED_QUESTION_CHARS
    ):
        key = (answer, gold, question)
        judged = _JUDGED.get(key)
        if judged is None:
            judged = _judge_answer(answer, gold, question)
            if judged[0] is not Status.LIMIT_EXCEEDED:  # never remembered: see _JUDGED
                if len(_JUDGED) >= _MAX_JUDGED:
                    del _JUDGED[next(iter(_JUDGED))]  # the oldest entry
                _JUDGED[key] = judged
    else:
        judged = _judge_answer(answer, gold, question)
    status, reason, own_rule = judged
    if status is Status.CORRECT and kind == "boxed" and _restated_differs(completion, answer):
        return _verdict(Status.INCORRECT, answer, _RESTATED_REASON, "restated-box-differs")
    if (
        status is Status.CORRECT and kind == "boxed"
        and _recap_differs(completion, answer, question)
    ):
        return _verdict(Status.INCORRECT, answer, _RECAP_REASON, "summary-contradicts-answer")
    return _verdict(status, answer, reason, own_rule or rule)


def _approximation_off(exact: str, approximate: str) -> bool:
    """A rational exact value and a decimal approximation of it that is off by more than its
    last digit's rounding ("\\frac{2310}{6}" and 384: 385 is no value 384 rounds from)."""
    value = simple_rational(exact.strip().strip("$").strip(), 12)
    shown = approximate.strip().strip("$").rstrip(".").strip().replace(",", "")
    if value is None or not re.fullmatch(r"-?\d+(?:\.\d+)?", shown):
        return False
    places = len(shown.split(".")[1]) if "." in shown else 0
    return abs(Fraction(shown) - value) > Fraction(1, 2 * 10**places)


_INTEGER_ARITHMETIC_RE = re.compile(  # "17 \\times 23", "12 \\times 12 + 5": integers and + - x
    r"\d{1,6}(?:\s*(?:\\times|\\cdot|\u00d7|\u00b7|\*|\+|-)\s*\d{1,6}){1,7}"
)
_PRODUCT_SIGN_RE = re.compile(r"\\times|\\cdot|\u00d7|\u00b7|\*")


def _integer_arithmetic(text: str) -> int | None:
    """The value of a short sum or difference of products of integers ("17 \\times 23",
    "12 \\times 12 + 5"; at most eight numbers of six digits), None for anything else."""
    text = text.strip().strip("$").strip()
    if not _INTEGER_ARITHMETIC_RE.fullmatch(text):
        return None
    total = 0
    for sign, term in re.findall(r"([+-]?)\s*([^+-]+)", text):
        product = 1
        for factor in _PRODUCT_SIGN_RE.split(term):
            product *= int(factor.strip())
        total += -product if sign == "-" else product
    return total


def _arithmetic_approximation_off(exact: str, approximate: str) -> bool:
    """``arithmetic-approximation-off``: integer arithmetic said to be approximately a number it
    does not round to ("17 \\times 23 \\approx 400": 391 is no value 400 rounds from; the product
    itself is never given)."""
    value = _integer_arithmetic(exact)
    shown = approximate.strip().strip("$").rstrip(".").strip().replace(",", "")
    if value is None or not re.fullmatch(r"-?\d{1,12}(?:\.\d{1,6})?", shown):
        return False
    places = len(shown.split(".")[1]) if "." in shown else 0
    return abs(Fraction(shown) - value) > Fraction(1, 2 * 10**places)


_RESTATED_REASON = "restated as a box of another value"


def _restated_differs(completion: str, answer: str) -> bool:
    """``restated-box-differs``: the answer's box restates the box before it ("in other
    words", "i.e.", ...: :func:`._extract.restated_box_pair`) and the two values differ (a
    correct second box does not make a sample whose first box says otherwise correct)."""
    if completion.count("\\boxed") < 2:
        return False
    pair = restated_box_pair(completion)
    if pair is None or pair[1] != answer or pair[0] == answer:
        return False
    first, second = strip_grouping(pair[0]), strip_grouping(pair[1])
    if 1 <= second.count("=") <= 3:  # ``restated-equation-box``: "\\tfrac{3}{8} = 0.375" after
        second = strip_grouping(second.rsplit("=", 1)[1])  # 0.375: its last side is the value
    return _judge(first, second, None)[0] is Status.INCORRECT


_RECAP_REASON = "a closing summary states another value"


_APPROX_WORD_LEAD_RE = re.compile(
    r"(?:about|approximately|approx\.?|roughly|around|close[ \t]+to)[ \t]+(?=[-$\d.])",
    re.IGNORECASE,
)


def _recap_differs(completion: str, answer: str, question: str | None) -> bool:
    """``summary-contradicts-answer`` in any form: the text closes on a summary line whose
    stated value (:func:`._extract.recap_after_box`) is not equal to the boxed answer (a
    correct box does not make a sample whose closing summary says otherwise correct)."""
    if "\n" not in completion:
        return False
    recap = recap_after_box(completion, question)
    if recap is None or len(recap) > MAX_ANSWER_CHARS:
        return False
    if "," in answer and not (  # a list is not read from prose; a tuple only as a tuple
        recap.startswith("(") and recap.endswith(")") and recap.count(",") == answer.count(",")
    ):  # ("..., the vertex, at $(4, 3)$" after $\boxed{(3, 4)}$)
        return False
    return _judge(recap, answer, None)[0] is Status.INCORRECT


_JUDGED: dict[tuple[str, str, str | None], tuple[Status, str, str | None]] = {}
""":func:`_judge_answer`'s results in this process, by ``(answer, gold, question)``: the k
samples of one problem mostly state the same few answers, and the symbolic comparison of one
is the same work each time. A pure function of its key (no time or memory state enters it:
a limit hit inside is a kill, an exception or a ``LIMIT_EXCEEDED`` result, none of which is
stored), so a remembered result is the one a fresh call gives. Bounded, oldest out first."""
_MAX_JUDGED = 4096
_MAX_CACHED_ANSWER_CHARS = 200
_MAX_CACHED_QUESTION_CHARS = 8000


_LOWER_GOLD_RE = re.compile(r"\s*\(?[a-e]\)?\s*")
_LOWER_LABEL_RE = re.compile(r"\(([a-e])\)")
_LINE_LABEL_RE = re.compile(r"(?m)^[ \t]*a\)[ \t]")  # options "a) 32" on lines of their own
_LINE_LABELS_RE = re.compile(r"(?m)^([ \t]*)([a-e])\)")
_LEAD_LABEL_RE = re.compile(r"^[ \t]*([a-e])\)")
_LETTER_CLAUSE_RE = re.compile(
    r"[ \t*$]*\(?[ \t]*([A-Ea-e])[ \t]*\)?[ \t]*,?[ \t]+(?:which|that)[ \t]+(?:is|equals|gives)\b"
    r"[^()]*"
)
_SAME_ALTERNATIVE_RE = re.compile(
    r"(?P<v>[^()]{1,60}?)[ \t]*\([ \t]*(?:or|i\.e\.,?|equivalently|that is,?)[ \t]+"
    r"(?P<w>[^()\s]{1,40})(?:[ \t]+(?:if|when|as|in|written)\b[^()]*)?\)[ \t]*\.?"
)
_TEXT_WORDS_RE = re.compile(r"\\text\{[ \t]*([^{}]{0,40}?)[ \t]*\}")
_SAME_ALTERNATIVE_WORDS_RE = re.compile(  # "\tfrac{3}{2}  or equivalently  1.5"
    r"(?P<v>[^()]{1,60}?)[ \t]+\(?[ \t]*(?:or[ \t]+)?(?:equivalently|i\.e\.,?|that[ \t]+is,?)[ \t]+"
    r"(?P<w>[^()\s]{1,40})[ \t]*\)?[ \t]*\.?"
)
_LOWER_OPTION_RE = re.compile(r"[ \t*$]*\(?[ \t]*([a-e])[ \t]*\)?[ \t*.$]*")
_UNEVALUATED_RE = re.compile(
    r"\s*-?\d+(?:\s*(?:[+\-*·×−]|\\cdot|\\times)\s*\d+)+\s*"
)
_OPERAND = r"\s*\(?-?\d+(?:\.\d+)?\)?\s*"
_POWER_TERM = (  # "2^2", "3", "1 \cdot 2^3" (a place value with its digit)
    r"\s*(?:\d+\s*(?:\\cdot|\\times|[*·×])\s*)?\d+(?:\s*\^\s*\{?\d+\}?)?\s*"
)
_POWER_SUM_RE = re.compile(  # "1^2 + 2^2 + 3^2 + 4^2 + 5^2": the asked sum written out, not summed
    _POWER_TERM + r"\^\s*\{?\d+\}?\s*(?:[+\-−]" + _POWER_TERM + r"){2,}"
    # ``two-powers-unevaluated``: "20^2 - 3^2", both terms powers (not "2^{12} - 1", a closed form)
    + r"|\s*\d+\s*\^\s*\{?\d+\}?\s*[+\-−]\s*\d+\s*\^\s*\{?\d+\}?\s*"
)
_OPERATOR = r"(?:[+\-−*·×/÷]|\\cdot|\\times|\\div)"  # ("125/5+3": two operations left)
_FRACTION = r"\s*-?\\[dt]?frac\s*(?:\{\s*\d+\s*\}|\d)\s*(?:\{\s*\d+\s*\}|\d)\s*"
_FRACTION_TERM = r"\s*\\[dt]?frac\s*\{\s*\d+\s*\}\s*\{\s*\d+\s*\}\s*"
_TIMES = r"(?:\\times|\\cdot|[×·*])"
_FRACTION_TIMES_RE = re.compile(  # "\frac{20}{80}\times 100\%", "100 \cdot \frac{1}{4}"
    _FRACTION_TERM + _TIMES + r"\s*\d+(?:\.\d+)?\s*(?:\\?%)?\s*"
    + r"|\s*\d+(?:\.\d+)?\s*" + _TIMES + _FRACTION_TERM + r"(?:\\?%)?\s*"
)
_PRODUCT = r"\s*\d+(?:\s*" + _TIMES + r"\s*\d+)+\s*"  # "20 \cdot 21 \cdot 41"
_UNEVALUATED_DECIMAL_RE = re.compile(  # ``unevaluated-arithmetic-answer``: "24 \cdot 0.75",
    # "12 * 25 - 189": two operations, or one with a decimal, left undone ("15 × 15" alone may
    # restate the question's "15 squared")
    _OPERAND + _OPERATOR + _OPERAND + "(?:" + _OPERATOR + _OPERAND + ")+"
    + r"|\s*\(?-?\d+(?:\.\d+)?\)?\s*" + _OPERATOR + r"\s*\(?-?\d+\.\d+\)?\s*"
    + r"|\s*\(?-?\d+\.\d+\)?\s*" + _OPERATOR + _OPERAND
    # ``unevaluated-decimal-quotient``: "150 / 2.5", "7.5 / 3" (a quotient with a decimal in it)
    + r"|\s*\(?-?\d+(?:\.\d+)?\)?\s*/\s*\(?-?\d+\.\d+\)?\s*|\s*\(?-?\d+\.\d+\)?\s*/" + _OPERAND
    # ``unevaluated-fraction-product``: "\frac{2}{3} \times 36", "\tfrac34(120)"
    + "|" + _FRACTION + _OPERATOR + _OPERAND + "|" + _OPERAND + _OPERATOR + _FRACTION
    + "|" + _FRACTION + r"\(\s*-?\d+(?:\.\d+)?\s*\)\s*"
    # ``unevaluated-decimal-fraction``: "\frac{120}{2.5}", "\dfrac{7.5}{3}": a decimal in it
    + r"|\s*\\[dt]?frac\s*\{\s*-?\d+(?:\.\d+)?\s*\}\s*\{\s*\d+\.\d+\s*\}\s*"
    + r"|\s*\\[dt]?frac\s*\{\s*-?\d+\.\d+\s*\}\s*\{\s*\d+(?:\.\d+)?\s*\}\s*"
    # ``unevaluated-fraction-of-products``: "\frac{20\cdot 21\cdot 41}{6}", "\dfrac{100}{4 \times
    # 5}", "20 \cdot 21 \cdot 41 / 6": a product over a number (or the reverse) not worked out
    + r"|\s*\\[dt]?frac\s*\{" + _PRODUCT + r"\}\s*\{(?:" + _PRODUCT + r"|\s*\d+\s*)\}\s*"
    + r"|\s*\\[dt]?frac\s*\{\s*\d+\s*\}\s*\{" + _PRODUCT + r"\}\s*"
    + "|" + _PRODUCT + r"/\s*\d+\s*"
)
_CLOSING_UNIT_RE = re.compile(  # a unit closing an answer: "\ \text{mph}", " \mathrm{km/h}"
    r"(?:\s|\\[ ,;:!]|~)*(?:\\(?:text|mathrm|textrm|mbox|operatorname)\s*\{[ \t]*[A-Za-z]"
    r"[A-Za-z/ \t.^]{0,30}\}|[A-Za-z][A-Za-z/.^]{0,20})\s*\Z"
)
_RADICAND_TERM = r"\s*\d+(?:\.\d+)?(?:\s*\^\s*\{?\s*\d+\s*\}?)?\s*"
_RADICAND_ARITHMETIC_RE = re.compile(  # a root over plain arithmetic: "\sqrt{4 + 9}", "√(3^2+4^2)"
    r"(?:\\sqrt\s*\{|\u221a\s*\()" + _RADICAND_TERM
    + r"(?:(?:[+\-*\u00d7\u00b7]|\\cdot|\\times)" + _RADICAND_TERM + r")+[})]"
)
_DEGREE_MARK_RE = re.compile(r"\^\s*\{?\s*\\circ\s*\}?|\u00b0|\\degree")
_COMPUTE_ASKED_RE = re.compile(
    r"\W*(?:compute|evaluate|calculate|what[ \t]+is[ \t]+the[ \t]+value[ \t]+of|find[ \t]+the[ \t]+"
    r"value[ \t]+of)\b",
    re.IGNORECASE,
)
_SPACING_RE = re.compile(r"\\(?:left|right|[,;:!])")
_INT_FRACTION_RE = re.compile(r"\\[dt]?frac\s*(?:\{\s*(\d+)\s*\}|(\d))\s*(?:\{\s*(\d+)\s*\}|(\d))")
_FRACTION_PARTS_RE = re.compile(r"\\[dt]?frac\{([^{}]{1,60})\}\{([^{}]{1,60})\}")
_GROUPED_ARITHMETIC_RE = re.compile(r"[\d\s+\-\u2212*/^().]{1,200}")
_BINARY_OP_RE = re.compile(r"(?<=[\d)])\s*[+\-\u2212*/^]\s*(?=[\d(])")
_IMPLIED_PRODUCT_RE = re.compile(r"[\d)]\s*\(")


def _grouped_operations(answer: str) -> int:
    """How many operations an answer of numbers, brackets and fractions holds ("36\\left(1 -
    \\tfrac{1}{2}\\right)": 4, implied products counted); 0 for anything else (a letter, a
    power, a comma: not plain arithmetic). Bounded text, ``str`` methods and linear patterns."""
    t = answer.strip().strip("$").rstrip(".").strip("$")
    if len(t) > 200:
        return 0
    t = _SPACING_RE.sub("", t).replace("\\cdot", "*").replace("\\times", "*")
    t = t.replace("\u00d7", "*").replace("\u00b7", "*").replace("\\div", "/")
    t = _INT_FRACTION_RE.sub(
        lambda m: f"({m.group(1) or m.group(2)}/{m.group(3) or m.group(4)})", t
    )
    if "frac" in t:  # ``compound-fraction-unevaluated``: "\\dfrac{1}{1-\\frac12}" -> (1)/(1-(1/2))
        for _ in range(4):
            t, n = _FRACTION_PARTS_RE.subn(r"((\1)/(\2))", t)
            if not n:
                break
    roots = t.count("\\sqrt")  # ``unevaluated-radical-arithmetic``: "\sqrt{3^2 + 4^2}"
    t = t.replace("\\sqrt", "").replace("{", "(").replace("}", ")")
    if not _GROUPED_ARITHMETIC_RE.fullmatch(t) or not any(ch.isdigit() for ch in t):
        return 0
    operations = len(_BINARY_OP_RE.findall(t)) + len(_IMPLIED_PRODUCT_RE.findall(t))
    return roots + operations if operations else 0  # (roots alone, "\sqrt{\sqrt{256}}": none)
_OPTION_IN_ANSWER_RE = re.compile(r"\(([A-E])\)")
_LETTER_GOLD_RE = re.compile(r"\s*\(?[A-E]\)?\s*")
_CONTENT_GOLD_RE = re.compile(r"[0-9a-z\\]")  # an option's content, not its letters
_OPTIONS_ONLY_RE = re.compile(  # "(C)(D)", "(C), (D)", "(C) or (D)", "(C) and (D)": labels only
    r"[\s$*]*\([A-E]\)(?:[\s$*]*(?:,|/|&|or|and)?[\s$*]*\([A-E]\))+[\s$*.]*"
)
_HEDGED_SECOND_OPTION_RE = re.compile(  # "B, and maybe D", "B, possibly D", "C or perhaps A"
    r"[\s*]*\(?([A-E])\)?[\s*]*,?[ \t]*(?:(?:and|or)[ \t]+)?(?:maybe|perhaps|possibly|probably"
    r"|also)[ \t]+(?:also[ \t]+)?\(?(?!\1)[A-E]\)?[\s*.]*"
)
_DECIMAL_IN_RE = re.compile(r"\d\.\d")
_SCIENTIFIC_FORM_RE = re.compile(  # "1.728 \times 10^5": scientific notation, a written number
    r"\s*-?\d+(?:\.\d+)?\s*(?:\\times|\\cdot|[×·*])\s*10\s*\^\s*\{?\s*-?\d+\s*\}?\s*"
)
_CLOSED_FORM_RE = re.compile(  # numbers, fractions, radicals, pi: no function left to evaluate
    r"(?:[\d\s{}()+\-*/^\u221a\u03c0]|\\[dt]?frac|\\sqrt|\\pi|\\cdot|\[\d\])+"  # ("2√2", "4π")
)
_APPROX_NUMBER_RE = re.compile(r"-?\d+(?:\.\d+)?")
_POWER_WORDS_RE = re.compile(  # "3 to the power of 7", "3 raised to the 7th power", "the cube
    # of 4", "13 squared", "2 to the tenth power"
    r"\b(?P<b>\d+)\s+(?:to\s+the\s+power\s+of|raised\s+to\s+(?:the\s+)?(?:power\s+of\s+)?)"
    r"\s*(?P<e>\d+)"
    r"|\b(?P<w1>square|cube)[ \t]+of[ \t]+\$?(?P<b1>\d{1,6})(?!\d|\.\d)"
    r"|(?<![\d.])(?P<b2>\d{1,6})\$?[ \t]+(?P<w2>squared|cubed)\b"
    r"|(?<![\d.])(?P<b3>\d{1,6})\$?[ \t]+(?:raised[ \t]+)?to[ \t]+the[ \t]+(?P<w3>"
    + lx.alternation(lx.POWER_ORDINAL) + r")[ \t]+power\b",
    re.IGNORECASE,
)


def _powers_asked(question: str) -> set[tuple[str, str]]:
    """(base, exponent) of each power the question names in words ("3 to the power of 7", "the
    cube of 4", "2 to the tenth power"), as digit strings."""
    found = set()
    for m in _POWER_WORDS_RE.finditer(question):
        if m.group("b"):
            found.add((m.group("b"), m.group("e")))
            continue
        word = (m.group("w1") or m.group("w2") or m.group("w3")).lower()
        exp = 2 if word.startswith("squ") else 3 if word.startswith("cub") else (
            lx.POWER_ORDINAL.index(word) + 2
        )
        found.add((m.group("b1") or m.group("b2") or m.group("b3"), str(exp)))
    return found
_IMAGINARY_POWER_RE = re.compile(r"\s*i\s*\^\s*\{?\s*(?:[2-9]|\d{2,})\s*\}?\s*")
_IMAGINARY_POWER_TERM_RE = re.compile(  # "+ i^2", "i^{4} -": a power of i as a term of a sum
    r"[-+]\s*i\s*\^\s*\{?\s*(?:[2-9]|\d{2,})"
    r"|(?<![\w\\])i\s*\^\s*\{?\s*(?:[2-9]|\d{2,})\s*\}?\s*[-+]"
)
_POWER_ANSWER_RE = re.compile(r"\s*(?P<b>\d+)\s*\^\s*\{?\s*(?P<e>\d+)\s*\}?\s*")
_TEXT_ASIDE_TAIL_RE = re.compile(  # "\\text{ (the 6th term)}", or split across text and math:
    # "\\text{ (equivalently } 4\\pi \\text{ radians)}" (``box-equivalently-aside``)
    r"[ \t]*\\text\{[ \t]*\((?:[^(){}]{1,60}\)[ \t]*\}"
    r"|[^(){}]{0,40}\}[^(){}$]{1,40}?\\text\{[^(){}]{0,40}\)[ \t]*\})[ \t.]*\Z"
)
_ASIDE_DOUBT_RE = re.compile(  # an aside that doubts, offers another value or pleads
    r"\b(?:or|if|unless|may|might|could|would|should|not|unverified|accept\w*|prefer\w*|"
    r"depend\w*|possibl\w*|probabl\w*|maybe|perhaps|guess\w*|approx\w*)\b",
    re.IGNORECASE,
)
_PRODUCT_LEFT_RE = re.compile(
    r"\s*\d+\s*(?:\\times|\\cdot|\u00d7|\u00b7|\*)\s*\d+\s*"
    r"(?:\\(?:text|mathrm|mbox)\{[^{}]{0,30}\}|[A-Za-z][A-Za-z ]{0,20})?\s*"
)
_SUM_LEFT_RE = re.compile(r"\s*-?\d+(?:\s*[+\-]\s*\d+)+\s*")  # "24 + 12", "100 - 58"
_APPROX_BOX_RE = re.compile(r"[ \t]*(?:\\approx|\\sim|\u2248|~)[ \t]*-?\d")
_ANCHOR_PAREN_HEDGE_RE = re.compile(  # "73 (indexing-dependent)", "12 (probably)": a hedge in the
    # closing parenthesis of an anchored value
    r"\((?=[^()\n]{0,60}\b(?:probably|maybe|perhaps|possibly|not[ \t]+sure|unsure|tentative|"
    r"[a-z]+-dependent|depend(?:s|ing)?[ \t]+on)\b)[^()\n]{1,80}\)[ \t.!]*\Z",
    re.IGNORECASE,
)
_BOX_HEDGE_RE = re.compile(  # a box that doubts itself: "42 \text{ (probably)}", "42?"
    r"\b(?:probably|maybe|perhaps|possibly|i[ \t]+think|i[ \t]+guess|not[ \t]+sure|unsure)\b"
    r"|\?[ \t})]*\Z",
    re.IGNORECASE,
)
_INTEGER_GOLD_RE = re.compile(r"\s*-?\d+\s*")
_RATIONAL_FACTOR = r"(?:\d+(?:\.\d+)?|\\[dt]?frac\{\d+\}\{\d+\}|\d+/\d+)"
_RATIONAL_GOLD_RE = re.compile(r"\s*-?" + _RATIONAL_FACTOR + r"\s*")
_RATIONAL_PRODUCT_RE = re.compile(  # "\frac{2}{3}\cdot\frac{3}{4}", "0.5 \times 3": numbers only
    r"\s*-?" + _RATIONAL_FACTOR
    + r"(?:\s*(?:\\times|\\cdot|\u00d7|\u00b7|\*)\s*" + _RATIONAL_FACTOR + r")+\s*"
)
_PLAIN_OPERATIONS = r"\s*\d+(?:\s*(?:\\times|\\cdot|\u00d7|\u00b7|\*|\+|-)\s*\d+)+\s*"
_FRACTION_OF_OPERATIONS_RE = re.compile(  # "\frac{5 \cdot 4}{2 \cdot 15}", "\dfrac{6 + 1}{8}"
    r"\s*-?\\[dt]?frac\s*\{(?:" + _PLAIN_OPERATIONS + r"\}\s*\{\s*[\d\s+*\\a-z\u00d7\u00b7-]+"
    r"|\s*\d+\s*\}\s*\{" + _PLAIN_OPERATIONS + r")\}\s*"
)
_POWER_OF_OPERATIONS_RE = re.compile(  # "2^{5+3-6}", "3^{2 \cdot 2}", "(2+3)^2": a power whose
    # exponent or base is arithmetic not worked out
    r"\s*-?\d+\s*\^\s*\{" + _PLAIN_OPERATIONS + r"\}\s*"
    r"|\s*-?\(" + _PLAIN_OPERATIONS + r"\)\s*\^\s*(?:\{\s*\d+\s*\}|\d)\s*"
)
_EXTREMUM_CALL_RE = re.compile(r"\\(?:min|max)\s*(?:\(|\\left\s*\(|\\\{|\{)")
_SUBSTITUTED_POWER_RE = re.compile(r"\(\s*-?\d+(?:\.\d+)?\s*\)\s*\^")
_FRACTION_SUM_RE = re.compile(  # "\frac{3}{6} + \frac{2}{6}", "\frac{6}{8} - \frac{1}{8}"
    r"\s*-?" + _RATIONAL_FACTOR + r"(?:\s*[+\-]\s*" + _RATIONAL_FACTOR + r")+\s*"
)
_FORM_OF_VALUE_RE = re.compile(r"\d[ \t]*!|\^|\\binom|\\sqrt")
_DOWN_WORDS = ("decrease", "drop", "reduction", "loss", "discount", "decline", "fall")
_CHANGE_WORDS = (  # a change and its direction ("decrease" down, "markup" up): see _DOWN_WORDS
    "decrease|increase|drop|reduction|rise|gain|loss|discount|markup|decline|growth|fall"
)
_PERCENT_CHANGE_RE = re.compile(  # "a 4% decrease", "an 8 percent increase"
    r"(?:an?[ \t]+)?(?:net[ \t]+|overall[ \t]+|total[ \t]+)?\$?(?P<v>\d[\d,]*(?:\.\d+)?[ \t]*"
    r"(?:\\?%|percent))\$?[ \t]+(?:net[ \t]+|overall[ \t]+)?(?P<w>" + _CHANGE_WORDS + ")",
    re.IGNORECASE,
)
_CHANGE_DIRECTION_RE = re.compile(r"\b(" + _CHANGE_WORDS + r")(?:d|s|n)?\b")


def _direction(word: str) -> int:
    """-1 for a word of a decrease ("drop", "discount"), 1 for one of an increase."""
    return -1 if word.startswith(_DOWN_WORDS) else 1
_ARITHMETIC_SEG_RE = re.compile(  # a question's expression of numbers only, with an operator
    r"(?=[^$]*(?:[+\-*^·×!]|\\cdot|\\times|\\div))(?:[\d\s+\-*^·×(){}/.,!]|\\cdot|\\times"
    r"|\\div|\\left|\\right|\\[dt]?frac)+"
)
_FACTORIAL_WORDS_RE = re.compile(r"\b\d+[ \t]+factorial\b", re.IGNORECASE)  # "6 factorial"
_QUESTION_MATH_RE = re.compile(r"\$([^$]{1,200})\$|\\\((.{1,200}?)\\\)")


def _math_segments(question: str) -> list[str]:
    return [m.group(1) or m.group(2) for m in _QUESTION_MATH_RE.finditer(question[:4000])]


def _upper(m: re.Match[str]) -> str:
    return "(" + m.group(1).upper() + ")"


def _upper_case_options(answer: str, gold: str, question: str) -> tuple[str, str, str]:
    """Options labelled "(a) ... (e)" are the letters "(A) ... (E)": a lower-case gold "c" (the
    question's labels and the answer's letter with it), or an answer "(d)" naming one of the
    question's labels. Returns the answer, gold and question to judge."""
    lower = _LOWER_OPTION_RE.fullmatch(answer) if len(answer) <= 8 else None
    if len(gold) <= 3 and _LOWER_GOLD_RE.fullmatch(gold) and _LINE_LABEL_RE.search(question):
        # options "a) 32" on lines of their own: the labels "(a)", the answer's "b) 64" too
        question = _LINE_LABELS_RE.sub(r"\1(\2)", question)
        answer = _LEAD_LABEL_RE.sub(r"(\1)", answer, count=1)
    if len(gold) <= 3 and _LOWER_GOLD_RE.fullmatch(gold) and "(a)" in question:
        gold = gold.strip().strip("()").upper()
        question = _LOWER_LABEL_RE.sub(_upper, question)
        if lower is None:  # "(c) $\frac{17}{12}$": the letter with its option's text
            return _LOWER_LABEL_RE.sub(_upper, answer, count=1), gold, question
        return lower.group(1).upper(), gold, question
    if lower is not None and "(" + lower.group(1) + ")" in question:
        answer = lower.group(1).upper()  # options labelled "(a) ... (d)": "(d)" is choice D
    clause = _LETTER_CLAUSE_RE.fullmatch(answer) if len(answer) <= 120 else None
    if clause is not None and "(" + clause.group(1).lower() + ")" in question.lower():
        answer = clause.group(1).upper()  # "C which is thirty-two": the letter chosen
    return answer, gold, question


_QUOTIENT_REMAINDER_RE = re.compile(  # "28 with remainder 4", "28 R 4", "28 r. 4", "28 rem 4"
    r"\$?[ \t]*(?P<q>-?\d+)[ \t]*,?[ \t]*(?:with[ \t]+(?:a[ \t]+)?remainder(?:[ \t]+of)?|remainder"
    r"|rem\.?|R|r\.?)[ \t]*(?P<r>\d+)[ \t]*\$?[ \t]*\.?"
)
_ASKS_REMAINDER_RE = re.compile(r"\bremainder\b|\bquotient\b", re.IGNORECASE)
_GAP = r"(?:\s|\\[ ,;:!]|~)*"
_CONGRUENCE_RE = re.compile(  # ``congruence-answer``: "7^{2025} \equiv 10 \pmod{11}", "\equiv 6"
    r"(?P<lhs>.{0,200}?)(?:\\equiv|≡)" + _GAP + r"(?P<r>-?\d{1,12})" + _GAP
    + r"(?:\\pmod" + _GAP + r"\{?" + _GAP + r"(?P<m>\d{1,12})" + _GAP + r"\}?"
    + r"|\(" + _GAP + r"(?:\\(?:text|mathrm|operatorname)" + _GAP + r"\{" + _GAP + r")?"
    + r"\\?(?:bmod|mod)" + _GAP + r"\}?" + _GAP + r"\{?" + _GAP + r"(?P<m2>\d{1,12})" + _GAP
    + r"\}?" + _GAP + r"\)"
    + r"|\\(?:bmod|mod)" + _GAP + r"\{?" + _GAP + r"(?P<m3>\d{1,12})" + _GAP + r"\}?)?"
    + _GAP + r"\.?" + _GAP,
    re.DOTALL,
)
_DIGITS_ASKED = (  # "the last two digits", "the units digit"
    r"\b(?:last|final|rightmost)[ \t]+(?:\w+[ \t]+)?digits?\b|\b(?:units?|ones)[ \t]+digit\b"
)
_DIGITS_ASKED_RE = re.compile(_DIGITS_ASKED, re.IGNORECASE)
_ASKS_RESIDUE_RE = re.compile(  # a remainder, a residue or last digits asked
    r"\bremainders?\b|\bmod(?:ulo|ulus)?\b|\\[pb]?mod\b|\bresidue\b|" + _DIGITS_ASKED,
    re.IGNORECASE,
)


def congruence_residue(answer: str, question: str | None) -> str | None:
    """``congruence-answer``: a congruence "A \\equiv r \\pmod m" (or "\\equiv r (mod m)") as
    the answer to a remainder or last-digits question states the residue ``r``. With a question,
    the modulus must be the asked one (a number of the question, or a power of ten when digits
    are asked) and without a modulus the question must ask for a residue; without a question the
    stated residue is the answer."""
    if "equiv" not in answer and "≡" not in answer:
        return None
    m = _CONGRUENCE_RE.fullmatch(answer.strip().strip("$"))
    if m is None:
        return None
    modulus = m.group("m") or m.group("m2") or m.group("m3")
    if question is None:
        return m.group("r")
    if _ASKS_RESIDUE_RE.search(question) is None:
        return None
    named = modulus is None or re.search(rf"(?<![\d.,]){modulus}(?![\d]|[.,]\d)", question)
    if not named and not (_DIGITS_ASKED_RE.search(question) and re.fullmatch(r"10+", modulus)):
        return None  # a congruence to another modulus than the asked one
    return m.group("r")


_ONE_INTEGER_ASKED_RE = re.compile(  # "the smallest positive integer x", "the least n"
    r"\b(?:smallest|least|largest|greatest|minimum|maximum|minimal|maximal)[ \t]+"
    r"(?:(?:possible|positive|negative|nonnegative|non-negative|natural|whole|three-digit|"
    r"two-digit|four-digit)[ \t]+){0,2}(?:integers?|numbers?|solutions?|values?|\$?[A-Za-z]\$?)\b",
    re.IGNORECASE,
)
_UNKNOWN_LHS_RE = re.compile(r"[ \t$]*[A-Za-z](?:_\{?\w{1,3}\}?)?[ \t$]*")


def _residue_class_for_one(answer: str, question: str) -> bool:
    """The congruence answer is the unknown's class ("x \\equiv 2 \\pmod 7")
    and the question asks for one extreme integer (``residue-class-for-one-integer``)."""
    m = _CONGRUENCE_RE.fullmatch(answer.strip().strip("$"))
    return (
        m is not None and _UNKNOWN_LHS_RE.fullmatch(m.group("lhs")) is not None
        and _ONE_INTEGER_ASKED_RE.search(question) is not None
    )


_DOZEN_RE = re.compile(
    r"(?P<n>\d{1,6}(?:\.\d{1,3})?)[ \t]*(?:\\[,;! ][ \t]*)*(?:\\(?:text|mathrm)\{[ \t]*)?dozens?"
    r"[ \t]*\}?[ \t.]*"
)
_VALUE_AGAIN_RE = re.compile(  # "1368 (1368)"; "17 (2, 3, 5, 7, 11, 13, 17)": a list ending on it
    r"(?P<v>-?\d[\d,.]{0,30}?)[ \t]*\([ \t]*(?:[-\d., \t]{0,200},[ \t]*)?(?P=v)[ \t]*\)"
)
_NUMBER_OPERATION_RE = re.compile(  # "5 \\cdot 180", "12 + 3", "2 \\times 7": still operated on
    r"\d[ \t]*(?:\^\\circ|\^\{\\circ\})?[ \t]*"
    r"(?:\\cdot|\\times|[*\u00d7\u00b7+]|(?<=\d)[ \t]+-[ \t]+)[ \t]*\(?\d"
)
_PLAIN_MEMBER_RE = re.compile(r"[\s$]*-?\d[\d,]*(?:\.\d+)?[\s$.]*")
_VALUE_LABEL_RE = re.compile(  # "p(2)", "f(-3)", "N", "a_5": a name for one value
    r"[A-Za-z](?:_\{?\w{1,3}\}?)?(?:\([ \t]*-?\d{1,6}[ \t]*\))?"
)


def _judge_answer(
    answer: str, gold: str, question: str | None
) -> tuple[Status, str, str | None]:
    """Status, reason and, when one decided, the answer rule's name, for an extracted answer
    (stripped of grouping braces, at most ``MAX_ANSWER_CHARS``) against ``gold``."""
    if len(gold.strip()) <= 3 and (
        len(set(_OPTION_IN_ANSWER_RE.findall(answer))) >= 2
        or _HEDGED_SECOND_OPTION_RE.fullmatch(answer) is not None
    ) and _LETTER_GOLD_RE.fullmatch(gold):  # ``two-options-joined``: "Final: (B)/(C)" names two
        # options, picks none; so does "B, and maybe D" (``hedged-second-option``)
        return Status.INCORRECT, "several options named", "answer-several-options"
    if question and "(" in answer and _CONTENT_GOLD_RE.search(gold) and _OPTIONS_ONLY_RE.fullmatch(
        answer
    ) and len(set(_OPTION_IN_ANSWER_RE.findall(answer))) >= 2 and len(
        set(_OPTION_IN_ANSWER_RE.findall(question))
    ) >= 3:  # (not a select-all gold of letters, "AC", matched by "(C) and (A)")
        # ``two-options-for-content-gold``: "(C)(D)" where the options are listed and the gold
        # is an option's content (15): two options named, none picked
        return Status.INCORRECT, "several options named", "answer-several-options"
    if question and "(" in question:
        answer, gold, question = _upper_case_options(answer, gold, question)
    chained = _chain_value(answer, gold, question) if "=" in answer else None
    if chained is not None and _INTEGER_GOLD_RE.fullmatch(gold.strip().strip("$")) and (
        _NUMBER_OPERATION_RE.search(chained)
        and not _SCIENTIFIC_FORM_RE.fullmatch(chained.strip().strip("$").rstrip(".").strip("$"))
        and not any(  # "2520 = 2^3 \\cdot 3^2 \\cdot 5 \\cdot 7": the value stated, then factored
            _PLAIN_MEMBER_RE.fullmatch(m) for m in answer.split("=")
        )
    ):  # ``chain-ends-unworked``: "(7-2)\\cdot 180^\\circ = 5 \\cdot 180^\\circ": a chain whose
        # last member is still arithmetic never reached its value
        return Status.INCORRECT, "unevaluated arithmetic", "answer-unevaluated-arithmetic"
    stated = {
        m.strip().strip("$").strip().rstrip(".").replace(",", "")
        for m in answer.split("=") if _PLAIN_MEMBER_RE.fullmatch(m)
    } if chained is not None and _INTEGER_GOLD_RE.fullmatch(gold.strip().strip("$")) else set()
    if len(stated) == 1 and (
        _NUMBER_OPERATION_RE.search(chained or "") or _FORM_OF_VALUE_RE.search(chained or "")
    ):  # (``value-then-its-form``: "\\boxed{24 = 4!}", "1024 = 2^{10}": the value stated first)
        # ``chain-with-stated-value``: "15 = 2^4 - 1 = 3 \\cdot 5": the value stated, then its
        # other forms (the chain's last member still arithmetic)
        return _judge_answer(stated.pop(), gold, question)
    if chained is not None:  # "25% of 360 = 0.25 × 360 = 90", "$A = \\pi r^2 = 16\\pi$"
        status, reason, own = _judge_answer(chained, gold, question)
        if status is Status.CORRECT and own is None:
            own = "answer-equation-chain"
        return status, reason, own
    if chained is None and answer.count("=") == 1:
        left, right = (p.strip().strip("$").strip() for p in answer.split("="))
        if right and _VALUE_LABEL_RE.fullmatch(left):  # ``label-equation-unevaluated``:
            # "p(2) = 2^3 + 2\cdot 2 + 1": the named value's arithmetic, left unworked
            status, reason, own = _judge_answer(right, gold, question)
            if own == "answer-unevaluated-arithmetic":
                return status, reason, own
    worded = _APPROX_WORD_LEAD_RE.match(answer) if question and answer[:1].isalpha() else None
    if worded is not None and question and ROUNDING_ASKED_RE.search(question):
        # asked "to the nearest tenth": "about 28.3 square units" answers with 28.3, as
        # "\approx 28.3" does (``answer-approximation-asked``)
        status, reason, own = _judge_answer(answer[worded.end() :], gold, question)
        if status is Status.CORRECT and own is None:
            own = "answer-approximation-asked"
        return status, reason, own
    approx = _APPROX_SIGN_RE.split(answer) if "approx" in answer or "≈" in answer else None
    if approx is not None and len(approx) > 1 and question and ROUNDING_ASKED_RE.search(question):
        # asked "to the nearest tenth": "$\sqrt{80} \approx 8.9$" answers with 8.9
        status, reason, own = _judge_answer(approx[-1].strip(), gold, question)
        if status is Status.CORRECT and own is None:
            own = "answer-approximation-asked"
        return status, reason, own
    if approx is not None and len(approx) == 2 and _arithmetic_approximation_off(*approx):
        return Status.INCORRECT, "the approximation given is another value", (
            "answer-approximation-off"  # "17 \\times 23 \\approx 400" (17 x 23 = 391)
        )
    if (
        approx is not None and len(approx) == 2 and approx[0].strip().strip("$").strip()
        and _CLOSED_FORM_RE.fullmatch(approx[0].strip().strip("$").strip())
        and not _DECIMAL_IN_RE.search(approx[0])
        and _APPROX_NUMBER_RE.fullmatch(approx[1].strip().strip("$").rstrip(".").strip())
    ):  # ``exact-then-approximation``: "\frac{\sqrt{6}}{4} \approx 0.612": the exact value
        if _approximation_off(approx[0], approx[1]):  # ``approximation-contradicts-exact``:
            return Status.INCORRECT, "the approximation given is another value", (
                "answer-approximation-off"  # "\frac{2310}{6} \approx 384" (2310/6 = 385)
            )
        status, reason, own = _judge_answer(approx[0].strip().strip("$").strip(), gold, question)
        return status, reason, own or ("answer-exact-then-approximation"
                                       if status is Status.CORRECT else None)
    about = _OR_ABOUT_RE.fullmatch(answer) if " or " in answer else None
    if about is not None and _CLOSED_FORM_RE.fullmatch(about.group("x").strip().strip("$")) and (
        not _DECIMAL_IN_RE.search(about.group("x")) and _near(about.group("x"), about.group("y"))
    ):  # ``exact-or-about``: "1/3, or about 33.3%": the exact value, then its rounding
        status, reason, own = _judge_answer(about.group("x").strip().strip("$"), gold, question)
        return status, reason, own or ("answer-exact-then-approximation"
                                       if status is Status.CORRECT else None)
    same = _SAME_ALTERNATIVE_RE.fullmatch(answer) if ")" in answer else None
    if same is None and "quivalent" in answer and "\\text" in answer:
        # "\tfrac{3}{2} \text{ or equivalently } 1.5": the same form with the words in text
        same = _SAME_ALTERNATIVE_WORDS_RE.fullmatch(_TEXT_WORDS_RE.sub(r" \1 ", answer).strip())
    if same is not None and _judge(same.group("w"), same.group("v"), None)[0] is Status.CORRECT:
        # "12 (or 12.0 if written as a decimal)": one value written two ways
        status, reason, own = _judge_answer(same.group("v").strip(), gold, question)
        if status is Status.CORRECT and own is None:
            own = "answer-same-value-alternative"
        return status, reason, own
    change = _PERCENT_CHANGE_RE.fullmatch(answer.strip().rstrip(".")) if "%" in answer or (
        "percent" in answer
    ) else None
    if change is not None and question:  # ``percent-change-answer``: "a 4% decrease" for "By
        # what percent has the price decreased?": its percent; "a 4% increase" answers no decrease
        asking = [p for p in re.split(r"(?<=[.!?])\s+", question.lower()) if "?" in p]
        asked = _CHANGE_DIRECTION_RE.findall(asking[-1] if asking else question.lower())
        said = change.group("w").lower()
        if asked and all(_direction(a) != _direction(said) for a in asked):
            return Status.INCORRECT, "a change in the other direction", "answer-percent-change"
        status, reason, own = _judge_answer(change.group("v"), gold, question)
        if status is Status.CORRECT and own is None:
            own = "answer-percent-change"
        return status, reason, own
    divided = _QUOTIENT_REMAINDER_RE.fullmatch(answer) if question else None
    if divided is not None and question:  # ``remainder-of-division``: "28 with remainder 4"
        asks = _ASKS_REMAINDER_RE.search(question)
        if asks is not None and len({m.lower() for m in _ASKS_REMAINDER_RE.findall(question)}) == 1:
            # (one of the two asked: "quotient and remainder" is answered by both)
            part = divided.group("r") if asks.group(0).lower().startswith("remainder") else (
                divided.group("q")
            )
            status, reason, own = _judge_answer(part, gold, question)
            if status is Status.CORRECT and own is None:
                own = "answer-remainder-of-division"
            return status, reason, own
    residue = congruence_residue(answer, question)
    if residue is not None and question and _residue_class_for_one(answer, question):
        # ``residue-class-for-one-integer``: "x \equiv 2 \pmod{7}" where the smallest positive
        # integer x is asked: a whole class, not the one integer
        return Status.INCORRECT, "a residue class where one integer is asked", (
            "answer-not-in-asked-form"
        )
    if residue is not None:  # "7^{2025} \equiv 10 \pmod{11}" for the remainder: 10
        status, reason, own = _judge_answer(residue, gold, question)
        if status is Status.CORRECT and own is None:
            own = "answer-congruence-residue"
        return status, reason, own
    sides = polygon_sides(answer, question)
    if sides is not None:
        answer = sides
    coded = coded_choice(answer, question)
    if coded is not None:  # 'Enter "P" for parabola' answered "\text{parabola}": P
        answer = coded
    last_side = answer.rsplit("=", 1)[-1].strip().rstrip(".").strip() if "=" in answer else answer
    if (
        question is not None and _UNEVALUATED_RE.fullmatch(last_side)
        and _INTEGER_GOLD_RE.fullmatch(gold.strip().strip("$"))
        and (
            any(_ARITHMETIC_SEG_RE.fullmatch(seg) for seg in _math_segments(question))
            or _FACTORIAL_WORDS_RE.search(question) is not None
            or _COMPUTE_ASKED_RE.match(question) is not None  # ``single-operation-left-where-
            # computed``: "Compute $\binom{5}{2} \cdot \binom{4}{2}$." answered "10 \cdot 6"
        )
    ):  # "What is $3^4 - 4^3$?" answered "3·3·3·3 − 4·4·4" or "81 - 64", "Compute $7!$."
        # answered "7! = 7 \cdot 6 \cdots 1": still to evaluate
        stated = {
            m.strip().strip("$").strip().replace(",", "")
            for m in answer.split("=")[:-1] if _PLAIN_MEMBER_RE.fullmatch(m)
        }
        if len(stated) == 1:  # ``value-then-factored-form``: "$496 = 2^4(2^5-1)$": the value
            return _judge_answer(stated.pop(), gold, question)  # stated, then its factored form
        return Status.INCORRECT, "unevaluated arithmetic", "answer-unevaluated-arithmetic"
    if (
        "=" not in answer and _INTEGER_GOLD_RE.fullmatch(gold.strip().strip("$"))
        and _UNEVALUATED_DECIMAL_RE.fullmatch(  # (``unit-after-unevaluated``: "150 / 2.5
            # \text{ km/h}": the unit set aside)
            _CLOSING_UNIT_RE.sub("", _DEGREE_MARK_RE.sub("", answer)).strip().strip("$").rstrip(".")
            .strip("$")
        )
        and not _SCIENTIFIC_FORM_RE.fullmatch(answer.strip().strip("$").rstrip(".").strip("$"))
    ) or (
        "=" not in answer and "^" in answer and _INTEGER_GOLD_RE.fullmatch(gold.strip().strip("$"))
        and _POWER_SUM_RE.fullmatch(answer.strip().strip("$").rstrip(".").strip("$"))
    ) or (
        "=" not in answer and _INTEGER_GOLD_RE.fullmatch(gold.strip().strip("$"))
        and _FRACTION_TIMES_RE.fullmatch(answer.strip().strip("$").rstrip(".").strip("$"))
    ) or (
        "=" not in answer and ("(" in answer or "frac" in answer or "sqrt" in answer)
        and _INTEGER_GOLD_RE.fullmatch(gold.strip().strip("$"))
        and _grouped_operations(answer) >= 2
    ):  # "Final Answer: The final answer is $24 \cdot 0.75$.": the product is not worked out;
        # "\frac{20}{80}\times 100\%" (``fraction-times-number``); ``unevaluated-grouped-
        # arithmetic``: "36\left(1 - \tfrac{1}{2}\right)\left(1 - \tfrac{1}{3}\right)", "2(3 + 4)"
        return Status.INCORRECT, "unevaluated arithmetic", "answer-unevaluated-arithmetic"
    if (
        "=" not in answer and ("sqrt" in answer or "\u221a" in answer)
        and _RADICAND_ARITHMETIC_RE.search(answer) and not _RADICAND_ARITHMETIC_RE.search(gold)
    ):  # ``unevaluated-radicand``: "\sqrt{4 + 9}", "√(4+9)" for \sqrt{13}: the sum under the
        # root not worked out
        return Status.INCORRECT, "unevaluated arithmetic", "answer-unevaluated-arithmetic"
    power = _POWER_ANSWER_RE.fullmatch(answer.strip().strip("$").rstrip(".").strip("$"))
    if (
        power is not None and question is not None
        and (power.group("b"), power.group("e")) in _powers_asked(question)
    ):  # "What is 3 to the power of 7?", "What is the cube of 4?" answered "3^7", "4^3": the
        # question restated (``power-asked-not-taken``)
        return Status.INCORRECT, "restates the question's expression unevaluated", (
            "answer-restates-question"
        )
    if (
        _IMAGINARY_POWER_RE.fullmatch(answer.strip().strip("$").rstrip(".").strip("$"))
        or ("i" in answer and _IMAGINARY_POWER_TERM_RE.search(answer) is not None)
    ) and not (
        _IMAGINARY_POWER_RE.fullmatch(gold.strip().strip("$"))
        or _IMAGINARY_POWER_TERM_RE.search(gold) is not None
    ):  # (``imaginary-power-in-sum``: "1 + 2i + i^2" for 2i: a term still a power of i)
        # ``imaginary-power-unreduced``: "i^3" for -i, "i^{2}" for -1: the power not reduced
        return Status.INCORRECT, "a power of i left unreduced", "answer-unevaluated-arithmetic"
    if power is not None and question and _INTEGER_GOLD_RE.fullmatch(gold) and (
        _ASKS_RESIDUE_RE.search(question)
    ):  # ``remainder-as-power``: "everything reduces to $2^2$" for the remainder: not reduced
        return Status.INCORRECT, "a power left where a remainder is asked", (
            "answer-unevaluated-arithmetic"
        )
    if unevaluated_functions(answer, gold, question):
        reason = "functions left unevaluated"
        return Status.INCORRECT, reason, "answer-unevaluated-functions"
    if restates_question(answer, gold, question):
        reason = "restates the question's expression unevaluated"
        return Status.INCORRECT, reason, "answer-restates-question"
    form = asked_form_violation(answer, gold, question)
    if form is not None:
        return Status.INCORRECT, form, "answer-not-in-asked-form"
    status, reason = _judge(answer, gold, question)
    if status is not Status.CORRECT:
        labelled = _judge_labelled(answer, gold, question)
        if labelled is not None:
            return Status.CORRECT, labelled[1], labelled[0]
        everyday = everyday_equal(answer, gold, question)
        if everyday is not None:  # "200 minutes" for "3 hours 20 minutes", "2115 hours"
            return Status.CORRECT, everyday[1], everyday[0]
    return status, reason, None


def _judge_labelled(answer: str, gold: str, question: str | None) -> tuple[str, str] | None:
    """``labelled-answer`` (``p+q=101`` against 101, ``3^4 = 81`` against 81) and
    ``labelled-gold`` (``|PQ|=2`` against 2 or ``|PQ| = 2``): compare the values."""
    asked = _asked_unknown_value(answer, question) if question and "=" in answer else None
    if asked is not None and "=" not in gold:  # ``asked-unknown-in-assignments``: "x = 4, y =
        # 6" where the question asks "find $y$": the asked unknown's value
        if _judge(asked, gold, question)[0] is Status.CORRECT:
            return "asked-unknown-in-assignments", "the asked unknown's value is equal"
        return None
    g_split = labelled_gold(gold)
    a_split = split_label(answer)
    if g_split is not None:
        value = a_split[1] if a_split is not None else answer
        if _judge(value, g_split[1], question)[0] is Status.CORRECT:
            return "labelled-gold", "equal to the labelled gold's value"
    elif a_split is not None and "=" not in gold:
        label, value = a_split
        if not is_label(label) and not _asked_expression(label, question) and (
            re.search(r"[A-Za-z]", re.sub(r"\\[A-Za-z]+", "", label))
            or _judge(label, value, None)[0] is not Status.CORRECT
        ):
            return None  # neither a label nor a true numeric chain ("2 + 2 = 5")
        if _judge(value, gold, question)[0] is Status.CORRECT:
            return "labelled-answer", "the labelled answer's value is equal"
    elif a_split is None and "=" not in gold:
        named = _NOUN_VALUE_RE.fullmatch(answer)
        if named is not None and question and _names_asked(named.group("n"), question):
            # ``asked-noun-before-value``: "remainder 5 (quotient 11)" asked the remainder
            if _judge(named.group("v"), gold, question)[0] is Status.CORRECT:
                return "asked-noun-value", "the value after the asked noun is equal"
            return None
        members = split_chain(answer)
        if (
            members is not None and _chain_holds(members)
            and _judge(members[-1], gold, question)[0] is Status.CORRECT
        ):
            return "equation-chain-value", "the equation chain's last member is equal"
    return None


_ASSIGNMENT_SPLIT_RE = re.compile(r"[ \t]*(?:,|;|\\q?quad|\band\b|\\text\{[ \t]*and[ \t]*\})[ \t]*")
_ASSIGNMENT_RE = re.compile(r"[ \t$]*([A-Za-z])[ \t]*=[ \t]*([^=]{1,40}?)[ \t$.]*")
_ASKED_UNKNOWN_RE = re.compile(  # "find $y$", "what is $x$?", "What is the value of $b$?"
    r"\b(?:find|what[ \t]+is|what's|compute|determine|solve[ \t]+for|calculate)[ \t]+"
    r"(?:the[ \t]+value[ \t]+of[ \t]+)?\$[ \t]*([A-Za-z])[ \t]*\$(?![ \t]*(?:,|and\b|\+|-|=))",
    re.IGNORECASE,
)


def _asked_unknown_value(answer: str, question: str) -> str | None:
    """The value of the one unknown the question asks ("find $y$") among an answer's
    assignments of every unknown ("x = 4,\\ y = 6"), or None: not a list of two or more
    one-letter assignments, the question asking none or several of them, or a pair."""
    asked = {m.group(1) for m in _ASKED_UNKNOWN_RE.finditer(question)}
    if len(asked) != 1 or "pair" in question or "triple" in question:
        return None
    parts = _ASSIGNMENT_SPLIT_RE.split(answer.replace("\\ ", " ").replace("\\,", " "))
    found = [_ASSIGNMENT_RE.fullmatch(p) for p in parts if p.strip()]
    if len(found) < 2 or any(f is None for f in found):
        return None
    values = {f.group(1): f.group(2).strip() for f in found if f is not None}
    if len(values) != len(found):
        return None  # a letter assigned twice
    return values.get(asked.pop())


_SPACE_RE = re.compile(r"\s+")
_NOUN_VALUE_RE = re.compile(  # "remainder 5", "sum: 55", "remainder 5 (quotient 11)"
    r"(?P<n>[A-Za-z]{3,20})[ \t]*[:=]?[ \t]+(?P<v>\$?-?\d[\d,]*(?:\.\d+)?\$?)"
    r"(?:[ \t]*\((?![^()]*\bor\b)[^()]{0,60}\))?[ \t.]*"
)
_ASKING_WORD_RE = re.compile(r"[A-Za-z]+")
_FILLER_NOUNS = frozenset({"the", "and", "answer", "value", "final", "result", "number", "ans"})


def _names_asked(noun: str, question: str) -> bool:
    """The noun is one of the question's words (its first five letters), not a filler word."""
    low = noun.lower()
    if low in _FILLER_NOUNS:
        return False
    stem = low[:5]
    return any(w.lower().startswith(stem) for w in _ASKING_WORD_RE.findall(question[:2000]))


def _asked_expression(label: str, question: str | None) -> bool:
    """``asked-expression-label``: the label is one of the question's math segments whole
    (spaces aside): "$A \\cap B = \\{3, 4\\}$" answers "Find $A \\cap B$." with its value."""
    want = _SPACE_RE.sub("", label)
    if not question or len(want) < 2 or ("$" not in question and "\\(" not in question):
        return False
    return any(
        _SPACE_RE.sub("", m.group(1) or m.group(2) or "") == want
        for m in _QUESTION_MATH_RE.finditer(question[:4000])
    )


_OR_ABOUT_RE = re.compile(
    r"(?P<x>[^,]{1,60}?),?[ \t]+or[ \t]+(?:about|approximately|roughly|around|nearly)[ \t]+"
    r"\$?(?P<y>-?\d+(?:\.\d+)?)[ \t]*(?P<p>\\?%)?\$?[ \t.]*",
    re.IGNORECASE,
)
_PLAIN_RATIO_RE = re.compile(
    r"[ \t$]*(?P<n>-?\d+)[ \t]*(?:/[ \t]*(?P<d>\d+))?[ \t$]*"
    r"|[ \t$]*\\[dt]?frac\{(?P<fn>-?\d+)\}\{(?P<fd>\d+)\}[ \t$]*"
)


def _near(exact: str, rounded: str) -> bool:
    """The rounded number (a percent read both ways) is within 1% of a plain ratio, or the exact
    value is no plain ratio (a radical, pi): ``exact-or-about``."""
    m = _PLAIN_RATIO_RE.fullmatch(exact)
    if m is None:
        return True
    num, den = int(m.group("n") or m.group("fn")), int(m.group("d") or m.group("fd") or 1)
    if den == 0:
        return False
    value, y = num / den, float(rounded)
    return any(abs(value - c) <= 0.01 * max(1.0, abs(value)) for c in (y, y / 100))


_APPROX_SIGN_RE = re.compile(r"\\approx(?![A-Za-z])|≈")
_RELATION_RE = re.compile(r"<|>|\\[lg]eq?\b|\\ne(?:q)?\b|\\approx|\\equiv|\\sim|≈|≤|≥|≠")
_MAX_CHAIN_MEMBERS = 9
_UNIT_TAIL_RE = re.compile(r"(?<=\d)[ \t]+[A-Za-z][A-Za-z \t]{0,30}$")
_LIST_MARK_RE = re.compile(r"[,;]|\\text|\\quad|\\qquad|\b(?:and|or)\b")
_ARGUMENTS_RE = re.compile(r"(?<=[A-Za-z])\([^()]{0,40}\)")  # "C(10,5)": a function's arguments




_BASED_NUMERAL_RE = re.compile(r"([0-9A-Za-z]{1,40})_\{?(\d{1,2})\}?")


def _based_value(text: str) -> int | None:
    """The number a numeral with a named base writes (``101101_2`` -> 45), or None."""
    m = _BASED_NUMERAL_RE.fullmatch(text.strip())
    if m is None or not 2 <= int(m.group(2)) <= 36:
        return None
    try:
        return int(m.group(1), int(m.group(2)))
    except ValueError:
        return None


_WRAPPED_TUPLE_RE = re.compile(r"(?:\\left)?[(\[][^()\[\]=]*(?:\\right)?[)\]]")


def _chain_value(answer: str, gold: str, question: str | None) -> str | None:
    """``answer-equation-chain``: an answer written as a chain ``E = ... = V`` whose members
    are equal gives its last member V ("25% of 360 = 0.25 × 360 = 90", "$A = \\pi r^2 = \\pi
    \\cdot 4^2 = 16\\pi$", "$p^2 + q^2 = 81 - 28 = 53$", "x\\cdot x + 6x - 4x - 24 = x^2 + 2x -
    24"), so the asked-form rules read V. The first member may name the quantity (a label, words,
    the question's own expression); every other member must equal V (numbers, or -- when V has
    letters -- expressions all equal to V). A single ``name = V`` needs the name to be a label or
    the question's own expression. None when the gold is an equation or the chain does not
    hold."""
    if "=" in gold or _RELATION_RE.search(answer):
        return None
    t = answer.strip().rstrip(".").strip().strip("$").strip()
    if t.startswith("="):  # ``leading-equals-chain``: "Midpoint $= (\frac{2+6}{2}, ...) = (4, 2)$"
        t = t[1:].lstrip(" \t$")  # read from its first member: the name stood outside the math
    members = [m.strip().strip("$").strip().rstrip(".").strip() for m in t.split("=")]
    if not 2 <= len(members) <= _MAX_CHAIN_MEMBERS or any(
        not m or m.count("{") != m.count("}") for m in members
    ):
        return None
    first, *middle, last = members
    if any("$" in m for m in (*middle, last)):
        return None  # "the area under $y = x$ from $x = 0$ to $x = 2$": equations in prose
    if not middle and _GIVEN_QUANTITY_RE.fullmatch(last) and _given_quantity(first, question):
        return last  # ``given-quantity-converted``: "77°F = 25°C", "5 km = 5000 m"
    last = _UNIT_TAIL_RE.sub("", last)  # "= 120 ways": the number
    if any(
        _LIST_MARK_RE.search(_ARGUMENTS_RE.sub("()", m)) and not _WRAPPED_TUPLE_RE.fullmatch(m)
        for m in (*middle, last)
    ):  # ("= (5, 3)": one point, its commas inside its parentheses)
        return None  # "x = 2, x = 3", "Maximum = 2, Minimum = 1": a list of equations
    first = first.rsplit("$", 1)[-1].strip()  # "Therefore, $\\angle C" names "\\angle C"
    based = [_based_value(m) for m in (first, *middle, last)]
    if based[-1] is not None and based[0] is None and first.isdigit() and len(first) <= 12:
        based[0] = int(first)  # ``decimal-equals-based-numeral``: "45 = 101101_2"
    if based[-1] is not None and all(v is not None for v in based):
        # "45_{10} = 101101_2": numerals in named bases, the same number: the last numeral
        return last if len(set(based)) == 1 else None
    if _has_letters(last):  # expressions: every member equal to the last
        if not first or not all(_has_letters(m) for m in (first, *middle)):
            return None
        same = all(_judge(m, last, None)[0] is Status.CORRECT for m in (first, *middle))
        return last if same else None
    numeric = [m for m in middle if not _has_letters(m)]  # "\\pi r^2": the formula, a step
    for m in numeric:
        if _judge(m, last, None)[0] is not Status.CORRECT:
            return None
    if not first:
        return None
    if first.startswith("\\begin{vmatrix}") and _judge(first, last, None)[0] is Status.CORRECT:
        return last  # ``determinant-then-value``: "\begin{vmatrix} 3 & 1 \\ 2 & 5 ... = 13"
    if _has_letters(first):
        if question and len(t) >= 5 and squash(t) in squash(question):
            return None  # ``restated-given-equation``: "The equation is $2x + 3 = 11$."
        named = is_label(first) or bool(
            question and len(first) >= 2 and squash(first) in squash(question)
        ) or _given_quantity(first, question)
        if not (numeric or named) and not middle and _FORMULA_VAR_RE.search(first) and not (
            question and _given_number(last, question)
        ):  # ``formula-then-value``: "$4\pi r^2 = 36\pi$": the value
            return last
        return last if numeric or named else None
    return last if _judge(first, last, None)[0] is Status.CORRECT else None


_FORMULA_VAR_RE = re.compile(r"(?<![A-Za-z\\])[a-z](?![A-Za-z])")
"""A one-letter variable standing alone in a formula ("4\\pi r^2" reads r; not a command's
letters, nor the letters of a word)."""
_NUMBER_IN_RE = re.compile(r"-?\d+(?:\.\d+)?")


_FRACTION_VALUE_RE = re.compile(  # "-\\dfrac{15}{2}", "-15/2": a fraction is its own number
    r"[ \t$]*-?[ \t]*(?:\\[dt]?frac\{(?P<a>\d+)\}\{(?P<b>\d+)\}|(?P<c>\d+)/(?P<d>\d+))[ \t$.]*"
)


def _given_number(value: str, question: str) -> bool:
    """The value's number occurs in the question: a given, not a result. A fraction's number
    is the fraction (``fraction-value-not-given``: "$-\\dfrac{15}{2}$" is not given by the
    equation's "-15"; it is by "$\\frac{15}{2}$" or "15/2")."""
    fraction = _FRACTION_VALUE_RE.fullmatch(value) if "/" in value or "frac" in value else None
    if fraction is not None:
        a = fraction.group("a") or fraction.group("c")
        b = fraction.group("b") or fraction.group("d")
        return re.search(
            r"(?<![\d.])(?:" + a + r"[ \t]*/[ \t]*" + b + r"|\\[dt]?frac\{" + a + r"\}\{" + b
            + r"\})(?![\d])", question
        ) is not None
    if "pi" in value or "\u03c0" in value or "sqrt" in value or "\u221a" in value:
        # ``multiple-of-pi-not-given``: "$14\pi$" is not given by "diameter 14" (it is by
        # "$14\pi$" in the question)
        return squash(value.strip("$ .")) in squash(question)
    m = _NUMBER_IN_RE.search(value)
    return m is not None and re.search(
        r"(?<![\d.])" + re.escape(m.group(0)) + r"(?![\d]|\.\d)", question
    ) is not None


_GIVEN_QUANTITY_RE = re.compile(  # "77°F", "77^\\circ F", "5 \\text{ km}", "3 square yards"
    r"(?P<n>-?\d[\d,]*(?:\.\d+)?)[ \t]*(?:°|\^\{?\\circ\}?)?[ \t]*(?:\\(?:text|mathrm)\{[ \t]*)?"
    r"[A-Za-z]+(?:[ \t]+[A-Za-z]+)?[ \t]*\}?"
)


def _given_quantity(first: str, question: str | None) -> bool:
    """``given-quantity-converted``: the chain's first member is a number with a unit that the
    question gives ("**77°F = 25°C**" for "Convert $77^\\circ$F to degrees Celsius"): the chain
    converts it, and its last member is the answer."""
    m = _GIVEN_QUANTITY_RE.fullmatch(first.strip())
    return bool(question and m and re.search(
        r"(?<![\d.,])" + re.escape(m.group("n")) + r"(?![\d]|[.,]\d)", question
    ))


def _chain_holds(members: list[str]) -> bool:
    """``equation-chain-value``: ``p+q = 7+12 = 19`` or ``\\binom{8}{3} = \\frac{336}{6} = 56``:
    the first member a label or a numeric expression, every numeric member equal to the last,
    the last without letters (a value, not ``\\pi r^2 = 9\\pi``)."""
    *rest, last = members
    if _has_letters(last):
        return False
    first_is_label = is_label(rest[0])
    for member in rest[1:] if first_is_label else rest:
        if _has_letters(member) or _judge(member, last, None)[0] is not Status.CORRECT:
            return False
    return True


def _has_letters(text: str) -> bool:
    stripped = re.sub(r"\\[A-Za-z]+", "", text)  # (any letter: "𝐯₂(50!)" names a quantity too)
    return bool(re.search(r"[A-Za-z]", stripped)) or (
        not stripped.isascii() and any(ch.isalpha() for ch in stripped)
    )


_ONE_LETTER_UNIT_RE = re.compile(  # "250 m", "2500 g", "3 L", "250 \\text{ m}"
    r"\s*\$?(?P<n>-?\d+(?:\.\d+)?)\s*(?:\\[,;!: ]\s*)*(?:\\(?:text|mathrm)\{\s*)?"
    r"(?P<u>[" + "".join(lx.ONE_LETTER_UNIT) + r"])\s*\}?\s*\.?\s*\$?\s*"
)
_PLAIN_NUMBER_GOLD_RE = re.compile(r"\s*-?\d+(?:\.\d+)?\s*")


def _one_letter_unit(answer: str, gold: str, question: str | None) -> str | None:
    """``one-letter-unit``: the number of "250 m" / "2500 g" / "3 L" when the gold is a plain
    number and the question measures in that unit: it names the unit ("in meters", "grams") or
    writes the letter after a number ("100 m"); a letter the question uses as a variable ("Solve
    for $m$") is no unit."""
    if question is None or not _PLAIN_NUMBER_GOLD_RE.fullmatch(gold):
        return None
    m = _ONE_LETTER_UNIT_RE.fullmatch(answer)
    if m is None:
        return None
    unit = m.group("u")
    named = re.search(r"\b" + lx.ONE_LETTER_UNIT[unit], question, re.IGNORECASE)
    written = re.search(r"\d\s*" + unit + r"\b(?!\s*=)", question)
    variable = re.search(r"(?:\$|\\\(|\bfor\s+)[^$]{0,20}\b" + unit + r"\b", question)
    if (named or written) and not variable:
        return m.group("n")
    return None


def _judge(answer: str, gold: str, question: str | None) -> tuple[Status, str]:
    if question and "oman" in question and _ROMAN_ASKED_RE.search(question):
        roman = _same_roman(answer, gold)
        if roman is not None:  # ``roman-numeral-text``: "XIV" is no product X·I·V equal to XVI
            return (Status.CORRECT, "same roman numeral") if roman else (
                Status.INCORRECT, "different roman numeral"
            )
    same_unit = same_unit_numbers(answer, gold)
    if same_unit is not None:  # ``reference-unit-same``: "35 m^2" for "35 \text{ m}^2"
        answer, gold = same_unit
    unit_number = _one_letter_unit(answer, gold, question) if question else None
    if unit_number is None and question and _PLAIN_NUMBER_GOLD_RE.fullmatch(gold):
        unit_number = asked_unit_number(answer, question)  # ``unit-mismatch``: "45 min"
    if unit_number is not None:
        answer = unit_number
    gm = _INT_GOLD_RE.fullmatch(gold)
    if gm is not None and len(gm.group(1)) <= MAX_INT_DIGITS:
        am = _INT_ANSWER_RE.fullmatch(answer)
        if am is not None and len(am.group(1)) <= MAX_INT_DIGITS:
            if int(am.group(1)) == int(gm.group(1)):
                return Status.CORRECT, "integer match"
            return Status.INCORRECT, "different integer"
    g_val, a_val = _simple_rational(gold), _simple_rational(answer)
    if g_val is not None and g_val == a_val:
        return Status.CORRECT, "equal rational"
    int_gold = gm is not None and len(gm.group(1)) <= MAX_INT_DIGITS
    if FAST_INTEGER_PATH and int_gold and a_val is not None:
        # Integer gold, a plain decimal or fraction of another value: the symbolic path compares
        # these exactly and can only say this (tests/verify/test_fast_path.py: equal verdicts).
        return Status.INCORRECT, "not equivalent"
    from ._compare import compare  # sympy-backed path, imported only when needed

    return compare(answer, gold, question)


_ROMAN_RE = re.compile(r"[IVXLCDM]{1,15}")
_ROMAN_ASKED_RE = re.compile(r"\broman\b", re.IGNORECASE)  # (not "a woman")
_TEXT_WRAP_RE = re.compile(r"\\(?:text|mathrm|textbf|mathbf|textrm)\{([^{}]*)\}")


def _same_roman(answer: str, gold: str) -> bool | None:
    """Asked for Roman numerals: whether two numerals written in capitals ("XIV", "\\text{XVI}")
    are the same numeral (None when either is no numeral): compared as written, not as products
    of letters (X·I·V = X·V·I)."""
    a, g = (_TEXT_WRAP_RE.sub(r"\1", x).strip(" \t$*_.") for x in (answer, gold))
    if not (_ROMAN_RE.fullmatch(a) and _ROMAN_RE.fullmatch(g)):
        return None
    return a == g  # (a numeral has one standard spelling: "IL" is no way to write XLIX)


_DAMAGE_CHARS_RE = re.compile("[\x07\x08\x0b\x0c\t\r]")


def _parse_gold(gold: str) -> ParsedGold:
    if not gold.isprintable() and _DAMAGE_CHARS_RE.search(gold):
        gold = repair_escapes(gold)  # ``gold-escape-damage``
    if len(gold) > MAX_GOLD_CHARS:
        return ParsedGold(gold, "invalid", problem="gold too long")
    if not gold.strip():
        return ParsedGold(gold, "invalid", problem="empty gold")
    rational = _simple_rational(gold)
    gm = _INT_GOLD_RE.fullmatch(gold)
    if gm is not None and len(gm.group(1)) <= MAX_INT_DIGITS:
        return ParsedGold(gold, "integer", integer=int(gm.group(1)), rational=rational)
    if rational is not None:
        return ParsedGold(gold, "rational", rational=rational)
    return ParsedGold(gold, "expression")


_parse_gold_cached = functools.lru_cache(maxsize=4096)(_parse_gold)


def parse_gold(gold: str) -> ParsedGold:
    """Parse a gold answer once (regular expressions on at most ``MAX_GOLD_CHARS``; the same
    tests :func:`verify_unbounded` makes). The symbolic parse of an ``"expression"`` gold is
    made once per process and cached (``_compare.parse_gold_items``)."""
    return _parse_gold_cached(gold) if len(gold) <= MAX_GOLD_CHARS else _parse_gold(gold)


def extract_answer(
    completion: str, question: str | None = None, finish_reason: str | None = None
) -> ExtractedAnswer:
    """The final committed answer of ``completion`` (the first half of :func:`verify_unbounded`)."""
    if len(completion) > MAX_COMPLETION_CHARS:
        return ExtractedAnswer(None, None, "completion too long")
    text, kind, rule = _extract_answer(completion, question, finish_reason)
    if kind == "none" or not text.strip():
        return ExtractedAnswer(None, None, "no committed final answer", rule or None)
    return ExtractedAnswer(text.strip(), kind, "extracted", rule or None)
