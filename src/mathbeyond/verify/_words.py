"""Numbers written in words: their values, and a closing line with its worded values in digits.

``number-words-as-values``: "sixty miles per hour", "thirty-six eggs", "two-thirds of the
class", "three thousand two hundred books" are values. Extraction reads a closing line whose
values are all words as its digit spelling would be read (:func:`spelled_in_digits`), and an
answer that is a worded number, with at most a few unit words after it, is that number
(:func:`worded_value`). Below a million; "one" alone is never read (it is far more often a
pronoun: "the one that works", "no one"), nor "a hundred" or "a third".
"""

from __future__ import annotations

import re
from fractions import Fraction

from . import _lexicon as lx
from ._prefilter import rare_chars

_UNITS = {w: k for k, w in enumerate(lx.NUMBER_WORDS)}  # zero .. twenty
_TENS = {w: 10 * k for k, w in enumerate(lx.TENS_WORDS, start=2)}  # twenty .. ninety
_DENOMINATORS = dict(  # half/halves 2, third(s) 3, quarter(s)/fourth(s) 4, ... hundredth(s) 100
    zip(lx.DENOMINATOR_WORDS,
        (2, 2, 3, 3, 4, 4, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 16, 16,
         20, 20, 100, 100),
        strict=True)
)

_U = lx.alternation(lx.NUMBER_WORDS)
_T = lx.alternation(lx.TENS_WORDS)
_SEP = r"(?:[ \t]+|-)"
_N99 = rf"(?:{_T}(?:-|[ \t]+)(?!zero\b)(?:{_U})|{_T}|{_U})"
_H = rf"(?:{_N99}{_SEP}hundred(?:{_SEP}(?:and[ \t]+)?{_N99})?|{_N99})"
_WHOLE = rf"{_H}(?:{_SEP}thousand(?:{_SEP}(?:and[ \t]+)?{_H})?)?"
_DENOM = lx.alternation(lx.DENOMINATOR_WORDS)
_PHRASE_RE = re.compile(
    rf"(?<![\w\\-])(?:(?P<num>{_N99}){_SEP}(?P<den>{_DENOM})|(?P<whole>{_WHOLE}))(?![\w-])",
    re.IGNORECASE,
)
_REFERRING_RE = re.compile(r"\b" + lx.alternation(lx.REFERRING_WORD) + r"[ \t]+$", re.IGNORECASE)
_DIGIT_RE = re.compile(r"\d")
_VULGAR = {
    "¼": "1/4", "½": "1/2", "¾": "3/4", "⅐": "1/7", "⅑": "1/9", "⅒": "1/10", "⅓": "1/3",
    "⅔": "2/3", "⅕": "1/5", "⅖": "2/5", "⅗": "3/5", "⅘": "4/5", "⅙": "1/6", "⅚": "5/6",
    "⅛": "1/8", "⅜": "3/8", "⅝": "5/8", "⅞": "7/8",
}
_VULGAR_HINT_RE = re.compile("[" + "".join(_VULGAR) + "\u2044]")
_VULGAR_RE = re.compile("(?P<whole>\\d)?[" + "".join(_VULGAR) + "]|\u2044")


_DIGIT_FORMS = {
    **{chr(0xFF10 + k): str(k) for k in range(10)},  # full-width "１５０"
    **{chr(base + k): str(k) for base in range(0x1D7CE, 0x1D800, 10) for k in range(10)},
}  # mathematical bold, double-struck, sans-serif, sans-serif bold and monospace digits ("𝟒𝟕")
_DIGIT_FORM_RE = re.compile(
    "[" + "".join(_DIGIT_FORMS) + "]"
    "|(?<=\\d)\uFE0F?\u20E3"  # a keycap ("4️⃣"): the digit it caps
    "|(?<=\\d)[\u202F\u2009\u00A0](?=\\d{3}(?!\\d))"  # "86 400": a thousands separator
)


