"""`mathb metrics`, `mathb compare` (paper Table 2 arithmetic) and `mathb report`."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from mathbeyond._errors import ConfigError
from mathbeyond.cli import cli
from mathbeyond.metrics import write_verdict_run

# Paper Table 2: Expansion at pass@1024 on each base model's unsolved split.
TABLE2 = [
    # (post, base, base unsolved, post solves, Expansion %)
    ("nemotron-1.5b-v1", "r1-1.5b", 115, 9, 7.83),
    ("nemotron-1.5b-v2", "r1-1.5b", 115, 11, 9.57),
    ("deepscaler-1.5b-preview", "r1-1.5b", 115, 6, 5.22),
    ("skywork-or1-7b", "r1-7b", 99, 21, 21.21),
    ("qwen3-4b", "qwen3-4b-base", 112, 66, 58.93),
    ("qwen3-8b", "qwen3-8b-base", 116, 77, 66.38),
]


def _zero_baseline_pair(
    root: Path, post: str, base: str, size: int, solved: int, k: int = 8
) -> tuple[Path, Path]:
    ids = [f"math-beyond/{i}" for i in range(size)]
    rng = np.random.default_rng(size + solved)
    post_mat = np.zeros((size, k), dtype=bool)
    hit_rows = rng.choice(size, solved, replace=False)
    post_mat[hit_rows, rng.integers(0, k, solved)] = True
    base_dir = write_verdict_run(root / base, base, ids, np.zeros((size, k), dtype=bool),
                                 dataset="math-beyond", split=base)
    post_dir = write_verdict_run(root / post, post, ids, post_mat, dataset="math-beyond",
                                 split=base)
    return base_dir, post_dir


def _invoke(args: list[str]) -> str:
    result = CliRunner().invoke(cli, args, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize(("post", "base", "unsolved", "solved", "expected"), TABLE2)
def test_compare_reproduces_table2_arithmetic(
    tmp_path: Path, post: str, base: str, unsolved: int, solved: int, expected: float
) -> None:
    base_dir, post_dir = _zero_baseline_pair(tmp_path, post, base, unsolved, solved)
    out = json.loads(_invoke(["compare", "--base", str(base_dir), "--post", str(post_dir),
                              "--k", "8", "--json"]))
    assert out["base_unsolved"] == unsolved
    assert out["zero_baseline"] is True
    assert out["expansion"]["count"] == solved
    assert round(100 * out["expansion"]["value"], 2) == expected
    assert out["shrinkage"]["value"] == 0.0
    assert out["preservation"]["value"] is None and out["preservation"]["defined"] is False
    assert out["consolidation"]["value"] is None
    assert len(out["expanded_ids"]) == solved and out["shrunk_ids"] == []
    assert out["expansion"]["ci_low"] < out["expansion"]["value"] < out["expansion"]["ci_high"]


def test_compare_table_output(tmp_path: Path) -> None:
    base_dir, post_dir = _zero_baseline_pair(tmp_path, "nemotron-1.5b-v1", "r1-1.5b", 115, 9)
    text = _invoke(["compare", "--base", str(base_dir), "--post", str(post_dir)])
    assert "7.83%" in text and "undefined" in text and "expanded (9)" in text


@pytest.mark.slow
def test_compare_full_budget_1024(tmp_path: Path) -> None:
    """The nemotron_v1 row at the paper's real budget (115 x 1024 samples per run)."""
    base_dir, post_dir = _zero_baseline_pair(
        tmp_path, "nemotron-1.5b-v1", "r1-1.5b", 115, 9, k=1024
    )
    out = json.loads(_invoke(["compare", "--base", str(base_dir), "--post", str(post_dir),
                              "--json"]))
    assert out["k"] == 1024
    assert round(100 * out["expansion"]["value"], 2) == 7.83


def test_compare_k_too_large_is_one_line_error(tmp_path: Path) -> None:
    base_dir, post_dir = _zero_baseline_pair(tmp_path, "qwen3-4b", "qwen3-4b-base", 10, 2)
    result = CliRunner().invoke(
        cli, ["compare", "--base", str(base_dir), "--post", str(post_dir), "--k", "1024"]
    )
    assert isinstance(result.exception, ConfigError)
    assert "fewer than k=1024" in str(result.exception)


