"""The general (non-integer) comparison path: parse both answers and decide equivalence."""

from __future__ import annotations

import functools
import re

import sympy
from sympy.polys.polyerrors import BasePolynomialError

from . import _lexicon as lx
from ._answer import Letter, Seq, Text, Value, parse_answer
from ._clock import same_clock_time
from ._equiv import answers_equal
from ._latex import LimitError, ParseError
from ._normalize import clean, split_top
from ._types import Status

_OPTION_RE = re.compile(r"\(\s*([A-E])\s*\)|(?:(?<=\s)|^)([A-E])[.):]\s")
_LETTER_CONTENT_RE = re.compile(
    r"\(\s*([A-E])\s*\)\s*(\S.*)|([A-E])(?:[.:)]|\s+[\u2014\u2013-])\s+(\S.*)"
)
_DASH_LEAD_RE = re.compile(r"^[\u2014\u2013:-]\s+")  # "— 243" (never the sign of "-3")
_CONTENT_REASON_RE = re.compile(  # "243, because its digits ...", "243 is the multiple of 9"
    r"^(?:[\u2014\u2013:-]\s+)?(?P<v>[^,;]+?)\s*(?:[,;]|\s(?:because|since|as|is|which)\b).*$",
    re.S,
)
_CLOCK_PAIR_RE = re.compile(r"(\d{1,2}):(\d{2})")
_CLOCK_AMPM_RE = re.compile(r"(\d{1,2}):(\d{2})\s*[ap]m")
_PRODUCT_SPLIT_RE = re.compile(r"\\cdot|\\times|\*")
_POWER_FACTOR_RE = re.compile(r"\(?\s*(\d+)\s*\)?(?:\s*\^\s*(?:\{\s*(\d+)\s*\}|(\d)))?")
MAX_POWER_FACTORS = 8
MAX_POWER_BASE_DIGITS = 12
_SYMPY_ERRORS = (
    ArithmeticError,
    TypeError,
    ValueError,
    AttributeError,
    NotImplementedError,
    RecursionError,
    BasePolynomialError,
)


def _parse(text: str, *, allow_letter: bool, join_numbers: bool) -> list[Value]:
    return parse_answer(text, allow_letter=allow_letter, join_numbers=join_numbers)


_SET_LITERAL_RE = re.compile(r"(?:\\?[A-Za-z]+(?:_\{?\w+\}?)?\s*(?:\\in|=)\s*)?\\\{.*\\\}", re.S)


def _is_set_literal(text: str) -> bool:
    """``\\{-3, 3\\}`` / ``x \\in \\{-3, 3\\}``: written as a set (braces), not a bare list."""
    return bool(_SET_LITERAL_RE.fullmatch(text.strip()))


def _set_against_sequence(
    gold_text: str, gold: list[Value], answer_text: str, model: list[Value]
) -> bool:
    """``set-vs-sequence``: one side is written as a set ``\\{a, b\\}`` and the other is one
    ordered pair / interval ``(a, b)`` or ``[a, b]``. A plain list ``a, b`` is neither and
    matches either (it lists all the values)."""
    if _is_set_literal(gold_text) and len(model) == 1 and isinstance(model[0], Seq):
        return len(gold) > 1
    if _is_set_literal(answer_text) and len(gold) == 1 and isinstance(gold[0], Seq):
        return len(model) > 1
    return False


@functools.lru_cache(maxsize=1024)
def parse_gold_items(gold: str) -> tuple[tuple[Value, ...] | None, Exception | None]:
    """The gold's symbolic parse, made once per process for all the samples of that gold."""
    try:
        return tuple(_parse(gold, allow_letter=True, join_numbers=True)), None
    except (LimitError, ParseError, *_SYMPY_ERRORS) as exc:
        return None, exc


_RATIO_WORDS_RE = re.compile(r"[ \t$]*(\d+(?:\.\d+)?)[ \t$]+to[ \t$]+(\d+(?:\.\d+)?)[ \t$.]*")
_RATIO_GOLD_RE = re.compile(r"[ \t$]*\d+(?:\.\d+)?[ \t]*:[ \t]*\d+(?:\.\d+)?[ \t$]*")


_VALUE_THEN_OPTION_RE = re.compile(
    r"(?P<v>[^,\n]{1,40}?)[ \t]*,[ \t]*(?:which[ \t]+is[ \t]+)?(?:option|choice)[ \t]+"
    r"\(?(?P<l>[A-E])\)?[ \t.]*"
)


