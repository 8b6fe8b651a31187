"""Which python runs a harness, and a real llama.cpp server for the end-to-end harness tests."""

from __future__ import annotations

import importlib.util
import json
import os
import sys
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parents[1] / "sample"))  # _openai_helpers
from _envs import env_python
from _openai_helpers import LoopbackServer

REPO = Path(__file__).resolve().parents[2]
SRC = REPO / "src"
HARNESS_ENV = "harness"  # ci/env-harness.txt -> .venv-int/harness (lm-eval, inspect-ai, lighteval)


def harness_python(module: str, override: str) -> str | None:
    """The python that runs harness ``module`` (e.g. ``lm_eval``): env ``override`` (e.g.
    ``MATHB_LMEVAL_PYTHON``), else the ``harness`` integration environment (or its own override
    ``MATHB_HARNESS_PYTHON``), else this python when it has the module; None: not available."""
    explicit = os.environ.get(override)
    if explicit:
        return explicit
    built = env_python(HARNESS_ENV)
    if built:
        return built
    return sys.executable if importlib.util.find_spec(module) is not None else None


def skip_reason(module: str, override: str) -> str:
    return (
        f"{module} not available: build the integration environment (`make integration-envs`, "
        f"ci/env-{HARNESS_ENV}.txt -> .venv-int/{HARNESS_ENV}) or set {override} / "
        "MATHB_HARNESS_PYTHON to a python that has it"
    )


class FanOutProxy(LoopbackServer):
    """An OpenAI-compatible loopback proxy that answers a chat request for ``n`` samples with
    ``n`` requests for one each (what a server that honours ``n``, e.g. vLLM, returns in one).

    llama-cpp-python's server ignores ``n`` and returns one choice; LightEval asks for all
    samples of a problem in one request. A ``seed`` in the request becomes seed + i for the i-th.
    """

    def __init__(self, upstream: str) -> None:
        self.upstream = upstream.rstrip("/").removesuffix("/v1")
        self.requests: list[dict[str, Any]] = []
        proxy = self

        class Handler(BaseHTTPRequestHandler):
            def _reply(self, status: int, payload: dict[str, Any]) -> None:
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self) -> None:
                reply = httpx.get(proxy.upstream + self.path, timeout=30)
                self._reply(reply.status_code, reply.json())

            def do_POST(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                body = json.loads(self.rfile.read(length) or b"{}")
                proxy.requests.append(dict(body))
                n = int(body.pop("n", None) or 1)
                seed = body.get("seed")
                merged: dict[str, Any] | None = None
                for i in range(n):
                    one = {**body, "n": 1} | ({} if seed is None else {"seed": int(seed) + i})
                    reply = httpx.post(proxy.upstream + self.path, json=one, timeout=600)
                    if reply.status_code != 200:
                        self._reply(reply.status_code, reply.json())
                        return
                    answer = reply.json()
                    choice = {**answer["choices"][0], "index": i}
                    if merged is None:
                        merged = {**answer, "choices": [choice]}
                    else:
                        merged["choices"].append(choice)
                        for key, value in (answer.get("usage") or {}).items():
                            if isinstance(value, int):
                                merged["usage"][key] = merged["usage"].get(key, 0) + value
                assert merged is not None
                self._reply(200, merged)

            def log_message(self, *args: Any) -> None:
                pass

        super().__init__(Handler)
