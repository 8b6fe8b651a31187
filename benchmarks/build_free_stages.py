"""The free stages of `mathb build` (filter + dedup) on the real local pools, extrapolated to
the paper's pool (53,682 problems x the six evaluation sets), next to a naive all-pairs
near-duplicate comparison measured in the same run.

Measured: the five local pools (DAPO-17K, four DeepScaleR parts) through `apply_filters` and
`find_duplicates` (exact + near against math500, minerva, olympiadbench, amc23, aime24, aime25,
and within the pool). Reported per stage: wall time and CPU time of this process (CPU time is
what a quiet 2-core machine would take; on a shared machine wall time is inflated by others).

Extrapolation to 53,682: per-item cost measured separately on DAPO rows and DeepScaleR rows
(their golds differ: DAPO's are plain integers, DeepScaleR's often LaTeX, which costs verifier
calls), weighted 17,917 DAPO + 35,765 DeepScaleR. Dedup scales linearly with the pool (LSH
lookups are O(1) per text). The naive reference computes the exact Jaccard of EVERY pool x eval
pair on a sample of pool texts and every pool x pool pair on a smaller sample, timed and
extrapolated to 53,682 x 1,547 + 53,682^2 / 2 pairs; the same sample gives LSH recall.

    MATHB_DATA_DIR=../shared/data python benchmarks/build_free_stages.py [--sample 300]
        [--full-recall]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import time

from mathbeyond.build import DEFAULT_EVAL_SETS, FilterConfig, apply_filters, find_duplicates
from mathbeyond.build._dedup import Shingler, _jaccard_sets
from mathbeyond.data import Problem, load_problems

POOLS = ("dapo-17k", "deepscaler-aime", "deepscaler-2000", "deepscaler-100", "deepscaler-803")
PAPER_POOL = 53_682
PAPER_DAPO = 17_917
THRESHOLD = 0.8


_CHILD = """
import json, sys, time
from mathbeyond.build import FilterConfig, apply_filters
from mathbeyond.data import load_problems
pool = [p for name in sys.argv[1:] for p in load_problems(name)]
apply_filters(pool[:20], FilterConfig())
t = time.perf_counter()
kept, removed = apply_filters(pool, FilterConfig())
print(json.dumps({"n": len(pool), "kept": len(kept), "wall": time.perf_counter() - t}))
"""


def filter_run(names: tuple[str, ...]) -> tuple[int, int, float, float]:
    """apply_filters in a child process: (rows, kept, wall s, CPU s of the child AND its
    verifier workers, which the child reaps at exit)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run([sys.executable, "-c", _CHILD, *names], check=True,
                         capture_output=True, text=True, env=dict(os.environ)).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    data = json.loads(out.strip().splitlines()[-1])
    return int(data["n"]), int(data["kept"]), float(data["wall"]), cpu


