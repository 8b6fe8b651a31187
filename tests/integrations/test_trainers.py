"""The reward adapters inside the real RL trainers (TRL GRPOTrainer, verl's reward loop).

Each test runs a script from ``trainer_scripts/`` in the integration environment ``trainers``
(``ci/env-trainers.txt``: CPU torch, TRL, verl; built by ``make integration-envs`` at
``.venv-int/trainers``, or ``MATHB_TRAINERS_PYTHON``) and checks what it recorded against
``mathbeyond.verify.verify`` computed here. Every process the script starts carries a tag in its
environment; after the script exits no tagged process may remain (verifier workers, Ray).
"""

from __future__ import annotations

import importlib.util
import json
import math
import os
import subprocess
import time
import uuid
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from mathbeyond.integrations import integration_path
from mathbeyond.rewards import DEFAULT_REWARD_WORKERS, TRL_KWARGS
from mathbeyond.verify import Status, verify

HERE = Path(__file__).resolve().parent
SCRIPTS = HERE / "trainer_scripts"


def load(path: Path, name: str) -> ModuleType:
    """A helper module by file path (tests here are not a package)."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


ENVS = load(HERE / "_envs.py", "mathb_test_integration_envs")
REPO: Path = ENVS.REPO
TRAINERS: str | None = ENVS.env_python("trainers")
HOSTILE: list[str] = load(SCRIPTS / "_tiny.py", "mathb_test_tiny_vocab").HOSTILE
needs_trainers = pytest.mark.skipif(
    TRAINERS is None,
    reason="integration env 'trainers' not built (`make integration-envs` builds "
    ".venv-int/trainers from ci/env-trainers.txt; or set MATHB_TRAINERS_PYTHON)",
)
TAG_VAR = "MATHB_TRAINER_TEST_TAG"


def tagged_processes(tag: str) -> list[str]:
    """``pid: cmdline`` of live (non-zombie) processes whose environment carries ``tag``."""
    marker = f"{TAG_VAR}={tag}".encode()
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            environ = (entry / "environ").read_bytes()
            cmdline = (entry / "cmdline").read_bytes()
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            continue
        if marker in environ.split(b"\0") and state != "Z":
            shown = cmdline.replace(b"\0", b" ")[:200].decode(errors="replace")
            found.append(f"{entry.name}: {shown}")
    return found


def run_script(
    script: str, tmp_path: Path, *args: str, python: str | None = None
) -> dict[str, Any]:
    """Run ``script`` in the trainers env (or ``python``); return its JSON; assert it left no
    process behind."""
    python = python or TRAINERS
    assert python is not None
    tag = uuid.uuid4().hex
    env = {k: v for k, v in os.environ.items() if k not in ("MATHB_REWARD_WORKERS", "PYTHONPATH")}
    env.update(
        {
            "PYTHONPATH": str(REPO / "src"),
            TAG_VAR: tag,
            "HF_HOME": str(tmp_path / "hf"),
            "RAY_USAGE_STATS_ENABLED": "0",
        }
    )
    out = tmp_path / "out.json"
    work = tmp_path / "work"
    work.mkdir()
    proc = subprocess.run(
        [python, str(SCRIPTS / script), str(out), str(work), *args],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr[-4000:]
    # Ray's processes exit shortly after ray.shutdown(); verifier workers with their parent.
    deadline = time.monotonic() + 60
    left = tagged_processes(tag)
    while left and time.monotonic() < deadline:
        time.sleep(0.5)
        left = tagged_processes(tag)
    assert left == [], f"processes left behind: {left}"
    result: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    return result


def expected_reward(completion: str, gold: str | None, question: str | None) -> float | None:
    if gold is None:
        return None
    return 1.0 if verify(completion, gold, question=question).correct else 0.0


TRL_STEPS = 4


@pytest.mark.slow
@needs_trainers
def test_trl_grpo_trainer_runs_with_the_reward(tmp_path: Path) -> None:
    """A real GRPOTrainer (CPU, tiny random Llama, word-level tokenizer built offline) trains
    4 steps with reward_funcs=[trl_reward("answer", question_column="problem"), probe]. The
    completions come from the trainer's own model.generate; the rewards TRL stored for each one
    equal the verifier's verdict on that completion (None -> NaN where the gold is missing);
    completions whose last box is a hostile payload and the payloads themselves, through the
    function object TRL called, score 0; the verifier pool has at most MATHB_REWARD_WORKERS (2)
    workers and nothing is left running after the trainer exits."""
    res = run_script("trl_grpo.py", tmp_path, str(TRL_STEPS))
    hostile = HOSTILE
    assert res["global_step"] == TRL_STEPS
    assert res["reward_func_names"] == ["mathbeyond_accuracy", "probe"]
    assert res["same_object"] is True
    assert len(res["probe_calls"]) == len(res["logged"]) == TRL_STEPS

    seen: list[float | None] = []
    with_hostile = 0
    for call, logged in zip(res["probe_calls"], res["logged"], strict=True):
        names = set(call["kwarg_names"])
        # Dataset columns reach the reward; everything else TRL passes is in TRL_KWARGS.
        assert {"answer", "problem"} <= names and names - {"answer", "problem"} <= TRL_KWARGS
        assert logged["completions"] == call["completions"]
        assert len(call["completions"]) == 8
        for text, gold, question, got in zip(
            call["completions"], call["answer"], call["problem"], logged["rewards"], strict=True
        ):
            want = expected_reward(text, gold, question)
            if want is None:
                assert math.isnan(got), (text[:200], gold, got)
            else:
                assert got == want, (text[:200], gold, got, want)
            seen.append(want)
            if gold is not None and any(h in text for h in hostile):
                with_hostile += 1
                last_box = "\\boxed" + text.rsplit("\\boxed", 1)[1]
                if any(last_box.startswith(h) for h in hostile):
                    assert got == 0.0
        # TRL's logged mean for the step is the mean over the rows that have a gold.
    assert 1.0 in seen and 0.0 in seen and None in seen  # all three outcomes occurred
    assert with_hostile >= 1  # sampled payloads were graded (equal to the verifier, above)
    means = [h["rewards/mathbeyond_accuracy/mean"] for h in res["log_history"] if "loss" in h]
    assert len(means) == TRL_STEPS
    per_step = [
        [
            expected_reward(t, g, q)
            for t, g, q in zip(c["completions"], c["answer"], c["problem"], strict=True)
        ]
        for c in res["probe_calls"]
    ]
    for mean, values in zip(means, per_step, strict=True):
        scored = [v for v in values if v is not None]
        assert mean == pytest.approx(sum(scored) / len(scored))

    assert res["hostile_rewards"] == [0.0] * len(hostile)
    for h in hostile:
        assert verify(h, "4").status is Status.LIMIT_EXCEEDED
    assert 1 <= len(res["workers_seen"]) <= DEFAULT_REWARD_WORKERS
    print(
        f"\nTRL {res['versions']}: {res['global_step']} steps, {len(seen)} completions "
        f"(1.0: {seen.count(1.0)}, 0.0: {seen.count(0.0)}, None: {seen.count(None)}, "
        f"{with_hostile} with a hostile payload), step means {means}, "
        f"train {res['train_s']:.1f} s, hostile call {res['hostile_s']:.2f} s"
    )


@pytest.mark.slow
@needs_trainers
def test_verl_reward_loop_with_compute_score(tmp_path: Path) -> None:
    """verl's PPO config with the README keys, load_reward_manager -> NaiveRewardManager on a
    DataProto (compute_score and compute_score_async), RewardLoopWorker in process, the legacy
    BatchRewardManager with compute_score_batch, and a Ray RewardLoopManager with 2 actors: every
    path gives the verifier's verdict per sample, as a token-level reward on the last response
    token; hostile responses score 0 (limit_exceeded); verl's metrics take the numeric fields;
    the old top-level key leaves verl's default scorer in place; nothing is left running."""
    res = run_script("verl_reward.py", tmp_path)
    assert Path(res["path"]).resolve() == integration_path("verl").resolve()
    assert res["manager_class"].endswith("reward_loop.reward_manager.naive.NaiveRewardManager")
    fn = res["manager_fn"]
    assert (fn["name"], Path(fn["file"]).resolve()) == (
        "compute_score",
        Path(res["path"]).resolve(),
    )
    assert fn["kwargs"] == res["reward_kwargs"] == {"timeout": 1.0, "workers": 2}
    assert res["decoded"] == res["texts"]  # what verl decodes is what was encoded

    hostile = HOSTILE
    n = len(res["texts"])
    want = [
        verify(t, g, question=res["question"])
        for t, g in zip(res["texts"], res["golds"], strict=True)
    ]
    scores = [1.0 if v.correct else 0.0 for v in want]
    assert 1.0 in scores and 0.0 in scores
    assert res["async_is_coroutine"] is True
    for path in ("naive", "async", "loop_worker", "ray_per_sample"):
        got = res[path]
        assert [o["reward_score"] for o in got] == scores, path
        for o, v in zip(got, want, strict=True):
            assert o["extra"]["score"] == o["reward_score"]
            assert o["extra"]["status"] == v.status.value
            assert o["extra"]["extracted"] == v.extracted
    for text, v, o in zip(res["texts"], want, res["naive"], strict=True):
        if any(text.endswith(h) for h in hostile):
            assert o["reward_score"] == 0.0 and v.status is Status.LIMIT_EXCEEDED

    # Token-level rewards: the score on the last valid response token, zeros elsewhere.
    for key in ("naive_token_rewards", "ray_token_rewards", "batch_token_rewards"):
        rows = res[key]
        assert len(rows) == n
        for row, score in zip(rows, scores, strict=True):
            assert sum(row) == score
            if score:
                assert row.index(score) == max(i for i, x in enumerate(row) if x != 0.0)
    assert res["naive_token_rewards"] == res["ray_token_rewards"] == res["batch_token_rewards"]
    assert res["batch_extra"]["status"] == [v.status.value for v in want]
    assert res["ray_extra"]["score"] == scores
    assert res["ray_extra"]["status"] == [v.status.value for v in want]
    assert res["ray_extra_keys"] == ["score", "correct", "status", "extracted", "reason", "rule"]

    # verl's validation metrics keep the numeric fields and skip strings / None.
    assert set(res["metrics"]) == {"score", "correct", "reward"}
    assert res["metrics"]["score"]["mean@1"] == pytest.approx(sum(scores) / n)

    # Verifier processes: the driver's pool plus one pool per reward actor, each at most 2.
    assert 1 <= len(res["workers_in_driver"]) <= DEFAULT_REWARD_WORKERS
    assert res["ray_actors"] == 2
    actor_workers = set(res["ray_actor_verifier_workers"]) - set(res["workers_in_driver"])
    assert 1 <= len(actor_workers) <= 2 * DEFAULT_REWARD_WORKERS

    legacy = res["legacy"]
    assert Path(legacy["top_level_path"]).resolve() == Path(res["path"]).resolve()
    assert legacy["reward_path"] is None  # nothing moved it under reward.*
    assert legacy["custom_fn_is_none"] is True
    assert legacy["uses_verl_default_scorer"] is True
    assert legacy["default_scorer_on_math_beyond_source"].startswith("NotImplementedError")
    assert Path(legacy["migrated_reward_path"]).resolve() == Path(res["path"]).resolve()
    print(
        f"\nverl {res['versions']}: {n} responses ({scores.count(1.0)} correct, "
        f"{sum(v.status is Status.LIMIT_EXCEEDED for v in want)} limit_exceeded), naive manager "
        f"{res['naive_s']:.2f} s, Ray part {res['ray_s']:.1f} s"
    )


