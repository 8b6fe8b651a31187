"""String-level normalization of an answer (LaTeX noise, units, percent, degrees, separators)."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from ._lexicon import PROSE_CLAUSE
from ._words import (
    foreign_number,
    scaled_numerals,
    spelled_in_digits,
    spoken_math,
    unicode_digits,
    unicode_fractions,
)

_UNICODE = {
    "π": "\\pi ", "√": "\\sqrt ", "∞": "\\infty ", "×": "\\times ", "·": "\\cdot ", "⋅": "\\cdot ",
    "−": "-", "–": "-", "—": "-", "≤": "\\le ", "≥": "\\ge ", "≠": "\\ne ", "∪": "\\cup ",
    "∩": "\\cap ", "°": "^\\circ ", "÷": "\\div ", "＞": ">", "＜": "<", "，": ",", "：": ":",
    "∈": "\\in ", "±": "\\pm ", "∓": "\\mp ", "\u2009": " ", "\u00a0": " ",
    "⟨": "(", "⟩": ")", "〈": "(", "〉": ")",  # a vector in angle brackets is its tuple
    "∴": " ", "∵": " ",  # ``therefore-symbol``: "∴ x = 7" concludes x = 7
    # Greek letters are their names ("λ = 3, 1" labels two eigenvalues)
    "α": "\\alpha ", "β": "\\beta ", "γ": "\\gamma ", "δ": "\\delta ", "θ": "\\theta ",
    "λ": "\\lambda ", "μ": "\\mu ", "σ": "\\sigma ", "φ": "\\phi ", "ω": "\\omega ",
}
_UNICODE_RE = re.compile("|".join(re.escape(k) for k in _UNICODE))
_SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻", "0123456789-")
_SUPERSCRIPT_RUN_RE = re.compile("[⁰¹²³⁴⁵⁶⁷⁸⁹⁻]+")
_SUPERSCRIPT_UNIT_RE = re.compile(r"(?<=[\d}])\s*(?:[kcdm]?m|in|ft|yd|mi)[²³](?![A-Za-z])")
"""Superscript digits are a power (``3²`` is ``3^{2}``); after a length unit (``55 cm²``, ``24 m³``)
the unit is dropped with them."""
_SUBSCRIPTS = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")
_SUBSCRIPT_RUN_RE = re.compile("[₀₁₂₃₄₅₆₇₈₉]+")
"""Subscript digits are a subscript (``a₂₀₂₃`` is ``a_{2023}``)."""

_DELIMS_RE = re.compile(r"\\[()\[\]]|\$")
_SIZING_RE = re.compile(
    r"\\(?:left|right|bigl|bigr|Bigl|Bigr|biggl|biggr|Biggl|Biggr|big|Big|bigg|Bigg)"
    r"(?![a-zA-Z])\s*\.?"
)
_SPACING_RE = re.compile(
    r"(?<!\\)\\(?:[,;:!> ]|quad(?![a-z])|qquad(?![a-z])|displaystyle|textstyle|hfill|"
    r"nonumber|limits|(?:bf|it|rm|sf|tt|bfseries|mdseries|itshape|upshape|rmfamily|sffamily|"
    r"ttfamily|scriptstyle|scriptscriptstyle|tiny|scriptsize|footnotesize|small|normalsize|"
    r"large|Large|LARGE|huge|Huge)(?![a-zA-Z]))|~"
)
_RENAMES = [
    (re.compile(r"\\[dt]frac(?![a-zA-Z])"), "\\frac"),
    (re.compile(r"\\cfrac(?![a-zA-Z])"), "\\frac"),
    (re.compile(r"\\[dt]binom(?![a-zA-Z])"), "\\binom"),
    (re.compile(r"\\(?:leqslant|leq|le)(?![a-zA-Z])"), "\\le "),
    (re.compile(r"\\(?:geqslant|geq|ge)(?![a-zA-Z])"), "\\ge "),
    (re.compile(r"\\(?:neq|ne)(?![a-zA-Z])"), "\\ne "),
    (re.compile(r"\\lt(?![a-zA-Z])"), "<"),
    (re.compile(r"\\gt(?![a-zA-Z])"), ">"),
    (re.compile(r"<="), "\\le "),
    (re.compile(r">="), "\\ge "),
    (re.compile(r"!="), "\\ne "),
    (re.compile(r"\\mid(?![a-zA-Z])"), "|"),
    (re.compile(r"\\vert(?![a-zA-Z])"), "|"),
    (re.compile(r"\\lvert|\\rvert"), "|"),
    (re.compile(r"\\lbrace|\\lbrack"), "\\{"),
    (re.compile(r"\\rbrace|\\rbrack"), "\\}"),
    (re.compile(r"\\(?:dots|ldots|cdots)(?![a-zA-Z])"), "\\dots "),
    (re.compile(r"\\langle(?![a-zA-Z])"), "("),  # \langle 5/2, 5/2 \rangle: a tuple
    (re.compile(r"\\rangle(?![a-zA-Z])"), ")"),
    (re.compile(r"\\tan\^\{?-1\}?"), "\\arctan "),
    (re.compile(r"\\sin\^\{?-1\}?"), "\\arcsin "),
    (re.compile(r"\\cos\^\{?-1\}?"), "\\arccos "),
    (re.compile(r"\\operatorname\{(\w+)\}"), r"\\\1 "),
    (re.compile(r"\\mathbb\s*\{?\s*R\s*\}?(?![A-Za-z^_])"), "(-\\infty, \\infty)"),
    (re.compile(r"\\(?:mathbb|mathcal|mathfrak)\{(\w+)\}"), r"\1"),
    (re.compile(r"\{,\}"), ""),
    (re.compile(r"\\(?:varnothing|emptyset)(?![a-zA-Z])"), "\\{\\}"),
]
_DEGREE_RE = re.compile(
    r"(?:\^\s*\{\s*\\circ\s*\}|\^\s*\\circ|\\circ|(?:\^\s*)?\\degree|\^\s*\{\s*\\text\{\s*o\s*\}\s*\}|"
    r"(?:\^\s*)?\\textcirc)"
    r"(?:\s*(?:\\text\{\s*|\\mathrm\{\s*)?[CF](?![A-Za-z])\s*\}?)?"  # 25^\circ C
)
_PERCENT_RE = re.compile(r"\\?%")
_DOLLAR_RE = re.compile(
    r"\\\$|\\textdollar|\\dollar|\\euro\b|\\pounds\b|\\textcent\b|[\u00a2\u00a3\u00a5\u20ac\u20b9]"
)  # currency signs: $, cents, pounds, yen, euros, rupees ("345¢", "€12" are their numbers)
_TEXT_RE = re.compile(
    r"\\(?:text|textbf|textit|textrm|textsf|texttt|mathrm|mathbf|mathit|mathsf|mbox|hbox|"
    r"boldsymbol|bm|emph|textnormal|fbox|boxed|underline|overline\b(?=\{[^{}]*[a-zA-Z]))\s*\{([^{}]*)\}"
)
_DECORATION_RE = re.compile(  # ``decoration-command``: a look around a value, not part of it
    r"\\(?:underline|mathbf|textbf|boldsymbol|bm|emph|fbox|"
    r"(?:textcolor|colorbox)\s*\{[A-Za-z!0-9]{1,20}\})\s*\{"
)
_SPACED_SUBSCRIPT_RE = re.compile(r"\s+_(?=\{?\s*\d)")
_ORDINAL_RE = re.compile(r"(\d)\s*\^?\s*\{?\s*(?:st|nd|rd|th)\b\s*\}?")
_SLASH_UNIT = (  # a rate unit: km/h, m/s, mi/hr, ft/s, kg/m, g/L, miles/hour, meters/second
    r"(?:[kcm]?m|mi|ft|in|yd|k?g|lbs?|[lL]|gal|mph|miles?|(?:kilo|centi)?met(?:er|re)s?|feet"
    r"|dollars?|words?|pages?|liters?|gallons?)"
    r"/(?:h|hr|hour|s|sec|second|min|minute|day|wk|week|yr|year|k?g|[lL]|gal|gallon|m|ft)"
    r"(?![A-Za-z])"
)
_TRAILING_WORDS_RE = re.compile(  # "5 cm", "3 km/h", "12 (ways)", "10 sides (a decagon)"
    r"(?:\s+(?:" + _SLASH_UNIT + r"|[A-Za-z][A-Za-z\-]+)\.?(?:\s*\^\s*\{?\d\}?)?"  # 5 cm, 3 km/h
    r"|\s*\(\s*(?:(?:an?|the)\s+)?[A-Za-z]{2,}(?:[ \-]{1,3}[A-Za-z]{2,}){0,5}\.?\s*\))+\s*$"
)
_UNIT_HEAD_RE = re.compile(r"(?:\d|\}|\)|\\pi|\\infty)\s*$")
_SPACES_RE = re.compile(r"\s+")
_THOUSANDS_RE = re.compile(r"[+-]?\d{1,3}(?:(?:,|\s|\\,)\d{3})+(?:\.\d+)?")

_PROSE_CLAUSE = frozenset(PROSE_CLAUSE)
_UNIT_ALSO_FUNCTION = frozenset({"min", "sec"})
"""Math words that are also unit abbreviations (minutes, seconds): a unit when alone at the end."""
_MATH_WORDS = frozenset(
    {
        "sin", "cos", "tan", "cot", "sec", "csc", "arcsin", "arccos", "arctan", "sinh", "cosh",
        "tanh", "ln", "log", "exp", "max", "min", "gcd", "lcm", "sqrt", "frac", "pi", "infty",
        "and", "or",
    }
)


def _const(rep: str) -> Callable[[re.Match[str]], str]:
    """A literal replacement (backslashes in ``rep`` are not template escapes)."""
    return lambda _m: rep


_MAX_WORDED_RADICAL_CHARS = 80
_SPOKEN_RE = re.compile(r"\broot\b|\bover\b|\bpi\b", re.IGNORECASE)
_VALUE_NOUN_RE = re.compile(  # ``answer-noun-phrase``: the noun naming a tuple or interval
    r"^(?:the\s+)?(?:ordered\s+)?(?:pair|point|triple|coordinates?|interval|set|solution\s+set)"
    r"\s+(?:is\s+)?(?=[(\[$]|\\[{(\[])",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Cleaned:
    text: str
    percent: bool
    degree: bool
    had_text_words: bool  # the answer contained \\text{...}-like wrappers


_REPAIRS = [
    (re.compile("\x0c"), "\\f"),
    (re.compile("\x08"), "\\b"),
    (re.compile("\t(?=[a-z])"), "\\t"),
    (re.compile("\r(?=[a-z])"), "\\r"),
    (re.compile(r"\\\\(?=[a-zA-Z])"), "\\"),
]
_PLAIN_FUNC_RE = re.compile(
    r"(?<![\\A-Za-z])(sin|cos|tan|cot|sec|csc|ln|log|exp|arcsin|arccos|arctan|sqrt|pi)(?![A-Za-z])"
)
_CIRCLED = {chr(0x2460 + k): f"{k + 1}," for k in range(10)}
_QUALIFIER_RE = re.compile(
    r"\s*(?:,\s*)?\b(?:for\s+(?:all|any|every|some|each)|where|with|when)\b.*$", re.S
)


_INFINITE_RE = re.compile(r"\binfinitely\s+many(?:\s+\w+)?\b|\binfinite\b", re.IGNORECASE)
_ONLY_RE = re.compile(r"^(?:only|exactly|just)\s+", re.IGNORECASE)


def strip_qualifier(s: str) -> str:
    """Drop 'for all x in Z' / 'where k is an integer' tails and 'only' prefixes."""
    return _ONLY_RE.sub("", _QUALIFIER_RE.sub("", s)).strip()


_REPEATING_RE = re.compile(r"(\d*)\.(\d*)\s*\\(?:overline|bar|dot)\s*\{?\s*(\d{1,12})\s*\}?")
_ELLIPSIS_REPEAT_RE = re.compile(  # "0.8333...", "0.285714285714\\ldots": a block 3+ times
    r"(?<![\d.])(\d{1,20})\.(\d{0,20}?)(\d{1,6}?)\3{2,}[ \t]*(?:\\[lc]?dots|\.\.\.|\u2026)"
)
_SCI_E_RE = re.compile(r"(?<=\d)[eE]([+-]?\d{1,4})(?![A-Za-z\d])")


def _repeating(m: re.Match[str]) -> str:
    """``0.1\\overline{6}`` -> ``\\frac{1}{6}`` (exact)."""
    whole, fixed, rep = m.group(1) or "0", m.group(2), m.group(3)
    if len(whole) + len(fixed) > 40:
        return m.group(0)
    num = int(whole + fixed + rep) - int(whole + fixed)
    den = (10 ** len(rep) - 1) * 10 ** len(fixed)
    return f"\\frac{{{num}}}{{{den}}}"


_TRIG_RE = re.compile(r"\\(?:sin|cos|tan|cot|sec|csc)(?![a-zA-Z])")
_TRIG_DEGREE_RE = re.compile(
    r"(\d+(?:\.\d+)?)\s*(?:\^\s*\{\s*\\circ\s*\}|\^\s*\\circ|\\degree)"
)


_LATEX_THOUSANDS_RE = re.compile(r"\d+(?:,\\!\s*\d{3})+(?!\d)")  # 11,\!111,\!100: one run
_LATEX_THOUSANDS_SEP_RE = re.compile(r",\\!\s*")
_BRACE_COMMA_RE = re.compile(r"(?<=\d)\s*\{\s*,\s*\}\s*(?=\d)")  # 14 {, }916
_TEXT_PUNCT_RE = re.compile(  # a separator in a text command between digits: "6\\text{:}35"
    r"(?<=\d)\\(?:text|textrm|mathrm|textnormal)[ \t]*\{[ \t]*([,.:])[ \t]*\}(?=\d)"
)
_DECIMAL_BRACE_COMMA_RE = re.compile(r"(?<=\d)\{,\}(?=\d{1,2}(?!\d))")  # 1{,}75: a decimal comma
_PLAIN_BRACE_SET_RE = re.compile(  # {2, 3, 5} (backslashes left out) / x \in {1, 2}: a set
    r"(?P<pre>(?:\\?[A-Za-z]+(?:_\{?\w+\}?)?\s*(?:\\in|=)\s*)?)\{(?P<inner>[^{}]*,[^{}]*)\}"
)
_OUTER_GROUP_RE = re.compile(r"\\.|[{}]", re.S)
_BASE_SUB_RE = re.compile(r"(\d)_\{(\w+)\}")
_BASE_PHRASE_RE = re.compile(
    r"^([0-9A-F]+)\s*(?:\(\s*base\s*(\d{1,2})\s*\)|in\s+base\s*(\d{1,2}))$"
)
_PERCENT_WORD_RE = re.compile(r"(?<=[\d}])\s*\bper\s?cent\b(?!\s*\w)", re.IGNORECASE)
_BASE_WORDS = {
    "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
    "sixteen": 16,
}
# 10110_{(2)}, 10110_{\text{two}}, 10110_(2): the subscript names the base of the digits
_BASE_FORM_RE = re.compile(
    r"([0-9A-F])_\s*(?:\{\s*(?:\(\s*(\d{1,2})\s*\)|\\(?:text|mathrm)\s*\{\s*([a-z]{3,9})\s*\}"
    r"|([a-z]{3,9}))\s*\}|\(\s*(\d{1,2})\s*\))"
)


def _base_form(m: re.Match[str]) -> str:
    num = m.group(2) or m.group(5)
    if num is None:
        word = _BASE_WORDS.get(m.group(3) or m.group(4))
        if word is None:
            return m.group(0)
        num = str(word)
    return f"{m.group(1)}_{{{num}}}"
_LEADING_APPROX_RE = re.compile(r"^\s*(?:\\approx|\\sim|=)\s*")


_MOD_SUFFIX_RE = re.compile(
    r"(?<=\S)\s*(?:\\pmod\s*\{[^{}]*\}|\\pmod\s*\w+|\(\s*\\?(?:bmod|mod)\s*\{?\w+\}?\s*\)|"
    r"\\(?:bmod|mod)\s*\{?\w+\}?)\s*\.?\s*$"
)
_ONE_LETTER_UNIT_RE = re.compile(  # 6\times 10^5\text{ m}: a one-letter SI unit in \text
    r"(?:(?<=[\d})])|(?<=\\pi))\s*(?:\\[,;!]|~|\\ )?\s*"
    r"\\(?:text|mathrm|mbox)\s*\{\s*[mgsLKNJWAV]\s*\}"
    r"(?:\^\s*\{?\d\}?)?\s*\.?\s*$"
)
_BRACKETED_MATRIX_RE = re.compile(r"^[(\[]\s*(\\begin\{matrix\}.*\\end\{matrix\})\s*[)\]]$", re.S)
# \left(\begin{array}{cc}...\end{array}\right): an array in brackets is a matrix
_BRACKETED_ARRAY_RE = re.compile(
    r"^[(\[]\s*\\begin\{array\}\s*(?:\{[^{}]*\})?(.*)\\end\{array\}\s*[)\]]$", re.S
)
_CJK_UNIT_TAIL_RE = re.compile(r"(?<=[\d}])\s*[\u3040-\u30ff\u3400-\u9fff]{1,4}\s*[.。]?\s*$")
_NESTED_LIST_MATRIX_RE = re.compile(
    r"^\[\s*((?:\[[^\[\]]{1,200}\]\s*,\s*){1,9}\[[^\[\]]{1,200}\])\s*\]$"
)


def _nested_list_matrix(m: re.Match[str]) -> str:
    """``[[1, 2], [0, 1]]`` -> ``\\begin{matrix}1 & 2 \\\\ 0 & 1\\end{matrix}`` (rows of equal
    length; anything else is left as it is)."""
    rows = [r.split(",") for r in re.findall(r"\[([^\[\]]*)\]", m.group(1))]
    if len({len(r) for r in rows}) != 1:
        return m.group(0)
    body = " \\\\ ".join(" & ".join(c.strip() for c in r) for r in rows)
    return "\\begin{matrix}" + body + "\\end{matrix}"


_CLOCK_RE = re.compile(
    r"\b(\d{1,2}):(\d{2})\s*([apAP])\s*\.?\s*(?:[mM]\s*\.?|\.)?(?![A-Za-z])"
)


def with_superscript_powers(s: str) -> str:
    """Unicode superscripts written as powers ("10⁻⁴" -> "10^{-4}"), as :func:`clean` reads them
    (a unit's ² or ³ is dropped)."""
    return _superscripts(s)


def _superscripts(s: str) -> str:
    """``55 cm²`` -> ``55``, ``3²`` -> ``3^{2}`` (see :data:`_SUPERSCRIPT_UNIT_RE`), ``a₂`` ->
    ``a_{2}``."""
    s = _SUPERSCRIPT_UNIT_RE.sub("", s)
    s = _SUBSCRIPT_RUN_RE.sub(lambda m: "_{" + m.group(0).translate(_SUBSCRIPTS) + "}", s)
    return _SUPERSCRIPT_RUN_RE.sub(lambda m: "^{" + m.group(0).translate(_SUPERSCRIPTS) + "}", s)


_HEX_LITERAL_RE = re.compile(r"(?<![\w.])0[xX]([0-9A-Fa-f]{1,16})(?![\w.])")
_COMPLEMENT_RE = re.compile(
    r"\(-\\infty, \\infty\)\s*(?:\\setminus|\\backslash|-)\s*\\\{(?P<e>[^{}]{1,80})\\\}"
)
_COMPLEMENT_ITEM_RE = re.compile(r"\s*(-?\d{1,12}(?:\.\d{1,12})?(?:/\d{1,12})?)\s*")


_REALS_EXCEPT_RE = re.compile(  # "all real numbers except ...", "every real x with ..."
    r"[ \t]*(?:all|every|any)[ \t]+(?:the[ \t]+)?real(?:s|[ \t]+numbers?)?(?:[ \t]+(?P<v>[a-z]))?"
    r"[ \t]+(?:(?P<x>except(?:[ \t]+for)?|other[ \t]+than|but|besides|apart[ \t]+from|"
    r"excluding)|with|such[ \t]+that|where|for[ \t]+which)[ \t]+(?P<e>[^\n]{1,160}?)[ \t.]*",
    re.IGNORECASE,
)
_EXCLUDED_ITEM_RE = re.compile(
    r"[ \t]*(?:(?P<v>[a-z])[ \t]*(?P<op>=|\\ne)[ \t]*)?(?P<pm>\\pm[ \t]*)?"
    r"(?P<n>-?[ \t]*\d{1,12}(?:\.\d{1,12})?(?:/\d{1,12})?)[ \t]*"
)
_ITEM_SPLIT_RE = re.compile(r",?[ \t]*\b(?:and|or|nor)\b[ \t]*|,", re.IGNORECASE)


def _excluded(text: str, op: str | None, var: str | None) -> list[str] | None:
    """The numbers a list of exclusions names ("x = 2 and x = -2", "-2, 2 and 0", "x \\ne \\pm 2"
    with ``op`` "\\ne"): each item of one variable, with ``op`` (or none where ``op`` is "=");
    a ``\\pm`` gives both signs. None when an item is anything else."""
    out: list[str] = []
    for part in _ITEM_SPLIT_RE.split(text):
        if not part.strip():
            continue
        item = _EXCLUDED_ITEM_RE.fullmatch(part)
        if item is None or (item.group("op") or "=") != (op or "=") or (
            op == "\\ne" and item.group("op") is None
        ):
            return None
        if item.group("v") is not None:
            if var is not None and item.group("v") != var:
                return None
            var = item.group("v")
        n = item.group("n").replace(" ", "")
        out.append(n)
        if item.group("pm") is not None:
            out.append(n[1:] if n.startswith("-") else "-" + n)
    return out or None


def _reals_except(s: str) -> str:
    """``reals-except-in-words``: the reals without finitely many numbers said in words ("all real
    numbers except x = 2 and x = -2", "every real number other than -2 and 2", "all real x with x
    \\ne \\pm 2") or as exclusions alone ("x \\ne \\pm 2", "x \\ne 2 and x \\ne -2"), written as
    ``(-\\infty, \\infty) \\setminus \\{...\\}``; any other text is left as it is."""
    m = _REALS_EXCEPT_RE.fullmatch(s)
    if m is not None:
        values = _excluded(m.group("e"), None if m.group("x") else "\\ne", m.group("v"))
    elif "\\ne" in s and ("\\pm" in s or _ITEM_SPLIT_RE.search(s)):
        values = _excluded(s.strip().rstrip("."), "\\ne", None)
    else:
        return s
    if values is None:
        return s
    try:
        ordered = sorted(set(values), key=Fraction)
    except (ValueError, ZeroDivisionError):
        return s
    return "(-\\infty, \\infty) \\setminus \\{" + ", ".join(ordered) + "\\}"


def _complement(m: re.Match[str]) -> str:
    """The reals without finitely many plain numbers, as a union of open intervals (``(-\\infty,
    \\infty) \\setminus \\{1, 3\\}`` -> ``(-\\infty, 1) \\cup (1, 3) \\cup (3, \\infty)``);
    any other element leaves the text as it is."""
    items = [_COMPLEMENT_ITEM_RE.fullmatch(e) for e in m.group("e").split(",")]
    if not items or any(i is None for i in items):
        return m.group(0)
    texts = sorted({i.group(1) for i in items if i is not None}, key=Fraction)
    ends = ["-\\infty", *texts, "\\infty"]
    return " \\cup ".join(f"({a}, {b})" for a, b in itertools.pairwise(ends))


def _undecorated(s: str) -> str:
    """``decoration-command``: ``\\underline{\\dfrac58}``, ``\\textcolor{blue}{x}`` -> their
    content, nested braces included (at most eight, each closing within 200 characters)."""
    for _ in range(8):
        m = _DECORATION_RE.search(s)
        if m is None:
            return s
        depth, i = 1, m.end()
        stop = min(len(s), m.end() + 200)
        while i < stop and depth:
            depth += {"{": 1, "}": -1}.get(s[i], 0)
            i += 1
        if depth:
            return s
        s = s[: m.start()] + " " + s[m.end() : i - 1] + " " + s[i:]
    return s


def clean(raw: str) -> Cleaned:
    """Strip LaTeX presentation noise from one answer string."""
    s = raw.strip()
    if "\\begin" not in s:
        for rx, rep in _REPAIRS:
            s = rx.sub(_const(rep), s)
    else:
        for rx, rep in _REPAIRS[:4]:
            s = rx.sub(_const(rep), s)
    if "\\" in s and _DECORATION_RE.search(s):
        s = _undecorated(s)
    if any(c in s for c in _CIRCLED):
        s = "".join(_CIRCLED.get(c, c) for c in s).rstrip(",")
    if s[:1] in "tTopPiIsScC":  # "the ordered pair (7, 3)", "the point $(4, 3)$": the value
        s = _VALUE_NOUN_RE.sub("", s)
    if len(s) <= _MAX_WORDED_RADICAL_CHARS and s[:1].isalnum() and _SPOKEN_RE.search(s):
        # "five root two", "five over three", "four pi": spoken math, in digits and LaTeX
        s = spoken_math(spelled_in_digits(s) or s).replace("$", "")
    if not s.isascii() or ((s[:1].isalpha() and " " in s.strip()) or s.strip().isalpha()):
        foreign = foreign_number(s)  # "vinte e um", "тридцать шесть", "二十四": in digits
        if foreign is not None:
            s = foreign
    if not s.isascii():
        s = unicode_fractions(unicode_digits(s))
        s = _CJK_UNIT_TAIL_RE.sub("", s)  # "150 英里", "24 种": the number without its unit
    s = _UNICODE_RE.sub(lambda m: _UNICODE[m.group(0)], s)
    s = scaled_numerals(s)  # "12 thousand" -> "12000", "2.5 million" -> "2500000"
    if not s.isascii():
        s = _superscripts(s)
    if "`" in s:  # code style: "`0xFF`"
        s = s.replace("`", " ")
    if "0x" in s or "0X" in s:  # a hexadecimal literal is the base-16 numeral it writes
        s = _HEX_LITERAL_RE.sub(lambda m: m.group(1).upper() + "_{16}", s)
    s = _DELIMS_RE.sub(" ", s)
    if "text" in s or "math" in s:  # "6\\text{:}35", "1\\text{,}000": the separator itself
        s = _TEXT_PUNCT_RE.sub(lambda m: "{,}" if m.group(1) == "," else m.group(1), s)
    s = s.replace("{:}", ":").replace("\\!:\\!", ":")
    s = _MOD_SUFFIX_RE.sub("", s)
    s = _ONE_LETTER_UNIT_RE.sub("", s)
    s = s.replace("\\\\frac", "\\frac").replace("\\\\pi", "\\pi")
    s = _SIZING_RE.sub("", s)
    if s.startswith("[[") or s.startswith("[ ["):  # "[[1, 2], [0, 1]]": a matrix by its rows
        s = _NESTED_LIST_MATRIX_RE.sub(_nested_list_matrix, s)
    s = _BRACKETED_MATRIX_RE.sub(r"\1", s.strip())
    s = _BRACKETED_ARRAY_RE.sub(lambda m: "\\begin{matrix}" + m.group(1) + "\\end{matrix}", s)
    if ",\\!" in s:
        s = _LATEX_THOUSANDS_RE.sub(lambda m: _LATEX_THOUSANDS_SEP_RE.sub("", m.group(0)), s)
    if "{" in s and "," in s:
        s = _DECIMAL_BRACE_COMMA_RE.sub(".", s)  # (a thousands group has three digits)
        s = _BRACE_COMMA_RE.sub("", s)
    if "_" in s:
        s = _BASE_FORM_RE.sub(_base_form, s)
    s = _BASE_SUB_RE.sub(r"\1_\2", s)
    s = _LEADING_APPROX_RE.sub("", s)
    if "..." in s or "dots" in s or "\u2026" in s:  # ``ellipsis-repeating-decimal``: 0.8333...
        s = _ELLIPSIS_REPEAT_RE.sub(r"\1.\2\\overline{\3}", s)
    if "\\overline" in s or "\\bar" in s or "\\dot" in s:
        s = _REPEATING_RE.sub(_repeating, s)
    s = _SCI_E_RE.sub(lambda m: "\\times 10^{" + m.group(1) + "}", s)
    s = _SPACING_RE.sub(" ", s)
    for rx, rep in _RENAMES:
        s = rx.sub(rep, s) if "\\1" in rep else rx.sub(_const(rep), s)
    if "real" in s or "Real" in s or "\\ne" in s:
        s = _reals_except(s)  # "all real numbers except x = 2 and x = -2" -> R \ {-2, 2}
    if "\\setminus" in s or "\\backslash" in s or "infty) -" in s:
        s = _COMPLEMENT_RE.sub(_complement, s)  # R \ {3} -> (-inf, 3) U (3, inf)
    degree = False
    if _TRIG_RE.search(s) and _DEGREE_RE.search(s):
        # \cos 30^\circ: degrees inside a trig function become radians
        s = _TRIG_DEGREE_RE.sub(lambda m: "(" + m.group(1) + "\\pi/180)", s)
    if _DEGREE_RE.search(s):
        degree = True
        s = _DEGREE_RE.sub(" ", s)
    percent = False
    if _PERCENT_RE.search(s):
        percent = True
        s = _PERCENT_RE.sub(" ", s)
    s = _DOLLAR_RE.sub(" ", s)
    had_words = False
    for _ in range(4):
        new = _TEXT_RE.sub(lambda m: " " + m.group(1) + " ", s)
        if new == s:
            break
        had_words = True
        s = new
    if had_words and "_" in s and ("\\text" in raw or "\\mathrm" in raw) and "\\boxed" not in raw:
        # "\\text{FF}_{16}" -> "FF_{16}": the numeral and its base
        s = _SPACED_SUBSCRIPT_RE.sub("_", s)
    s = _CLOCK_RE.sub(lambda m: f"{int(m.group(1))}:{m.group(2)} {m.group(3).lower()}m", s)
    s = _ORDINAL_RE.sub(r"\1 ", s)
    s = _PLAIN_FUNC_RE.sub(r"\\\1 ", s)
    s = _INFINITE_RE.sub(lambda _m: "\\infty", s)
    s = _SPACES_RE.sub(" ", s).strip()
    s = s.rstrip(".;, ").strip()
    brace_set = _PLAIN_BRACE_SET_RE.fullmatch(s) if "{" in s and "," in s else None
    if brace_set is not None and not _THOUSANDS_RE.fullmatch(brace_set.group("inner").strip()):
        s = brace_set.group("pre") + "\\{" + brace_set.group("inner") + "\\}"
    if "base" in s:  # "1011 (base 2)", "1011 in base 2"
        s = _BASE_PHRASE_RE.sub(lambda m: f"{m.group(1)}_{m.group(2) or m.group(3)}", s)
    if _PERCENT_WORD_RE.search(s):  # "25 percent"
        percent = True
        s = _PERCENT_WORD_RE.sub("", s).strip()
    if re.search(r"\b(?:degrees?|deg)\b", s):
        degree = True
        s = re.sub(r"\s*\b(?:degrees?|deg)\b\.?", "", s).strip()
    return Cleaned(s, percent, degree, had_words)


_QUOTE_PAIRS = {'"': '"', "'": "'", "\u201c": "\u201d", "\u2018": "\u2019"}


def strip_quotes(text: str) -> str:
    """``"72"`` -> ``72`` (``quoted-answer``): one pair of matching quotation marks around the
    whole answer, with no other quotation mark inside, only marks it ("So the answer is
    \u201c72\u201d.", "$\\boxed{"72"}$")."""
    t = text.strip()
    close = _QUOTE_PAIRS.get(t[:1])
    end = t.find(close, 1) if close is not None else -1
    if close is None or end < 2 or t[0] in t[1:end] or close in t[end + 1 :]:
        return t
    rest = t[end + 1 :]
    if rest and not _QUOTED_UNIT_RE.fullmatch(rest):
        return t
    return (t[1:end].strip() + rest).strip()  # '"60" km/h': the value and its unit


_DASH_ASIDE_RE = re.compile(  # "48 — the boxed value holds": words only after a dash
    "[ \t]+(?:\u2014|\u2013|--)[ \t]*[A-Za-z][A-Za-z ,'\u2019-]{0,80}[.!]?\\Z"
)
_ASIDE_DOUBT_RE = re.compile(
    r"\b(?:or|not|rather|maybe|perhaps|possibly|wrong|incorrect|unless|if|approximately|about)\b",
    re.IGNORECASE,
)


def strip_dash_aside(text: str) -> str:
    """``dash-aside-after-value``: ``48 — my first answer stands`` -> ``48``: a dash and a remark
    of words only after the value (no digit, no math; no "or", "not", "maybe", ...: those would
    offer or doubt a value) are no part of it."""
    m = _DASH_ASIDE_RE.search(text)
    if m is None or m.start() == 0 or _ASIDE_DOUBT_RE.search(m.group(0)):
        return text
    return text[: m.start()].rstrip()


_ESCAPE_DAMAGE_RE = re.compile(  # a control character JSON made of "\\f", "\\b", "\\v", "\\t", ...
    "\x0c(?=[a-z])|\x08(?=[a-z])|\x0b(?=[a-z])|\x07(?=[a-z])"
    "|\t(?=imes|ext|heta|au\\b|an\\b|frac|riangle|o\\b)|\r(?=ightarrow|ho\\b|angle|m\\b)"
)
_ESCAPED_LETTER = {"\x0c": "f", "\x08": "b", "\x0b": "v", "\x07": "a", "\t": "t", "\r": "r"}


def repair_escapes(text: str) -> str:
    """``gold-escape-damage``: a gold written with one backslash before a LaTeX command that
    JSON or a string literal took for an escape ("\\frac" stored as FORM FEED + "rac",
    "\\times" as TAB + "imes"): the backslash and letter it meant. Only a control character
    before the rest of a command's name; no other text changes."""
    return _ESCAPE_DAMAGE_RE.sub(lambda m: "\\" + _ESCAPED_LETTER[m.group(0)], text)


BLANK_RUN_CAP = 32
"""Spaces and tabs kept of one run (:func:`cap_blank_runs`)."""
BLANK_LINES_CAP = 8
"""Line breaks kept of one run of blank lines (:func:`cap_blank_runs`)."""
_LONG_SPACE_RUN_RE = re.compile(rf"[ \t]{{{BLANK_RUN_CAP + 1},}}")
_LONG_BLANK_LINES_RE = re.compile(rf"(?:[ \t]*\n){{{BLANK_LINES_CAP + 1},}}")
_LONG_BLANK_LINES_AT_RE = re.compile(rf"\n(?:[ \t]*\n){{{BLANK_LINES_CAP},}}")
"""Found exactly where :data:`_LONG_BLANK_LINES_RE` is (the first group's blanks may be empty),
but tried only at line breaks: the engine scans for a leading literal (~5 us on a 6,000-character
text against ~150 us)."""
_LONG_SPACES = " " * (BLANK_RUN_CAP + 1)


def cap_blank_runs(text: str) -> str:
    """``blank-run-capped``: a run of more than :data:`BLANK_RUN_CAP` spaces and tabs keeps its
    first :data:`BLANK_RUN_CAP` characters, a run of more than :data:`BLANK_LINES_CAP` blank
    lines becomes that many line breaks. No rule reads a blank run's length past these caps
    (a paragraph break is a paragraph break), and a pattern that meets a blank run at each of
    its characters costs time quadratic in the run: 50,000 spaces after "Final answer" took
    minutes before the cap (tests/verify/test_load_independence.py)."""
    if (
        _LONG_SPACES in text if "\t" not in text else _LONG_SPACE_RUN_RE.search(text) is not None
    ):  # (without a tab, a long run is a run of spaces: one substring search)
        text = _LONG_SPACE_RUN_RE.sub(lambda m: m.group(0)[:BLANK_RUN_CAP], text)
    if "\n" in text and _LONG_BLANK_LINES_AT_RE.search(text) is not None:
        text = _LONG_BLANK_LINES_RE.sub("\n" * BLANK_LINES_CAP, text)
    return text


_QUOTED_UNIT_RE = re.compile(r"(?:[ \t]+[A-Za-z/%]{1,12}){1,3}[ \t]*")


def strip_grouping(text: str) -> str:
    """``{{{7}}}`` -> ``7``: braces around the whole text that only group it (linear time). Not
    around a list (``{1, 3}`` is read as a set by :func:`clean`)."""
    t = text.strip()
    if not t.startswith("{") or "," in t:
        return t
    close_of: dict[int, int] = {}
    stack: list[int] = []
    for m in _OUTER_GROUP_RE.finditer(t):
        if m.group(0) == "{":
            stack.append(m.start())
        elif m.group(0) == "}" and stack:
            close_of[stack.pop()] = m.start()
    k = 0
    while 2 * k < len(t) and t[k] == "{" and close_of.get(k) == len(t) - 1 - k:
        k += 1
    return t[k : len(t) - k].strip() if k else t


def strip_units(s: str) -> str:
    """Drop trailing unit-like words after a math expression (``5 cm``, ``12 square units``)."""
    m = _TRAILING_WORDS_RE.search(s)
    if m is None or m.start() == 0:
        return s
    words = re.findall(r"[A-Za-z]+", m.group(0))
    if any(w.lower() in _MATH_WORDS for w in words) and not (
        len(words) == 1 and words[0].lower() in _UNIT_ALSO_FUNCTION
    ):  # (``unit-named-like-function``: "150 min", "30 sec": a lone last word, no argument)
        return s
    if any(w.lower() in _PROSE_CLAUSE for w in words):
        return s  # "1 if the question has no additional information": prose, not a unit
    head = s[: m.start()].rstrip()
    if not _UNIT_HEAD_RE.search(head):
        return s
    return head


def join_thousands(s: str) -> str | None:
    """``1,000`` / ``1 000`` / ``1\\,000`` -> ``1000`` when the whole string is such a number."""
    t = s.strip()
    if _THOUSANDS_RE.fullmatch(t):
        return re.sub(r",|\s|\\,", "", t)
    return None


_OPEN = "([{"
_CLOSE = ")]}"


def split_top(s: str, seps: tuple[str, ...] = (",", ";")) -> list[str]:
    """Split at separators outside any bracket (``\\{``/``\\}`` count as brackets)."""
    parts: list[str] = []
    depth = 0
    start = 0
    i = 0
    n = len(s)
    while i < n:
        c = s[i]
        if c == "\\" and i + 1 < n and s[i + 1] in "{}":
            depth += 1 if s[i + 1] == "{" else -1
            i += 2
            continue
        if c == "\\" and s.startswith("\\begin", i):
            depth += 1
        elif c == "\\" and s.startswith("\\end", i):
            depth -= 1
        elif c in _OPEN:
            depth += 1
        elif c in _CLOSE:
            depth -= 1
        elif depth == 0:
            for sep in seps:
                if s.startswith(sep, i):
                    parts.append(s[start:i])
                    start = i + len(sep)
                    i = start - 1
                    break
        i += 1
    parts.append(s[start:])
    return [p.strip() for p in parts]


_WORD_SEP_RE = re.compile(  # not before a part of a worded number: "three and a half"
    r"\s+(?:and(?!\s+(?:a|one|two|three)[\s-]+(?:half|halves|thirds?|quarters?|fourths?)\b)|or)"
    r"\s+|^\s*(?:and|or)\s+|\s+(?:and|or)\s*$"
)


def split_items(s: str) -> list[str]:
    """Split a cleaned answer into its top-level items (commas, semicolons, 'and', 'or'); a
    set-builder's conditions ("\\{x | x \\ge 2 and x \\ne 5\\}") stay one item."""
    items: list[str] = []
    for part in split_top(s):
        if part.startswith("\\{") and part.endswith("\\}"):
            items.append(part.strip())
            continue
        items.extend(sub.strip() for sub in _WORD_SEP_RE.split(part) if sub.strip())
    return items


_RATIONAL_RE = re.compile(
    r"\s*\$?\s*(?:\\\(|\\\[)?\s*(?P<sign>[+-])?\s*(?:"
    r"(?P<dec>\d+(?:\.\d+)?|\.\d+)"
    r"|\\[dt]?frac\s*\{\s*(?P<n1>\d+)\s*\}\s*\{\s*(?P<d1>\d+)\s*\}"
    r"|\\[dt]?frac(?P<n2>\d)(?P<d2>\d)"
    r"|(?P<n3>\d+)\s*/\s*(?P<d3>\d+))"
    r"\s*(?:\\\)|\\\])?\s*\$?\s*\.?\s*"
)


def simple_rational(text: str, max_digits: int) -> Fraction | None:
    """``3``, ``-0.25``, ``\\frac{3}{8}``, ``\\dfrac38``, ``3/8`` (optionally in ``$``/``\\(``),
    at most ``max_digits`` digits; None for anything else."""
    m = _RATIONAL_RE.fullmatch(text)
    if m is None:
        return None
    sign = -1 if m.group("sign") == "-" else 1
    if m.group("dec") is not None:
        if len(m.group("dec")) > max_digits:
            return None
        return sign * Fraction(m.group("dec"))
    num = m.group("n1") or m.group("n2") or m.group("n3")
    den = m.group("d1") or m.group("d2") or m.group("d3")
    if len(num) + len(den) > max_digits or int(den) == 0:
        return None
    return sign * Fraction(int(num), int(den))
