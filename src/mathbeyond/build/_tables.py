"""Build-directory files: atomic writes, problem tables, removal tables, stage manifests.

Every file is written to a temporary name in the same directory and renamed into place, so a
``kill -9`` leaves either the old file or the new one, never a torn one. A stage is finished
exactly when its manifest (``manifests/{stage}.json``) exists; it is written last.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from .._errors import DataError
from ..data import Problem, export_problems, load_file

POOL_KEY = "pool"
"""``Problem.metadata`` key naming the pool a problem came from (the funnel's source)."""
REMOVED_SCHEMA = pa.schema(
    [
        ("id", pa.string()),
        ("pool", pa.string()),
        ("reason", pa.string()),
        ("detail", pa.string()),
        ("problem", pa.string()),
        ("answer", pa.string()),
        ("match_id", pa.string()),
        ("match_set", pa.string()),
        ("match_kind", pa.string()),
        ("match_score", pa.float64()),
        ("match_problem", pa.string()),
        ("match_answer", pa.string()),
    ]
)


def fsync_dir(path: Path) -> None:
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:  # pragma: no cover - platforms without directory fds
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover
        pass
    finally:
        os.close(fd)


def replace_atomic(tmp: Path, final: Path) -> None:
    with tmp.open("rb") as fh:
        os.fsync(fh.fileno())
    os.replace(tmp, final)
    fsync_dir(final.parent)


def tmp_path(final: Path) -> Path:
    return final.with_name(f".{final.name}.{os.getpid()}.tmp")


def write_text(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = tmp_path(path)
    tmp.write_text(text, encoding="utf-8")
    replace_atomic(tmp, path)


def write_json(path: Path, data: Any) -> None:
    write_text(path, json.dumps(data, indent=2, sort_keys=True, default=str) + "\n")


def read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise DataError(f"not valid JSON: {exc.msg}", path=path) from None


def write_table(path: Path, table: pa.Table) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = tmp_path(path)
    pq.write_table(table, tmp)
    replace_atomic(tmp, path)


def write_problems(path: Path, problems: Sequence[Problem], info: Mapping[str, Any]) -> None:
    """Problems in the :func:`mathbeyond.data.export_problems` format (ids kept), atomically."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = tmp_path(path)
    export_problems(problems, tmp, "parquet", info=info)
    replace_atomic(tmp, path)


def read_problems(path: Path) -> tuple[Problem, ...]:
    return load_file(path).split()


def ids_digest(ids: Iterable[str]) -> str:
    return hashlib.sha256("\n".join(ids).encode()).hexdigest()[:16]


def pool_of(p: Problem) -> str:
    return str(p.metadata.get(POOL_KEY, p.source))


def removal_rows(rows: Iterable[Mapping[str, Any]]) -> pa.Table:
    names = REMOVED_SCHEMA.names
    data = [{n: row.get(n) for n in names} for row in rows]
    return pa.Table.from_pylist(data, schema=REMOVED_SCHEMA)


def funnel(
    inputs: Sequence[Problem], kept: Sequence[Problem], removed: Sequence[tuple[Problem, str]]
) -> dict[str, Any]:
    """Counts in / out and removed by reason, overall and per source pool."""
    per: dict[str, dict[str, Any]] = {}
    for p in inputs:
        per.setdefault(pool_of(p), {"in": 0, "out": 0, "removed": Counter()})["in"] += 1
    for p in kept:
        per.setdefault(pool_of(p), {"in": 0, "out": 0, "removed": Counter()})["out"] += 1
    reasons: Counter[str] = Counter()
    for p, reason in removed:
        reasons[reason] += 1
        per.setdefault(pool_of(p), {"in": 0, "out": 0, "removed": Counter()})["removed"][
            reason
        ] += 1
    return {
        "in": len(inputs),
        "out": len(kept),
        "removed": dict(sorted(reasons.items())),
        "by_source": {
            src: {"in": v["in"], "out": v["out"], "removed": dict(sorted(v["removed"].items()))}
            for src, v in per.items()
        },
    }
