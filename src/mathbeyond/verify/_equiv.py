"""Equivalence of structured answers: exact, symbolic (sympy, bounded) and set comparisons."""

from __future__ import annotations

import random
import re
from typing import Any

import sympy

from ._answer import (
    SIMPLE_LHS_RE,
    Eq,
    Expr,
    Letter,
    Seq,
    SetVal,
    Text,
    Unordered,
    Value,
    as_set,
    norm_words,
)

MAX_SIMPLIFY_OPS = 150
NUMERIC_POINTS = 6

_INDEX_NAMES = frozenset({"k", "n", "m", "t", "j", "l", "p", "q", "r", "s"})
_TEXT_STOPWORDS = frozenset(
    {"wins", "win", "loses", "lose", "yes", "no", "true", "false", "always", "never", "possible",
     "impossible", "exists", "does", "is", "are", "can", "will", "first", "second", "last"}
)
_FUNC_LHS_RE = re.compile(r"([A-Za-z])\(([A-Za-z])\)")




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
    if isinstance(v, Eq) and all(SIMPLE_LHS_RE.fullmatch(lab.strip()) for lab in v.labels):
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
        m = Text(norm_words(m.src))
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


_COORDINATES = frozenset(("x", "y", "z"))


def _other_variable(g: Eq, m: Eq) -> bool:
    """``equation-names-other-variable``: two equations solved for different variables that are
    not interchangeable names of one value: coordinates ("y = 2" is another line than "x = 2"),
    or a left side that is a variable of its own right side ("x = 2x + 1" is an equation in x,
    no "y = 2x + 1"). A function's name ("y = 3x + 1" for "f^{-1}(x) = 3x + 1") is no other
    variable."""
    gl, ml = g.labels[-1].strip(), m.labels[-1].strip()
    if gl == ml:
        return False
    if gl in _COORDINATES and ml in _COORDINATES:
        return True
    return any(
        isinstance(eq.rhs, Expr) and label in {str(x) for x in eq.rhs.value.free_symbols}
        for eq, label in ((g, gl), (m, ml)) if len(label) == 1 and label.isalpha()
    )


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
    if SIMPLE_LHS_RE.fullmatch(gl) and SIMPLE_LHS_RE.fullmatch(ml) and not _other_variable(g, m):
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
    if g.percent and not m.percent:  # gold 25%: the model may write 25 or 0.25
        vals.append((g.value / 100, sympy.Rational(1, 100)))
    if g.degree and not m.degree and m.value.has(sympy.pi):
        vals.append((g.value * sympy.pi / 180, sympy.pi / 180))
    return vals


def _model_candidates(m: Expr, g: Expr) -> list[Any]:
    if m.percent and not g.percent:
        # model p%: p/100 is the value; p alone only answers a "what percent" gold (an integer
        # or a decimal >= 1), never a fraction or probability below 1 (0.5% is not 1/2)
        # (an integer gold is a count or a percentage: 1200% is not the answer 12, but a
        # probability of 0 or 1 may be written 0% or 100%)
        vals = [m.value] if g.value.is_Integer else [m.value / 100]
        if g.value.is_Integer and g.value in (0, 1):
            vals.append(m.value / 100)
        if g.has_decimal and bool(g.value.is_real) and bool(g.value >= 1):
            vals.append(m.value)
    else:
        vals = [m.value]
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
    # a rounded decimal is never equal to a non-terminating exact value, in either direction
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
    if _huge_exponent(d):
        return False  # (``huge-symbolic-exponent``: neither evaluated nor simplified)
    verdict = _numeric_zero(d, syms, parts)
    if verdict is not None:
        return verdict
    if not _small(d):
        return False
    try:
        return bool(sympy.expand(d) == 0 or sympy.simplify(d) == 0)
    except (TypeError, ValueError, ZeroDivisionError):
        return False


