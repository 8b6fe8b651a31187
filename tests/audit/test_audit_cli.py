"""`mathb audit` end to end (small selections, cheap verifiers)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from mathbeyond.cli import cli, main

FILE = Path(__file__).parent / "user_rewards.py"


def test_audit_json_for_a_builtin_and_a_user_function() -> None:
    result = CliRunner().invoke(
        cli, ["audit", "--verifier", "last-box", "--verifier", f"{FILE}:always", "--mode", "F3",
              "--mode", "RH", "--json"])  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    last_box, always = data["verifiers"]
    assert last_box["ref"] == "last-box" and always["kind"] == "plain"
    assert last_box["modes"]["F3"]["symbol"] == "✓"  # a later non-answer box wins
    assert always["reward_hacking"]["credited"] and len(always["reward_hacking"]["credited"]) == (
        always["reward_hacking"]["cases"])  # fmt: skip
    assert always["modes"]["F3"]["false_positives"] == always["modes"]["F3"]["fail_cases"]


def test_audit_text_markdown_and_html(tmp_path: Path) -> None:
    page = tmp_path / "audit.html"
    args = ["audit", "--verifier", "first-box", "--mode", "F2", "--show-wrong", "--html", str(page)]
    text = CliRunner().invoke(cli, args)
    assert text.exit_code == 0, text.output
    assert "F2 late correct" in text.stdout and "first-box wrong on" in text.stdout
    assert "<section class=audit>" in page.read_text(encoding="utf-8")
    md = CliRunner().invoke(cli, ["audit", "--verifier", "first-box", "--mode", "F2", "--markdown"])
    assert md.stdout.startswith("| mode | `first-box` |")


def test_unknown_verifier_is_one_error_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["audit", "--verifier", "nonsense"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("error: unknown verifier 'nonsense'") and err.count("\n") == 1