_DIGIT_FORM_HINT_RE = re.compile("[\uFF10-\uFF19\U0001D7CE-\U0001D7FF\u20E3\u202F\u2009\u00A0]")


def unicode_digits(text: str) -> str:
    """``unicode-digits``: full-width and mathematical digits are digits, a keycap is the digit
    it caps, and a narrow or thin space between digit groups is a thousands separator."""
    if _DIGIT_FORM_HINT_RE.search(rare_chars(text)) is None:  # (most texts)
        return text
    return _DIGIT_FORM_RE.sub(lambda m: _DIGIT_FORMS.get(m.group(0), ""), text)


def unicode_fractions(text: str) -> str:
    """``unicode-fractions``: a vulgar-fraction character is its fraction ("⅝" is 5/8), after a
    whole number a mixed number ("2¼" is 2 1/4, read as 2 + 1/4 like any "2 1/4"), and the
    fraction slash U+2044 is a division ("7⁄2" is 7/2). Text without them is returned as is."""

    def spelled(m: re.Match[str]) -> str:
        if m.group(0) == "\u2044":
            return "/"
        whole = m.group("whole")
        value = _VULGAR[m.group(0)[-1]]
        return f"{whole} {value}" if whole else value

    if _VULGAR_HINT_RE.search(rare_chars(text)) is None:  # (most texts)
        return text
    return _VULGAR_RE.sub(spelled, text)
_SENTENCE_END_RE = re.compile(r"[.!?][ \t]+(?=\S)")
_NEGATIVE_RE = re.compile(  # "negative 5", and "minus 12" where no number precedes it
    r"\bnegative[ \t]+(?=\d)|(?<![\d)][ \t])(?<![\d)])\bminus[ \t]+(?=\d)", re.IGNORECASE
)
_LOOSE_WHOLE_RE = re.compile(  # also as a modifier: "three-digit", "two-thirds" counts as 2
    rf"(?<![\w\\-])(?P<whole>{_WHOLE})(?![A-Za-z])", re.IGNORECASE
)
_PIECE_RE = re.compile(r"[a-z]+", re.IGNORECASE)
_UNIT_TAIL_RE = re.compile(  # "eggs", "square meters", "miles per hour", "km per hour"
    r"(?:[a-z]+(?:[ \t]+[a-z]+)?(?:[ \t]+per[ \t]+[a-z]+(?:[ \t]+[a-z]+)?)?)?", re.IGNORECASE
)
_NOT_UNIT = frozenset(lx.NOT_A_UNIT_WORD)
MAX_PHRASE_CHARS = 120
_MISSPELT_RE = re.compile(
    r"\b(?:" + "|".join(lx.NUMBER_WORD_MISSPELLINGS) + r")\b",
    re.IGNORECASE,
)


def _respelt(text: str) -> str:
    """``number-word-misspellings``: "fourty" -> "forty" (lexicon NUMBER_WORD_MISSPELLINGS)."""
    return _MISSPELT_RE.sub(lambda m: lx.NUMBER_WORD_MISSPELLINGS[m.group(0).lower()], text)


def _whole_value(words: list[str]) -> int | None:
    """The value of a whole-number phrase's words ("three thousand two hundred and five")."""
    total, group = 0, 0
    for w in words:
        if w == "and":
            continue
        if w == "hundred":
            if not 1 <= group <= 99:
                return None
            group *= 100
        elif w == "thousand":
            if not 1 <= group <= 999 or total:
                return None
            total, group = group * 1000, 0
        elif w in _TENS:
            group += _TENS[w]
        elif w in _UNITS:
            group += _UNITS[w]
        else:
            return None
    return total + group


def _match_value(m: re.Match[str], allow_one: bool) -> Fraction | None:
    if m.group("den") is not None:
        num = _whole_value([w.lower() for w in _PIECE_RE.findall(m.group("num"))])
        den = _DENOMINATORS[m.group("den").lower()]
        return None if not num else Fraction(num, den)
    words = [w.lower() for w in _PIECE_RE.findall(m.group("whole"))]
    if words == ["one"] and not allow_one:
        return None
    value = _whole_value(words)
    return None if value is None else Fraction(value)


