"""Structured answers: parse answer text into values, tuples, sets, intervals, equations, text."""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import sympy

from ._latex import LimitError, ParseError, parse_expr_latex
from ._normalize import (
    clean,
    join_thousands,
    split_items,
    split_top,
    strip_qualifier,
    strip_units,
)
from ._words import worded_value

MAX_ITEMS = 40
MAX_PM = 4


# ------------------------------------------------------------------------------------------------
# values
# ------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Expr:
    value: Any
    src: str
    percent: bool = False
    degree: bool = False
    decimals: int | None = None  # decimal places when the source is a bare decimal literal
    has_decimal: bool = False


@dataclass(frozen=True)
class Seq:
    open: str
    close: str
    items: tuple[Value, ...]


@dataclass(frozen=True)
class SetVal:
    value: Any  # a sympy Set


@dataclass(frozen=True)
class Unordered:
    items: tuple[Value, ...]


@dataclass(frozen=True)
class Eq:
    labels: tuple[str, ...]
    lhs: Any  # sympy expression of the left side, or None
    rhs: Value


@dataclass(frozen=True)
class Text:
    words: str


@dataclass(frozen=True)
class Letter:
    letter: str


Value = Expr | Seq | SetVal | Unordered | Eq | Text | Letter


# ------------------------------------------------------------------------------------------------
# parsing
# ------------------------------------------------------------------------------------------------
_LETTER_RE = re.compile(  # lower case as a label ("b)", "(c)") or alone ("c"): golds are letters
    r"(?:(?:[Cc]hoice|[Oo]ption|[Aa]nswer)\s*:?\s*)?(?:\(?\s*([A-E])\s*\)?|\(?\s*([a-e])\s*\)|([a-e]))"
    r"\s*[.:]?"
)
_LETTER_CONTENT_RE = re.compile(  # "(C) 243", "C) 243", "C — 243" (a dash between spaces)
    r"\(\s*([A-Ea-e])\s*\)\s*\S.*|([A-E])[.:)]\s+\S.*|([a-e])\)\s+\S.*"
    r"|([A-E])\s+[\u2014\u2013-]\s+\S.*"
)
_LETTER_COMMA_RE = re.compile(  # "D, \frac{1}{16}" (never "A, C": a list of letters)
    r"\(?\s*([A-E])\s*\)?\s*,\s+(?!\(?[A-E](?![A-Za-z]))(?=\S)[^,;]{1,80}"
)
_IN_PREFIX_RE = re.compile(r"^\\?[A-Za-z]+(?:_\{?\w+\}?)?\s*\\in(?![a-zA-Z])\s*")
_WORD_LABEL_RE = re.compile(  # "Area: 12" (a code keyword such as "lambda:" is no label)
    r"^(?!(?:lambda|def|class|import|return|print|exec|eval|if|else|for|while|try|except|with)\b)"
    r"[^\W\d_][^\W\d_ ]*(?: [^\W\d_]+)*(?:[ \t]*\d+(?:[ \t]+[A-Za-z]+){0,3})?\s*:\s*(?=\S)"
    # "Total after 5 years:", "Réponse :"
)
_TUPLE_LABEL_RE = re.compile(r"\(([^()]*(?:\([^()]*\)[^()]*)*)\)")
_MATRIX_RE = re.compile(r"\\begin\{([pbvBV]?matrix|array)\}(?:\{[^{}]*\})?(.*)\\end\{\1\}", re.S)
_REL_RE = re.compile(r"\\le |\\ge |\\ne |\\le$|\\ge$|<|>|=|\\approx|\\equiv")
_NAME = r"\\?[A-Za-z]+'{0,2}(?:_\{?[\w\\ ]+\}?)?(?:\^\{?-?[\w\\]+\}?)?'{0,2}(?:\(\s*[\w\s,]*\))?"
SIMPLE_LHS_RE = re.compile(rf"\s*{_NAME}\s*|\(\s*{_NAME}(?:\s*,\s*{_NAME})*\s*\)")
_DECIMAL_LIT_RE = re.compile(r"[+-]?\d*\.\d+")
_WORDY_RE = re.compile(r"(?<!\\)\b[A-Za-z]{3,}\b")
_NUMBER_WORDS = {
    w: k
    for k, w in enumerate(
        (
            "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
            "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
            "eighteen", "nineteen", "twenty",
        )
    )
}
_ALL_REALS = frozenset(
    {"all real numbers", "all reals", "all real x", "all real values", "all real values of x",
     "every real number", "the set of all real numbers", "reals"}
)
_NO_SOLUTION = frozenset(
    {"no solution", "no solutions", "no real solution", "no real solutions", "none", "empty set",
     "the empty set", "there is no solution", "there are no solutions", "no such number"}
)
_BARE_CLOCK_RE = re.compile(r"(\d{1,2}):(0\d)")
_CLOCK_TEXT_RE = re.compile(r"\d{1,2}:\d{2}(?::\d{2})?\s*[ap]m")
_WORD_RUN_RE = re.compile(r"(?<![\\A-Za-z])[A-Za-z]{4,}")
_MIXED_NUMBER_RE = re.compile(r"([+-]?)(\d{1,12})[ \t]+(\d{1,12})[ \t]*/[ \t]*(\d{1,12})")
"""``4 4/9``: a whole number and a fraction separated by a space (plain-text mixed number)."""


