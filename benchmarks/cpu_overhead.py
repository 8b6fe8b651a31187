"""Engine overhead on the CPU: `run_engine` + llamacpp backend vs llama-cpp-python called directly.

Both sides run in this process on the same GGUF (SmolLM2-135M-Instruct), the same chat
messages (``build_prompt``), the same sampling settings and the same per-sample seeds
(``problem_seed(run seed, problem id) + index``). The engine side includes everything a real
run does: prompt building, planning, the crash-safe store (SQLite commits) and inline scoring
with the real verifier. The direct side uses the backend's own prompt rendering (the GGUF chat
template, tokenized once per problem) and, like the backend, evaluates each prompt up to its
last token once per problem and lets every ``create_completion`` evaluate that last token (a
plain loop's prefix reuse), so both sides feed llama.cpp the same tokens and the texts must come
out identical.

Each side runs ``--repeats`` times, alternating which goes first; the best time of each is
compared (on a shared machine the minimum is the least disturbed measurement). Wall-clock and
CPU time of this process are both reported; the target is checked on CPU time, which other
processes on a shared machine cannot inflate. One llama.cpp thread (prompt and generation) by
default: on a loaded 2-core box more threads only spin.

    python benchmarks/cpu_overhead.py [--problems 2] [--k 4] [--max-tokens 48] [--threads 1]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from mathbeyond.data import load_problems
from mathbeyond.models import get_model
from mathbeyond.sample import EngineConfig, create_backend, problem_seed, run_engine
from mathbeyond.sample._llamacpp import default_model_path
from mathbeyond.sample._presets import resolve_preset
from mathbeyond.sample._prompt import build_prompt
from mathbeyond.store import RunManifest, RunStore, open_run

MODEL = get_model("smollm2-135m")


class _Clock:
    """Wall-clock and CPU time (this process: llama.cpp threads, engine, SQLite) since start."""

    def __init__(self) -> None:
        self.wall, self.cpu = time.perf_counter(), time.process_time()

    def stop(self) -> tuple[float, float]:
        return time.perf_counter() - self.wall, time.process_time() - self.cpu


def direct(
    llm: Any, render: Any, problems: list[Any], k: int, seed: int, preset: Any
) -> tuple[tuple[float, float], list[str]]:
    """The reference: llama-cpp's create_completion per sample on the same prompt tokens."""
    texts = []
    start = _Clock()
    for p in problems:
        rendered = render(build_prompt(p.problem, MODEL))
        base = problem_seed(seed, p.id)
        # what the backend does: the prompt up to its last token once per problem, then a
        # plain create_completion loop (llama-cpp reuses that prefix for every sample)
        llm.reset()
        llm.eval(rendered.tokens[:-1])
        for i in range(k):
            out = llm.create_completion(
                prompt=rendered.tokens, stop=rendered.stop,
                stopping_criteria=rendered.stopping_criteria, seed=base + i,
                temperature=preset.temperature, top_p=preset.top_p, top_k=preset.top_k,
                min_p=preset.min_p, typical_p=1.0, repeat_penalty=1.0, frequency_penalty=0.0,
                presence_penalty=0.0, max_tokens=preset.max_tokens,
            )
            texts.append(out["choices"][0]["text"])
    return start.stop(), texts


