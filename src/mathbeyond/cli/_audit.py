"""`mathb audit`: F1–F7 + reward-hacking audit of built-in verifiers or a user's reward function."""

from __future__ import annotations

from pathlib import Path

import click

from ..audit import (
    BUILTINS,
    DEFAULT_TIMEOUT_S,
    VerifierRun,
    dumps_json,
    load_corpus,
    render_html_section,
    render_markdown,
    render_text,
    run_audit,
    summarize,
)


@click.command("audit")
@click.option("--verifier", "verifiers", multiple=True, metavar="NAME|module:func|file.py:func",
              help="Verifier to audit (repeatable; default: all built-ins: "
              + ", ".join(BUILTINS) + ").")
@click.option("--corpus", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="A corpus JSONL in the packaged format (default: the packaged corpus).")
@click.option("--mode", "modes", multiple=True, help="Only these modes (F1..F7, RH); repeatable.")
@click.option("--timeout", type=float, default=DEFAULT_TIMEOUT_S, show_default=True,
              help="Seconds per case per verifier; past it the worker is killed.")
@click.option("--jobs", type=click.IntRange(1, 64), default=2, show_default=True,
              help="Verifiers audited at once (one worker process each).")
@click.option("--trl-text", is_flag=True,
              help="Pass TRL-style functions plain-string completions instead of chat lists.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON (with every case's outcome).")
@click.option("--markdown", is_flag=True, help="Print the matrix as a Markdown table.")
@click.option("--html", "html_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Also write the matrix as a small HTML page (the report section) to this file.")
@click.option("--no-paper", is_flag=True, help="Do not show the paper's Table-3 cells.")
@click.option("--show-wrong", is_flag=True, help="List each verifier's wrongly judged case ids.")
def audit_cmd(  # noqa: PLR0917 - one parameter per click option
    verifiers: tuple[str, ...], corpus: Path | None, modes: tuple[str, ...],
              timeout: float, jobs: int, trl_text: bool, as_json: bool, markdown: bool,
              html_path: Path | None, no_paper: bool, show_wrong: bool) -> None:  # fmt: skip
    """Run the audit corpus through verifiers and print the Table-3 matrix."""
    cases = load_corpus(corpus)
    if modes:
        cases = [c for c in cases if c.mode in set(modes)]
        if not cases:
            raise click.BadParameter(f"no cases for mode(s) {', '.join(modes)}",
                                     param_hint="--mode")
    refs = list(verifiers) or list(BUILTINS)

    def done(run: VerifierRun) -> None:
        click.echo(f"audited {run.ref}", err=True)

    runs = run_audit(refs, cases, timeout=timeout, jobs=jobs, trl_text=trl_text, on_done=done)
    summaries = [summarize(r, cases) for r in runs]
    if html_path is not None:
        page = ("<!doctype html><meta charset=utf-8><title>mathb audit</title><style>"
                "td,th{padding:2px 8px;border:1px solid #ccc;white-space:nowrap}"
                "table{border-collapse:collapse}</style>" + render_html_section(summaries))
        try:
            html_path.write_text(page + "\n", encoding="utf-8")
        except OSError as exc:
            raise click.FileError(str(html_path), exc.strerror) from None
    if as_json:
        click.echo(dumps_json(summaries, runs))
        return
    if markdown:
        click.echo(render_markdown(summaries, paper=not no_paper))
    else:
        click.echo(render_text(summaries, paper=not no_paper))
    if show_wrong:
        for s in summaries:
            click.echo(f"{s.ref} wrong on {len(s.failures)}: {' '.join(s.failures) or '-'}")


COMMANDS: list[click.Command] = [audit_cmd]