_GLUED_UNIT_RE = re.compile(  # "14cm", "2.5kg", "60mph": a unit written against its number
    r"[ \t$]*(?P<n>-?\d+(?:\.\d+)?)(?P<u>(?:cm|mm|km|kg|mg|ml|mL|ft|yd|mi|lbs?|oz|mph|hrs?|min)"
    r"(?:\^?[23]|[\u00b2\u00b3])?)[ \t$.]*"
)


def compare(answer: str, gold: str, question: str | None) -> tuple[Status, str]:
    glued = _GLUED_UNIT_RE.fullmatch(answer) if answer[-1:].isalpha() or "^" in answer else None
    if glued is not None:  # ``glued-unit``: "14cm" is 14 cm
        answer = f"{glued.group('n')} {glued.group('u')}"
    if "," in answer and ("option" in answer or "choice" in answer):
        named = _VALUE_THEN_OPTION_RE.fullmatch(answer)
        if named is not None and options_from_question(question):
            # ``value-then-option``: "90°, option B" is option B, stated with its content
            answer = f"({named.group('l')}) {named.group('v')}"
    if " to " in answer and _RATIO_GOLD_RE.fullmatch(gold):
        worded = _RATIO_WORDS_RE.fullmatch(answer)
        if worded is not None:  # ``ratio-in-words``: "2 to 3" states the ratio 2:3
            answer = f"{worded.group(1)}:{worded.group(2)}"
    gold_clean, answer_clean = clean(gold), clean(answer)
    gold_text, answer_text = gold_clean.text, answer_clean.text
    if gold_text and answer_text == gold_text and gold_clean.percent == answer_clean.percent:
        return Status.CORRECT, "same normalized text"
    clock = _CLOCK_PAIR_RE.fullmatch(gold_text)
    if clock is not None:  # gold 4:30 (no a.m./p.m.): the model may add either marker
        m_clock = _CLOCK_PAIR_RE.fullmatch(answer_text) or _CLOCK_AMPM_RE.fullmatch(answer_text)
        if m_clock is not None and (int(m_clock.group(1)), m_clock.group(2)) == (
            int(clock.group(1)),
            clock.group(2),
        ):
            return Status.CORRECT, "same clock time"
    same_time = same_clock_time(answer, gold)
    if same_time is not None:  # gold 10:15 PM: "22:15", "10:15 p.m.", not "10:15 AM"
        return (Status.CORRECT, "same clock time") if same_time else (
            Status.INCORRECT, "different clock time")
    based = _base_numerals(answer_text, gold_text, question)
    if based is not None:
        return (Status.CORRECT, "same numeral in that base") if based else (
            Status.INCORRECT, "different numeral in that base")
    gold_pow = power_product(gold_text)
    if gold_pow is not None:
        model_pow = power_product(answer_text)
        if model_pow is not None:
            if model_pow == gold_pow:
                return Status.CORRECT, "same exact power product"
            return Status.INCORRECT, "different exact power product"
    letters = _letter_set(answer, gold, question)
    if letters is not None:
        return (Status.CORRECT, "same set of option letters") if letters else (
            Status.INCORRECT, "a different set of option letters")
    parsed_gold, gold_error = parse_gold_items(gold)
    if isinstance(gold_error, LimitError):
        if gold_pow is not None:  # a big exact power is a valid gold: nothing else can equal it
            return Status.INCORRECT, "not equal to the (large) exact power gold"
        return Status.UNPARSEABLE_GOLD, "gold exceeds size limits"
    if parsed_gold is None:
        return Status.UNPARSEABLE_GOLD, "gold not parseable"
    gold_items = list(parsed_gold)

    gold_letter = len(gold_items) == 1 and isinstance(gold_items[0], Letter)
    # "enter the letters, separated by commas": a list of choice letters is an unordered set
    gold_letters = bool(gold_items) and all(isinstance(g, Letter) for g in gold_items)
    try:
        model_items = _parse(answer, allow_letter=gold_letters, join_numbers=len(gold_items) == 1)
    except LimitError as exc:
        return Status.LIMIT_EXCEEDED, f"answer exceeds size limits: {exc}"
    except (ParseError, *_SYMPY_ERRORS):
        model_items = None

    if model_items is not None and _set_against_sequence(gold_text, gold_items, answer_text,
                                                         model_items):
        return Status.INCORRECT, "a tuple or interval is not a set (set-vs-sequence)"
    if (
        model_items is not None and question and len(gold_items) >= 2
        and len(model_items) == len(gold_items) and not _is_set_literal(gold_text)
        and _ORDER_ASKED_RE.search(question)
    ):  # ``asked-order``: "list them from smallest to largest": the gold's order is asked
        try:
            pairs = zip(gold_items, model_items, strict=True)
            in_order = all(answers_equal([g], [m]) for g, m in pairs)
        except LimitError as exc:
            return Status.LIMIT_EXCEEDED, f"comparison exceeds size limits: {exc}"
        except (ParseError, *_SYMPY_ERRORS) as exc:
            return Status.INCORRECT, f"comparison failed: {type(exc).__name__}"
        if not in_order:
            return Status.INCORRECT, "not in the order the question asks for (asked-order)"
    if (
        model_items is not None and len(gold_items) >= 2 and len(model_items) == len(gold_items)
        and any(isinstance(m, Text) for m in model_items)
        and not any(isinstance(g, Text) for g in gold_items)
    ):  # ``named-values-against-list``: "center (2,-3), radius 4" for gold "(2, -3), 4"
        model_items = _values_without_names(answer, len(gold_items)) or model_items
    options = options_from_question(question)
    if gold_letter and options and _contradicts_option(answer, options):
        return Status.INCORRECT, "the chosen letter's stated content is not that option's"
    try:
        if model_items is not None and answers_equal(gold_items, model_items):
            return Status.CORRECT, "equivalent"
        if options:
            result = _compare_options(gold_items, model_items or [], answer, options)
            if result:
                return Status.CORRECT, "matches the option's content"
    except LimitError as exc:
        return Status.LIMIT_EXCEEDED, f"comparison exceeds size limits: {exc}"
    except (ParseError, *_SYMPY_ERRORS) as exc:
        return Status.INCORRECT, f"comparison failed: {type(exc).__name__}"
    if model_items is None:
        return Status.INCORRECT, "answer not parseable"
    return Status.INCORRECT, "not equivalent"