_PART_TAIL_RE = re.compile(  # "and a half", "and one-half", "and a quarter", "and two thirds"
    r"and[ \t]+(?P<num>a|one|two|three)[ \t-]+(?P<den>half|halves|thirds?|quarters?|fourths?)\b"
    r"[ \t]*",
    re.IGNORECASE,
)
_PART_COUNT = {"a": 1, "one": 1, "two": 2, "three": 3}
_SCALED_NUMERAL_RE = re.compile(  # "12 thousand", "2.5 million", "3 billion"
    r"(?<![\w.,])(?P<n>\d{1,6}(?:\.\d{1,6})?)[ \t]+(?P<s>thousand|million|billion)\b",
    re.IGNORECASE,
)
_SCALES = {"thousand": 10**3, "million": 10**6, "billion": 10**9}


def scaled_numerals(text: str) -> str:
    """``number-words-with-parts-and-scales``: a numeral with a scale word in digits ("12
    thousand minutes" -> "12000 minutes", "2.5 million" -> "2500000"); other text as it is."""
    if "illion" not in text and "housand" not in text:
        return text

    def scaled(m: re.Match[str]) -> str:
        value = Fraction(m.group("n")) * _SCALES[m.group("s").lower()]
        return str(value.numerator) if value.denominator == 1 else str(float(value))

    out = _SCALED_NUMERAL_RE.sub(scaled, text)
    return text if out == text else out  # the same object when nothing is scaled


def worded_value(phrase: str) -> Fraction | None:
    """``number-words-as-values`` for an answer: a worded number ("forty-five", "three
    quarters", "two thousand and twelve") followed by at most two unit words, optionally "per"
    and one or two more ("sixty miles per hour"); None for anything else."""
    text = _respelt(phrase.strip().rstrip(".").strip())
    if len(text) > MAX_PHRASE_CHARS:
        return None
    m = _PHRASE_RE.match(text)
    if m is None:
        return None
    tail = text[m.end() :].strip()
    part = _PART_TAIL_RE.match(tail) if (
        tail[:4].lower() == "and " and m.group("den") is None
    ) else None
    extra = Fraction(0)
    if part is not None:  # "three and a half", "two and a quarter hours": the whole and its part
        den = _DENOMINATORS.get(part.group("den").lower())
        if den is None or (part.group("num").lower() in ("two", "three") and den == 2):
            return None
        extra = Fraction(_PART_COUNT[part.group("num").lower()], den)
        tail = tail[part.end() :].strip()
    if tail and (
        _UNIT_TAIL_RE.fullmatch(tail) is None
        or any(w.lower() in _NOT_UNIT for w in tail.split() if w.lower() != "per")
    ):
        return None
    value = _match_value(m, allow_one=True)
    return None if value is None else value + extra


def spelled_in_digits(line: str) -> str | None:
    """``number-words-as-values`` for a closing line: the line with each worded number in
    digits, only in its last sentence when the line holds digits ("Therefore, two-thirds of
    the class passed." -> "Therefore, 2/3 of the class passed."; "x equals negative five" ->
    "x equals -5"), or None when there is no worded number to spell. A worded number after a
    referring word ("the two groups", "all three cases") stays as written: it names things
    already known, not a result."""
    line = _respelt(line)
    start = 0
    if _DIGIT_RE.search(line) is not None:  # else the whole line: "... with **seven** sides."
        for m in _SENTENCE_END_RE.finditer(line):
            start = m.end()
    out, last, changed = [line[:start]], start, False
    for m in _PHRASE_RE.finditer(line, start):
        value = _match_value(m, allow_one=False)
        if value is None or _REFERRING_RE.search(line, max(0, m.start() - 12), m.start()):
            continue
        digits = str(value.numerator) if value.denominator == 1 else str(value)
        out.append(line[last : m.start()] + digits)
        last, changed = m.end(), True
    spelled = "".join(out) + line[last:]
    if changed and "cent" in spelled:  # "2 dollars and 70 cents": one amount, $2.70
        spelled = _DOLLARS_AND_CENTS_RE.sub(_amount, spelled)
    if " and a " in spelled or " and one " in spelled:  # "2 and a half hours": 2.5
        parted = _AND_A_PART_RE.sub(_and_a_part, spelled)
        changed = changed or parted != spelled
        spelled = parted
    if "root" in spelled:  # "5 root 2", "3 times the square root of 5"
        rooted = _RADICAL_WORDS_RE.sub(_radical, spelled)
        changed = changed or rooted != spelled
        spelled = rooted
    if _NEGATIVE_RE.search(spelled, start) is not None:
        return spelled[:start] + _NEGATIVE_RE.sub("-", spelled[start:])
    return spelled if changed else None


