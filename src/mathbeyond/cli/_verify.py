"""`mathb verify`: verify a JSONL file of completions under hard per-item limits.

Input: one JSON object per line with ``completion`` and ``gold`` (str; an integer gold is
accepted), optional ``question`` (str or null); other fields pass through unchanged. Output: the
same objects, in input order, with ``correct``, ``status``, ``extracted`` and ``reason`` added.
The whole input is checked before anything is written, so a malformed line fails the command
with one error naming file and line and leaves no partial output. Both passes stream, so memory
does not grow with the file size (stdin is spooled to a temporary file for the second pass).
"""

from __future__ import annotations

import collections
import contextlib
import json
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import click

from .._errors import DataError
from ..verify import DEFAULT_TIMEOUT_S, Item, Status, explain_extraction, verify_chunks

STDIO = "-"
_ADDED_FIELDS = ("correct", "status", "extracted", "reason")


def _line_error(name: str, lineno: int, message: str) -> DataError:
    err = DataError(f"line {lineno}: {message}", path=name)
    err.row = lineno
    return err


def _parse_line(raw: bytes, name: str, lineno: int) -> tuple[dict[str, Any], Item] | None:
    """One input line -> (row, item); None for a blank line."""
    if not raw.strip():
        return None
    try:
        row = json.loads(raw)
    except (ValueError, UnicodeDecodeError) as exc:
        raise _line_error(name, lineno, f"not valid JSON ({exc})") from None
    if not isinstance(row, dict):
        raise _line_error(name, lineno, f"expected a JSON object, got {type(row).__name__}")
    missing = [k for k in ("completion", "gold") if k not in row]
    if missing:
        raise _line_error(name, lineno, f"missing field {', '.join(repr(k) for k in missing)}")
    completion, gold, question = row["completion"], row["gold"], row.get("question")
    if not isinstance(completion, str):
        raise _line_error(name, lineno, f"'completion' must be a string, got {_kind(completion)}")
    if isinstance(gold, int) and not isinstance(gold, bool):
        gold = str(gold)
    if not isinstance(gold, str):
        raise _line_error(
            name, lineno, f"'gold' must be a string (or an integer), got {_kind(gold)}"
        )
    if question is not None and not isinstance(question, str):
        got = _kind(question)
        raise _line_error(name, lineno, f"'question' must be a string or null, got {got}")
    finish = row.get("finish_reason")
    if finish is None:
        return row, (completion, gold, question)
    if not isinstance(finish, str):
        got = _kind(finish)
        raise _line_error(name, lineno, f"'finish_reason' must be a string or null, got {got}")
    return row, (completion, gold, question, finish)  # the sampler's: "length" = cut off


def _kind(value: object) -> str:
    return "null" if value is None else type(value).__name__


def _rows(fh: IO[bytes], name: str) -> Iterator[tuple[dict[str, Any], Item]]:
    for lineno, raw in enumerate(fh, start=1):
        parsed = _parse_line(raw, name, lineno)
        if parsed is not None:
            yield parsed


def _chunks(
    fh: IO[bytes], name: str, size: int
) -> Iterator[tuple[list[dict[str, Any]], list[Item]]]:
    rows: list[dict[str, Any]] = []
    items: list[Item] = []
    for row, item in _rows(fh, name):
        rows.append(row)
        items.append(item)
        if len(items) >= size:
            yield rows, items
            rows, items = [], []
    if items:
        yield rows, items


@contextlib.contextmanager
def _open_input(path: str) -> Iterator[tuple[IO[bytes], str]]:
    if path == STDIO:
        with tempfile.TemporaryFile() as spool:
            shutil.copyfileobj(sys.stdin.buffer, spool)
            spool.seek(0)
            yield spool, "<stdin>"
        return
    try:
        fh = open(path, "rb")  # noqa: SIM115  # closed below; the context manager wraps it
    except OSError as exc:
        raise DataError(f"cannot read input ({exc.strerror})", path=path) from None
    with fh:
        yield fh, path


