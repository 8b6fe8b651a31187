"""`mathb data list/show/export` (CLI layer over mathbeyond.data)."""

from __future__ import annotations

import os
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from mathbeyond import models
from mathbeyond.cli import cli, main
from mathbeyond.data import clear_cache, load_problems

SHARED = Path(
    os.environ.get("MATHB_DATA_DIR") or Path(__file__).resolve().parents[3] / "shared" / "data"
)


WIDE = {"COLUMNS": "400"}


@pytest.fixture(autouse=True)
def _fresh(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    clear_cache()
    monkeypatch.delenv("MATHB_DATA_DIR", raising=False)
    hub_constants = pytest.importorskip("huggingface_hub.constants")
    monkeypatch.setattr(hub_constants, "HF_HUB_OFFLINE", True, raising=False)
    monkeypatch.setattr(hub_constants, "HF_HUB_CACHE", str(tmp_path / "hf-cache"), raising=False)


@pytest.fixture
def mathb_dir(tmp_path: Path) -> Path:
    """Three MATH-B rows with every model's columns, spelled as the registry records them."""
    data: dict[str, list[object]] = {
        "problem": ["p0 [bold]x[/bold]", "p1", "p2"],
        "answer": ["0", "1", "2"],
        "data_source": ["t"] * 3,
        "topic": ["Algebra"] * 3,
        "difficulty": ["5"] * 3,
    }
    for spec in models.mathb_models():
        data[f"{spec.column}_unsolved"] = [True, spec.role == "base", False]
        data[f"{spec.column}_pass@1024"] = [0.0, 0.0 if spec.role == "base" else 0.1, 0.9]
    target = tmp_path / "data" / "math_beyond"
    target.mkdir(parents=True)
    pq.write_table(pa.table(data), target / "test.parquet")
    return tmp_path / "data"


def test_list_marks_unavailable(tmp_path: Path) -> None:
    result = CliRunner(env=WIDE).invoke(cli, ["--data-dir", str(tmp_path), "data", "list"])
    assert result.exit_code == 0, result.output
    assert "unavailable [1]" in result.output
    assert "[1] math-beyond: dataset 'math-beyond' is not available" in result.output
    assert "mathbeyond[hf]" in result.output


def test_list_with_mathb(mathb_dir: Path) -> None:
    result = CliRunner(env=WIDE).invoke(cli, ["--data-dir", str(mathb_dir), "data", "list"])
    assert result.exit_code == 0, result.output
    assert "union=3" in result.output and "intersection=2" in result.output
    assert "intersection_all=1" in result.output


@pytest.mark.skipif(not (SHARED / "pools").is_dir(), reason=f"shared data not at {SHARED}")
def test_list_shared_counts() -> None:
    result = CliRunner(env=WIDE).invoke(cli, ["--data-dir", str(SHARED), "data", "list"])
    assert result.exit_code == 0, result.output
    for text in (
        "17,917",
        "train=975",
        "train=2,000",
        "train=100",
        "train=803",
        "test=500",
        "test=272",
        "test=675",
        "test=40",
        "test=30",
    ):
        assert text in result.output, text


def test_show(mathb_dir: Path) -> None:
    result = CliRunner(env=WIDE).invoke(
        cli, ["--data-dir", str(mathb_dir), "data", "show", "mathb:intersection", "--limit", "1"]
    )
    assert result.exit_code == 0, result.output
    assert "math-beyond/0" in result.output and "[bold]x[/bold]" in result.output
    assert "math-beyond/1" not in result.output


@pytest.mark.parametrize("fmt", ["parquet", "jsonl"])
def test_export_round_trip(mathb_dir: Path, tmp_path: Path, fmt: str) -> None:
    out = tmp_path / f"out.{fmt}"
    result = CliRunner(env=WIDE).invoke(
        cli,
        [
            "--data-dir",
            str(mathb_dir),
            "data",
            "export",
            "mathb:intersection",
            "--format",
            fmt,
            "--out",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "wrote 2 problems" in result.output
    original = load_problems("mathb:intersection", data_dir=mathb_dir)
    again = load_problems(f"file:{out}")
    assert again == original
    assert [p.metadata for p in again] == [p.metadata for p in original]
    shown = CliRunner(env=WIDE).invoke(cli, ["data", "show", str(out)])
    assert shown.exit_code == 0 and "math-beyond/1" in shown.output


def test_export_needs_format(mathb_dir: Path, tmp_path: Path) -> None:
    result = CliRunner(env=WIDE).invoke(
        cli,
        ["--data-dir", str(mathb_dir), "data", "export", "mathb", "--out", str(tmp_path / "x.txt")],
    )
    assert result.exit_code != 0 and "--format" in result.output


def test_errors_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--data-dir", str(tmp_path), "data", "show", "mathb:intersection"])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("error: dataset 'math-beyond' is not available")
    assert err.count("\n") == 1
    with pytest.raises(SystemExit):
        main(["data", "show", "no-such-dataset"])
    assert "unknown dataset 'no-such-dataset'" in capsys.readouterr().err
