"""Structured answers (values, tuples, sets, intervals, equations, text) and their equivalence."""

from __future__ import annotations

import itertools
import random
import re
from dataclasses import dataclass
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

MAX_ITEMS = 40
MAX_PM = 4
MAX_SIMPLIFY_OPS = 150
NUMERIC_POINTS = 6


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
_LETTER_RE = re.compile(r"\(?\s*([A-E])\s*\)?\s*[.:]?")
_LETTER_CONTENT_RE = re.compile(r"\(\s*([A-E])\s*\)\s*\S.*|([A-E])[.:]\s+\S.*")
_IN_PREFIX_RE = re.compile(r"^\\?[A-Za-z]+(?:_\{?\w+\}?)?\s*\\in(?![a-zA-Z])\s*")
_WORD_LABEL_RE = re.compile(r"^[A-Za-z][A-Za-z ]*\d*\s*:\s*(?=\S)")
_TUPLE_LABEL_RE = re.compile(r"\(([^()]*(?:\([^()]*\)[^()]*)*)\)")
_MATRIX_RE = re.compile(r"\\begin\{([pbvBV]?matrix|array)\}(?:\{[^{}]*\})?(.*)\\end\{\1\}", re.S)
_REL_RE = re.compile(r"\\le |\\ge |\\ne |\\le$|\\ge$|<|>|=|\\approx|\\equiv")
_NAME = r"\\?[A-Za-z]+(?:_\{?[\w\\ ]+\}?)?(?:\^\{?[\w\\]+\}?)?(?:\(\s*[\w\s,]*\))?"
_SIMPLE_LHS_RE = re.compile(rf"\s*{_NAME}\s*|\(\s*{_NAME}(?:\s*,\s*{_NAME})*\s*\)")
_DECIMAL_LIT_RE = re.compile(r"[+-]?\d*\.\d+")
_NUMBER_RE = re.compile(r"\d+(?:\.\d+)?|\.\d+")
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
_INDEX_NAMES = frozenset({"k", "n", "m", "t", "j", "l", "p", "q", "r", "s"})
_TEXT_STOPWORDS = frozenset(
    {"wins", "win", "loses", "lose", "yes", "no", "true", "false", "always", "never", "possible",
     "impossible", "exists", "does", "is", "are", "can", "will", "first", "second", "last"}
)
_ALL_REALS = frozenset(
    {"all real numbers", "all reals", "all real x", "all real values", "all real values of x",
     "every real number", "the set of all real numbers", "reals"}
)
_NO_SOLUTION = frozenset(
    {"no solution", "no solutions", "no real solution", "no real solutions", "none", "empty set",
     "the empty set", "there is no solution", "there are no solutions", "no such number"}
)
_CLOCK_TEXT_RE = re.compile(r"\d{1,2}:\d{2}(?::\d{2})?\s*[ap]m")
_WORD_RUN_RE = re.compile(r"(?<![\\A-Za-z])[A-Za-z]{4,}")
_FUNC_LHS_RE = re.compile(r"([A-Za-z])\(([A-Za-z])\)")


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
    c = clean(raw)
    text = c.text
    if not text:
        raise ParseError("empty answer")
    ctx = _Ctx(allow_letter)
    if join_numbers:
        joined = join_thousands(text)
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
    return _unionize(items)


def _flatten(items: list[Value]) -> list[Value]:
    if len(items) == 1 and isinstance(items[0], Unordered) and items[0].items:
        return list(items[0].items)
    if len(items) == 1 and isinstance(items[0], Eq) and isinstance(items[0].rhs, Seq):
        # (f(n), g(n)) = (n, 1)  ->  f(n) = n, g(n) = 1
        eq, rhs = items[0], items[0].rhs
        m = _TUPLE_LABEL_RE.fullmatch(eq.labels[-1].strip())
        if m:
            names = split_top(m.group(1))
            if len(names) == len(rhs.items) and all(_SIMPLE_LHS_RE.fullmatch(n) for n in names):
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


