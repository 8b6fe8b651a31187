"""The verifier core against the real development corpora (skipped when the data is absent).

Labels are the corpora's own; the disagreements that were adjudicated by reading them are in
tables/dev_adjudicated.jsonl (with a note for each). See benchmarks/verify_dev_eval.py.
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


@pytest.fixture(scope="module")
def adjudicated() -> dict[str, bool]:
    out = {}
    for line in ADJUDICATED.read_text().splitlines():
        if line.strip():
            row = json.loads(line)
            out[row["id"]] = row["expected"]
    return out


@pytest.mark.parametrize("corpus", ["hardverify", "qwen", "cs6493"])
def test_agreement_with_adjudicated_labels(corpus: str, adjudicated: dict[str, bool]) -> None:
    if not (DATA / "model_outputs").is_dir():
        pytest.skip(f"shared data not found at {DATA} (set MATHB_DATA_DIR)")
    mod = _eval_module()
    n = agree = false_pos = 0
    wrong = []
    for rid, completion, gold, question, label in mod.CORPORA[corpus](DATA):
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
    rows = [json.loads(x) for x in ADJUDICATED.read_text().splitlines() if x.strip()]
    assert rows
    for row in rows:
        assert row["note"] and isinstance(row["expected"], bool) and row["id"]
