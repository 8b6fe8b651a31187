"""llamacpp backend (batched and one-at-a-time) vs a raw llama-cpp-python loop, side by side.

Same model (SmolLM2-135M-Instruct by default, or ``--model-path``), prompts, seeds, sampling
settings and thread count. The reference ("raw") is what a llama-cpp-python user writes: a
``create_completion`` loop over the samples of each prompt (llama-cpp reuses the cached prompt
prefix from the second sample on). "seq" is the backend with ``n_parallel=1``, "batch" with
``n_parallel=8`` (default). Per request the three sides run back to back in a rotating order
(``--repeats`` passes), so drifting load on a shared machine hits all alike; tokens per
wall-clock second and per CPU-second of each side are printed with the ratios seq/raw and
batch/raw (CPU time is what other processes on a shared machine cannot inflate).

    python benchmarks/sample_llamacpp.py [--problems 4 --n 8 --max-tokens 192 --threads N]
"""

from __future__ import annotations

import argparse
import os
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

    def backend_side(backend: Any, request: SampleRequest) -> int:
        return sum(c.n_tokens for c in backend.generate([request]))

    def raw(request: SampleRequest, rend: Any) -> int:
        tokens = 0
        for j in range(request.n):
            resp = llm.create_completion(
                prompt=rend.tokens, stop=rend.stop, stopping_criteria=rend.stopping_criteria,
                seed=request.seed + j, temperature=preset.temperature, top_p=preset.top_p,
                top_k=0, min_p=0.0, typical_p=1.0, repeat_penalty=1.0,
                max_tokens=args.max_tokens,
            )
            tokens += resp["usage"]["completion_tokens"]
        return tokens

    # Fine-grained interleaving: per request, the three sides run back to back in a rotating
    # order, so load drifting on a shared machine hits all three alike. Wall-clock and CPU time
    # of this process (all llama.cpp threads) are summed per side.
    names = ["raw", "seq", "batch"]
    wall = dict.fromkeys(names, 0.0)
    cpu = dict.fromkeys(names, 0.0)
    toks = dict.fromkeys(names, 0)
    step = 0
    for _ in range(args.repeats):
        for request, rend in zip(requests, rendered, strict=True):
            order = names[step % 3 :] + names[: step % 3]
            step += 1
            for name in order:
                w0, c0 = time.perf_counter(), time.process_time()
                if name == "raw":
                    toks[name] += raw(request, rend)
                else:
                    toks[name] += backend_side(seq if name == "seq" else batch, request)
                wall[name] += time.perf_counter() - w0
                cpu[name] += time.process_time() - c0
    for name in names:
        print(f"{name:5s}: {toks[name]} tokens  wall {wall[name]:6.1f}s "
              f"{toks[name] / wall[name]:6.1f} tok/s  cpu {cpu[name]:6.1f}s "
              f"{toks[name] / cpu[name]:6.1f} tok/cpu-s")
    for base in ("wall", "cpu"):
        t = wall if base == "wall" else cpu
        rate = {n: toks[n] / t[n] for n in names}
        print(f"ratio ({base} time) seq/raw {rate['seq'] / rate['raw']:.3f}  "
              f"batch/raw {rate['batch'] / rate['raw']:.3f}")
    seq.close()
    batch.close()


if __name__ == "__main__":
    main()
