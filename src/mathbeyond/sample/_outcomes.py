"""Per-problem outcome bookkeeping shared by the engine and scoring (no other imports)."""

from __future__ import annotations

from collections.abc import Mapping


def first_success(outcomes: Mapping[int, bool | None]) -> int | None:
    """Index ``i`` such that samples ``0..i-1`` are finished and failed and ``i`` succeeded."""
    i = 0
    while i in outcomes:
        if outcomes[i]:
            return i
        i += 1
    return None