def timed(fn, *args, **kwargs):  # type: ignore[no-untyped-def]
    wall, cpu = time.perf_counter(), time.process_time()
    result = fn(*args, **kwargs)
    return result, time.perf_counter() - wall, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=300, help="pool texts for the naive run")
    parser.add_argument("--full-recall", action="store_true",
                        help="all pool x eval pairs by brute force (minutes) for LSH recall")
    args = parser.parse_args()
    pool: list[Problem] = []
    for name in POOLS:
        pool += load_problems(name)
    evals = [(name, load_problems(name)) for name in DEFAULT_EVAL_SETS]
    n_eval = sum(len(ps) for _, ps in evals)
    dapo = [p for p in pool if p.id.startswith("dapo-17k/")]
    ds = [p for p in pool if not p.id.startswith("dapo-17k/")]
    print(f"pool: {len(pool):,} problems ({len(dapo):,} DAPO, {len(ds):,} DeepScaleR); "
          f"eval sets: {n_eval:,} problems ({', '.join(DEFAULT_EVAL_SETS)})")

    n_d, k_d, fw_d, fc_d = filter_run(POOLS[:1])
    n_s, k_s, fw_s, fc_s = filter_run(POOLS[1:])
    kept = apply_filters(pool, FilterConfig())[0]  # the same rows again, for dedup
    (_, matches), dw, dc = timed(find_duplicates, kept, evals, threshold=THRESHOLD)
    per_d = (fw_d / n_d, fc_d / n_d)
    per_s = (fw_s / n_s, fc_s / n_s)
    filter_wall_est = per_d[0] * PAPER_DAPO + per_s[0] * (PAPER_POOL - PAPER_DAPO)
    filter_cpu_est = per_d[1] * PAPER_DAPO + per_s[1] * (PAPER_POOL - PAPER_DAPO)
    dedup_wall_est = dw / len(kept) * PAPER_POOL
    dedup_cpu_est = dc / len(kept) * PAPER_POOL
    print(f"filter: DAPO {n_d:,} -> {k_d:,} in {fw_d:.1f} s wall; DeepScaleR parts {n_s:,} -> "
          f"{k_s:,} in {fw_s:.1f} s wall; {fc_d + fc_s:.1f} s CPU (child + verifier workers, "
          "including their start-up)")
    print(f"dedup:  {len(kept):,} -> {len(kept) - len(matches):,} in {dw:.1f} s wall, "
          f"{dc:.1f} s CPU ({len(matches):,} matches)")

    # naive all-pairs reference on samples, same shingles, exact Jaccard
    rng = random.Random(0)
    sh = Shingler(3)
    eval_sets = [set(sh.codes(q.problem).tolist()) for _, ps in evals for q in ps]
    sample = kept if args.full_recall else rng.sample(kept, min(args.sample, len(kept)))
    sample_sets = [set(sh.codes(p.problem).tolist()) for p in sample]
    wall, cpu = time.perf_counter(), time.process_time()
    naive_hits = {
        p.id for p, s in zip(sample, sample_sets, strict=True)
        if any(_jaccard_sets(s, t) >= THRESHOLD for t in eval_sets)
    }
    nw, nc = time.perf_counter() - wall, time.process_time() - cpu
    per_pair_wall = nw / (len(sample) * len(eval_sets))
    per_pair_cpu = nc / (len(sample) * len(eval_sets))
    pairs = PAPER_POOL * n_eval + PAPER_POOL * (PAPER_POOL - 1) // 2
    naive_wall_est = per_pair_wall * pairs
    naive_cpu_est = per_pair_cpu * pairs
    lsh_eval = {m.problem.id for m in matches if m.against != "pool" and m.kind == "near"}
    lsh_exact = {m.problem.id for m in matches if m.against != "pool" and m.kind == "exact"}
    wanted = naive_hits - lsh_exact
    found = wanted & lsh_eval
    recall = "n/a (no near match in the sample)" if not wanted else f"{len(found)}/{len(wanted)}"

    print()
    print(f"extrapolated to the paper's pool ({PAPER_POOL:,} x {n_eval:,} eval problems), "
          f"load average now {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs:")
    print(f"  filter            {filter_wall_est:8.1f} s wall   {filter_cpu_est:8.1f} s CPU")
    print(f"  dedup (LSH)       {dedup_wall_est:8.1f} s wall   {dedup_cpu_est:8.1f} s CPU")
    print(f"  filter + dedup    {filter_wall_est + dedup_wall_est:8.1f} s wall   "
          f"{filter_cpu_est + dedup_cpu_est:8.1f} s CPU "
          f"(target < 60 s; CPU / 2 cores = {(filter_cpu_est + dedup_cpu_est) / 2:.1f} s)")
    print(f"  naive all-pairs   {naive_wall_est:8.1f} s wall   {naive_cpu_est:8.1f} s CPU "
          f"({pairs:,} pairs at {per_pair_cpu * 1e6:.2f} us CPU each)")
    print(f"  ratio naive / LSH dedup: {naive_cpu_est / dedup_cpu_est:,.0f}x (CPU), "
          f"{naive_wall_est / dedup_wall_est:,.0f}x (wall)")
    print(f"  LSH recall vs all-pairs on {len(sample)} sampled pool texts: {recall}")


if __name__ == "__main__":
    main()
