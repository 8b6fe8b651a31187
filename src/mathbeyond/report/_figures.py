"""The report's figures (paper Figs. 2-7), drawn on matplotlib ``Figure`` objects (Agg, no
pyplot global state). ``draw_*`` return the figure (tests inspect it); ``*_figure`` return PNG
bytes.

Readability rules: every run gets its own (colour, marker) pair, so up to 80 runs never share a
style (ten colours, then markers); post-trained runs are dashed; Expansion over more than
:data:`MAX_OVERLAY` pairs is drawn as small multiples; an all-zero curve is shown on a full
0-100% axis; count axes have integer ticks.
"""

from __future__ import annotations

import io
import textwrap
from collections.abc import Sequence
from typing import Any

import numpy as np

from .._optional import require
from ..data import Problem
from ..metrics import ExpansionCurve, PassCurve, marginal_gain
from ._problems import count_by, difficulties, domain_of, parse_number

_DPI = 110
MAX_BANDS = 6
"""Most curves drawn with their bootstrap bands in one figure."""
MAX_OVERLAY = 4
"""Most post/base pairs overlaid in one Expansion plot; more are drawn as small multiples."""
_MARKERS = ("", "o", "s", "^", "D", "v", "P", "X")


def _figure(width: float, height: float) -> Any:
    require("matplotlib", "plot")
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), dpi=_DPI, layout="constrained")
    FigureCanvasAgg(fig)
    return fig


def _png(fig: Any) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=_DPI)
    return buf.getvalue()


