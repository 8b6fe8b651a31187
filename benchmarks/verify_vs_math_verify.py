"""mathbeyond's verifier vs Math-Verify 0.9, side by side in one process on the same inputs.

Corpora (under ``--data-dir``, default ``$MATHB_DATA_DIR`` or ``../shared/data``):

* ``qwen25math``: 800 Qwen2.5-Math chain-of-thought completions, gold ``gt`` (no labels);
* ``cs6493``: 140 R1-Distill / Qwen2.5-Math completions on MATH-500; gold is ``answer`` of row N
  of ``benchmarks/math500_test.jsonl`` for ``problem_id`` ``math500_N`` (no labels);
* ``hardverify-raw`` / ``hardverify-boxed``: the 250 HardVerify items' ``fn_output`` (label:
  must be accepted) and ``tn_output`` (must be rejected), given as the bare answer text and
  wrapped in ``$\\boxed{...}$`` (500 labelled cases each);
* ``table:<name>``: the verifier's regression tables ``tests/verify/tables/*.jsonl`` (rows with
  ``completion``, ``gold``, optional ``question`` and ``finish_reason`` (passed to our verifier
  as the sampler's finish reason, as ``benchmarks/verify_heldout.py`` does; Math-Verify has no
  such input), ``expected``: a bool, or a status string).

How each side runs:

* mathbeyond: ``verify_batch`` per corpus (all CPUs, hard ``--timeout`` per case), timed after
  the worker pool is started and warmed (pool start-up is reported separately);
* Math-Verify: sequentially in the main thread, as users call it: ``parse("$\\boxed{gold}$")``,
  ``parse(completion)``, ``verify(gold, pred)``, with its default signal-based timeouts (5 s;
  they work because this is the main thread). Its exceptions count as "rejected". Its parse
  caches stay on (users get them too).

Speed lines first (public ``verify_batch`` on ONE worker, i.e. one CPU for each side):

* integer path, short answers: ``Sample <id>. The final answer is $\\boxed{N}$.`` for each of
  those golds, right and off by one, every text distinct, also across our ``--repeat`` copies
  (so neither side could answer from a cache of earlier texts; both cache the parsed gold):
  per-item overhead, not extraction, dominates;
* integer path, real completions: every real completion (qwen25math, cs6493, hardverify) whose
  gold is an integer -- the MATH-B case and every RL reward call on it -- verified ``--repeat``
  times in one batch (as k samples per problem), against Math-Verify once over the same cases;
  copy ``r`` is the completion after ``r`` leading spaces, so every copy is a text of its own
  (nothing can be answered from a cache of earlier texts; the verifier remembers only the
  comparison of an extracted answer with its gold, which k samples of one problem share);
* long reasoning: the cs6493 completions (R1-Distill chains of thought, ~6,000 characters),
  copies made the same way.

Each speed line also verifies every original text once and counts the copies whose verdict
differs from their original's (the prefixes are meant to change none: it should print 0).

Then, per corpus: cases/s (wall clock) for both and the ratio; the CPU-time ratio ("cpu-r":
Math-Verify's CPU seconds over ours, workers included), which does not depend on the core count
or on other load; accuracy against labels where they exist, status counts, agreement, and every
disagreement (text truncated; up to ``--max-disagreements``).
"""

from __future__ import annotations

import argparse
import collections
import json
import logging
import os
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from mathbeyond.verify import VERIFIER_VERSION, Status, Verdict, parse_gold, verify_batch
from mathbeyond.verify._limits import shared_pool

REPO = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Case:
    corpus: str
    ident: str
    completion: str
    gold: str
    question: str | None
    expected: bool | None  # label: should the completion be accepted?
    expected_status: str | None = None
    finish_reason: str | None = None  # the sampler's finish reason ("length": cut off)


# ----------------------------------------------------------------------------------- loading


def load_qwen(data: Path) -> list[Case]:
    path = data / "model_outputs" / "qwen25math_math_cot_100.jsonl"
    cases = []
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)
            for j, completion in enumerate(row["code"]):
                cases.append(
                    Case(
                        "qwen25math",
                        f"{row['idx']}-{j}",
                        completion,
                        str(row["gt"]),
                        row.get("question"),
                        None,
                    )
                )
    return cases