_NAMED_VALUE_RE = re.compile(  # "center (2,-3)", "\\text{radius } 4", "radius: 4"
    r"[ \t]*(?:\\text\{[ \t]*)?(?:the[ \t]+)?[A-Za-z][A-Za-z-]*(?:[ \t]+[A-Za-z][A-Za-z-]*)?"
    r"[ \t]*\}?[ \t]*[:=]?[ \t]*(?P<v>[^A-Za-z\\]*\d[^A-Za-z\\]*)"
)


def _values_without_names(answer: str, count: int) -> list[Value] | None:
    """The values of ``count`` items each written after a name ("center (2,-3), radius 4"),
    without the names, or None when an item is not a name and one value."""
    items = split_top(answer)
    if len(items) != count:
        return None
    values = []
    for item in items:
        m = _NAMED_VALUE_RE.fullmatch(item.strip().rstrip("."))
        if m is None:
            return None
        values.append(m.group("v").strip().strip("$").strip())
    try:
        parsed = _parse(", ".join(values), allow_letter=False, join_numbers=False)
    except (ParseError, *_SYMPY_ERRORS):
        return None
    return parsed if len(parsed) == count else None


_ORDER_ASKED_RE = re.compile(
    r"\bfrom\s+(?:the\s+)?(?:smallest|least|lowest|largest|greatest|highest)\s+to\s+(?:the\s+)?"
    r"(?:smallest|least|lowest|largest|greatest|highest)\b"
    r"|\bin\s+(?:increasing|decreasing|ascending|descending)\s+order\b",
    re.IGNORECASE,
)
_BASE_NUMERAL_RE = re.compile(r"([0-9A-Z]{1,64})(?:_\{?(\d{1,2})\}?)?")
_ASKED_BASE_RE = re.compile(r"\bbase[\s$~{]*(\d{1,2})(?!\d)")


_TARGET_BASE_RE = re.compile(lx.TARGET_BASE, re.IGNORECASE)  # "Convert 255 (base 10) to hex"
_BASE_WORDS = lx.BASE_WORDS


