"""Makespan of a simulated 64-worker cluster: dynamic unit queue vs static splits vs ideal.

A discrete-event simulation (simulated seconds, no Ray): 181 problems x 1024 samples, cut into
the engine's units (``--chunk-size`` samples of one problem). Completion lengths are heavy
tailed like real reasoning traces: each problem has its own median length (log-uniform in
300..6000 tokens: hard problems think longer), samples are log-normal around it (sigma 1.0) and
capped at 32,768 tokens (the cap is hit by a few percent of samples). A worker decodes
``--rate`` tokens/s; a unit's time is its total tokens / rate (throughput-bound engine).

* dynamic: :class:`mathbeyond.sample.RayPool`'s policy -- one queue in the driver, the next
  ``units_per_call`` units go to whichever worker becomes idle first, plus a fixed per-call
  driver/transport overhead (``--overhead``).
* static by problem: problems split into 64 contiguous even ranges (one rank each; what a
  static launcher does).
* static by block: the ``--shard I/N`` rule (block b of problem p -> (p + b) % 64), i.e. 64
  SLURM array tasks with no communication.
* ideal: total work / 64.

Target: dynamic within 10% of ideal.

    python benchmarks/ray_cluster_sim.py [--workers 64] [--problems 181] [--k 1024] [--seed 0]
"""

from __future__ import annotations

import argparse
import heapq
import math
import random
import time

from mathbeyond.sample import SHARD_BLOCK, Shard

MAX_TOKENS = 32768


def lengths(problems: int, k: int, rng: random.Random) -> list[list[int]]:
    out = []
    for _ in range(problems):
        median = math.exp(rng.uniform(math.log(300), math.log(6000)))
        out.append([min(MAX_TOKENS, max(1, int(rng.lognormvariate(math.log(median), 1.0))))
                    for _ in range(k)])
    return out


def units(tokens: list[list[int]], chunk: int) -> list[tuple[int, int, int]]:
    """(problem position, first index, tokens) per unit, in the engine's request order."""
    return [(p, s, sum(row[s : s + chunk])) for p, row in enumerate(tokens)
            for s in range(0, len(row), chunk)]


def dynamic(work: list[tuple[int, int, int]], workers: int, rate: float, per_call: int,
            overhead: float) -> float:
    idle = [(0.0, w) for w in range(workers)]
    heapq.heapify(idle)
    end = 0.0
    for i in range(0, len(work), per_call):
        t, w = heapq.heappop(idle)
        t += overhead + sum(u[2] for u in work[i : i + per_call]) / rate
        end = max(end, t)
        heapq.heappush(idle, (t, w))
    return end


def static_by_problem(tokens: list[list[int]], workers: int, rate: float) -> float:
    n = len(tokens)
    loads = [0.0] * workers
    for p, row in enumerate(tokens):
        loads[p * workers // n] += sum(row) / rate
    return max(loads)


def static_by_block(tokens: list[list[int]], workers: int, rate: float) -> float:
    loads = [0.0] * workers
    for p, row in enumerate(tokens):
        for s in range(0, len(row), SHARD_BLOCK):
            owner = next(i for i in range(workers) if Shard(i, workers).owns_index(p, s))
            loads[owner] += sum(row[s : s + SHARD_BLOCK]) / rate
    return max(loads)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--workers", type=int, default=64)
    ap.add_argument("--problems", type=int, default=181)
    ap.add_argument("--k", type=int, default=1024)
    ap.add_argument("--chunk-size", type=int, default=16)
    ap.add_argument("--units-per-call", type=int, default=2)
    ap.add_argument("--rate", type=float, default=2500.0, help="tokens/s per worker")
    ap.add_argument("--overhead", type=float, default=0.005, help="seconds per call")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    start = time.perf_counter()
    tokens = lengths(args.problems, args.k, random.Random(args.seed))
    flat = [t for row in tokens for t in row]
    capped = sum(t == MAX_TOKENS for t in flat) / len(flat)
    flat.sort()
    work = units(tokens, args.chunk_size)
    total = sum(u[2] for u in work) / args.rate
    ideal = total / args.workers
    results = {
        "ideal (total / workers)": ideal,
        "dynamic queue (RayPool)": dynamic(work, args.workers, args.rate, args.units_per_call,
                                           args.overhead),
        "static by block (--shard)": static_by_block(tokens, args.workers, args.rate),
        "static by problem (ranks)": static_by_problem(tokens, args.workers, args.rate),
    }
    print(f"{args.problems} problems x {args.k} samples, {len(work):,} units of "
          f"{args.chunk_size}, {args.workers} workers at {args.rate:,.0f} tok/s each")
    print(f"lengths: median {flat[len(flat) // 2]:,}, p99 {flat[int(len(flat) * 0.99)]:,}, "
          f"max {flat[-1]:,} tokens; {capped:.1%} hit the {MAX_TOKENS:,} cap")
    print(f"{'schedule':30}{'makespan (h)':>14}{'vs ideal':>10}")
    for name, value in results.items():
        print(f"{name:30}{value / 3600:>14.2f}{value / ideal:>10.3f}")
    dyn = results["dynamic queue (RayPool)"] / ideal
    print(f"dynamic within {dyn - 1:.1%} of ideal (target <= 10%): "
          f"{'OK' if dyn <= 1.10 else 'MISSED'}; simulated in {time.perf_counter() - start:.1f}s")


if __name__ == "__main__":
    main()
