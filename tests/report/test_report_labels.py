"""Figs. 2-3 with judge labels (`mathb report --labels`): topic and difficulty from the labels,
union vs intersection difficulty histograms with medians."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np

from mathbeyond.annotate import Label, text_hash, write_labels
from mathbeyond.data import load_dataset
from mathbeyond.metrics import RunVerdicts
from mathbeyond.report import ReportOptions, build_report
from mathbeyond.report._figures import draw_difficulty, draw_topics

FAST = ReportOptions(n_resamples=50, step=16)


def _labels(problems: list, path: Path) -> Path:
    rows = []
    for i, p in enumerate(problems):
        rating = 2.0 + (i % 5) if i % 7 else None
        rows.append(Label(
            problem_id=p.id, text_hash=text_hash(p.problem),
            status="labelled" if rating else "partial", difficulty=rating,
            domain="Mathematics -> Calculus -> Integral Calculus -> Integrals",
            difficulty_votes=[], domain_votes=[], samples=3, replies=3, reasons=[],
            judge="judge-x", prompt_version="mathb-judge-v1-test", prompt_tokens=0,
            completion_tokens=0))
    return write_labels(rows, path)


def test_report_uses_labels(tmp_path: Path, mathb_parquet: Path) -> None:
    dataset = load_dataset(f"file:{mathb_parquet}")
    union = list(dataset.split("union"))
    labels = _labels(union, tmp_path / "labels.jsonl")
    ids = [p.id for p in union]
    rng = np.random.default_rng(0)
    run = RunVerdicts.from_matrix(ids, rng.random((len(ids), 32)) < 0.1, label="qwen3-4b",
                                  model="qwen3-4b", target_k=32)
    run = replace(run, dataset=f"file:{mathb_parquet}", split="union")
    result = build_report([run], tmp_path / "out", dataset=str(mathb_parquet), labels=labels,
                          options=FAST)
    notes = " ".join(result.notes)
    assert "judge labels from labels.jsonl (judge-x (mathb-judge-v1-test))" in notes
    assert f"{len(union)} of {len(union)} problems have a label" in notes
    html = result.html.read_text()
    assert "all vs intersection split, medians dashed" in html
    assert "fig3_difficulty" in result.figures and "fig2_domains_sources" in result.figures


def test_difficulty_figure_overlays_the_subset(mathb_parquet: Path) -> None:
    dataset = load_dataset(f"file:{mathb_parquet}")
    union = list(dataset.split("union"))
    inter = frozenset(p.id for p in dataset.split("intersection"))
    assert 0 < len(inter) < len(union)
    fig = draw_difficulty(union, ("intersection", inter))
    ax = fig.axes[0]
    texts = [t.get_text() for t in ax.get_legend().get_texts()]
    values = np.array([float(p.difficulty) for p in union])
    inner = np.array([float(p.difficulty) for p in union if p.id in inter])
    assert texts == [f"all (n={len(union)}, median {np.median(values):g})",
                     f"intersection (n={len(inner)}, median {np.median(inner):g})"]
    medians = sorted(line.get_xdata()[0] for line in ax.get_lines())
    assert medians == sorted([np.median(values), np.median(inner)])
    plain = draw_difficulty(union)
    assert plain.axes[0].get_legend() is None


def test_topics_figure_reads_label_chains(tmp_path: Path, mathb_parquet: Path) -> None:
    from mathbeyond.annotate import apply_labels, read_labels

    union = list(load_dataset(f"file:{mathb_parquet}").split("union"))
    labelled = apply_labels(union, read_labels(_labels(union, tmp_path / "l.jsonl")))
    fig = draw_topics(labelled)
    names = [t.get_text() for t in fig.axes[0].get_yticklabels()]
    assert names == ["Calculus"]


def test_report_cli_takes_labels(tmp_path: Path, mathb_parquet: Path) -> None:
    from click.testing import CliRunner

    from mathbeyond.cli import cli
    from mathbeyond.metrics import write_verdict_run

    union = list(load_dataset(f"file:{mathb_parquet}").split("union"))
    labels = _labels(union, tmp_path / "labels.jsonl")
    mat = np.random.default_rng(1).random((len(union), 8)) < 0.2
    run = write_verdict_run(tmp_path / "qwen3-4b", "qwen3-4b", [p.id for p in union], mat,
                            dataset=f"file:{mathb_parquet}", split="union")
    result = CliRunner().invoke(cli, ["report", str(run), "--out", str(tmp_path / "rep"),
                                      "--resamples", "20", "--dataset", str(mathb_parquet),
                                      "--labels", str(labels)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert "note: topic and difficulty in Figs. 2-3 are judge labels from labels.jsonl" \
        in result.output
    bad = CliRunner().invoke(cli, ["report", str(run), "--out", str(tmp_path / "rep2"),
                                   "--labels", str(tmp_path / "nope.jsonl")])
    assert bad.exit_code == 2 and "does not exist" in bad.output