def parse_item(t: str, ctx: _Ctx, percent: bool = False, degree: bool = False) -> Value:
    t = t.strip().rstrip(".").strip()
    if not t:
        raise ParseError("empty item")
    if _CLOCK_TEXT_RE.fullmatch(t):
        return Text(t.replace(" ", ""))  # 4:30 pm is a time, not a ratio
    orig = t
    t = strip_units(strip_qualifier(t))
    t = _IN_PREFIX_RE.sub("", t)
    t = _WORD_LABEL_RE.sub("", t)
    if ctx.allow_letter:
        m = _LETTER_RE.fullmatch(t) or _LETTER_CONTENT_RE.fullmatch(t)
        if m:
            return Letter(next(g for g in m.groups() if g))
    m = _MATRIX_RE.fullmatch(t)
    if m:
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
    word = _NUMBER_WORDS.get(phrase)
    if word is not None:
        return Expr(sympy.Integer(word), t)
    if phrase in _ALL_REALS:
        return SetVal(sympy.Reals)
    if phrase in _NO_SOLUTION:
        return Unordered(())
    if _WORD_RUN_RE.search(t):
        return Text(_norm_words(orig))
    try:
        return _expr_value(t, percent, degree)
    except ParseError:
        bare = re.sub(r"\\[A-Za-z]+", " ", t)
        if _WORDY_RE.search(bare):
            return Text(_norm_words(orig))
        raise


def _norm_words(t: str) -> str:
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


def _condition_set(cond: str, ctx: _Ctx) -> Value:
    v = parse_item(cond, ctx)
    s = as_set(v)
    if s is None:
        raise ParseError("unsupported set-builder")
    return SetVal(s)


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


# ------------------------------------------------------------------------------------------------
# equivalence
# ------------------------------------------------------------------------------------------------
def answers_equal(gold: list[Value], model: list[Value]) -> bool:
    model = _dedupe(model)
    gold = _dedupe(gold)
    if len(gold) == 1 and len(model) == 1:
        return values_equal(gold[0], model[0])
    if len(gold) == 1 and len(model) > 1 and isinstance(gold[0], Seq) and gold[0].open == "(":
        # gold "(3, 4)", model "a = 3, b = 4" / "3, 4": read the model as the ordered tuple
        seq = gold[0]
        if len(seq.items) == len(model) and not any(isinstance(m, Seq) for m in model):
            return all(
                values_equal(g, _strip_label(m)) for g, m in zip(seq.items, model, strict=True)
            )
    if len(gold) > 1 and len(model) == 1:
        only = _strip_label(model[0])
        if isinstance(only, Seq) and only.open == "(" and not any(isinstance(g, Seq) for g in gold):
            model = list(only.items)  # "(x, y, z) = (1, 2, 3)" for gold "1, 2, 3"
    if len(gold) != len(model):
        return False
    labelled = _by_label(gold, model)
    if labelled is not None:
        return labelled
    labels = [g.labels[-1].replace(" ", "") for g in gold if isinstance(g, Eq)]
    distinct = len(labels) == len(gold) and len(set(labels)) == len(labels)
    if distinct and not any(isinstance(m, Eq) for m in model):
        # gold "a = 2, b = 3", model "2, 3": the model's values are read in the gold's order
        return all(values_equal(g, m) for g, m in zip(gold, model, strict=True))
    return _multiset_equal(gold, model)


def _dedupe(items: list[Value]) -> list[Value]:
    out: list[Value] = []
    for v in items:
        if not any(v == w or values_equal(w, v) for w in out):
            out.append(v)
    return out


def _by_label(gold: list[Value], model: list[Value]) -> bool | None:
    if not all(isinstance(v, Eq) and len(v.labels) == 1 for v in gold + model):
        return None
    g = {v.labels[0].replace(" ", ""): v.rhs for v in gold if isinstance(v, Eq)}
    m = {v.labels[0].replace(" ", ""): v.rhs for v in model if isinstance(v, Eq)}
    if set(g) != set(m):
        return None
    return all(values_equal(g[k], m[k]) for k in g)


