"""Loopback HTTP helpers for the openai backend tests: a llama.cpp server process and a
scriptable OpenAI-compatible stub / failure-injecting proxy (stdlib ``http.server``)."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Self

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LlamaServer:
    """``python -m llama_cpp.server`` on loopback, started and stopped by the tests."""

    def __init__(self, model: Path, port: int | None = None, n_ctx: int = 2048):
        self.model = model
        self.port = port or free_port()
        self.n_ctx = n_ctx
        self.proc: subprocess.Popen[bytes] | None = None
        self.log: Any = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def start(self, timeout: float = 90.0) -> None:
        cmd = [
            sys.executable,
            "-m",
            "llama_cpp.server",
            "--model",
            str(self.model),
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--n_ctx",
            str(self.n_ctx),
            "--n_threads",
            "2",
        ]
        # The server logs a lot to stderr: a file, never an unread pipe (it would block).
        self.log = tempfile.NamedTemporaryFile(prefix="llama-server-", suffix=".log")  # noqa: SIM115
        self.proc = subprocess.Popen(cmd, stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                self.log.seek(0)
                err = self.log.read().decode(errors="replace")[-2000:]
                raise RuntimeError(f"llama server exited with {self.proc.returncode}: {err}")
            try:
                if httpx.get(f"{self.base_url}/models", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.3)
        self.stop()
        raise RuntimeError(f"llama server did not come up within {timeout}s")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None
        if self.log is not None:
            self.log.close()
            self.log = None


Responder = Callable[[str, dict[str, Any]], tuple[int, dict[str, Any]]]


class LoopbackServer:
    """A threaded HTTP server on an ephemeral loopback port, started and stopped as a context
    manager; subclasses pass their request handler class to ``__init__``."""

    def __init__(self, handler: type[BaseHTTPRequestHandler]) -> None:
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def __enter__(self) -> Self:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()


class StubServer(LoopbackServer):
    """A threaded HTTP server answering every POST/GET with ``responder(path, body)``."""

    def __init__(self, responder: Responder):
        self.responder = responder
        self.requests: list[tuple[str, dict[str, Any]]] = []
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def _answer(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                raw = self.rfile.read(length) if length else b""
                body = json.loads(raw) if raw else {}
                stub.requests.append((self.path, body))
                status, payload = stub.responder(self.path, body)
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = _answer
            do_POST = _answer

            def log_message(self, *args: Any) -> None:
                pass

        super().__init__(Handler)


def forward(upstream: str) -> Responder:
    """A responder that forwards to ``upstream`` (an OpenAI-compatible base URL)."""

    def respond(path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        url = upstream.removesuffix("/v1") + path
        with httpx.Client(timeout=120) as client:
            reply = client.post(url, json=body) if body else client.get(url)
        return reply.status_code, reply.json()

    return respond


def canned(path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """A valid OpenAI answer with ``n`` choices; choice i's text names seed + i."""
    if path.endswith("/models"):
        return 200, {"object": "list", "data": [{"id": "stub-model", "object": "model"}]}
    n, seed = int(body.get("n") or 1), int(body.get("seed") or 0)
    chat = path.endswith("/chat/completions")
    choices = []
    for i in range(n):
        text = f"sample seed={seed + i} " + "x" * (i + 1)
        finish = "length" if i == 0 and n > 1 else "stop"
        choice: dict[str, Any] = {"index": i, "finish_reason": finish, "logprobs": None}
        if chat:
            choice["message"] = {"role": "assistant", "content": text}
        else:
            choice["text"] = text
        choices.append(choice)
    usage = {"prompt_tokens": 11, "completion_tokens": 5 * n + 20, "total_tokens": 5 * n + 31}
    return 200, {
        "id": "cmpl-1",
        "object": "chat.completion" if chat else "text_completion",
        "created": 0,
        "model": body.get("model", "stub-model"),
        "choices": choices,
        "usage": usage,
    }
