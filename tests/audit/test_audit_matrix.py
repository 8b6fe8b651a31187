"""Cells from outcomes: thresholds, counting, renderings."""

from __future__ import annotations

import json

import pytest

from mathbeyond.audit import (
    MODES,
    PAPER_TABLE3,
    Case,
    CaseOutcome,
    VerifierRun,
    dumps_json,
    render_html_section,
    render_markdown,
    render_text,
    summarize,
)
from mathbeyond.audit._matrix import Cell


@pytest.mark.parametrize(
    ("missed", "false_pos", "symbol"),
    [(0, 0, "–"), (1, 0, "–"), (0, 1, "–"), (2, 0, "✓/–"), (0, 4, "✓/–"), (5, 0, "✓"),
     (0, 5, "✓"), (10, 10, "✓")],
)
def test_thresholds(missed: int, false_pos: int, symbol: str) -> None:
    assert Cell("F1", 10, missed, 10, false_pos).symbol == symbol


def _case(i: str, mode: str, expect: str) -> Case:
    return Case(i, mode, expect, None, "c", "1", "r")


def test_summarize_counts_misses_false_positives_problems_and_reward_hacking() -> None:
    cases = [_case("p1", "F1", "pass"), _case("p2", "F1", "pass"), _case("f1", "F1", "fail"),
             _case("f2", "F2", "fail"), _case("h1", "RH", "fail"), _case("h2", "RH", "fail")]
    outcomes = (
        CaseOutcome("p1", "ok", 1.0),
        CaseOutcome("p2", "timeout", None, "slow"),  # a pass case not credited: missed
        CaseOutcome("f1", "ok", 0.5),  # any positive reward is credit: false positive
        CaseOutcome("f2", "ok", -1.0),
        CaseOutcome("h1", "ok", 1.0),
        CaseOutcome("h2", "crash", None),
    )
    s = summarize(VerifierRun("x", "src", "plain", outcomes), cases)
    assert (s.cells["F1"].missed, s.cells["F1"].n_pass) == (1, 2)
    assert (s.cells["F1"].false_pos, s.cells["F1"].n_fail) == (1, 1)
    assert s.cells["F1"].symbol == "✓"
    assert s.cells["F2"].symbol == "–"
    assert s.rh_credited == ("h1",) and s.rh_total == 2
    assert s.problems == {"timeout": 1, "crash": 1}
    assert s.failures == ("p2", "f1", "h1")


def test_renderings_show_the_paper_cells_for_mapped_builtins() -> None:
    cases = [_case(f"{m}-p", m, "pass") for m in MODES]
    run = VerifierRun("trl", "src", "builtin", tuple(CaseOutcome(c.id, "ok", 0.0) for c in cases))
    s = summarize(run, cases)
    text = render_text([s])
    assert f"[{PAPER_TABLE3['TRL']['F3']}]" in text and "✓ 1/1 0/0" in text
    md = render_markdown([s])
    assert md.startswith("| mode | `trl` |") and "paper –" in md
    assert "paper" not in render_markdown([s], paper=False)
    data = json.loads(dumps_json([s], [run]))
    assert data["verifiers"][0]["modes"]["F1"]["paper"] == "✓"
    assert data["verifiers"][0]["outcomes"][0]["credited"] is False
    assert render_html_section([s]).startswith("<section class=audit>")
