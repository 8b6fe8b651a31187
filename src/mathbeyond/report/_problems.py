"""Dataset statistics for the report: topics, sources, difficulty, answers, unsolved counts."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..data import Problem
from ..models import base_models, mathb_models

_INTEGER = re.compile(r"^[+-]?\d+$")
_DECIMAL = re.compile(r"^[+-]?(\d+\.\d*|\.\d+|\d+)([eE][+-]?\d+)?$")


def domain_of(topic: str | None) -> str:
    """Top-level domain of an Omni-MATH style topic (``Mathematics -> Algebra -> ...``)."""
    if not topic:
        return "(none)"
    parts = [p.strip() for p in topic.split("->") if p.strip()]
    if len(parts) > 1 and parts[0].lower() == "mathematics":
        return parts[1]
    return parts[0] if parts else "(none)"


def count_by(values: Sequence[str], top: int | None = None) -> list[tuple[str, int]]:
    """Counts sorted by frequency; beyond ``top`` entries the rest are merged into 'other'."""
    counts = Counter(values).most_common()
    if top is not None and len(counts) > top:
        rest = sum(c for _, c in counts[top - 1 :])
        counts = [*counts[: top - 1], ("other", rest)]
    return counts


def parse_number(text: str) -> float | None:
    """A plain integer/decimal answer as a float (no expression evaluation); else None."""
    s = text.strip().replace(",", "").replace("$", "")
    s = s.removeprefix("\\boxed{").removesuffix("}") if s.startswith("\\boxed{") else s
    if _INTEGER.match(s) or _DECIMAL.match(s):
        try:
            return float(s)
        except ValueError:
            return None
    return None


def difficulties(problems: Sequence[Problem]) -> tuple[list[float], list[str]]:
    """Numeric difficulty values, and the labels that are not numeric."""
    numeric: list[float] = []
    other: list[str] = []
    for p in problems:
        if p.difficulty is None:
            continue
        value = parse_number(p.difficulty)
        if value is None:
            other.append(p.difficulty)
        else:
            numeric.append(value)
    return numeric, other


@dataclass(frozen=True)
class UnsolvedRow:
    label: str
    role: str
    base: str | None
    unsolved: int


def unsolved_table(problems: Sequence[Problem]) -> list[UnsolvedRow] | None:
    """Paper Table 4: per model, how many problems it leaves unsolved (MATH-B metadata), plus
    the intersections over the base models and over all models. None without the metadata.
    """
    flags: list[Mapping[str, bool]] = []
    for p in problems:
        meta = p.metadata.get("unsolved") if p.metadata else None
        if not isinstance(meta, Mapping):
            return None
        flags.append(meta)
    if not flags:
        return None
    rows: list[UnsolvedRow] = []
    for spec in mathb_models():
        if not all(spec.name in f for f in flags):
            continue
        count = sum(1 for f in flags if f[spec.name])
        rows.append(UnsolvedRow(spec.name, spec.role, spec.base, count))
    bases = [m.name for m in base_models() if all(m.name in f for f in flags)]
    every = [m.name for m in mathb_models() if all(m.name in f for f in flags)]
    rows.append(UnsolvedRow(
        f"intersection of {len(bases)} base models", "intersection", None,
        sum(1 for f in flags if all(f[name] for name in bases)),
    ))
    rows.append(UnsolvedRow(
        f"intersection of all {len(every)} models", "intersection", None,
        sum(1 for f in flags if all(f[name] for name in every)),
    ))
    return rows
