"""Calibration: run the judge on problems with known labels and measure agreement.

Known labels: MATH (``math500``, ``math-train``): subject and level 1-5; OlympiadBench:
subfield; AIME / AMC (``aime24``, ``amc23``): the competition and problem number, which place a
problem on this project's anchored scale (AMC 12 problem 17 is level 4, AIME problem 10 is
level 5, see ``scale.json``). Agreement: Spearman correlation of the judge's difficulty with the
known level, domain accuracy against the subject mapped to the taxonomy (top level and sub
domain), each with a seeded percentile bootstrap interval over problems. Unlabelled problems are
counted, not dropped silently.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from .._errors import ConfigError
from ..data import Problem
from ._annotate import Label
from ._taxonomy import ROOT, SEP

CALIBRATION_DATASETS = ("math500", "math-train", "olympiadbench", "aime24", "amc23")

_M = ROOT + SEP
SUBJECTS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    # subject: (accepted top-level domains, accepted sub-domain chain prefixes)
    "prealgebra": (("Algebra",), (_M + "Algebra -> Prealgebra",)),
    "algebra": (("Algebra",), (_M + "Algebra -> Algebra", _M + "Algebra -> Intermediate Algebra")),
    "intermediate algebra": (("Algebra",), (_M + "Algebra -> Intermediate Algebra",)),
    "number theory": (("Number Theory",), (_M + "Number Theory",)),
    "counting & probability": (
        ("Discrete Mathematics", "Applied Mathematics"),
        (_M + "Discrete Mathematics -> Combinatorics", _M + "Applied Mathematics -> Probability"),
    ),
    "combinatorics": (
        ("Discrete Mathematics", "Applied Mathematics"),
        (_M + "Discrete Mathematics -> Combinatorics", _M + "Applied Mathematics -> Probability"),
    ),
    "geometry": (("Geometry",), (_M + "Geometry",)),
    "precalculus": (("Precalculus",), (_M + "Precalculus",)),
}
"""How a source's subject maps onto the taxonomy. OlympiadBench's 'Algebra' is the same
subject name as MATH's; its sub-domain accepts elementary and intermediate algebra."""

# AMC / AIME problem numbers on the anchored scale (scale.json).
_AMC10 = ((5, 1.0), (12, 2.0), (20, 3.0), (25, 4.0))
_AMC12 = ((8, 2.0), (16, 3.0), (25, 4.0))
_AIME = ((5, 4.0), (10, 5.0), (15, 6.0))
_URL = re.compile(r"(AMC_10|AMC_12|AIME)[A-Z_]*Problems/Problem_(\d+)")


@dataclass(frozen=True)
class KnownLabel:
    problem: Problem
    level: float | None
    """Known difficulty on the source's own ordinal scale (MATH level, anchored AMC/AIME)."""
    subject: str | None


def _anchored(url: str) -> float | None:
    match = _URL.search(url)
    if match is None:
        return None
    table = {"AMC_10": _AMC10, "AMC_12": _AMC12, "AIME": _AIME}[match.group(1)]
    number = int(match.group(2))
    return next((level for top, level in table if number <= top), None)


def calibration_dataset(dataset: str) -> str:
    """The dataset name of ``NAME[:SPLIT]`` if it carries known labels, else ConfigError."""
    name = dataset.split(":", maxsplit=1)[0]
    if name not in CALIBRATION_DATASETS:
        raise ConfigError(
            f"no known labels for {dataset!r}; calibrate on one of "
            + ", ".join(CALIBRATION_DATASETS)
        )
    return name


def known_labels(problems: Sequence[Problem], dataset: str) -> list[KnownLabel]:
    """The known labels of a calibration dataset's problems."""
    name = calibration_dataset(dataset)
    out = []
    for p in problems:
        level: float | None = None
        subject: str | None = None
        if name in ("math500", "math-train", "olympiadbench"):
            subject = p.topic
            if name != "olympiadbench" and p.difficulty and p.difficulty.strip().isdigit():
                level = float(p.difficulty)
        else:
            level = _anchored(str(p.metadata.get("url", "")))
        out.append(KnownLabel(p, level, subject))
    return out