def _asked_base(question: str) -> int | None:
    """The base the question asks the answer in: its last "to/in base b" or "to hexadecimal"
    (a source base such as "255 (base 10)" is not the asked one), else its last "base b"."""
    target = None
    for found in _TARGET_BASE_RE.finditer(question):
        target = found
    if target is not None:
        return int(target.group("n")) if target.group("n") else _BASE_WORDS[
            target.group("w").lower()
        ]
    asked = _ASKED_BASE_RE.findall(question)
    return int(asked[-1]) if asked else None


def _numeral_value(digits: str, base: int) -> int | None:
    if not 2 <= base <= 36:
        return None
    try:
        return int(digits, base)
    except ValueError:
        return None


_WRAPPED_NUMERAL_RE = re.compile(
    r"\\(?:text|texttt|mathtt|mathrm)\{(?P<t>[0-9A-Za-z]{1,64}_\{?\d{1,2}\}?)\}|\((?P<p>[0-9A-Za-z]{1,64})\)(?P<b>_\{?\d{1,2}\}?)"
)


def _unwrapped_numeral(text: str) -> str:
    """``text`` without a wrapper around a numeral with its base: "\\text{FF_{16}}" and
    "(11001)_2" read as "FF_{16}" and "11001_2"; any other text as it is."""
    m = _WRAPPED_NUMERAL_RE.fullmatch(text)
    if m is None:
        return text
    return m.group("t") or m.group("p") + m.group("b")


def _base_numerals(answer: str, gold: str, question: str | None) -> bool | None:
    """``1011_2`` vs ``1011``: a subscript names the base of the digits. Digits without one are
    read in the base the question asks for, else compared as digit strings. None: not numerals.
    A numeral may be wrapped (``base-numeral-wrapped``: "(11001)_2", "\\text{FF_{16}}")."""
    gold, answer = _unwrapped_numeral(gold), _unwrapped_numeral(answer)
    ga, aa = _BASE_NUMERAL_RE.fullmatch(gold), _BASE_NUMERAL_RE.fullmatch(answer)
    if aa is None and ga is not None and answer[:1].isalnum() and answer.lower() == answer:
        aa = _BASE_NUMERAL_RE.fullmatch(answer.upper())  # "ff", "1a_{16}": letter digits in
        # lower case (the case of a digit does not change it)
    if ga is None or aa is None:
        return None
    default = _asked_base(question or "")
    if ga.group(2) is None and aa.group(2) is None:  # ``asked-base-letter-digits``: "EF" for a
        # hexadecimal answer is a numeral (239), not the product E F = F E
        if default is None or default <= 10 or (gold + answer).isdigit():
            return None
        g_value = _numeral_value(ga.group(1), default)
        a_value = _numeral_value(aa.group(1), default)
        return None if g_value is None or a_value is None else g_value == a_value
    g_base = int(ga.group(2)) if ga.group(2) else default
    a_base = int(aa.group(2)) if aa.group(2) else default
    if g_base is None or a_base is None:  # no base to read the bare digits in
        return ga.group(1).lstrip("0").upper() == aa.group(1).lstrip("0").upper()
    g_val, a_val = _numeral_value(ga.group(1), g_base), _numeral_value(aa.group(1), a_base)
    if g_val is None:
        return None
    # the same number written in another base does not answer "express it in base b"
    return a_base == g_base and a_val is not None and a_val == g_val


def power_product(text: str) -> dict[int, int] | None:
    """``2^{2023}``, ``3\\cdot 2^{10}``, ``1024`` -> prime exponents, computed without ever
    expanding the power (bases and plain factors are small, exponents are bounded)."""
    factors = _PRODUCT_SPLIT_RE.split(text.strip())
    if not 1 <= len(factors) <= MAX_POWER_FACTORS:
        return None
    out: dict[int, int] = {}
    saw_power = False
    for f in factors:
        m = _POWER_FACTOR_RE.fullmatch(f.strip())
        if m is None:
            return None
        base_s, exp_s = m.group(1), m.group(2) or m.group(3)
        if len(base_s) > MAX_POWER_BASE_DIGITS or (exp_s is not None and len(exp_s) > 12):
            return None
        base, exp = int(base_s), int(exp_s) if exp_s is not None else 1
        saw_power = saw_power or exp_s is not None
        if base == 0:
            return None if exp == 0 else {0: 1}
        for prime, k in sympy.factorint(base).items():
            out[int(prime)] = out.get(int(prime), 0) + int(k) * exp
    return {p: k for p, k in out.items() if k} if saw_power else None