_ROOT_WORDS = r"(?:the[ \t]+)?(?:square[ \t]+)?root(?:[ \t]+of)?[ \t]+"
_RADICAL_WORDS_RE = re.compile(  # "5 root 2", "3 times the square root of 5", "root 3"
    r"(?<![\w.$\\])(?:(?P<c>\d{1,6})[ \t]+(?:times[ \t]+)?)?" + _ROOT_WORDS
    + r"(?P<r>\d{1,6})(?!\w|\.\d|[ \t]*[-+*/^=\u00d7])",
    re.IGNORECASE,
)


_OVER_WORDS_RE = re.compile(  # "5 over 3" (spelled from "five over three")
    r"(?<![\w.$\\])(?P<n>-?\d{1,6})[ \t]+over[ \t]+(?P<d>\d{1,6})(?!\w|\.\d|[ \t]*[-+*/^=])",
    re.IGNORECASE,
)


def spoken_math(text: str) -> str:
    """``radical-in-words``: a square root said in words, its numbers in digits ("5 root 2",
    "3 times the square root of 5", "the square root of 7"), as LaTeX ("$5\\sqrt{2}$"); and
    ``fraction-in-words-over``: "5 over 3" as "$5/3$". A radicand or denominator followed by an
    operator ("the square root of 4 - 1") is left alone: the root of what is not said."""
    if "over" in text:
        text = _OVER_WORDS_RE.sub(lambda m: f"${m.group('n')}/{m.group('d')}$", text)
    if "root" not in text and "Root" not in text:
        return text
    return _RADICAL_WORDS_RE.sub(_radical, text)


def _radical(m: re.Match[str]) -> str:
    return f"${m.group('c') or ''}\\sqrt{{{m.group('r')}}}$"


_DOLLARS_AND_CENTS_RE = re.compile(
    r"\b(\d{1,9})[ \t]+dollars?[ \t]+and[ \t]+(\d{1,2})[ \t]+cents?\b", re.IGNORECASE
)


_AND_A_PART_RE = re.compile(
    r"\b(\d{1,9})[ \t]+and[ \t]+(?:a|one)[ \t]+(half|quarter)\b", re.IGNORECASE
)


def _and_a_part(m: re.Match[str]) -> str:
    """``number-words-as-values``: "2 and a half" (spelled from words) -> "2.5"."""
    return m.group(1) + (".5" if m.group(2).lower() == "half" else ".25")


def _amount(m: re.Match[str]) -> str:
    """``money-in-words``: "2 dollars and 70 cents" (spelled from words) -> "$2.70"."""
    return f"${m.group(1)}.{int(m.group(2)):02d}"


_WHOLE_OR_DECIMAL_RE = re.compile(r"\d+(?:\.\d+)?")


def numbers_named(text: str) -> set[str]:
    """The whole numbers ``text`` names, in digits or in words ("What is the least three-digit
    9-heavy number?" -> {"3", "9"}), as digit strings; at most the first 4,000 characters."""
    text = text[:4000]
    found = set(_WHOLE_OR_DECIMAL_RE.findall(text))  # "2.75" names 2.75, not 2 and 75
    for m in _LOOSE_WHOLE_RE.finditer(text):
        value = _whole_value([w.lower() for w in _PIECE_RE.findall(m.group("whole"))])
        if value is not None:
            found.add(str(value))
    return found