def openrlhf_python() -> str | None:
    """A python with ``openrlhf`` importable: MATHB_OPENRLHF_PYTHON, else the trainers env if
    openrlhf was added to it. OpenRLHF 0.11 cannot be pip-installed with its dependencies on
    CPU (flash-attn 2.8.3 and deepspeed 0.19.6 are source-only and import torch to build);
    ``pip install --no-deps openrlhf==0.11.2`` into the trainers env is enough for its reward
    client (torch, transformers, sympy, pylatexenc and aiohttp come with TRL/verl)."""
    override = os.environ.get("MATHB_OPENRLHF_PYTHON")
    if override:
        return override
    if TRAINERS is None:
        return None
    probe = subprocess.run(
        [TRAINERS, "-c", "import importlib.util as u; print(u.find_spec('openrlhf') is not None)"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    return TRAINERS if probe.stdout.strip() == "True" else None


@pytest.mark.slow
def test_openrlhf_reward_client_http_and_file(tmp_path: Path) -> None:
    """OpenRLHF's own single-turn executor (the class its PPO rollout uses) fetches rewards from
    `mathb serve-reward` over loopback HTTP (token in the URL) and from the reward file that
    `mathb integrations path openrlhf` prints: both give the verifier's verdict on the query
    minus the prompt, 0 for a missing label (flagged) and for hostile responses (flagged as
    limit_exceeded); the server exits 0 on SIGTERM and nothing is left running."""
    python = openrlhf_python()
    if python is None:
        pytest.skip(
            "openrlhf not importable: it cannot be pip-installed with its dependencies on CPU; "
            "`pip install --no-deps openrlhf==0.11.2` into .venv-int/trainers, or set "
            "MATHB_OPENRLHF_PYTHON"
        )
    res = run_script("openrlhf_client.py", tmp_path, python=python)
    assert Path(res["file_path"]).resolve() == integration_path("openrlhf").resolve()
    assert res["file_loaded"] is True
    assert res["server_rc"] == 0
    assert 1 <= len(res["server_workers"]) <= 2
    prompt = res["prompt"]
    rewards = []
    for (response, label), http, file in zip(res["cases"], res["http"], res["file"], strict=True):
        query = http["query"]
        assert query.startswith(prompt)  # what the server strips before grading
        v = None if label is None else verify(query[len(prompt) :], label)
        reward = 1.0 if v is not None and v.correct else 0.0
        rewards.append(reward)
        flags = {
            "mathb_no_answer": [1.0 if v is not None and v.status is Status.NO_ANSWER else 0.0],
            "mathb_limit_exceeded": [
                1.0 if v is not None and v.status is Status.LIMIT_EXCEEDED else 0.0
            ],
            "mathb_bad_label": [1.0 if label is None else 0.0],
        }
        for got in (http, file):
            assert got["reward"] == got["scores"] == [reward], (response[:80], label, got)
            assert got["extra_logs"] == flags, (response[:80], got["extra_logs"])
        if response in HOSTILE:
            assert flags["mathb_limit_exceeded"] == [1.0]
    assert 1.0 in rewards and 0.0 in rewards
    print(
        f"\nOpenRLHF {res['versions']}: {len(rewards)} responses, HTTP {res['http_s']:.2f} s, "
        f"file {res['file_s']:.2f} s"
    )
