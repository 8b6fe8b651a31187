"""`mathb metrics`, `mathb compare` and `mathb report`."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import click

from .._errors import ConfigError
from ._common import console as make_console
from ._common import data_dir

_RESAMPLES = click.option(
    "--resamples", type=click.IntRange(min=1), default=1000, show_default=True,
    help="Bootstrap resamples over problems.",
)
_SEED = click.option("--seed", type=int, default=0, show_default=True, help="Bootstrap seed.")
_LEVEL = click.option(
    "--level", type=click.FloatRange(0.5, 0.999), default=0.95, show_default=True,
    help="Confidence level of the intervals.",
)


@contextmanager
def _as_config_errors() -> Iterator[None]:
    """Metric functions raise ValueError on impossible requests; show them as one line."""
    try:
        yield
    except ValueError as exc:
        raise ConfigError(str(exc)) from None


def _fmt(cell: dict[str, Any] | None, scale: float = 100.0) -> str:
    if cell is None or cell.get("value") is None:
        return "n/a"
    low, high = cell.get("ci_low"), cell.get("ci_high")
    text = f"{cell['value'] * scale:.2f}%"
    if low is not None and high is not None:
        text += f" [{low * scale:.2f}, {high * scale:.2f}]"
    return text


@click.command("metrics")
@click.argument("run", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@click.option("--k-max", type=click.IntRange(min=1), default=None,
              help="Largest k (default: the largest k the run supports).")
@_RESAMPLES
@_SEED
@_LEVEL
def metrics(
    *, run: Path, as_json: bool, k_max: int | None, resamples: int, seed: int, level: float
) -> None:
    """pass@k of one RUN at k = 1, 2, 4, ..., K with bootstrap intervals (both estimators)."""
    from rich.table import Table

    from ..metrics import load_run, pass_at_k_table, pass_curves

    verdicts = load_run(run)
    with _as_config_errors():
        curve = pass_curves(verdicts, k_max, n_resamples=resamples, seed=seed, level=level)
        rows = pass_at_k_table(curve)
    notes = curve.notes()
    if as_json:
        payload = {
            "run": str(run),
            "model": verdicts.model,
            "n_problems": verdicts.n_problems,
            "adaptive": verdicts.adaptive,
            "max_empirical_k": curve.max_empirical_k,
            "max_unbiased_k": curve.max_unbiased_k,
            "interval": f"bootstrap percentile over problems, {level:.0%}, "
                        f"{resamples} resamples, seed {seed}",
            "rows": rows,
            "notes": notes,
        }
        click.echo(json.dumps(payload, indent=2))
        return
    table = Table(title=f"pass@k: {verdicts.label} ({verdicts.n_problems} problems)")
    table.add_column("k", justify="right")
    table.add_column("empirical (first k samples)", justify="right")
    table.add_column("unbiased estimator", justify="right")
    for row in rows:
        table.add_row(str(row["k"]), _fmt(row["empirical"]), _fmt(row["unbiased"]))
    console = make_console()
    console.print(table)
    console.print(f"intervals: {level:.0%} bootstrap percentile over problems "
                  f"({resamples} resamples, seed {seed})")
    for note in notes:
        console.print(f"note: {note}")


@click.command("compare")
@click.option("--base", "base_run", default=None,
              type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="Run directory of the base model (a fresh base run: re-measures it). "
                   "Without --base/--runs the base is read from the dataset's unsolved flags.")
@click.option("--post", "post_run", required=True,
              type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="Run directory of the post-trained model.")
@click.option("--runs", "runs_dir", default=None,
              type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="Directory of runs: use the run of --post's recorded base model on the same "
                   "dataset and split.")
@click.option("--base-model", "base_model", default=None, metavar="NAME",
              help="Base model name (default: the one --post records): the run to find with "
                   "--runs, or whose unsolved flags to read.")
@click.option("--k", "k", type=click.IntRange(min=1), default=None,
              help="Sampling budget k (default: the smaller of the two runs' k, e.g. 1024).")
@click.option("--r1", type=click.Choice(["first", "majority"]), default="first",
              show_default=True,
              help="R_1 for Consolidation: first sample correct, or mean accuracy >= 0.5.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@_LEVEL
@click.pass_context
def compare(
    ctx: click.Context, *, base_run: Path | None, post_run: Path, runs_dir: Path | None,
    base_model: str | None, k: int | None, r1: str, as_json: bool, level: float
) -> None:
    """Expansion, Shrinkage, Preservation and Consolidation of --post over --base (Table 2).

    With --base (or --runs) the base is measured and an exact McNemar test is added; without,
    on a dataset that records unsolved flags (mathb:BASE), the base is read from the flags.
    """
    from rich.table import Table

    from ..metrics import compare_paired, find_base_run, load_run
    from ._pairing import compare_to_flags, paired_payload, print_paired_lines, problems_or_none

    if base_run is None and runs_dir is not None:
        base_run = find_base_run(post_run, runs_dir, base_model=base_model)
    if base_run is None:
        compare_to_flags(post_run=post_run, k=k, r1=r1, base_model=base_model, as_json=as_json,
                         level=level, data_dir=data_dir(ctx))
        return
    base = load_run(base_run)
    post = load_run(post_run)
    if k is None:
        k = min(base.target_k or base.max_empirical_k, post.target_k or post.max_empirical_k)
    with _as_config_errors():
        paired = compare_paired(base, post, k, problems=problems_or_none(post_run, data_dir(ctx)),
                                base_model=base_model,
                                r1="majority" if r1 == "majority" else "first", level=level)
    result = paired.comparison
    data = result.as_dict()
    if as_json:
        click.echo(json.dumps({**data, **paired_payload(paired)}, indent=2))
        return
    table = Table(title=f"{result.post} vs base {result.base} at pass@{k} "
                        f"({result.n_problems} shared problems)")
    for name in ("base unsolved", "Expansion", "Shrinkage", "Preservation", "Consolidation"):
        table.add_column(name, justify="right")
    cells = [f"{result.base_unsolved}"]
    for key in ("expansion", "shrinkage", "preservation", "consolidation"):
        rate = data[key]
        text = "undefined" if not rate["defined"] else _fmt(rate)
        cells.append(f"{text}\n({rate['count']}/{rate['total']})")
    table.add_row(*cells)
    console = make_console()
    console.print(table)
    console.print(f"intervals: Wilson score {level:.0%}; {data['r1_definition']}")
    console.print(f"expanded ({len(result.expanded_ids)}): "
                  + (", ".join(result.expanded_ids) or "-"))
    console.print(f"shrunk ({len(result.shrunk_ids)}): " + (", ".join(result.shrunk_ids) or "-"))
    print_paired_lines(console, paired)
    for note in result.notes:
        console.print(f"note: {note}")


@click.command("report")
@click.argument("runs", nargs=-1, required=True,
                type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--out", "out_dir", required=True,
              type=click.Path(file_okay=False, path_type=Path), help="Output directory.")
@click.option("--pairs", "pairs", multiple=True, metavar="POST=BASE",
              help="Post/base pair by run label (model name) or run path; repeatable. "
                   "Default: pairs inferred from the model registry's base field.")
@click.option("--dataset", "dataset", default=None,
              help="Dataset name or MATH-B file path for the dataset figures (default: the "
                   "runs' dataset). Read from local data only; figures are skipped with a note "
                   "when it is not available.")
@click.option("--step", type=click.IntRange(min=1), default=64, show_default=True,
              help="Increment of the marginal-gain curve (paper Fig. 7).")
@_RESAMPLES
@_SEED
@_LEVEL
@click.pass_context
def report(
    ctx: click.Context,
    *,
    runs: tuple[Path, ...],
    out_dir: Path,
    pairs: tuple[str, ...],
    dataset: str | None,
    step: int,
    resamples: int,
    seed: int,
    level: float,
) -> None:
    """An HTML report (one self-contained file, PNGs alongside) for one or more RUNS."""
    from ..metrics import load_run
    from ..report import ReportOptions, build_report

    loaded = [load_run(path) for path in runs]
    parsed: list[tuple[str, str]] = []
    for item in pairs:
        post, sep, base = item.partition("=")
        if not sep or not post or not base:
            raise ConfigError(f"--pairs takes POST=BASE, got {item!r}")
        parsed.append((post, base))
    options = ReportOptions(n_resamples=resamples, seed=seed, level=level, step=step)
    with _as_config_errors():
        result = build_report(
            loaded, out_dir, pairs=parsed or None, dataset=dataset,
            data_dir=data_dir(ctx), options=options,
        )
    click.echo(f"wrote {result.html}")
    for note in result.notes:
        click.echo(f"note: {note}")


COMMANDS: list[click.Command] = [metrics, compare, report]