_FOREIGN_TOKEN_RE = re.compile(r"[^\W\d_]+")
_MAX_FOREIGN_CHARS = 80
_MAX_UNIT_WORDS = 2


def foreign_number(text: str) -> str | None:
    """``foreign-number-words``: the value, in digits, of an answer written as number words of
    another language ("once", "vinte e um", "тридцать шесть", "trois mille cinq cents", CJK
    "二十四", "一万", "四分之三" for 3/4), at most two unit words after them ("тысяча четыреста
    сорок минут"); None for anything else."""
    body = text.strip().strip("*$ .。").strip()
    if not body or len(body) > _MAX_FOREIGN_CHARS or (
        body.isascii() and not _ALPHA_ONLY_RE.fullmatch(body)
    ):
        return None
    cjk = _cjk_number(body)
    if cjk is not None:
        return cjk
    words = [w.lower() for w in _FOREIGN_TOKEN_RE.findall(body.replace("-", " "))]
    if any(w in _ENGLISH_NUMBER_WORDS for w in words):
        return None  # "six hundred": English (the English reading is elsewhere)
    values = lx.FOREIGN_NUMBER_WORDS
    count = 0
    while count < len(words) and (words[count] in values or (
        count and words[count] in lx.FOREIGN_NUMBER_JOINERS
    )):
        count += 1
    if count == 0 or len(words) - count > _MAX_UNIT_WORDS or words[count - 1] not in values:
        return None
    if count == 1 and words[0] == "um":  # (alone, the English filler word)
        return None
    total = current = 0
    for w in words[:count]:
        if w in lx.FOREIGN_NUMBER_JOINERS:
            continue
        v = values[w]
        if v == 1000:
            total += (current or 1) * 1000
            current = 0
        elif v == 100 and current % 100:
            current = (current % 100 or 1) * 100 + current - current % 100
        elif v == 20 and w == "vingt" and current % 100 == 4:
            current += 76  # "quatre-vingt": 80
        else:
            current += v
    return str(total + current)


_ENGLISH_NUMBER_WORDS = frozenset(
    (*lx.NUMBER_WORDS, *lx.TENS_WORDS, "hundred", "thousand", "million", "billion")
)
_ALPHA_ONLY_RE = re.compile(r"[A-Za-z \t-]+")


def _cjk_number(text: str) -> str | None:
    """CJK numerals ("二十四" 24, "一万" 10000, "十五" 15), a fraction "A分之B" as B/A, with at
    most two characters of a measure word after them ("二十四种"); None otherwise."""
    if "分之" in text:
        a, _, b = text.partition("分之")
        den, num = _cjk_int(a), _cjk_int(b)
        return f"{num}/{den}" if den is not None and num is not None and den else None
    end = len(text)
    while end > 0 and text[end - 1] not in lx.CJK_DIGITS and text[end - 1] not in lx.CJK_UNITS \
            and text[end - 1] not in lx.CJK_GROUPS:
        end -= 1
    if end == 0 or len(text) - end > _MAX_UNIT_WORDS:
        return None
    value = _cjk_int(text[:end])
    return None if value is None else str(value)


def _cjk_int(text: str) -> int | None:
    """The value of a run of CJK numerals, or None when ``text`` holds anything else."""
    if not text:
        return None
    total = section = number = 0
    for ch in text:
        if ch in lx.CJK_DIGITS:
            number = lx.CJK_DIGITS[ch]
        elif ch in lx.CJK_UNITS:
            section += (number or 1) * lx.CJK_UNITS[ch]
            number = 0
        elif ch in lx.CJK_GROUPS:
            total += (section + number or 1) * lx.CJK_GROUPS[ch]
            section = number = 0
        else:
            return None
    return total + section + number
