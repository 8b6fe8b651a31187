"""Acceptance: this project's verifier shows no ✓ on any mode and no reward-hacking false positive.

It does not yet (verifier 2.0.0: F3 partial and RH-04, see the README's audit section); the
marker is strict, so this test fails as soon as the verifier passes and the marker must then go.
"""

from __future__ import annotations

import pytest

from mathbeyond.audit import MODES, load_corpus, run_verifier, summarize


@pytest.mark.slow
@pytest.mark.xfail(strict=True, reason="verifier 2.0.0 credits RH-04 (README)")
def test_project_verifier_is_resilient_on_every_mode() -> None:
    cases = load_corpus()
    summary = summarize(run_verifier("mathbeyond", cases, timeout=30), cases)
    assert summary.load_error is None
    wrong = {m: summary.cells[m].symbol for m in MODES if summary.cells[m].symbol == "✓"}
    assert wrong == {}
    assert summary.rh_credited == ()
