"""Is the driver ever the bottleneck? Driver throughput with an instant backend, in process and
through Ray workers; optionally two llama.cpp Ray workers vs one.

The driver is the real engine + store (zstd texts) + the real verifier; the backend answers
instantly (``instant``, registered here; text ``--chars`` long with a boxed answer that is
right half of the time). Printed side by side:

* in-process: samples/s of the driver alone (its capacity; target >= 1,000 samples/s),
* Ray, 2 workers: samples/s and the driver's CPU time per sample (engine + store + Ray
  transport; the verifier runs in its own worker processes and is counted in wall time only),
* ``--llamacpp``: the embedded SmolLM2 model (n_threads=1) on 1 vs 2 Ray workers: samples/s
  and their ratio (on a shared 2-core machine the ratio is bounded by the free cores).

    python benchmarks/ray_driver_overhead.py [--problems 20] [--k 512] [--chars 400] [--llamacpp]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

from mathbeyond.data import Problem
from mathbeyond.models import SamplingPreset, get_model
from mathbeyond.sample import (
    Backend,
    Completion,
    EngineConfig,
    RayOptions,
    RayPool,
    SampleRequest,
    create_backend,
    register_backend,
    run_engine,
)
from mathbeyond.store import RunManifest, RunStore

MODEL = get_model("smollm2-135m")
FILLER = "We simplify the expression step by step and check each case carefully. "


@register_backend("instant")
class InstantBackend:
    name = "instant"

    def __init__(self, chars: int = 400) -> None:
        self.chars = int(chars)

    def generate(self, requests: Sequence[SampleRequest]) -> Iterator[Completion]:
        for r in requests:
            gold = r.prompt if isinstance(r.prompt, str) else "0"
            body = (FILLER * (self.chars // len(FILLER) + 1))[: self.chars]
            for j in range(r.n):
                ok = random.Random(r.seed + j).random() < 0.5
                text = f"{body} so the answer is \\boxed{{{gold if ok else gold + '1'}}}."
                yield Completion(r.key, r.start_index + j, r.seed + j, text, len(text) // 4,
                                 "stop", 20)

    def close(self) -> None:
        pass


def problems(n: int) -> list[Problem]:
    return [Problem(id=f"b/{i:03d}", problem=str(100 + i), answer=str(100 + i), source="b")
            for i in range(n)]


def run(backend: Backend, probs: list[Problem], k: int, chunk: int,
        preset: SamplingPreset | None = None) -> tuple[float, float, int]:
    """(wall seconds, driver CPU seconds, samples) of one engine run into a fresh store."""
    with tempfile.TemporaryDirectory(prefix="mathb-ray-bench-") as tmp:
        manifest = RunManifest(run_id="b", created_at="now", model=MODEL.name, backend="b",
                               preset={}, prompt_template="raw", dataset="b", k=k, seed=0)
        with RunStore.create_or_resume(Path(tmp), manifest) as store:
            wall, cpu = time.perf_counter(), time.process_time()
            summary = run_engine(probs, MODEL, backend, preset or SamplingPreset(max_tokens=16),
                                 store=store, config=EngineConfig(k=k, chunk_size=chunk,
                                                                  flush_every=256),
                                 prompt_fn=lambda text, model: text)
            return (time.perf_counter() - wall, time.process_time() - cpu,
                    summary.samples_stored)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--problems", type=int, default=20)
    ap.add_argument("--k", type=int, default=512)
    ap.add_argument("--chunk-size", type=int, default=16)
    ap.add_argument("--chars", type=int, default=400, help="characters per completion")
    ap.add_argument("--llamacpp", action="store_true", help="also 1 vs 2 llama.cpp workers")
    args = ap.parse_args()
    import ray

    src = str(Path(__file__).resolve().parents[1] / "src")
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (src, os.environ.get("PYTHONPATH"))
                                               if p)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    probs = problems(args.problems)
    rows: list[tuple[str, float, float, int]] = []

    run(create_backend("instant", chars=args.chars), probs[:2], 64, args.chunk_size)  # warm up
    wall, cpu, n = run(create_backend("instant", chars=args.chars), probs, args.k,
                       args.chunk_size)
    rows.append(("in-process (driver alone)", wall, cpu, n))
    pool = RayPool("instant", {"chars": args.chars}, RayOptions(workers=2, units_per_call=8),
                   backend_modules=[__file__])
    try:
        wall, cpu, n = run(pool, probs, args.k, args.chunk_size)
    finally:
        pool.close()
    rows.append(("Ray, 2 workers", wall, cpu, n))

    print(f"{args.problems} problems x {args.k} samples of {args.chars} chars, real verifier, "
          f"zstd store")
    print(f"{'':30}{'samples/s':>12}{'driver CPU us/sample':>22}{'wall s':>9}")
    for name, wall, cpu, n in rows:
        print(f"{name:30}{n / wall:>12,.0f}{cpu / n * 1e6:>22,.0f}{wall:>9.2f}")
    capacity = rows[0][3] / rows[0][1]
    print(f"driver capacity {capacity:,.0f} samples/s (target >= 1,000): "
          f"{'OK' if capacity >= 1000 else 'MISSED'}; ray/in-process throughput "
          f"{(rows[1][3] / rows[1][1]) / capacity:.2f}")

    if args.llamacpp:
        llama_probs = [Problem(id=f"l/{i}", problem=f"What is {i} + {i}?", answer=str(2 * i),
                               source="l") for i in range(4)]
        preset = SamplingPreset(max_tokens=16)
        opts = {"n_threads": 1, "n_ctx": 512}
        rates = []
        for workers in (1, 2):
            pool = RayPool("llamacpp", opts, RayOptions(workers=workers, units_per_call=1))
            try:
                wall, _, n = run(pool, llama_probs, 8, 2, preset)
            finally:
                pool.close()
            rates.append(n / wall)
            print(f"llama.cpp, {workers} Ray worker(s): {n / wall:.2f} samples/s ({n} samples, "
                  f"{wall:.1f}s)")
        print(f"two workers vs one: {rates[1] / rates[0]:.2f}x")
    ray.shutdown()


if __name__ == "__main__":
    sys.exit(main())
