"""`mathb sample`, `mathb score` and `mathb demo`: draw, (re)score and show samples."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import click

from ..sample import (
    RunSummary,
    SampleJob,
    load_backend_module,
    parse_backend_options,
    run_job,
    score_run,
)
from ._common import data_dir
from ._progress import SampleProgress

DEMO_MODEL = "smollm2-135m"
DEMO_BACKEND = "llamacpp"
DEMO_DATASET = "math500"


def _summary_line(out: Path, s: RunSummary) -> str:
    rate = s.tokens / s.elapsed if s.elapsed > 0 else 0.0
    scored = "" if s.scored else " (unscored: run `mathb score`)"
    discarded = (f", {s.discarded} discarded past a problem's first success"
                 if s.discarded else "")
    return (
        f"{out}: {s.problems} problems, {s.solved} solved, {s.samples_stored} samples stored "
        f"({s.new_samples} new{discarded}; launched {s.launched}, aborted {s.aborted}), "
        f"{s.tokens} tokens in {s.elapsed:.1f}s ({rate:,.0f} tok/s){scored}"
    )


def _run(job: SampleJob, label: str) -> RunSummary:
    bar = SampleProgress(label, adaptive=job.adaptive)
    try:
        summary = run_job(job, progress=bar)
    finally:
        bar.close()
    click.echo(_summary_line(job.out, summary))
    return summary


@click.command("sample", epilog="Backends and their options (which ones are part of the run's "
               "identity): `mathb backends`. Models: `mathb models`.")
@click.option("--model", "model", default=None, metavar="NAME|ORG/NAME[@REV]|PATH",
              help="Registry or user model (`mathb models`), Hub id, local checkpoint directory "
                   "(vllm) or .gguf file (llamacpp), or a served model name (openai). Default "
                   "with llamacpp: smollm2-135m.")
@click.option("--preset", default=None, metavar="NAME",
              help="Use this registry model's sampling preset and prompt style.")
@click.option("--base", "base", default=None, metavar="NAME",
              help="The base model --model was post-trained from (recorded; its preset is "
                   "used when there is no other).")
@click.option("--chat/--no-chat", "chat", default=None,
              help="Force chat (template) or raw prompting (default: the checkpoint's own chat "
                   "template, else the preset's style).")
@click.option("--backend", required=True,
              help="Backend: llamacpp, vllm, openai, ... (`mathb backends` lists their options).")
@click.option("--dataset", required=True, metavar="NAME[:SPLIT]", help="Dataset and split.")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), required=True,
              help="Run directory (re-running the same command resumes it).")
@click.option("--k", "k", type=int, default=1024, show_default=True,
              help="Samples per problem.")
@click.option("--adaptive", is_flag=True,
              help="Stop drawing for a problem at its first verified success.")
@click.option("--min-samples", type=int, default=0, show_default=True,
              help="With --adaptive: samples always drawn per problem (unbiased pass@k <= N).")
@click.option("--limit", type=int, default=None, help="Only the first N problems.")
@click.option("--seed", type=int, default=0, show_default=True, help="Run seed.")
@click.option("--chunk-size", type=int, default=16, show_default=True,
              help="Most samples per backend request.")
@click.option("--temperature", type=float, default=None, help="Override the model preset.")
@click.option("--top-p", type=float, default=None, help="Override the model preset.")
@click.option("--top-k", type=int, default=None, help="Override the model preset (0: off).")
@click.option("--min-p", type=float, default=None, help="Override the model preset (0: off).")
@click.option("--max-tokens", type=int, default=None, help="Override the model preset.")
@click.option("--backend-opt", "backend_opts", multiple=True, metavar="KEY=VALUE",
              help="Backend option (repeatable), e.g. base_url=..., n_ctx=4096; see "
                   "`mathb backends`.")
@click.option("--verify-timeout", type=float, default=None,
              help="Verifier time limit per sample in seconds (default: the verifier's own).")
@click.option("--backend-module", "backend_modules", multiple=True, envvar="MATHB_BACKEND_MODULES",
              metavar="MODULE|FILE.py",
              help="Import a module that registers extra backends (repeatable; env "
                   "MATHB_BACKEND_MODULES, space separated).")
@click.pass_context
def sample_cmd(
    ctx: click.Context,
    *,
    model: str | None,
    preset: str | None,
    base: str | None,
    chat: bool | None,
    backend: str,
    dataset: str,
    out: Path,
    k: int,
    adaptive: bool,
    min_samples: int,
    limit: int | None,
    seed: int,
    chunk_size: int,
    temperature: float | None,
    top_p: float | None,
    top_k: int | None,
    min_p: float | None,
    max_tokens: int | None,
    backend_opts: Sequence[str],
    verify_timeout: float | None,
    backend_modules: Sequence[str],
) -> None:
    """Draw k samples per problem into a crash-safe run directory (resumable)."""
    for module in backend_modules:
        load_backend_module(module)
    job = SampleJob(
        model=model,
        backend=backend,
        dataset=dataset,
        out=out,
        k=k,
        seed=seed,
        adaptive=adaptive,
        min_samples=min_samples,
        limit=limit,
        chunk_size=chunk_size,
        temperature=temperature,
        top_p=top_p,
        max_tokens=max_tokens,
        top_k=top_k,
        min_p=min_p,
        backend_options=parse_backend_options(backend_opts),
        data_dir=data_dir(ctx),
        preset=preset,
        base=base,
        chat=chat,
        verify_timeout=verify_timeout,
    )
    _run(job, f"{model or 'default model'} on {dataset}")


@click.command("score")
@click.argument("run", type=click.Path(file_okay=False, path_type=Path))
@click.option("--force", is_flag=True, help="Rescore every sample, not only unscored/outdated.")
@click.option("--verify-timeout", type=float, default=None,
              help="Verifier time limit per sample in seconds (default: the verifier's own).")
def score_cmd(run: Path, force: bool, verify_timeout: float | None) -> None:
    """(Re)score a run's samples with the current verifier (only score columns change)."""
    s = score_run(run, force=force, timeout=verify_timeout)
    click.echo(
        f"{run}: scored {s.scored} of {s.samples} samples with verifier {s.verifier_version}; "
        f"{s.solved} problems solved"
    )


