"""`mathb integrations import`: a harness run's samples as a mathbeyond run, scored."""

from __future__ import annotations

import json
from pathlib import Path

import click

from ..integrations._logs import READERS, read_harness_log, write_harness_run
from ._rewards import integrations_group


@integrations_group.command("import")
@click.argument("tool", type=click.Choice(sorted(READERS)))
@click.argument("log", type=click.Path(exists=True, path_type=Path))
@click.option("--out", required=True, type=click.Path(file_okay=False, path_type=Path),
              help="Run directory to create (must not exist or be empty).")
@click.option("--model", default=None, help="Model name for the run (default: the log's).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of lines.")
def import_cmd(tool: str, log: Path, out: Path, model: str | None, as_json: bool) -> None:
    """Store the samples of a harness run of the shipped MATH-B tasks as a run in OUT, score
    them with the verifier and print the pass@k the harness reported next to mathbeyond's.

    LOG: lm-eval's --output_path (run with --log_samples) or its samples_*.jsonl; inspect's JSON
    eval log (--log-format json) or its folder; LightEval's --output-dir (run with
    --save-details) or its details_*.parquet. `mathb metrics OUT` then gives intervals."""
    from ..metrics import load_run
    from ..sample import score_run

    harness = read_harness_log(tool, log)
    write_harness_run(harness, out, model=model)
    summary = score_run(out)
    verdicts = load_run(out)
    k_max = verdicts.max_unbiased_k
    curve = verdicts.unbiased_curve(k_max).mean(axis=0) if k_max >= 1 else []
    ks = sorted({int(name.removeprefix("pass@")) for name in harness.reported} | {1})
    rows = [
        {
            "k": k,
            "harness": harness.reported.get(f"pass@{k}"),
            "mathbeyond": float(curve[k - 1]) if 1 <= k <= k_max else None,
        }
        for k in ks
    ]
    if as_json:
        click.echo(json.dumps({
            "run": str(out),
            "tool": tool,
            "log": str(harness.source),
            "problems": verdicts.n_problems,
            "samples": summary.samples,
            "solved": summary.solved,
            "verifier": summary.verifier_version,
            "pass_at_k": rows,
        }, indent=2))
        return
    click.echo(f"{out}: {summary.samples} samples of {verdicts.n_problems} problems from "
               f"{harness.source} ({tool}), scored with verifier {summary.verifier_version}; "
               f"{summary.solved} problems solved")
    for row in rows:
        theirs = "-" if row["harness"] is None else f"{row['harness']:.4f}"
        ours = "-" if row["mathbeyond"] is None else f"{row['mathbeyond']:.4f}"
        click.echo(f"pass@{row['k']}: {tool} reported {theirs}, mathbeyond {ours}")
    click.echo(f"intervals and more k: mathb metrics {out}")


COMMANDS: list[click.Command] = []
