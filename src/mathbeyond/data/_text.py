"""Pure text helpers for turning source rows into problems (no I/O)."""

from __future__ import annotations

import math
from typing import Any

from ..models import PROMPT_SUFFIX

# DAPO-Math-17k's original prompt template (the Hub layout wraps every problem in it).
DAPO_PREFIX = (
    "Solve the following math problem step by step. The last line of your response should be "
    "of the form Answer: $Answer (without quotes) where $Answer is the answer to the problem."
)
DAPO_SUFFIX = 'Remember to put your answer on its own line after "Answer:".'

_BOX_COMMANDS = ("\\boxed", "\\fbox")


def strip_prompt_template(text: str) -> str:
    """The bare problem inside a training prompt.

    Removes DAPO's instruction preamble and its ``Remember to put your answer…`` suffix, and the
    ``Let's think step by step and output the final answer within \\boxed{}.`` suffix, together
    with the whitespace around them. Text without these wrappers is returned stripped.
    """
    out = text.strip()
    if out.startswith(DAPO_PREFIX):
        out = out[len(DAPO_PREFIX) :].lstrip()
    for suffix in (DAPO_SUFFIX, PROMPT_SUFFIX):
        if out.endswith(suffix):
            out = out[: -len(suffix)].rstrip()
    return out


def _match_braces(text: str, open_at: int) -> int | None:
    """Index of the ``}`` closing the ``{`` at ``open_at``; escaped ``\\{``/``\\}`` don't count."""
    depth = 0
    i = open_at
    n = len(text)
    while i < n:
        ch = text[i]
        if ch == "\\":
            i += 2
            continue
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    return None


def last_boxed(text: str) -> str | None:
    """Content of the last ``\\boxed{...}`` (or ``\\fbox{...}``) in ``text``, braces matched.

    Nested braces such as ``\\boxed{\\frac{1}{2}}`` are kept whole; ``\\boxed 5`` (no braces) yields
    the following token. Returns ``None`` when there is no box or its braces never close.
    """
    start = max(text.rfind(cmd) for cmd in _BOX_COMMANDS)
    if start < 0:
        return None
    cmd = next(c for c in _BOX_COMMANDS if text.startswith(c, start))
    i = start + len(cmd)
    if i < len(text) and text[i] == "{":
        end = _match_braces(text, i)
        return None if end is None else text[i + 1 : end].strip()
    rest = text[i:]
    if not rest[:1].isspace():
        return None
    token = rest.strip().split(maxsplit=1)
    if not token:
        return None
    return token[0].rstrip("$.").strip() or None


def format_scalar(value: Any) -> str | None:
    """A scalar as text: ``27.0`` -> ``"27"``; strings stripped; ``None`` stays None."""
    if value is None:
        return None
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, float):
        if math.isfinite(value) and value.is_integer():
            return str(int(value))
        return repr(value)
    if isinstance(value, int | str):
        return str(value).strip()
    raise TypeError(type(value).__name__)
