"""Deduplication: exact after normalisation, and near-duplicates by MinHash-LSH.

*Normalisation* (:func:`normalize`): the training-prompt wrappers are stripped, text is
lower-cased, LaTeX spacing/sizing commands (``\\left``, ``\\,``, ``\\displaystyle``...) and
``$`` delimiters are dropped, ``\\dfrac``/``\\tfrac`` become ``\\frac``, whitespace is collapsed.
The *exact key* further drops everything but letters, digits and operators (braces too, so
``z^{5}`` and ``z^5`` are the same text).

*Near-duplicates*: each text becomes the set of its word n-grams (``shingle`` tokens; a token
is a word, a number or one symbol); MinHash signatures (``num_perm`` permutations) are banded
for locality-sensitive hashing at the configured Jaccard ``threshold``; every candidate pair is
then **re-scored with the exact Jaccard similarity of the two shingle sets**, and only pairs at
or above the threshold are matches, so the score written for audit is exact, not an estimate.
The LSH index is :mod:`datasketch` (``mathbeyond[build]``) when installed, else a vectorised
numpy implementation of the same scheme (``backend = "builtin"``).

Against the evaluation sets, a pool problem that matches any evaluation problem is removed
(whatever its gold: DAPO restates olympiad answers as "m + n", the problem is still the same).
Within the pool, the first occurrence (pool order, then row order) is kept and later copies are
removed, naming the kept problem; a within-pool *near* match also needs the same gold (after
normalisation), so variants with changed numbers ("subsets of {1..15}" vs "{1..12}") stay.
"""

from __future__ import annotations

import hashlib
import logging
import re
import zlib
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from .._errors import MissingExtraError
from .._optional import require
from ..data import Problem, strip_prompt_template

log = logging.getLogger(__name__)

_DROP = re.compile(
    r"\\(?:left|right|big|Big|bigg|Bigg|displaystyle|textstyle|limits|nolimits)\b"
    r"|\\[,;:! ]|~|\$|\\\(|\\\)|\\\[|\\\]"
)
_FRAC = re.compile(r"\\[dt]frac\b")
_SPACE = re.compile(r"\s+")
_KEY_DROP = re.compile(r"[^0-9a-z\u00c0-\uffff+\-*/=<>^()\[\]|!]")
_TOKEN = re.compile(r"[a-z]+|\d+(?:\.\d+)?|[^\sa-z\d\\{}]")
_MAX_HASH = (1 << 32) - 1
MAX_CHARS = 20_000


def normalize(text: str) -> str:
    out = strip_prompt_template(text[:MAX_CHARS]).lower()
    out = _FRAC.sub(r"\\frac", out)
    out = _DROP.sub(" ", out)
    return _SPACE.sub(" ", out).strip()


def exact_key(text: str) -> str:
    return _key(normalize(text))


def _key(normalized: str) -> str:
    key = _KEY_DROP.sub("", normalized.replace("\\", ""))
    return hashlib.sha1(key.encode()).hexdigest()


def shingles(text: str, n: int) -> frozenset[str]:
    tokens = _TOKEN.findall(normalize(text))
    if len(tokens) <= n:
        return frozenset({" ".join(tokens)}) if tokens else frozenset()
    return frozenset(" ".join(tokens[i : i + n]) for i in range(len(tokens) - n + 1))


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    if not a or not b:
        return 0.0
    return len(a & b) / len(a | b)


LSH_WEIGHTS = (0.05, 0.95)
"""Weights of false positives / false negatives when choosing the bands. Recall matters for an
audit and every candidate is re-scored exactly, so misses weigh 19x more than extra candidates:
with 128 permutations a pair AT the threshold is a candidate with probability 0.93-0.97, one
0.05 above with >= 0.98 (the plain 0.5/0.5 rule gives 0.33-0.44 at the threshold)."""


def _bands(threshold: float, num_perm: int) -> tuple[int, int]:
    """(bands, rows) minimising the weighted false positive + false negative mass."""
    xs = np.linspace(0.0, 1.0, 401)
    dx = float(xs[1] - xs[0])
    below = xs < threshold
    best, best_err = (1, num_perm), float("inf")
    for b in range(1, num_perm + 1):
        r = num_perm // b
        prob = 1.0 - (1.0 - xs**r) ** b
        fp, fn = LSH_WEIGHTS
        err = float(fp * prob[below].sum() + fn * (1.0 - prob[~below]).sum()) * dx
        if err < best_err:
            best, best_err = (b, r), err
    return best


_K = (0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F, 0x165667B19E3779F9, 0xD6E8FEB86659FD93)


