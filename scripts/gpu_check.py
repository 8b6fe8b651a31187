"""GPU check for the vllm backend (run by scripts/gpu_check.sh on a CUDA machine).

0. Start-up: our backend loads the model and runs its seeded self-check (it refuses to start on
   an engine whose seeds duplicate or misplace samples).
1. Throughput, side by side in one process on the same engine and token-id prompts
   (alternating A/B): plain ``LLM.generate`` with seeded ``n``-sample requests, the same
   unseeded (what seeding costs: seeded requests can turn off vLLM's fastest sampler), and our
   backend; prints samples/s, tokens/s and the ratios ours/plain and seeded/unseeded.
2. Seeds (temperature 1, so distinct samples are certain unless seeding is broken):
   * no two samples within one ``n``-sample request may be identical (vLLM's own requests and
     ours);
   * chunked = whole: our samples ``[0, n/2)`` and ``[n/2, n)`` requested as two chunks (seeds
     s and s + n/2) must start with the same first K tokens as vLLM's one request
     ``SamplingParams(n, seed=s)`` for at least ``--min-match`` of the samples;
   * our two chunks must not repeat each other, while a control that (wrongly) gives both
     chunks the seed s must.

Exit status 0 when every check passes, 1 otherwise (the failures are printed). A JSON summary
goes to $OUT/gpu_check.json when $OUT is set.

Offline machines (no internet): on a machine with internet and the same Python/CUDA,
``pip download 'vllm>=0.7.0' -d wheelhouse/`` and
``huggingface-cli download Qwen/Qwen2.5-Math-1.5B-Instruct --local-dir ckpt/``; copy both over
and run ``scripts/gpu_check.sh --model ckpt/ --wheel wheelhouse/`` (``--wheel`` takes the
wheelhouse directory or one ``vllm-*.whl`` whose dependencies are already installed; it is
installed with ``pip --no-index`` only when vllm is missing; a local ``--model`` directory sets
``HF_HUB_OFFLINE=1``).
"""

from __future__ import annotations

import argparse
import importlib.util
import itertools
import json
import os
import statistics
import subprocess
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


def ensure_vllm(wheel: str | None) -> None:
    """Install vllm from a pre-downloaded wheel / wheelhouse (no index) when it is missing."""
    if importlib.util.find_spec("vllm") is not None:
        return
    if not wheel:
        sys.exit("vllm is not installed: pass --wheel WHEELHOUSE_DIR|vllm-*.whl (see --help)")
    path = Path(wheel)
    if not path.exists():
        sys.exit(f"--wheel {wheel}: no such file or directory")
    links = path if path.is_dir() else path.parent
    target = "vllm>=0.7.0" if path.is_dir() else str(path)
    cmd = [sys.executable, "-m", "pip", "install", "--no-index", "--find-links", str(links), target]
    print("installing:", " ".join(cmd), flush=True)
    subprocess.run(cmd, check=True)


def write_summary(summary: dict[str, Any]) -> None:
    out = os.environ.get("OUT")
    if out:
        Path(out).mkdir(parents=True, exist_ok=True)
        Path(out, "gpu_check.json").write_text(json.dumps(summary, indent=2))