def load_cs6493(data: Path) -> list[Case]:
    bench = data / "benchmarks" / "math500_test.jsonl"
    with bench.open(encoding="utf-8") as fh:
        math500 = [json.loads(line) for line in fh]
    cases = []
    for path in sorted((data / "model_outputs" / "cs6493_math500_run_e0b959d8").glob("*.json")):
        row = json.loads(path.read_text(encoding="utf-8"))
        n = int(str(row["problem_id"]).removeprefix("math500_"))
        problem = math500[n]
        cases.append(
            Case(
                "cs6493",
                path.stem,
                row["raw_response"],
                str(problem["answer"]),
                problem.get("problem"),
                None,
            )
        )
    return cases


def load_hardverify(data: Path) -> list[Case]:
    items = json.loads((data / "model_outputs" / "HardVerify-Math.json").read_text("utf-8"))
    cases = []
    for form in ("raw", "boxed"):
        for item in items:
            for field, label in (("fn_output", True), ("tn_output", False)):
                answer = str(item[field])
                text = answer if form == "raw" else f"The answer is $\\boxed{{{answer}}}$."
                cases.append(
                    Case(
                        f"hardverify-{form}",
                        f"hv{item['id']}-{field[:2]}-{form}",
                        text,
                        str(item["ground_truth"]),
                        item.get("question"),
                        label,
                    )
                )
    return cases


def load_tables(tables: Path) -> tuple[list[Case], int]:
    cases, skipped = [], 0
    for path in sorted(tables.glob("*.jsonl")):
        with path.open(encoding="utf-8") as fh:
            for lineno, line in enumerate(fh, start=1):
                if not line.strip():
                    continue
                row = json.loads(line)
                if not all(k in row for k in ("completion", "gold", "expected")):
                    skipped += 1
                    continue
                exp = row["expected"]
                status = exp if isinstance(exp, str) else None
                label = (exp == Status.CORRECT.value) if isinstance(exp, str) else bool(exp)
                cases.append(
                    Case(
                        f"table:{path.stem}",
                        str(row.get("id", lineno)),
                        row["completion"],
                        str(row["gold"]),
                        row.get("question"),
                        label,
                        status,
                        row.get("finish_reason"),
                    )
                )
    return cases, skipped


# ----------------------------------------------------------------------------------- running


