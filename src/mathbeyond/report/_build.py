"""Assemble the HTML report: figures (PNG files + base64 in one self-contained HTML) and tables."""

from __future__ import annotations

import base64
import datetime as _dt
import html
import logging
import os
import re
import shutil
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np

from .._errors import MathbError
from .._version import __version__
from ..data import Problem
from ..metrics import (
    FLAG_STATUSES,
    Comparison,
    ExpansionCurve,
    PassCurve,
    RunInfo,
    RunVerdicts,
    compare,
    expansion_curve,
    pass_curves,
    power_of_two_ks,
    setting_differences,
    verifier_mismatch,
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
    allow_mixed_verifiers: bool = False
    """Report runs scored by different verifier versions (with a note) instead of refusing."""


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
    """A run by label, run path, run directory name, or (unique) model name."""
    for run in runs:
        if key == run.label:
            return run
    for run in runs:
        if run.source and Path(run.source).resolve() == Path(key).resolve():
            return run
    by_dir = [r for r in runs if r.source and Path(r.source).name == key]
    if len(by_dir) == 1:
        return by_dir[0]
    wanted = _canonical(key)
    matches = [r for r in runs if _canonical(r.model) == wanted]
    if len(matches) == 1:
        return matches[0]
    known = ", ".join(
        r.label + (f" ({Path(r.source).name})" if r.source else "") for r in runs
    )
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
        text += f" <span class=ci>[{100 * low:.2f}%, {100 * high:.2f}%]</span>"
    return text


def _table(head: Sequence[str], rows: Sequence[Sequence[str]], kinds: str) -> str:
    """A table in a sideways-scrolling box; ``kinds`` has one letter per column: ``t`` text
    (left-aligned, wraps), ``n`` number (right-aligned), ``p`` path (left, breaks anywhere)."""
    names = {"t": "text", "n": "num", "p": "path"}
    cls = [names[c] for c in kinds]
    th = "".join(f"<th class={c}>{h}</th>" for h, c in zip(head, cls, strict=True))
    body = "".join(
        "<tr>" + "".join(f"<td class={c}>{v}</td>" for v, c in zip(row, cls, strict=True))
        + "</tr>"
        for row in rows
    )
    return (f"<div class=scroll><table><thead><tr>{th}</tr></thead>"
            f"<tbody>{body}</tbody></table></div>")


def _add_figure(
    page: _Page, out_dir: Path, name: str, png: bytes | None, caption: str, *,
    missing: str | None = None,
) -> None:
    if png is None:
        why = missing or "no data to plot"
        page.sections.append(f"<p class=note>{_e(caption)}: not drawn: {_e(why)}.</p>")
        return
    path = out_dir / f"{name}.png"
    path.write_bytes(png)
    page.figures[name] = path
    data = base64.b64encode(png).decode("ascii")
    page.sections.append(
        f"<figure><a href='{_e(path.name)}'><img alt='{_e(caption)}' "
        f"src='data:image/png;base64,{data}'></a>"
        f"<figcaption>{_e(caption)} (<code>{_e(path.name)}</code>)</figcaption></figure>"
    )


def _num(value: object) -> str:
    return "-" if value is None else _e(value)


# ---- sections --------------------------------------------------------------------------------


def _runs_section(page: _Page, runs: Sequence[RunVerdicts]) -> None:
    ident = []
    settings = []
    for r in runs:
        info = r.info or RunInfo(model=r.model, k=r.target_k, adaptive=r.adaptive,
                                 dataset=r.dataset, split=r.split)
        flags = info.flag_counts()
        ident.append([
            _e(r.label), _e(info.model_ref or r.model or "-"), _e(info.dataset_label),
            str(r.n_problems), _e(info.verifier_label),
            f"{flags['limit_exceeded']} / {flags['unparseable_gold']}",
            f"<span title='{_e(r.source)}'>{_e(Path(r.source).name)}</span>" if r.source
            else "-",
        ])
        settings.append([
            _e(r.label), _num(info.backend), _num(info.temperature), _num(info.top_p),
            _num(info.max_tokens), _num(info.k),
            (f"yes (min samples {info.min_samples})" if r.adaptive else "no"), _num(info.seed),
            str(r.max_empirical_k), str(r.max_unbiased_k) if r.max_unbiased_k else "-",
        ])
    page.sections.append(
        "<h2>Runs</h2>"
        + _table(["run", "model", "dataset:split@revision", "problems", "verifier",
                  "limit_exceeded /<br>unparseable_gold<br>(samples)", "run directory"], ident,
                 "tttntnt")
        + "<h3>Sampling settings</h3>"
        + _table(["run", "backend", "temperature", "top_p", "max tokens", "k", "adaptive",
                  "seed", "max k (empirical)", "max k (unbiased)"], settings, "ttnnnntnnn")
    )


def _run_notes(page: _Page, runs: Sequence[RunVerdicts]) -> None:
    """Notes on what differs across the runs (datasets, problems, k, other settings)."""
    infos = {r.label: r.info for r in runs if r.info is not None}
    if len(runs) < 2:
        return
    datasets = {r.label: (r.info.dataset_label if r.info else f"{r.dataset}:{r.split}")
                for r in runs}
    if len({(r.dataset, r.split) for r in runs}) > 1:
        listed = ", ".join(f"{label}: {d}" for label, d in datasets.items())
        page.notes.append(
            f"the runs are on different datasets ({listed}): their pass@k values are over "
            "different problems and are not comparable"
        )
    elif len({r.problem_ids for r in runs}) > 1:
        listed = ", ".join(f"{r.label}: {r.n_problems}" for r in runs)
        page.notes.append(
            f"the runs sampled different problems ({listed} problems); each pass@k is over its "
            "own run's problems, Expansion over the problems a pair shares"
        )
    ks = {r.label: int(r.info.k if r.info and r.info.k else r.target_k or r.max_empirical_k)
          for r in runs}
    if len(set(ks.values())) > 1:
        listed = ", ".join(f"{label}: k={k}" for label, k in ks.items())
        page.notes.append(
            f"the runs have different k ({listed}): the pass@k table runs to the largest k; "
            "cells beyond a run's k are marked 'not drawn'; each pair is compared at the "
            "largest k both of its runs support"
        )
    other = setting_differences(
        infos, ("backend", "temperature", "top_p", "max_tokens", "seed", "adaptive",
                "min_samples", "dataset_revision", "verifier"))
    if other:
        page.notes.append("the runs differ in: " + "; ".join(other))


def _flag_suffix(info: RunInfo | None, k: int) -> str:
    if info is None:
        return ""
    counts = info.flag_counts(k)
    if not any(counts.values()):
        return ""
    text = ", ".join(f"{counts[s]} {s}" for s in FLAG_STATUSES if counts[s])
    return f"<br><span class=flag>{_e(text)}</span>"


def _pass_section(
    page: _Page,
    out_dir: Path,
    *,
    curves: Sequence[PassCurve],
    runs: Sequence[RunVerdicts],
    dashed: Sequence[bool],
    opts: ReportOptions,
) -> None:
    k_all = max(int(c.ks[-1]) for c in curves)
    ks = power_of_two_ks(k_all)
    rows = []
    for curve, run in zip(curves, runs, strict=True):
        which, est = _figures.primary_estimate(curve)
        cells = [_e(curve.label), which]
        for k in ks:
            if k > len(curve.ks):
                cells.append("<span class=na>not drawn</span>")
                continue
            i = k - 1
            cells.append(_pct(float(est.estimate[i]), float(est.low[i]), float(est.high[i]))
                         + _flag_suffix(run.info, k))
        top = int(curve.ks[-1])
        counts = run.info.flag_counts(top) if run.info else None
        cells.append("-" if counts is None else
                     f"{counts['limit_exceeded']} / {counts['unparseable_gold']}")
        rows.append(cells)
        page.notes.extend(f"{curve.label}: {n}" for n in curve.notes())
    page.sections.append(
        "<h2>pass@k</h2><p>Unbiased estimator where every problem has at least k "
        "unconditionally drawn samples, else empirical (solved within the first k samples). "
        f"Intervals: {opts.level:.0%} bootstrap percentile over problems, "
        f"{opts.n_resamples} resamples, seed {opts.seed}. Samples the verifier could not check "
        "(<code>limit_exceeded</code>: a resource limit; <code>unparseable_gold</code>: the "
        "gold answer) count as wrong; their number among the first k samples is shown under "
        "a value when not zero, and in the last column for the run's largest k.</p>"
        + _table(["run", "estimator", *[f"k={k}" for k in ks],
                  "limit_exceeded /<br>unparseable_gold"], rows, "tt" + "n" * len(ks) + "n")
    )
    caption = "pass@k vs k (paper Fig. 6"
    caption += "; post-trained runs dashed)" if any(dashed) else ")"
    if len(curves) > 10:
        caption += "; runs beyond the tenth reuse a colour with a marker"
    _add_figure(page, out_dir, "fig6_pass_at_k",
                _figures.pass_curves_figure(curves, opts.level, dashed), caption)
    longest = max(len(c.ks) for c in curves)
    _add_figure(
        page, out_dir, "fig7_marginal_gain",
        _figures.marginal_gain_figure(curves, opts.step, dashed),
        f"Marginal gain per {opts.step} samples (paper Fig. 7)",
        missing=(f"it needs at least 2 x --step = {2 * opts.step} samples per problem and the "
                 f"runs have at most {longest}; rerun the report with a smaller --step "
                 f"(e.g. --step {max(1, longest // 4)})"),
    )


def _pairs_section(
    page: _Page,
    out_dir: Path,
    pairs: Sequence[tuple[RunVerdicts, RunVerdicts]],
    opts: ReportOptions,
) -> None:
    if not pairs:
        page.sections.append(
            "<h2>Expansion</h2><p class=note>No post/base pair among the runs (give both runs "
            "of a registry pair, or --pairs POST=BASE with run labels or directory names).</p>"
        )
        return
    results: list[Comparison] = []
    curves: list[ExpansionCurve] = []
    kept = []
    for post, base in pairs:
        if not set(post.problem_ids) & set(base.problem_ids):
            page.notes.append(f"{post.label} vs {base.label}: the runs share no problem ids "
                              "(different datasets?), so the pair is left out")
            continue
        kept.append((post, base))
    pairs = kept
    if not pairs:
        page.sections.append("<h2>Expansion</h2><p class=note>No pair of runs shares a "
                             "problem (see Notes).</p>")
        return
    for post, base in pairs:
        curve = expansion_curve(base, post, n_resamples=opts.n_resamples, seed=opts.seed,
                                level=opts.level)
        curves.append(curve)
        results.append(compare(base, post, int(curve.ks[-1]), level=opts.level))
    rows = []
    for (post, base), res in zip(pairs, results, strict=True):
        cells = [_e(res.post), _e(res.base), str(res.k), str(res.n_problems),
                 str(res.base_unsolved)]
        for rate in (res.expansion, res.shrinkage, res.preservation, res.consolidation):
            if not rate.defined:
                cells.append("undefined")
            else:
                cells.append(f"{_pct(rate.value, rate.low, rate.high)} ({rate.count}/{rate.total})")
        shared = sorted(set(base.problem_ids) & set(post.problem_ids))
        for status in FLAG_STATUSES:
            counts = [r.info.flag_count(status, res.k, shared) if r.info else None
                      for r in (base, post)]
            cells.append(" / ".join("-" if c is None else str(c) for c in counts))
        rows.append(cells)
        page.notes.extend(f"{res.post} vs {res.base}: {n}" for n in res.notes)
    page.sections.append(
        "<h2>Expansion, Shrinkage, Preservation, Consolidation (paper Table 2)</h2>"
        f"<p>On the problems both runs share. Intervals: Wilson score {opts.level:.0%}. "
        "Consolidation uses R_1 = first sample correct. The last two columns count the "
        "samples (base / post, first k) the verifier could not check.</p>"
        + _table(["post", "base", "k", "problems", "base unsolved", "Expansion", "Shrinkage",
                  "Preservation", "Consolidation", "limit_exceeded<br>(base / post)",
                  "unparseable_gold<br>(base / post)"], rows, "ttnnnnnnnnn")
    )
    caption = ("Expansion (solid) and Shrinkage (dashed) vs k (paper Fig. 4"
               + ("; one panel per pair)" if len(curves) > _figures.MAX_OVERLAY else ")"))
    _add_figure(page, out_dir, "fig4_expansion", _figures.expansion_figure(curves, opts.level),
                caption)
    for res in results:
        page.sections.append(
            f"<details><summary>{_e(res.post)} vs {_e(res.base)}: "
            f"{len(res.expanded_ids)} expanded, {len(res.shrunk_ids)} shrunk</summary>"
            f"<p>expanded: {_e(', '.join(res.expanded_ids) or '-')}</p>"
            f"<p>shrunk: {_e(', '.join(res.shrunk_ids) or '-')}</p></details>"
        )


def _load_dataset_for(
    runs: Sequence[RunVerdicts], dataset: str | None, data_dir: Path | None
) -> tuple[Any, str | None, str]:
    """(Dataset or None, split, spec text or why not). Tries ``--dataset``, else the first
    run's dataset: its registered name, then the origin recorded in its manifest (a
    ``file:`` run)."""
    from ..data import load_dataset, parse_spec

    if dataset is not None:
        try:
            target, split = parse_spec(dataset)
            return load_dataset(str(target), data_dir=data_dir, allow_download=False), split, \
                dataset
        except MathbError as exc:
            return None, None, f"dataset {dataset!r} could not be loaded ({exc})"
    run = next((r for r in runs if r.dataset), None)
    if run is None:
        return None, None, "no dataset named (pass --dataset NAME or a MATH-B file path)"
    name = str(run.dataset)
    try:
        return load_dataset(name, data_dir=data_dir, allow_download=False), run.split, name
    except MathbError as exc:
        first_error = str(exc)
    origin = run.info.dataset_origin if run.info else None
    if origin and Path(origin).is_file():
        try:
            return load_dataset(f"file:{origin}"), run.split, origin
        except MathbError as exc:
            return None, None, f"the run's dataset file {origin} could not be loaded ({exc})"
    return None, None, f"dataset {name!r} could not be loaded ({first_error})"


def _load_problems(
    runs: Sequence[RunVerdicts], dataset: str | None, data_dir: Path | None
) -> tuple[tuple[Problem, ...] | None, str]:
    """The problems the dataset figures describe and a sentence saying which: the problems the
    runs sampled when the dataset holds them, else (labelled so) the whole split."""
    loaded, split, what = _load_dataset_for(runs, dataset, data_dir)
    if loaded is None:
        return None, what
    split_name = split if split in loaded.splits else loaded.default_split
    problems = loaded.split(split_name)
    where = f"{loaded.name}, split {split_name}"
    sampled = set().union(*(set(r.problem_ids) for r in runs))
    chosen = tuple(p for p in problems if p.id in sampled)
    if not chosen:
        return problems, (f"These figures describe the whole dataset ({where}: "
                          f"{len(problems)} problems); none of the runs' problem ids is in it.")
    if len(chosen) == len(problems):
        return chosen, (f"These figures describe all {len(problems)} problems of {where}, all "
                        "sampled by the runs.")
    return chosen, (f"These figures describe the {len(chosen)} problems the runs sampled "
                    f"(of {len(problems)} in {where}).")


def _with_labels(
    page: _Page, problems: tuple[Problem, ...], labels: str | Path, *,
    runs: Sequence[RunVerdicts], dataset: str | None, data_dir: Path | None,
) -> tuple[tuple[Problem, ...], tuple[str, frozenset[str]] | None]:
    """Problems with the judge's topic/difficulty, and MATH-B's intersection split (ids) for
    the union-vs-intersection difficulty histogram when the dataset has one."""
    from ..annotate import apply_labels, read_labels, text_hash

    read = read_labels(labels)
    labelled = tuple(apply_labels(problems, read))
    by_hash = {lb.text_hash for lb in read}
    matched = sum(1 for p in problems if text_hash(p.problem) in by_hash)
    judges = sorted({f"{lb.judge} ({lb.prompt_version})" for lb in read})
    page.notes.append(
        f"topic and difficulty in Figs. 2-3 are judge labels from {Path(labels).name} "
        f"({', '.join(judges) or 'no labels'}): {matched} of {len(problems)} problems have a "
        "label; others keep their dataset's own values")
    loaded, _split, _what = _load_dataset_for(runs, dataset, data_dir)
    if loaded is None or "intersection" not in loaded.splits:
        return labelled, None
    ids = frozenset(p.id for p in loaded.split("intersection"))
    if not ids & {p.id for p in problems} or {p.id for p in problems} <= ids:
        return labelled, None
    return labelled, ("intersection", ids)


def _dataset_section(
    page: _Page, out_dir: Path, problems: tuple[Problem, ...] | None, what: str,
    subset: tuple[str, frozenset[str]] | None = None,
) -> None:
    page.sections.append("<h2>Dataset</h2>")
    if problems is None:
        page.sections.append(f"<p class=note>Dataset figures skipped: {_e(what)}.</p>")
        page.notes.append(f"dataset figures skipped: {what}")
        return
    page.sections.append(f"<p>{_e(what)}</p>")
    n = f"({len(problems)} problems)"
    _add_figure(page, out_dir, "fig2_domains_sources", _figures.topics_figure(problems),
                f"Domains and sources {n} (paper Fig. 2)")
    caption = f"Difficulty {n} (paper Fig. 3)"
    if subset is not None:
        caption = f"Difficulty {n}, all vs {subset[0]} split, medians dashed (paper Fig. 3)"
    _add_figure(page, out_dir, "fig3_difficulty", _figures.difficulty_figure(problems, subset),
                caption, missing="the problems carry no difficulty")
    _add_figure(page, out_dir, "fig5_answers", _figures.answers_figure(problems),
                f"Final-answer magnitudes {n} (paper Fig. 5)",
                missing="no final answer is a plain number")
    table = unsolved_table(problems)
    if table is None:
        page.sections.append("<p class=note>No MATH-B unsolved flags: Table 4 skipped.</p>")
        return
    rows = [[_e(r.label), _e(r.role), _e(r.base or "-"), str(r.unsolved)] for r in table]
    page.sections.append(
        "<h3>Unsolved problems per model (paper Table 4, from the dataset's flags; "
        f"{len(problems)} problems)</h3>"
        + _table(["model", "role", "base", "unsolved"], rows, "tttn")
    )


_CSS = """
*{box-sizing:border-box}
body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222;
line-height:1.4}
p,li,figcaption,summary{overflow-wrap:break-word}
.scroll{overflow-x:auto;max-width:100%;margin:1em 0}
table{border-collapse:collapse;font-size:0.9em}
th,td{border:1px solid #ccc;padding:4px 8px;vertical-align:top}
th{background:#f4f4f4;text-align:left}
td.text{text-align:left;white-space:nowrap}
td.num{text-align:right;white-space:nowrap}th.num{text-align:right}
td.path{text-align:left;word-break:break-all;min-width:14em}
td .ci{display:block;color:#666;font-size:0.85em}.ci{color:#666}
.note{color:#8a5300}.flag{color:#a33;font-size:0.8em}.na{color:#999}
figure{margin:1.5em 0}img{max-width:100%;height:auto}figcaption{color:#555;font-size:0.9em}
@media (max-width:600px){body{margin:0.5em auto;padding:0 0.5em}table{font-size:0.8em}
th,td{padding:3px 5px}h1{font-size:1.5em}}
"""

_FIGURE_FILE = re.compile(r"^fig\d_[a-z0-9_]+\.png$")


def build_report(
    runs: Sequence[RunVerdicts],
    out_dir: str | Path,
    *,
    pairs: Sequence[tuple[str, str]] | None = None,
    dataset: str | None = None,
    data_dir: str | Path | None = None,
    options: ReportOptions | None = None,
    labels: str | Path | None = None,
) -> ReportResult:
    """Write ``report.html`` (self-contained, PNGs embedded as base64) and the PNGs to
    ``out_dir``. ``pairs`` are (post, base) run labels, run directory names or paths, or model
    names; by default they are inferred from the model registry. Dataset figures describe the
    problems the runs sampled and are skipped (with a note) when the dataset cannot be loaded
    locally. ``labels`` (a ``mathb annotate`` labels file) replaces the problems' topic and
    difficulty in Figs. 2-3 by the judge's. Runs scored by different verifier versions raise
    ``ValueError`` unless
    ``options.allow_mixed_verifiers``. Everything is written to a temporary directory first:
    a failure leaves ``out_dir`` as it was.
    """
    if not runs:
        raise ValueError("the report needs at least one run")
    opts = options or ReportOptions()
    labelled = _unique_labels(runs)
    page = _Page()
    mixed = verifier_mismatch({r.label: r.info for r in labelled if r.info is not None})
    if mixed is not None:
        if not opts.allow_mixed_verifiers:
            raise ValueError(mixed)
        page.notes.append(mixed.split("; rescore")[0] + ": verdicts are not comparable")
    if pairs is None:
        resolved = infer_pairs(labelled)
    else:
        resolved = [(_find_run(labelled, p), _find_run(labelled, b)) for p, b in pairs]
    out = Path(out_dir)
    parent = out.parent if out.parent.is_dir() else None
    tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.tmp-", dir=parent))
    try:
        html_path = _write_report(page, tmp, runs=labelled, pairs=resolved, dataset=dataset,
                                  data_dir=data_dir, opts=opts, labels=labels)
        figures = _publish(tmp, out, page.figures)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return ReportResult(html=out / html_path.name, figures=figures, notes=tuple(page.notes))


def _write_report(
    page: _Page,
    out: Path,
    *,
    runs: Sequence[RunVerdicts],
    pairs: Sequence[tuple[RunVerdicts, RunVerdicts]],
    dataset: str | None,
    data_dir: str | Path | None,
    opts: ReportOptions,
    labels: str | Path | None = None,
) -> Path:
    from ..models import find_model

    _runs_section(page, runs)
    _run_notes(page, runs)
    curves = [
        pass_curves(r, n_resamples=opts.n_resamples, seed=opts.seed, level=opts.level)
        for r in runs
    ]
    posts = {id(p) for p, _ in pairs}
    dashed = []
    for r in runs:
        spec = find_model(r.model) if r.model else None
        dashed.append(id(r) in posts or (spec is not None and spec.role == "post"))
    _pass_section(page, out, curves=curves, runs=runs, dashed=dashed, opts=opts)
    _pairs_section(page, out, pairs, opts)
    root = None if data_dir is None else Path(data_dir)
    problems, what = _load_problems(runs, dataset, root)
    subset = None
    if problems is not None and labels is not None:
        problems, subset = _with_labels(page, problems, labels, runs=runs, dataset=dataset,
                                         data_dir=root)
    _dataset_section(page, out, problems, what, subset)
    notes = "".join(f"<li>{_e(n)}</li>" for n in page.notes) or "<li>none</li>"
    stamp = _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    doc = (
        "<!DOCTYPE html><html lang=en><head><meta charset=utf-8>"
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        "<title>mathbeyond report</title>"
        f"<style>{_CSS}</style></head><body>"
        "<h1>MATH-Beyond report</h1>"
        f"<p>mathbeyond {__version__}, {stamp}.</p>"
        + "".join(page.sections)
        + f"<h2>Notes</h2><ul>{notes}</ul></body></html>\n"
    )
    html_path = out / "report.html"
    html_path.write_text(doc, encoding="utf-8")
    return html_path


def _publish(tmp: Path, out: Path, figures: dict[str, Path]) -> dict[str, Path]:
    """Move the finished files from ``tmp`` into ``out``; figure files of an earlier report
    that this one did not draw are removed (they would describe other runs)."""
    out.mkdir(parents=True, exist_ok=True)
    for old in out.iterdir():
        if _FIGURE_FILE.match(old.name) and old.stem not in figures:
            old.unlink()
    for item in tmp.iterdir():
        target = out / item.name
        try:
            os.replace(item, target)
        except OSError:  # another file system
            shutil.move(str(item), str(target))
    return {name: out / path.name for name, path in figures.items()}
