"""The report says what it shows (issue 12 item 5): run settings, sampled-problem dataset
figures, Notes on mismatches, captions that match the figures, readable styles for many runs,
sensible axes on degenerate data, pairs by directory name, nothing partial on failure."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from mathbeyond.data import Problem
from mathbeyond.metrics import RunVerdicts, load_run, pass_curves, write_verdict_run
from mathbeyond.report import ReportOptions, build_report
from mathbeyond.report import _figures as figures

FAST = ReportOptions(n_resamples=50, step=4)
PRESET = {"temperature": 0.7, "top_p": 0.9, "max_tokens": 256}


def _stored(root: Path, name: str, model: str, ids: list[str], k: int = 8, *,
            dataset: str = "math-beyond", rate: float = 0.3, preset: dict[str, float] | None = None,
            seed: int = 0) -> Path:
    rng = np.random.default_rng(abs(hash(name)) % 1000)
    mat = rng.random((len(ids), k)) < rate
    return write_verdict_run(root / name, model, ids, mat, dataset=dataset, split="test",
                             preset=preset or PRESET, verifier_version="1.4.0", seed=seed,
                             statuses={(0, 0): "limit_exceeded"})


def _mathb_ids(n: int) -> list[str]:
    return [f"math-beyond/{i}" for i in range(n)]


def _texts(fig: Any) -> list[Any]:
    """Every text drawn on the figure (tick labels only for ticks inside the view)."""
    out = [*fig.texts]
    for name in ("_suptitle", "_supxlabel", "_supylabel"):
        if getattr(fig, name, None) is not None:
            out.append(getattr(fig, name))
    for ax in fig.axes:
        out += [ax.title, ax._left_title, ax._right_title, ax.xaxis.label, ax.yaxis.label,
                *ax.texts]
        if ax.get_legend() is not None:
            out += ax.get_legend().get_texts()
        for axis, view in ((ax.xaxis, ax.get_xlim()), (ax.yaxis, ax.get_ylim())):
            for tick in axis.get_major_ticks():
                if min(view) <= tick.get_loc() <= max(view):
                    out.append(tick.label1)
    return [t for t in out if t.get_visible() and t.get_text()]


def _text_fits(fig: Any) -> list[str]:
    """Texts of a drawn figure that stick out of the canvas (clipped in the PNG)."""
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    width, height = fig.canvas.get_width_height()
    bad = []
    for text in _texts(fig):
        box = text.get_window_extent(renderer)
        if box.x0 < -1 or box.x1 > width + 1 or box.y0 < -1 or box.y1 > height + 1:
            bad.append(text.get_text())
    return bad


def test_runs_table_shows_settings_and_identities(tmp_path: Path, mathb_parquet: Path) -> None:
    base = load_run(_stored(tmp_path, "base", "qwen3-4b-base", _mathb_ids(8),
                            preset={**PRESET, "temperature": 1.0}))
    post = load_run(_stored(tmp_path, "post", "qwen3-4b", _mathb_ids(8)))
    html = build_report([base, post], tmp_path / "out", dataset=str(mathb_parquet),
                        options=FAST).html.read_text()
    runs = html.split("<h2>Runs</h2>")[1].split("<h2>")[0]
    for needle in ("temperature", "top_p", "max tokens", "seed", "verifier", "1.0", "0.7",
                   "0.9", "256", "math-beyond:test", "1.4.0", "limit_exceeded"):
        assert needle in runs, needle
    assert "differ in" in html and "temperature (qwen3-4b-base 1.0, qwen3-4b 0.7)" in html


def test_dataset_figures_cover_the_sampled_problems(tmp_path: Path, mathb_parquet: Path) -> None:
    run = load_run(_stored(tmp_path, "r", "qwen3-4b", _mathb_ids(8)))
    html = build_report([run], tmp_path / "out", dataset=str(mathb_parquet),
                        options=FAST).html.read_text()
    assert "the 8 problems the runs sampled (of 60" in html
    assert "(8 problems)" in html  # Table 4 and captions count the sampled problems


def test_notes_explain_mismatched_datasets_and_k(tmp_path: Path) -> None:
    a = load_run(_stored(tmp_path, "a", "qwen3-4b", _mathb_ids(6), k=8))
    b = load_run(_stored(tmp_path, "b", "qwen3-8b", [f"math500/{i}" for i in range(6)], k=4,
                         dataset="math500"))
    result = build_report([a, b], tmp_path / "out", dataset="none", options=FAST)
    html = result.html.read_text()
    notes = html.split("<h2>Notes</h2>")[1]
    assert "<li>none</li>" not in notes
    assert "different datasets" in notes and "math500:test" in notes
    assert "different k" in notes and "k=8" in html  # the table is not cut to the smaller k
    passk = html.split("<h2>pass@k</h2>")[1].split("<h2>")[0]
    assert "k=8" in passk and "not drawn" in passk


def test_no_text_is_clipped_in_any_figure() -> None:
    rng = np.random.default_rng(0)
    answers = ["x^2"] * 180 + ["0"] * 3 + ["-5"] * 4
    answers += [str(int(v)) for v in 10 ** rng.uniform(0, 5, 120)]
    problems = [Problem(f"d/{i}", "q", ans, "a very long source name for a dataset " * 2,
                        topic="Mathematics -> Algebra -> Something long enough",
                        difficulty="1")
                for i, ans in enumerate(answers)]
    for fig in (figures.draw_answers(problems), figures.draw_topics(problems),
                figures.draw_difficulty(problems)):
        assert fig is not None
        assert _text_fits(fig) == []


def _curves(n: int, k: int = 16, rate: float = 0.2) -> list[object]:
    out = []
    for i in range(n):
        rng = np.random.default_rng(i)
        mat = rng.random((20, k)) < rate
        run = RunVerdicts.from_matrix([f"p{j}" for j in range(20)], mat, label=f"run-{i}",
                                      model=f"model-{i}")
        out.append(pass_curves(run, n_resamples=20))
    return out


def test_fig6_dashes_the_post_runs_of_given_pairs_and_the_caption_says_so(tmp_path: Path) -> None:
    ids = [f"x/{i}" for i in range(10)]
    base = load_run(_stored(tmp_path, "base", "smollm2-135m", ids))
    post = load_run(_stored(tmp_path, "post", "smollm2-135m", ids, seed=1,
                            preset={**PRESET, "temperature": 1.0}))
    fig = figures.draw_pass_curves([pass_curves(r, n_resamples=20) for r in (base, post)], 0.95,
                                   dashed=[False, True])
    styles = [line.get_linestyle() for line in fig.axes[0].get_lines()]
    assert "--" in styles and "-" in styles
    html = build_report([base, post], tmp_path / "o", pairs=[("post", "base")], dataset="none",
                        options=FAST).html.read_text()
    assert "post-trained runs dashed" in html
    html = build_report([base], tmp_path / "o1", dataset="none", options=FAST).html.read_text()
    assert "dashed" not in html


def test_fig7_without_data_names_step(tmp_path: Path) -> None:
    run = load_run(_stored(tmp_path, "r", "qwen3-4b", _mathb_ids(4), k=8))
    html = build_report([run], tmp_path / "o", dataset="none",
                        options=replace(FAST, step=64)).html.read_text()
    assert "--step" in html and "128" in html


def test_file_run_report_finds_its_dataset_via_the_manifest(tmp_path: Path) -> None:
    data = tmp_path / "toy.jsonl"
    data.write_text("".join(json.dumps({"problem": f"Q{i}", "answer": str(i), "level": "2"})
                            + "\n" for i in range(5)))
    run_dir = _stored(tmp_path, "r", "qwen3-4b", [f"toy/{i}" for i in range(5)], dataset="toy")
    manifest = json.loads((run_dir / "manifest.json").read_text())
    manifest["dataset_origin"] = str(data)
    (run_dir / "manifest.json").write_text(json.dumps(manifest))
    html = build_report([load_run(run_dir)], tmp_path / "o", options=FAST).html.read_text()
    assert "Dataset figures skipped" not in html
    assert "fig2_domains_sources" in html


def test_pairs_by_run_directory_name(tmp_path: Path) -> None:
    ids = _mathb_ids(6)
    runs = [load_run(_stored(tmp_path, name, "smollm2-135m", ids, seed=i))
            for i, name in enumerate(["run_base", "run_t1"])]
    result = build_report(runs, tmp_path / "o", pairs=[("run_t1", "run_base")], dataset="none",
                          options=FAST)
    assert "fig4_expansion" in result.figures


def test_a_failed_report_leaves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ids = _mathb_ids(6)
    runs = [load_run(_stored(tmp_path, "b", "qwen3-4b-base", ids)),
            load_run(_stored(tmp_path, "p", "qwen3-4b", ids))]

    def boom(*args: object, **kwargs: object) -> bytes:
        raise RuntimeError("drawing failed")

    monkeypatch.setattr(figures, "expansion_figure", boom)
    out = tmp_path / "out"
    with pytest.raises(RuntimeError):
        build_report(runs, out, dataset="none", options=FAST)
    assert not out.exists()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_html_is_readable_on_a_phone(tmp_path: Path) -> None:
    run = load_run(_stored(tmp_path, "r", "qwen3-4b", _mathb_ids(6)))
    html = build_report([run], tmp_path / "o", dataset="none", options=FAST).html.read_text()
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in html
    assert html.count("<table") == html.count("<div class=scroll><table")
    assert re.search(r"\d%, \d+\.\d\d%\]", html)  # both interval ends carry a % sign
    assert "<td class=num>" in html and "<td class=text>" in html


def test_21_runs_have_distinct_styles_and_10_pairs_are_small_multiples() -> None:
    fig = figures.draw_pass_curves(_curves(21), 0.95)
    styles = {(line.get_color(), line.get_marker(), line.get_linestyle())
              for line in fig.axes[0].get_lines()}
    assert len(styles) == 21
    fig = figures.draw_marginal_gain(_curves(21), 4)
    assert fig is not None
    styles = {(line.get_color(), line.get_marker(), line.get_linestyle())
              for line in fig.axes[0].get_lines()}
    assert len(styles) == 21
    rng = np.random.default_rng(1)
    from mathbeyond.metrics import expansion_curve

    pairs = []
    for i in range(10):
        ids = [f"p{j}" for j in range(20)]
        b = RunVerdicts.from_matrix(ids, rng.random((20, 16)) < 0.1, label=f"b{i}")
        p = RunVerdicts.from_matrix(ids, rng.random((20, 16)) < 0.2, label=f"p{i}")
        pairs.append(expansion_curve(b, p, n_resamples=20))
    fig = figures.draw_expansion(pairs, 0.95)
    used = [ax for ax in fig.axes if ax.get_lines()]
    assert len(used) == 10
    assert all(len(ax.get_lines()) <= 2 for ax in used)


def test_degenerate_axes() -> None:
    zero = _curves(2, rate=0.0)
    fig = figures.draw_pass_curves(zero, 0.95)
    assert fig.axes[0].get_ylim() == (0.0, 100.0)
    problems = [Problem(f"d/{i}", "q", str(i + 1), "s", difficulty="1") for i in range(3)]
    fig = figures.draw_difficulty(problems)
    assert fig is not None
    ax = fig.axes[0]
    ticks = [t for t in ax.get_xticks() if ax.get_xlim()[0] <= t <= ax.get_xlim()[1]]
    assert ticks and all(float(t).is_integer() for t in ticks)
    yt = [t for t in ax.get_yticks() if ax.get_ylim()[0] <= t <= ax.get_ylim()[1]]
    assert all(float(t).is_integer() for t in yt)
    fig = figures.draw_answers(problems)
    assert fig is not None
    yt = [t for t in fig.axes[0].get_yticks() if t <= fig.axes[0].get_ylim()[1]]
    assert all(float(t).is_integer() for t in yt)


def test_a_pair_without_shared_problems_is_a_note_not_a_failure(tmp_path: Path) -> None:
    a = load_run(_stored(tmp_path, "a", "qwen3-4b-base", _mathb_ids(4)))
    b = load_run(_stored(tmp_path, "b", "qwen3-4b", [f"math500/{i}" for i in range(4)],
                         dataset="math500"))
    result = build_report([a, b], tmp_path / "o", dataset="none", options=FAST)
    assert any("share no problem" in n for n in result.notes)
    assert "fig6_pass_at_k" in result.figures
