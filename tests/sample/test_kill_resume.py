"""A REAL crash: `mathb sample` is SIGKILLed mid-run, resumed, and compared with a clean run."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mathbeyond.store import open_run

FAKE = Path(__file__).with_name("fake_backend.py")
K = 48
# The fake backend answers "\boxed{gold}" with probability p (read from the problem text), so
# the real verifier sees a mix of solved-early, solved-late and never-solved problems.
PROBS = (0.3, 0.0, 0.05, 0.9)


@pytest.fixture
def dataset(tmp_path: Path) -> Path:
    path = tmp_path / "toy.jsonl"
    lines = [
        json.dumps({"problem": f"Toy {i}: p={p} gold={20 + i}", "answer": str(20 + i)})
        for i, p in enumerate(PROBS)
    ]
    path.write_text("\n".join(lines) + "\n")
    return path


def _cmd(out: Path, data: Path, *extra: str) -> list[str]:
    return [
        sys.executable, "-c", "import sys; from mathbeyond.cli import main; main(sys.argv[1:])",
        "sample", "--backend-module", str(FAKE), "--backend", "fake",
        "--model", "smollm2-135m", "--dataset", f"file:{data}",
        "--k", str(K), "--chunk-size", "8", "--seed", "5", "--out", str(out), *extra,
    ]


def _count(out: Path) -> int:
    db = out / "samples.sqlite"
    if not (out / "manifest.json").is_file() or not db.is_file():
        return 0
    try:
        with open_run(out) as run:
            return run.count_samples()
    except Exception:
        return 0


def _kill_after(out: Path, data: Path, at_least: int, extra: tuple[str, ...]) -> int:
    proc = subprocess.Popen(
        _cmd(out, data, *extra), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    deadline = time.monotonic() + 120
    try:
        while _count(out) < at_least:
            if proc.poll() is not None:
                err = proc.stderr.read().decode() if proc.stderr else ""
                pytest.fail(f"sampler exited early ({proc.returncode}): {err}")
            if time.monotonic() > deadline:
                pytest.fail("sampler made no progress")
            time.sleep(0.02)
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait()
        if proc.stderr:
            proc.stderr.close()
    assert proc.returncode == -signal.SIGKILL
    return _count(out)


def _rows(out: Path) -> list[dict[str, object]]:
    return open_run(out).samples().to_pylist()


@pytest.mark.parametrize("adaptive", [False, True])
def test_sigkill_then_resume_equals_clean_run(
    tmp_path: Path, dataset: Path, adaptive: bool
) -> None:
    extra = ("--adaptive",) if adaptive else ()
    clean, cut = tmp_path / "clean", tmp_path / "cut"
    subprocess.run(_cmd(clean, dataset, *extra), check=True, capture_output=True, timeout=300)
    total = _count(clean)
    assert total > 0

    # kill twice at different points, resuming (still slow) in between
    slow = (*extra, "--backend-opt", "delay=0.01")
    first = _kill_after(cut, dataset, 5, slow)
    assert 0 < first < total
    second = _kill_after(cut, dataset, first + 10, slow)
    assert first <= second < total

    conn = sqlite3.connect(cut / "samples.sqlite")
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()

    done = subprocess.run(_cmd(cut, dataset, *extra), check=True, capture_output=True, text=True,
                          timeout=300)
    assert "samples stored" in done.stdout
    rows = _rows(cut)
    keys = [(r["problem_id"], r["sample_index"]) for r in rows]
    assert len(keys) == len(set(keys))  # every (problem, index) exactly once
    states = {s.problem_id: s for s in open_run(cut).problem_states()}
    assert len(states) == len(PROBS)
    for pid, st in states.items():
        end = K if not adaptive or st.first_success is None else st.first_success + 1
        assert sorted(i for p, i in keys if p == pid) == list(range(end)), pid
    solved = {pid for pid, st in states.items() if st.first_success is not None}
    assert "toy/1" not in solved and "toy/3" in solved
    assert rows == _rows(clean)  # indistinguishable from the uninterrupted run
    assert [s.model_dump() for s in open_run(cut).problem_states()] == [
        s.model_dump() for s in open_run(clean).problem_states()
    ]
    conn = sqlite3.connect(cut / "samples.sqlite")
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()
