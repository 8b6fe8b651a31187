"""Harness task files: shipped, findable, reading data through the loader, scoring via the
verifier. The harnesses themselves are optional: their tests skip when absent."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from _harness import harness_python, skip_reason

from mathbeyond import ConfigError
from mathbeyond.cli import main
from mathbeyond.integrations import INTEGRATIONS, integration_path, mathb_rows, score_samples
from mathbeyond.metrics import pass_at_k

DATA = Path("/work/shared/data")
needs_data = pytest.mark.skipif(
    not (
        Path(os.environ.get("MATHB_DATA_DIR", DATA)) / "benchmarks" / "math500_test.jsonl"
    ).is_file(),
    reason="local data (MATHB_DATA_DIR with benchmarks/math500_test.jsonl) not available",
)


def load_by_path(path: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_integration_exists(capsys: pytest.CaptureFixture[str]) -> None:
    for name in INTEGRATIONS:
        assert integration_path(name).exists(), name
    main(["integrations", "path", "lm-eval"])
    out = capsys.readouterr().out.strip()
    assert Path(out) == integration_path("lm-eval")
    assert {p.name for p in Path(out).iterdir()} >= {
        "_mathb_template_yaml",
        "mathb_union.yaml",
        "mathb_intersection.yaml",
        "utils.py",
    }
    with pytest.raises(ConfigError, match="no integration 'nope'"):
        integration_path("nope")


def test_lm_eval_yaml_declares_pass_at_k() -> None:
    import yaml

    folder = integration_path("lm-eval")
    template = (folder / "_mathb_template_yaml").read_text()

    class Loader(yaml.SafeLoader):
        pass

    Loader.add_constructor("!function", lambda loader, node: ("function", node.value))
    cfg = yaml.load(template, Loader=Loader)  # a SafeLoader subclass
    assert cfg["repeats"] == 16
    assert cfg["filter_list"][0]["filter"] == [{"function": "take_first_k", "k": 16}]
    assert cfg["process_results"] == ("function", "utils.process_results")
    assert [m["metric"] for m in cfg["metric_list"]] == ["pass@1", "pass@4", "pass@16"]
    split = yaml.safe_load((folder / "mathb_intersection.yaml").read_text())
    assert split["dataset_kwargs"] == {"dataset": "math-beyond:intersection"}


def test_lm_eval_process_results_uses_the_verifier() -> None:
    utils = load_by_path(integration_path("lm-eval") / "utils.py", "mathb_lm_eval_utils")
    doc = {"problem": "What is 1/2 + 1/4?", "answer": "\\frac{3}{4}", "prompt": "p"}
    samples = ["so \\boxed{0.75}"] * 3 + ["\\boxed{1}"] * 13
    out = utils.process_results(doc, [samples])  # after take_first_k: one list of 16
    assert out == {
        "pass@1": pytest.approx(pass_at_k(16, 3, 1)),
        "pass@4": pytest.approx(pass_at_k(16, 3, 4)),
        "pass@16": 1.0,
    }
    assert utils.process_results(doc, ["\\boxed{3/4}"]) == {"pass@1": 1.0}  # default filter


def test_score_samples_counts() -> None:
    out = score_samples(["\\boxed{2}", "\\boxed{3}"], "2", None, (1, 2, 4))
    assert out == {"pass@1": 0.5, "pass@2": 1.0, "correct": 1.0}


@needs_data
def test_rows_come_from_the_project_loader(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MATHB_DATA_DIR", os.environ.get("MATHB_DATA_DIR", str(DATA)))
    rows = mathb_rows("math500", limit=3)
    assert [r["id"] for r in rows] == ["math500/0", "math500/1", "math500/2"]
    assert rows[0]["prompt"].startswith(rows[0]["problem"])
    assert rows[0]["prompt"].endswith("\\boxed{}.")
    monkeypatch.setenv("MATHB_TASK_DATASET", "math500")
    assert mathb_rows(limit=1)[0]["id"] == "math500/0"


INSPECT_PY = harness_python("inspect_ai", "MATHB_INSPECT_PYTHON")


@pytest.mark.slow
@needs_data
@pytest.mark.skipif(INSPECT_PY is None, reason=skip_reason("inspect_ai", "MATHB_INSPECT_PYTHON"))
def test_inspect_task_with_mockllm(tmp_path: Path) -> None:
    """inspect eval of the shipped task file with inspect's mock model: every output boxes the
    first problem's gold, so that problem passes at every k and the second never does."""
    assert INSPECT_PY is not None
    python = INSPECT_PY
    src = str(Path(__file__).resolve().parents[2] / "src")
    data_dir = os.environ.get("MATHB_DATA_DIR", str(DATA))
    env = {**os.environ, "PYTHONPATH": src, "MATHB_DATA_DIR": data_dir}
    code = f"""
import json
from inspect_ai import eval as ev
from inspect_ai.model import ModelOutput, ModelUsage, get_model
from mathbeyond.integrations import mathb_rows
gold = mathb_rows("math500", 1)[0]["answer"]
out = ModelOutput.from_content(model="mockllm/model", content="So $\\\\boxed{{" + gold + "}}$.")
out.usage = ModelUsage(input_tokens=1, output_tokens=1, total_tokens=2)  # no tokenizer download
model = get_model("mockllm/model", custom_outputs=[out] * 8)
logs = ev("inspect_mathb.py", model=model, log_dir={str(tmp_path)!r}, display="none",
          task_args={{"dataset": "math500", "epochs": 4, "limit": 2}})
log = logs[0]
assert log.status == "success", log.error
print(json.dumps({{s.reducer or s.name: {{m: v.value for m, v in s.metrics.items()}}
                  for s in log.results.scores}}))
"""
    proc = subprocess.run(  # inspect resolves task files relative to the working directory
        [python, "-c", code],
        cwd=integration_path("inspect").parent,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    import json

    scores = json.loads(proc.stdout.strip().splitlines()[-1])
    assert {"pass_at_1", "pass_at_4", "mean"} <= set(scores), scores
    for name in ("pass_at_1", "pass_at_4", "mean"):
        assert scores[name]["accuracy"] == pytest.approx(0.5), scores


LMEVAL_PY = harness_python("lm_eval", "MATHB_LMEVAL_PYTHON")


@pytest.mark.slow
@needs_data
@pytest.mark.skipif(LMEVAL_PY is None, reason=skip_reason("lm_eval", "MATHB_LMEVAL_PYTHON"))
def test_lm_eval_task_end_to_end(tmp_path: Path) -> None:
    """lm-eval loads the shipped YAML (custom_dataset from the project loader, 16 repeats,
    take_first_k, process_results); a scripted LM boxes problem 1's gold every time, so every
    pass@k is 0.5 over 2 problems, which only holds if all 16 samples reach process_results."""
    assert LMEVAL_PY is not None
    python = LMEVAL_PY
    src = str(Path(__file__).resolve().parents[2] / "src")
    data_dir = os.environ.get("MATHB_DATA_DIR", str(DATA))
    env = {
        **os.environ,
        "PYTHONPATH": src,
        "MATHB_DATA_DIR": data_dir,
        "MATHB_TASK_DATASET": "math500",
        "HF_DATASETS_OFFLINE": "1",
    }
    code = """
import json
from lm_eval import simple_evaluate
from lm_eval.api.model import LM
from lm_eval.tasks import TaskManager
from mathbeyond.integrations import integration_path, mathb_rows
first = mathb_rows("math500", 1)[0]
class Scripted(LM):
    calls = 0
    def loglikelihood(self, requests): raise NotImplementedError
    def loglikelihood_rolling(self, requests): raise NotImplementedError
    def generate_until(self, requests, disable_tqdm=False):
        Scripted.calls += len(requests)
        return ["So $\\\\boxed{" + first["answer"] + "}$." if first["problem"] in r.args[0]
                else "\\\\boxed{-1}" for r in requests]
tm = TaskManager(include_path=str(integration_path("lm-eval")))
out = simple_evaluate(model=Scripted(), tasks=["mathb_custom"], task_manager=tm, limit=2)
res = out["results"]["mathb_custom"]
print(json.dumps({"calls": Scripted.calls,
                  **{k: v for k, v in res.items() if k.startswith("pass@")}}))
"""
    proc = subprocess.run(
        [python, "-c", code],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    import json

    res = json.loads(proc.stdout.strip().splitlines()[-1])
    assert res["calls"] == 32, res  # 2 problems x 16 repeats
    for k in (1, 4, 16):
        assert res[f"pass@{k},all_samples"] == pytest.approx(0.5), res


LIGHTEVAL_PY = harness_python("lighteval", "MATHB_LIGHTEVAL_PYTHON")


@pytest.mark.slow
@needs_data
@pytest.mark.skipif(
    LIGHTEVAL_PY is None, reason=skip_reason("lighteval", "MATHB_LIGHTEVAL_PYTHON")
)
def test_lighteval_task_docs_and_metric(tmp_path: Path) -> None:
    """LightEval builds the task from the shipped file (data from the project loader through a
    local JSONL folder), asks for 16 samples, and its metric machinery (apply_metric) scores 16
    responses with the verifier: 3 correct of 16 -> pass@1 3/16, pass@4 1 - C(13,4)/C(16,4);
    a response with 1 of the 16 samples (a server that ignores `n`) is an error, not a score."""
    assert LIGHTEVAL_PY is not None
    python = LIGHTEVAL_PY
    src = str(Path(__file__).resolve().parents[2] / "src")
    data_dir = os.environ.get("MATHB_DATA_DIR", str(DATA))
    env = {
        **os.environ,
        "PYTHONPATH": src,
        "MATHB_DATA_DIR": data_dir,
        "MATHB_TASK_DATASET": "math500",
        "MATHB_CACHE_DIR": str(tmp_path / "cache"),
        "HF_DATASETS_OFFLINE": "1",
    }
    code = """
import importlib.util, json
from lighteval.metrics import apply_metric
from lighteval.models.model_output import ModelResponse
from lighteval.tasks.lighteval_task import LightevalTask
from mathbeyond.integrations import integration_path
spec = importlib.util.spec_from_file_location("mathb_lighteval", integration_path("lighteval"))
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
(config,) = module.TASKS_TABLE
task = LightevalTask(config)
docs = task.get_docs(2)
responses = [
    ModelResponse(text=["So $\\\\boxed{" + docs[0].specific["answer"] + "}$."] * 3
                  + ["\\\\boxed{-1}"] * 13),
    ModelResponse(text=["\\\\boxed{-1}"] * 16),
]
out = apply_metric(responses, docs, task.metrics)
try:  # a server that ignores `n` returns one sample: no pass@k from it
    apply_metric([ModelResponse(text=["\\boxed{1}"])], docs[:1], task.metrics)
    short = "no error"
except ValueError as exc:
    short = str(exc)
print(json.dumps({"ids": [d.specific["id"] for d in docs], "n": max(task.num_samples),
                  "out": out, "short": short}))
"""
    proc = subprocess.run(
        [python, "-c", code],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    import json

    res = json.loads(proc.stdout.strip().splitlines()[-1])
    assert res["n"] == 16
    assert all(i.startswith("math500/") for i in res["ids"])
    assert res["out"][0] == {
        "pass@1": pytest.approx(3 / 16),
        "pass@4": pytest.approx(pass_at_k(16, 3, 4)),
        "pass@16": 1.0,
    }
    assert res["out"][1] == {"pass@1": 0.0, "pass@4": 0.0, "pass@16": 0.0}
    assert "1 sample(s) of the 16 requested" in res["short"], res["short"]