@contextlib.contextmanager
def _open_output(path: str) -> Iterator[IO[str]]:
    """stdout, or a temporary file renamed onto ``path`` only when everything succeeded."""
    if path == STDIO:
        try:
            yield sys.stdout
            sys.stdout.flush()
        except BrokenPipeError:  # reader went away (`| head`): stop quietly, like other tools
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())  # so the interpreter's final flush succeeds
            raise SystemExit(141) from None
        return
    target = Path(path)
    if target.is_dir():
        raise DataError("output is a directory", path=path)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as exc:
        raise DataError(f"cannot write output ({exc.strerror})", path=path) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            yield out
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _progress(total: int) -> Any:
    """A rich progress bar on stderr when it is a terminal, else a no-op."""
    if not sys.stderr.isatty():
        return None
    from rich.console import Console
    from rich.progress import Progress

    progress = Progress(console=Console(stderr=True), transient=True)
    return progress, progress.add_task("verifying", total=total)


def _summary(counts: collections.Counter[str], total: int, seconds: float) -> str:
    correct = counts.get(Status.CORRECT.value, 0)
    parts = [f"{status.value}={counts.get(status.value, 0)}" for status in Status]
    judged = correct / total if total else 0.0
    rate = total / seconds if seconds > 0 else float("inf")
    # The share of completions judged correct is the model's score on this file, not a measure
    # of the verifier (whose accuracy needs human labels: benchmarks/verify_dev_eval.py).
    return (
        f"verified {total} cases in {seconds:.2f} s ({rate:,.0f} cases/s); "
        f"judged correct {judged:.4f} ({correct}/{total}); " + " ".join(parts)
    )


@click.command("verify")
@click.option(
    "--input",
    "-i",
    "input_path",
    required=True,
    metavar="IN.jsonl",
    help="JSONL with 'completion' and 'gold' (optional 'question', 'finish_reason'); "
    "'-' reads stdin.",
)
@click.option(
    "--output",
    "-o",
    "output_path",
    required=True,
    metavar="OUT.jsonl",
    help="Where to write the rows with verdict fields added; '-' writes stdout.",
)
@click.option(
    "--timeout",
    type=click.FloatRange(min=0, min_open=True, max=3600),
    default=DEFAULT_TIMEOUT_S,
    show_default=True,
    help="Hard CPU-time limit per case, in seconds (CPU, not wall-clock: verdicts do not "
    "depend on machine load).",
)
@click.option(
    "--workers",
    type=click.IntRange(min=1),
    default=None,
    help="Worker processes [default: all CPUs].",
)
@click.option(
    "--explain",
    is_flag=True,
    help="Add an 'explain' field: each candidate answer and the rule that kept or dropped it.",
)
@click.option("--chunk-size", type=click.IntRange(min=1), default=4096, hidden=True)
def verify_command(
    input_path: str,
    output_path: str,
    timeout: float,
    workers: int | None,
    chunk_size: int,
    *,
    explain: bool = False,
) -> None:
    """Verify completions against gold answers (hard time and memory limit per case)."""
    with _open_input(input_path) as (fh, name):
        total = sum(1 for _ in _rows(fh, name))  # pass 1: fail before writing anything
        fh.seek(0)
        counts: collections.Counter[str] = collections.Counter()
        bar = _progress(total)
        start = time.perf_counter()
        with contextlib.ExitStack() as stack:
            if bar is not None:
                stack.enter_context(bar[0])
            out = stack.enter_context(_open_output(output_path))
            chunks = _chunks(fh, name, chunk_size)
            for rows, verdicts in verify_chunks(chunks, timeout=timeout, workers=workers):
                for row, verdict in zip(rows, verdicts, strict=True):
                    row.update(verdict.as_dict())
                    if explain:
                        finish = row.get("finish_reason")
                        row["explain"] = explain_extraction(
                            row["completion"],
                            row.get("question"),
                            finish if isinstance(finish, str) else None,
                        )
                    out.write(json.dumps(row, ensure_ascii=False))
                    out.write("\n")
                    counts[verdict.status.value] += 1
                if bar is not None:
                    bar[0].advance(bar[1], len(rows))
        elapsed = time.perf_counter() - start
    click.echo(_summary(counts, total, elapsed), err=True)


COMMANDS: list[click.Command] = [verify_command]
