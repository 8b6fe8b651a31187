"""Score the verifier core on held-out cases written apart from the rule tables.

Usage: python benchmarks/verify_heldout.py [FILE.jsonl ...]
(default: tests/verify/heldout/*.jsonl). Each row has completion, gold, expected and optional
question / finish_reason. These rows are never used to write rules; they measure whether the
rules generalise. Prints agreement, false positives and the rows that disagree.
"""

from __future__ import annotations

import inspect
import json
import sys
from pathlib import Path

from mathbeyond.verify._core import verify_unbounded

ROOT = Path(__file__).resolve().parents[1]


def main(argv: list[str]) -> int:
    default = sorted((ROOT / "tests" / "verify" / "heldout").glob("*.jsonl"))
    files = [Path(a) for a in argv] or default
    takes_finish = "finish_reason" in inspect.signature(verify_unbounded).parameters
    n = agree = fp = 0
    for path in files:
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            row = json.loads(line)
            kwargs = {"finish_reason": row.get("finish_reason")} if takes_finish else {}
            v = verify_unbounded(row["completion"], row["gold"], row.get("question"), **kwargs)
            n += 1
            agree += v.correct == row["expected"]
            fp += v.correct and not row["expected"]
            if v.correct != row["expected"]:
                print(f"  MISS {row['id']:<26} expected={row['expected']!s:<5} got {v.status.value}"
                      f" extracted={v.extracted!r}")
    print(f"held-out: {agree}/{n} = {agree / max(n, 1):.1%} agree, {fp} false positives")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
