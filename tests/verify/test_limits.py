"""Hard limits of the worker pool: C-level hangs, memory, crashes, threads, recovery."""

from __future__ import annotations

import concurrent.futures
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from mathbeyond import ConfigError
from mathbeyond.verify import Status, VerifierCrashError
from mathbeyond.verify._limits import WorkerPool

HOOKS = str(Path(__file__).resolve().parent)
# Generous: the limit is 1 s; this only proves the call did not wait for the hang to finish.
RETURNS_WITHIN_S = 20.0

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX process limits")


def make_pool(**kwargs: object) -> WorkerPool:
    opts: dict[str, object] = {
        "size": 2,
        "memory_bytes": 512 * 2**20,
        "target": "_limits_hooks:behave",
        "extra_sys_path": [HOOKS],
    }
    opts.update(kwargs)
    return WorkerPool(**opts)  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def pool() -> Iterator[WorkerPool]:
    p = make_pool()
    yield p
    p.close()


def test_plain_items_round_trip_in_order(pool: WorkerPool) -> None:
    items = [(str(i), str(i if i % 3 else -1), None) for i in range(200)]
    verdicts = pool.run(items, timeout=5.0)
    assert [v.extracted for v in verdicts] == [str(i) for i in range(200)]
    assert [v.correct for v in verdicts] == [bool(i % 3) for i in range(200)]


@pytest.mark.parametrize("command", ["hang", "hang-bigint"])
def test_c_level_hang_is_killed_from_a_worker_thread(pool: WorkerPool, command: str) -> None:
    out: dict[str, object] = {}

    def call() -> None:
        start = time.monotonic()
        out["verdicts"] = pool.run([(command, "x", None)], timeout=1.0)
        out["elapsed"] = time.monotonic() - start

    before = set(pool.worker_pids())
    thread = threading.Thread(target=call)
    thread.start()
    thread.join(RETURNS_WITHIN_S + 10)
    assert not thread.is_alive(), "verification did not return although the limit is 1 s"
    (verdict,) = out["verdicts"]  # type: ignore[misc]
    assert verdict.status is Status.LIMIT_EXCEEDED
    assert not verdict.correct
    assert "time limit" in verdict.reason
    assert out["elapsed"] < RETURNS_WITHIN_S  # type: ignore[operator]
    # The process survives, the killed worker was replaced, later work succeeds.
    assert pool.run([("7", "7", None)], timeout=5.0)[0].correct
    assert set(pool.worker_pids()) != before or not before


def test_hang_from_many_threads_at_once(pool: WorkerPool) -> None:
    def call(i: int) -> list[object]:
        items = [(str(i), str(i), None), ("hang", "x", None), (str(i), "nope", None)]
        return [v.status for v in pool.run(items, timeout=1.0)]

    start = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max_workers=8) as ex:
        results = list(ex.map(call, range(8)))
    assert time.monotonic() - start < 8 * RETURNS_WITHIN_S
    assert results == [[Status.CORRECT, Status.LIMIT_EXCEEDED, Status.INCORRECT]] * 8


def test_only_the_hanging_item_of_a_batch_is_lost(pool: WorkerPool) -> None:
    items = [(str(i), str(i), None) for i in range(40)]
    items[17] = ("hang", "x", None)
    verdicts = pool.run(items, timeout=1.0)
    assert [v.status for v in verdicts] == [
        Status.LIMIT_EXCEEDED if i == 17 else Status.CORRECT for i in range(40)
    ]


def test_memory_limit_fires_and_worker_keeps_serving(pool: WorkerPool) -> None:
    pool.run([("1", "1", None)], timeout=5.0)
    (verdict,) = pool.run([("mem", "x", None)], timeout=5.0)
    assert verdict.status is Status.LIMIT_EXCEEDED
    assert "memory limit" in verdict.reason
    assert "512 MiB" in verdict.reason
    assert pool.run([("2", "2", None)], timeout=5.0)[0].correct


def test_worker_crash_is_reported_and_recovered(pool: WorkerPool) -> None:
    verdicts = pool.run([("1", "1", None), ("crash", "x", None), ("3", "3", None)], timeout=5.0)
    assert [v.status for v in verdicts] == [
        Status.CORRECT,
        Status.LIMIT_EXCEEDED,
        Status.CORRECT,
    ]
    assert "died" in verdicts[1].reason
    assert pool.run([("4", "4", None)], timeout=5.0)[0].correct


def test_bug_in_target_raises_with_traceback_and_pool_survives(pool: WorkerPool) -> None:
    with pytest.raises(VerifierCrashError, match="deliberate bug"):
        pool.run([("1", "1", None), ("bug", "x", None)], timeout=5.0)
    assert pool.run([("5", "5", None)], timeout=5.0)[0].correct


def test_per_job_timeouts_are_independent(pool: WorkerPool) -> None:
    slow = pool.submit([("hang", "x", None)], timeout=2.0)
    fast = pool.run([(str(i), str(i), None) for i in range(50)], timeout=2.0)
    assert all(v.correct for v in fast)
    assert slow.result()[0].status is Status.LIMIT_EXCEEDED


def test_memory_cap_too_small_for_the_worker_is_a_config_error() -> None:
    p = make_pool(memory_bytes=4 * 2**20)
    try:
        with pytest.raises(ConfigError, match="memory limit"):
            p.run([("1", "1", None)], timeout=5.0)
    finally:
        p.close()


