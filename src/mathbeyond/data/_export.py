"""Write problems to parquet / JSONL, and the row format that reads such files back.

Exported files have one row per problem with columns ``id, problem, answer, source, topic,
difficulty, metadata`` (``metadata`` is a JSON object; a JSON string in parquet). Ids are kept,
so an exported split re-imports to the same problems.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import pyarrow as pa
import pyarrow.parquet as pq

from .._errors import ConfigError, DataError
from ._rows import BoundParser, Row, RowError, label_of, scalar_text
from ._types import Problem

ExportFormat = Literal["parquet", "jsonl"]
EXPORT_COLUMNS = ("id", "problem", "answer", "source", "topic", "difficulty", "metadata")
SCHEMA_KEY = "mathbeyond"
FORMAT_TAG = "mathbeyond.problems/v1"


def _record(p: Problem) -> dict[str, Any]:
    return {
        "id": p.id,
        "problem": p.problem,
        "answer": p.answer,
        "source": p.source,
        "topic": p.topic,
        "difficulty": p.difficulty,
    }


def _write_parquet(problems: Sequence[Problem], path: Path, info: Mapping[str, Any]) -> None:
    records = [
        {**_record(p), "metadata": json.dumps(dict(p.metadata), ensure_ascii=False)}
        for p in problems
    ]
    schema = pa.schema(
        [(c, pa.string()) for c in EXPORT_COLUMNS],
        metadata={SCHEMA_KEY: json.dumps({"format": FORMAT_TAG, **info})},
    )
    pq.write_table(pa.Table.from_pylist(records, schema=schema), path)


def _write_jsonl(problems: Sequence[Problem], path: Path, info: Mapping[str, Any]) -> None:
    del info  # JSONL has no header; the rows are self-describing
    with path.open("w", encoding="utf-8") as fh:
        for p in problems:
            row = {**_record(p), "metadata": dict(p.metadata)}
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")


WRITERS: dict[str, Callable[[Sequence[Problem], Path, Mapping[str, Any]], None]] = {
    "parquet": _write_parquet,
    "jsonl": _write_jsonl,
}


def export_problems(
    problems: Iterable[Problem],
    path: str | Path,
    fmt: ExportFormat | None = None,
    *,
    info: Mapping[str, Any] | None = None,
) -> Path:
    """Write ``problems`` to ``path`` (format from ``fmt`` or the file suffix); returns the path.

    ``info`` (dataset name, split, origin, revision...) is stored in the parquet schema metadata.
    """
    out = Path(path)
    name = fmt or out.suffix.lower().lstrip(".")
    writer = WRITERS.get(name)
    if writer is None:
        raise ConfigError(f"unknown export format {name!r}; use one of: {', '.join(WRITERS)}")
    out.parent.mkdir(parents=True, exist_ok=True)
    try:
        writer(tuple(problems), out, dict(info or {}))
    except (OSError, TypeError, ValueError) as exc:
        raise DataError(f"cannot write export: {exc}", path=out) from None
    return out


def is_export_columns(columns: Sequence[str]) -> bool:
    return all(c in columns for c in EXPORT_COLUMNS)


@dataclass(frozen=True)
class ExportedFormat:
    """Reads rows written by :func:`export_problems`; ids are taken from the file."""

    def bind(self, dataset: str, columns: Sequence[str]) -> BoundParser:
        del dataset, columns

        def parse(row: Row, position: int) -> Problem:
            del position
            meta = row.get("metadata")
            if isinstance(meta, str):
                try:
                    meta = json.loads(meta)
                except json.JSONDecodeError as exc:
                    raise RowError(f"column 'metadata' is not valid JSON: {exc.msg}") from None
            if meta is None:
                meta = {}
            if not isinstance(meta, dict):
                raise RowError("column 'metadata' must be a JSON object")
            return Problem(
                id=scalar_text("id", row.get("id"), "id"),
                problem=scalar_text("problem", row.get("problem"), "problem text"),
                answer=scalar_text("answer", row.get("answer"), "answer"),
                source=scalar_text("source", row.get("source"), "source"),
                topic=label_of(row, "topic"),
                difficulty=label_of(row, "difficulty"),
                metadata=meta,
            )

        return parse