_RUN_LETTERS_RE = re.compile(r"\s*([A-E]{2,5})\s*")
_LETTER_LIST_RE = re.compile(
    r"\s*\(?\s*[A-E]\s*\)?(?:\s*(?:,|;|&|\band\b|\\text\{\s*and\s*\}|\s)\s*\(?\s*[A-E]\s*\)?)*"
    r"\s*\.?\s*"
)


def _letter_set(answer: str, gold: str, question: str | None) -> bool | None:
    """``option-letter-set``: a select-all gold written as letters run together (``BD``) when
    the question lists options: the model's letters ("D and B", "(B), (D)", "E & B") as a set
    must be the same. None when this does not apply."""
    run = _RUN_LETTERS_RE.fullmatch(gold)
    if run is None or len(set(run.group(1))) != len(run.group(1)):
        return None
    if not _LETTER_LIST_RE.fullmatch(answer) or not options_from_question(question):
        return None
    return set(re.findall(r"[A-E]", answer)) == set(run.group(1))


def _contradicts_option(answer: str, options: dict[str, str]) -> bool:
    """``(C) 12`` when option (C) is 10: an inconsistent choice is not a commitment to (C)."""
    m = _LETTER_CONTENT_RE.fullmatch(clean(answer).text)
    if m is None:
        return False
    letter, content = m.group(1) or m.group(3), m.group(2) or m.group(4)
    if letter not in options:
        return False
    reason = _CONTENT_REASON_RE.match(content)
    content = reason.group("v") if reason is not None else _DASH_LEAD_RE.sub("", content)
    try:
        stated = _parse(content, allow_letter=False, join_numbers=True)
        listed = _parse(options[letter], allow_letter=False, join_numbers=True)
        return not answers_equal(listed, stated)
    except (ParseError, LimitError, *_SYMPY_ERRORS):
        return False


def _compare_options(
    gold_items: list[Value],
    model_items: list[Value],
    answer: str,
    options: dict[str, str],
) -> bool:
    """Multiple choice: the gold letter's content vs the model's value, or the reverse."""
    if len(gold_items) == 1 and isinstance(gold_items[0], Letter):
        content = options.get(gold_items[0].letter)
        if content is None or not model_items or isinstance(model_items[0], Letter):
            return False
        try:
            content_items = _parse(content, allow_letter=False, join_numbers=True)
        except (ParseError, LimitError, *_SYMPY_ERRORS):
            return False
        return answers_equal(content_items, model_items)
    model_letter = _parse(answer, allow_letter=True, join_numbers=True)
    if len(model_letter) == 1 and isinstance(model_letter[0], Letter):
        content = options.get(model_letter[0].letter)
        if content is None:
            return False
        content_items = _parse(content, allow_letter=False, join_numbers=True)
        return answers_equal(gold_items, content_items)
    return False


def options_from_question(question: str | None) -> dict[str, str]:
    """``(A) 5 (B) 7 ...`` in the question text -> {"A": "5", "B": "7", ...}."""
    if not question:
        return {}
    text = re.sub(r"\\text(?:bf)?\s*\{\s*(\([A-E]\))\s*\}", r"\1", question)
    marks = _option_marks(text)
    if len(marks) < 2:
        return {}
    out: dict[str, str] = {}
    for k, m in enumerate(marks):
        end = marks[k + 1].start() if k + 1 < len(marks) else len(text)
        content = text[m.end() : end]
        content = re.sub(r"\\qquad|\\quad|\\\\|\\hspace\{[^}]*\}", " ", content)
        content = content.strip().strip("$").strip()
        if k + 1 == len(marks):
            content = content.split("\n")[0].strip().strip("$").strip()
        out[m.group(1) or m.group(2)] = content
    return out


def _option_marks(text: str) -> list[re.Match[str]]:
    """The last run of option markers reading exactly A, B, C, ... in order."""
    best: list[re.Match[str]] = []
    run: list[re.Match[str]] = []
    for m in _OPTION_RE.finditer(text):
        letter = m.group(1) or m.group(2)
        if letter == "A":
            run = [m]
        elif run and ord(letter) == ord(run[-1].group(1) or run[-1].group(2)) + 1:
            run.append(m)
        else:
            continue
        if len(run) >= 2:
            best = list(run)
    return best