def _cpu_seconds(pid: int) -> float:
    """utime + stime of a live process (Linux /proc); 0 when unavailable."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return 0.0
    return (int(stat[11]) + int(stat[12])) / os.sysconf("SC_CLK_TCK")


def _pool_cpu() -> dict[int, float]:
    return {pid: _cpu_seconds(pid) for pid in shared_pool().worker_pids()}


def run_mathbeyond(
    cases: list[Case], timeout: float, workers: int | None
) -> tuple[list[Verdict], float, float]:
    """Verdicts, wall seconds, CPU seconds (this process + its workers; a worker killed during
    the run takes its CPU time with it, so CPU is a lower bound when limits fire)."""
    before, cpu0 = _pool_cpu(), time.process_time()
    start = time.perf_counter()
    verdicts = verify_batch(
        [c.completion for c in cases],
        [c.gold for c in cases],
        [c.question for c in cases],
        timeout=timeout,
        workers=workers,
        finish_reasons=[c.finish_reason for c in cases],
    )
    wall = time.perf_counter() - start
    after = _pool_cpu()
    cpu = time.process_time() - cpu0 + sum(t - before.get(pid, 0.0) for pid, t in after.items())
    return verdicts, wall, cpu


def run_mathbeyond_batch(
    comps: list[str], golds: list[str], qs: list[str | None]
) -> tuple[list[Verdict], float, float]:
    """One worker: verdicts, wall seconds, CPU seconds (this process + the worker)."""
    before, cpu0 = _pool_cpu(), time.process_time()
    start = time.perf_counter()
    verdicts = verify_batch(comps, golds, qs, workers=1)
    wall = time.perf_counter() - start
    after = _pool_cpu()
    cpu = time.process_time() - cpu0 + sum(t - before.get(pid, 0.0) for pid, t in after.items())
    return verdicts, wall, cpu


def run_math_verify(cases: list[Case]) -> tuple[list[bool], list[str], float, float, int]:
    from math_verify import parse, verify

    results, preds, errors = [], [], 0
    cpu0 = time.process_time()
    start = time.perf_counter()
    for c in cases:
        try:
            gold = parse(f"$\\boxed{{{c.gold.strip().strip('$')}}}$")
            pred = parse(c.completion)
            ok = bool(verify(gold, pred))
            shown = str(pred[1]) if len(pred) > 1 else str(pred)
        except Exception as exc:  # Math-Verify's own failure: counted as rejected and reported
            ok, shown, errors = False, f"<error {type(exc).__name__}>", errors + 1
        results.append(ok)
        preds.append(shown)
    return results, preds, time.perf_counter() - start, time.process_time() - cpu0, errors


def speed_line(
    name: str,
    cases: list[Case],
    repeat: int,
    rounds: int,
    summary: dict[str, object],
    copy: Callable[[Case, int], str] | None = None,
) -> None:
    """Ours (public verify_batch, one worker, ``repeat`` copies in one batch) vs Math-Verify,
    alternating ``rounds`` times so both see the same machine load; the median ratio counts.
    ``copy(case, r)``: the text of copy ``r`` (default: the case's own text)."""
    if not cases:
        return
    if copy is None:
        comps = [c.completion for c in cases] * repeat
    else:
        comps = [copy(c, r) for r in range(repeat) for c in cases]
    golds = [c.gold for c in cases] * repeat
    qs = [c.question for c in cases] * repeat
    originals = verify_batch(  # also warms the worker
        [c.completion for c in cases], golds[: len(cases)], qs[: len(cases)], workers=1
    )
    ours, theirs, cpu_ratios = [], [], []
    changed = 0
    for _ in range(rounds):
        verdicts, wall, cpu = run_mathbeyond_batch(comps, golds, qs)
        changed = sum(v != originals[k % len(cases)] for k, v in enumerate(verdicts))
        ours.append(len(comps) / wall)
        _, _, mv_wall, mv_cpu, _ = run_math_verify(cases)
        theirs.append(len(cases) / mv_wall)
        cpu_ratios.append((mv_cpu / len(cases)) / (cpu / len(comps)))
    ratios = sorted(o / t for o, t in zip(ours, theirs, strict=True))
    ratio = statistics.median(ratios)
    cpu_ratio = statistics.median(cpu_ratios)
    chars = sum(len(c.completion) for c in cases) / len(cases)
    print(
        f"{name}: {len(cases)} cases (avg {chars:,.0f} chars) x{repeat}, public verify_batch on "
        f"1 worker: mathbeyond {statistics.median(ours):,.0f} cases/s, Math-Verify "
        f"{statistics.median(theirs):,.0f} cases/s: ratio {ratio:.1f}x (median of {rounds} "
        f"alternating rounds; ratios {', '.join(f'{r:.1f}' for r in ratios)}); "
        f"CPU-time ratio {cpu_ratio:.1f}x (ours: caller + worker); {len(set(comps)):,} distinct "
        f"texts, {changed} copies with a verdict other than their original's"
    )
    summary[name] = {
        "cases": len(cases),
        "repeat": repeat,
        "ours_cases_per_s": statistics.median(ours),
        "math_verify_cases_per_s": statistics.median(theirs),
        "ratio": ratio,
        "ratios": ratios,
        "cpu_ratio": cpu_ratio,
        "distinct_texts": len(set(comps)),
        "copies_with_other_verdict": changed,
    }


# ---------------------------------------------------------------------------------- reporting


def tail(text: str | None, n: int = 160) -> str:
    if text is None:
        return "None"
    flat = " ".join(text.split())
    return flat if len(flat) <= n else "…" + flat[-n:]


def accuracy(pairs: list[tuple[bool, bool]]) -> str:
    if not pairs:
        return "-"
    return f"{sum(a == b for a, b in pairs) / len(pairs):.3f}"


def main(argv: list[str] | None = None) -> int:
    default_data = os.environ.get("MATHB_DATA_DIR") or str(REPO.parent / "shared" / "data")
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data-dir", type=Path, default=Path(default_data))
    ap.add_argument("--tables", type=Path, default=REPO / "tests" / "verify" / "tables")
    ap.add_argument("--max-disagreements", type=int, default=60)
    ap.add_argument("--timeout", type=float, default=1.0, help="mathbeyond limit per case (s)")
    ap.add_argument("--workers", type=int, default=None)
    ap.add_argument("--corpus", action="append", help="only these corpora (repeatable)")
    ap.add_argument("--json", type=Path, help="also write the summary numbers here")
    ap.add_argument("--repeat", type=int, default=10, help="copies per case on the speed lines")
    ap.add_argument("--rounds", type=int, default=3, help="alternating rounds per speed line")
    ap.add_argument("--speed-only", action="store_true", help="print the speed lines and stop")
    args = ap.parse_args(argv)
    logging.disable(logging.WARNING)  # Math-Verify logs every parse failure

    if not args.data_dir.is_dir():
        print(f"data directory not found: {args.data_dir} (set --data-dir)", file=sys.stderr)
        return 2
    cases = load_qwen(args.data_dir) + load_cs6493(args.data_dir) + load_hardverify(args.data_dir)
    table_cases, skipped = load_tables(args.tables) if args.tables.is_dir() else ([], 0)
    cases += table_cases
    if args.corpus:
        cases = [c for c in cases if c.corpus in set(args.corpus)]
    corpora = list(dict.fromkeys(c.corpus for c in cases))
    print(
        f"mathbeyond verifier {VERIFIER_VERSION}; Math-Verify 0.9 "
        f"(main thread, default timeouts); {len(cases)} cases; CPUs {os.cpu_count()}"
    )
    if skipped:
        print(f"(skipped {skipped} table rows without completion/gold/expected)")

    t0 = time.perf_counter()
    verify_batch(["$\\boxed{1}$"] * 4, ["1"] * 4, workers=args.workers)  # start + warm the pool
    print(
        f"mathbeyond pool start-up (one-time, not counted below): {time.perf_counter() - t0:.2f} s"
    )
    run_math_verify([cases[0]])  # import and warm Math-Verify the same way

    speed: dict[str, object] = {}
    real = [c for c in cases if not c.corpus.startswith("table:")]
    integer = [c for c in real if parse_gold(c.gold).kind == "integer"]
    short = [
        Case(
            "short",
            f"{c.ident}-{k}",
            f"Sample {c.ident}-{k}. The final answer is $\\boxed{{{int(c.gold) + k}}}$.",
            c.gold,
            None,
            k == 0,
        )
        for c in integer
        for k in (0, 1)
    ]
    speed_line(
        "integer path, short answers", short, args.repeat, args.rounds, speed,
        copy=lambda c, r: c.completion.replace("Sample ", f"Sample {r}.", 1),
    )
    speed_line(
        "integer path, real completions", integer, args.repeat, args.rounds, speed,
        copy=lambda c, r: " " * r + c.completion,
    )
    long = [c for c in real if c.corpus == "cs6493"]
    speed_line(
        "long reasoning", long, max(1, args.repeat // 4), args.rounds, speed,
        copy=lambda c, r: " " * r + c.completion,
    )
    if args.speed_only:
        if args.json:
            args.json.write_text(json.dumps(speed, indent=2), encoding="utf-8")
        return 0

    ours: dict[str, list[Verdict]] = {}
    theirs: dict[str, list[bool]] = {}
    theirs_pred: dict[str, list[str]] = {}
    t_ours: dict[str, float] = {}
    t_theirs: dict[str, float] = {}
    cpu_ours: dict[str, float] = {}
    cpu_theirs: dict[str, float] = {}
    mv_errors = 0
    for corpus in corpora:
        subset = [c for c in cases if c.corpus == corpus]
        ours[corpus], t_ours[corpus], cpu_ours[corpus] = run_mathbeyond(
            subset, args.timeout, args.workers
        )
        theirs[corpus], theirs_pred[corpus], t_theirs[corpus], cpu_theirs[corpus], errs = (
            run_math_verify(subset)
        )
        mv_errors += errs

    header = (
        f"{'corpus':22} {'n':>5} {'ours c/s':>9} {'MV c/s':>8} {'ratio':>6} {'cpu-r':>6} "
        f"{'acc ours':>8} {'acc MV':>7} {'agree':>6}  our statuses"
    )
    print("\n" + header + "\n" + "-" * len(header))
    summary: dict[str, object] = {"verifier_version": VERIFIER_VERSION, "corpora": {}, **speed}
    disagreements: list[tuple[Case, Verdict, bool, str]] = []
    all_lab_ours: list[tuple[bool, bool]] = []
    all_lab_mv: list[tuple[bool, bool]] = []
    for corpus in corpora:
        subset = [c for c in cases if c.corpus == corpus]
        vs, mv = ours[corpus], theirs[corpus]
        lab_ours = [
            (v.correct, c.expected)
            for c, v in zip(subset, vs, strict=True)
            if c.expected is not None
        ]
        lab_mv = [
            (m, c.expected) for c, m in zip(subset, mv, strict=True) if c.expected is not None
        ]
        all_lab_ours += lab_ours
        all_lab_mv += lab_mv
        agree = sum(v.correct == m for v, m in zip(vs, mv, strict=True)) / len(subset)
        statuses = collections.Counter(v.status.value for v in vs)
        rate_o, rate_m = len(subset) / t_ours[corpus], len(subset) / t_theirs[corpus]
        cpu_ratio = cpu_theirs[corpus] / max(cpu_ours[corpus], 1e-9)
        print(
            f"{corpus:22} {len(subset):5d} {rate_o:9.0f} {rate_m:8.0f} {rate_o / rate_m:6.1f} "
            f"{cpu_ratio:6.1f} "
            f"{accuracy(lab_ours):>8} {accuracy(lab_mv):>7} {agree:6.3f}  "
            + " ".join(f"{k}={n}" for k, n in sorted(statuses.items()))
        )
        summary["corpora"][corpus] = {  # type: ignore[index]
            "n": len(subset),
            "ours_cases_per_s": rate_o,
            "math_verify_cases_per_s": rate_m,
            "cpu_ratio": cpu_ratio,
            "accuracy_ours": accuracy(lab_ours),
            "accuracy_math_verify": accuracy(lab_mv),
            "agreement": agree,
            "statuses": dict(statuses),
        }
        for c, v, m, p in zip(subset, vs, mv, theirs_pred[corpus], strict=True):
            if v.correct != m:
                disagreements.append((c, v, m, p))

    n = len(cases)
    total_o, total_m = sum(t_ours.values()), sum(t_theirs.values())
    rate_o, rate_m = n / total_o, n / total_m
    all_cpu_o, all_cpu_m = sum(cpu_ours.values()), sum(cpu_theirs.values())
    print("-" * len(header))
    print(
        f"{'ALL':22} {n:5d} {rate_o:9.0f} {rate_m:8.0f} {rate_o / rate_m:6.1f} "
        f"{all_cpu_m / max(all_cpu_o, 1e-9):6.1f} "
        f"{accuracy(all_lab_ours):>8} {accuracy(all_lab_mv):>7} "
        f"{1 - len(disagreements) / n:6.3f}"
    )
    print(
        f"\nthroughput: mathbeyond {rate_o:,.0f} cases/s ({total_o:.2f} s), Math-Verify "
        f"{rate_m:,.0f} cases/s ({total_m:.2f} s): ratio {rate_o / rate_m:.1f}x"
    )
    print(
        f"CPU time: mathbeyond {all_cpu_o:.2f} s (this process + workers), Math-Verify "
        f"{all_cpu_m:.2f} s: {n / all_cpu_o:,.0f} vs {n / all_cpu_m:,.0f} cases per CPU-second, "
        f"ratio {all_cpu_m / max(all_cpu_o, 1e-9):.1f}x (cpu-r column; independent of how many "
        "cores and how busy the machine is)"
    )
    print(f"Math-Verify raised on {mv_errors} cases (counted as rejected)")
    summary.update(
        {
            "cases": n,
            "ours_cases_per_s": rate_o,
            "math_verify_cases_per_s": rate_m,
            "ratio": rate_o / rate_m,
            "cpu_seconds_ours": all_cpu_o,
            "cpu_seconds_math_verify": all_cpu_m,
            "cpu_ratio": all_cpu_m / max(all_cpu_o, 1e-9),
            "disagreements": len(disagreements),
            "labelled_accuracy_ours": accuracy(all_lab_ours),
            "labelled_accuracy_math_verify": accuracy(all_lab_mv),
        }
    )

    shown = disagreements[: args.max_disagreements]
    print(
        f"\n{len(disagreements)} disagreements (showing {len(shown)}); "
        "label = expected acceptance where known"
    )
    for c, v, m, p in shown:
        label = "?" if c.expected is None else ("accept" if c.expected else "reject")
        print(f"\n[{c.corpus} {c.ident}] label={label} ours={v.status.value} MV={m}")
        print(f"  gold:       {tail(c.gold, 100)}")
        print(f"  completion: {tail(c.completion)}")
        print(f"  ours: extracted={tail(v.extracted, 80)!s} reason={v.reason}")
        print(f"  MV parsed:  {tail(p, 80)}")
    if args.json:
        args.json.write_text(json.dumps(summary, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
