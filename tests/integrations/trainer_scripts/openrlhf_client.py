"""OpenRLHF's own reward client (``SingleTurnAgentExecutor``) against mathbeyond's rewards.

Usage: ``python openrlhf_client.py OUT.json WORKDIR``. Needs ``openrlhf`` importable (0.11.x;
it cannot be pip-installed with its dependencies on CPU, see the test). The executor is the
class OpenRLHF's PPO rollout uses for single-turn generation: it tokenizes the prompt, asks the
engine for a continuation, decodes prompt + response into the query and fetches the reward from
``--reward.remote_url``. Here the engine is scripted (no vLLM on CPU): it returns the tiny
tokenizer's ids of chosen responses. Two reward endpoints:

* HTTP: ``mathb serve-reward`` (the CLI, a subprocess on a loopback ephemeral port, with a
  token passed as ``?token=`` because OpenRLHF's client sends no headers);
* file: the path printed by ``mathb integrations path openrlhf`` (OpenRLHF loads
  ``reward_func`` from it and calls it in a thread).

Rewards, scores and extra logs per response go to OUT.json.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from _tiny import HOSTILE, build_tokenizer, dump, offline_env, verifier_worker_pids, versions

offline_env()

from openrlhf.utils.agent import SingleTurnAgentExecutor  # noqa: E402

TOKEN = "tok-123"
PROMPT = "What is half of 1 ? Answer:"
CASES: list[tuple[str, str | None]] = [
    ("\\boxed{0.5}", "\\frac{1}{2}"),
    ("half of 1 is \\boxed{\\frac{1}{2}}", "\\frac{1}{2}"),
    ("\\boxed{5}", "\\frac{1}{2}"),
    ("What is", "\\frac{1}{2}"),
    ("\\boxed{4}", None),  # no label: OpenRLHF sends null
    *[(h, "4") for h in HOSTILE],
]


class ScriptedEngine:
    """Stands in for OpenRLHF's vLLM engine: ``generate`` returns a chosen response's ids."""

    def __init__(self, ids: list[int]) -> None:
        self.ids = ids

    async def generate(self, prompt_token_ids: list[int], params: Any, **kwargs: Any) -> Any:
        out = SimpleNamespace(token_ids=list(self.ids), finish_reason="stop", logprobs=None)
        return SimpleNamespace(outputs=[out])


def cli(*args: str) -> list[str]:
    return [sys.executable, "-c", "from mathbeyond.cli import main; main()", *args]


def start_server() -> tuple[subprocess.Popen[str], int]:
    env = {**os.environ, "MATHB_REWARD_TOKEN": TOKEN}
    proc = subprocess.Popen(
        cli("serve-reward", "--port", "0", "--workers", "2", "--timeout", "1.0"),
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert proc.stderr is not None
    line = proc.stderr.readline()
    if "http://127.0.0.1:" not in line:
        proc.kill()
        raise RuntimeError(f"server did not start: {line!r}")
    return proc, int(line.split("http://127.0.0.1:")[1].split()[0].rstrip("/"))


def plain(value: Any) -> Any:
    if hasattr(value, "tolist"):
        return value.tolist()
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    return value


async def run_all(executor: Any, tokenizer: Any) -> list[dict[str, Any]]:
    params = SimpleNamespace(max_tokens=64, logprobs=None)
    results = []
    for response, label in CASES:
        ids = tokenizer(response, add_special_tokens=False)["input_ids"] + [tokenizer.eos_token_id]
        out = await executor.execute(
            PROMPT, label, params, 512, hf_tokenizer=tokenizer, llm_engine=ScriptedEngine(ids)
        )
        query = tokenizer.decode(out["observation_tokens"], skip_special_tokens=False)
        results.append(
            {
                "reward": plain(out["reward"]),
                "scores": plain(out["scores"]),
                "extra_logs": plain(out["extra_logs"]),
                "query": query,
            }
        )
    return results


def main(out: str, workdir: str) -> None:
    tokenizer = build_tokenizer(Path(workdir) / "tokenizer")
    file_path = subprocess.run(
        cli("integrations", "path", "openrlhf"),
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    ).stdout.strip()
    server, port = start_server()
    try:
        url = f"http://127.0.0.1:{port}/get_reward?token={TOKEN}"
        t0 = time.perf_counter()
        http = asyncio.run(run_all(SingleTurnAgentExecutor(remote_rm_url=url), tokenizer))
        http_s = time.perf_counter() - t0
        server_workers = verifier_worker_pids()
    finally:
        server.send_signal(signal.SIGTERM)
        assert server.stderr is not None
        server.stderr.read()
        server_rc = server.wait(timeout=60)
    t0 = time.perf_counter()
    file_executor = SingleTurnAgentExecutor(remote_rm_url=file_path)
    file = asyncio.run(run_all(file_executor, tokenizer))
    file_s = time.perf_counter() - t0
    dump(
        out,
        {
            "versions": versions("openrlhf", "aiohttp", "torch", "transformers"),
            "prompt": PROMPT,
            "cases": CASES,
            "file_path": file_path,
            "file_loaded": file_executor.reward_func is not None,
            "http": http,
            "file": file,
            "http_s": http_s,
            "file_s": file_s,
            "server_rc": server_rc,
            "server_workers": server_workers,
        },
    )


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
