"""The reward server on an ephemeral loopback port: protocol, limits, auth, shutdown."""

from __future__ import annotations

import http.client
import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mathbeyond.rewards import RewardServer, ServerConfig, make_server, reward_func

TOKEN = "s3cret-token"


def boxed(x: object) -> str:
    return f"So the answer is $\\boxed{{{x}}}$."


@pytest.fixture
def server() -> Iterator[RewardServer]:
    srv = make_server(
        ServerConfig(port=0, token=TOKEN, max_items=8, max_body_bytes=64 * 1024, max_concurrent=2)
    )
    thread = threading.Thread(target=srv.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    try:
        yield srv
    finally:
        srv.shutdown()
        srv.server_close()
        thread.join()


def call(
    srv: RewardServer,
    method: str,
    path: str,
    body: object = None,
    *,
    token: str | None = TOKEN,
    raw: bytes | None = None,
) -> tuple[int, dict[str, object]]:
    host, port = srv.server_address[:2]
    conn = http.client.HTTPConnection(str(host), int(port), timeout=30)
    headers = {"Content-Type": "application/json"}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
    conn.request(method, path, body=data, headers=headers)
    resp = conn.getresponse()
    payload = json.loads(resp.read() or b"{}")
    conn.close()
    return resp.status, payload


def test_openrlhf_protocol(server: RewardServer) -> None:
    prompts = ["<|user|>What is 6*7?<|assistant|>"] * 4
    responses = [boxed(42), boxed(41), "", boxed("10^{10^{10^{10^{10}}}}")]
    body = {
        "query": [p + r for p, r in zip(prompts, responses, strict=True)],
        "prompts": prompts,
        "labels": ["42", "42", "42", "42"],
    }
    status, out = call(server, "POST", "/get_reward", body)
    assert status == 200
    assert out["rewards"] == [1.0, 0.0, 0.0, 0.0]
    assert out["scores"] == out["rewards"]
    logs = out["extra_logs"]
    assert isinstance(logs, dict) and logs["mathb_no_answer"] == [0.0, 0.0, 1.0, 0.0]
    # the prompt's own text is never graded: a boxed answer in the prompt does not count
    status, out = call(
        server,
        "POST",
        "/",
        {"query": ["\\boxed{42} ... no answer"], "prompts": ["\\boxed{42}"], "labels": ["42"]},
    )
    assert status == 200 and out["rewards"] == [0.0]
    # missing or unusable labels score 0 and are flagged
    status, out = call(server, "POST", "/reward", {"query": [boxed(1)], "labels": [None]})
    assert status == 200 and out["rewards"] == [0.0]
    assert out["extra_logs"]["mathb_bad_label"] == [1.0]  # type: ignore[index]


def test_verify_endpoint_and_health(server: RewardServer) -> None:
    status, out = call(
        server,
        "POST",
        "/verify",
        {"completions": [boxed("1/2"), boxed(3)], "golds": ["0.5", 4], "questions": None},
    )
    assert status == 200
    verdicts = out["verdicts"]
    assert isinstance(verdicts, list)
    assert [v["status"] for v in verdicts] == ["correct", "incorrect"]
    assert set(verdicts[0]) >= {"correct", "status", "extracted", "reason", "rule"}
    status, health = call(server, "GET", "/health", token=None)
    assert status == 200 and health["status"] == "ok" and health["requests"] == 1


def test_auth(server: RewardServer) -> None:
    body = {"query": [boxed(1)], "labels": ["1"]}
    assert call(server, "POST", "/get_reward", body, token=None)[0] == 401
    assert call(server, "POST", "/get_reward", body, token="wrong")[0] == 401
    assert call(server, "POST", "/verify", body, token=None)[0] == 401
    assert call(server, "POST", "/get_reward", body)[0] == 200
    # OpenRLHF's own client sends no Authorization header: the token may be in the URL
    assert call(server, "POST", f"/get_reward?token={TOKEN}", body, token=None)[0] == 200
    assert call(server, "POST", "/get_reward?token=wrong", body, token=None)[0] == 401


def test_bounds_and_bad_requests(server: RewardServer) -> None:
    status, out = call(server, "POST", "/get_reward", {"query": ["x"] * 9, "labels": ["1"] * 9})
    assert status == 413 and "9 items" in str(out["error"])
    status, out = call(server, "POST", "/get_reward", {"query": ["x" * 70_000], "labels": ["1"]})
    assert status == 413
    assert call(server, "POST", "/get_reward", raw=b"{not json")[0] == 400
    assert call(server, "POST", "/get_reward", [1, 2])[0] == 400
    assert call(server, "POST", "/get_reward", {"query": "x", "labels": ["1"]})[0] == 400
    assert call(server, "POST", "/get_reward", {"query": ["a"], "labels": ["1", "2"]})[0] == 400
    assert call(server, "POST", "/get_reward", {"query": [3], "labels": ["1"]})[0] == 400
    assert call(server, "POST", "/verify", {"completions": ["a"], "golds": [None]})[0] == 400
    assert call(server, "POST", "/nope", {})[0] == 404
    assert call(server, "GET", "/get_reward", token=None)[0] == 404
    # the server still serves after all of that
    assert call(server, "POST", "/get_reward", {"query": [boxed(2)], "labels": ["2"]})[1][
        "rewards"
    ] == [1.0]


def test_concurrency_bound(server: RewardServer) -> None:
    for _ in range(2):  # both slots busy
        assert server.slots.acquire(blocking=False)
    try:
        status, out = call(server, "POST", "/get_reward", {"query": [boxed(1)], "labels": ["1"]})
        assert status == 429 and "retry" in str(out["error"])
    finally:
        server.slots.release()
        server.slots.release()
    assert call(server, "POST", "/get_reward", {"query": [boxed(1)], "labels": ["1"]})[0] == 200


def test_reward_func_file_form() -> None:
    """OpenRLHF's --remote_rm_url path.py: loaded by file path, reward_func(queries, prompts,
    labels)."""
    import importlib.util

    from mathbeyond.rewards import _openrlhf

    spec = importlib.util.spec_from_file_location("reward_func", _openrlhf.__file__)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = module.reward_func(["Q: " + boxed(5), "Q: " + boxed(6)], ["Q: ", "Q: "], ["5", "5"])
    assert [float(x) for x in out["rewards"]] == [1.0, 0.0]
    assert [float(x) for x in out["scores"]] == [1.0, 0.0]
    assert set(out["extra_logs"]) == {"mathb_no_answer", "mathb_limit_exceeded", "mathb_bad_label"}
    direct: Any = reward_func([boxed(7)], None, [7])["rewards"]
    assert [float(x) for x in direct] == [1.0]


def test_cli_serves_until_sigterm(tmp_path: Path) -> None:
    env = {**os.environ, "MATHB_REWARD_TOKEN": TOKEN}
    src = str(Path(__file__).resolve().parents[2] / "src")
    env["PYTHONPATH"] = src + os.pathsep + env.get("PYTHONPATH", "")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from mathbeyond.cli import main; main()",
            "serve-reward",
            "--port",
            "0",
            "--workers",
            "1",
        ],
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert proc.stderr is not None
        line = proc.stderr.readline()
        assert "mathb reward server on http://127.0.0.1:" in line, line
        port = int(line.split("http://127.0.0.1:")[1].split()[0])
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        conn.request("POST", "/get_reward", body=json.dumps({"query": ["x"], "labels": ["1"]}))
        assert conn.getresponse().status == 401  # the env token is in force
        conn.close()
        proc.send_signal(signal.SIGTERM)
        rest = proc.stderr.read()
        assert proc.wait(timeout=30) == 0
        assert "stopped" in rest
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_connection_bound() -> None:
    import socket

    srv = make_server(ServerConfig(port=0, max_connections=1))
    thread = threading.Thread(target=srv.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    host, port = srv.server_address[:2]
    idle = socket.create_connection((str(host), int(port)), timeout=30)  # holds the only slot
    try:
        # The server answers 503 and closes at once, without reading the request: a client may
        # see the 503 or, when its body arrives after the close, a reset. Both are a refusal;
        # what must never happen is that the request is served.
        try:
            status, out = call(srv, "POST", "/get_reward", {"query": ["x"], "labels": ["1"]})
        except ConnectionError:
            pass
        else:
            assert status == 503 and "connections" in str(out["error"])
        assert srv.counts["rejected"] == 1
        assert srv.counts["requests"] == 0
    finally:
        idle.close()
    try:
        for _ in range(100):  # the slot is released once the idle connection's thread ends
            status, _ = call(srv, "GET", "/health")
            if status == 200:
                break
            time.sleep(0.05)
        assert status == 200
    finally:
        srv.shutdown()
        srv.server_close()
        thread.join()