@dataclass(frozen=True)
class _Ctx:
    """Per-call parsing context (no global state)."""

    allow_letter: bool


def expand_pm(item: str) -> list[str]:
    """``1 \\pm \\sqrt{2}`` -> two strings. Bounded to ``MAX_PM`` occurrences."""
    count = item.count("\\pm") + item.count("\\mp")
    if count == 0:
        return [item]
    if count > MAX_PM:
        raise LimitError("too many \\pm")
    parts = re.split(r"(\\pm|\\mp)", item)
    outs: list[str] = []
    for signs in itertools.product("+-", repeat=count):
        buf, k = [], 0
        for p in parts:
            if p in ("\\pm", "\\mp"):
                s = signs[k]
                buf.append(s if p == "\\pm" else ("-" if s == "+" else "+"))
                k += 1
            else:
                buf.append(p)
        outs.append("".join(buf))
    return outs


def parse_answer(raw: str, *, allow_letter: bool, join_numbers: bool) -> list[Value]:
    """Parse an answer string into its top-level items."""
    if raw.count("\\begin{") != raw.count("\\end{") or _unbalanced(raw):
        raise ParseError("unbalanced braces or environments")
    c = clean(raw)
    text = c.text
    if not text:
        raise ParseError("empty answer")
    ctx = _Ctx(allow_letter)
    if allow_letter:
        chosen = _LETTER_COMMA_RE.fullmatch(text)
        if chosen is not None:  # "D, \frac{1}{16}": the letter with its option's text
            return [Letter(chosen.group(1))]
    if join_numbers:
        joined = join_thousands(text)
        if joined is None:  # "1 000 millimetres", "2\\,500 m": a grouped number, then its unit
            joined = join_thousands(strip_units(text))
        if joined is not None:
            return [_expr_value(joined, c.percent, c.degree)]
    parts = split_items(text)
    if len(parts) > MAX_ITEMS:
        raise LimitError("too many items")
    items: list[Value] = []
    for part in parts:
        for variant in [part] if part.startswith("\\{") else expand_pm(part):
            items.append(parse_item(variant, ctx, c.percent, c.degree))
    items = _flatten(items)
    if len(parts) >= 2 and _exclusion_list(parts):
        return [_intersected(items)]
    return _unionize(items)


_EXCLUSION_RE = re.compile(r"\s*([A-Za-z])\s*(?:\\neq?|\u2260)(?![A-Za-z])")
_RELATION_VAR_RE = re.compile(
    r"\s*([A-Za-z])\s*(?:\\[lg]eq?|<|>|\u2264|\u2265|\\neq?|\u2260)(?![A-Za-z])"
)


def _exclusion_list(parts: list[str]) -> bool:
    """``conditions-for-a-set``: a list of conditions on one variable, one of them an exclusion
    ("x \\ge 2, x \\ne 5"): they hold together (an exclusion is never one of several
    alternatives), so the list is the intersection of their sets."""
    found = [_RELATION_VAR_RE.match(p) for p in parts]
    if any(m is None for m in found) or len({m.group(1) for m in found if m}) != 1:
        return False
    return any(_EXCLUSION_RE.match(p) for p in parts)


