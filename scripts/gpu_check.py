"""GPU check for the vllm backend (run by scripts/gpu_check.sh on a CUDA machine).

1. Throughput: our backend (``create_backend("vllm")``) vs plain ``vllm.LLM.generate`` on the
   same engine, prompts and settings, side by side in one process (alternating A/B twice);
   prints samples/s, tokens/s and the ratio ours / plain.
2. Seeds: samples [0, n/2) and [n/2, n) of each problem requested as two chunks (seeds
   s and s + n/2) must not repeat each other, while a control that (wrongly) reuses seed s for
   both chunks must; also reports how often chunked samples equal the one-request samples.

Exit status 0 when every check passes, 1 otherwise. A JSON summary goes to $OUT/gpu_check.json
when $OUT is set.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any


def problems(count: int) -> list[str]:
    """Deterministic, varied arithmetic/algebra word problems (no dataset needed)."""
    out = []
    for i in range(count):
        a, b, c = 3 + 7 * i % 41, 5 + 11 * i % 37, 2 + i % 9
        kind = i % 4
        if kind == 0:
            out.append(
                f"What is the sum of all positive integers less than {a * c} that are "
                f"divisible by {c}?"
            )
        elif kind == 1:
            out.append(f"Solve for x: {a}x + {b} = {a * c + b + 1}. Give x as a fraction.")
        elif kind == 2:
            out.append(
                f"How many ordered pairs of positive integers (m, n) satisfy m * n = {a * b}?"
            )
        else:
            out.append(
                f"A rectangle has perimeter {2 * (a + b)} and one side of length {a}. "
                f"What is its area plus {c}?"
            )
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--model", default="Qwen/Qwen2.5-Math-1.5B-Instruct", help="Hub id or local directory"
    )
    parser.add_argument("--problems", type=int, default=64)
    parser.add_argument("--n", type=int, default=16, help="samples per problem")
    parser.add_argument("--max-tokens", type=int, default=512)
    parser.add_argument("--seed-problems", type=int, default=16)
    parser.add_argument("--gpu-memory-utilization", type=float, default=0.85)
    parser.add_argument("--max-model-len", type=int, default=4096)
    args = parser.parse_args()

    import vllm

    from mathbeyond.models import SamplingPreset, find_model
    from mathbeyond.sample import SampleRequest, build_prompt, create_backend

    spec = find_model(args.model) or find_model("qwen2.5-math-1.5b-instruct")
    assert spec is not None
    preset = SamplingPreset(temperature=0.6, top_p=0.95, max_tokens=args.max_tokens)
    t0 = time.perf_counter()
    backend: Any = create_backend(
        "vllm",
        model=args.model,
        seed=0,
        max_model_len=args.max_model_len,
        gpu_memory_utilization=args.gpu_memory_utilization,
    )
    load_s = time.perf_counter() - t0
    llm, tok = backend._llm, backend._llm.get_tokenizer()
    print(f"vllm {vllm.__version__}, model {args.model} loaded in {load_s:.1f}s", flush=True)

    texts = problems(args.problems)
    prompts = [build_prompt(t, spec) for t in texts]
    requests = [
        SampleRequest(f"p{i}", p, 0, args.n, 1000 * i, preset) for i, p in enumerate(prompts)
    ]

    def plain_inputs() -> tuple[list[Any], list[Any]]:
        rendered = [
            p
            if isinstance(p, str)
            else tok.apply_chat_template(
                [dict(m) for m in p], add_generation_prompt=True, tokenize=False
            )
            for p in prompts
        ]
        params = [
            vllm.SamplingParams(
                n=args.n,
                temperature=0.6,
                top_p=0.95,
                top_k=-1,
                min_p=0.0,
                max_tokens=args.max_tokens,
                seed=1000 * i,
            )
            for i in range(len(prompts))
        ]
        return rendered, params

    def run_plain() -> tuple[float, int, int]:
        start = time.perf_counter()
        rendered, params = plain_inputs()
        outs = llm.generate(rendered, params, use_tqdm=False)
        elapsed = time.perf_counter() - start
        samples = sum(len(o.outputs) for o in outs)
        tokens = sum(len(s.token_ids) for o in outs for s in o.outputs)
        return elapsed, samples, tokens

    def run_ours() -> tuple[float, int, int]:
        start = time.perf_counter()
        done = list(backend.generate(requests))
        elapsed = time.perf_counter() - start
        return elapsed, len(done), sum(c.n_tokens for c in done)

    # warm-up (CUDA graphs, allocator) on a small slice
    llm.generate(["Hello"], vllm.SamplingParams(max_tokens=8), use_tqdm=False)
    list(backend.generate(requests[:2]))

    results: dict[str, list[tuple[float, int, int]]] = {"plain": [], "ours": []}
    for name in ("plain", "ours", "ours", "plain"):
        results[name].append(run_plain() if name == "plain" else run_ours())
        e, s, t = results[name][-1]
        print(
            f"  {name:5s}: {s} samples, {t} tokens in {e:.2f}s "
            f"({s / e:.1f} samples/s, {t / e:.0f} tok/s)",
            flush=True,
        )

    def rate(name: str, what: int) -> float:
        return statistics.median(r[what] / r[0] for r in results[name])

    summary: dict[str, Any] = {
        "vllm": vllm.__version__,
        "model": args.model,
        "load_s": load_s,
        "problems": args.problems,
        "n": args.n,
        "max_tokens": args.max_tokens,
        "plain_samples_per_s": rate("plain", 1),
        "ours_samples_per_s": rate("ours", 1),
        "plain_tokens_per_s": rate("plain", 2),
        "ours_tokens_per_s": rate("ours", 2),
    }
    summary["ratio_samples"] = summary["ours_samples_per_s"] / summary["plain_samples_per_s"]
    summary["ratio_tokens"] = summary["ours_tokens_per_s"] / summary["plain_tokens_per_s"]
    print(
        f"throughput ours/plain: samples {summary['ratio_samples']:.3f}, "
        f"tokens {summary['ratio_tokens']:.3f}",
        flush=True,
    )

    # ---- seed layout: chunks must not repeat each other --------------------------------
    half = args.n // 2
    seed_reqs = requests[: args.seed_problems]

    def chunked(second_seed_offset: int) -> dict[str, list[str]]:
        reqs = []
        for r in seed_reqs:
            reqs.append(SampleRequest(r.key, r.prompt, 0, half, r.seed, preset))
            reqs.append(
                SampleRequest(
                    r.key, r.prompt, half, args.n - half, r.seed + second_seed_offset, preset
                )
            )
        by_key: dict[str, list[str]] = {r.key: [""] * args.n for r in seed_reqs}
        for c in backend.generate(reqs):
            by_key[c.key][c.sample_index] = c.text
        return by_key

    def repeated_pairs(by_key: dict[str, list[str]]) -> int:
        return sum(v[j] == v[half + j] for v in by_key.values() for j in range(half))

    ours_chunks = chunked(half)  # protocol: seed of sample start_index is seed + start_index
    control = chunked(0)  # wrong layout: both chunks start at the same seed
    whole_texts: dict[str, list[str]] = {r.key: [""] * args.n for r in seed_reqs}
    for c in backend.generate(seed_reqs):
        whole_texts[c.key][c.sample_index] = c.text
    pairs = half * len(seed_reqs)
    same_as_whole = sum(
        ours_chunks[k][j] == whole_texts[k][j] for k in whole_texts for j in range(args.n)
    )
    summary.update(
        {
            "seed_pairs": pairs,
            "repeated_pairs_ours": repeated_pairs(ours_chunks),
            "repeated_pairs_control": repeated_pairs(control),
            "chunked_equals_whole": same_as_whole / (args.n * len(seed_reqs)),
            "distinct_texts_ours": sum(len(set(v)) for v in ours_chunks.values()),
        }
    )
    print(
        f"seed check: {summary['repeated_pairs_ours']}/{pairs} chunk pairs repeat with our "
        f"layout, {summary['repeated_pairs_control']}/{pairs} with the same-seed control; "
        f"{summary['chunked_equals_whole']:.0%} of chunked samples equal the one-request "
        f"samples; {summary['distinct_texts_ours']}/{args.n * len(seed_reqs)} distinct texts",
        flush=True,
    )

    ok = (
        summary["repeated_pairs_ours"] <= 0.1 * pairs
        and summary["repeated_pairs_control"] >= 0.5 * pairs
    )
    summary["ok"] = ok
    out = os.environ.get("OUT")
    if out:
        Path(out, "gpu_check.json").write_text(json.dumps(summary, indent=2))
    print("GPU CHECK", "PASSED" if ok else "FAILED", flush=True)
    backend.close()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
