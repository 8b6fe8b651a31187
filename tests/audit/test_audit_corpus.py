"""The packaged audit corpus: shape, coverage, reproducibility, independence from the tables."""

from __future__ import annotations

import importlib.util
import json
from collections import Counter
from pathlib import Path

import pytest

from mathbeyond._errors import DataError
from mathbeyond.audit import CORPUS_VERSION, MODES, load_corpus

ROOT = Path(__file__).resolve().parents[2]


def test_every_mode_has_at_least_ten_cases_each_way_and_reward_hacking_only_fails() -> None:
    cases = load_corpus()
    counts = Counter((c.mode, c.expect) for c in cases)
    for mode in MODES:
        assert counts[(mode, "pass")] >= 10, mode
        assert counts[(mode, "fail")] >= 10, mode
    assert counts[("RH", "fail")] >= 15
    assert counts[("RH", "pass")] == 0
    assert len({c.id for c in cases}) == len(cases)
    assert all(c.rationale.strip() for c in cases)
    assert CORPUS_VERSION == "v1"


def test_expanded_cases_are_huge_and_the_file_is_small() -> None:
    cases = {c.id: c for c in load_corpus()}
    assert max(len(c.completion) for c in cases.values()) > 150_000
    path = ROOT / "src/mathbeyond/audit/corpus_v1.jsonl"
    assert path.stat().st_size < 100_000


def test_the_generator_reproduces_the_packaged_file(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("mk", ROOT / "scripts/make_audit_corpus.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.OUT = tmp_path / "c.jsonl"
    module.main()
    packaged = (ROOT / "src/mathbeyond/audit/corpus_v1.jsonl").read_text(encoding="utf-8")
    assert module.OUT.read_text(encoding="utf-8") == packaged


def test_no_case_is_copied_from_the_verifier_tables() -> None:
    """The audit must not be tuned to the verifier: no completion equals a table row's."""
    tables = ROOT / "tests/verify/tables"
    if not tables.is_dir():
        pytest.skip("no verifier tables in this checkout")
    seen: set[str] = set()
    for path in tables.glob("*.jsonl"):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                if isinstance(row, dict) and isinstance(row.get("completion"), str):
                    seen.add(row["completion"].strip())
    copied = [c.id for c in load_corpus()
              if len(c.completion) > 20 and c.completion.strip() in seen]
    assert copied == []


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("not json", "not valid JSON"),
        ('{"id": "a", "mode": "F9", "expect": "pass", "gold": "1", "rationale": "r", '
         '"completion": "x"}', "unknown mode"),
        ('{"id": "a", "mode": "RH", "expect": "pass", "gold": "1", "rationale": "r", '
         '"completion": "x"}', "expect must be"),
        ('{"id": "a", "mode": "F1", "expect": "pass", "gold": "1", "rationale": "r"}', "missing"),
        ('{"id": "a", "mode": "F1", "expect": "pass", "gold": "1", "rationale": "r", '
         '"expand": {"unit": "x", "times": 5000000}}', "over"),
    ],
)
def test_a_bad_user_corpus_is_one_data_error(tmp_path: Path, line: str, message: str) -> None:
    path = tmp_path / "c.jsonl"
    path.write_text(line + "\n")
    with pytest.raises(DataError, match=message):
        load_corpus(path)
