"""Deterministic quality filters, each named and individually switchable.

A problem is removed by the first filter that fires, checked in the order
``empty_or_garbled, integer_gold, multiple_choice, cjk, figure_reference`` (an empty gold is
reported as empty, not as "not an integer"). Every removal carries a short ``detail`` saying
what fired, so a reader of ``removed.parquet`` can audit it.

* ``integer_gold`` — the gold must be an integer *as judged by the project's verifier*: a
  plain integer literal (``int()`` accepts it exactly) passes at once; for anything else the
  integers appearing in the gold are only *candidates*, and the gold is kept when the verifier
  (:func:`mathbeyond.verify.verify_batch`) judges ``\\boxed{candidate}`` equal to it
  (``1{,}000``, ``5^\\circ``, ``\\text{(7)}`` pass; ``\\frac{1}{2}``, ``3, 5``, ``2\\sqrt{3}``
  do not).
* ``multiple_choice`` — answer options in the text (``(A) ... (B) ... (C)``, ``\\textbf{(A)}``,
  ``A.``/``A)`` lines), or a single-letter gold with an ``(A)`` label.
* ``cjk`` — a Chinese, Japanese or Korean character (ideographs, kana, hangul).
* ``figure_reference`` — refers to a figure, diagram, picture or "shown below" graph that is not
  in the text (a problem carrying its figure as ``[asy]`` / TikZ code is kept; one pointing to an
  external image is removed).
* ``empty_or_garbled`` — empty problem or gold, a problem under 8 characters, lost characters
  (U+FFFD), control characters in the gold, unbalanced ``{``/``}`` (broken LaTeX).

Before filtering, :func:`repair_escapes` (``filter.repair_escapes``, on by default) undoes one
well-known corruption: a LaTeX command whose backslash was eaten by a JSON/C string escape
(``\frac`` stored as form feed + ``rac``; ``\beta`` as backspace + ``eta``; ``\theta`` as tab +
``heta``). 637 DAPO-17K rows carry it, mostly in DAPO's appended "The answer is in the form
\frac{m}{n}" sentence; repaired rows record ``metadata["repaired"]``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..data import Problem
from ..verify import Status, verify_batch
from ._config import FilterConfig

ORDER = ("empty_or_garbled", "integer_gold", "multiple_choice", "cjk", "figure_reference")

_LABEL_PAREN = re.compile(r"(?<![A-Za-z\\])\(\s*([A-E])\s*\)")
_LABEL_LINE = re.compile(r"(?m)^\s*(?:\*\*)?\(?([A-E])[.):](?:\*\*)?\s+\S")
_LETTER_GOLD = re.compile(r"^\s*(?:\\text\{|\\textbf\{|\\mathrm\{)?\(?([A-E])\)?\}?\s*$")

_CJK = re.compile(
    "[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\U00020000-\U0002a6df]"
)

_FIGURE_WORDS = re.compile(
    r"\b(?:the|this|these|following|given|accompanying|adjoining|adjacent|attached|each)\s+"
    r"(?:figures?|diagrams?|pictures?|illustrations?|drawings?)\b"
    r"|\b(?:in|from|see)\s+(?:figure|diagram|picture)\b"
    r"|\bfig(?:ure|\.)\s*\d"
    r"|\b(?:shown|pictured|depicted|illustrated|drawn|sketched|given)\s+"
    r"(?:below|above|here|at\s+(?:the\s+)?(?:right|left)|on\s+the\s+(?:right|left)|to\s+the\s+right)\b"
    r"|\bas\s+(?:shown|pictured|illustrated|depicted)\b"
    r"|\b(?:graph|image|plot|grid)\s+(?:below|above)\b",
    re.IGNORECASE,
)
_FIGURE_INLINE = re.compile(
    r"\[asy\]|\\begin\{(?:tikzpicture|picture|asy)\}|\\begin\{(?:tabular|array)\}", re.IGNORECASE
)
_EXTERNAL_IMAGE = re.compile(r"\\includegraphics|!\[[^\]]*\]\(|<img\b|https?://\S+\.(?:png|jpe?g|gif)",
                             re.IGNORECASE)
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
_LOST = re.compile("\ufffd")
MIN_CHARS = 8
_INT_CANDIDATE = re.compile(r"-?\d(?:[\d,]|\{,\}|\\!|\\,)*\d|-?\d")


_ESCAPED = re.compile(
    "\x07(?=[a-z])|\x08(?=[a-z])|\x0b(?=[a-z])|\x0c(?=[a-z])"
    "|\t(?=(?:heta|imes|ext|frac|riangle|ilde|an\\b|op\\b)\\b)"
    "|\r(?=(?:ight|ho|angle|floor|ceil|m)\\b)"
)
_ESCAPE_LETTER = {"\x07": "\\a", "\x08": "\\b", "\x0b": "\\v", "\x0c": "\\f", "\t": "\\t",
                  "\r": "\\r"}


def repair_escapes(p: Problem) -> Problem:
    """``p`` with LaTeX backslashes restored where a string escape ate them (see above)."""
    fixed = _CONTROL.sub(" ", _ESCAPED.sub(lambda m: _ESCAPE_LETTER[m.group()], p.problem))
    answer = _ESCAPED.sub(lambda m: _ESCAPE_LETTER[m.group()], p.answer)
    if fixed == p.problem and answer == p.answer:
        return p
    meta = {**p.metadata, "repaired": "string-escape / stray control characters"}
    return Problem(p.id, fixed, answer, p.source, p.topic, p.difficulty, meta)


@dataclass(frozen=True)
class Removal:
    problem: Problem
    filter: str
    detail: str


def empty_or_garbled(p: Problem) -> str | None:
    text = p.problem.strip()
    if not text:
        return "empty problem"
    if not p.answer.strip():
        return "empty gold answer"
    if len(text) < MIN_CHARS:
        return f"problem has {len(text)} characters (< {MIN_CHARS})"
    bad = _LOST.search(p.problem) or _LOST.search(p.answer) or _CONTROL.search(p.answer)
    if bad:
        return f"garbled character U+{ord(bad.group()):04X}"
    for field, value in (("problem", p.problem), ("gold", p.answer)):
        plain = value.replace("\\{", "").replace("\\}", "")
        opened, closed = plain.count("{"), plain.count("}")
        if opened != closed:
            return f"unbalanced braces in {field} ({opened} '{{' vs {closed} '}}')"
    return None


_ASY = re.compile(r"\[asy\].*?(?:\[/asy\]|$)", re.DOTALL | re.IGNORECASE)


def multiple_choice(p: Problem) -> str | None:
    text = _ASY.sub(" ", p.problem)  # figure code: ``reflect(B,C)*(A)`` is not an option
    paren = sorted(set(_LABEL_PAREN.findall(text)))
    if {"A", "B", "C"} <= set(paren):
        return f"answer options {', '.join('(' + x + ')' for x in paren)}"
    lines = sorted(set(_LABEL_LINE.findall(text)))
    if {"A", "B", "C"} <= set(lines):
        return f"answer option lines {', '.join(lines)}"
    letter = _LETTER_GOLD.match(p.answer)
    if letter and ({"A", "B"} <= set(paren) or {"A", "B"} <= set(lines)):
        return f"gold is the option letter {letter.group(1)}"
    return None


def cjk(p: Problem) -> str | None:
    hit = _CJK.search(p.problem) or _CJK.search(p.answer)
    return None if hit is None else f"CJK character {hit.group()!r}"


def figure_reference(p: Problem) -> str | None:
    external = _EXTERNAL_IMAGE.search(p.problem)
    if external:
        return f"external image {external.group()!r}"
    hit = _FIGURE_WORDS.search(p.problem)
    if hit is None or _FIGURE_INLINE.search(p.problem):
        return None
    return f"refers to {hit.group()!r} with no figure in the text"


def _plain_int(text: str) -> bool:
    s = text.strip()
    body = s[1:] if s[:1] in "+-" else s
    return body.isascii() and body.isdigit() and len(body) <= 4300


_FRACTION = re.compile(r"^\s*(-?)\s*\\[dt]?frac\s*\{\s*(\d{1,30})\s*\}\s*\{\s*(\d{1,30})\s*\}\s*$")


def int_candidates(gold: str, limit: int = 4) -> list[str]:
    """Integers written in ``gold`` (separators removed), and the quotient of a whole-number
    ``\\frac{a}{b}``: what the verifier is asked about (it alone decides)."""
    out: list[str] = []
    frac = _FRACTION.match(gold)
    if frac and int(frac.group(3)) and int(frac.group(2)) % int(frac.group(3)) == 0:
        out.append(f"{frac.group(1)}{int(frac.group(2)) // int(frac.group(3))}")
    for m in _INT_CANDIDATE.finditer(gold[:2000]):
        digits = re.sub(r"\{,\}|\\!|\\,|,", "", m.group())
        if digits not in out:
            out.append(digits)
        if len(out) >= limit:
            break
    return out


def integer_gold_details(
    golds: Sequence[str], *, timeout: float = 1.0, workers: int | None = None
) -> list[str | None]:
    """Per gold: None when it is an integer (see module docstring), else why not."""
    result: list[str | None] = [None] * len(golds)
    completions: list[str] = []
    targets: list[str] = []
    owner: list[int] = []
    for i, gold in enumerate(golds):
        if _plain_int(gold):
            continue
        candidates = int_candidates(gold)
        if not candidates:
            result[i] = "gold has no integer value"
            continue
        result[i] = "gold is not an integer (verifier)"
        for c in candidates:
            completions.append(f"\\boxed{{{c}}}")
            targets.append(gold)
            owner.append(i)
    if completions:
        verdicts = verify_batch(
            completions, targets, [None] * len(completions), timeout=timeout, workers=workers
        )
        for i, v in zip(owner, verdicts, strict=True):
            if v.correct:
                result[i] = None
            elif v.status is Status.UNPARSEABLE_GOLD and result[i] is not None:
                result[i] = "gold is unparseable (verifier)"
    return result


PER_PROBLEM: dict[str, Callable[[Problem], str | None]] = {
    "empty_or_garbled": empty_or_garbled,
    "multiple_choice": multiple_choice,
    "cjk": cjk,
    "figure_reference": figure_reference,
}


def apply_filters(
    problems: Sequence[Problem], config: FilterConfig, *, workers: int | None = None
) -> tuple[list[Problem], list[Removal]]:
    """Split ``problems`` into kept and removed (each removal names its filter and why)."""
    enabled = set(config.enabled())
    if config.repair_escapes:
        problems = [repair_escapes(p) for p in problems]
    reasons: list[tuple[str, str] | None] = [None] * len(problems)
    if "empty_or_garbled" in enabled:
        for i, p in enumerate(problems):
            detail = empty_or_garbled(p)
            if detail is not None:
                reasons[i] = ("empty_or_garbled", detail)
    if "integer_gold" in enabled:
        todo = [i for i, r in enumerate(reasons) if r is None]
        details = integer_gold_details(
            [problems[i].answer for i in todo], timeout=config.verify_timeout, workers=workers
        )
        for i, detail in zip(todo, details, strict=True):
            if detail is not None:
                reasons[i] = ("integer_gold", detail)
    for name in ORDER[2:]:
        if name not in enabled:
            continue
        check = PER_PROBLEM[name]
        for i, p in enumerate(problems):
            if reasons[i] is None:
                detail = check(p)
                if detail is not None:
                    reasons[i] = (name, detail)
    kept = [p for p, r in zip(problems, reasons, strict=True) if r is None]
    removed = [
        Removal(p, r[0], r[1]) for p, r in zip(problems, reasons, strict=True) if r is not None
    ]
    return kept, removed
