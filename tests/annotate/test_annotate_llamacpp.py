"""End to end against a real `python -m llama_cpp.server` on loopback with the embedded
SmolLM2-135M model (n_threads=1, few tokens): constrained labels through the pipeline, the
cache on a re-run, calibration arithmetic, and the tiny model's unconstrained replies parsed
strictly (it rarely produces a valid label: `unlabelled`, never a guess)."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from mathbeyond.annotate import read_labels
from mathbeyond.cli import main

sys.path.insert(0, str(Path(__file__).parents[1] / "sample"))
from _openai_helpers import free_port

pytestmark = [pytest.mark.slow, pytest.mark.llamacpp]


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    pytest.importorskip("llama_cpp.server")
    from mathbeyond.sample._llamacpp import default_model_path

    try:
        model = default_model_path()
    except Exception as exc:
        pytest.skip(str(exc))
    port = free_port()
    log = tempfile.NamedTemporaryFile(prefix="annotate-llama-", suffix=".log")  # noqa: SIM115
    proc = subprocess.Popen(
        [sys.executable, "-m", "llama_cpp.server", "--model", str(model), "--host", "127.0.0.1",
         "--port", str(port), "--n_ctx", "4096", "--n_threads", "1"],
        stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + 120
        while True:
            assert proc.poll() is None, "llama server exited"
            try:
                if httpx.get(f"{base}/models", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "llama server did not come up"
            time.sleep(0.3)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    rows = [
        {"problem": "What is $\\frac{1}{2} + \\frac{1}{3}$?", "subject": "Prealgebra",
         "level": 1},
        {"problem": "How many positive divisors does $360$ have?", "subject": "Number Theory",
         "level": 3},
        {"problem": "Find all real $x$ with $\\sqrt{x+7} - \\sqrt{x} = 1$.",
         "subject": "Algebra", "level": 4},
    ]
    root = tmp_path / "data" / "benchmarks"
    root.mkdir(parents=True)
    (root / "math500_test.jsonl").write_text("".join(
        json.dumps({**r, "solution": "", "answer": "1", "unique_id": f"test/x/{i}.json"}) + "\n"
        for i, r in enumerate(rows)))
    return root.parent


def mathb(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        main(args)
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_calibrate_against_real_server_then_rerun_from_cache(
        server: str, data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "calib.jsonl"
    args = ["--data-dir", str(data_dir), "annotate", "--calibrate", "--judge", "smollm2",
            "--backend-opt", f"base_url={server}", "--response-format", "json_object",
            "--max-tokens", "64", "--bootstrap", "100", "--out", str(out)]
    code, stdout, err = mathb(args, capsys)
    assert code == 0, err
    labels = read_labels(out)
    assert len(labels) == 3
    # the grammar makes every reply parse: the pipeline labels all three
    assert all(lb.status == "labelled" for lb in labels), [lb.reasons for lb in labels]
    assert all(1 <= (lb.difficulty or 0) <= 10 for lb in labels)
    assert all(lb.prompt_tokens > 1000 and lb.replies == 3 for lb in labels)
    assert "calibration of judge smollm2 on math500: 3 problems, 3 with a difficulty" in stdout
    assert "Spearman(difficulty, known level):" in stdout
    assert "after: this run 9 judge calls" in err
    code, stdout2, err = mathb(args, capsys)
    assert code == 0
    assert "after: this run 0 judge calls" in err and "reused from the cache 9" in err
    assert read_labels(out) == labels and stdout2 == stdout


def test_unconstrained_tiny_judge_is_parsed_strictly(
        server: str, data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "free.jsonl"
    code, _, err = mathb(["--data-dir", str(data_dir), "annotate", "math500", "--limit", "1",
                          "--judge", "smollm2", "--backend-opt", f"base_url={server}",
                          "--n", "1", "--attempts", "2", "--max-tokens", "24",
                          "--out", str(out)], capsys)
    assert code == 0, err
    label = read_labels(out)[0]
    assert 1 <= label.replies <= 2
    if label.status != "labelled":
        assert label.reasons and any(r.startswith("rejected reply: ") for r in label.reasons)
    assert (label.difficulty is None) == (not label.difficulty_votes)
    assert (label.domain is None) == (not label.domain_votes)
