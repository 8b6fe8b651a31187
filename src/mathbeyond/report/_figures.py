"""The report's figures (paper Figs. 2-7), drawn on matplotlib ``Figure`` objects (Agg, no
pyplot global state) and returned as PNG bytes.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

import numpy as np

from .._optional import require
from ..data import Problem
from ..metrics import ExpansionCurve, PassCurve, marginal_gain
from ..models import find_model
from ._problems import count_by, difficulties, domain_of, parse_number

_DPI = 110
MAX_BANDS = 6
"""Most curves drawn with their bootstrap bands in one figure."""


def _figure(width: float, height: float) -> Any:
    require("matplotlib", "plot")
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), dpi=_DPI, layout="constrained")


def _png(fig: Any) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=_DPI)
    return buf.getvalue()


def _colors(count: int) -> list[Any]:
    require("matplotlib", "plot")
    from matplotlib import colormaps

    cmap = colormaps["tab10" if count <= 10 else "tab20"]
    return [cmap(i % cmap.N) for i in range(count)]


def _legend(ax: Any, count: int) -> None:
    if count <= 6:
        ax.legend(loc="best", fontsize=8, frameon=True)
    else:
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=7, frameon=False,
                  ncols=1 if count <= 16 else 2)


def _log2_axis(ax: Any, k_max: int) -> None:
    ax.set_xscale("log", base=2)
    ticks = [1 << i for i in range(k_max.bit_length()) if (1 << i) <= k_max]
    ax.set_xticks(ticks)
    ax.set_xticklabels([str(t) for t in ticks], fontsize=8)
    ax.set_xlim(1, max(2, k_max))


def primary_estimate(curve: PassCurve) -> tuple[str, Any]:
    """The estimator plotted for a run: unbiased where it covers every k, else empirical."""
    if curve.max_unbiased_k >= int(curve.ks[-1]):
        return "unbiased", curve.unbiased
    return "empirical", curve.empirical


def _line_style(label_model: str | None) -> str:
    spec = find_model(label_model) if label_model else None
    return "--" if spec is not None and spec.role == "post" else "-"


def pass_curves_figure(
    curves: Sequence[PassCurve], level: float, models: Sequence[str | None] | None = None
) -> bytes:
    """Fig. 6: pass@k vs k (log2 axis) with bootstrap bands (bands drawn for up to
    :data:`MAX_BANDS` runs; beyond that they would hide the lines). Post-trained models dashed.
    """
    fig = _figure(9.0 if len(curves) > 6 else 7.0, 4.6)
    ax = fig.add_subplot()
    k_top = 1
    bands = len(curves) <= MAX_BANDS
    models = list(models) if models is not None else [None] * len(curves)
    for curve, color, model in zip(curves, _colors(len(curves)), models, strict=True):
        which, est = primary_estimate(curve)
        ks = curve.ks
        k_top = max(k_top, int(ks[-1]))
        label = curve.label if which == "unbiased" else f"{curve.label} (empirical)"
        ax.plot(ks, 100 * est.estimate, color=color, lw=1.6, ls=_line_style(model), label=label)
        if bands:
            ax.fill_between(ks, 100 * est.low, 100 * est.high, color=color, alpha=0.13, lw=0)
    _log2_axis(ax, k_top)
    ax.set_xlabel("k (samples per problem, log2 scale)")
    ax.set_ylabel("pass@k (%)")
    title = (f"pass@k with {level:.0%} bootstrap bands (over problems)" if bands
             else f"pass@k ({len(curves)} runs; bands omitted, see the table)")
    ax.set_title(title)
    ax.grid(True, alpha=0.3)
    ax.set_ylim(bottom=0)
    _legend(ax, len(curves))
    return _png(fig)


def marginal_gain_figure(
    curves: Sequence[PassCurve], step: int, models: Sequence[str | None] | None = None
) -> bytes | None:
    """Fig. 7: ``pass@(k+step) - pass@k`` in percentage points at ``k = step, 2 step, ...``."""
    model_of = dict(zip((c.label for c in curves), models or [None] * len(curves), strict=True))
    usable = [c for c in curves if len(c.ks) >= 2 * step]
    if not usable:
        return None
    fig = _figure(9.0 if len(usable) > 6 else 7.0, 4.2)
    ax = fig.add_subplot()
    for curve, color in zip(usable, _colors(len(usable)), strict=True):
        _, est = primary_estimate(curve)
        gain = marginal_gain(est.estimate, step)  # index i <-> k = i + 1
        ks = np.arange(step, len(curve.ks) - step + 1, step)
        ax.plot(ks, 100 * gain[ks - 1], color=color, lw=1.4, marker="o", ms=3,
                ls=_line_style(model_of[curve.label]), label=curve.label)
    ax.set_xlabel("k (samples per problem)")
    ax.set_ylabel(f"pass@(k+{step}) - pass@k (points)")
    ax.set_title(f"Marginal gain of {step} more samples")
    ax.grid(True, alpha=0.3)
    ax.set_ylim(bottom=0)
    _legend(ax, len(usable))
    return _png(fig)


def expansion_figure(curves: Sequence[ExpansionCurve], level: float) -> bytes:
    """Fig. 4: Expansion (solid, band) and Shrinkage (dashed) vs k for each post/base pair."""
    require("matplotlib", "plot")
    from matplotlib.lines import Line2D

    fig = _figure(8.0 if len(curves) > 6 else 7.0, 4.4)
    ax = fig.add_subplot()
    k_top = 1
    handles = []
    for curve, color in zip(curves, _colors(len(curves)), strict=True):
        ks = curve.ks
        k_top = max(k_top, int(ks[-1]))
        e = curve.expansion
        (line,) = ax.plot(ks, 100 * e.estimate, color=color, lw=1.6,
                          label=f"{curve.post} vs {curve.base}")
        handles.append(line)
        if len(curves) <= MAX_BANDS:
            ax.fill_between(ks, 100 * e.low, 100 * e.high, color=color, alpha=0.15, lw=0)
        ax.plot(ks, 100 * curve.shrinkage.estimate, color=color, lw=1.0, ls="--")
    handles += [Line2D([], [], color="black", lw=1.6, label="Expansion"),
                Line2D([], [], color="black", lw=1.0, ls="--", label="Shrinkage")]
    _log2_axis(ax, k_top)
    ax.set_xlabel("k (samples per problem, log2 scale)")
    ax.set_ylabel("share of problems (%)")
    ax.set_title(f"Expansion vs k ({level:.0%} paired bootstrap bands)"
                 if len(curves) <= MAX_BANDS
                 else f"Expansion vs k ({len(curves)} pairs; bands omitted, see the table)")
    ax.grid(True, alpha=0.3)
    ax.set_ylim(bottom=0)
    if len(handles) <= 8:
        ax.legend(handles=handles, loc="upper left", fontsize=8, frameon=True)
    else:
        ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=7,
                  frameon=False)
    return _png(fig)


def _barh(ax: Any, counts: list[tuple[str, int]], title: str, color: str) -> None:
    labels = [c[0] for c in counts][::-1]
    values = [c[1] for c in counts][::-1]
    total = sum(values) or 1
    bars = ax.barh(range(len(values)), values, color=color)
    ax.set_yticks(range(len(values)))
    ax.set_yticklabels([_short(lbl, 34) for lbl in labels], fontsize=8)
    ax.set_xlabel("problems")
    ax.set_title(title, fontsize=10)
    for bar, value in zip(bars, values, strict=True):
        ax.text(bar.get_width(), bar.get_y() + bar.get_height() / 2,
                f" {value} ({100 * value / total:.0f}%)", va="center", fontsize=7)
    ax.set_xlim(0, max(values, default=1) * 1.3)


def _short(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def topics_figure(problems: Sequence[Problem]) -> bytes:
    """Fig. 2: domain and source distribution."""
    fig = _figure(10.0, 4.6)
    left, right = fig.subplots(1, 2, width_ratios=[1.3, 1.0])
    _barh(left, count_by([domain_of(p.topic) for p in problems], top=12),
          "Domain (top level of topic)", "#4c72b0")
    _barh(right, count_by([p.source for p in problems], top=10), "Source", "#dd8452")
    fig.suptitle(f"Problem domains and sources ({len(problems)} problems)", fontsize=11)
    return _png(fig)


def difficulty_figure(problems: Sequence[Problem]) -> bytes | None:
    """Fig. 3: difficulty distribution (histogram if numeric, else label counts)."""
    numeric, other = difficulties(problems)
    if not numeric and not other:
        return None
    fig = _figure(6.5, 3.8)
    ax = fig.add_subplot()
    if numeric:
        values = np.asarray(numeric)
        lo, hi = float(values.min()), float(values.max())
        bins = np.arange(lo - 0.25, hi + 0.5, 0.5) if hi - lo <= 20 else 20
        ax.hist(values, bins=bins, color="#55a868", edgecolor="white")
        ax.set_xlabel("difficulty")
        ax.set_ylabel("problems")
        extra = f"; {len(other)} non-numeric" if other else ""
        ax.set_title(f"Difficulty ({len(numeric)} rated{extra}); mean {values.mean():.2f}",
                     fontsize=10)
    else:
        counts = count_by(other, top=15)
        _barh(ax, counts, "Difficulty labels", "#55a868")
    ax.grid(True, axis="y", alpha=0.3)
    return _png(fig)


def answers_figure(problems: Sequence[Problem]) -> bytes | None:
    """Fig. 5: distribution of numeric final answers, |answer| on a log scale."""
    values = [parse_number(p.answer) for p in problems]
    numeric = np.asarray([v for v in values if v is not None], dtype=np.float64)
    if numeric.size == 0:
        return None
    magnitude = np.abs(numeric)
    positive = magnitude[magnitude > 0]
    zeros = int((magnitude == 0).sum())
    negatives = int((numeric < 0).sum())
    fig = _figure(6.5, 3.8)
    ax = fig.add_subplot()
    if positive.size:
        top = max(1.0, float(np.ceil(np.log10(positive.max()))))
        bins = np.logspace(0 if positive.min() >= 1 else np.floor(np.log10(positive.min())),
                           top + 0.001, int(2 * top) + 2)
        ax.hist(positive, bins=bins, color="#8172b3", edgecolor="white")
        ax.set_xscale("log")
    ax.set_xlabel("|final answer| (log scale)")
    ax.set_ylabel("problems")
    skipped = len(values) - int(numeric.size)
    parts = [f"{numeric.size} numeric answers"]
    if zeros:
        parts.append(f"{zeros} zero (not shown)")
    if negatives:
        parts.append(f"{negatives} negative")
    if skipped:
        parts.append(f"{skipped} non-numeric")
    ax.set_title("Final answers: " + ", ".join(parts), fontsize=10)
    ax.grid(True, axis="y", alpha=0.3)
    return _png(fig)
