"""Verdicts do not depend on machine load: the per-item limit is CPU time, not wall time."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mathbeyond.verify import Status, verify_batch
from mathbeyond.verify._core import verify_unbounded
from mathbeyond.verify._limits import WorkerPool

TABLES = Path(__file__).parent / "tables"
HOOKS = str(Path(__file__).resolve().parent)
_BURN = "while True:\n    pass\n"


def _table_items() -> list[tuple[str, str, str | None]]:
    items = []
    for path in sorted(TABLES.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            row = json.loads(line) if line.strip() else {}
            if "completion" in row and "gold" in row:
                q = row.get("question")
                items.append((str(row["completion"]), str(row["gold"]), q))
    return items


def _burners(n: int) -> list[subprocess.Popen[bytes]]:
    return [subprocess.Popen([sys.executable, "-c", _BURN]) for _ in range(n)]


def _stop(procs: list[subprocess.Popen[bytes]]) -> None:
    for p in procs:
        p.kill()
    for p in procs:
        p.wait()


@pytest.mark.slow
def test_tables_give_identical_verdicts_with_cpu_burners_running() -> None:
    items = _table_items()
    assert len(items) > 2000
    comps, golds, qs = (list(col) for col in zip(*items, strict=True))
    idle = verify_batch(comps, golds, qs)
    burners = _burners(2)
    try:
        time.sleep(0.2)
        assert all(p.poll() is None for p in burners)
        loaded = verify_batch(comps, golds, qs)
        loaded_one_worker = verify_batch(comps, golds, qs, workers=1)
    finally:
        _stop(burners)
    assert loaded == idle
    assert loaded_one_worker == idle
    # the limits the tables hit are the core's own size bounds, never the time budget
    limited = [i for i, v in enumerate(idle) if v.status is Status.LIMIT_EXCEEDED]
    assert all("time limit" not in idle[i].reason for i in limited)
    assert [idle[i] for i in limited] == [verify_unbounded(*items[i]) for i in limited]


def test_budget_is_cpu_time_so_a_starved_worker_is_not_stopped() -> None:
    """A worker that gets little CPU (here: 2 CPU burners per core) still gets
    its item's full CPU budget; a real hang is still stopped by that budget."""
    pool = WorkerPool(size=1, target="_limits_hooks:behave", extra_sys_path=[HOOKS])
    try:
        assert pool.run([("1", "1", None)], timeout=5.0)[0].correct  # started and warm
        cpu_item = ("spin:0.3", "spin:0.3", None)  # 0.3 s of CPU work, under a 0.5 s budget
        burners = _burners(4)
        try:
            time.sleep(0.2)
            verdicts = pool.run([cpu_item] * 3 + [("hang", "x", None)], timeout=0.5)
        finally:
            _stop(burners)
    finally:
        pool.close()
    assert [v.status for v in verdicts[:3]] == [Status.CORRECT] * 3
    assert verdicts[3].status is Status.LIMIT_EXCEEDED
    assert verdicts[3].reason == "time limit exceeded (0.5 s of CPU time)"


# A long blank run after an answer cue: a pattern that meets the run at each of its characters
# costs time quadratic in its length (before ``blank-run-capped``: "Final answer" + 50,000
# spaces took minutes of CPU, past any per-item limit, so the verdict was the limit's).
_BLANK_RUNS = [
    ("Thus " + " " * 50_000 + "$5$.", "Thus " + " " * 3 + "$5$."),
    ("The answer is" + " \n" * 25_000 + "5", "The answer is \n \n5"),
    ("Final answer" + " " * 50_000 + "x", "Final answer x"),
    ("Therefore, " + "\t " * 25_000 + "the answer is 5.", "Therefore, \t the answer is 5."),
    (
        "x = 3.\n" + "\n" * 50_000 + "So the answer is $\\boxed{5}$.",
        "x = 3.\n\nSo the answer is $\\boxed{5}$.",
    ),
]


@pytest.mark.parametrize(("long", "short"), _BLANK_RUNS)
def test_a_long_blank_run_gets_the_verdict_of_a_short_one(long: str, short: str) -> None:
    got = verify_batch([long, short], ["5", "5"], ["What is x?"] * 2, timeout=10.0)
    assert got[0].status is not Status.LIMIT_EXCEEDED, got[0].reason
    words = [" ".join((v.extracted or "").split()) for v in got]
    assert got[0].status is got[1].status and words[0] == words[1]
