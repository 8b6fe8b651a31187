"""Assemble the HTML report: figures (PNG files + base64 in one self-contained HTML) and tables."""

from __future__ import annotations

import base64
import datetime as _dt
import html
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np

from .._errors import MathbError
from .._version import __version__
from ..data import Problem
from ..metrics import (
    Comparison,
    ExpansionCurve,
    PassCurve,
    RunVerdicts,
    compare,
    expansion_curve,
    pass_curves,
    power_of_two_ks,
)
from ..models import find_model
from . import _figures
from ._problems import unsolved_table

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class ReportOptions:
    n_resamples: int = 1000
    seed: int = 0
    level: float = 0.95
    step: int = 64
    """Increment of the marginal-gain curve (paper Fig. 7)."""


@dataclass(frozen=True)
class ReportResult:
    html: Path
    figures: dict[str, Path] = field(default_factory=dict)
    notes: tuple[str, ...] = ()


@dataclass
class _Page:
    sections: list[str] = field(default_factory=list)
    figures: dict[str, Path] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


# ---- run bookkeeping --------------------------------------------------------------------------


def _unique_labels(runs: Sequence[RunVerdicts]) -> list[RunVerdicts]:
    seen: dict[str, int] = {}
    for run in runs:
        seen[run.label] = seen.get(run.label, 0) + 1
    out: list[RunVerdicts] = []
    for run in runs:
        if seen[run.label] > 1:
            where = Path(run.source).name if run.source else str(len(out))
            out.append(replace(run, label=f"{run.label} ({where})"))
        else:
            out.append(run)
    return out


def _canonical(name: str | None) -> str | None:
    if name is None:
        return None
    spec = find_model(name)
    return spec.name if spec is not None else name


def _find_run(runs: Sequence[RunVerdicts], key: str) -> RunVerdicts:
    for run in runs:
        if key == run.label:
            return run
    for run in runs:
        if run.source and Path(run.source).resolve() == Path(key).resolve():
            return run
    wanted = _canonical(key)
    matches = [r for r in runs if _canonical(r.model) == wanted]
    if len(matches) == 1:
        return matches[0]
    known = ", ".join(r.label for r in runs)
    raise ValueError(f"--pairs: no single run matches {key!r}; runs: {known}")


def infer_pairs(runs: Sequence[RunVerdicts]) -> list[tuple[RunVerdicts, RunVerdicts]]:
    """(post, base) for every run whose registry ``base`` model is among the runs."""
    pairs = []
    for post in runs:
        spec = find_model(post.model) if post.model else None
        if spec is None or spec.base is None:
            continue
        bases = [r for r in runs if _canonical(r.model) == spec.base]
        if len(bases) == 1:
            pairs.append((post, bases[0]))
        elif len(bases) > 1:
            logger.warning("several runs of base %s; pass --pairs for %s", spec.base, post.label)
    return pairs


# ---- html helpers ----------------------------------------------------------------------------


def _e(text: object) -> str:
    return html.escape(str(text))


def _pct(value: float | None, low: float | None = None, high: float | None = None) -> str:
    if value is None or (isinstance(value, float) and np.isnan(value)):
        return "n/a"
    text = f"{100 * value:.2f}%"
    if low is not None and high is not None and not np.isnan(low):
        text += f" <span class=ci>[{100 * low:.2f}, {100 * high:.2f}]</span>"
    return text


