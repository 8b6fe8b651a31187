"""The one box parser: ``\\boxed{...}``, ``\\fbox{...}``, ``\\framebox{...}`` and ``\\boxed 5``.

Used by the verifier's extraction and (through ``mathbeyond.verify.last_boxed``) by the data
loaders, so a gold read from a solution and an answer read from a completion agree. Braces are
matched in one linear pass (escaped ``\\{`` / ``\\}`` do not count); a box whose brace never
closes has no content. ``\\boxed 5`` (no braces) takes the following token, up to whitespace or
one of ``$ . , ; \\``.
"""

from __future__ import annotations

import re

BOX_COMMAND_RE = re.compile(r"\\(?:boxed|fbox|framebox)(?![A-Za-z])\s*")
_BRACE_TOKEN_RE = re.compile(r"\\.|[{}]", re.S)
_TOKEN_STOP = frozenset("$.,;\\")


def _brace_pairs(s: str, start: int) -> dict[int, int]:
    """Map each ``{`` index at or after ``start`` to the index just after its matching ``}``."""
    pairs: dict[int, int] = {}
    stack: list[int] = []
    for m in _BRACE_TOKEN_RE.finditer(s, start):
        c = m.group(0)
        if c == "{":
            stack.append(m.start())
        elif c == "}" and stack:
            pairs[stack.pop()] = m.end()
    return pairs


def _closing(s: str, i: int, budget: list[int]) -> int | None:
    """The index just after the ``}`` matching the ``{`` at ``i`` (-1: it never closes), read
    from ``i`` on; None when that would read more than ``budget[0]`` characters (the caller then
    matches braces in one pass with :func:`_brace_pairs`, so the total work stays linear).

    The same answer as ``_brace_pairs(s, start)[i]`` for any ``start <= i`` at which that
    pass's tokens line up with those read from ``i`` (true for a box's brace: ``s[i - 1]`` is
    the last character of the box command, never a backslash): while ``i`` is on the stack,
    the stack is never empty, so every ``}`` pops and ``i`` is popped by the first ``}`` that
    brings the depth counted from ``i`` back to zero."""
    depth = 0
    for m in _BRACE_TOKEN_RE.finditer(s, i):
        c = m.group(0)
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                budget[0] -= m.end() - i
                return m.end() if budget[0] >= 0 else None
    budget[0] -= len(s) - i
    return -1 if budget[0] >= 0 else None


def box_spans(s: str, last: int | None = None) -> list[tuple[int, int, str | None]]:
    """``(start, end, content)`` for each box command (the ``last`` ones when given); content is
    None for a box whose brace never closes or that has no token."""
    commands = list(BOX_COMMAND_RE.finditer(s))
    if last is not None:
        commands = commands[-last:]
    out: list[tuple[int, int, str | None]] = []
    pairs: dict[int, int] | None = None
    budget = [len(s)]  # characters the per-box reads may take before one full pass is cheaper
    for m in commands:
        i = m.end()
        if i < len(s) and s[i] == "{":
            j = _closing(s, i, budget) if pairs is None else None
            if j is None:
                if pairs is None:
                    pairs = _brace_pairs(s, i)
                j = pairs.get(i, -1)
            out.append((m.start(), j, s[i + 1 : j - 1]) if j >= 0 else (m.start(), i, None))
            continue
        k = i
        while k < len(s) and not s[k].isspace() and s[k] not in _TOKEN_STOP:
            k += 1
        out.append((m.start(), k, s[i:k] if k > i else None))
    return out


def last_boxed(text: str) -> str | None:
    """Content of the last box in ``text`` (stripped), braces matched; None when there is no
    box, its brace never closes, or it is empty."""
    spans = box_spans(text, last=1)
    if not spans or spans[0][2] is None:
        return None
    return spans[0][2].strip() or None