def _intersected(items: list[Value]) -> Value:
    """One set: the intersection of ``items`` (each interval-like)."""
    sets = [as_set(v) for v in items]
    if any(s is None for s in sets):
        raise ParseError("a condition that is no set")
    return SetVal(sympy.Intersection(*sets))


def _unbalanced(raw: str) -> bool:
    """Unmatched ``{``/``}`` (escaped ``\\{``/``\\}`` excluded): a truncated or broken answer."""
    depth = 0
    for tok in re.finditer(r"\\.|[{}]", raw, re.S):
        t = tok.group(0)
        if t == "{":
            depth += 1
        elif t == "}":
            depth -= 1
            if depth < 0:
                return True
    return depth != 0


def _flatten(items: list[Value]) -> list[Value]:
    if len(items) == 1 and isinstance(items[0], Unordered) and items[0].items:
        return list(items[0].items)
    if len(items) == 1 and isinstance(items[0], Eq) and isinstance(items[0].rhs, Seq):
        # (f(n), g(n)) = (n, 1)  ->  f(n) = n, g(n) = 1
        eq, rhs = items[0], items[0].rhs
        m = _TUPLE_LABEL_RE.fullmatch(eq.labels[-1].strip())
        if m:
            names = split_top(m.group(1))
            if len(names) == len(rhs.items) and all(SIMPLE_LHS_RE.fullmatch(n) for n in names):
                return [Eq((n,), None, v) for n, v in zip(names, rhs.items, strict=True)]
    return items


def _unionize(items: list[Value]) -> list[Value]:
    """``x < 1 or x > 3`` / ``a <= -2 or a = 1`` -> one set."""
    if len(items) < 2 or not any(isinstance(v, SetVal) for v in items):
        return items
    sets = []
    for v in items:
        s = as_set(v)
        if s is None:
            return items
        sets.append(s)
    return [SetVal(sympy.Union(*sets))]


def _expr_value(text: str, percent: bool, degree: bool) -> Expr:
    value = parse_expr_latex(text)
    dec = None
    stripped = text.strip()
    if _DECIMAL_LIT_RE.fullmatch(stripped):
        dec = len(stripped.split(".")[1])
    has_decimal = bool(_DECIMAL_LIT_RE.search(text))
    return Expr(value, text, percent, degree, dec, has_decimal)


_ODDS_RE = re.compile(
    r"(?P<a>\d{1,6}|[a-z]{3,9})[ \t]+(?:in|out[ \t]+of)[ \t]+(?P<b>\d{1,6}|[a-z]{3,9})"
)


def _odds_number(word: str) -> int | None:
    return int(word) if word.isdigit() else _NUMBER_WORDS.get(word.lower())


def _odds(t: str) -> str:
    """``odds-phrase``: "one in four", "3 out of 8" -> the fraction; anything else as it was."""
    m = _ODDS_RE.fullmatch(t)
    if m is None:
        return t
    num, den = _odds_number(m.group("a")), _odds_number(m.group("b"))
    return f"\\frac{{{num}}}{{{den}}}" if num is not None and den else t


_IMPLIES_RE = re.compile(r"\\(?:Longrightarrow|Rightarrow|implies)(?![A-Za-z])|\u21d2|\u27f9")


