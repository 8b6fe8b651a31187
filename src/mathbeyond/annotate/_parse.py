"""Strict parsing of judge replies and aggregation of several replies into one label.

A reply is untrusted text: it is cut to :data:`MAX_REPLY_CHARS`, never evaluated, and read in
this order: a JSON object (bare or in a code fence) with a ``difficulty`` and a ``domain`` key;
failing that, prose lines such as ``Difficulty: 4.5`` / ``rating: 4.5/10`` and
``Domain: Mathematics -> ...``. A rating must be a number from 1 to 10 in half steps; a domain
must name a node of the taxonomy. Anything else is an error for that field (the caller retries),
never a guessed value.
"""

from __future__ import annotations

import json
import math
import re
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ._taxonomy import ROOT, SEP, Taxonomy, common_ancestor, taxonomy

MAX_REPLY_CHARS = 16000
_MAX_CANDIDATES = 20
_FENCE = re.compile(r"```(?:json|JSON)?\s*(.*?)```", re.DOTALL)
_NUMBER = r"(\d{1,2}(?:\.\d+)?)"
_PROSE_RATING = re.compile(
    r"(?:difficulty|rating|rated|rate it|level)(?:\s+(?:rating|level|score))?\s*"
    r"(?:is|of|:|=|as|at)?\s*(?:is|of|:|=|as|at)?\s*[*_`\"']*\s*" + _NUMBER
    + r"(?:\s*(?:/|out of)\s*10)?",
    re.IGNORECASE,
)
_PROSE_DOMAIN = re.compile(r"(?:domain|topic|category)\s*(?:is|:|=)\s*[*_`\"']*\s*([^\n]+)",
                           re.IGNORECASE)
_DIFFICULTY_KEYS = ("difficulty", "rating", "difficulty_rating", "difficulty rating", "level")
_DOMAIN_KEYS = ("domain", "topic", "category")


@dataclass(frozen=True)
class Reading:
    """What one judge reply says: a rating and/or a domain, and what was wrong with it."""

    difficulty: float | None
    domain: str | None
    errors: tuple[str, ...] = ()

    @property
    def complete(self) -> bool:
        return self.difficulty is not None and self.domain is not None


def _check_rating(value: object) -> tuple[float | None, str | None]:
    if isinstance(value, bool):
        return None, f"rating {value!r} is not a number"
    if isinstance(value, str):
        match = re.fullmatch(r"\s*" + _NUMBER + r"\s*(?:/\s*10)?\s*", value)
        if match is None:
            return None, f"rating {value[:40]!r} is not a number"
        value = float(match.group(1))
    if not isinstance(value, (int, float)) or not math.isfinite(value):
        return None, f"rating {str(value)[:40]!r} is not a number"
    number = float(value)
    if not 1.0 <= number <= 10.0:
        return None, f"rating {number:g} is outside 1-10"
    if number * 2 != round(number * 2):
        return None, f"rating {number:g} is not on the half-step scale"
    return number, None


def _check_domain(value: object, tax: Taxonomy) -> tuple[str | None, str | None]:
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        value = SEP.join(value)
    if not isinstance(value, str):
        return None, f"domain {str(value)[:40]} is not text"
    if not value.strip():
        return None, "domain is missing"
    chain = tax.resolve(value)
    if chain is None:
        return None, f"unknown domain {value.strip()[:80]!r}"
    if chain == ROOT:
        return None, "domain names only the root 'Mathematics'"
    return chain, None


def _json_objects(text: str) -> list[dict[str, object]]:
    """JSON objects in ``text``: code-fence contents first, then balanced ``{...}`` spans."""
    spans = [m.group(1) for m in _FENCE.finditer(text)]
    depth, start = 0, -1
    for i, ch in enumerate(text):
        if ch == "{":
            if depth == 0:
                start = i
            depth += 1
            if depth > 8:
                break
        elif ch == "}" and depth > 0:
            depth -= 1
            if depth == 0:
                spans.append(text[start : i + 1])
        if len(spans) >= _MAX_CANDIDATES:
            break
    found = []
    for span in spans:
        try:
            obj = json.loads(span.strip())
        except (ValueError, RecursionError):
            continue
        if isinstance(obj, dict):
            found.append({str(k).strip().lower(): v for k, v in obj.items()})
    return found


