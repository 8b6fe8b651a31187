"""HTML report: self-contained HTML, valid PNGs, pairs, dataset figures and their skipping."""

from __future__ import annotations

import base64
import re
import struct
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from mathbeyond.data import load_dataset
from mathbeyond.metrics import RunVerdicts
from mathbeyond.report import ReportOptions, build_report, infer_pairs, unsolved_table

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
FAST = ReportOptions(n_resamples=100, step=16)


def _png_size(data: bytes) -> tuple[int, int]:
    assert data.startswith(PNG_SIGNATURE)
    assert data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def _run(model: str, rate: float, seed: int, k: int = 64, size: int = 30) -> RunVerdicts:
    rng = np.random.default_rng(seed)
    mat = rng.random((size, k)) < rate * rng.random((size, 1))
    run = RunVerdicts.from_matrix([f"p{i}" for i in range(size)], mat, label=model,
                                  model=model, target_k=k)
    return replace(run, dataset="math-beyond")


@pytest.fixture
def runs() -> list[RunVerdicts]:
    return [_run("r1-1.5b", 0.02, 1), _run("nemotron-1.5b-v1", 0.05, 2),
            _run("deepscaler-1.5b-preview", 0.04, 3), _run("qwen3-4b", 0.1, 4)]


def test_pairs_inferred_from_registry(runs: list[RunVerdicts]) -> None:
    pairs = [(p.label, b.label) for p, b in infer_pairs(runs)]
    assert pairs == [("nemotron-1.5b-v1", "r1-1.5b"), ("deepscaler-1.5b-preview", "r1-1.5b")]


def test_report_with_mathb_file(tmp_path: Path, runs: list[RunVerdicts],
                                mathb_parquet: Path) -> None:
    result = build_report(runs, tmp_path / "out", dataset=str(mathb_parquet), options=FAST)
    html = result.html.read_text()
    expected = {"fig6_pass_at_k", "fig7_marginal_gain", "fig4_expansion",
                "fig2_domains_sources", "fig3_difficulty", "fig5_answers"}
    assert set(result.figures) == expected
    for name, path in result.figures.items():
        data = path.read_bytes()
        width, height = _png_size(data)
        assert width > 300 and height > 200, name
        assert base64.b64encode(data).decode() in html  # embedded, self-contained
    assert not re.search(r"<img[^>]+src=['\"](?!data:)", html)
    assert "paper Table 4" in html and "intersection of 11 base models" in html
    assert "nemotron-1.5b-v1" in html and "Expansion" in html


def test_report_without_dataset(tmp_path: Path, runs: list[RunVerdicts]) -> None:
    result = build_report(runs[:1], tmp_path / "out", dataset="no-such-dataset", options=FAST)
    html = result.html.read_text()
    assert "Dataset figures skipped" in html
    assert "fig2_domains_sources" not in result.figures
    assert "fig6_pass_at_k" in result.figures
    assert "No post/base pair" in html
    assert any("skipped" in n for n in result.notes)


def test_explicit_pairs_and_duplicate_labels(tmp_path: Path) -> None:
    a = _run("qwen3-4b-base", 0.02, 1)
    b = _run("qwen3-4b-base", 0.02, 2)
    post = _run("qwen3-4b", 0.1, 3)
    result = build_report([a, b, post], tmp_path / "o", pairs=[("qwen3-4b", "qwen3-4b-base (1)")],
                          dataset="none", options=FAST)
    assert "fig4_expansion" in result.figures
    with pytest.raises(ValueError, match="no single run"):
        build_report([post], tmp_path / "o2", pairs=[("qwen3-4b", "nope")], options=FAST)


def test_unsolved_table_counts(mathb_parquet: Path) -> None:
    problems = load_dataset(str(mathb_parquet)).split()
    rows = unsolved_table(problems)
    assert rows is not None
    by_label = {r.label: r.unsolved for r in rows}
    flags = [p.metadata["unsolved"] for p in problems]
    assert by_label["r1-1.5b"] == sum(f["r1-1.5b"] for f in flags)
    assert len(rows) == 21 + 2
    base_names = [r.label for r in rows if r.role == "base"]
    inter = sum(all(f[n] for n in base_names) for f in flags)
    assert by_label["intersection of 11 base models"] == inter


def test_unsolved_table_needs_mathb_flags() -> None:
    from mathbeyond.data import Problem

    assert unsolved_table([Problem("d/0", "q", "1", "src")]) is None
    assert unsolved_table([]) is None