def test_metrics_json_and_table(tmp_path: Path) -> None:
    mat = np.zeros((4, 8), dtype=bool)
    mat[0, :] = True
    mat[1, 5] = True
    run = write_verdict_run(tmp_path / "r", "qwen3-4b", [f"p{i}" for i in range(4)], mat)
    out = json.loads(_invoke(["metrics", str(run), "--json", "--resamples", "200"]))
    ks = [row["k"] for row in out["rows"]]
    assert ks == [1, 2, 4, 8]
    assert out["rows"][0]["empirical"]["value"] == pytest.approx(0.25)
    assert out["rows"][3]["empirical"]["value"] == pytest.approx(0.5)
    assert out["rows"][3]["unbiased"]["value"] == pytest.approx(0.5)
    assert out["rows"][0]["unbiased"]["value"] == pytest.approx((1 + 1 / 8) / 4)
    text = _invoke(["metrics", str(run)])
    assert "unbiased" in text and "50.00%" in text


def test_report_command(tmp_path: Path) -> None:
    base_dir, post_dir = _zero_baseline_pair(tmp_path, "qwen3-4b", "qwen3-4b-base", 20, 5)
    out = tmp_path / "rep"
    text = _invoke(["report", str(base_dir), str(post_dir), "--out", str(out),
                    "--resamples", "100", "--pairs", "qwen3-4b=qwen3-4b-base"])
    assert "report.html" in text
    html = (out / "report.html").read_text()
    assert "data:image/png;base64," in html
    assert (out / "fig6_pass_at_k.png").read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    assert (out / "fig4_expansion.png").is_file()
    assert "Dataset figures skipped" in html


def test_report_bad_pairs(tmp_path: Path) -> None:
    base_dir, _ = _zero_baseline_pair(tmp_path, "qwen3-4b", "qwen3-4b-base", 5, 1)
    result = CliRunner().invoke(cli, ["report", str(base_dir), "--out", str(tmp_path / "o"),
                                      "--pairs", "nonsense"])
    assert isinstance(result.exception, ConfigError)


def _mathb_parquet(path: Path, rows: int = 12) -> Path:
    import pyarrow as pa
    import pyarrow.parquet as pq

    from mathbeyond.models import mathb_models

    rng = np.random.default_rng(0)
    data: dict[str, list[object]] = {
        "problem": [f"Problem {i}" for i in range(rows)],
        "answer": [str(7 * i + 1) for i in range(rows)],
        "data_source": ["dapo_math_17k"] * rows,
        "topic": ["Mathematics -> Algebra -> Equations"] * rows,
        "difficulty": ["6.5"] * rows,
    }
    for spec in mathb_models():
        unsolved = rng.random(rows) < 0.5
        data[f"{spec.column}_unsolved"] = unsolved.tolist()
        data[f"{spec.column}_pass@1024"] = np.where(unsolved, 0.0, 0.5).tolist()
    pq.write_table(pa.table(data), path)
    return path


def test_report_command_with_mathb_file(tmp_path: Path) -> None:
    base_dir, post_dir = _zero_baseline_pair(tmp_path, "qwen3-8b", "qwen3-8b-base", 12, 3)
    parquet = _mathb_parquet(tmp_path / "math_beyond.parquet")
    out = tmp_path / "rep"
    _invoke(["report", str(base_dir), str(post_dir), "--out", str(out), "--resamples", "50",
             "--dataset", str(parquet)])
    for name in ("fig2_domains_sources", "fig3_difficulty", "fig5_answers", "fig4_expansion"):
        assert (out / f"{name}.png").read_bytes().startswith(b"\x89PNG"), name
    html = (out / "report.html").read_text()
    assert "paper Table 4" in html and "Dataset figures skipped" not in html


def test_metrics_on_adaptive_run_reports_validity(tmp_path: Path) -> None:
    mat = np.array([[0, 1, -1, -1], [0, 0, 0, 0], [1, 0, -1, -1]], dtype=np.int8)
    run = write_verdict_run(tmp_path / "a", "qwen3-4b", ["x", "y", "z"], mat, adaptive=True,
                            min_samples=2)
    out = json.loads(_invoke(["metrics", str(run), "--json", "--resamples", "50"]))
    assert out["max_unbiased_k"] == 2 and out["max_empirical_k"] == 4
    by_k = {row["k"]: row for row in out["rows"]}
    assert by_k[4]["unbiased"] is None
    assert by_k[4]["empirical"]["value"] == pytest.approx(2 / 3)
    assert by_k[2]["unbiased"]["value"] == pytest.approx(2 / 3)
    assert any("adaptive" in note for note in out["notes"])
