"""A REAL crash: `mathb build run` is SIGKILLed inside prescreen, resumed, and compared with an
uninterrupted build (same config) — identical export, no duplicated or lost samples."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from .conftest import BACKEND

SRC = Path(__file__).resolve().parents[2] / "src"


def _cmd(config: Path, out: Path) -> list[str]:
    return [sys.executable, "-c", "from mathbeyond.cli import main; main()",
            "build", "run", str(config), "--out", str(out)]


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = f"{SRC}{os.pathsep}{env.get('PYTHONPATH', '')}"
    env["MATHB_BACKEND_MODULES"] = str(BACKEND)
    return env


def _stored(out: Path) -> int:
    dbs = list((out / "runs" / "prescreen").glob("*/samples.sqlite"))
    if not dbs:
        return 0
    try:
        with sqlite3.connect(f"file:{dbs[0]}?mode=ro", uri=True, timeout=1) as conn:
            return int(conn.execute("SELECT COUNT(*) FROM samples").fetchone()[0])
    except sqlite3.Error:
        return 0


def _samples(out: Path, stage: str) -> list[tuple[str, int, str]]:
    rows: list[tuple[str, int, str]] = []
    for db in sorted((out / "runs" / stage).glob("*/samples.sqlite")):
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
            rows += conn.execute(
                "SELECT problem_id, sample_index, text FROM samples ORDER BY 1, 2").fetchall()
    return rows


@pytest.mark.slow
def test_sigkill_inside_prescreen_then_resume_equals_clean_build(
    write_config: Callable[..., Path], tmp_path: Path
) -> None:
    config = write_config(prescreen_opts=", options = { delay = 0.15 }")
    clean, cut = tmp_path / "clean", tmp_path / "cut"
    subprocess.run(_cmd(config, clean), env=_env(), check=True, capture_output=True, timeout=300)

    proc = subprocess.Popen(_cmd(config, cut), env=_env(), stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    deadline = time.time() + 120
    while time.time() < deadline and _stored(cut) == 0 and proc.poll() is None:
        time.sleep(0.05)
    assert proc.poll() is None, "the build finished before it could be killed"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    assert (cut / "manifests" / "dedup.json").exists()
    assert not (cut / "manifests" / "prescreen.json").exists()
    partial = _stored(cut)
    assert 0 < partial < 24

    done = subprocess.run(_cmd(config, cut), env=_env(), check=True, capture_output=True,
                          text=True, timeout=300)
    assert "dedup: done" in done.stderr  # finished stages are not redone
    for stage in ("prescreen", "gtcheck", "passk"):
        assert _samples(cut, stage) == _samples(clean, stage), stage
    a = pq.read_table(clean / "export" / "test.parquet")
    b = pq.read_table(cut / "export" / "test.parquet")
    assert a.equals(b)
    splits = [json.loads((d / "splits" / "splits.json").read_text()) for d in (clean, cut)]
    assert splits[0] == splits[1]
