"""Harness logs -> a mathbeyond run (``mathb integrations import``).

Each reader takes what a harness writes for one run of the MATH-B task files shipped here and
returns the samples per problem (with gold and problem text, from the docs the harness logged)
and the pass@k the harness reported. :func:`write_harness_run` stores them as an unscored run,
so ``mathb score`` + ``mathb metrics`` compute pass@k from the very samples the harness scored:

* ``lm-eval``: ``--output_path DIR --log_samples`` writes ``samples_<task>_<time>.jsonl`` (one
  row per problem: the doc and its ``filtered_resps``) and ``results_<time>.json``.
* ``inspect``: the JSON eval log (``--log-format json``; ``inspect log convert --to json``
  converts the default ``.eval``): one sample per (problem, epoch), output and stop reason.
* ``lighteval``: ``--save-details`` writes ``details_<task>_<time>.parquet`` (doc, model response,
  metric per problem) next to ``results_<time>.json``.

lm-eval and LightEval do not log finish reasons: their samples are stored with finish reason
``unknown`` (the verifier then treats them as it does in the harness, where the metric gets no
finish reason either). Harness output is untrusted text: only parsed as JSON / Parquet.
"""

from __future__ import annotations

import datetime as _dt
import json
import re
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .._errors import DataError

UNKNOWN_FINISH = "unknown"
_MAX_LOG_BYTES = 2 << 30  # a harness log over 2 GiB is not one of these tasks' logs
_PASS_KEY = re.compile(r"pass@[1-9][0-9]{0,6}")


@dataclass(frozen=True)
class HarnessProblem:
    """One problem as a harness logged it: its samples and the pass@k it reported for it."""

    id: str
    problem: str
    answer: str
    samples: list[str]
    finish_reasons: list[str | None]
    reported: dict[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class HarnessLog:
    """The samples of one harness run and the aggregate pass@k the harness reported."""

    tool: str
    source: Path
    model: str | None
    task: str | None
    problems: list[HarnessProblem]
    reported: dict[str, float]


def _check_size(path: Path) -> None:
    if path.stat().st_size > _MAX_LOG_BYTES:
        raise DataError(f"larger than {_MAX_LOG_BYTES >> 20} MiB", path=path)


def _only(found: list[Path], what: str, where: Path) -> Path:
    if not found:
        raise DataError(f"no {what} found", path=where)
    if len(found) > 1:
        names = ", ".join(str(p.relative_to(where)) for p in found[:4])
        raise DataError(f"{len(found)} files match {what} ({names}); name one", path=where)
    return found[0]


def _read_json(path: Path) -> Any:
    _check_size(path)
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise DataError(f"not a JSON file: {exc}", path=path) from None


def _jsonl(path: Path) -> Iterator[dict[str, Any]]:
    _check_size(path)
    with path.open(encoding="utf-8") as fh:
        for number, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as exc:
                raise DataError(f"line {number}: {exc}", path=path) from None
            if not isinstance(row, dict):
                raise DataError(f"line {number}: not an object", path=path)
            yield row


def _doc_fields(doc: Any, where: Path) -> tuple[str, str, str]:
    """(id, problem, answer) of a doc written by this package's task files."""
    if not isinstance(doc, dict):
        raise DataError("a logged doc is not an object", path=where)
    missing = [k for k in ("id", "problem", "answer") if not isinstance(doc.get(k), str)]
    if missing:
        raise DataError(
            f"a logged doc has no {', '.join(missing)}: not a mathbeyond task's log", path=where
        )
    return str(doc["id"]), str(doc["problem"]), str(doc["answer"])


def _pass_keys(values: dict[str, Any], suffix: str = "") -> dict[str, float]:
    """``{"pass@k": v}`` from keys ``pass@k<suffix>`` with numeric values."""
    out = {}
    for key, value in values.items():
        if not (isinstance(key, str) and key.endswith(suffix)):
            continue
        name = key[: len(key) - len(suffix)] if suffix else key
        if not _PASS_KEY.fullmatch(name):
            continue
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            out[name] = float(value)
    return out


# ---- lm-eval ---------------------------------------------------------------------------------


def read_lm_eval(path: str | Path) -> HarnessLog:
    """``samples_<task>_<time>.jsonl`` (or the ``--output_path`` folder holding exactly one)."""
    where = Path(path)
    file = where if where.is_file() else _only(
        sorted(where.rglob("samples_*.jsonl")), "samples_*.jsonl", where
    )
    problems = []
    filter_name = ""
    for row in _jsonl(file):
        pid, problem, answer = _doc_fields(row.get("doc"), file)
        if isinstance(row.get("filter"), str):
            filter_name = row["filter"]
        filtered = row.get("filtered_resps")
        # take_first_k keeps all repeats as one list; lm-eval's default filter keeps the first
        texts = filtered[0] if filtered and isinstance(filtered[0], list) else filtered
        if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
            raise DataError(f"problem {pid}: filtered_resps is not a list of texts", path=file)
        problems.append(HarnessProblem(
            pid, problem, answer, list(texts), [None] * len(texts), _pass_keys(row)
        ))
    # samples_<task>_<time>.jsonl <-> results_<time>.json in the same folder
    stem = file.stem.removeprefix("samples_")
    task, _, stamp = stem.rpartition("_")
    reported: dict[str, float] = {}
    model = None
    results_file = file.with_name(f"results_{stamp}.json")
    if results_file.is_file():
        results = _read_json(results_file)
        by_task = results.get("results", {}) if isinstance(results, dict) else {}
        reported = _pass_keys(by_task.get(task, {}), f",{filter_name}")
        config = results.get("config", {}) if isinstance(results, dict) else {}
        args = config.get("model_args")
        named = args.get("model") if isinstance(args, dict) else None
        model = str(named or config.get("model") or "") or None
    return HarnessLog("lm-eval", file, model, task or None, problems, reported)


# ---- inspect ---------------------------------------------------------------------------------


def _message_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):  # content parts: keep the text ones
        return "".join(
            str(part.get("text", ""))
            for part in content
            if isinstance(part, dict) and part.get("type") == "text"
        )
    return ""