def _multiset_equal(gold: list[Value], model: list[Value]) -> bool:
    n = len(gold)
    match = [[values_equal(g, m) for m in model] for g in gold]
    used = [False] * n

    def assign(i: int) -> bool:
        if i == n:
            return True
        for j in range(n):
            if not used[j] and match[i][j]:
                used[j] = True
                if assign(i + 1):
                    return True
                used[j] = False
        return False

    return assign(0)


def _strip_label(v: Value) -> Value:
    if isinstance(v, Eq) and all(_SIMPLE_LHS_RE.fullmatch(lab.strip()) for lab in v.labels):
        return v.rhs
    return v


def values_equal(g: Value, m: Value) -> bool:
    if isinstance(g, Letter) or isinstance(m, Letter):
        return isinstance(g, Letter) and isinstance(m, Letter) and g.letter == m.letter
    if isinstance(g, Eq) and isinstance(m, Eq):
        return _eqs_equal(g, m)
    if isinstance(g, Eq):
        if isinstance(g.rhs, Eq):
            return values_equal(g.rhs, m)
        stripped = _strip_label(g)
        if stripped is not g and values_equal(stripped, m):
            return True
        return _eq_solved_by(g, m)
    if isinstance(m, Eq):
        plain: Value | None = _strip_label(m)
        if plain is m:
            plain = _true_numeric_chain(m)
        return plain is not None and plain is not m and values_equal(g, plain)
    if isinstance(g, Text) and isinstance(m, Expr):
        m = Text(_norm_words(m.src))
    if isinstance(g, Text) or isinstance(m, Text):
        return isinstance(g, Text) and isinstance(m, Text) and _texts_equal(g.words, m.words)
    if isinstance(g, Expr) and isinstance(m, Expr):
        return exprs_equal(g, m)
    if isinstance(g, Seq) and isinstance(m, Seq):
        if len(g.items) != len(m.items):
            return False
        if (g.open, g.close) != (m.open, m.close):
            return False
        return all(values_equal(a, b) for a, b in zip(g.items, m.items, strict=True))
    if isinstance(g, Unordered) and isinstance(m, Unordered):
        return len(g.items) == len(m.items) and _multiset_equal(list(g.items), list(m.items))
    gs, ms = as_set(g), as_set(m)
    if gs is not None and ms is not None and (isinstance(g, SetVal) or isinstance(m, SetVal)):
        return _sets_equal(gs, ms)
    return False


_NEGATIONS = frozenset({"not", "no", "never", "cannot", "neither", "nor", "t"})


def _texts_equal(gold: str, model: str) -> bool:
    """Same words; or a short model phrase naming the gold sentence's key phrase."""
    if gold == model:
        return True
    gw, mw = gold.split(), model.split()
    if len(gw) < 3 or not 1 <= len(mw) <= 4 or _NEGATIONS & set(gw) or _NEGATIONS & set(mw):
        return False
    if len(mw) == 1 and (len(mw[0]) < 3 or mw[0] in _TEXT_STOPWORDS):
        return False
    k = len(mw)
    return any(gw[i : i + k] == mw for i in range(len(gw) - k + 1))


def _sets_equal(a: Any, b: Any) -> bool:
    if a == b:
        return True
    diff = sympy.SymmetricDifference(a, b)
    return bool(diff == sympy.EmptySet or diff.is_empty is True)


def _true_numeric_chain(m: Eq) -> Value | None:
    """``\\sqrt{117} = 3\\sqrt{13}``: a true equality of constants stands for its last value."""
    if m.lhs is None or m.lhs.free_symbols or not isinstance(m.rhs, Expr):
        return None
    if m.rhs.value.free_symbols or not _values_same(m.lhs, m.rhs.value):
        return None
    return m.rhs