class Shingler:
    """Word n-gram shingles as 64-bit codes.

    A token's id is its CRC-32; a shingle's code mixes the ids of its ``n`` tokens with odd
    64-bit multipliers. Deterministic across processes and machines; Jaccard similarities of
    code sets equal those of the n-gram sets up to hash collisions (64-bit codes; a CRC-32
    collision between two different tokens is the likelier one, and only ever raises a score).
    """

    def __init__(self, n: int) -> None:
        self.n = n

    def codes(self, text: str, normalized: bool = False) -> np.ndarray:
        tokens = _TOKEN.findall(text if normalized else normalize(text))
        ids = np.fromiter(
            map(zlib.crc32, map(str.encode, tokens)), dtype=np.uint64, count=len(tokens)
        )
        if ids.size == 0:
            return ids
        n = min(self.n, int(ids.size))
        code = np.zeros(ids.size - n + 1, dtype=np.uint64)
        with np.errstate(over="ignore"):
            for j in range(n):
                code = (code ^ ids[j : ids.size - n + 1 + j]) * np.uint64(_K[j % len(_K)])
                code ^= code >> np.uint64(29)
        unique: np.ndarray = np.unique(code)
        return unique


def signatures(codes: Sequence[np.ndarray], num_perm: int, seed: int = 1) -> np.ndarray:
    """MinHash signatures, one row per code set: per permutation ``i`` the min over the set of
    ``(a_i * x + b_i) >> 32`` (multiply-shift hashing with random odd 64-bit ``a_i``; uint64
    wrap-around), computed in batches. The values are plain 32-bit hash values, which is all
    an LSH index (ours or datasketch's) uses."""
    rng = np.random.RandomState(seed)
    a = rng.randint(0, 1 << 62, size=num_perm, dtype=np.int64).astype(np.uint64) * np.uint64(
        2
    ) + np.uint64(1)
    b = rng.randint(0, 1 << 62, size=num_perm, dtype=np.int64).astype(np.uint64)
    out = np.full((len(codes), num_perm), np.uint64(_MAX_HASH), dtype=np.uint64)
    nonempty = [i for i, c in enumerate(codes) if c.size]
    budget = 32768  # shingles per batch: bounds the (shingles x perms) matrix to 32 MiB
    start = 0
    while start < len(nonempty):
        stop, total = start, 0
        while stop < len(nonempty) and (total == 0 or total + codes[nonempty[stop]].size <= budget):
            total += codes[nonempty[stop]].size
            stop += 1
        rows = nonempty[start:stop]
        flat = np.concatenate([codes[i] for i in rows])
        with np.errstate(over="ignore"):
            values = (np.outer(flat, a) + b) >> np.uint64(32)
        offsets = np.concatenate(([0], np.cumsum([codes[i].size for i in rows])[:-1]))
        out[rows] = np.minimum.reduceat(values, offsets, axis=0)
        start = stop
    return out


class _BuiltinLSH:
    """Banded LSH over MinHash signatures (bands chosen by :func:`_bands`)."""

    def __init__(self, threshold: float, num_perm: int) -> None:
        self.bands, self.rows = _bands(threshold, num_perm)
        self.tables: list[dict[bytes, list[int]]] = [defaultdict(list) for _ in range(self.bands)]

    def _keys(self, sig: np.ndarray) -> Iterable[tuple[int, bytes]]:
        for band in range(self.bands):
            yield band, sig[band * self.rows : (band + 1) * self.rows].tobytes()

    def insert(self, key: int, sig: np.ndarray) -> None:
        for band, h in self._keys(sig):
            self.tables[band][h].append(key)

    def query(self, sig: np.ndarray) -> set[int]:
        found: set[int] = set()
        for band, h in self._keys(sig):
            hit = self.tables[band].get(h)
            if hit:
                found.update(hit)
        return found


class _DatasketchLSH:
    """:class:`datasketch.MinHashLSH` over the same signatures."""

    def __init__(self, threshold: float, num_perm: int) -> None:
        self.ds = require("datasketch", "build")
        self.num_perm = num_perm
        self.index = self.ds.MinHashLSH(
            threshold=threshold, num_perm=num_perm, weights=LSH_WEIGHTS
        )

    def _minhash(self, sig: np.ndarray) -> object:
        try:  # datasketch >= 2 asks which scheme made the values (only its LSH reads them)
            return self.ds.MinHash(num_perm=self.num_perm, hashvalues=sig, scheme="legacy")
        except TypeError:  # datasketch < 2: no scheme parameter
            return self.ds.MinHash(num_perm=self.num_perm, hashvalues=sig)

    def insert(self, key: int, sig: np.ndarray) -> None:
        self.index.insert(key, self._minhash(sig))

    def query(self, sig: np.ndarray) -> set[int]:
        return {int(k) for k in self.index.query(self._minhash(sig))}