def _inspect_log(path: Path) -> dict[str, Any]:
    """A JSON eval log. The default ``.eval`` format is a zip of zstd-compressed members that
    the standard library cannot read: inspect converts it (the error says how)."""
    _check_size(path)
    if zipfile.is_zipfile(path):
        raise DataError(
            "an .eval log (zstd-compressed zip); write JSON logs with `inspect eval ... "
            "--log-format json`, or convert this one: `inspect log convert --to json "
            f"--output-dir DIR {path}`",
            path=path,
        )
    log = _read_json(path)
    if not isinstance(log, dict):
        raise DataError("not an inspect eval log", path=path)
    return log


def read_inspect(path: str | Path) -> HarnessLog:
    """An inspect JSON eval log of the ``mathb`` task (or a folder holding exactly one)."""
    where = Path(path)
    file = where if where.is_file() else _only(
        sorted(where.rglob("*.json")), "inspect JSON log (*.json)", where
    )
    header = _inspect_log(file)
    samples = header.get("samples") or []
    if not samples:
        raise DataError("the log holds no samples", path=file)
    grouped: dict[str, list[tuple[int, str, str | None]]] = {}
    meta: dict[str, tuple[str, str]] = {}
    for sample in samples:
        pid = str(sample.get("id"))
        metadata = sample.get("metadata") or {}
        target = sample.get("target")
        answer = target if isinstance(target, str) else (target or [""])[0]
        problem = metadata.get("problem") if isinstance(metadata, dict) else None
        if not isinstance(problem, str):
            raise DataError(
                f"sample {pid} has no metadata.problem: not a log of this package's task",
                path=file,
            )
        meta[pid] = (problem, str(answer))
        choices = (sample.get("output") or {}).get("choices") or []
        first = choices[0] if choices else {}
        message = first.get("message") or {}
        stop = first.get("stop_reason")
        grouped.setdefault(pid, []).append((
            int(sample.get("epoch") or 1),
            _message_text(message.get("content")),
            str(stop) if stop is not None else None,
        ))
    problems = []
    for pid, entries in grouped.items():
        entries.sort(key=lambda e: e[0])
        problem, answer = meta[pid]
        problems.append(HarnessProblem(
            pid, problem, answer, [e[1] for e in entries],
            ["length" if e[2] in ("max_tokens", "model_length") else e[2] for e in entries],
        ))
    reported: dict[str, float] = {}
    results = header.get("results") or {}
    for entry in results.get("scores") or []:
        name = str(entry.get("reducer") or entry.get("name"))
        value = ((entry.get("metrics") or {}).get("accuracy") or {}).get("value")
        if name.startswith("pass_at_") and isinstance(value, (int, float)):
            reported[f"pass@{name.removeprefix('pass_at_')}"] = float(value)
    spec = header.get("eval") or {}
    return HarnessLog(
        "inspect", file, spec.get("model"), spec.get("task"), problems, reported
    )