def _eqs_equal(g: Eq, m: Eq) -> bool:
    gl, ml = g.labels[-1].replace(" ", ""), m.labels[-1].replace(" ", "")
    if gl == ml:
        return values_equal(g.rhs, m.rhs)
    fg, fm = _FUNC_LHS_RE.fullmatch(gl), _FUNC_LHS_RE.fullmatch(ml)
    if (
        fg
        and fm
        and fg.group(1) == fm.group(1)
        and isinstance(g.rhs, Expr)
        and isinstance(m.rhs, Expr)
    ):
        renamed = m.rhs.value.subs(sympy.Symbol(fm.group(2)), sympy.Symbol(fg.group(2)))
        return exprs_equal(g.rhs, Expr(renamed, m.rhs.src))
    if _SIMPLE_LHS_RE.fullmatch(gl) and _SIMPLE_LHS_RE.fullmatch(ml):
        return values_equal(g.rhs, m.rhs)
    exprs = isinstance(g.rhs, Expr) and isinstance(m.rhs, Expr)
    if g.lhs is not None and m.lhs is not None and exprs:
        assert isinstance(g.rhs, Expr) and isinstance(m.rhs, Expr)
        a = g.lhs - g.rhs.value
        b = m.lhs - m.rhs.value
        if a == 0 or b == 0:
            return False
        ratio = sympy.simplify(a / b) if _small(a) and _small(b) else None
        return ratio is not None and ratio.is_number and ratio != 0 and bool(ratio.is_finite)
    return False


def _eq_solved_by(g: Eq, m: Value) -> bool:
    """Gold ``xy = 6``, model ``6/x``: substituting the model for the gold's extra symbol holds."""
    if g.lhs is None or not isinstance(g.rhs, Expr) or not isinstance(m, Expr):
        return False
    rel = g.lhs - g.rhs.value
    extra = rel.free_symbols - m.value.free_symbols
    if len(extra) != 1:
        return False
    v = next(iter(extra))
    if g.lhs.is_Symbol and g.lhs != v:
        return False  # gold "y = 2x + 1": the model must give y, not x
    return _is_zero(rel.subs(v, m.value))


def _small(e: Any) -> bool:
    return bool(sympy.count_ops(e) <= MAX_SIMPLIFY_OPS)


def _gold_candidates(g: Expr, m: Expr) -> list[tuple[Any, Any]]:
    """(value, scale) readings of the gold: as written, as a percentage, degrees as radians."""
    vals: list[tuple[Any, Any]] = [(g.value, sympy.Integer(1))]
    if g.percent:
        vals.append((g.value / 100, sympy.Rational(1, 100)))
    if g.degree and not m.degree and m.value.has(sympy.pi):
        vals.append((g.value * sympy.pi / 180, sympy.pi / 180))
    return vals


def _model_candidates(m: Expr, g: Expr) -> list[Any]:
    vals = [m.value]
    if m.percent and not g.percent and not g.value.is_Integer:
        vals.append(m.value / 100)  # gold 0.12, model 12% (but gold 12 is not 1200%)
    if m.degree and not g.degree and g.value.has(sympy.pi):
        vals.append(m.value * sympy.pi / 180)
    return vals


def exprs_equal(g: Expr, m: Expr) -> bool:
    gold_c = _gold_candidates(g, m)
    model_c = _model_candidates(m, g)
    for gv, _ in gold_c:
        for mv in model_c:
            if _values_same(gv, mv):
                return True
    return _rounded_gold_matches(g, m, gold_c, model_c)


def _rounded_gold_matches(
    g: Expr, m: Expr, gold_c: list[tuple[Any, Any]], model_c: list[Any]
) -> bool:
    """Gold is a rounded decimal (``30.52``) and the model gave the exact value (``1587/52``).

    Only when the gold has at least 3 significant digits and the model's value has no finite
    decimal expansion (so the gold cannot be its exact value); accepted when the model's value
    rounds or truncates to the gold at the gold's precision.
    """
    if g.decimals is None or g.decimals < 1 or m.has_decimal or m.value.free_symbols:
        return False
    digits = g.src.strip().lstrip("+-").replace(".", "").lstrip("0")
    if len(digits) < 3:
        return False
    for mv in model_c:
        if not _non_terminating(mv):
            continue
        for gv, scale in gold_c:
            unit = sympy.Rational(1, 10**g.decimals) * scale
            try:
                x = sympy.N(mv, 40)
                y = sympy.N(gv, 40)
            except (TypeError, ValueError):
                continue
            if not (x.is_real and y.is_real):
                continue
            diff = abs(x) - abs(y)
            close = abs(diff) <= unit / 2 + sympy.Float("1e-30", 40) or (0 <= diff < unit)
            if close and (x >= 0) == (y >= 0):
                return True
    return False