def parse_item(t: str, ctx: _Ctx, percent: bool = False, degree: bool = False) -> Value:
    t = t.strip().rstrip(".").strip()
    if not t:
        raise ParseError("empty item")
    if _CLOCK_TEXT_RE.fullmatch(t):
        return Text(t.replace(" ", ""))  # 4:30 pm is a time, not a ratio
    clock = _BARE_CLOCK_RE.fullmatch(t)
    if clock:  # 05:00 / 7:05 is a time of day, never a ratio
        return Text(f"{int(clock.group(1))}:{clock.group(2)}")
    unlabelled = _WORD_LABEL_RE.sub("", t)
    odds = _odds(unlabelled)
    if odds is not unlabelled:  # "Red marbles: 3 out of 8": the fraction
        t = odds
    implied = _IMPLIES_RE.split(t)
    if len(implied) > 1 and implied[-1].strip() and not _unbalanced(implied[-1]):
        t = implied[-1].strip()  # "8 + 3k = 20 \Rightarrow k = 4": the derivation's conclusion
    orig = t
    t = strip_units(strip_qualifier(t))
    t = _IN_PREFIX_RE.sub("", t)
    t = _WORD_LABEL_RE.sub("", t)
    if ctx.allow_letter:
        m = _LETTER_RE.fullmatch(t) or _LETTER_CONTENT_RE.fullmatch(t)
        if m:
            return Letter(next(g for g in m.groups() if g).upper())
    scaled = _SCALED_MATRIX_RE.fullmatch(t) if "matrix" in t else None
    if scaled is not None:  # ``scalar-times-matrix``: "\frac{1}{2}\begin{pmatrix} ..."
        k = parse_item(scaled.group("k"), ctx)
        scaled_cells = _matrix(scaled.group("body"), ctx)
        if isinstance(k, Expr) and not k.percent and not k.degree:
            scalar = k.value
            if isinstance(scalar, sympy.Float):  # "0.5\begin{pmatrix}...": the exact decimal
                scalar = sympy.Rational(str(scalar))
            return _scaled(scaled_cells, scalar)
    m = _MATRIX_RE.fullmatch(t)
    if m:
        if m.group(1) in ("vmatrix", "Vmatrix"):
            return _determinant(m.group(2), ctx)  # bars denote a determinant, not the matrix
        return _matrix(m.group(2), ctx)
    union_parts = split_top(t, ("\\cup",))
    if len(union_parts) > 1:
        sets = []
        for p in union_parts:
            s = as_set(parse_item(p, ctx))
            if s is None:
                raise ParseError("union of non-sets")
            sets.append(s)
        return SetVal(sympy.Union(*sets))
    if t.startswith("\\{") and t.endswith("\\}") and _outer_closes_at_end(t, 2):
        inner = t[2:-2].strip()
        cond = split_top(inner, ("|", ":"))
        if len(cond) == 2:
            return _condition_set(cond[1], ctx)
        elems = split_items(inner) if inner else []
        return Unordered(tuple(parse_item(x, ctx) for e in elems for x in expand_pm(e)))
    if len(t) >= 2 and t[0] in "([" and t[-1] in ")]" and _outer_closes_at_end(t, 1):
        inner_parts = split_top(t[1:-1])
        if len(inner_parts) >= 2:
            return Seq(t[0], t[-1], tuple(parse_item(p, ctx) for p in inner_parts))
    rel = _relation(t, ctx, percent, degree)
    if rel is not None:
        return rel
    ratio = split_top(t, (":",))
    if len(ratio) == 2:
        num, den = parse_expr_latex(ratio[0]), parse_expr_latex(ratio[1])
        if den == 0:
            raise ParseError("zero ratio")
        return Expr(num / den, t)
    phrase = " ".join(t.lower().replace("\\", " ").split())
    word: int | Fraction | None = _NUMBER_WORDS.get(phrase)
    if word is None and _WORD_RUN_RE.search(t):
        word = worded_value(phrase.replace("text{", "").replace("mbox{", "").replace("}", ""))
    if word is not None:
        return Expr(sympy.Rational(word.numerator, word.denominator), t)
    if phrase in _ALL_REALS:
        return SetVal(sympy.Reals)
    if phrase in _NO_SOLUTION:
        return Unordered(())
    if _WORD_RUN_RE.search(t):
        return Text(norm_words(orig))
    mixed = _MIXED_NUMBER_RE.fullmatch(t)
    if mixed is not None:
        return _mixed_number(mixed, t)
    try:
        return _expr_value(t, percent, degree)
    except ParseError:
        bare = re.sub(r"\\[A-Za-z]+", " ", t)
        if _WORDY_RE.search(bare):
            return Text(norm_words(orig))
        raise


def _mixed_number(m: re.Match[str], src: str) -> Expr:
    """``mixed-number``: ``4 4/9`` is 40/9 when the fraction is proper; otherwise (``2 5/4``) it
    is no mixed number and no product either: not parseable."""
    whole, num, den = int(m.group(2)), int(m.group(3)), int(m.group(4))
    if not 0 < num < den:
        raise ParseError("not a mixed number")
    value = sympy.Integer(whole) + sympy.Rational(num, den)
    return Expr(-value if m.group(1) == "-" else value, src)