def choose(problems: Sequence[Problem], limit: int | None, seed: int) -> list[Problem]:
    """A seeded random sample of ``limit`` problems (all of them when ``limit`` is None)."""
    if limit is None or limit >= len(problems):
        return list(problems)
    return random.Random(seed).sample(list(problems), limit)


def spearman(x: Sequence[float] | np.ndarray, y: Sequence[float] | np.ndarray) -> float:
    """Spearman's rho (Pearson on average ranks, ties shared); nan when a side is constant."""
    rx, ry = _ranks(np.asarray(x, float)), _ranks(np.asarray(y, float))
    if len(rx) < 2 or rx.std() == 0 or ry.std() == 0:
        return float("nan")
    return float(np.corrcoef(rx, ry)[0, 1])


def _ranks(values: np.ndarray) -> np.ndarray:
    order = values.argsort(kind="mergesort")
    ranks = np.empty(len(values), float)
    ranks[order] = np.arange(1, len(values) + 1)
    for v in np.unique(values):
        mask = values == v
        ranks[mask] = ranks[mask].mean()
    return ranks


@dataclass(frozen=True)
class Interval:
    value: float
    low: float
    high: float
    n: int


def _bootstrap(values: int, stat: Callable[[np.ndarray], float], n_resamples: int, seed: int,
               level: float) -> tuple[float, float]:
    rng = np.random.default_rng(seed)
    draws = []
    for _ in range(n_resamples):
        idx = rng.integers(0, values, values)
        v = stat(idx)
        if not np.isnan(v):
            draws.append(v)
    if not draws:
        return float("nan"), float("nan")
    alpha = (1 - level) / 2
    return float(np.quantile(draws, alpha)), float(np.quantile(draws, 1 - alpha))


@dataclass(frozen=True)
class Calibration:
    dataset: str
    problems: int
    labelled_difficulty: int
    labelled_domain: int
    spearman: Interval | None
    top_accuracy: Interval | None
    sub_accuracy: Interval | None
    mean_by_level: tuple[tuple[float, float, int], ...]
    """(known level, mean judge difficulty, problems) per level."""
    domain_by_subject: tuple[tuple[str, int, int], ...]
    """(subject, judged in the subject's top-level domain, problems with a domain)."""
    baseline: tuple[str, float] | None
    """The best constant answer's top-level accuracy on the same problems: (domain, accuracy).
    A judge is only informative above it."""
    common_domain: tuple[str, int] | None
    """The judge's most frequent domain chain and how often it gave it."""
    ratings: tuple[tuple[float, int], ...]
    """How often the judge gave each rating."""
    n_resamples: int
    seed: int
    level: float


