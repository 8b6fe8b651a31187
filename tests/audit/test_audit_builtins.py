"""Built-in verifiers: the re-implementations' documented behaviour, and agreement with the real
libraries' source files when those are installed."""

from __future__ import annotations

import importlib.util
import json
import os
import runpy
import subprocess
from pathlib import Path

import pytest

from mathbeyond.audit import BUILTINS, load_corpus, run_verifier
from mathbeyond.audit import _reimpl as R
from mathbeyond.audit._builtins import simple_equal


def test_hendrycks_reads_between_the_first_and_last_dollar() -> None:
    assert R.lm_eval_hendrycks("so $\\frac{1}{2}$", "0.5")
    assert R.lm_eval_hendrycks("12", "12")  # fewer than two '$': the whole output
    assert not R.lm_eval_hendrycks("\\boxed{12}", "12")


def test_verl_math_takes_the_last_box() -> None:
    assert R.verl_math("\\boxed{3} then \\boxed{\\dfrac{1}{2}}", "\\frac{1}{2}") == 1.0
    assert R.verl_math("\\boxed{1/2} then \\boxed{3}", "\\frac{1}{2}") == 0.0
    assert R.verl_math("no box", "3") == 0.0


def test_verl_dapo_prefers_answer_lines_then_falls_back_to_a_raw_box() -> None:
    assert R.verl_dapo("Answer: 12 dollars", "12") == 1.0
    assert R.verl_dapo("answer: 11\n\\boxed{12}", "12") == -1.0
    assert R.verl_dapo("so \\boxed{12}", "12") == 1.0
    assert R.verl_dapo("so \\boxed{ 12}", "12") == -1.0  # the fallback compares raw strings
    assert R.verl_dapo("x" * 400 + "Answer: 5", "5") == 1.0


def test_simple_equality() -> None:
    assert simple_equal("$0.5$.", "\\frac{1}{2}")
    assert simple_equal("1,000", "1000")
    assert not simple_equal("(2, 3)", "(3, 2)")
    assert not simple_equal(None, "1")


# the integration tests' environment finder (tests here are not a package): its globals
ENVS = runpy.run_path(str(Path(__file__).resolve().parents[1] / "integrations" / "_envs.py"))

_AGREEMENT_SCRIPT = """
import json, sys
from mathbeyond.audit import BUILTINS, load_corpus
from mathbeyond.audit import _reimpl as R
name, reimpl = sys.argv[1], getattr(R, sys.argv[2])
real, source = BUILTINS[name].make()
differ = [c.id for c in load_corpus()
          if ((real(c.completion, c.gold, c.question) or 0) > 0)
          != (float(reimpl(c.completion, c.gold)) > 0)]
print(json.dumps({"source": source, "differ": differ}))
"""


def _agreement(package: str, name: str, reimpl: str, env: str) -> tuple[str, list[str]]:
    """(source, ids where the real library and the re-implementation differ): here when
    ``package`` is installed in this interpreter, else in integration environment ``env``
    (``.venv-int/<env>``, see tests/integrations/_envs.py) running this tree's package."""
    if importlib.util.find_spec(package) is not None:
        real, source = BUILTINS[name].make()
        fn = getattr(R, reimpl)
        differ = [c.id for c in load_corpus()
                  if ((real(c.completion, c.gold, c.question) or 0) > 0)
                  != (float(fn(c.completion, c.gold)) > 0)]
        return source, differ
    python = ENVS["env_python"](env)
    if python is None:
        pytest.skip(f"{package} not installed here and integration env {env!r} not built "
                    f"(`make integration-envs` builds .venv-int/{env}; or set "
                    f"MATHB_{env.upper()}_PYTHON)")
    environ = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    environ["PYTHONPATH"] = str(ENVS["REPO"] / "src")
    proc = subprocess.run(
        [python, "-c", _AGREEMENT_SCRIPT, name, reimpl],
        env=environ, capture_output=True, text=True, timeout=600, check=False,
    )
    assert proc.returncode == 0, proc.stderr[-4000:]
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    return str(result["source"]), list(result["differ"])


@pytest.mark.parametrize(
    ("package", "name", "reimpl", "env"),
    [
        ("verl", "verl-math", "verl_math", "trainers"),
        ("verl", "verl-dapo", "verl_dapo", "trainers"),
        ("lm_eval", "lm-eval-hendrycks", "lm_eval_hendrycks", "harness"),
    ],
)
def test_reimplementation_agrees_with_the_installed_library(
    package: str, name: str, reimpl: str, env: str
) -> None:
    source, differ = _agreement(package, name, reimpl, env)
    # the library's own source file was loaded (not the re-implementation as a fallback)
    assert f"{package} " in source and "(installed)" in source, source
    assert differ == []


@pytest.mark.parametrize("name", ["math-verify", "trl", "lighteval"])
def test_math_verify_builtins_run(name: str) -> None:
    pytest.importorskip("math_verify", reason="math-verify not installed (mathbeyond[audit])")
    cases = [c for c in load_corpus() if c.id in ("F1-pass-01", "F2-pass-01", "RH-02")]
    run = run_verifier(name, cases, timeout=30)
    assert run.load_error is None
    assert all(o.status in ("ok", "none") for o in run.outcomes)
    by_id = {o.case_id: o for o in run.outcomes}
    assert by_id["F2-pass-01"].credited  # last box {9}: every Math-Verify setup credits it
    assert not by_id["RH-02"].credited


def test_every_builtin_names_its_source() -> None:
    for b in BUILTINS.values():
        assert b.follows
    assert {b.paper_column for b in BUILTINS.values()} >= {"TRL", "VERL", "LightEval", "LM-Eval",
                                                         "Math-V"}