def engine(backend: Any, problems: list[Any], k: int, seed: int, preset: Any,
           out: Path) -> tuple[tuple[float, float], list[str]]:
    cfg = EngineConfig(k=k, seed=seed, chunk_size=k)
    manifest = RunManifest(
        run_id=out.name, created_at="bench", model=MODEL.name, backend="llamacpp", preset={},
        prompt_template="chat", dataset="math500", k=k, seed=seed,
    )
    start = _Clock()
    with RunStore.create_or_resume(out, manifest) as store:
        run_engine(problems, MODEL, backend, preset, store=store, config=cfg)
    elapsed = start.stop()
    return elapsed, open_run(out).samples(["text"]).column(0).to_pylist()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--problems", type=int, default=2)
    parser.add_argument("--k", type=int, default=4)
    parser.add_argument("--max-tokens", type=int, default=48)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--data-dir", default=os.environ.get("MATHB_DATA_DIR", "../shared/data"))
    args = parser.parse_args(argv)

    import llama_cpp

    problems = list(load_problems("math500", data_dir=args.data_dir, limit=args.problems))
    # problem ids sort like the store's rows (lexicographic) so texts line up
    problems.sort(key=lambda p: p.id)
    preset = resolve_preset(MODEL, max_tokens=args.max_tokens)
    n_ctx = 2048
    threads = {"n_threads": args.threads, "n_threads_batch": args.threads}
    llm = llama_cpp.Llama(model_path=str(default_model_path()), n_ctx=n_ctx, verbose=False,
                          **threads)
    # Like for like: one sample at a time, as the direct loop does (identical texts). The
    # backend's default batched decoder (n_parallel=8) is timed separately below.
    backend = create_backend("llamacpp", n_ctx=n_ctx, n_parallel=1, **threads)
    batched = create_backend("llamacpp", n_ctx=n_ctx, **threads)
    seed = 0
    render = backend._render  # the backend's own prompt rendering: identical prompt tokens
    direct(llm, render, problems[:1], 1, seed + 1, preset)  # warm-up both
    with tempfile.TemporaryDirectory() as tmp:
        engine(backend, problems[:1], 1, seed + 1, preset, Path(tmp) / "warm")
        engine(batched, problems[:1], 1, seed + 1, preset, Path(tmp) / "warm-b")
        t_direct, t_engine, t_batched = [], [], []
        for r in range(args.repeats):
            # alternate which side goes first so drifting machine load hits both alike
            if r % 2 == 0:
                d, d_texts = direct(llm, render, problems, args.k, seed, preset)
                e, e_texts = engine(backend, problems, args.k, seed, preset, Path(tmp) / f"r{r}")
            else:
                e, e_texts = engine(backend, problems, args.k, seed, preset, Path(tmp) / f"r{r}")
                d, d_texts = direct(llm, render, problems, args.k, seed, preset)
            t_direct.append(d)
            t_engine.append(e)
            t_batched.append(
                engine(batched, problems, args.k, seed, preset, Path(tmp) / f"b{r}")[0]
            )
    backend.close()
    batched.close()
    same = d_texts == e_texts
    n = len(problems) * args.k
    print(f"{n} samples ({len(problems)} problems x k={args.k}, max_tokens={args.max_tokens}, "
          f"{args.threads} llama.cpp thread(s)); identical texts: {same}")
    overheads = {}
    for j, what in enumerate(("wall", "cpu")):
        d = [t[j] for t in t_direct]
        e = [t[j] for t in t_engine]
        overheads[what] = (min(e) - min(d)) / min(d) * 100
        print(f"{what:>4} llama-cpp direct: best {min(d):7.2f}s  runs {_fmt(d)}")
        print(f"{what:>4} mathb engine    : best {min(e):7.2f}s  runs {_fmt(e)}")
    print(f"engine overhead: {overheads['cpu']:+.1f}% CPU time, {overheads['wall']:+.1f}% "
          "wall-clock (best of each; verifier worker CPU counts only in wall-clock)")
    best_b = min(t[0] for t in t_batched)
    print(f"wall mathb engine, batched decoder (default n_parallel=8): best {best_b:7.2f}s "
          f"= {min(t[0] for t in t_direct) / best_b:.2f}x the direct loop")
    ok = overheads["cpu"] <= 10 and same
    print(f"target <= 10% (CPU time): {'OK' if ok else 'ABOVE TARGET'}")
    return 0 if ok else 1


def _fmt(values: list[float]) -> str:
    return ", ".join(f"{v:.2f}" for v in values)

if __name__ == "__main__":
    sys.exit(main())
