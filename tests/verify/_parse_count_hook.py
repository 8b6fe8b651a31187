"""Worker target for the parse-once test (not collected): the real verifier core, with the
number of symbolic gold parses made so far in this worker appended to each verdict's reason."""

from __future__ import annotations

import dataclasses

from mathbeyond.verify import _compare
from mathbeyond.verify._core import VERIFIER_VERSION, verify_unbounded
from mathbeyond.verify._types import Verdict

__all__ = ["VERIFIER_VERSION", "verify_counting"]


def verify_counting(completion: str, gold: str, question: str | None) -> Verdict:
    verdict = verify_unbounded(completion, gold, question)
    parses = _compare.parse_gold_items.cache_info().misses
    return dataclasses.replace(verdict, reason=f"{verdict.reason}; gold parses {parses}")


def warmup() -> None:
    verify_unbounded("So $\\boxed{x}$.", "y", None)  # import sympy; one unrelated gold parse
    _compare.parse_gold_items.cache_clear()