def test_worker_that_cannot_start_fails_loudly() -> None:
    p = make_pool(target="mathbeyond_no_such_module_xyz:f", size=1)
    try:
        with pytest.raises(VerifierCrashError, match="fail to start"):
            p.run([("1", "1", None)], timeout=5.0)
    finally:
        p.close()


def test_closed_pool_refuses_work_and_close_is_idempotent() -> None:
    p = make_pool(size=1)
    assert p.run([("1", "1", None)], timeout=5.0)[0].correct
    pids = p.worker_pids()
    p.close()
    p.close()
    assert p.worker_pids() == []
    assert not p.usable
    with pytest.raises(VerifierCrashError, match="closed"):
        p.run([("1", "1", None)], timeout=5.0)
    for pid in pids:  # the worker processes are gone
        assert not Path(f"/proc/{pid}").exists() or "zombie" in Path(
            f"/proc/{pid}/status"
        ).read_text(errors="replace")


def test_bad_pool_settings() -> None:
    with pytest.raises(ConfigError):
        WorkerPool(size=0)
    with pytest.raises(ConfigError):
        WorkerPool(target="no_colon")
    p = make_pool(size=1)
    try:
        with pytest.raises(ConfigError, match="timeout"):
            p.submit([("1", "1", None)], timeout=0)
    finally:
        p.close()


_ORPHAN_SCRIPT = """
import sys, threading
from mathbeyond.verify._limits import WorkerPool
pool = WorkerPool(size=2, target="_limits_hooks:behave", extra_sys_path=[sys.argv[1]])
assert pool.run([("1", "1", None), ("2", "2", None)], timeout=30.0)[0].correct
threading.Thread(target=pool.run, args=([("hang", "x", None)],), kwargs={"timeout": 600.0},
                 daemon=True).start()
while len(pool.worker_pids()) < 2:
    pass
print(" ".join(map(str, pool.worker_pids())), flush=True)
sys.stdin.read()
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux-only")
def test_workers_die_when_the_parent_is_killed() -> None:
    import os
    import signal
    import subprocess

    parent = subprocess.Popen(
        [sys.executable, "-c", _ORPHAN_SCRIPT, HOOKS],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert parent.stdout is not None
        pids = [int(p) for p in parent.stdout.readline().split()]
        assert len(pids) == 2
        time.sleep(0.5)  # let the hang start in one of them
        os.kill(parent.pid, signal.SIGKILL)  # no atexit, no cleanup code runs
        parent.wait()
        deadline = time.monotonic() + 30
        alive = pids
        while alive and time.monotonic() < deadline:
            alive = [p for p in alive if _running(p)]
            time.sleep(0.1)
        assert alive == [], "worker processes outlived their killed parent"
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait()


def _running(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text(errors="replace")
    except OSError:
        return False
    return "zombie" not in status


def test_cancelled_job_stops_and_pool_continues(pool: WorkerPool) -> None:
    job = pool.submit([("hang", "x", None)] * 6, timeout=1.0)
    job.cancel()
    assert job.wait(RETURNS_WITHIN_S), "cancelled job did not finish"
    with pytest.raises(VerifierCrashError, match="cancelled"):
        job.result()
    assert pool.run([("8", "8", None)], timeout=5.0)[0].correct


def test_workers_stay_lean_and_never_write_to_stdout(capfd: pytest.CaptureFixture[str]) -> None:
    p = make_pool(size=1)
    try:
        modules, printed = p.run([("modules", "x", None), ("print", "print", None)], timeout=5.0)
    finally:
        p.close()
    # The worker skips mathbeyond/__init__ (data stack): its memory cap is for verification.
    assert modules.extracted == ""
    assert printed.correct
    assert "LEAKED" not in capfd.readouterr().out


def test_wall_clock_safety_net_stops_a_worker_that_uses_no_cpu() -> None:
    p = make_pool(size=1, wall_factor=1.0, wall_slack_s=0.5)
    try:
        start = time.monotonic()
        verdicts = p.run([("1", "1", None), ("nap:60", "x", None), ("3", "3", None)], timeout=1.0)
        assert time.monotonic() - start < RETURNS_WITHIN_S + 10
    finally:
        p.close()
    assert [v.status for v in verdicts] == [Status.CORRECT, Status.LIMIT_EXCEEDED, Status.CORRECT]
    assert "wall-clock safety limit" in verdicts[1].reason


def test_items_of_a_dead_chunk_are_rerun_alone_and_only_the_culprit_is_blamed(
    pool: WorkerPool,
) -> None:
    items = [(str(i), str(i), None) for i in range(300)]
    for k in (5, 150, 151, 299):
        items[k] = ("hang", "x", None)
    verdicts = pool.run(items, timeout=0.5)
    bad = {i for i, v in enumerate(verdicts) if v.status is Status.LIMIT_EXCEEDED}
    assert bad == {5, 150, 151, 299}
    assert all(v.correct for i, v in enumerate(verdicts) if i not in bad)
    assert {verdicts[i].reason for i in bad} == {"time limit exceeded (0.5 s of CPU time)"}


def test_large_chunks_and_large_results_do_not_block_the_pool() -> None:
    """Result messages far beyond a pipe buffer (here ~3 MB per chunk) while more work waits."""
    p = make_pool(size=1)
    try:
        items = [("x" * 6000 + str(i), "-", None) for i in range(1200)]
        verdicts = p.run(items, timeout=5.0)
    finally:
        p.close()
    assert [v.extracted for v in verdicts] == [c for c, _, _ in items]