def styles(count: int, *, always_marker: bool = False) -> list[tuple[Any, str]]:
    """(colour, marker) per run: ten distinct colours, then the same colours with markers
    (``always_marker``: every run has a marker, the first ten a circle)."""
    require("matplotlib", "plot")
    from matplotlib import colormaps

    cmap = colormaps["tab10"]
    markers = _MARKERS[1:] if always_marker else _MARKERS
    return [(cmap(i % 10), markers[(i // 10) % len(markers)]) for i in range(count)]


def _markevery(ks: Any) -> list[int]:
    """Marker positions at k = 1, 2, 4, ... (evenly spaced on the log2 axis)."""
    n = len(ks)
    return [(1 << i) - 1 for i in range(n.bit_length()) if (1 << i) - 1 < n]


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


def _percent_axis(ax: Any, highest: float) -> None:
    """0 at the bottom; a full 0-100 axis when everything is zero (or missing)."""
    if not np.isfinite(highest) or highest <= 0:
        ax.set_ylim(0.0, 100.0)
        ax.text(0.5, 0.5, "every value is 0", transform=ax.transAxes, ha="center",
                va="center", color="#777", fontsize=10)
    else:
        ax.set_ylim(bottom=0.0)


def _integer_axis(axis: Any) -> None:
    from matplotlib.ticker import MaxNLocator

    axis.set_major_locator(MaxNLocator(integer=True))


def _top(*arrays: Any) -> float:
    values = [float(np.nanmax(a)) for a in arrays if np.size(a) and not np.all(np.isnan(a))]
    return max(values, default=0.0)


def primary_estimate(curve: PassCurve) -> tuple[str, Any]:
    """The estimator plotted for a run: unbiased where it covers every k, else empirical."""
    if curve.max_unbiased_k >= int(curve.ks[-1]):
        return "unbiased", curve.unbiased
    return "empirical", curve.empirical


def draw_pass_curves(
    curves: Sequence[PassCurve], level: float, dashed: Sequence[bool] | None = None
) -> Any:
    """Fig. 6: pass@k vs k (log2 axis) with bootstrap bands (bands drawn for up to
    :data:`MAX_BANDS` runs; beyond that they would hide the lines). ``dashed`` runs (the
    post-trained side of a pair) are drawn dashed."""
    fig = _figure(9.0 if len(curves) > 6 else 7.0, 4.6)
    ax = fig.add_subplot()
    k_top = 1
    bands = len(curves) <= MAX_BANDS
    dash = list(dashed) if dashed is not None else [False] * len(curves)
    highest = 0.0
    for curve, (color, marker), is_post in zip(curves, styles(len(curves)), dash, strict=True):
        which, est = primary_estimate(curve)
        ks = curve.ks
        k_top = max(k_top, int(ks[-1]))
        label = curve.label if which == "unbiased" else f"{curve.label} (empirical)"
        ax.plot(ks, 100 * est.estimate, color=color, lw=1.6, ls="--" if is_post else "-",
                marker=marker or None, ms=4, markevery=_markevery(ks), label=label)
        highest = max(highest, _top(100 * est.estimate, 100 * est.high))
        if bands:
            ax.fill_between(ks, 100 * est.low, 100 * est.high, color=color, alpha=0.13, lw=0)
    _log2_axis(ax, k_top)
    ax.set_xlabel("k (samples per problem, log2 scale)")
    ax.set_ylabel("pass@k (%)")
    title = (f"pass@k with {level:.0%} bootstrap bands (over problems)" if bands
             else f"pass@k ({len(curves)} runs; bands omitted, see the table)")
    ax.set_title(title, fontsize=10)
    ax.grid(True, alpha=0.3)
    _percent_axis(ax, highest)
    _legend(ax, len(curves))
    return fig


def pass_curves_figure(
    curves: Sequence[PassCurve], level: float, dashed: Sequence[bool] | None = None
) -> bytes:
    return _png(draw_pass_curves(curves, level, dashed))


def draw_marginal_gain(
    curves: Sequence[PassCurve], step: int, dashed: Sequence[bool] | None = None
) -> Any | None:
    """Fig. 7: ``pass@(k+step) - pass@k`` in percentage points at ``k = step, 2 step, ...``;
    None when no run has ``2 * step`` samples per problem."""
    dash = list(dashed) if dashed is not None else [False] * len(curves)
    style = dict(zip((c.label for c in curves), styles(len(curves), always_marker=True),
                     strict=True))
    usable = [(c, d) for c, d in zip(curves, dash, strict=True) if len(c.ks) >= 2 * step]
    if not usable:
        return None
    fig = _figure(9.0 if len(usable) > 6 else 7.0, 4.2)
    ax = fig.add_subplot()
    highest = 0.0
    for curve, is_post in usable:
        color, marker = style[curve.label]
        _, est = primary_estimate(curve)
        gain = marginal_gain(est.estimate, step)  # index i <-> k = i + 1
        ks = np.arange(step, len(curve.ks) - step + 1, step)
        values = 100 * gain[ks - 1]
        highest = max(highest, _top(values))
        ax.plot(ks, values, color=color, lw=1.4, marker=marker, ms=3,
                ls="--" if is_post else "-", label=curve.label)
    ax.set_xlabel("k (samples per problem)")
    _integer_axis(ax.xaxis)
    ax.set_ylabel(f"pass@(k+{step}) - pass@k (points)")
    ax.set_title(f"Marginal gain of {step} more samples", fontsize=10)
    ax.grid(True, alpha=0.3)
    _percent_axis(ax, highest)
    _legend(ax, len(usable))
    return fig


def marginal_gain_figure(
    curves: Sequence[PassCurve], step: int, dashed: Sequence[bool] | None = None
) -> bytes | None:
    fig = draw_marginal_gain(curves, step, dashed)
    return None if fig is None else _png(fig)


def _expansion_on(ax: Any, curve: ExpansionCurve, color: Any, band: bool) -> float:
    ks = curve.ks
    e = curve.expansion
    ax.plot(ks, 100 * e.estimate, color=color, lw=1.6, label=f"{curve.post} vs {curve.base}")
    if band:
        ax.fill_between(ks, 100 * e.low, 100 * e.high, color=color, alpha=0.15, lw=0)
    ax.plot(ks, 100 * curve.shrinkage.estimate, color=color, lw=1.0, ls="--")
    return _top(100 * e.estimate, 100 * e.high, 100 * curve.shrinkage.estimate)


def draw_expansion(curves: Sequence[ExpansionCurve], level: float) -> Any:
    """Fig. 4: Expansion (solid, band) and Shrinkage (dashed) vs k for each post/base pair:
    one plot for up to :data:`MAX_OVERLAY` pairs, else one small plot per pair."""
    require("matplotlib", "plot")
    from matplotlib.lines import Line2D

    k_top = max((int(c.ks[-1]) for c in curves), default=1)
    key = [Line2D([], [], color="black", lw=1.6, label="Expansion"),
           Line2D([], [], color="black", lw=1.0, ls="--", label="Shrinkage")]
    if len(curves) <= MAX_OVERLAY:
        fig = _figure(7.0, 4.4)
        ax = fig.add_subplot()
        highest = 0.0
        handles = []
        for curve, (color, _) in zip(curves, styles(len(curves)), strict=True):
            highest = max(highest, _expansion_on(ax, curve, color, True))
            handles.append(ax.get_lines()[-2])
        _log2_axis(ax, k_top)
        ax.set_xlabel("k (samples per problem, log2 scale)")
        ax.set_ylabel("share of problems (%)")
        ax.set_title(f"Expansion vs k ({level:.0%} paired bootstrap bands)", fontsize=10)
        ax.grid(True, alpha=0.3)
        _percent_axis(ax, highest)
        ax.legend(handles=handles + key, loc="upper left", fontsize=8, frameon=True)
        return fig
    ncols = 3
    nrows = -(-len(curves) // ncols)
    fig = _figure(10.0, 1.2 + 2.3 * nrows)
    axes = fig.subplots(nrows, ncols, sharex=True, sharey=True, squeeze=False).ravel()
    highest = 0.0
    color = styles(1)[0][0]
    for ax, curve in zip(axes, curves, strict=False):
        highest = max(highest, _expansion_on(ax, curve, color, True))
        _log2_axis(ax, k_top)
        ax.set_title(f"{curve.post} vs {curve.base}", fontsize=8)
        ax.grid(True, alpha=0.3)
    for ax in axes[len(curves):]:
        fig.delaxes(ax)
    for ax in axes[max(0, len(curves) - ncols):len(curves)]:
        ax.xaxis.set_tick_params(labelbottom=True)  # bottom panel of its column
    _percent_axis(axes[0], highest)
    fig.supxlabel("k (samples per problem, log2 scale)", fontsize=9)
    fig.supylabel("share of problems (%)", fontsize=9)
    fig.suptitle(f"Expansion (solid, {level:.0%} paired bootstrap band) and Shrinkage (dashed) "
                 f"vs k, {len(curves)} pairs", fontsize=10)
    return fig


def expansion_figure(curves: Sequence[ExpansionCurve], level: float) -> bytes:
    return _png(draw_expansion(curves, level))


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
    ax.set_xlim(0, max(max(values, default=1), 1) * 1.35)
    _integer_axis(ax.xaxis)


def _short(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def draw_topics(problems: Sequence[Problem]) -> Any:
    """Fig. 2: domain and source distribution."""
    fig = _figure(10.0, 4.6)
    left, right = fig.subplots(1, 2, width_ratios=[1.3, 1.0])
    _barh(left, count_by([domain_of(p.topic) for p in problems], top=12),
          "Domain (top level of topic)", "#4c72b0")
    _barh(right, count_by([p.source for p in problems], top=10), "Source", "#dd8452")
    fig.suptitle(f"Problem domains and sources ({len(problems)} problems)", fontsize=11)
    return fig


def topics_figure(problems: Sequence[Problem]) -> bytes:
    return _png(draw_topics(problems))


def _difficulty_axis(ax: Any, values: Any) -> Any:
    """Bins one grid step wide centred on the values, ticks on the grid (1 or 0.5 apart)."""
    from matplotlib.ticker import MaxNLocator, MultipleLocator

    lo, hi = float(values.min()), float(values.max())
    step = 1.0 if np.all(values == np.round(values)) else 0.5
    if hi - lo > 20 or not np.all(values / step == np.round(values / step)):
        ax.xaxis.set_major_locator(MaxNLocator(nbins=10))
        return 20
    ax.set_xlim(lo - step, hi + step)
    ax.xaxis.set_major_locator(MultipleLocator(step if hi - lo <= 10 else 2 * step))
    return np.arange(lo - step / 2, hi + step, step)


def draw_difficulty(
    problems: Sequence[Problem], subset: tuple[str, frozenset[str]] | None = None
) -> Any | None:
    """Fig. 3: difficulty distribution (histogram if numeric, else label counts). ``subset``
    (name, problem ids), e.g. MATH-B's intersection: both histograms overlaid, medians dashed."""
    numeric, other = difficulties(problems)
    if not numeric and not other:
        return None
    fig = _figure(6.5, 3.8)
    ax = fig.add_subplot()
    inner, _ = difficulties([p for p in problems if subset and p.id in subset[1]])
    if numeric and subset is not None and inner:
        values = np.asarray(numeric)
        bins = _difficulty_axis(ax, values)
        for data, name, color in ((values, "all", "#55a868"),
                                  (np.asarray(inner), subset[0], "#c44e52")):
            med = float(np.median(data))
            ax.hist(data, bins=bins, color=color, alpha=0.6, edgecolor="white",
                    label=f"{name} (n={len(data)}, median {med:g})")
            ax.axvline(med, color=color, linestyle="--", linewidth=1.2)
        ax.set_xlabel("difficulty")
        ax.set_ylabel("problems")
        _integer_axis(ax.yaxis)
        ax.legend(fontsize=8)
        ax.set_title(f"Difficulty: all vs {subset[0]}", fontsize=10)
    elif numeric:
        values = np.asarray(numeric)
        bins = _difficulty_axis(ax, values)
        ax.hist(values, bins=bins, color="#55a868", edgecolor="white")
        ax.set_xlabel("difficulty")
        ax.set_ylabel("problems")
        _integer_axis(ax.yaxis)
        extra = f"; {len(other)} non-numeric" if other else ""
        ax.set_title(f"Difficulty ({len(numeric)} rated{extra}); mean {values.mean():.2f}",
                     fontsize=10)
    else:
        counts = count_by(other, top=15)
        _barh(ax, counts, "Difficulty labels", "#55a868")
    ax.grid(True, axis="y", alpha=0.3)
    return fig


def difficulty_figure(
    problems: Sequence[Problem], subset: tuple[str, frozenset[str]] | None = None
) -> bytes | None:
    fig = draw_difficulty(problems, subset)
    return None if fig is None else _png(fig)


def draw_answers(problems: Sequence[Problem]) -> Any | None:
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
    _integer_axis(ax.yaxis)
    skipped = len(values) - int(numeric.size)
    parts = [f"{numeric.size} of {len(values)} answers are plain numbers"]
    if zeros:
        parts.append(f"{zeros} zero (not shown)")
    if negatives:
        parts.append(f"{negatives} negative")
    if skipped:
        parts.append(f"{skipped} non-numeric (not shown)")
    ax.set_title("Final-answer magnitudes\n" + textwrap.fill(", ".join(parts), 64), fontsize=9)
    ax.grid(True, axis="y", alpha=0.3)
    return fig


def answers_figure(problems: Sequence[Problem]) -> bytes | None:
    fig = draw_answers(problems)
    return None if fig is None else _png(fig)
