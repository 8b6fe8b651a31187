"""Run the verifier core on the real development corpora and list disagreements with labels.

Usage: python benchmarks/verify_dev_eval.py [--data-dir DIR] [--show N] [--corpus NAME]
Labels are the corpora's own (noisy) labels; adjudicated overrides live in
tests/verify/tables/dev_adjudicated.jsonl (id -> expected) and are applied when present.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import time
from collections.abc import Iterator
from pathlib import Path

from mathbeyond.verify._core import verify_unbounded

ROOT = Path(__file__).resolve().parents[1]


def _data_dir(arg: str | None) -> Path:
    return Path(arg or os.environ.get("MATHB_DATA_DIR") or ROOT.parent / "shared" / "data")


def hardverify(d: Path) -> Iterator[tuple[str, str, str, str | None, bool]]:
    rows = json.loads((d / "model_outputs" / "HardVerify-Math.json").read_text())
    for r in rows:
        for field, label in (("fn_output", True), ("tn_output", False)):
            out = r[field]
            yield f"hv{r['id']}-{field[:2]}-raw", out, r["ground_truth"], r["question"], label
            yield (f"hv{r['id']}-{field[:2]}-box", f"The answer is $\\boxed{{{out}}}$.",
                   r["ground_truth"], r["question"], label)


def qwen(d: Path) -> Iterator[tuple[str, str, str, str | None, bool]]:
    with open(d / "model_outputs" / "qwen25math_math_cot_100.jsonl") as f:
        for line in f:
            r = json.loads(line)
            scores = r["score"] if isinstance(r["score"], list) else eval(r["score"])  # noqa: S307
            codes = r["code"]
            for k, (c, s) in enumerate(zip(codes, scores, strict=False)):
                yield f"qw{r['idx']}-{k}", c, r["gt"], r["question"], bool(s)


def cs6493(d: Path) -> Iterator[tuple[str, str, str, str | None, bool]]:
    with open(d / "benchmarks" / "math500_test.jsonl") as f:
        bench = [json.loads(x) for x in f]
    for f in sorted(glob.glob(str(d / "model_outputs" / "cs6493_math500_run_e0b959d8" / "*.json"))):
        r = json.loads(Path(f).read_text())
        if "---SAMPLE---" in r["raw_response"]:
            continue  # several samples concatenated (self-consistency): no per-sample label
        n = int(r["problem_id"].split("_")[1])
        yield (Path(f).stem, r["raw_response"], bench[n]["answer"], bench[n]["problem"],
               bool(r["is_correct"]))


def _math_verify(completion: str, gold: str) -> bool:
    """The reference verifier (benchmark only; never used by the package)."""
    from math_verify import parse, verify

    try:
        return bool(verify(parse("$" + gold.strip("$") + "$"), parse(completion)))
    except Exception:  # the reference may raise on odd inputs: count as rejected
        return False


CORPORA = {"hardverify": hardverify, "qwen": qwen, "cs6493": cs6493}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data-dir")
    ap.add_argument("--show", type=int, default=40)
    ap.add_argument("--corpus", choices=sorted(CORPORA), action="append")
    ap.add_argument(
        "--math-verify",
        action="store_true",
        help="also score the reference Math-Verify on the same items (side by side)",
    )
    args = ap.parse_args()
    d = _data_dir(args.data_dir)
    adj_path = ROOT / "tests" / "verify" / "tables" / "dev_adjudicated.jsonl"
    adjudicated: dict[str, bool] = {}
    if adj_path.exists():
        for line in adj_path.read_text().splitlines():
            if line.strip():
                row = json.loads(line)
                adjudicated[row["id"]] = row["expected"]
    for name in args.corpus or sorted(CORPORA):
        n = agree = agree_adj = mv_agree = 0
        bad = []
        t0 = time.perf_counter()
        for rid, comp, gold, q, label in CORPORA[name](d):
            v = verify_unbounded(comp, gold, q)
            n += 1
            agree += v.correct == label
            want = adjudicated.get(rid, label)
            if v.correct == want:
                agree_adj += 1
            else:
                bad.append((rid, gold, v, want, comp))
            if args.math_verify:
                mv_agree += _math_verify(comp, gold) == want
        dt = time.perf_counter() - t0
        print(f"== {name}: n={n} raw-label agreement={agree / n:.4f} "
              f"adjudicated agreement={agree_adj / n:.4f} ({len(bad)} disagreements) "
              f"{dt / n * 1e3:.2f} ms/item")
        if args.math_verify:
            print(f"   Math-Verify adjudicated agreement={mv_agree / n:.4f}")
        for rid, gold, v, want, comp in bad[: args.show]:
            tail = comp[-160:].replace("\n", " ")
            print(f"  {rid}: want={want} got={v.status.value} gold={gold!r} "
                  f"extracted={v.extracted!r} reason={v.reason} | ...{tail!r}")


if __name__ == "__main__":
    main()
