"""Regression tables for the verifier core (data in tests/verify/tables/*.jsonl)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mathbeyond.verify._core import verify_unbounded
from mathbeyond.verify._types import Status

TABLES = Path(__file__).parent / "tables"
_FIELDS = {"id", "completion", "gold", "expected", "category", "note"}


def _rows() -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for path in sorted(TABLES.glob("*.jsonl")):
        if path.name == "dev_adjudicated.jsonl":
            continue  # labels for benchmarks/verify_dev_eval.py, not completions
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                row["_table"] = path.name
                rows.append(row)
    return rows


ROWS = _rows()


def test_tables_are_well_formed() -> None:
    assert len(ROWS) > 150
    ids = [r["id"] for r in ROWS]
    assert len(ids) == len(set(ids)), "duplicate ids"
    for r in ROWS:
        assert set(r) >= _FIELDS, r["id"]
        assert isinstance(r["expected"], bool)
    cats = {r["category"] for r in ROWS}
    for cat in ("F1", "F2", "F3", "F4", "F5", "F6", "F7", "format", "adversarial"):
        assert cat in cats
        seen = {r["expected"] for r in ROWS if r["category"] == cat}
        assert seen == {True, False}, cat


def _param(row: dict[str, object]) -> object:
    """Rows with an ``xfail`` reason are known failures: strict, so a fix must remove the mark."""
    marks = [pytest.mark.xfail(reason=str(row["xfail"]), strict=True)] if "xfail" in row else []
    return pytest.param(row, id=str(row["id"]), marks=marks)


@pytest.mark.parametrize("row", [_param(r) for r in ROWS])
def test_table_row(row: dict[str, object]) -> None:
    question = row.get("question")
    finish = row.get("finish_reason")
    verdict = verify_unbounded(
        str(row["completion"]),
        str(row["gold"]),
        str(question) if question is not None else None,
        finish_reason=str(finish) if finish is not None else None,
    )
    assert verdict.correct is row["expected"], (row["note"], verdict)
    assert verdict.correct == (verdict.status is Status.CORRECT)
    if "expected_status" in row:
        assert verdict.status.value == row["expected_status"], (row["note"], verdict)


def test_xfail_rows_have_reasons() -> None:
    for r in ROWS:
        if "xfail" in r:
            assert isinstance(r["xfail"], str) and r["xfail"].strip(), r["id"]