# ---- LightEval -------------------------------------------------------------------------------


def read_lighteval(path: str | Path) -> HarnessLog:
    """``details_<task>_<time>.parquet`` (or the ``--output-dir`` holding exactly one)."""
    import pyarrow.parquet as pq

    where = Path(path)
    file = where if where.is_file() else _only(
        sorted(where.rglob("details_*.parquet")), "details_*.parquet", where
    )
    _check_size(file)
    rows = pq.read_table(file).to_pylist()
    problems = []
    for row in rows:
        doc = row.get("doc") or {}
        pid, problem, answer = _doc_fields(doc.get("specific"), file)
        response = row.get("model_response") or {}
        texts = response.get("text")
        if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
            raise DataError(f"problem {pid}: model_response.text is not a list of texts", path=file)
        metric = row.get("metric") or {}
        problems.append(HarnessProblem(
            pid, problem, answer, list(texts), [None] * len(texts), _pass_keys(metric)
        ))
    stem = file.stem.removeprefix("details_")
    task, _, stamp = stem.rpartition("_")
    reported: dict[str, float] = {}
    model = None
    # <out>/details/<model name, may hold "/">/<time>/details_*.parquet
    #   <-> <out>/results/<model name>/results_<time>.json
    details = next((p for p in file.parents if p.name == "details"), None)
    if details is not None:
        found = sorted(details.parent.glob(f"results/**/results_{stamp}.json"))
        if found:
            results = _read_json(found[0])
            if isinstance(results, dict):
                reported = _pass_keys((results.get("results") or {}).get(task, {}))
                model = (results.get("config_general") or {}).get("model_name")
    return HarnessLog("lighteval", file, model, task or None, problems, reported)


READERS: dict[str, Callable[[str | Path], HarnessLog]] = {
    "lm-eval": read_lm_eval,
    "inspect": read_inspect,
    "lighteval": read_lighteval,
}


def read_harness_log(tool: str, path: str | Path) -> HarnessLog:
    """The samples and reported pass@k of a harness run (``tool``: a key of :data:`READERS`)."""
    reader = READERS.get(tool)
    if reader is None:
        raise DataError(f"no reader for {tool!r}; known: {', '.join(sorted(READERS))}")
    return reader(path)


def write_harness_run(log: HarnessLog, out: str | Path, *, model: str | None = None) -> Path:
    """Store ``log``'s samples as an unscored run at ``out`` (score it with ``mathb score``).

    Every problem keeps its samples in the harness's order (sample index = position); the run's
    ``k`` is the largest number of samples per problem."""
    from ..store import ProblemState, RunManifest, RunStore, SampleRecord

    target = Path(out)
    if target.exists() and any(target.iterdir()):
        raise DataError("already exists and is not empty", path=target)
    name = model or log.model or f"{log.tool}-model"
    k = max((len(p.samples) for p in log.problems), default=0)
    run_id = f"{log.tool}-import-{_dt.datetime.now(_dt.timezone.utc):%Y%m%dT%H%M%S}"
    manifest = RunManifest(
        run_id=run_id,
        created_at=_dt.datetime.now(_dt.timezone.utc).isoformat(),
        model=name,
        backend=f"harness:{log.tool}",
        preset={},
        prompt_template="(as the harness sent it)",
        dataset=f"{log.tool}:{log.task or 'task'}",
        k=k,
        seed=0,
        extra={"harness_log": str(log.source), "harness_reported": log.reported},
    )
    records = []
    states = []
    for p in log.problems:
        for index, (text, finish) in enumerate(zip(p.samples, p.finish_reasons, strict=True)):
            records.append(SampleRecord(
                run_id=run_id, problem_id=p.id, sample_index=index, seed=0, text=text,
                n_tokens=0, finish_reason=finish or UNKNOWN_FINISH,
            ))
        states.append(ProblemState(
            problem_id=p.id, gold=p.answer, target_k=len(p.samples), launched=len(p.samples),
            finished=len(p.samples), question=p.problem,
        ))
    with RunStore.create_or_resume(target, manifest) as store, store.transaction():
        store.add_samples(records)
        store.upsert_problem_states(states)
    return target
