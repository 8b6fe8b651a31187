"""`mathb sample --ray ...` bad input: one line each, nothing written (runs without ray too)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from mathbeyond.cli import main

REPO = Path(__file__).resolve().parents[2]
FAKE = REPO / "tests" / "sample" / "fake_backend.py"


def _argv(tmp_path: Path, *extra: str) -> list[str]:
    data = tmp_path / "toy.jsonl"
    data.write_text(json.dumps({"problem": "Q p=0.5 gold=1", "answer": "1"}) + "\n")
    return ["sample", "--backend-module", str(FAKE), "--backend", "fake", "--model",
            "smollm2-135m", "--dataset", f"file:{data}", "--k", "2", "--out",
            str(tmp_path / "run"), *extra]


def _fail(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    capsys.readouterr()
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: ") and "\n" not in err and "Traceback" not in err
    return err


@pytest.mark.parametrize(
    ("extra", "expected"),
    [
        (["--workers", "2"], "--workers needs --ray"),
        (["--gpus-per-worker", "1"], "--gpus-per-worker needs --ray"),
        (["--ray", "--workers", "0"], "--workers must be >= 1"),
        (["--ray", "--gpus-per-worker", "-1"], "--gpus-per-worker must be >= 0"),
        (["--ray", "nonsense"], "--ray address must be HOST:PORT, auto or ray://"),
        (["--ray", "127.0.0.1:1"], "cannot reach Ray cluster at 127.0.0.1:1"),
    ],
)
def test_bad_ray_options_are_one_line(
    tmp_path: Path, extra: list[str], expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    err = _fail(_argv(tmp_path, *extra), capsys)
    assert expected in err
    assert not (tmp_path / "run").exists()


def test_ray_not_installed_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray -> ImportError
    err = _fail(_argv(tmp_path, "--ray", "--workers", "2"), capsys)
    assert err == "error: ray is not installed: install mathbeyond[ray]"
    assert not (tmp_path / "run").exists()
