"""Ray variant of the GPU check: the backend in process vs the same backend in Ray workers.

On a GPU machine (``--backend vllm``, the default): one GPU shared by ``--workers`` vLLM
engines (``--gpus-per-worker 0.5`` and ``gpu_memory_utilization`` split between them), or one
worker. The same problems, seeds and sampling settings run twice through the real engine and
store: in process, then through :class:`mathbeyond.sample.RayPool`. Prints samples/s of both
and the ratio, and checks that no sample is duplicated across workers: every (problem, index)
is stored once with seed ``problem_seed + index``, and the number of repeated texts within a
problem is not higher than in the in-process run (beyond chance; engines sharing a seed would
repeat each other's samples). Exit status 0 when every check passes. ``--backend llamacpp`` runs the
same check on a CPU (small and slow; a smoke test of the script).

    python scripts/gpu_check_ray.py [--model Qwen/Qwen2.5-Math-1.5B-Instruct] [--workers 2]
    python scripts/gpu_check_ray.py --backend llamacpp --problems 2 --k 4 --max-tokens 8

Writes a JSON summary to $OUT/gpu_check_ray.json when $OUT is set.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from mathbeyond.data import Problem
from mathbeyond.models import SamplingPreset, get_model
from mathbeyond.sample import (
    Backend,
    EngineConfig,
    RayOptions,
    RayPool,
    create_backend,
    problem_seed,
    run_engine,
)
from mathbeyond.store import RunManifest, RunStore, open_run


def problems(count: int) -> list[Problem]:
    out = []
    for i in range(count):
        a, b = 3 + 7 * i % 41, 5 + 11 * i % 37
        out.append(Problem(id=f"g/{i}", problem=f"What is {a} * {b} + {i}?",
                           answer=str(a * b + i), source="gpu-check"))
    return out


def run(backend: Backend, probs: list[Problem], cfg: EngineConfig, preset: SamplingPreset,
        out: Path) -> tuple[float, int]:
    model = get_model("smollm2-135m")
    manifest = RunManifest(run_id="gpu-ray", created_at="now", model=model.name,
                           backend=backend.name, preset={}, prompt_template="raw",
                           dataset="gpu-check", k=cfg.k, seed=cfg.seed)
    with RunStore.create_or_resume(out, manifest) as store:
        start = time.perf_counter()
        summary = run_engine(probs, model, backend, preset, store=store, config=cfg,
                             scorer=None)
        return time.perf_counter() - start, summary.samples_stored


def repeats(run_dir: Path) -> int:
    table = open_run(run_dir).samples(["problem_id", "text"]).to_pylist()
    counts = Counter((r["problem_id"], r["text"]) for r in table)
    return sum(c - 1 for c in counts.values())


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--backend", default="vllm")
    ap.add_argument("--model", default="Qwen/Qwen2.5-Math-1.5B-Instruct")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--gpus-per-worker", type=float, default=None)
    ap.add_argument("--problems", type=int, default=32)
    ap.add_argument("--k", type=int, default=64)
    ap.add_argument("--chunk-size", type=int, default=16)
    ap.add_argument("--max-tokens", type=int, default=256)
    args = ap.parse_args()
    import ray

    gpus = args.gpus_per_worker
    if args.backend == "vllm":
        gpus = gpus if gpus is not None else 1.0 / args.workers
        options: dict[str, Any] = {"model": args.model,
                                   "gpu_memory_utilization": 0.85 / args.workers}
        plain_options: dict[str, Any] = {"model": args.model, "gpu_memory_utilization": 0.85}
    else:
        options = plain_options = {"n_threads": 1, "n_ctx": 512}
        gpus = gpus or 0.0
    probs = problems(args.problems)
    cfg = EngineConfig(k=args.k, seed=0, chunk_size=args.chunk_size)
    preset = SamplingPreset(temperature=0.6, top_p=0.95, max_tokens=args.max_tokens)
    result: dict[str, Any] = {"backend": args.backend, "workers": args.workers,
                              "gpus_per_worker": gpus}
    with tempfile.TemporaryDirectory(prefix="mathb-gpu-ray-") as tmp:
        plain = create_backend(args.backend, **plain_options)
        try:
            wall, n = run(plain, probs, cfg, preset, Path(tmp) / "plain")
        finally:
            plain.close()
        result["plain_samples_per_s"] = n / wall
        ray.init(include_dashboard=False, log_to_driver=False)
        pool = RayPool(args.backend, options, RayOptions(workers=args.workers,
                                                        gpus_per_worker=gpus))
        try:
            wall, n_ray = run(pool, probs, cfg, preset, Path(tmp) / "ray")
        finally:
            pool.close()
            ray.shutdown()
        result["ray_samples_per_s"] = n_ray / wall
        result["ratio"] = result["ray_samples_per_s"] / result["plain_samples_per_s"]
        table = open_run(Path(tmp) / "ray").samples(["problem_id", "sample_index", "seed"])
        rows = table.to_pylist()
        keys = {(r["problem_id"], r["sample_index"]) for r in rows}
        seeds_ok = all(r["seed"] == problem_seed(0, r["problem_id"]) + r["sample_index"]
                       for r in rows)
        result["complete_and_unique"] = len(keys) == len(rows) == args.problems * args.k
        result["seeds_ok"] = seeds_ok
        result["repeated_texts"] = {"plain": repeats(Path(tmp) / "plain"),
                                    "ray": repeats(Path(tmp) / "ray")}
    base = result["repeated_texts"]["plain"]  # chance repeats (short answers) are tolerated
    ok = (result["complete_and_unique"] and seeds_ok
          and result["repeated_texts"]["ray"] <= base + max(2, base // 10))
    result["ok"] = ok
    print(f"{args.backend}: in process {result['plain_samples_per_s']:.1f} samples/s, Ray "
          f"{args.workers} workers {result['ray_samples_per_s']:.1f} samples/s "
          f"(ratio {result['ratio']:.2f})")
    print(f"rows complete and unique: {result['complete_and_unique']}; seeds: {seeds_ok}; "
          f"repeated texts plain {result['repeated_texts']['plain']}, ray "
          f"{result['repeated_texts']['ray']}: {'OK' if ok else 'FAILED'}")
    if os.environ.get("OUT"):
        Path(os.environ["OUT"], "gpu_check_ray.json").write_text(json.dumps(result, indent=2))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
