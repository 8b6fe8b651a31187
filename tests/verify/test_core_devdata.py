"""The verifier core against the real development corpora (skipped when the data is absent).

Labels are the corpora's own; the disagreements that were adjudicated by reading them are in
tables/dev_adjudicated.jsonl (with a note for each). See benchmarks/verify_dev_eval.py.

The adjudication flipped 124 labels, mostly towards the verifier's own policy, so it partly
graded itself. Each flipped row was re-read blind (problem, completion and gold only, in shuffled
order, without the verifier's output or either label) and its ``blind`` field holds that label
(null: the reader found it ambiguous). Only flipped rows whose adjudicated and blind labels agree
are scored; the others are left out of the agreement rate and counted separately.
"""

from __future__ import annotations

import importlib.util
import json
import os
from pathlib import Path

import pytest

from mathbeyond.verify._core import verify_unbounded

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(os.environ.get("MATHB_DATA_DIR") or ROOT.parent / "shared" / "data")
ADJUDICATED = Path(__file__).parent / "tables" / "dev_adjudicated.jsonl"


def _eval_module():  # type: ignore[no-untyped-def]
    path = ROOT / "benchmarks" / "verify_dev_eval.py"
    spec = importlib.util.spec_from_file_location("verify_dev_eval", path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _adjudications() -> list[dict[str, object]]:
    return [json.loads(x) for x in ADJUDICATED.read_text().splitlines() if x.strip()]


@pytest.fixture(scope="module")
def adjudicated() -> dict[str, bool | None]:
    """id -> label to score against; None: the blind re-reading disagreed, the row is left out."""
    out: dict[str, bool | None] = {}
    for row in _adjudications():
        agreed = row["blind"] is not None and row["blind"] == row["expected"]
        out[str(row["id"])] = bool(row["expected"]) if agreed else None
    return out


@pytest.mark.parametrize("corpus", ["hardverify", "qwen", "cs6493"])
def test_agreement_with_adjudicated_labels(
    corpus: str, adjudicated: dict[str, bool | None]
) -> None:
    if not (DATA / "model_outputs").is_dir():
        pytest.skip(f"shared data not found at {DATA} (set MATHB_DATA_DIR)")
    mod = _eval_module()
    n = agree = false_pos = 0
    wrong = []
    for rid, completion, gold, question, label in mod.CORPORA[corpus](DATA):
        if rid in adjudicated and adjudicated[rid] is None:
            continue  # the two readers disagree: no trustworthy label
        want = adjudicated.get(rid, label)
        got = verify_unbounded(completion, gold, question).correct
        n += 1
        agree += got == want
        false_pos += got and not want
        if got != want:
            wrong.append(rid)
    assert n > 0
    assert agree / n >= 0.99, wrong[:20]
    assert false_pos == 0, wrong[:20]


def test_adjudications_are_documented() -> None:
    rows = _adjudications()
    assert rows
    for row in rows:
        assert row["note"] and isinstance(row["expected"], bool) and row["id"]
        assert "blind" in row and (row["blind"] is None or isinstance(row["blind"], bool))


def test_blind_rereading_counts() -> None:
    """124 flipped rows: the blind reader agreed with 34, disagreed with 68, found 22 ambiguous."""
    rows = _adjudications()
    agree = sum(r["blind"] is not None and r["blind"] == r["expected"] for r in rows)
    disagree = sum(r["blind"] is not None and r["blind"] != r["expected"] for r in rows)
    ambiguous = sum(r["blind"] is None for r in rows)
    assert (len(rows), agree, disagree, ambiguous) == (124, 34, 68, 22)
