"""A small, bounded LaTeX math parser that builds sympy expressions.

Model output is untrusted: text is never handed to ``sympify``/``parse_expr``. This
recursive-descent parser accepts a conservative subset of LaTeX (numbers, single-letter variables,
+ - * / ^, implicit products, ``\\frac``, ``\\sqrt``, common functions, ``!``, absolute values,
floor/ceil) and builds sympy objects directly, with exact rationals. Every size that could blow up
(literal digits, numeric powers, factorials, nesting depth, token count) is checked *before* sympy
does any work.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any

import sympy

MAX_TOKENS = 600
MAX_DEPTH = 40
MAX_LITERAL_DIGITS = 300
MAX_RESULT_DIGITS = 10000
MAX_FACTORIAL = 3000
MAX_SYMBOLIC_EXPONENT = 200


class ParseError(ValueError):
    """The text is not in the supported LaTeX subset."""


class LimitError(ValueError):
    """The text would exceed a size bound (huge power, factorial, nesting...)."""


_TOKEN_RE = re.compile(r"\s*(?:(\d+(?:\.\d+)?|\.\d+)|(\\[a-zA-Z]+|\\.)|([a-zA-Z])|(\S))")

_FUNCS: dict[str, Callable[..., Any]] = {
    "sin": sympy.sin,
    "cos": sympy.cos,
    "tan": sympy.tan,
    "cot": sympy.cot,
    "sec": sympy.sec,
    "csc": sympy.csc,
    "arcsin": sympy.asin,
    "arccos": sympy.acos,
    "arctan": sympy.atan,
    "arccot": sympy.acot,
    "sinh": sympy.sinh,
    "cosh": sympy.cosh,
    "tanh": sympy.tanh,
    "ln": sympy.log,
    "exp": sympy.exp,
}
_INVERSE = {"sin": "arcsin", "cos": "arccos", "tan": "arctan", "cot": "arccot"}
_MULTI_ARG = {"max": sympy.Max, "min": sympy.Min, "gcd": sympy.gcd, "lcm": sympy.lcm}
_GREEK = {
    "alpha", "beta", "gamma", "delta", "epsilon", "varepsilon", "zeta", "eta", "theta",
    "vartheta", "iota", "kappa", "lambda", "mu", "nu", "xi", "rho", "sigma", "tau", "upsilon",
    "phi", "varphi", "chi", "psi", "omega", "Gamma", "Delta", "Theta", "Lambda", "Xi", "Sigma",
    "Phi", "Psi", "Omega", "ell",
}
_MUL_CMDS = {"\\cdot", "\\times", "*", "\\ast"}
_DIV_CMDS = {"/", "\\div"}
_STOP = {")", "]", "}", ",", "=", "<", ">", "\\right", "|", ";", "\\le", "\\ge", "\\leq", "\\geq",
         "\\lt", "\\gt", "\\ne", "\\neq", "&", "\\\\", "\\rfloor", "\\rceil", "+", "-", "!", "^",
         "_", "\\pm", "\\mp", "\\cup", "\\cap", "\\in", "\\to", "\\rightarrow", ":", "\\infty",
         "\\leqslant", "\\geqslant"}


def tokenize(text: str) -> list[str]:
    out: list[str] = []
    pos = 0
    n = len(text)
    while pos < n:
        m = _TOKEN_RE.match(text, pos)
        if m is None:  # only trailing whitespace is left
            break
        tok = m.group(m.lastindex or 0)
        pos = m.end()
        out.append(tok)
        if len(out) > MAX_TOKENS:
            raise LimitError("expression too long")
    return out


def _digits_estimate(value: Any) -> float:
    """log10 of a sympy Rational's numerator plus denominator (sizes of the result per unit of
    exponent)."""
    total = 0.0
    for part in (abs(int(value.p)), abs(int(value.q))):
        if part > 1:
            total += math.log10(part) if part.bit_length() < 1000 else part.bit_length() * 0.30103
    return total


class _Parser:
    def __init__(self, tokens: list[str]) -> None:
        self.toks = tokens
        self.i = 0
        self.depth = 0
        self.abs_depth = 0

    # -- helpers -------------------------------------------------------------------------------
    def peek(self, k: int = 0) -> str | None:
        j = self.i + k
        return self.toks[j] if j < len(self.toks) else None

    def take(self) -> str:
        tok = self.peek()
        if tok is None:
            raise ParseError("unexpected end")
        self.i += 1
        return tok

    def expect(self, tok: str) -> None:
        got = self.take()
        if got != tok:
            raise ParseError(f"expected {tok!r}, got {got!r}")

    def enter(self) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise LimitError("nesting too deep")

    # -- grammar -------------------------------------------------------------------------------
    def parse_all(self) -> Any:
        e = self.expr()
        if self.peek() is not None:
            raise ParseError(f"trailing token {self.peek()!r}")
        return e

    def expr(self) -> Any:
        self.enter()
        try:
            tok = self.peek()
            if tok in ("+", "-"):
                self.take()
                first = self.term()
                value = -first if tok == "-" else first
            else:
                value = self.term()
            while self.peek() in ("+", "-"):
                op = self.take()
                rhs = self.term()
                value = value + rhs if op == "+" else value - rhs
            return value
        finally:
            self.depth -= 1

    def term(self) -> Any:
        value = self.unary()
        while True:
            tok = self.peek()
            if tok in _MUL_CMDS:
                self.take()
                value = value * self.unary()
            elif tok in _DIV_CMDS:
                self.take()
                den = self.unary()
                if den == 0:
                    raise ParseError("division by zero")
                value = value / den
            elif self.starts_atom(tok):
                value = value * self.power()
            else:
                return value

    def starts_atom(self, tok: str | None) -> bool:
        if tok is None:
            return False
        if tok == "|":
            return self.abs_depth == 0
        return tok not in _STOP

    def unary(self) -> Any:
        tok = self.peek()
        if tok == "-":
            self.take()
            return -self.unary()
        if tok == "+":
            self.take()
            return self.unary()
        return self.power()

    def power(self) -> Any:
        base = self.postfix()
        if self.peek() == "^":
            self.take()
            self.enter()
            try:
                exp = self.exponent()
            finally:
                self.depth -= 1
            return safe_pow(base, exp)
        return base

    def exponent(self) -> Any:
        tok = self.peek()
        if tok == "{":
            return self.group("{", "}")
        if tok == "-":
            self.take()
            return -self.exponent()
        return self.power()

    def postfix(self) -> Any:
        value = self.primary()
        while self.peek() == "!":
            self.take()
            value = safe_factorial(value)
        return value

    def group(self, open_: str, close: str) -> Any:
        self.expect(open_)
        self.abs_depth, saved = 0, self.abs_depth
        value = self.expr()
        self.abs_depth = saved
        self.expect(close)
        return value

    def arg(self) -> Any:
        """A macro argument: ``{...}`` or a single token (``\\frac12``)."""
        tok = self.peek()
        if tok == "{":
            return self.group("{", "}")
        tok = self.take()
        if re.fullmatch(r"\d", tok):
            return sympy.Integer(tok)
        if re.fullmatch(r"[a-zA-Z]", tok):
            return self.letter(tok)
        if tok.startswith("\\") and len(tok) > 2:
            return self.command(tok[1:])  # \frac\pi 2
        raise ParseError("bad macro argument")

    def digit_arg_pair(self) -> tuple[Any, Any]:
        """``\\frac12`` tokenizes as one number; split it into digits."""
        tok = self.peek()
        if tok is not None and re.fullmatch(r"\d\d", tok):
            self.take()
            return sympy.Integer(tok[0]), sympy.Integer(tok[1])
        a = self.arg()
        return a, self.arg()

    def letter(self, tok: str) -> Any:
        name = tok
        if self.peek() == "_":
            self.take()
            sub = self.take()
            if sub == "{":
                parts: list[str] = []
                while self.peek() != "}":
                    parts.append(self.take())
                    if len(parts) > 20:
                        raise ParseError("subscript too long")
                self.take()
                sub = "".join(parts)
            name = f"{name}_{sub}"
        elif tok == "e":
            return sympy.E
        elif tok == "i":
            return sympy.I
        return sympy.Symbol(name)

    def primary(self) -> Any:
        self.enter()
        try:
            return self._primary()
        finally:
            self.depth -= 1

    def _primary(self) -> Any:
        tok = self.take()
        if tok[0].isdigit() or tok[0] == ".":
            digits = len(tok) - (1 if "." in tok else 0)
            if digits > MAX_LITERAL_DIGITS:
                raise LimitError("number literal too long")
            # mixed number: 2\frac{1}{2}
            if self.peek() == "_" and "." not in tok:
                # a numeral in another base, 1323_4: an opaque value, equal only to itself
                self.take()
                base = self.take()
                if base == "{":
                    base = self.take()
                    self.expect("}")
                if not base.isalnum():
                    raise ParseError("bad base subscript")
                return sympy.Symbol(f"{tok}_{base}")
            leading = self.i == 1 or (self.i == 2 and self.toks[0] == "-")
            if self.peek() == "\\frac" and tok.isdigit() and leading:
                save = self.i
                self.take()
                num, den = self.digit_arg_pair()
                if num.is_Integer and den.is_Integer and 0 < num < den and self.peek() is None:
                    return sympy.Integer(tok) + sympy.Rational(num, den)
                self.i = save
            return sympy.Rational(tok)
        if re.fullmatch(r"[a-zA-Z]", tok):
            return self.letter(tok)
        if tok in ("(", "[", "{"):
            self.i -= 1
            return self.group(tok, {"(": ")", "[": "]", "{": "}"}[tok])
        if tok == "|":
            self.abs_depth += 1
            value = self.expr()
            self.abs_depth -= 1
            self.expect("|")
            return sympy.Abs(value)
        if tok == "\\lfloor":
            value = self.expr()
            self.expect("\\rfloor")
            return sympy.floor(value)
        if tok == "\\lceil":
            value = self.expr()
            self.expect("\\rceil")
            return sympy.ceiling(value)
        if tok.startswith("\\"):
            return self.command(tok[1:])
        raise ParseError(f"unexpected token {tok!r}")

    def command(self, name: str) -> Any:
        if name == "frac":
            num, den = self.digit_arg_pair()
            if den == 0:
                raise ParseError("division by zero")
            return num / den
        if name == "binom":
            n, k = self.digit_arg_pair()
            if n.is_Integer and k.is_Integer and n > MAX_FACTORIAL:
                raise LimitError("binomial too large")
            return sympy.binomial(n, k)
        if name == "sqrt":
            index: Any = 2
            if self.peek() == "[":
                index = self.group("[", "]")
            radicand = self.arg() if self.peek() == "{" else self.power()
            if (
                getattr(index, "is_Integer", False)
                and index % 2 == 1
                and radicand.is_number
                and radicand.is_negative
            ):
                return -safe_pow(-radicand, sympy.Integer(1) / index)  # real odd root
            return safe_pow(radicand, sympy.Integer(1) / index)
        if name == "pi":
            return sympy.pi
        if name == "infty":
            return sympy.oo
        if name in _GREEK:
            return sympy.Symbol(name)
        if name == "log":
            base: Any = None
            if self.peek() == "_":
                self.take()
                nxt = self.peek()
                numeric = nxt is not None and nxt[0].isdigit()
                base = sympy.Rational(self.take()) if numeric else self.arg()
            arg = self.func_arg()
            return sympy.log(arg, base) if base is not None else sympy.log(arg)
        if name in _MULTI_ARG:
            self.expect("(")
            args = [self.expr()]
            while self.peek() == ",":
                self.take()
                args.append(self.expr())
            self.expect(")")
            return _MULTI_ARG[name](*args)
        if name in _FUNCS:
            power: Any = None
            if self.peek() == "^":
                self.take()
                power = self.exponent()
                if power == -1 and name in _INVERSE:
                    name, power = _INVERSE[name], None
            value = _FUNCS[name](self.func_arg())
            return safe_pow(value, power) if power is not None else value
        raise ParseError(f"unsupported command \\{name}")

    def func_arg(self) -> Any:
        tok = self.peek()
        if tok in ("(", "{", "["):
            return self.group(tok, {"(": ")", "[": "]", "{": "}"}[tok])
        value = self.power()
        while self.starts_atom(self.peek()) and self.peek() not in (
            "\\sin", "\\cos", "\\tan", "\\ln", "\\log", "\\cdot", "\\times"
        ):
            value = value * self.power()
        return value


def safe_pow(base: Any, exp: Any) -> Any:
    """``base ** exp`` after checking that the result stays small."""
    if exp.is_Number and base.is_Number:
        if base == 0 and exp.is_negative:
            raise ParseError("division by zero")
        if base not in (0, 1, -1):
            size = abs(float(exp)) * max(_digits_estimate(base), 1.0)
            if not math.isfinite(size) or size > MAX_RESULT_DIGITS:
                raise LimitError("numeric power too large")
    elif exp.is_Number:
        if abs(exp) > MAX_SYMBOLIC_EXPONENT:
            raise LimitError("exponent too large")
    elif not exp.is_number:
        if any(not p.exp.is_number for p in exp.atoms(sympy.Pow, sympy.exp)):
            # x^{x^{x}}: a tower of symbolic powers makes symbolic equivalence blow up (a
            # 6-level tower took sympy to ~24 GB): bounded like a huge numeric power
            raise LimitError("symbolic power tower")
    else:
        bound = exp.evalf(15)
        if bound.is_real and abs(float(bound)) > MAX_SYMBOLIC_EXPONENT:
            raise LimitError("exponent too large")
    if base.is_Number and exp.is_Number and base.is_negative and not exp.is_Integer:
        # (-8)^(1/3): keep sympy's principal branch, but never let it explode
        return sympy.Pow(base, exp)
    return sympy.Pow(base, exp)


def safe_factorial(value: Any) -> Any:
    if value.is_Integer:
        if value < 0:
            raise ParseError("negative factorial")
        if value > MAX_FACTORIAL:
            raise LimitError("factorial too large")
        return sympy.factorial(value)
    if value.is_number:
        raise ParseError("factorial of a non-integer")
    return sympy.factorial(value)


def parse_expr_latex(text: str) -> Any:
    """Parse one normalized LaTeX math expression (no relations, no commas) into sympy."""
    tokens = tokenize(text)
    if not tokens:
        raise ParseError("empty expression")
    try:
        return _Parser(tokens).parse_all()
    except RecursionError as exc:  # pragma: no cover - MAX_DEPTH keeps us far from it
        raise LimitError("nesting too deep") from exc
    except (TypeError, ZeroDivisionError, OverflowError) as exc:
        raise ParseError(str(exc)) from exc
