"""Deduplication: exact after normalisation, and near-duplicates by MinHash-LSH.

*Normalisation* (:func:`normalize`): the training-prompt wrappers are stripped, text is
lower-cased, LaTeX spacing/sizing commands (``\\left``, ``\\,``, ``\\displaystyle``...) and
``$`` delimiters are dropped, ``\\dfrac``/``\\tfrac`` become ``\\frac``, whitespace is collapsed.
The *exact key* further drops everything but letters, digits and operators.

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
_KEY_DROP = re.compile(r"[^0-9a-z\u00c0-\uffff+\-*/=<>^()\[\]{}|!]")
_TOKEN = re.compile(r"[a-z]+|\d+(?:\.\d+)?|[^\sa-z\d\\{}]")
_MERSENNE = (1 << 61) - 1
MAX_CHARS = 20_000


def normalize(text: str) -> str:
    out = strip_prompt_template(text[:MAX_CHARS]).lower()
    out = _FRAC.sub(r"\\frac", out)
    out = _DROP.sub(" ", out)
    return _SPACE.sub(" ", out).strip()


def exact_key(text: str) -> str:
    key = _KEY_DROP.sub("", normalize(text).replace("\\", ""))
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


class _BuiltinLSH:
    """MinHash + banded LSH in numpy (universal hashing modulo the Mersenne prime 2^61-1)."""

    def __init__(self, threshold: float, num_perm: int, seed: int = 1) -> None:
        rng = np.random.RandomState(seed)
        self.a = rng.randint(1, 1 << 31, size=num_perm, dtype=np.int64).astype(np.uint64)
        self.b = rng.randint(0, 1 << 31, size=num_perm, dtype=np.int64).astype(np.uint64)
        self.bands, self.rows = _bands(threshold, num_perm)
        self.tables: list[dict[bytes, list[int]]] = [defaultdict(list) for _ in range(self.bands)]

    def signature(self, items: frozenset[str]) -> np.ndarray:
        hashes = np.fromiter(
            (zlib.crc32(s.encode()) for s in items), dtype=np.uint64, count=len(items)
        )
        # (a * x + b) mod p with 32-bit inputs and 31-bit a: fits in uint64 before the modulo
        values = (np.outer(hashes, self.a) + self.b) % np.uint64(_MERSENNE)
        signature: np.ndarray = values.min(axis=0)
        return signature

    def _keys(self, sig: np.ndarray) -> Iterable[tuple[int, bytes]]:
        for band in range(self.bands):
            yield band, sig[band * self.rows : (band + 1) * self.rows].tobytes()

    def insert(self, key: int, items: frozenset[str]) -> None:
        sig = self.signature(items)
        for band, h in self._keys(sig):
            self.tables[band][h].append(key)

    def query(self, items: frozenset[str]) -> set[int]:
        sig = self.signature(items)
        found: set[int] = set()
        for band, h in self._keys(sig):
            found.update(self.tables[band].get(h, ()))
        return found


class _DatasketchLSH:
    def __init__(self, threshold: float, num_perm: int) -> None:
        self.ds = require("datasketch", "build")
        self.num_perm = num_perm
        self.index = self.ds.MinHashLSH(
            threshold=threshold, num_perm=num_perm, weights=LSH_WEIGHTS
        )

    def _minhash(self, items: frozenset[str]) -> object:
        mh = self.ds.MinHash(num_perm=self.num_perm, seed=1)
        mh.update_batch([s.encode() for s in sorted(items)])
        return mh

    def insert(self, key: int, items: frozenset[str]) -> None:
        self.index.insert(key, self._minhash(items))

    def query(self, items: frozenset[str]) -> set[int]:
        return {int(k) for k in self.index.query(self._minhash(items))}


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

    keys = [exact_key(p.problem) for p in pool] if exact else []
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
        sh = [shingles(p.problem, shingle) for p in pool]
        eval_index = make_index(backend, threshold, num_perm)
        eval_items: list[tuple[str, Problem, frozenset[str]]] = []
        for name, problems in evals:
            for q in problems:
                s = shingles(q.problem, shingle)
                if s:
                    eval_index.insert(len(eval_items), s)
                    eval_items.append((name, q, s))
        for i, s in enumerate(sh):
            if not s or (i in best and best[i].against != "pool" and best[i].kind == "exact"):
                continue
            for j in eval_index.query(s):
                name, q, t = eval_items[j]
                score = jaccard(s, t)
                if score >= threshold:
                    record(i, Match(pool[i], q, name, "near", score))
        if within_pool:
            golds = [exact_key(p.answer) for p in pool]
            pool_index = make_index(backend, threshold, num_perm)
            for i, s in enumerate(sh):
                if not s:
                    continue
                if i not in best:
                    for j in sorted(pool_index.query(s)):
                        score = jaccard(s, sh[j])
                        if score >= threshold and golds[i] == golds[j]:
                            record(i, Match(pool[i], pool[j], "pool", "near", score))
                            break
                if i not in best:
                    pool_index.insert(i, s)
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
