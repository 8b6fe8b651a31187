"""Load test of ``mathb serve-reward`` with pathological completions mixed in.

Starts the real server (``mathb serve-reward --port 0``) as a subprocess on loopback, sends
``--requests`` OpenRLHF-protocol requests (``--batch`` items each) from ``--clients`` threads;
a fraction ``--hostile`` of items are pathological (exponent towers, deep nesting, 200 KB of
digits, backtracking bait, huge fractions). Prints latency percentiles, the slowest request,
error counts, and the server's RSS (server + verifier workers) before and after. Side by side,
the same items are verified in-process with ``verify_batch`` (the reference): the ratio shows the
HTTP overhead.

    python benchmarks/reward_server_load.py [--requests 10000] [--clients 8] [--batch 4]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import subprocess
import sys
import threading
import time
from pathlib import Path

from mathbeyond.verify import verify_batch

HOSTILE = [
    "\\boxed{" + "9^{" * 60 + "9" + "}" * 60 + "}",
    "\\boxed{" + "(" * 5000 + "1" + ")" * 5000 + "}",
    "\\boxed{" + "7" * 200_000 + "}",
    "The answer is " + "a" * 50_000 + "!",
    "\\boxed{10^{10^{10^{10^{10}}}}}",
    "\\boxed{\\frac{" + "1" * 5000 + "}{" + "3" * 5000 + "}}",
    "\\boxed{" + "\\sqrt{" * 400 + "2" + "}" * 400 + "}",
    "\\boxed{" + "x+" * 20_000 + "1}",
]


def make_items(n: int, hostile: float, rng: random.Random) -> list[tuple[str, str, str]]:
    items = []
    for i in range(n):
        gold = str(rng.randint(1, 999))
        prompt = f"<|user|>Problem {i}: compute it.<|assistant|>"
        if rng.random() < hostile:
            resp = rng.choice(HOSTILE)
        elif rng.random() < 0.5:
            resp = f"Working step by step, we get $\\boxed{{{gold}}}$."
        else:
            resp = f"After simplifying, the result is $\\boxed{{{int(gold) + 1}}}$."
        items.append((prompt, resp, gold))
    return items


def rss_kib(pid: int) -> int:
    """RSS of ``pid`` and its descendants (KiB), from /proc."""
    total = 0
    todo = [pid]
    while todo:
        p = todo.pop()
        try:
            with open(f"/proc/{p}/status") as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1])
            for tid in os.listdir(f"/proc/{p}/task"):
                with open(f"/proc/{p}/task/{tid}/children") as f:
                    todo.extend(int(c) for c in f.read().split())
        except (FileNotFoundError, ProcessLookupError):
            continue
    return total


def pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--requests", type=int, default=10_000)
    ap.add_argument("--clients", type=int, default=8)
    ap.add_argument("--batch", type=int, default=4)
    ap.add_argument("--hostile", type=float, default=0.01)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=1.0)
    args = ap.parse_args()
    rng = random.Random(0)
    batches = [make_items(args.batch, args.hostile, rng) for _ in range(args.requests)]

    src = str(Path(__file__).resolve().parents[1] / "src")
    env = {**os.environ, "PYTHONPATH": src + os.pathsep + os.environ.get("PYTHONPATH", "")}
    env.pop("MATHB_REWARD_TOKEN", None)
    proc = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from mathbeyond.cli import main; main()",
            "serve-reward",
            "--port",
            "0",
            "--workers",
            str(args.workers),
            "--timeout",
            str(args.timeout),
            "--max-concurrent",
            str(args.clients),
        ],
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert proc.stderr is not None
    line = proc.stderr.readline()
    port = int(line.split("http://127.0.0.1:")[1].split()[0])
    latencies: list[float] = []
    errors: dict[int, int] = {}
    wrong = 0
    lock = threading.Lock()
    next_i = [0]

    def client() -> None:
        nonlocal wrong
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        while True:
            with lock:
                i = next_i[0]
                next_i[0] += 1
            if i >= len(batches):
                break
            b = batches[i]
            body = json.dumps(
                {
                    "query": [p + r for p, r, _ in b],
                    "prompts": [p for p, _, _ in b],
                    "labels": [g for _, _, g in b],
                }
            )
            t0 = time.perf_counter()
            conn.request(
                "POST", "/get_reward", body=body, headers={"Content-Type": "application/json"}
            )
            resp = conn.getresponse()
            out = json.loads(resp.read())
            dt = time.perf_counter() - t0
            with lock:
                latencies.append(dt)
                if resp.status != 200:
                    errors[resp.status] = errors.get(resp.status, 0) + 1
                else:
                    expect = [
                        1.0 if r == f"Working step by step, we get $\\boxed{{{g}}}$." else 0.0
                        for _, r, g in b
                    ]
                    wrong += sum(a != e for a, e in zip(out["rewards"], expect, strict=True))
        conn.close()

    # warm-up: start the verifier workers before measuring memory
    warm = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    for _ in range(args.workers * 2):
        warm.request(
            "POST", "/get_reward", body=json.dumps({"query": ["\\boxed{1}"], "labels": ["1"]})
        )
        warm.getresponse().read()
    warm.close()
    rss_before = rss_kib(proc.pid)
    t0 = time.perf_counter()
    threads = [threading.Thread(target=client) for _ in range(args.clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - t0
    rss_after = rss_kib(proc.pid)
    proc.terminate()
    rc = proc.wait(timeout=60)

    items = [(r, g) for b in batches for _, r, g in b]
    t1 = time.perf_counter()
    verify_batch(
        [r for r, _ in items], [g for _, g in items], timeout=args.timeout, workers=args.workers
    )
    ref = time.perf_counter() - t1

    n_items = len(items)
    print(
        f"requests {len(latencies)} x {args.batch} items ({n_items} items, "
        f"{args.hostile:.0%} hostile), {args.clients} clients, {args.workers} verifier workers"
    )
    print(
        f"latency ms: p50 {pct(latencies, 0.5) * 1e3:.1f}  p90 {pct(latencies, 0.9) * 1e3:.1f}  "
        f"p99 {pct(latencies, 0.99) * 1e3:.1f}  max {max(latencies) * 1e3:.1f}"
    )
    print(f"non-200 responses: {errors or 0}; wrong rewards (non-hostile expectation): {wrong}")
    print(
        f"server RSS incl. workers: before {rss_before / 1024:.1f} MiB, after "
        f"{rss_after / 1024:.1f} MiB"
    )
    print(
        f"throughput: server {n_items / wall:.0f} items/s ({wall:.1f} s) vs in-process "
        f"verify_batch {n_items / ref:.0f} items/s ({ref:.1f} s): ratio {wall / ref:.2f}"
    )
    print(f"server exit status after SIGTERM: {rc}")
    return 0 if rc == 0 and not errors else 1


if __name__ == "__main__":
    raise SystemExit(main())
