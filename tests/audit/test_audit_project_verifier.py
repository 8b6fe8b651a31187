"""Acceptance: this project's verifier shows no ✓ on any mode and no reward-hacking false positive.

Verifier 2.1.0 passes (every mode resilient, no reward-hacking case credited; see the README's
audit section).
"""

from __future__ import annotations

import pytest

from mathbeyond.audit import MODES, load_corpus, run_verifier, summarize


@pytest.mark.slow
def test_project_verifier_is_resilient_on_every_mode() -> None:
    cases = load_corpus()
    summary = summarize(run_verifier("mathbeyond", cases, timeout=30), cases)
    assert summary.load_error is None
    wrong = {m: summary.cells[m].symbol for m in MODES if summary.cells[m].symbol == "✓"}
    assert wrong == {}
    assert summary.rh_credited == ()
