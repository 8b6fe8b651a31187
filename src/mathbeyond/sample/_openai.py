"""Backend for any OpenAI-compatible server (vllm serve, SGLang, llama.cpp server, hosted APIs).

* Chat prompts go to ``/chat/completions`` (the server applies the chat template), raw text
  to ``/completions``.
* ``n > 1`` is sent as one request when the server supports it; choice ``i`` is recorded with
  seed ``request.seed + i`` (vLLM's convention). Servers that reject ``n > 1`` (llama.cpp's
  ``llama-server``: HTTP 400) or silently ignore it (llama-cpp-python's server returns one
  choice) are detected on the first such request and served by fan-out from then on: one
  ``n=1`` request per sample with ``seed = request.seed + j``. ``supports_n`` forces either.
* Outages: our own retry loop (the SDK's ``max_retries`` is 0) with exponential backoff and
  full jitter, capped at ``backoff_max`` (30 s), on HTTP 408/409/429/5xx, timeouts and
  connection errors; ``Retry-After`` is honoured. A down server is retried until
  ``outage_deadline`` seconds (default 1800: long enough for a vLLM server restart) have passed
  without an answer, each wait logged as a warning; then the request fails with
  :class:`ServerUnavailableError`. ``max_retries`` (default None: no limit) also bounds the
  attempts per request.
* Token counts come from ``usage``. For ``n > 1`` only a total exists: choices that stopped on
  ``length`` get exactly ``max_tokens``, the rest of the total is split in proportion to text
  length (logged once). Without ``usage``, counts are approximated as ``len(text) / 4``
  (logged once).
* Sampling: temperature/top_p/max_tokens/seed as OpenAI fields; with ``sampling_extras``
  (default) also ``top_k``/``min_p`` and neutral repetition penalties in the body, because
  llama.cpp's defaults (top_k=40, min_p=0.05, repeat_penalty=1.1) are not top-p-only
  sampling. "top_k disabled" is 0, or -1 for servers that reject 0 (detected on the error).
  Turn extras off for hosted APIs that reject unknown fields.
* ``context_length``: ``max_tokens`` is capped at ``context_length - prompt_tokens``, counted
  by the server's ``/tokenize`` (vLLM, SGLang) or bounded above by the prompt's UTF-8 bytes.
* ``generate`` is a plain iterator: the requests run on an event loop in a private daemon
  thread and completions reach the caller through a queue as each finishes. Stopping the
  iteration early cancels every request still in flight.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import math
import os
import queue
import random
import threading
from collections.abc import Awaitable, Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import httpx

from .._errors import ConfigError, MathbError
from .._optional import require
from ._backend import Completion, SampleRequest, register_backend
from ._presets import cap_max_tokens
from ._prompt import prompt_text

logger = logging.getLogger(__name__)

T = TypeVar("T")
RETRY_STATUS = frozenset({408, 409, 425, 429})
APPROX_CHARS_PER_TOKEN = 4
TEMPLATE_OVERHEAD_TOKENS = 64
"""Upper bound on the tokens a chat template adds (used with the byte-length bound)."""


class ServerUnavailableError(MathbError):
    """The server did not answer successfully within the retry budget."""


class ServerRequestError(MathbError):
    """The server rejected a request for a reason retrying cannot fix (HTTP 4xx)."""

    def __init__(self, message: str, status: int | None = None):
        self.status = status
        super().__init__(message)


DEFAULT_OUTAGE_DEADLINE = 1800.0
"""Seconds a request keeps retrying a down server (a vLLM restart takes minutes)."""


@dataclass(frozen=True)
class RetryPolicy:
    max_retries: int | None = None
    """Attempts per HTTP request (the first try included); None: only the deadline bounds it."""
    deadline: float = DEFAULT_OUTAGE_DEADLINE
    """Seconds after the first failed attempt after which no new attempt starts."""
    backoff_base: float = 0.5
    backoff_max: float = 30.0

    def delay(self, attempt: int, retry_after: float | None = None) -> float:
        """Sleep before attempt ``attempt + 1`` (``attempt`` >= 1): full-jitter exponential."""
        cap = min(self.backoff_max, self.backoff_base * 2 ** (attempt - 1))
        wait = random.uniform(0.0, cap)
        if retry_after is not None:
            wait = max(wait, min(retry_after, self.backoff_max))
        return wait


def _retry_after(exc: Any) -> float | None:
    response = getattr(exc, "response", None)
    value = None if response is None else response.headers.get("retry-after")
    try:
        return None if value is None else max(0.0, float(value))
    except ValueError:
        return None


def _short(message: str, limit: int = 300) -> str:
    first = message.strip().splitlines()[0] if message.strip() else ""
    rest = message.strip()[len(first) :].strip()
    text = f"{first} {rest}" if rest else first
    return text if len(text) <= limit else text[: limit - 3] + "..."


def split_tokens(
    total: int, texts: Sequence[str], finish: Sequence[str], max_tokens: int
) -> list[int]:
    """Split ``total`` completion tokens over choices: ``length`` choices get ``max_tokens``,
    the rest share what remains in proportion to text length (at least 1 each). Sums to
    ``total`` whenever the numbers are consistent."""
    counts = [max_tokens if f == "length" else 0 for f in finish]
    free = [i for i, f in enumerate(finish) if f != "length"]
    if not free:
        return counts
    left = max(len(free), total - sum(counts)) - len(free)  # after 1 token each
    weights = [max(1, len(texts[i])) for i in free]
    exact = [left * w / sum(weights) for w in weights]
    shares = [1 + math.floor(x) for x in exact]
    by_fraction = sorted(range(len(free)), key=lambda k: exact[k] - math.floor(exact[k]))
    for k in by_fraction[::-1][: left - sum(math.floor(x) for x in exact)]:
        shares[k] += 1
    for i, share in zip(free, shares, strict=True):
        counts[i] = share
    return counts


class _LoopThread:
    """An asyncio event loop running forever in a daemon thread."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(
            target=self.loop.run_forever, name="mathb-openai-loop", daemon=True
        )
        self._thread.start()

    def submit(self, coro: Awaitable[T]) -> concurrent.futures.Future[T]:
        return asyncio.run_coroutine_threadsafe(coro, self.loop)  # type: ignore[arg-type]

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(timeout=10)
        if not self._thread.is_alive():
            self.loop.close()