def main() -> int:
    parser = argparse.ArgumentParser(
        description=(__doc__ or "").splitlines()[0],
        epilog="Offline: --wheel WHEELHOUSE/ --model CHECKPOINT_DIR/ (see the module doc).",
    )
    parser.add_argument(
        "--model", default="Qwen/Qwen2.5-Math-1.5B-Instruct",
        help="Hub id or a pre-downloaded checkpoint directory",
    )
    parser.add_argument("--wheel", default=None, help="vllm wheel or wheelhouse directory")
    parser.add_argument(
        "--prompt-model", default="qwen2.5-math-1.5b-instruct",
        help="registry model whose prompt format to use when --model is not a registry model",
    )
    parser.add_argument("--problems", type=int, default=64)
    parser.add_argument("--n", type=int, default=16, help="samples per problem")
    parser.add_argument("--max-tokens", type=int, default=512)
    parser.add_argument("--seed-problems", type=int, default=16)
    parser.add_argument("--prefix-tokens", type=int, default=32, help="K for chunked = whole")
    parser.add_argument("--min-match", type=float, default=0.9)
    parser.add_argument("--gpu-memory-utilization", type=float, default=0.85)
    parser.add_argument("--max-model-len", type=int, default=4096)
    parser.add_argument(
        "--no-self-check", action="store_true",
        help="skip the backend's start-up self-check (to see this script's own checks fail)",
    )
    args = parser.parse_args()
    if Path(args.model).is_dir():
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    ensure_vllm(args.wheel)

    import vllm

    from mathbeyond import MathbError
    from mathbeyond.models import SamplingPreset, find_model
    from mathbeyond.sample import SampleRequest, build_prompt, create_backend

    spec = find_model(args.model) or find_model(args.prompt_model)
    assert spec is not None, f"unknown registry model {args.prompt_model!r}"
    preset = SamplingPreset(temperature=0.6, top_p=0.95, max_tokens=args.max_tokens)
    t0 = time.perf_counter()
    try:
        backend: Any = create_backend(
            "vllm",
            model=args.model,
            seed=0,
            max_model_len=args.max_model_len,
            gpu_memory_utilization=args.gpu_memory_utilization,
            self_check=not args.no_self_check,
        )
    except MathbError as exc:  # version floor, self-check, bad option: one line
        print("FAIL:", exc, "\nGPU CHECK FAILED", flush=True)
        write_summary({"vllm": vllm.__version__, "ok": False, "failures": [str(exc)]})
        return 1
    load_s = time.perf_counter() - t0
    llm, tok = backend._llm, backend._llm.get_tokenizer()
    print(
        f"vllm {vllm.__version__}, model {args.model} loaded in {load_s:.1f}s "
        f"(self-check {'skipped' if args.no_self_check else 'passed'})",
        flush=True,
    )

    prompts = [build_prompt(t, spec) for t in problems(args.problems)]
    token_prompts = [{"prompt_token_ids": backend.encode(p)} for p in prompts]
    requests = [
        SampleRequest(f"p{i}", p, 0, args.n, 1000 * i, preset) for i, p in enumerate(prompts)
    ]

    def plain_params(seeded: bool, **over: Any) -> list[Any]:
        kw: dict[str, Any] = {
            "n": args.n, "temperature": 0.6, "top_p": 0.95, "top_k": -1, "min_p": 0.0,
            "max_tokens": args.max_tokens,
        }
        kw.update(over)
        return [
            vllm.SamplingParams(**kw, seed=(1000 * i if seeded else None))
            for i in range(len(prompts))
        ]

    def run_plain(seeded: bool) -> tuple[float, int, int]:
        start = time.perf_counter()
        outs = llm.generate(token_prompts, plain_params(seeded), use_tqdm=False)
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
    llm.generate(token_prompts[:2], vllm.SamplingParams(max_tokens=8), use_tqdm=False)
    list(backend.generate(requests[:2]))

    results: dict[str, list[tuple[float, int, int]]] = {"plain": [], "unseeded": [], "ours": []}
    for name in ("plain", "unseeded", "ours", "ours", "unseeded", "plain"):
        if name == "ours":
            results[name].append(run_ours())
        else:
            results[name].append(run_plain(seeded=name == "plain"))
        e, s, t = results[name][-1]
        print(
            f"  {name:8s}: {s} samples, {t} tokens in {e:.2f}s "
            f"({s / e:.1f} samples/s, {t / e:.0f} tok/s)",
            flush=True,
        )

    def rate(name: str, what: int) -> float:
        return statistics.median(r[what] / r[0] for r in results[name])

    summary: dict[str, Any] = {
        "vllm": vllm.__version__,
        "model": args.model,
        "load_s": load_s,
        "self_check": "skipped" if args.no_self_check else "passed",
        "problems": args.problems,
        "n": args.n,
        "max_tokens": args.max_tokens,
        "plain_samples_per_s": rate("plain", 1),
        "plain_unseeded_samples_per_s": rate("unseeded", 1),
        "ours_samples_per_s": rate("ours", 1),
        "plain_tokens_per_s": rate("plain", 2),
        "plain_unseeded_tokens_per_s": rate("unseeded", 2),
        "ours_tokens_per_s": rate("ours", 2),
    }
    summary["ratio_samples"] = summary["ours_samples_per_s"] / summary["plain_samples_per_s"]
    summary["ratio_tokens"] = summary["ours_tokens_per_s"] / summary["plain_tokens_per_s"]
    summary["ratio_seeded_vs_unseeded"] = (
        summary["plain_tokens_per_s"] / summary["plain_unseeded_tokens_per_s"]
    )
    print(
        f"throughput ours/plain: samples {summary['ratio_samples']:.3f}, tokens "
        f"{summary['ratio_tokens']:.3f}; plain seeded/unseeded tokens "
        f"{summary['ratio_seeded_vs_unseeded']:.3f}",
        flush=True,
    )

    # ---- seeds ----------------------------------------------------------------------------
    k_prefix = args.prefix_tokens
    check_tokens = max(k_prefix + 16, 64)
    hot = SamplingPreset(temperature=1.0, top_p=1.0, max_tokens=check_tokens)
    half = args.n // 2
    seed_reqs = requests[: args.seed_problems]
    whole = llm.generate(
        token_prompts[: len(seed_reqs)],
        [
            vllm.SamplingParams(
                n=args.n, temperature=1.0, top_p=1.0, top_k=-1, min_p=0.0,
                max_tokens=check_tokens, seed=r.seed,
            )
            for r in seed_reqs
        ],
        use_tqdm=False,
    )
    whole_ids = [
        [list(s.token_ids) for s in sorted(o.outputs, key=lambda s: s.index)] for o in whole
    ]

    def chunked(second_seed_offset: int) -> dict[str, list[str]]:
        reqs = []
        for r in seed_reqs:
            reqs.append(SampleRequest(r.key, r.prompt, 0, half, r.seed, hot))
            second = r.seed + second_seed_offset
            reqs.append(SampleRequest(r.key, r.prompt, half, args.n - half, second, hot))
        by_key: dict[str, list[str]] = {r.key: [""] * args.n for r in seed_reqs}
        for c in backend.generate(reqs):
            by_key[c.key][c.sample_index] = c.text
        return by_key

    def repeated_pairs(by_key: dict[str, list[str]]) -> int:
        return sum(v[j] == v[half + j] for v in by_key.values() for j in range(half))

    ours = chunked(half)  # protocol: seed of sample start_index is seed + start_index
    control = chunked(0)  # wrong layout: both chunks start at the same seed
    identical = sum(
        a == b for ids in whole_ids for a, b in itertools.combinations(ids, 2)
    ) + sum(a == b for texts in ours.values() for a, b in itertools.combinations(texts, 2))

    def prefix(ids: list[int]) -> str:
        return str(tok.decode(ids[:k_prefix], skip_special_tokens=True)).rstrip("\ufffd")

    matches = sum(
        ours[r.key][j].startswith(prefix(whole_ids[i][j]))
        for i, r in enumerate(seed_reqs)
        for j in range(args.n)
    )
    pairs = half * len(seed_reqs)
    summary.update(
        {
            "seed_pairs": pairs,
            "prefix_tokens": k_prefix,
            "identical_pairs_in_request": identical,
            "repeated_pairs_ours": repeated_pairs(ours),
            "repeated_pairs_control": repeated_pairs(control),
            "chunked_equals_whole": matches / (args.n * len(seed_reqs)),
        }
    )
    print(
        f"seed check: {identical} identical sample pairs within requests; "
        f"{summary['chunked_equals_whole']:.0%} of chunked samples start like vLLM's one "
        f"request (first {k_prefix} tokens); {summary['repeated_pairs_ours']}/{pairs} chunk "
        f"pairs repeat with our layout, {summary['repeated_pairs_control']}/{pairs} with the "
        "same-seed control",
        flush=True,
    )

    failures = []
    if identical:
        failures.append(f"{identical} identical sample pairs within a request")
    if summary["chunked_equals_whole"] < args.min_match:
        failures.append(
            f"chunked != whole: only {summary['chunked_equals_whole']:.0%} of samples match on "
            f"the first {k_prefix} tokens (need {args.min_match:.0%})"
        )
    if summary["repeated_pairs_ours"]:
        failures.append(f"{summary['repeated_pairs_ours']} chunk pairs repeat with our layout")
    if summary["repeated_pairs_control"] < 0.5 * pairs:
        failures.append("the same-seed control does not repeat: per-request seeds are ignored")
    summary["failures"] = failures
    summary["ok"] = not failures
    write_summary(summary)
    for failure in failures:
        print("FAIL:", failure, flush=True)
    print("GPU CHECK", "PASSED" if not failures else "FAILED", flush=True)
    backend.close()
    return 0 if not failures else 1


if __name__ == "__main__":
    sys.exit(main())