def parse_reply(text: str, tax: Taxonomy | None = None) -> Reading:
    """Read one judge reply (see the module docstring)."""
    tax = tax or taxonomy()
    body = text[:MAX_REPLY_CHARS]
    if "</think>" in body:
        body = body.rsplit("</think>", 1)[1]
    for obj in _json_objects(body):
        d_key = next((k for k in _DIFFICULTY_KEYS if k in obj), None)
        t_key = next((k for k in _DOMAIN_KEYS if k in obj), None)
        if d_key is None and t_key is None:
            continue
        errors = []
        rating, err = _check_rating(obj[d_key]) if d_key else (None, "rating is missing")
        if err:
            errors.append(err)
        domain, err = _check_domain(obj[t_key], tax) if t_key else (None, "domain is missing")
        if err:
            errors.append(err)
        return Reading(rating, domain, tuple(errors))
    return _parse_prose(body, tax)


def _parse_prose(body: str, tax: Taxonomy) -> Reading:
    errors = []
    values = {m.group(1) for m in _PROSE_RATING.finditer(body)}
    rating: float | None = None
    if not values:
        errors.append("no rating in the reply")
    elif len({float(v) for v in values}) > 1:
        errors.append(f"several ratings in the reply ({', '.join(sorted(values))})")
    else:
        rating, err = _check_rating(values.pop())
        if err:
            errors.append(err)
    domain: str | None = None
    match = _PROSE_DOMAIN.search(body)
    if match is None:
        line = next((ln for ln in body.splitlines() if "->" in ln or "→" in ln), None)
        if line is None:
            errors.append("no domain in the reply")
        else:
            domain, err = _check_domain(line, tax)
            errors += [err] if err else []
    else:
        raw = match.group(1).strip().rstrip("*_`\"'.,")
        domain, err = _check_domain(raw, tax)
        errors += [err] if err else []
    return Reading(rating, domain, tuple(errors))


# ---- aggregation ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Aggregate:
    difficulty: float | None
    domain: str | None
    reasons: tuple[str, ...]


def median_rating(values: Sequence[float]) -> float:
    """Median, snapped to the half-step grid (a midway value between two steps goes down)."""
    mid = statistics.median(values)
    return math.ceil(mid * 2 - 0.5) / 2 if mid * 2 != round(mid * 2) else mid


def vote_domain(chains: Sequence[str]) -> str | None:
    """Plurality chain; on a tie, the deepest common ancestor of the tied chains, or None
    when they share only the root."""
    counts = Counter(chains).most_common()
    if not counts:
        return None
    best = counts[0][1]
    tied = [c for c, k in counts if k == best]
    if len(tied) == 1:
        return tied[0]
    shared = common_ancestor(tied)
    return shared if SEP in shared else None


def aggregate(
    difficulties: Sequence[float], domains: Sequence[str], *, samples: int, min_votes: int
) -> Aggregate:
    """One label from per-sample values: the median rating and the voted domain, each only
    when at least ``min_votes`` of the ``samples`` gave a valid value."""
    reasons = []
    rating = None
    if len(difficulties) >= min_votes:
        rating = median_rating(difficulties)
    else:
        reasons.append(f"{len(difficulties)} of {samples} samples gave a valid rating "
                       f"(need {min_votes})")
    domain = None
    if len(domains) >= min_votes:
        domain = vote_domain(domains)
        if domain is None:
            reasons.append("the samples agree on no domain below 'Mathematics'")
    else:
        reasons.append(f"{len(domains)} of {samples} samples gave a known domain "
                       f"(need {min_votes})")
    return Aggregate(rating, domain, tuple(reasons))