_SIGN_MINUS_RE = re.compile(r"(?:(?<=^)|(?<=[\s(\[{,;:=$]))[-\u2212][ \t]*(?=\d)")


def norm_words(t: str) -> str:
    """The words and numbers of a worded answer, lower-cased, without articles; a minus sign
    before a number is kept as the word "minus" (``worded-answer-keeps-sign``: "center (2, -3)"
    is not "center (2, 3)")."""
    t = _SIGN_MINUS_RE.sub(" minus ", t)
    t = re.sub(r"\\[A-Za-z]+", " ", t)
    t = re.sub(r"[^A-Za-z0-9]+", " ", t.lower())
    return " ".join(w for w in t.split() if w not in ("the", "a", "an"))


def _outer_closes_at_end(t: str, width: int) -> bool:
    """True when the bracket opening at t[0] closes exactly at the end of t."""
    depth = 0
    i = 0
    n = len(t)
    while i < n:
        if t.startswith("\\{", i) or t.startswith("\\}", i):
            depth += 1 if t[i + 1] == "{" else -1
            i += 2
        else:
            c = t[i]
            if c in "([{":
                depth += 1
            elif c in ")]}":
                depth -= 1
            i += 1
        if depth == 0:
            return i == n and (width == 2) == t.startswith("\\{")
    return False


_SCALED_MATRIX_RE = re.compile(
    r"(?P<k>-?\\[dt]?frac\{[^{}]{1,20}\}\{[^{}]{1,20}\}|-?\d{1,6}(?:\.\d{1,6})?(?:/\d{1,6})?)"
    r"\s*(?:\\cdot|\\times)?\s*\\begin\{(?P<env>[pb]?matrix)\}(?P<body>.*)\\end\{(?P=env)\}",
    re.S,
)


def _scaled(value: Value, k: Any) -> Value:
    """A matrix (rows of cells) with every cell multiplied by the scalar ``k``."""
    if isinstance(value, Seq):
        return Seq(value.open, value.close, tuple(_scaled(v, k) for v in value.items))
    if isinstance(value, Expr):
        return Expr(k * value.value, value.src)
    raise ParseError("a scaled matrix cell that is not a number")


def _matrix(body: str, ctx: _Ctx) -> Value:
    rows = [r for r in (x.strip() for x in body.split("\\\\")) if r]
    cells = [[parse_item(c, ctx) for c in r.split("&")] for r in rows]
    if not cells:
        raise ParseError("empty matrix")
    if all(len(r) == 1 for r in cells):
        return Seq("(", ")", tuple(r[0] for r in cells))
    if len(cells) == 1:
        return Seq("(", ")", tuple(cells[0]))
    return Seq("[", "]", tuple(Seq("(", ")", tuple(r)) for r in cells))


MAX_DET_SIZE = 4


def _determinant(body: str, ctx: _Ctx) -> Value:
    rows = [r for r in (x.strip() for x in body.split("\\\\")) if r]
    cells = [[parse_item(c, ctx) for c in r.split("&")] for r in rows]
    n = len(cells)
    if not 1 <= n <= MAX_DET_SIZE or any(len(r) != n for r in cells):
        raise ParseError("determinant of a non-square array")
    if not all(isinstance(c, Expr) for r in cells for c in r):
        raise ParseError("determinant of non-scalar entries")
    values = [[c.value for c in r if isinstance(c, Expr)] for r in cells]
    return Expr(sympy.Matrix(values).det(), body)


def _relation(t: str, ctx: _Ctx, percent: bool, degree: bool) -> Value | None:
    pieces: list[str] = []
    ops: list[str] = []
    depth = 0
    start = 0
    i = 0
    while i < len(t):
        c = t[i]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif depth == 0:
            m = _REL_RE.match(t, i)
            if m:
                pieces.append(t[start:i].strip())
                ops.append(m.group(0).strip())
                i = m.end()
                start = i
                continue
        i += 1
    if not ops:
        return None
    pieces.append(t[start:].strip())
    if any(not p for p in pieces):
        raise ParseError("empty side of a relation")
    if all(op in ("=", "\\approx", "\\equiv") for op in ops):
        if "\\approx" in ops:  # "exact \approx decimal": the exact part is the answer
            idx = ops.index("\\approx")
            pieces, ops = pieces[: idx + 1], ops[:idx]
            if not ops:
                return parse_item(pieces[0], ctx, percent, degree)
        labels = tuple(p for p in pieces[:-1])
        rhs = parse_item(pieces[-1], ctx, percent, degree)
        lhs: Any = None
        if len(labels) == 1:
            try:
                lhs = parse_expr_latex(labels[0])
            except ParseError:
                lhs = None
        return Eq(labels, lhs, rhs)
    if "\\ne" in ops:
        if len(ops) == 1 and _is_var(pieces[0]):
            return SetVal(sympy.Complement(sympy.Reals, sympy.FiniteSet(_num(pieces[1]))))
        raise ParseError("unsupported relation")
    return _inequality(pieces, ops)


