"""`mathb annotate`: topic and difficulty labels by an LLM judge; `--calibrate` measures a
judge against known labels."""

from __future__ import annotations

import json
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from .._errors import ConfigError, MathbError
from ..annotate import (
    RESPONSE_FORMATS,
    AnnotateConfig,
    JudgeCache,
    cache_path_for,
    calibrate,
    calibration_dataset,
    choose,
    estimate,
    format_calibration,
    known_labels,
    run_annotation,
    write_labels,
)
from ..data import load_problems
from ._common import console as make_console
from ._common import data_dir


def _options(pairs: Sequence[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep or not key.strip():
            raise ConfigError(f"backend option must be key=value, got {pair!r}")
        try:
            options[key.strip()] = json.loads(raw)
        except json.JSONDecodeError:
            options[key.strip()] = raw
    return options


class _Reporter:
    """Judge calls done / total: a bar on a terminal, a plain line every 15 s otherwise."""

    def __init__(self) -> None:
        self.console = make_console(stderr=True)
        self.bar: Progress | None = None
        self.task: Any = None
        self.last = 0.0

    def __call__(self, done: int, total: int) -> None:
        if self.console.is_terminal:
            if self.bar is None:
                self.bar = Progress(TextColumn("judge calls"), BarColumn(), MofNCompleteColumn(),
                                    TimeElapsedColumn(), console=self.console, transient=True)
                self.bar.start()
            if self.task is None:
                self.task = self.bar.add_task("judge", total=total)
            self.bar.update(self.task, completed=done, total=total)
        elif time.monotonic() - self.last > 15 or done == total:
            self.last = time.monotonic()
            click.echo(f"judge calls: {done}/{total}", err=True)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


@click.command("annotate")
@click.argument("dataset", required=False)
@click.option("--judge", required=True, help="Judge model name (sent to the server; cache key).")
@click.option("--backend", "backend_name", default="openai", show_default=True,
              help="Sampling backend that serves the judge.")
@click.option("--backend-opt", "backend_opts", multiple=True, metavar="KEY=VALUE",
              help="Backend option, e.g. base_url=http://127.0.0.1:8000/v1 (repeatable).")
@click.option("--out", "out", required=True, type=click.Path(dir_okay=False, path_type=Path),
              help="Labels file (JSONL); the cache is FILE.cache.sqlite next to it.")
@click.option("--n", "n", default=3, show_default=True, help="Judge samples per problem.")
@click.option("--attempts", default=3, show_default=True,
              help="Replies per sample at most when the judge's reply is malformed.")
@click.option("--temperature", default=0.6, show_default=True)
@click.option("--max-tokens", default=256, show_default=True)
@click.option("--seed", default=0, show_default=True, help="Judge seeds and the calibration "
              "sample / bootstrap seed.")
@click.option("--limit", type=int, default=None,
              help="First N problems (with --calibrate: a seeded random sample of N).")
@click.option("--response-format", "fmt", type=click.Choice(RESPONSE_FORMATS), default="none",
              show_default=True, help="Ask the server to constrain replies to the label schema: "
              "json_schema (OpenAI form: vLLM, SGLang, hosted) or json_object (llama.cpp server); "
              "openai backend only. Replies are parsed as strictly either way.")
@click.option("--estimate-only", is_flag=True, help="Print what a run would cost and stop.")
@click.option("--calibrate", "do_calibrate", is_flag=True,
              help="Label problems with known labels (default math500) and print agreement.")
@click.option("--bootstrap", default=1000, show_default=True,
              help="Bootstrap resamples of the calibration intervals.")
@click.pass_context
def annotate_cmd(
    ctx: click.Context, *, dataset: str | None, judge: str, backend_name: str,
    backend_opts: Sequence[str], out: Path, n: int, attempts: int, temperature: float,
    max_tokens: int, seed: int, limit: int | None, fmt: str, estimate_only: bool,
    do_calibrate: bool, bootstrap: int,
) -> None:
    """Label DATASET[:SPLIT] with topic (taxonomy chain) and difficulty (1-10) by a judge."""
    root = data_dir(ctx)
    if dataset is None:
        if not do_calibrate:
            raise ConfigError("name a dataset (NAME[:SPLIT]) or use --calibrate")
        dataset = "math500"
    if do_calibrate:
        calibration_dataset(dataset)  # before loading anything
        known = known_labels(load_problems(dataset, data_dir=root), dataset)
        chosen = {p.id for p in choose([k.problem for k in known], limit, seed)}
        known = [k for k in known if k.problem.id in chosen]
        problems = [k.problem for k in known]
    else:
        problems = list(load_problems(dataset, data_dir=root, limit=limit))
    if not problems:
        raise ConfigError(f"{dataset} has no problems")
    config = AnnotateConfig(n=n, attempts=attempts, temperature=temperature,
                            max_tokens=max_tokens, seed=seed, response_format=fmt)
    config.check()
    cache_file = cache_path_for(out)
    with JudgeCache(cache_file, judge=judge, prompt_version=config.version()) as cache:
        est = estimate(problems, cache, config)
        click.echo(
            f"before: {est.problems} problems ({est.cached_problems} fully cached); "
            f"{est.calls} judge calls, ~{est.prompt_tokens:,} prompt tokens (chars/4) + at most "
            f"{est.max_completion_tokens:,} completion tokens; retries of malformed replies "
            f"come on top (judge {judge}, prompt {config.version()})", err=True)
        if estimate_only:
            return
    reporter = _Reporter()
    try:
        result = run_annotation(problems, judge=judge, cache_path=cache_file,
                                backend=backend_name, backend_options=_options(backend_opts),
                                config=config, progress=reporter)
    except ConfigError:
        raise  # a bad option: nothing was asked
    except MathbError as exc:
        with JudgeCache(cache_file, judge=judge, prompt_version=config.version()) as cache:
            kept = cache.count()
        raise MathbError(f"{exc} ({kept} judge replies are kept in {cache_file}; "
                         "rerun the same command to resume)") from None
    finally:
        reporter.close()
    write_labels(result.labels, out)
    status = Counter(lb.status for lb in result.labels)
    click.echo(
        f"wrote {len(result.labels)} labels to {out}: {status['labelled']} labelled, "
        f"{status['partial']} partial, {status['unlabelled']} unlabelled", err=True)
    click.echo(
        f"after: this run {result.new.calls} judge calls, {result.new.prompt_tokens:,} prompt + "
        f"{result.new.completion_tokens:,} completion tokens (server counts); reused from the "
        f"cache {result.cached.calls} replies ({result.cached.prompt_tokens:,} + "
        f"{result.cached.completion_tokens:,} tokens)", err=True)
    missing = [lb for lb in result.labels if lb.status != "labelled"]
    if missing:
        first = missing[0]
        click.echo(f"not fully labelled: {len(missing)} problems, e.g. {first.problem_id}: "
                   + "; ".join(first.reasons[:2]), err=True)
    if do_calibrate:
        cal = calibrate(known, result.labels, dataset=dataset, n_resamples=bootstrap, seed=seed)
        for line in format_calibration(cal, judge):
            click.echo(line)
    sys.stdout.flush()


COMMANDS = [annotate_cmd]