def _domain_guards(d: Any) -> list[Any]:
    """Radicands and logarithm arguments: a point where one is negative is outside the real
    domain (there \\sqrt{x}\\sqrt{y} is not \\sqrt{xy}), so it is not used."""
    guards = [a.base for a in d.atoms(sympy.Pow) if a.exp.is_integer is not True]
    guards += [f.args[0] for f in d.atoms(sympy.log)]
    return [g for g in guards if g.free_symbols][:8]


def _in_domain(guards: list[Any], point: dict[Any, Any]) -> bool:
    for g in guards:
        try:
            v = g.evalf(15, subs=point)
        except (TypeError, ValueError, ZeroDivisionError):
            return False
        if not _real_number(v) or v < 0:
            return False
    return True


def _real_number(v: Any) -> bool:
    if not v.is_number or v.has(sympy.nan, sympy.zoo, sympy.oo, -sympy.oo):
        return False
    re_part, im_part = v.as_real_imag()
    return bool(abs(im_part) <= sympy.Float("1e-25", 30) * max(1, abs(re_part)))


MAX_EXPONENT_CONSTANT = 1000


def _huge_exponent(d: Any) -> bool:
    """``huge-symbolic-exponent``: a power whose exponent holds a symbol and a number over
    :data:`MAX_EXPONENT_CONSTANT` ("(10^{10not \\boxed{6}^{10}})!" parses to 10 raised to
    604661760·n·o·t): at an exact rational point the power is an integer of millions of digits
    (and its factorial more), and simplifying it builds the same integers: no equality is
    tested, the difference is taken as non-zero."""
    for p in d.atoms(sympy.Pow):
        if not p.exp.is_number and any(abs(a) > MAX_EXPONENT_CONSTANT for a in p.exp.atoms(
            sympy.Number
        )):
            return True
    return False


def _numeric_zero(d: Any, syms: list[Any], parts: tuple[Any, Any] | None) -> bool | None:
    """Probabilistic identity test at fixed pseudo-random points (deterministic per input).

    False as soon as one point is clearly non-zero; True when ``NUMERIC_POINTS`` points are all
    zero to 20 digits; None when too few points could be evaluated.
    """
    rng = random.Random(len(syms) * 7919 + len(str(d)))
    tiny = sympy.Float("1e-20", 30)
    ok = 0
    guards = _domain_guards(d)
    exact = bool(d.is_rational_function(*syms)) and _small(d)
    for k in range(NUMERIC_POINTS * 8):
        # exact rational points of both signs (|x| is not x) and of both sizes, never integers
        point = {
            s: (-1 if (k >> (i % 3)) & 1 else 1)
            * (
                sympy.Rational(rng.randint(1, 6), rng.randint(7, 13))
                if (k // 8) % 2
                else sympy.Rational(rng.randint(11, 97), rng.randint(7, 31))
            )
            for i, s in enumerate(syms)
        }
        point = {s: v + sympy.Rational(1, 1009) if v.is_Integer else v for s, v in point.items()}
        if not _in_domain(guards, point):
            continue
        if exact:  # a rational function: evaluate exactly at the rational point
            try:
                q = d.subs(point)
            except (TypeError, ValueError, ZeroDivisionError):
                continue
            if not q.is_Rational:
                continue  # a pole (zoo/nan)
            if q != 0:
                return False
            ok += 1
            if ok >= NUMERIC_POINTS:
                return True
            continue
        try:
            val = d.evalf(30, subs=point)
        except (TypeError, ValueError, ZeroDivisionError):
            continue
        if not val.is_number or val.has(sympy.nan, sympy.zoo, sympy.oo, -sympy.oo):
            continue
        scale = 1
        if parts is not None:
            try:
                pv = [p.evalf(30, subs=point) for p in parts]
            except (TypeError, ValueError, ZeroDivisionError):
                continue
            if not all(_real_number(v) for v in pv):
                continue  # outside the real domain of one side (sqrt/log of a negative)
            scale = max([*(abs(v) for v in pv), sympy.Float("1e-300", 30)])
        elif not _real_number(val):
            continue
        if abs(val) > tiny * scale:
            return False
        ok += 1
        if ok >= NUMERIC_POINTS:
            return True
    return None