def _non_terminating(v: Any) -> bool:
    if v.is_Rational:
        q = int(v.q)
        while q % 2 == 0:
            q //= 2
        while q % 5 == 0:
            q //= 5
        return q != 1
    return bool(v.is_number and v.is_real and v.is_rational is not True)


def _values_same(a: Any, b: Any) -> bool:
    if a == b:
        return True
    if a.is_Rational and b.is_Rational:
        return False
    fa, fb = a.free_symbols, b.free_symbols
    if not fa and not fb:
        return _is_zero(a - b, (a, b))
    if fa != fb and len(fa) == 1 and len(fb) == 1 and not a.is_Symbol:
        sa, sb = next(iter(fa)), next(iter(fb))
        if sa.name in _INDEX_NAMES or sb.name in _INDEX_NAMES:
            b = b.subs(sb, sa)  # k\pi + \frac{\pi}{6} vs n\pi + \frac{\pi}{6}
    elif fa != fb and not a.is_Symbol:
        b = _casefold_rename(fa, fb, b)  # arbitrary constant C vs c
    return _is_zero(a - b, (a, b))


def _casefold_rename(fa: set[Any], fb: set[Any], b: Any) -> Any:
    """Rename b's symbols to a's when the two sets differ only by letter case (one-to-one)."""
    ka = {s.name.casefold(): s for s in fa}
    kb = {s.name.casefold(): s for s in fb}
    if len(ka) != len(fa) or len(kb) != len(fb) or set(ka) != set(kb):
        return b
    return b.subs({kb[k]: ka[k] for k in kb if kb[k] != ka[k]}, simultaneous=True)


def _is_zero(d: Any, parts: tuple[Any, Any] | None = None) -> bool:
    if d == 0:
        return True
    if d.is_Rational:
        return False
    syms = sorted(d.free_symbols, key=lambda s: s.name)
    if not syms:
        try:
            approx = sympy.N(d, 40)
        except (TypeError, ValueError):
            return False
        if approx.is_number and approx != 0 and abs(approx) > sympy.Float("1e-30", 40):
            return False
        if not _small(d):
            return False
        if sympy.simplify(d) == 0:
            return True
        return bool(d.equals(0) is True)
    verdict = _numeric_zero(d, syms, parts)
    if verdict is not None:
        return verdict
    if not _small(d):
        return False
    try:
        return bool(sympy.expand(d) == 0 or sympy.simplify(d) == 0)
    except (TypeError, ValueError, ZeroDivisionError):
        return False


def _numeric_zero(d: Any, syms: list[Any], parts: tuple[Any, Any] | None) -> bool | None:
    """Probabilistic identity test at fixed pseudo-random points (deterministic per input).

    False as soon as one point is clearly non-zero; True when ``NUMERIC_POINTS`` points are all
    zero to 20 digits; None when too few points could be evaluated.
    """
    rng = random.Random(len(syms) * 7919 + len(str(d)))
    tiny = sympy.Float("1e-20", 30)
    ok = 0
    for _ in range(NUMERIC_POINTS * 3):
        point = {s: sympy.Rational(rng.randint(11, 97), rng.randint(7, 31)) for s in syms}
        try:
            val = d.evalf(30, subs=point)
        except (TypeError, ValueError, ZeroDivisionError):
            continue
        if not val.is_number or val.has(sympy.nan, sympy.zoo, sympy.oo, -sympy.oo):
            continue
        scale = 1
        if parts is not None:
            try:
                scale = max(abs(p.evalf(30, subs=point)) for p in parts)
            except (TypeError, ValueError, ZeroDivisionError):
                continue
            if not scale.is_number or scale.has(sympy.nan, sympy.zoo, sympy.oo):
                continue
            scale = max(scale, sympy.Float("1e-300", 30))
        if abs(val) > tiny * scale:
            return False
        ok += 1
        if ok >= NUMERIC_POINTS:
            return True
    return None