@click.command("demo")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path),
              default=Path("runs/demo"), show_default=True, help="Run directory.")
@click.option("--problems", "n_problems", type=int, default=4, show_default=True,
              help="First N problems of MATH-500.")
@click.option("--k", "k", type=int, default=4, show_default=True, help="Samples per problem.")
@click.option("--max-tokens", type=int, default=128, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True)
@click.pass_context
def demo_cmd(
    ctx: click.Context, *, out: Path, n_problems: int, k: int, max_tokens: int, seed: int
) -> None:
    """End-to-end run on the CPU: SmolLM2-135M (llama.cpp) on MATH-500, then pass@k."""
    job = SampleJob(
        model=DEMO_MODEL,
        backend=DEMO_BACKEND,
        dataset=DEMO_DATASET,
        out=out,
        k=k,
        seed=seed,
        limit=n_problems,
        max_tokens=max_tokens,
        data_dir=data_dir(ctx),
    )
    _run(job, f"demo: {DEMO_MODEL} on {DEMO_DATASET}")
    for line in pass_at_k_lines(out, k):
        click.echo(line)


def pass_at_k_lines(run: Path, k: int) -> list[str]:
    """Mean unbiased pass@1 and pass@k over the run's problems, from the store."""
    from ..metrics import load_run

    verdicts = load_run(run)
    k_max = min(k, verdicts.max_unbiased_k)
    if k_max < 1:
        return []
    curve = verdicts.unbiased_curve(k_max).mean(axis=0)
    return [
        f"pass@{kk} = {curve[kk - 1]:.3f} over {verdicts.n_problems} problems"
        for kk in sorted({1, k_max})
    ]


COMMANDS: list[click.Command] = [sample_cmd, score_cmd, demo_cmd]