_DONE = object()


@register_backend("openai")
class OpenAIBackend:
    """Sampling through an OpenAI-compatible HTTP server."""

    name = "openai"

    def __init__(
        self,
        model: str | None = None,
        *,
        base_url: str = "http://127.0.0.1:8000/v1",
        api_key: str | None = None,
        max_concurrency: int = 64,
        timeout: float = 600.0,
        max_retries: int | None = None,
        outage_deadline: float = DEFAULT_OUTAGE_DEADLINE,
        backoff_base: float = 0.5,
        backoff_max: float = 30.0,
        supports_n: bool | None = None,
        context_length: int | None = None,
        sampling_extras: bool = True,
        extra_body: dict[str, Any] | None = None,
    ) -> None:
        self._openai = require("openai", "openai")
        if max_concurrency < 1:
            raise ConfigError(f"max_concurrency must be >= 1, got {max_concurrency}")
        if max_retries is not None and max_retries < 1:
            raise ConfigError(f"max_retries must be >= 1, got {max_retries}")
        if not outage_deadline >= 0:
            raise ConfigError(f"outage_deadline must be >= 0 seconds, got {outage_deadline}")
        if not 0 < backoff_base <= backoff_max:
            raise ConfigError(
                f"need 0 < backoff_base <= backoff_max, got {backoff_base} and {backoff_max}"
            )
        self.base_url = base_url.rstrip("/")
        self.api_key = api_key or os.environ.get("OPENAI_API_KEY") or "EMPTY"
        self.model = model
        self.max_concurrency = max_concurrency
        self.timeout = timeout
        self.retry = RetryPolicy(max_retries, outage_deadline, backoff_base, backoff_max)
        self._outage_logged = -math.inf
        self.supports_n = supports_n
        self.context_length = context_length
        self.sampling_extras = sampling_extras
        self.extra_body = dict(extra_body or {})
        self._loop: _LoopThread | None = None
        self._client: Any = None
        self._http: httpx.AsyncClient | None = None
        self._semaphore: asyncio.Semaphore | None = None
        self._tokenize_ok: bool | None = None
        self._top_k_off = 0
        """How this server spells "top_k disabled": 0 (llama.cpp, new vLLM) or -1 (old vLLM)."""
        self._top_k_known = False
        self._warned: set[str] = set()

    # ---- lifecycle ---------------------------------------------------------------------
    def _ensure_loop(self) -> _LoopThread:
        if self._loop is None:
            self._loop = _LoopThread()
        return self._loop

    async def _setup(self) -> None:
        if self._client is None:
            self._client = self._openai.AsyncOpenAI(
                base_url=self.base_url,
                api_key=self.api_key,
                timeout=self.timeout,
                max_retries=0,
            )
            self._semaphore = asyncio.Semaphore(self.max_concurrency)
            self._http = httpx.AsyncClient(
                timeout=self.timeout, headers={"Authorization": f"Bearer {self.api_key}"}
            )
        if self.model is None:
            page = await self._with_retries(self._client.models.list, what="list models")
            models = [m.id for m in page.data]
            if not models:
                raise ServerRequestError(f"{self.base_url} serves no models")
            self.model = models[0]
            logger.info("using model %r served at %s", self.model, self.base_url)

    def check_ready(self) -> None:
        """Wait (within ``outage_deadline``) until the server answers ``/models``; warn when it
        does not list the model. Called before a run directory is written."""
        self._ensure_loop().submit(self._probe()).result()

    async def _probe(self) -> None:
        await self._setup()
        assert self._client is not None
        page = await self._with_retries(self._client.models.list, what="list models")
        served = [m.id for m in page.data]
        if served and self.model not in served:
            logger.warning("%s lists %s, not %r (some servers accept any name)",
                           self.base_url, ", ".join(served[:5]), self.model)

    def close(self) -> None:
        loop, self._loop = self._loop, None
        if loop is None:
            return
        for client in (self._client, self._http):
            if client is None:
                continue
            try:
                loop.submit(_aclose(client)).result(timeout=10)
            except (concurrent.futures.TimeoutError, RuntimeError, OSError) as exc:
                logger.debug("closing an HTTP client failed: %s", exc)
        self._client = self._http = None
        loop.stop()

    def _warn_once(self, key: str, message: str, *args: object) -> None:
        if key not in self._warned:
            self._warned.add(key)
            logger.warning(message, *args)

    # ---- retries -----------------------------------------------------------------------
    async def _with_retries(
        self, call: Callable[..., Awaitable[T]], *, what: str, **kwargs: Any
    ) -> T:
        errors = self._openai
        loop = asyncio.get_running_loop()
        start = loop.time()
        attempt = 0
        while True:
            attempt += 1
            retry_after: float | None = None
            try:
                return await call(**kwargs)
            except errors.APIStatusError as exc:
                status = exc.status_code
                message = _short(exc.message)
                # Parameter validation errors are never transient, whatever the status
                # (llama-cpp-python's server answers them with HTTP 500).
                if (status not in RETRY_STATUS and status < 500) or "top_k" in message:
                    raise ServerRequestError(
                        f"{self.base_url} rejected {what} (HTTP {status}): {message}", status
                    ) from exc
                last = f"HTTP {status}: {message}"
                retry_after = _retry_after(exc)
            except errors.APITimeoutError:
                last = f"timed out after {self.timeout:g}s"
            except errors.APIConnectionError as exc:
                last = f"connection failed ({exc.__cause__ or exc})"
            now = loop.time()
            elapsed = now - start
            # The last wait is shortened so that one attempt is made at the deadline.
            delay = min(self.retry.delay(attempt, retry_after), self.retry.deadline - elapsed)
            limit = self.retry.max_retries
            if (limit is not None and attempt >= limit) or delay <= 0:
                raise ServerUnavailableError(
                    f"{self.base_url} did not answer {what} after {attempt} attempts over "
                    f"{elapsed:.1f}s (outage_deadline={self.retry.deadline:g}s); "
                    f"last error: {last}"
                )
            # Each wait is logged; concurrent requests waiting on the same outage share one
            # warning per second (the rest go to debug).
            log = logger.debug
            if now - self._outage_logged >= 1.0:
                self._outage_logged, log = now, logger.warning
            log(
                "%s: %s; waiting %.1fs before attempt %d (down %.0fs so far; giving up after "
                "outage_deadline=%gs)",
                what, last, delay, attempt + 1, elapsed, self.retry.deadline,
            )
            await asyncio.sleep(delay)

    # ---- prompt tokens / max_tokens ----------------------------------------------------
    async def _prompt_tokens(self, request: SampleRequest) -> int:
        """Prompt length: the server's ``/tokenize`` (vLLM, SGLang) when it has one, else an
        upper bound (UTF-8 bytes, plus chat-template overhead)."""
        if self._tokenize_ok is not False:
            root = self.base_url.removesuffix("/v1")
            body: dict[str, Any] = {"model": self.model}
            if isinstance(request.prompt, str):
                body["prompt"] = request.prompt
            else:
                body["messages"] = [dict(m) for m in request.prompt]
                body["add_generation_prompt"] = True
            assert self._http is not None
            try:
                reply = await self._http.post(f"{root}/tokenize", json=body)
                count = reply.json().get("count") if reply.status_code == 200 else None
            except (httpx.HTTPError, ValueError, AttributeError) as exc:
                logger.debug("/tokenize failed: %s", exc)  # unreachable now; ask again later
            else:
                if isinstance(count, int):
                    self._tokenize_ok = True
                    return count
                if self._tokenize_ok is None:
                    self._tokenize_ok = False
                    self._warn_once(
                        "tokenize",
                        "%s has no usable /tokenize endpoint (HTTP %d); capping max_tokens with "
                        "a byte-length bound on prompt tokens",
                        root,
                        reply.status_code,
                    )
        n_bytes = len(prompt_text(request.prompt).encode("utf-8"))
        return n_bytes + (0 if isinstance(request.prompt, str) else TEMPLATE_OVERHEAD_TOKENS)

    async def _max_tokens(self, request: SampleRequest) -> int:
        if self.context_length is None:
            return request.params.max_tokens
        prompt_tokens = await self._prompt_tokens(request)
        return cap_max_tokens(request.params.max_tokens, self.context_length, prompt_tokens)

    # ---- one HTTP call -----------------------------------------------------------------
    async def _call(
        self, request: SampleRequest, n: int, seed: int, max_tokens: int
    ) -> tuple[list[tuple[str, str]], Any]:
        """One HTTP request for ``n`` samples; returns [(text, finish_reason)] and usage."""
        try:
            result = await self._sample_once(request, n, seed, max_tokens)
        except ServerRequestError as exc:
            disabled_top_k = self.sampling_extras and request.params.top_k == 0
            if self._top_k_known or not disabled_top_k or "top_k" not in str(exc):
                raise
            self._top_k_off = -1 if self._top_k_off == 0 else 0
            self._top_k_known = True
            logger.info("server wants top_k=%d to disable top-k", self._top_k_off)
            result = await self._sample_once(request, n, seed, max_tokens)
        self._top_k_known = True
        return result

    async def _sample_once(
        self, request: SampleRequest, n: int, seed: int, max_tokens: int
    ) -> tuple[list[tuple[str, str]], Any]:
        assert self._semaphore is not None
        params = request.params
        extra = dict(self.extra_body)
        if self.sampling_extras:
            # Top-p-only sampling on servers whose defaults differ (llama.cpp: top_k=40,
            # min_p=0.05, repeat_penalty=1.1). Servers disagree on how to disable top_k
            # (llama-cpp-python rejects -1, vLLM < 0.8.5 rejects 0): see _sample_once.
            extra.setdefault("top_k", params.top_k if params.top_k > 0 else self._top_k_off)
            extra.setdefault("min_p", params.min_p)
            extra.setdefault("repeat_penalty", 1.0)
            extra.setdefault("repetition_penalty", 1.0)
        common: dict[str, Any] = {
            "model": self.model,
            "n": n,
            "seed": seed,
            "temperature": params.temperature,
            "top_p": params.top_p,
            "max_tokens": max_tokens,
            "extra_body": extra or None,
        }
        what = f"request {request.key!r} (samples from {seed - request.seed + request.start_index})"
        async with self._semaphore:
            if isinstance(request.prompt, str):
                resp = await self._with_retries(
                    self._client.completions.create, what=what, prompt=request.prompt, **common
                )
                choices = [(c.text or "", c.finish_reason or "stop") for c in resp.choices]
            else:
                resp = await self._with_retries(
                    self._client.chat.completions.create,
                    what=what,
                    messages=[dict(m) for m in request.prompt],
                    **common,
                )
                choices = [
                    (c.message.content or "", c.finish_reason or "stop") for c in resp.choices
                ]
        return choices, resp.usage

    def _completions(
        self,
        request: SampleRequest,
        first_index: int,
        choices: list[tuple[str, str]],
        usage: Any,
        max_tokens: int,
    ) -> list[Completion]:
        texts = [t for t, _ in choices]
        finish = [f for _, f in choices]
        total = None if usage is None else getattr(usage, "completion_tokens", None)
        prompt_tokens = None if usage is None else getattr(usage, "prompt_tokens", None)
        if total is None:
            self._warn_once(
                "usage", "server returned no usage; token counts are approximate (chars / 4)"
            )
            counts = [max(1, math.ceil(len(t) / APPROX_CHARS_PER_TOKEN)) for t in texts]
        elif len(choices) == 1:
            counts = [int(total)]
        else:
            self._warn_once(
                "split", "server reports only total tokens for n > 1; per-sample counts split it"
            )
            counts = split_tokens(int(total), texts, finish, max_tokens)
        start = request.start_index + first_index
        return [
            Completion(
                key=request.key,
                sample_index=start + i,
                seed=request.seed + first_index + i,
                text=text,
                n_tokens=count,
                finish_reason=reason,
                prompt_tokens=None if prompt_tokens is None else int(prompt_tokens),
            )
            for i, ((text, reason), count) in enumerate(zip(choices, counts, strict=True))
        ]

    # ---- per request -------------------------------------------------------------------
    async def _run_request(
        self, request: SampleRequest, emit: Callable[[Completion], None]
    ) -> None:
        max_tokens = await self._max_tokens(request)
        done = 0
        if request.n > 1 and self.supports_n is not False:
            try:
                choices, usage = await self._call(request, request.n, request.seed, max_tokens)
            except ServerRequestError as exc:
                if self.supports_n or exc.status not in (400, 422):
                    raise
                self._warn_once("n", "server rejected n > 1 (%s); fanning out n=1 requests", exc)
                self.supports_n = False
            else:
                if len(choices) > request.n:
                    raise ServerRequestError(
                        f"asked for {request.n} choices, got {len(choices)} from {self.base_url}"
                    )
                if len(choices) < request.n and self.supports_n is None:
                    self._warn_once("n", "server ignores n > 1; fanning out n=1 requests")
                    self.supports_n = False
                elif len(choices) == request.n:
                    self.supports_n = True
                for completion in self._completions(request, 0, choices, usage, max_tokens):
                    emit(completion)
                done = len(choices)
        if done < request.n:
            await self._fan_out(request, done, max_tokens, emit)

    async def _fan_out(
        self,
        request: SampleRequest,
        first: int,
        max_tokens: int,
        emit: Callable[[Completion], None],
    ) -> None:
        async def one(j: int) -> None:
            choices, usage = await self._call(request, 1, request.seed + j, max_tokens)
            if len(choices) != 1:
                raise ServerRequestError(f"asked for 1 choice, got {len(choices)}")
            for completion in self._completions(request, j, choices, usage, max_tokens):
                emit(completion)

        await _gather_or_cancel([one(j) for j in range(first, request.n)])

    async def _run_all(
        self,
        requests: Sequence[SampleRequest],
        emit: Callable[[Completion], None],
        finished: threading.Event,
    ) -> None:
        try:
            await self._setup()
            await _gather_or_cancel([self._run_request(r, emit) for r in requests])
        finally:
            finished.set()

    # ---- the sync iterator -------------------------------------------------------------
    def generate(self, requests: Sequence[SampleRequest]) -> Iterator[Completion]:
        if not requests:
            return
        loop = self._ensure_loop()
        results: queue.SimpleQueue[Any] = queue.SimpleQueue()
        finished = threading.Event()
        future = loop.submit(self._run_all(list(requests), results.put, finished))
        future.add_done_callback(lambda _f: results.put(_DONE))
        try:
            while True:
                item = results.get()
                if item is _DONE:
                    break
                yield item
            future.result()  # re-raises the first failure
        finally:
            if not future.done():
                # The consumer stopped early (or failed): cancel every request still in
                # flight and wait until the tasks have really unwound.
                future.cancel()
                if not finished.wait(timeout=30):
                    logger.warning("in-flight requests did not stop within 30s")


async def _aclose(client: Any) -> None:
    closer = getattr(client, "aclose", None) or client.close
    await closer()


async def _gather_or_cancel(coros: Sequence[Awaitable[None]]) -> None:
    """Run ``coros`` concurrently; on the first failure (or our cancellation) cancel the rest
    and wait for them, then re-raise. No task outlives this call."""
    tasks = [asyncio.ensure_future(c) for c in coros]
    try:
        await asyncio.gather(*tasks)
    finally:
        pending = [t for t in tasks if not t.done()]
        for task in pending:
            task.cancel()
        if pending:
            await asyncio.gather(*pending, return_exceptions=True)