def make_index(backend: str, threshold: float, num_perm: int) -> _BuiltinLSH | _DatasketchLSH:
    if backend == "builtin":
        return _BuiltinLSH(threshold, num_perm)
    if backend == "datasketch":
        return _DatasketchLSH(threshold, num_perm)
    try:
        return _DatasketchLSH(threshold, num_perm)
    except MissingExtraError:
        return _BuiltinLSH(threshold, num_perm)


def resolved_backend(backend: str) -> str:
    if backend != "auto":
        return backend
    try:
        require("datasketch", "build")
    except MissingExtraError:
        return "builtin"
    return "datasketch"


def _jaccard_sets(a: set[int], b: set[int]) -> float:
    if not a or not b:
        return 0.0
    inter = len(a & b)
    return inter / (len(a) + len(b) - inter)


@dataclass(frozen=True)
class Match:
    """``problem`` (a pool item, removed) duplicates ``other`` (kept or evaluation item)."""

    problem: Problem
    other: Problem
    against: str
    """Evaluation set name, or ``pool`` for a within-pool duplicate."""
    kind: str
    """``exact`` or ``near``."""
    score: float


def find_duplicates(
    pool: Sequence[Problem],
    evals: Sequence[tuple[str, Sequence[Problem]]],
    *,
    exact: bool = True,
    near: bool = True,
    within_pool: bool = True,
    shingle: int = 3,
    threshold: float = 0.8,
    num_perm: int = 128,
    backend: str = "auto",
) -> tuple[list[Problem], list[Match]]:
    """Kept pool problems and one :class:`Match` per removed problem (its best match)."""
    best: dict[int, Match] = {}

    def record(i: int, match: Match) -> None:
        old = best.get(i)
        rank = (match.against != "pool", match.kind == "exact", match.score)
        if old is None or rank > (old.against != "pool", old.kind == "exact", old.score):
            best[i] = match

    normalized = [normalize(p.problem) for p in pool]
    keys = [_key(t) for t in normalized] if exact else []
    if exact:
        eval_keys: dict[str, tuple[str, Problem]] = {}
        for name, problems in evals:
            for q in problems:
                eval_keys.setdefault(exact_key(q.problem), (name, q))
        first: dict[str, int] = {}
        for i, key in enumerate(keys):
            hit = eval_keys.get(key)
            if hit is not None:
                record(i, Match(pool[i], hit[1], hit[0], "exact", 1.0))
            elif within_pool:
                j = first.setdefault(key, i)
                if j != i:
                    record(i, Match(pool[i], pool[j], "pool", "exact", 1.0))
    if near:
        shingler = Shingler(shingle)
        flat_evals = [(name, q) for name, problems in evals for q in problems]
        pool_codes = [shingler.codes(t, normalized=True) for t in normalized]
        eval_codes = [shingler.codes(q.problem) for _, q in flat_evals]
        pool_sigs = signatures(pool_codes, num_perm)
        eval_sigs = signatures(eval_codes, num_perm)
        pool_sets = [set(c.tolist()) for c in pool_codes]
        eval_index = make_index(backend, threshold, num_perm)
        eval_sets: list[set[int]] = []
        for j, c in enumerate(eval_codes):
            eval_sets.append(set(c.tolist()))
            if c.size:
                eval_index.insert(j, eval_sigs[j])
        for i, s in enumerate(pool_sets):
            if not s or (i in best and best[i].against != "pool" and best[i].kind == "exact"):
                continue
            for j in eval_index.query(pool_sigs[i]):
                score = _jaccard_sets(s, eval_sets[j])
                if score >= threshold:
                    name, q = flat_evals[j]
                    record(i, Match(pool[i], q, name, "near", score))
        if within_pool:
            golds = [exact_key(p.answer) for p in pool]
            pool_index = make_index(backend, threshold, num_perm)
            for i, s in enumerate(pool_sets):
                if not s:
                    continue
                if i not in best:
                    for j in sorted(pool_index.query(pool_sigs[i])):
                        score = _jaccard_sets(s, pool_sets[j])
                        if score >= threshold and golds[i] == golds[j]:
                            record(i, Match(pool[i], pool[j], "pool", "near", score))
                            break
                if i not in best:
                    pool_index.insert(i, pool_sigs[i])
    kept = [p for i, p in enumerate(pool) if i not in best]
    matches = [best[i] for i in sorted(best)]
    log.info("dedup: %d of %d pool problems are duplicates", len(matches), len(pool))
    return kept, matches


def naive_near_pairs(
    pool: Sequence[Problem], evals: Sequence[Problem], shingle: int, threshold: float
) -> int:
    """All-pairs exact Jaccard (the reference the benchmark compares against)."""
    a = [shingles(p.problem, shingle) for p in pool]
    b = [shingles(q.problem, shingle) for q in evals]
    return sum(1 for s in a for t in b if jaccard(s, t) >= threshold)
