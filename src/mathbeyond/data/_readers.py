"""Read a table file (parquet, CSV, JSON list, JSONL) into column names + row mappings.

Readers are chosen by file suffix. Every failure (unreadable, corrupt, wrong shape) is one
:class:`DataError` naming the file and, when it is one record's fault, the row (0-based position).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.csv as pa_csv
import pyarrow.parquet as pq

from .._errors import DataError


@dataclass(frozen=True)
class RawTable:
    """A file's rows as Python mappings, plus its column names and (parquet) key/value metadata."""

    path: Path
    columns: tuple[str, ...]
    rows: list[dict[str, Any]]
    schema_metadata: dict[str, str]


def _from_arrow(path: Path, table: pa.Table) -> RawTable:
    raw_meta = table.schema.metadata or {}
    meta = {k.decode("utf-8", "replace"): v.decode("utf-8", "replace") for k, v in raw_meta.items()}
    return RawTable(path, tuple(table.column_names), table.to_pylist(), meta)


def _read_parquet(path: Path) -> RawTable:
    try:
        table = pq.read_table(path)
    except (pa.ArrowException, OSError) as exc:
        raise DataError(f"cannot read parquet file: {exc}", path=path) from None
    return _from_arrow(path, table)


def _read_csv(path: Path) -> RawTable:
    try:
        table = pa_csv.read_csv(path)
    except (pa.ArrowException, OSError) as exc:
        raise DataError(f"cannot read CSV file: {exc}", path=path) from None
    return _from_arrow(path, table)


def _check_objects(path: Path, rows: list[Any]) -> list[dict[str, Any]]:
    for i, row in enumerate(rows):
        if not isinstance(row, dict):
            raise DataError(
                f"record is a {type(row).__name__}, expected an object", path=path, row=i
            )
    return rows


def _columns(rows: list[dict[str, Any]]) -> tuple[str, ...]:
    seen: dict[str, None] = {}
    for row in rows:
        seen.update(dict.fromkeys(row))
    return tuple(seen)


def _read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(f"cannot read file: {exc}", path=path) from None


def _read_json(path: Path) -> RawTable:
    try:
        data = json.loads(_read_text(path))
    except json.JSONDecodeError as exc:
        raise DataError(f"invalid JSON at line {exc.lineno}: {exc.msg}", path=path) from None
    if not isinstance(data, list):
        raise DataError(f"expected a JSON list of records, got {type(data).__name__}", path=path)
    rows = _check_objects(path, data)
    return RawTable(path, _columns(rows), rows, {})


def _read_jsonl(path: Path) -> RawTable:
    rows: list[Any] = []
    for lineno, line in enumerate(_read_text(path).splitlines(), start=1):
        if not line.strip():
            continue
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError as exc:
            raise DataError(
                f"invalid JSON on line {lineno}: {exc.msg}", path=path, row=len(rows)
            ) from None
    checked = _check_objects(path, rows)
    return RawTable(path, _columns(checked), checked, {})


READERS: dict[str, Callable[[Path], RawTable]] = {
    ".parquet": _read_parquet,
    ".csv": _read_csv,
    ".json": _read_json,
    ".jsonl": _read_jsonl,
}


def read_table(path: Path) -> RawTable:
    """Read ``path`` with the reader for its suffix."""
    reader = READERS.get(path.suffix.lower())
    if reader is None:
        known = ", ".join(READERS)
        raise DataError(f"unsupported file type {path.suffix!r} (supported: {known})", path=path)
    if not path.is_file():
        raise DataError("file not found", path=path)
    return reader(path)
