"""llamacpp backend vs plain llama-cpp-python, side by side in one process.

Same model (SmolLM2-135M-Instruct by default), prompts, seeds and sampling settings; the
reference is a bare ``Llama.create_chat_completion`` loop reusing llama-cpp's prompt cache.
Prints samples/s and tokens/s of each and the ratio ours / plain (A/B/B/A order).

    .venv/bin/python benchmarks/sample_llamacpp.py [--problems 4 --n 4 --max-tokens 128]
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from mathbeyond.models import SamplingPreset, get_model
from mathbeyond.sample import SampleRequest, build_prompt, create_backend


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--problems", type=int, default=4)
    parser.add_argument("--n", type=int, default=4)
    parser.add_argument("--max-tokens", type=int, default=128)
    parser.add_argument("--threads", type=int, default=None)
    args = parser.parse_args()

    spec = get_model("smollm2-135m")
    preset = SamplingPreset(temperature=0.6, top_p=0.95, max_tokens=args.max_tokens)
    prompts = [
        build_prompt(f"What is {i + 3} times {2 * i + 7}?", spec) for i in range(args.problems)
    ]
    requests = [
        SampleRequest(f"p{i}", p, 0, args.n, 100 * i, preset) for i, p in enumerate(prompts)
    ]
    backend: Any = create_backend("llamacpp", n_threads=args.threads)
    llm = backend._llm

    def ours() -> tuple[float, int, int]:
        start = time.perf_counter()
        out = list(backend.generate(requests))
        return time.perf_counter() - start, len(out), sum(c.n_tokens for c in out)

    def plain() -> tuple[float, int, int]:
        start, samples, tokens = time.perf_counter(), 0, 0
        for r in requests:
            for j in range(r.n):
                resp = llm.create_chat_completion(
                    messages=[dict(m) for m in r.prompt],
                    seed=r.seed + j,
                    temperature=0.6,
                    top_p=0.95,
                    top_k=0,
                    min_p=0.0,
                    repeat_penalty=1.0,
                    max_tokens=args.max_tokens,
                )
                samples += 1
                tokens += resp["usage"]["completion_tokens"]
        return time.perf_counter() - start, samples, tokens

    runs: dict[str, list[tuple[float, int, int]]] = {"plain": [], "ours": []}
    for name in ("plain", "ours", "ours", "plain"):
        runs[name].append(plain() if name == "plain" else ours())
        e, s, t = runs[name][-1]
        print(
            f"{name:5s}: {s} samples {t} tokens {e:6.1f}s "
            f"{s / e:6.2f} samples/s  {t / e:6.0f} tok/s"
        )
    rate = {k: statistics.median(s / e for e, s, _ in v) for k, v in runs.items()}
    tok = {k: statistics.median(t / e for e, _, t in v) for k, v in runs.items()}
    print(
        f"ratio ours/plain: samples/s {rate['ours'] / rate['plain']:.3f}  "
        f"tokens/s {tok['ours'] / tok['plain']:.3f}"
    )
    backend.close()


if __name__ == "__main__":
    main()
