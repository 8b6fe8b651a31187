"""`mathb compare` without a measured base (zero baseline from the dataset's flags), and the
paired-test lines printed under a measured comparison."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from .._errors import ConfigError, MathbError
from ._common import console as make_console

if TYPE_CHECKING:
    from rich.console import Console

    from ..data import Problem
    from ..metrics import FlagComparison, PairedComparison, Rate


def _pct(rate: Rate) -> str:
    if rate.value is None:
        return "undefined"
    text = f"{rate.value:.2%}"
    if rate.low is not None and rate.high is not None:
        text += f" [{rate.low:.2%}, {rate.high:.2%}]"
    return f"{text} ({rate.count}/{rate.total})"


def problems_or_none(run: Path, data_dir: Path | None) -> tuple[Problem, ...] | None:
    """The run's problems when its dataset can be read locally, else None."""
    from ..metrics import run_problems

    try:
        return run_problems(run, data_dir=data_dir)
    except MathbError:
        return None


def compare_to_flags(
    *,
    post_run: Path,
    k: int | None,
    r1: str,
    base_model: str | None,
    as_json: bool,
    level: float,
    data_dir: Path | None,
) -> None:
    """Expansion of POST against the base's reachable set read from the dataset's flags."""
    from ..metrics import base_model_of, compare_with_flags, load_run, run_problems
    from ..store import read_manifest

    post = load_run(post_run)
    try:
        problems = run_problems(post_run, data_dir=data_dir)
    except MathbError as exc:
        raise ConfigError(
            f"no --base run given, and the dataset's unsolved flags cannot be read ({exc}); "
            "pass --base RUN or --runs DIR"
        ) from None
    base = base_model or base_model_of(read_manifest(post_run))
    kk = k if k is not None else (post.target_k or post.max_empirical_k)
    try:
        result = compare_with_flags(post, problems, kk, base=base,
                                    r1="majority" if r1 == "majority" else "first", level=level)
    except ValueError as exc:
        raise ConfigError(str(exc)) from None
    if as_json:
        click.echo(json.dumps(result.as_dict(), indent=2))
        return
    print_flag_comparison(make_console(), result, problems)


def print_flag_comparison(
    console: Console, result: FlagComparison, problems: tuple[Problem, ...] | None = None
) -> None:
    cmp = result.comparison
    where = f"{result.dataset}:{result.split}" if result.split else result.dataset
    console.print(
        f"[bold]{cmp.post}[/bold] vs base [bold]{result.base_model}[/bold] at pass@{cmp.k} on "
        f"{where} ({cmp.n_problems} problems)"
    )
    fk = f" at k = {result.flags_k}" if result.flags_k else ""
    console.print(
        f"base NOT re-measured: its reachable set is read from the dataset's unsolved flags"
        f"{fk} ({result.flagged_unsolved} of {cmp.n_problems} problems flagged unsolved by "
        f"{result.base_model})"
    )
    console.print(f"Expansion  {_pct(cmp.expansion)}")
    if cmp.zero_baseline:
        console.print(f"           = pass@{cmp.k} of the post model: the base solves none of these "
                      "problems by construction")
    else:
        console.print(f"Shrinkage  {_pct(cmp.shrinkage)}")
        console.print(f"Preservation {_pct(cmp.preservation)}")
    text = {p.id: p.problem for p in problems or ()}
    console.print(f"solved by the post model, flagged unsolved by the base ({len(result.solved)}):")
    for s in result.solved:
        snippet = " ".join(text.get(s.problem_id, "").split())
        if len(snippet) > 70:
            snippet = snippet[:67] + "..."
        console.print(f"  {s.problem_id}  first correct sample #{s.first_success}"
                      + (f"  {snippet}" if snippet else ""))
    if not result.solved:
        console.print("  -")
    console.print(f"intervals: Wilson score {cmp.level:.0%}")
    console.print(result.explanation)
    for note in (*result.notes, *cmp.notes):
        console.print(f"note: {note}")


def paired_payload(paired: PairedComparison) -> dict[str, Any]:
    """The keys a measured comparison adds to `mathb compare --json`."""
    data = paired.as_dict()
    return {"mcnemar": data["mcnemar"], "fresh_draw": data["fresh_draw"],
            "by_flags": data["by_flags"], "pairing_notes": data["notes"]}


def print_paired_lines(console: Console, paired: PairedComparison) -> None:
    """McNemar and, where the dataset's flags allow, the fresh-draw rate (noise floor)."""
    test = paired.mcnemar
    console.print(
        f"paired test (exact McNemar, one-sided): post solves {test.post_only} problem(s) the "
        f"base misses, the base {test.base_only} the post misses; p = {test.p_value:.4g} "
        f"(two-sided {test.p_two_sided:.4g})"
    )
    if paired.fresh_draw is not None and paired.by_flags is not None:
        console.print(
            f"fresh-draw rate of the base: {_pct(paired.fresh_draw)} of the problems the dataset "
            f"flags unsolved by {paired.flag_model} are solved by this fresh base run: the noise "
            f"floor of Expansion (vs flags, not re-measured: Expansion "
            f"{_pct(paired.by_flags.comparison.expansion)})"
        )
    for note in paired.notes:
        console.print(f"note: {note}")