def _table(head: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    th = "".join(f"<th>{h}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{th}</tr></thead><tbody>{body}</tbody></table>"


def _add_figure(page: _Page, out_dir: Path, name: str, png: bytes | None, caption: str) -> None:
    if png is None:
        page.sections.append(f"<p class=note>{_e(caption)}: no data to plot.</p>")
        return
    path = out_dir / f"{name}.png"
    path.write_bytes(png)
    page.figures[name] = path
    data = base64.b64encode(png).decode("ascii")
    page.sections.append(
        f"<figure><img alt='{_e(caption)}' src='data:image/png;base64,{data}'>"
        f"<figcaption>{_e(caption)} (<code>{_e(path.name)}</code>)</figcaption></figure>"
    )


# ---- sections --------------------------------------------------------------------------------


def _runs_section(page: _Page, runs: Sequence[RunVerdicts]) -> None:
    rows = [
        [_e(r.label), _e(r.model or "-"), str(r.n_problems), _e(r.target_k or "-"),
         "yes" if r.adaptive else "no", str(r.max_empirical_k), str(r.max_unbiased_k),
         _e(r.source or "-")]
        for r in runs
    ]
    page.sections.append("<h2>Runs</h2>" + _table(
        ["run", "model", "problems", "k", "adaptive", "max k (empirical)",
         "max k (unbiased)", "directory"], rows))


def _pass_section(
    page: _Page,
    out_dir: Path,
    curves: Sequence[PassCurve],
    models: Sequence[str | None],
    opts: ReportOptions,
) -> None:
    k_all = min(int(c.ks[-1]) for c in curves)
    ks = power_of_two_ks(k_all)
    rows = []
    for curve in curves:
        which, est = _figures.primary_estimate(curve)
        cells = [_e(curve.label), which]
        for k in ks:
            i = k - 1
            cells.append(_pct(float(est.estimate[i]), float(est.low[i]), float(est.high[i])))
        rows.append(cells)
        page.notes.extend(f"{curve.label}: {n}" for n in curve.notes())
    page.sections.append(
        "<h2>pass@k</h2><p>Unbiased estimator where every problem has at least k "
        "unconditionally drawn samples, else empirical (solved within the first k samples). "
        f"Intervals: {opts.level:.0%} bootstrap percentile over problems, "
        f"{opts.n_resamples} resamples, seed {opts.seed}.</p>"
        + _table(["run", "estimator", *[f"k={k}" for k in ks]], rows)
    )
    _add_figure(page, out_dir, "fig6_pass_at_k",
                _figures.pass_curves_figure(curves, opts.level, models),
                "pass@k vs k (paper Fig. 6; post-trained models dashed)")
    _add_figure(page, out_dir, "fig7_marginal_gain",
                _figures.marginal_gain_figure(curves, opts.step, models),
                f"Marginal gain per {opts.step} samples (paper Fig. 7)")


def _pairs_section(
    page: _Page,
    out_dir: Path,
    pairs: Sequence[tuple[RunVerdicts, RunVerdicts]],
    opts: ReportOptions,
) -> None:
    if not pairs:
        page.sections.append(
            "<h2>Expansion</h2><p class=note>No post/base pair among the runs (give both runs "
            "of a registry pair, or --pairs POST=BASE).</p>"
        )
        return
    results: list[Comparison] = []
    curves: list[ExpansionCurve] = []
    for post, base in pairs:
        curve = expansion_curve(base, post, n_resamples=opts.n_resamples, seed=opts.seed,
                                level=opts.level)
        curves.append(curve)
        results.append(compare(base, post, int(curve.ks[-1]), level=opts.level))
    rows = []
    for res in results:
        cells = [_e(res.post), _e(res.base), str(res.k), str(res.n_problems),
                 str(res.base_unsolved)]
        for rate in (res.expansion, res.shrinkage, res.preservation, res.consolidation):
            if not rate.defined:
                cells.append("undefined")
            else:
                cells.append(f"{_pct(rate.value, rate.low, rate.high)} ({rate.count}/{rate.total})")
        rows.append(cells)
        page.notes.extend(f"{res.post} vs {res.base}: {n}" for n in res.notes)
    page.sections.append(
        "<h2>Expansion, Shrinkage, Preservation, Consolidation (paper Table 2)</h2>"
        f"<p>On the problems both runs share. Intervals: Wilson score {opts.level:.0%}. "
        "Consolidation uses R_1 = first sample correct.</p>"
        + _table(["post", "base", "k", "problems", "base unsolved", "Expansion", "Shrinkage",
                  "Preservation", "Consolidation"], rows)
    )
    _add_figure(page, out_dir, "fig4_expansion",
                _figures.expansion_figure(curves, opts.level), "Expansion vs k (paper Fig. 4)")
    for res in results:
        page.sections.append(
            f"<details><summary>{_e(res.post)} vs {_e(res.base)}: "
            f"{len(res.expanded_ids)} expanded, {len(res.shrunk_ids)} shrunk</summary>"
            f"<p>expanded: {_e(', '.join(res.expanded_ids) or '-')}</p>"
            f"<p>shrunk: {_e(', '.join(res.shrunk_ids) or '-')}</p></details>"
        )


def _load_problems(
    runs: Sequence[RunVerdicts], dataset: str | None, data_dir: Path | None
) -> tuple[tuple[Problem, ...] | None, str]:
    from ..data import load_dataset, parse_spec

    spec = dataset or next((r.dataset for r in runs if r.dataset), None)
    if spec is None:
        return None, "no dataset named (pass --dataset NAME or a MATH-B file path)"
    try:
        target, split = parse_spec(spec)
        loaded = load_dataset(str(target), data_dir=data_dir, allow_download=False)
        problems = loaded.split(split)
    except MathbError as exc:
        return None, f"dataset {spec!r} could not be loaded ({exc})"
    split_name = split or loaded.default_split
    return problems, f"{loaded.name}, split {split_name} ({len(problems)} problems)"


def _dataset_section(
    page: _Page, out_dir: Path, problems: tuple[Problem, ...] | None, what: str
) -> None:
    page.sections.append("<h2>Dataset</h2>")
    if problems is None:
        page.sections.append(f"<p class=note>Dataset figures skipped: {_e(what)}.</p>")
        page.notes.append(f"dataset figures skipped: {what}")
        return
    page.sections.append(f"<p>{_e(what)}</p>")
    _add_figure(page, out_dir, "fig2_domains_sources", _figures.topics_figure(problems),
                "Domains and sources (paper Fig. 2)")
    _add_figure(page, out_dir, "fig3_difficulty", _figures.difficulty_figure(problems),
                "Difficulty (paper Fig. 3)")
    _add_figure(page, out_dir, "fig5_answers", _figures.answers_figure(problems),
                "Final-answer magnitudes (paper Fig. 5)")
    table = unsolved_table(problems)
    if table is None:
        page.sections.append("<p class=note>No MATH-B unsolved flags: Table 4 skipped.</p>")
        return
    rows = [[_e(r.label), _e(r.role), _e(r.base or "-"), str(r.unsolved)] for r in table]
    page.sections.append(
        "<h3>Unsolved problems per model (paper Table 4, from the dataset's flags)</h3>"
        + _table(["model", "role", "base", "unsolved"], rows)
    )


_CSS = """
body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}
table{border-collapse:collapse;margin:1em 0;font-size:0.9em}
th,td{border:1px solid #ccc;padding:4px 8px;text-align:right}
th:first-child,td:first-child{text-align:left}
.ci{color:#666;font-size:0.85em}.note{color:#8a5300}
figure{margin:1.5em 0}img{max-width:100%}figcaption{color:#555;font-size:0.9em}
"""


def build_report(
    runs: Sequence[RunVerdicts],
    out_dir: str | Path,
    *,
    pairs: Sequence[tuple[str, str]] | None = None,
    dataset: str | None = None,
    data_dir: str | Path | None = None,
    options: ReportOptions | None = None,
) -> ReportResult:
    """Write ``report.html`` (self-contained, PNGs embedded as base64) and the PNGs to
    ``out_dir``. ``pairs`` are (post, base) run labels, model names or run paths; by default
    they are inferred from the model registry. Dataset figures are skipped (with a note) when
    the dataset cannot be loaded locally.
    """
    if not runs:
        raise ValueError("the report needs at least one run")
    opts = options or ReportOptions()
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    labelled = _unique_labels(runs)
    page = _Page()
    _runs_section(page, labelled)
    curves = [
        pass_curves(r, n_resamples=opts.n_resamples, seed=opts.seed, level=opts.level)
        for r in labelled
    ]
    _pass_section(page, out, curves, [r.model for r in labelled], opts)
    if pairs is None:
        resolved = infer_pairs(labelled)
    else:
        resolved = [(_find_run(labelled, p), _find_run(labelled, b)) for p, b in pairs]
    _pairs_section(page, out, resolved, opts)
    problems, what = _load_problems(labelled, dataset, None if data_dir is None else Path(data_dir))
    _dataset_section(page, out, problems, what)
    notes = "".join(f"<li>{_e(n)}</li>" for n in page.notes) or "<li>none</li>"
    stamp = _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    doc = (
        "<!DOCTYPE html><html lang=en><head><meta charset=utf-8>"
        "<title>mathbeyond report</title>"
        f"<style>{_CSS}</style></head><body>"
        "<h1>MATH-Beyond report</h1>"
        f"<p>mathbeyond {__version__}, {stamp}.</p>"
        + "".join(page.sections)
        + f"<h2>Notes</h2><ul>{notes}</ul></body></html>\n"
    )
    html_path = out / "report.html"
    html_path.write_text(doc, encoding="utf-8")
    return ReportResult(html=html_path, figures=dict(page.figures), notes=tuple(page.notes))
