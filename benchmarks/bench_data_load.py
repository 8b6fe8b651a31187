"""Loading speed of the data layer on DAPO-Math-17K (17,917 rows), side by side in one process.

Usage: python benchmarks/bench_data_load.py [--data-dir DIR] [--repeat N]

Rows: ``mathbeyond`` = ``load_problems("dapo-17k")`` with a cold in-process cache (read + parse +
validate every row); ``floor`` = ``pyarrow.parquet.read_table(...).to_pylist()`` alone (no
parsing); ``pandas-iterrows`` = the naive per-row pandas loop building the same problems. The
ratio column is each time divided by the ``mathbeyond`` time.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable
from pathlib import Path

import pyarrow.parquet as pq

from mathbeyond.data import Problem, clear_cache, load_problems
from mathbeyond.data._text import strip_prompt_template

ROOT = Path(__file__).resolve().parents[1]


def _time(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        fn()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data-dir", default=None)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    data_dir = Path(
        args.data_dir or os.environ.get("MATHB_DATA_DIR") or ROOT.parent / "shared" / "data"
    )
    path = data_dir / "pools" / "dapo_math_17k.parquet"

    def ours() -> object:
        clear_cache()
        return load_problems("dapo-17k", data_dir=data_dir)

    def floor() -> object:
        return pq.read_table(path).to_pylist()

    def naive() -> object:
        import pandas as pd

        frame = pd.read_parquet(path)
        return [
            Problem(
                id=f"dapo-17k/{row['extra_info']['index']}",
                problem=strip_prompt_template(row["prompt"][0]["content"]),
                answer=str(row["reward_model"]["ground_truth"]).strip(),
                source=row["data_source"],
            )
            for _, row in frame.iterrows()
        ]

    rows = len(ours())  # type: ignore[arg-type]
    results = [("mathbeyond", _time(ours, args.repeat)), ("floor", _time(floor, args.repeat))]
    results.append(("pandas-iterrows", _time(naive, args.repeat)))
    base = results[0][1]
    print(f"dapo-17k: {rows} rows, median of {args.repeat}")
    for name, seconds in results:
        print(f"{name:>16}: {seconds:7.3f} s   ratio {seconds / base:5.2f}")


if __name__ == "__main__":
    main()
