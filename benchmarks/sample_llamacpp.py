"""llamacpp backend (batched and one-at-a-time) vs a raw llama-cpp-python loop, side by side.

Same model (SmolLM2-135M-Instruct by default, or ``--model-path``), prompts, seeds, sampling
settings and thread count. The reference ("raw") is what a llama-cpp-python user writes: a
``create_completion`` loop over the samples of each prompt (llama-cpp reuses the cached prompt
prefix from the second sample on). "seq" is the backend with ``n_parallel=1``, "batch" with
``n_parallel=8`` (default). Each side runs ``--repeats`` times in A/B/C/C/B/A order; the
median tokens/s of each is printed with the ratios seq/raw and batch/raw.

    python benchmarks/sample_llamacpp.py [--problems 4 --n 8 --max-tokens 192 --threads N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from typing import Any

from mathbeyond.models import SamplingPreset, get_model
from mathbeyond.sample import SampleRequest, build_prompt, create_backend
from mathbeyond.sample._llamacpp import default_threads


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--problems", type=int, default=4)
    parser.add_argument("--n", type=int, default=8)
    parser.add_argument("--max-tokens", type=int, default=192)
    parser.add_argument("--threads", type=int, default=None,
                        help="llama.cpp threads for all sides (default: default_threads())")
    parser.add_argument("--model-path", default=None)
    parser.add_argument("--repeats", type=int, default=2)
    args = parser.parse_args()

    threads = args.threads or default_threads()
    print(f"threads {threads} (cpus {len(os.sched_getaffinity(0))}, "
          f"load {os.getloadavg()[0]:.2f})")
    spec = get_model("smollm2-135m")
    preset = SamplingPreset(temperature=0.6, top_p=0.95, max_tokens=args.max_tokens)
    prompts = [
        build_prompt(f"What is {i + 3} times {2 * i + 7}? Then add {i + 11}.", spec)
        for i in range(args.problems)
    ]
    requests = [
        SampleRequest(f"p{i}", p, 0, args.n, 100 * i, preset) for i, p in enumerate(prompts)
    ]
    opts: dict[str, Any] = {"n_threads": threads, "n_ctx": 1024}
    if args.model_path:
        opts["model_path"] = args.model_path
    seq: Any = create_backend("llamacpp", n_parallel=1, **opts)
    batch: Any = create_backend("llamacpp", n_parallel=8, **opts)
    llm = seq._llm
    rendered = [seq._render(p) for p in prompts]

    def backend_side(backend: Any) -> tuple[float, int, int]:
        start = time.perf_counter()
        out = list(backend.generate(requests))
        return time.perf_counter() - start, len(out), sum(c.n_tokens for c in out)

    def raw() -> tuple[float, int, int]:
        start, samples, tokens = time.perf_counter(), 0, 0
        for r, rend in zip(requests, rendered, strict=True):
            for j in range(r.n):
                resp = llm.create_completion(
                    prompt=rend.tokens, stop=rend.stop, stopping_criteria=rend.stopping_criteria,
                    seed=r.seed + j, temperature=preset.temperature, top_p=preset.top_p,
                    top_k=0, min_p=0.0, typical_p=1.0, repeat_penalty=1.0,
                    max_tokens=args.max_tokens,
                )
                samples += 1
                tokens += resp["usage"]["completion_tokens"]
        return time.perf_counter() - start, samples, tokens

    sides = {"raw": raw, "seq": lambda: backend_side(seq), "batch": lambda: backend_side(batch)}
    order = ["raw", "seq", "batch", "batch", "seq", "raw"] * max(1, args.repeats // 2)
    runs: dict[str, list[tuple[float, int, int]]] = {k: [] for k in sides}
    for name in order:
        runs[name].append(sides[name]())
        e, s, t = runs[name][-1]
        print(f"{name:5s}: {s} samples {t} tokens {e:6.1f}s {s / e:6.2f} samples/s "
              f"{t / e:6.1f} tok/s")
    tok = {k: statistics.median(t / e for e, _, t in v) for k, v in runs.items()}
    print(f"median tok/s: raw {tok['raw']:.1f}  seq {tok['seq']:.1f}  batch {tok['batch']:.1f}")
    print(f"ratio seq/raw {tok['seq'] / tok['raw']:.3f}  batch/raw {tok['batch'] / tok['raw']:.3f}")
    seq.close()
    batch.close()


if __name__ == "__main__":
    main()