def calibrate(
    known: Sequence[KnownLabel],
    labels: Sequence[Label],
    *,
    dataset: str,
    n_resamples: int = 1000,
    seed: int = 0,
    level: float = 0.95,
) -> Calibration:
    """Agreement of ``labels`` with the ``known`` labels (matched by problem id)."""
    by_id = {lb.problem_id: lb for lb in labels}
    pairs = [(k, by_id[k.problem.id]) for k in known if k.problem.id in by_id]
    rated = [(k.level, lb.difficulty) for k, lb in pairs
             if k.level is not None and lb.difficulty is not None]
    rho = None
    if len(rated) >= 3:
        xs = np.array([a for a, _ in rated], float)
        ys = np.array([b for _, b in rated], float)
        lo, hi = _bootstrap(len(xs), lambda i: spearman(xs[i], ys[i]), n_resamples, seed, level)
        rho = Interval(spearman(xs, ys), lo, hi, len(xs))
    means = []
    for lvl in sorted({a for a, _ in rated}):
        vals = [b for a, b in rated if a == lvl]
        means.append((lvl, float(np.mean(vals)), len(vals)))
    domained = [(k, lb) for k, lb in pairs
                if lb.domain is not None and k.subject and k.subject.lower() in SUBJECTS]
    top_hits = np.array([_top_ok(k.subject or "", lb.domain or "") for k, lb in domained], float)
    sub_hits = np.array([_sub_ok(k.subject or "", lb.domain or "") for k, lb in domained], float)

    def acc(hits: np.ndarray) -> Interval | None:
        if len(hits) == 0:
            return None
        lo, hi = _bootstrap(len(hits), lambda i: float(hits[i].mean()), n_resamples, seed,
                            level)
        return Interval(float(hits.mean()), lo, hi, len(hits))

    baseline = None
    if domained:
        from ._taxonomy import taxonomy

        best = max(taxonomy().tops, key=lambda top: sum(
            top in SUBJECTS[(k.subject or "").lower()][0] for k, _ in domained))
        hits = sum(best in SUBJECTS[(k.subject or "").lower()][0] for k, _ in domained)
        baseline = (best, hits / len(domained))
    chains = Counter(lb.domain for _, lb in pairs if lb.domain is not None).most_common(1)
    ratings = Counter(lb.difficulty for _, lb in pairs if lb.difficulty is not None)
    subjects: dict[str, list[float]] = {}
    for (k, _), hit in zip(domained, top_hits, strict=True):
        subjects.setdefault(k.subject or "", []).append(hit)
    return Calibration(
        dataset=dataset, problems=len(pairs),
        labelled_difficulty=sum(1 for _, lb in pairs if lb.difficulty is not None),
        labelled_domain=sum(1 for _, lb in pairs if lb.domain is not None),
        spearman=rho, top_accuracy=acc(top_hits), sub_accuracy=acc(sub_hits),
        mean_by_level=tuple(means),
        domain_by_subject=tuple(sorted((s, int(sum(h)), len(h)) for s, h in subjects.items())),
        baseline=baseline, common_domain=chains[0] if chains else None,
        ratings=tuple(sorted(ratings.items())),
        n_resamples=n_resamples, seed=seed, level=level,
    )


def _top_ok(subject: str, chain: str) -> bool:
    tops, _ = SUBJECTS[subject.lower()]
    parts = chain.split(SEP)
    return len(parts) > 1 and parts[1] in tops


def _sub_ok(subject: str, chain: str) -> bool:
    _, prefixes = SUBJECTS[subject.lower()]
    return any(chain == p or chain.startswith(p + SEP) for p in prefixes)


def format_calibration(cal: Calibration, judge: str) -> list[str]:
    """Plain text lines of a calibration result."""
    def iv(x: Interval | None, pct: bool) -> str:
        if x is None:
            return "n/a (too few labelled problems)"
        def f(v: float) -> str:
            return f"{100 * v:.1f}%" if pct else f"{v:+.3f}"

        return (f"{f(x.value)}  [{f(x.low)}, {f(x.high)}]  (n={x.n})" if not np.isnan(x.value)
                else f"undefined (a side is constant; n={x.n})")

    lines = [
        f"calibration of judge {judge} on {cal.dataset}: {cal.problems} problems, "
        f"{cal.labelled_difficulty} with a difficulty, {cal.labelled_domain} with a domain "
        "(the rest unlabelled)",
        f"intervals: {cal.level:.0%} percentile bootstrap over problems, "
        f"{cal.n_resamples} resamples, seed {cal.seed}",
        f"  Spearman(difficulty, known level): {iv(cal.spearman, False)}",
        f"  domain accuracy, top level:        {iv(cal.top_accuracy, True)}",
        f"  domain accuracy, sub-domain:       {iv(cal.sub_accuracy, True)}",
    ]
    if cal.baseline is not None:
        lines.append(f"  constant-answer baseline, top level: {100 * cal.baseline[1]:.1f}% "
                     f"(always {cal.baseline[0]!r})")
    if cal.common_domain is not None:
        lines.append(f"  judge's most frequent domain: {cal.common_domain[0]} "
                     f"({cal.common_domain[1]} of {cal.labelled_domain})")
    if cal.ratings:
        lines.append("  judge's ratings: " + ", ".join(f"{r:g}: {c}" for r, c in cal.ratings))
    if cal.mean_by_level:
        lines.append("  mean judge difficulty by known level: " + ", ".join(
            f"{lvl:g}: {mean:.2f} (n={n})" for lvl, mean, n in cal.mean_by_level))
    if cal.domain_by_subject:
        lines.append("  top-level domain correct by subject: " + ", ".join(
            f"{s}: {hit}/{n}" for s, hit, n in cal.domain_by_subject))
    return lines
