"""Adaptive vs fixed k=1024 sampling through the REAL engine, store and verifier.

A simulated backend (defined here, not in the library) answers problem ``x`` correctly with a
known probability ``p(x)``: it returns ``\\boxed{gold}`` or a wrong box, decided by a PRNG
seeded with the sample's seed, so the real verifier scores every sample and both runs see the
same sample for the same (problem, index). The problem mix is a screening pool: mostly easy
problems (p ~ U[0.3, 0.9]), some hard ones (p log-uniform in [0.001, 0.05]) and some that are
never solved (p = 0).

Checks: the reachable sets (and every problem's first success index) are identical; prints the
samples drawn by each run and their ratio (target: adaptive <= 25% of fixed).

    python benchmarks/adaptive_savings.py [--problems 300] [--k 1024]
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

from mathbeyond.data import Problem
from mathbeyond.models import get_model
from mathbeyond.sample import Completion, EngineConfig, SampleRequest, run_engine
from mathbeyond.store import RunManifest, RunStore, open_run

MODEL = get_model("smollm2-135m")


class SimulatedBackend:
    """Answers correctly with probability p(problem); deterministic in the sample seed."""

    name = "simulated"

    def __init__(self, probs: dict[str, tuple[float, str]]) -> None:
        self.probs = probs
        self.generated = 0

    def generate(self, requests: Sequence[SampleRequest]) -> Iterator[Completion]:
        for r in requests:
            p, gold = self.probs[r.key]
            for j in range(r.n):
                rng = random.Random(r.seed + j)
                answer = gold if rng.random() < p else str(int(gold) + 1 + rng.randrange(50))
                text = f"Working... so the answer is \\boxed{{{answer}}}."
                self.generated += 1
                yield Completion(r.key, r.start_index + j, r.seed + j, text, 12, "stop", 30)

    def close(self) -> None:
        pass


def screening_pool(n: int, seed: int = 0) -> tuple[list[Problem], dict[str, tuple[float, str]]]:
    rng = random.Random(seed)
    problems, probs = [], {}
    for i in range(n):
        u = rng.random()
        if u < 0.70:
            p = rng.uniform(0.3, 0.9)
        elif u < 0.90:
            p = math.exp(rng.uniform(math.log(0.001), math.log(0.05)))
        else:
            p = 0.0
        pid, gold = f"sim/{i}", str(rng.randrange(1, 1000))
        problems.append(Problem(id=pid, problem=f"Problem {i}", answer=gold, source="sim"))
        probs[pid] = (p, gold)
    return problems, probs


def run(
    out: Path, problems: list[Problem], probs: dict[str, tuple[float, str]], cfg: EngineConfig
) -> tuple[SimulatedBackend, float]:
    manifest = RunManifest(
        run_id=out.name, created_at="bench", model=MODEL.name, backend="simulated", preset={},
        prompt_template="plain", dataset="sim", k=cfg.k, adaptive=cfg.adaptive, seed=cfg.seed,
        min_samples=cfg.min_samples,
    )
    backend = SimulatedBackend(probs)
    start = time.perf_counter()
    with RunStore.create_or_resume(out, manifest) as store:
        run_engine(
            problems, MODEL, backend, MODEL.preset, store=store, config=cfg,
            prompt_fn=lambda text, model: text,
        )
    return backend, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--problems", type=int, default=300)
    parser.add_argument("--k", type=int, default=1024)
    parser.add_argument("--min-samples", type=int, default=0)
    args = parser.parse_args(argv)
    problems, probs = screening_pool(args.problems)
    fixed_cfg = EngineConfig(k=args.k, seed=1, chunk_size=16)
    adapt_cfg = EngineConfig(k=args.k, seed=1, chunk_size=16, adaptive=True,
                             min_samples=args.min_samples)
    with tempfile.TemporaryDirectory() as tmp:
        fixed_backend, fixed_s = run(Path(tmp) / "fixed", problems, probs, fixed_cfg)
        adapt_backend, adapt_s = run(Path(tmp) / "adaptive", problems, probs, adapt_cfg)
        fixed_states = {s.problem_id: s for s in open_run(Path(tmp) / "fixed").problem_states()}
        adapt_run = open_run(Path(tmp) / "adaptive")
        adapt_states = {s.problem_id: s for s in adapt_run.problem_states()}
        adapt_stored = adapt_run.count_samples()
    reach_fixed = {p for p, s in fixed_states.items() if s.first_success is not None}
    reach_adapt = {p for p, s in adapt_states.items() if s.first_success is not None}
    assert reach_fixed == reach_adapt, "reachable sets differ"
    assert all(
        fixed_states[p].first_success == adapt_states[p].first_success for p in fixed_states
    ), "first success indices differ"
    launched = sum(s.launched for s in adapt_states.values())
    aborted = sum(s.aborted for s in adapt_states.values())
    ratio = adapt_backend.generated / fixed_backend.generated
    print(f"problems: {len(problems)} (k={args.k}); reachable: {len(reach_fixed)} in both runs "
          "(identical sets and first-success indices)")
    print(f"fixed    : {fixed_backend.generated:>8} samples drawn in {fixed_s:6.1f}s")
    print(f"adaptive : {adapt_backend.generated:>8} samples drawn in {adapt_s:6.1f}s "
          f"(launched {launched}, aborted {aborted}, stored {adapt_stored})")
    verdict = "OK" if ratio <= 0.25 else "ABOVE TARGET"
    print(f"adaptive/fixed samples = {ratio:.3f} (target <= 0.25): {verdict}")
    return 0 if ratio <= 0.25 else 1


if __name__ == "__main__":
    sys.exit(main())
