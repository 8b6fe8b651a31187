"""User reward functions in every supported signature, and ones that hang or crash."""

from __future__ import annotations

from pathlib import Path

import pytest

from mathbeyond._errors import ConfigError
from mathbeyond.audit import Case, adapt, run_verifier, signature_kind
from mathbeyond.audit._adapt import load_callable

HERE = Path(__file__).parent
FILE = HERE / "user_rewards.py"


def _cases() -> list[Case]:
    return [
        Case("p1", "F6", "pass", "Q1?", "work\nANSWER 7", "7", "right"),
        Case("f1", "F6", "fail", "Q2?", "work\nANSWER 8", "7", "wrong"),
        Case("p2", "F6", "pass", "Q3?", "more work\nANSWER 12", "12", "right"),
    ]


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("compute_score", "verl"),
        ("trl_reward", "trl"),
        ("trl_chat_only", "trl"),
        ("reward_func", "openrlhf"),
        ("plain", "plain"),
        ("plain_with_question", "plain"),
    ],
)
def test_each_signature_is_called_in_its_convention(name: str, kind: str) -> None:
    func = load_callable(f"{FILE}:{name}")
    assert signature_kind(func) == kind
    scorer, got = adapt(func)
    assert got == kind
    assert [scorer(c.completion, c.gold, c.question) for c in _cases()] == [1.0, 0.0, 1.0]


def test_trl_text_mode_passes_strings() -> None:
    scorer, _ = adapt(load_callable(f"{FILE}:trl_reward"), trl_text=True)
    assert scorer("x\nANSWER 3", "3", "Q") == 1.0
    chat_only, _ = adapt(load_callable(f"{FILE}:trl_chat_only"), trl_text=True)
    with pytest.raises(TypeError):
        chat_only("x\nANSWER 3", "3", "Q")


def test_unrecognised_signature_and_bad_refs_are_config_errors() -> None:
    with pytest.raises(ConfigError, match="unrecognised signature"):
        adapt(load_callable(f"{FILE}:one_arg"))
    with pytest.raises(ConfigError, match="no file"):
        load_callable("/nonexistent/x.py:f")
    with pytest.raises(ConfigError, match="no callable"):
        load_callable(f"{FILE}:nope")
    with pytest.raises(ConfigError, match="cannot import"):
        load_callable("no_such_module_xyz:f")


@pytest.mark.parametrize("name", ["compute_score", "trl_reward", "reward_func", "plain"])
def test_run_verifier_in_a_worker_for_each_signature(name: str) -> None:
    run = run_verifier(f"{FILE}:{name}", _cases(), timeout=20)
    assert run.load_error is None
    assert [o.status for o in run.outcomes] == ["ok", "ok", "ok"]
    assert [o.credited for o in run.outcomes] == [True, False, True]
    assert name in run.source


def test_module_function_reference(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(HERE))
    run = run_verifier("user_rewards:plain", _cases(), timeout=20)
    assert [o.credited for o in run.outcomes] == [True, False, True]


def test_none_reward_is_reported_and_not_credited() -> None:
    run = run_verifier(f"{FILE}:trl_none", _cases()[:1], timeout=20)
    assert run.outcomes[0].status == "none"
    assert not run.outcomes[0].credited


def test_a_hanging_function_times_out_on_its_case_and_the_audit_goes_on() -> None:
    cases = [
        Case("a", "F6", "pass", "Q", "ok\nANSWER 1", "1", "r"),
        Case("h", "F6", "pass", "Q", "HANG\nANSWER 1", "1", "r"),
        Case("b", "F6", "pass", "Q", "ok\nANSWER 2", "2", "r"),
    ]
    run = run_verifier(f"{FILE}:hangs", cases, timeout=1.5)
    assert [o.status for o in run.outcomes] == ["ok", "timeout", "ok"]
    assert [o.credited for o in run.outcomes] == [True, False, True]


def test_crashes_and_exceptions_are_reported_per_case() -> None:
    cases = [
        Case("c", "F6", "pass", "Q", "CRASH\nANSWER 1", "1", "r"),
        Case("r", "F6", "pass", "Q", "RAISE\nANSWER 1", "1", "r"),
        Case("b", "F6", "pass", "Q", "ok\nANSWER 2", "2", "r"),
    ]
    run = run_verifier(f"{FILE}:crashes", cases, timeout=20)
    assert [o.status for o in run.outcomes] == ["crash", "error", "ok"]
    assert "exit code 3" in run.outcomes[0].detail
    assert "RuntimeError: boom" in run.outcomes[1].detail
    assert run.outcomes[2].credited


def test_a_bad_return_value_is_an_error() -> None:
    run = run_verifier(f"{FILE}:bad_return", _cases()[:1], timeout=20)
    assert run.outcomes[0].status == "error"
    assert "reward must be a number" in run.outcomes[0].detail


def test_a_verifier_that_cannot_load_is_reported_for_every_case(tmp_path: Path) -> None:
    bad = tmp_path / "broken.py"
    bad.write_text("raise ImportError('needs torch')\n")
    run = run_verifier(f"{bad}:f", _cases(), timeout=5)
    assert run.load_error is not None and "needs torch" in run.load_error
    assert {o.status for o in run.outcomes} == {"crash"}
