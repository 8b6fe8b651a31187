"""`metrics` / `compare` / `report` say what they show: settings, identities, flagged verdicts,
and they refuse runs scored by different verifier versions (issue 12 item 5, issue 16 item 5)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
from click.testing import CliRunner

from mathbeyond._errors import ConfigError
from mathbeyond.cli import cli
from mathbeyond.metrics import load_run, write_verdict_run

PRESET = {"temperature": 0.6, "top_p": 0.95, "max_tokens": 512}


def _run(root: Path, name: str, *, model: str = "qwen3-4b", k: int = 8, size: int = 6,
         preset: dict[str, float] | None = None, version: str = "1.4.0",
         statuses: dict[tuple[int, int], str] | None = None, dataset: str = "math-beyond",
         adaptive: bool = False, min_samples: int = 0, seed: int = 0) -> Path:
    rng = np.random.default_rng(len(name))
    mat = rng.random((size, k)) < 0.3
    mat[0, :] = False
    return write_verdict_run(root / name, model, [f"math-beyond/{i}" for i in range(size)], mat,
                             dataset=dataset, split="test", preset=preset or PRESET,
                             verifier_version=version, statuses=statuses, adaptive=adaptive,
                             min_samples=min_samples, seed=seed)


def _ok(args: list[str]) -> str:
    result = CliRunner().invoke(cli, args, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def _err(args: list[str]) -> str:
    result = CliRunner().invoke(cli, args)
    assert isinstance(result.exception, ConfigError), result.output
    text = str(result.exception)
    assert "\n" not in text
    return text


FLAGS = {(0, 1): "limit_exceeded", (0, 5): "limit_exceeded", (1, 0): "unparseable_gold"}


def test_load_run_reads_settings_and_flags(tmp_path: Path) -> None:
    run = load_run(_run(tmp_path, "a", statuses=FLAGS))
    assert run.info is not None
    assert run.info.temperature == 0.6 and run.info.top_p == 0.95 and run.info.max_tokens == 512
    assert run.info.verifier_versions == ("1.4.0",)
    assert run.info.flag_counts() == {"limit_exceeded": 2, "unparseable_gold": 1}
    assert run.info.flag_counts(k=2) == {"limit_exceeded": 1, "unparseable_gold": 1}
    assert run.info.flag_counts(problems=["math-beyond/1"])["limit_exceeded"] == 0


def test_metrics_shows_settings_and_flag_counts(tmp_path: Path) -> None:
    path = _run(tmp_path, "a", statuses=FLAGS)
    text = _ok(["metrics", str(path), "--resamples", "50"])
    for needle in ("T 0.6", "top_p 0.95", "max tokens 512", "k 8", "seed 0",
                   "math-beyond:test", "verifier 1.4.0", "limit_exceeded", "unparseable_gold"):
        assert needle in text, needle
    out = json.loads(_ok(["metrics", str(path), "--json", "--resamples", "50"]))
    assert out["settings"]["temperature"] == 0.6
    assert out["settings"]["verifier"] == "1.4.0"
    by_k = {row["k"]: row for row in out["rows"]}
    assert by_k[1]["flagged"] == {"limit_exceeded": 0, "unparseable_gold": 1}
    assert by_k[2]["flagged"] == {"limit_exceeded": 1, "unparseable_gold": 1}
    assert by_k[8]["flagged"] == {"limit_exceeded": 2, "unparseable_gold": 1}


def test_compare_shows_both_runs_settings_and_differences(tmp_path: Path) -> None:
    base = _run(tmp_path, "base", model="qwen3-4b-base", preset={**PRESET, "temperature": 1.0})
    post = _run(tmp_path, "post", statuses=FLAGS)
    text = _ok(["compare", "--base", str(base), "--post", str(post)])
    assert "T 1.0" in text and "T 0.6" in text
    assert "differ in: temperature (base 1.0, post 0.6)" in " ".join(text.split())
    assert "limit_exceeded 2" in text
    out = json.loads(_ok(["compare", "--base", str(base), "--post", str(post), "--json"]))
    assert out["runs"]["base"]["temperature"] == 1.0
    assert out["runs"]["post"]["temperature"] == 0.6
    assert out["runs"]["post"]["flagged"] == {"limit_exceeded": 2, "unparseable_gold": 1}
    assert any("temperature" in d for d in out["differences"])


def test_compare_explains_a_k_mismatch(tmp_path: Path) -> None:
    base = _run(tmp_path, "base", model="qwen3-4b-base", k=8)
    post = _run(tmp_path, "post", k=4)
    text = " ".join(_ok(["compare", "--base", str(base), "--post", str(post)]).split())
    assert "k (base 8, post 4)" in text
    assert "compared at k=4" in text


def test_mixed_verifier_versions_are_refused(tmp_path: Path) -> None:
    base = _run(tmp_path, "base", model="qwen3-4b-base", version="1.3.0")
    post = _run(tmp_path, "post", version="1.4.0")
    msg = _err(["compare", "--base", str(base), "--post", str(post)])
    assert "different verifier versions" in msg and "1.3.0" in msg and "1.4.0" in msg
    assert "base" in msg and "post" in msg and "--allow-mixed-verifiers" in msg
    msg = _err(["report", str(base), str(post), "--out", str(tmp_path / "rep")])
    assert "different verifier versions" in msg
    assert not (tmp_path / "rep").exists()
    result = CliRunner().invoke(cli, ["compare", "--base", str(base), "--post", str(post),
                                      "--allow-mixed-verifiers"])
    assert result.exit_code == 0, result.output
    assert "warning: runs scored by different verifier versions" in result.output
    _ok(["report", str(base), str(post), "--out", str(tmp_path / "rep"), "--resamples", "20",
         "--allow-mixed-verifiers"])
    html = (tmp_path / "rep" / "report.html").read_text()
    assert "different verifier versions" in html


def test_metrics_refuses_a_partly_rescored_run(tmp_path: Path) -> None:
    import sqlite3

    path = _run(tmp_path, "a")
    conn = sqlite3.connect(path / "samples.sqlite")
    conn.execute("UPDATE samples SET verifier_version = '1.5.0' WHERE sample_index = 0")
    conn.commit()
    conn.close()
    msg = _err(["metrics", str(path)])
    assert "1.4.0+1.5.0" in msg
    _ok(["metrics", str(path), "--allow-mixed-verifiers", "--resamples", "20"])


def test_adaptive_run_without_min_samples_has_a_sensible_note(tmp_path: Path) -> None:
    mat = np.array([[0, 1, -1, -1], [0, 0, 0, 0], [1, -1, -1, -1]], dtype=np.int8)
    path = write_verdict_run(tmp_path / "ad", "qwen3-4b", ["x", "y", "z"], mat, adaptive=True)
    out = json.loads(_ok(["metrics", str(path), "--json", "--resamples", "20"]))
    notes = " ".join(out["notes"])
    assert "k <= 0" not in notes
    assert "--min-samples" in notes and "empirical" in notes


def test_percent_signs_on_intervals(tmp_path: Path) -> None:
    text = _ok(["metrics", str(_run(tmp_path, "a")), "--resamples", "30"])
    row = next(line for line in text.splitlines() if "[" in line and "%" in line)
    assert row.count("%") >= 3  # value, low and high
    assert "%]" in text


def test_compare_of_runs_on_different_datasets_names_them(tmp_path: Path) -> None:
    base = _run(tmp_path, "base", model="qwen3-4b-base")
    other = write_verdict_run(tmp_path / "other", "qwen3-4b", [f"math500/{i}" for i in range(4)],
                              np.zeros((4, 8), dtype=bool), dataset="math500", split="test",
                              verifier_version="1.4.0")
    msg = _err(["compare", "--base", str(base), "--post", str(other)])
    assert "share no problem" in msg and "math-beyond:test" in msg and "math500:test" in msg