def _is_var(p: str) -> bool:
    return bool(re.fullmatch(r"\\?[A-Za-z]+(?:_\{?\w+\}?)?(?:\([A-Za-z]\))?", p.strip()))


def _num(p: str) -> Any:
    v = parse_expr_latex(p)
    if v.free_symbols:
        raise ParseError("symbolic bound")
    return v


def _inequality(pieces: list[str], ops: list[str]) -> Value:
    var_idx = [k for k, p in enumerate(pieces) if _is_var(p) and p.strip() not in ("\\infty",)]
    if len(var_idx) != 1 or "=" in ops:
        raise ParseError("unsupported inequality")
    v = var_idx[0]
    result: Any = sympy.Reals
    for k, op in enumerate(ops):
        left, right = k, k + 1
        if v not in (left, right):
            continue
        strict = op in ("<", ">")
        less = op in ("<", "\\le")
        if v == left:  # x op bound
            bound = _num(pieces[right])
            iv = (sympy.Interval(-sympy.oo, bound, True, strict) if less
                  else sympy.Interval(bound, sympy.oo, strict, True))
        else:  # bound op x
            bound = _num(pieces[left])
            iv = (sympy.Interval(bound, sympy.oo, strict, True) if less
                  else sympy.Interval(-sympy.oo, bound, True, strict))
        result = sympy.Intersection(result, iv)
    return SetVal(result)


_CONDITION_JOIN_RE = re.compile(r"\s+and\s+|\\(?:land|wedge)(?![A-Za-z])")
_MAX_CONDITIONS = 4


def _condition_set(cond: str, ctx: _Ctx) -> Value:
    """``set-builder-with-several-conditions``: the conditions of a set-builder, joined by commas
    or "and" ("x \\ge 2, x \\ne 5"), describe the intersection of their sets."""
    parts = [p for c in split_top(cond, (",",)) for p in _CONDITION_JOIN_RE.split(c)]
    if not parts or len(parts) > _MAX_CONDITIONS:
        raise ParseError("unsupported set-builder")
    sets = []
    for part in parts:
        s = as_set(parse_item(part.strip(), ctx))
        if s is None:
            raise ParseError("unsupported set-builder")
        sets.append(s)
    return SetVal(sets[0] if len(sets) == 1 else sympy.Intersection(*sets))


def as_set(v: Value) -> Any:
    """A sympy Set for interval-like values, else None."""
    if isinstance(v, SetVal):
        return v.value
    if isinstance(v, Seq) and len(v.items) == 2:
        a, b = v.items
        if (
            isinstance(a, Expr)
            and isinstance(b, Expr)
            and _is_real_const(a.value)
            and _is_real_const(b.value)
        ):
            lo, hi = a.value, b.value
            if bool(lo >= hi):
                return None
            return sympy.Interval(lo, hi, v.open == "(", v.close == ")")
    if (
        isinstance(v, Eq)
        and len(v.labels) == 1
        and _is_var(v.labels[0])
        and isinstance(v.rhs, Expr)
        and _is_real_const(v.rhs.value)
    ):
        return sympy.FiniteSet(v.rhs.value)
    if isinstance(v, Unordered) and all(isinstance(x, Expr) for x in v.items):
        vals = [x.value for x in v.items if isinstance(x, Expr)]
        if all(_is_real_const(x) for x in vals):
            return sympy.FiniteSet(*vals)
    return None


def _is_real_const(x: Any) -> bool:
    return bool(x.is_number and (x.is_real or x in (sympy.oo, -sympy.oo)))
