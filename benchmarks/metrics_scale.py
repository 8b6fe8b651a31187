"""Metrics at MATH-B scale: 21 models x 181 problems x 1024 samples.

Times, on synthetic verdicts, everything the report computes: per-problem summaries, pass@k
curves for k = 1..1024 under both estimators, 1,000 bootstrap resamples over problems for every
curve (one shared resampling matrix, so all runs are paired), Expansion/Shrinkage curves with
paired bootstraps for the 10 registry post/base pairs, and the Table 2 decomposition at k=1024.

Reference: the same quantities computed the naive way, per problem in Python loops (exact
``math.comb`` estimator, per-resample index lists). The naive loop is far too slow to run in
full, so it is timed on a slice (few models/resamples) and extrapolated linearly; the printout
says which parts were extrapolated. Target: vectorized total under 2 s.

    .venv/bin/python benchmarks/metrics_scale.py [--resamples 1000] [--seed 0]

BLAS runs single-threaded unless OPENBLAS_NUM_THREADS / OMP_NUM_THREADS say otherwise: the
naive reference is single-threaded too, and on a shared machine BLAS threads fighting for
cores made the vectorized path slower, not faster.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import time
from collections.abc import Callable
from typing import Any

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import numpy as np  # noqa: E402

from mathbeyond.metrics import (  # noqa: E402
    RunVerdicts,
    bootstrap_weights,
    compare,
    expansion_curve,
    pass_curves,
)
from mathbeyond.models import mathb_models  # noqa: E402

N_PROBLEMS = 181
N_SAMPLES = 1024


def synthetic_verdicts(seed: int) -> dict[str, np.ndarray]:
    """Per model a (181, 1024) bool matrix; half the problems are never solved."""
    rng = np.random.default_rng(seed)
    out = {}
    for spec in mathb_models():
        p = np.where(rng.random(N_PROBLEMS) < 0.5, 0.0, rng.beta(0.3, 30, N_PROBLEMS))
        out[spec.name] = rng.random((N_PROBLEMS, N_SAMPLES)) < p[:, None]
    return out


def registry_pairs() -> list[tuple[str, str]]:
    return [(m.name, m.base) for m in mathb_models() if m.base is not None]


def vectorized(mats: dict[str, np.ndarray], resamples: int, seed: int) -> dict[str, Any]:
    ids = [f"math-beyond/{i}" for i in range(N_PROBLEMS)]
    runs = {name: RunVerdicts.from_matrix(ids, m, label=name, model=name)
            for name, m in mats.items()}
    weights = bootstrap_weights(N_PROBLEMS, resamples, seed)  # one matrix: all runs paired
    curves = {name: pass_curves(run, N_SAMPLES, weights=weights) for name, run in runs.items()}
    expansions = {
        (post, base): expansion_curve(runs[base], runs[post], N_SAMPLES, weights=weights)
        for post, base in registry_pairs()
    }
    table2 = {
        (post, base): compare(runs[base], runs[post], N_SAMPLES)
        for post, base in registry_pairs()
    }
    return {"curves": curves, "expansions": expansions, "table2": table2}


# ---- naive reference: per-problem Python loops ------------------------------------------------


def naive_curves(mat: np.ndarray) -> tuple[list[float], list[float], list[list[float]],
                                           list[list[float]]]:
    rows = mat.tolist()
    per_unbiased: list[list[float]] = []
    per_empirical: list[list[float]] = []
    for row in rows:
        n, c = len(row), sum(row)
        first = next((i for i, v in enumerate(row) if v), None)
        per_unbiased.append(
            [1.0 - math.comb(n - c, k) / math.comb(n, k) for k in range(1, n + 1)]
        )
        per_empirical.append(
            [1.0 if first is not None and first < k else 0.0 for k in range(1, n + 1)]
        )
    k_count = len(rows[0])
    unbiased = [sum(r[k] for r in per_unbiased) / len(rows) for k in range(k_count)]
    empirical = [sum(r[k] for r in per_empirical) / len(rows) for k in range(k_count)]
    return unbiased, empirical, per_unbiased, per_empirical


def naive_bootstrap(per_problem: list[list[float]], resamples: int, seed: int) -> list[tuple[
        float, float]]:
    rnd = random.Random(seed)
    size, k_count = len(per_problem), len(per_problem[0])
    draws: list[list[float]] = []
    for _ in range(resamples):
        idx = [rnd.randrange(size) for _ in range(size)]
        draws.append([sum(per_problem[i][k] for i in idx) / size for k in range(k_count)])
    out = []
    for k in range(k_count):
        column = sorted(d[k] for d in draws)
        out.append((column[int(0.025 * (resamples - 1))], column[int(0.975 * (resamples - 1))]))
    return out


def _timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    value = fn()
    return time.perf_counter() - start, value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--resamples", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    mats = synthetic_verdicts(args.seed)
    n_models = len(mats)
    n_pairs = len(registry_pairs())
    vectorized(mats, 10, args.seed)  # warm-up (imports, BLAS threads)
    fast, result = _timed(lambda: vectorized(mats, args.resamples, args.seed))

    # Naive: curves for 2 models timed in full; bootstrap on 1 model x 4 resamples; scale up.
    names = list(mats)
    t_curves, naive = _timed(lambda: [naive_curves(mats[n]) for n in names[:2]])
    curves_full = t_curves / 2 * n_models
    boot_resamples = 4
    t_boot, _ = _timed(lambda: naive_bootstrap(naive[0][2], boot_resamples, args.seed))
    # per model: 2 estimators; plus Expansion+Shrinkage per pair (2 more curve bootstraps)
    boot_full = t_boot / boot_resamples * args.resamples * (2 * n_models + 2 * n_pairs)
    naive_total = curves_full + boot_full

    # Agreement check between the two implementations (one model, k = 1, 64, 1024).
    name = names[0]
    curve = result["curves"][name]
    for k in (1, 64, 1024):
        assert abs(curve.unbiased.estimate[k - 1] - naive[0][0][k - 1]) < 1e-9
        assert abs(curve.empirical.estimate[k - 1] - naive[0][1][k - 1]) < 1e-12

    print(f"metrics at scale: {n_models} models x {N_PROBLEMS} problems x {N_SAMPLES} samples, "
          f"{args.resamples} paired bootstrap resamples, {n_pairs} post/base pairs")
    print(f"BLAS threads: OPENBLAS_NUM_THREADS={os.environ['OPENBLAS_NUM_THREADS']}")
    print(f"{'':34}{'vectorized':>12}{'naive loop':>14}")
    print(f"{'total (curves + bootstraps + T2)':34}{fast:>11.3f}s{naive_total:>13.1f}s")
    print(f"{'  naive curves (2 of 21 timed)':34}{'':>12}{curves_full:>13.1f}s")
    print(f"{'  naive bootstrap (extrapolated)':34}{'':>12}{boot_full:>13.1f}s")
    print(f"ratio naive/vectorized: {naive_total / fast:,.0f}x   "
          f"(target: vectorized < 2 s: {'OK' if fast < 2.0 else 'MISSED'})")
    print("naive figures are extrapolated linearly from timed slices: curves from 2 models, "
          f"bootstrap from {boot_resamples} resamples of one curve")


if __name__ == "__main__":
    main()
