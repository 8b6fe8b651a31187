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
_ALLOW_MIXED = click.option(
    "--allow-mixed-verifiers", "allow_mixed", is_flag=True,
    help="Warn instead of refusing when the runs were scored by different verifier versions.",
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
        text += f" [{low * scale:.2f}%, {high * scale:.2f}%]"
    return text


# ---- what the runs are (settings, identities, flagged verdicts) -------------------------------


def _check_verifiers(runs: dict[str, Any], allow_mixed: bool) -> None:
    """Refuse runs scored by different verifier versions (one line); warn with the flag."""
    from ..metrics import verifier_mismatch

    infos = {label: run.info for label, run in runs.items() if run.info is not None}
    message = verifier_mismatch(infos)
    if message is None:
        return
    if not allow_mixed:
        raise ConfigError(message)
    click.echo(f"warning: {message.split('; rescore')[0]}", err=True)


def _check_shared(base: Any, post: Any) -> None:
    """Runs without a common problem id cannot be compared: say which datasets they are on."""
    if set(base.problem_ids) & set(post.problem_ids):
        return
    where = [r.info.dataset_label if r.info else str(r.dataset) for r in (base, post)]
    raise ConfigError(f"the runs share no problem ids: base is on {where[0]}, post on "
                      f"{where[1]}")


def _settings_line(info: Any) -> str:
    """``model X · backend B · T 0.6 · top_p 0.95 · max tokens 512 · k 8 · seed 0 · ...``."""
    if info is None:
        return "settings: unknown"
    parts = [
        f"model {info.model_ref or info.model or '-'}",
        f"backend {info.backend or '-'}",
        f"T {_num(info.temperature)}",
        f"top_p {_num(info.top_p)}",
        f"max tokens {_num(info.max_tokens)}",
        f"k {_num(info.k)}" + (f" (adaptive, min samples {info.min_samples})"
                               if info.adaptive else ""),
        f"seed {_num(info.seed)}",
        f"dataset {info.dataset_label}",
        f"verifier {info.verifier_label}",
    ]
    return " · ".join(parts)


def _num(value: Any) -> str:
    return "-" if value is None else str(value)


def _flags_at(run: Any, k: int | None, problems: Any = None) -> dict[str, int] | None:
    return None if run.info is None else dict(run.info.flag_counts(k, problems))


def _flags_cell(counts: dict[str, int] | None) -> str:
    if counts is None:
        return "-"
    return f"{counts['limit_exceeded']} / {counts['unparseable_gold']}"


def _metrics_payload_extra(verdicts: Any, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """JSON additions of `metrics`: settings and flagged-verdict counts for every row's k."""
    for row in rows:
        row["flagged"] = _flags_at(verdicts, int(row["k"]))
    return {"settings": None if verdicts.info is None else verdicts.info.as_dict()}


def _compare_extra(
    base: Any, post: Any, k: int, k_defaulted: bool, problems: Any
) -> tuple[dict[str, Any], list[str]]:
    """JSON additions and printed notes of `compare`: both runs' settings, what differs, the
    flagged verdicts within the first k samples, and why k is what it is."""
    from ..metrics import setting_differences

    infos = {"base": base.info, "post": post.info}
    runs: dict[str, Any] = {}
    for role, run in (("base", base), ("post", post)):
        entry = {} if run.info is None else run.info.as_dict()
        entry["label"] = run.label
        entry["source"] = run.source
        entry["flagged"] = _flags_at(run, k, problems)
        runs[role] = entry
    known = {name: info for name, info in infos.items() if info is not None}
    differences = setting_differences(known)
    notes = []
    if differences:
        notes.append("the runs differ in: " + "; ".join(differences))
    if k_defaulted and base.info is not None and post.info is not None and (
        base.info.k != post.info.k
    ):
        notes.append(f"compared at k={k}, the smaller of the two runs' k")
    return {"runs": runs, "differences": differences}, notes


@click.command("metrics")
@click.argument("run", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@click.option("--k-max", type=click.IntRange(min=1), default=None,
              help="Largest k (default: the largest k the run supports).")
@_RESAMPLES
@_SEED
@_LEVEL
@_ALLOW_MIXED
def metrics(
    *, run: Path, as_json: bool, k_max: int | None, resamples: int, seed: int, level: float,
    allow_mixed: bool,
) -> None:
    """pass@k of one RUN at k = 1, 2, 4, ..., K with bootstrap intervals (both estimators)."""
    from rich.table import Table

    from ..metrics import load_run, pass_at_k_table, pass_curves

    verdicts = load_run(run)
    _check_verifiers({verdicts.label: verdicts}, allow_mixed)
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
        payload.update(_metrics_payload_extra(verdicts, rows))
        click.echo(json.dumps(payload, indent=2))
        return
    table = Table(title=f"pass@k: {verdicts.label} ({verdicts.n_problems} problems)")
    table.add_column("k", justify="right")
    table.add_column("empirical (first k samples)", justify="right")
    table.add_column("unbiased estimator", justify="right")
    table.add_column("limit_exceeded / unparseable_gold\n(samples in first k)", justify="right")
    for row in rows:
        table.add_row(str(row["k"]), _fmt(row["empirical"]), _fmt(row["unbiased"]),
                      _flags_cell(_flags_at(verdicts, int(row["k"]))))
    console = make_console()
    console.print(table)
    console.print(_settings_line(verdicts.info), highlight=False, soft_wrap=True)
    console.print(f"intervals: {level:.0%} bootstrap percentile over problems "
                  f"({resamples} resamples, seed {seed})")
    for note in notes:
        console.print(f"note: {note}")


@click.command("compare")
@click.option("--base", "base_run", required=True,
              type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="Run directory of the base model.")
@click.option("--post", "post_run", required=True,
              type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="Run directory of the post-trained model.")
@click.option("--k", "k", type=click.IntRange(min=1), default=None,
              help="Sampling budget k (default: the smaller of the two runs' k, e.g. 1024).")
@click.option("--r1", type=click.Choice(["first", "majority"]), default="first",
              show_default=True,
              help="R_1 for Consolidation: first sample correct, or mean accuracy >= 0.5.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@_LEVEL
@_ALLOW_MIXED
def compare(
    *, base_run: Path, post_run: Path, k: int | None, r1: str, as_json: bool, level: float,
    allow_mixed: bool,
) -> None:
    """Expansion, Shrinkage, Preservation and Consolidation of --post over --base (Table 2)."""
    from rich.table import Table

    from ..metrics import compare as compare_runs
    from ..metrics import load_run

    base = load_run(base_run)
    post = load_run(post_run)
    _check_verifiers({f"base {base_run}": base, f"post {post_run}": post}, allow_mixed)
    _check_shared(base, post)
    k_defaulted = k is None
    if k is None:
        k = min(base.target_k or base.max_empirical_k, post.target_k or post.max_empirical_k)
    with _as_config_errors():
        result = compare_runs(base, post, k, r1="majority" if r1 == "majority" else "first",
                              level=level)
    data = result.as_dict()
    shared = sorted(set(base.problem_ids) & set(post.problem_ids))
    extra, extra_notes = _compare_extra(base, post, k, k_defaulted, shared)
    data.update(extra)
    data["notes"] = [*data.get("notes", []), *extra_notes]
    if as_json:
        click.echo(json.dumps(data, indent=2))
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
    _print_compare_runs(console, data["runs"], {"base": base.info, "post": post.info})
    for note in data["notes"]:
        console.print(f"note: {note}", highlight=False, soft_wrap=True)


def _print_compare_runs(console: Any, runs: dict[str, Any], infos: dict[str, Any]) -> None:
    """One line per run of `compare`: what it is, and its verdicts the verifier could not
    check within the first k samples (they count as wrong)."""
    from ..metrics import flags_text

    for role, entry in runs.items():
        console.print(f"{role} {entry['label']}: {_settings_line(infos[role])}",
                      highlight=False, soft_wrap=True)
        if entry.get("flagged") is not None:
            console.print(f"  not checked by the verifier in the first k samples: "
                          f"{flags_text(entry['flagged'])}", highlight=False, soft_wrap=True)


@click.command("report")
@click.argument("runs", nargs=-1, required=True,
                type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--out", "out_dir", required=True,
              type=click.Path(file_okay=False, path_type=Path), help="Output directory.")
@click.option("--pairs", "pairs", multiple=True, metavar="POST=BASE",
              help="Post/base pair by run directory name, run path or label (model name); "
                   "repeatable. Default: pairs inferred from the model registry's base field.")
@click.option("--dataset", "dataset", default=None,
              help="Dataset name or MATH-B file path for the dataset figures (default: the "
                   "runs' dataset). Read from local data only; figures are skipped with a note "
                   "when it is not available.")
@click.option("--step", type=click.IntRange(min=1), default=64, show_default=True,
              help="Increment of the marginal-gain curve (paper Fig. 7).")
@click.option("--labels", "labels", default=None,
              type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Judge labels from `mathb annotate --out` for Figs. 2-3 (topic, difficulty).")
@_RESAMPLES
@_SEED
@_LEVEL
@_ALLOW_MIXED
@click.pass_context
def report(
    ctx: click.Context,
    *,
    runs: tuple[Path, ...],
    out_dir: Path,
    pairs: tuple[str, ...],
    dataset: str | None,
    step: int,
    labels: Path | None,
    resamples: int,
    seed: int,
    level: float,
    allow_mixed: bool,
) -> None:
    """An HTML report (one self-contained file, PNGs alongside) for one or more RUNS."""
    from ..metrics import load_run
    from ..report import ReportOptions, build_report

    loaded = [load_run(path) for path in runs]
    _check_verifiers({str(path): run for path, run in zip(runs, loaded, strict=True)},
                     allow_mixed)
    parsed: list[tuple[str, str]] = []
    for item in pairs:
        post, sep, base = item.partition("=")
        if not sep or not post or not base:
            raise ConfigError(f"--pairs takes POST=BASE, got {item!r}")
        parsed.append((post, base))
    options = ReportOptions(n_resamples=resamples, seed=seed, level=level, step=step,
                            allow_mixed_verifiers=allow_mixed)
    with _as_config_errors():
        result = build_report(
            loaded, out_dir, pairs=parsed or None, dataset=dataset,
            data_dir=data_dir(ctx), options=options, labels=labels,
        )
    click.echo(f"wrote {result.html}")
    for note in result.notes:
        click.echo(f"note: {note}")


COMMANDS: list[click.Command] = [metrics, compare, report]
