"""Pure text helpers for turning source rows into problems (no I/O)."""

from __future__ import annotations

import math
from typing import Any

from ..models import PROMPT_SUFFIX
from ..verify import last_boxed

__all__ = ["DAPO_PREFIX", "DAPO_SUFFIX", "format_scalar", "last_boxed", "strip_prompt_template"]

# DAPO-Math-17k's original prompt template (the Hub layout wraps every problem in it).
DAPO_PREFIX = (
    "Solve the following math problem step by step. The last line of your response should be "
    "of the form Answer: $Answer (without quotes) where $Answer is the answer to the problem."
)
DAPO_SUFFIX = 'Remember to put your answer on its own line after "Answer:".'


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
