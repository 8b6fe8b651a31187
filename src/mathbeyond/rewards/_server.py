"""``mathb serve-reward``: an HTTP reward server (OpenRLHF remote reward protocol + ``/verify``).

Endpoints (JSON in, JSON out):

* ``POST /get_reward`` (also ``/`` and ``/reward``): OpenRLHF's protocol,
  ``{"query": [...], "prompts": [...], "labels": [...]}`` ->
  ``{"rewards": [...], "scores": [...], "extra_logs": {...}}``.
* ``POST /verify``: ``{"completions": [...], "golds": [...], "questions": [...]?}`` ->
  ``{"verdicts": [{"correct", "status", "extracted", "reason", "rule"}, ...]}``.
* ``GET /health``: ``{"status": "ok", "verifier_version": ...}`` (no token needed).

Each request is verified as one batch in the hard-limited verifier pool. Request bodies are
capped (413), items per request are capped (413), concurrent requests are capped (429), open
connections are capped (503), a bearer token (if set) is required (401), and nothing in a
request is executed: texts only reach the verifier. SIGTERM / SIGINT stop accepting, finish
requests in flight, then exit.
"""

from __future__ import annotations

import contextlib
import hmac
import json
import logging
import signal
import threading
import time
import urllib.parse
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from .._errors import ConfigError
from ..verify import VERIFIER_VERSION, Verdict, VerifyInputTypeError, verify_batch
from ..verify._limits import DEFAULT_TIMEOUT_S, Item
from ._openrlhf import extra_logs, score_queries

logger = logging.getLogger(__name__)

_BUSY = (
    b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n"
    b"Content-Length: 40\r\nConnection: close\r\n\r\n"
    b'{"error": "too many open connections"}\r\n'
)
REWARD_PATHS = frozenset({"/", "/get_reward", "/reward"})
TOKEN_ENV = "MATHB_REWARD_TOKEN"


@dataclass(frozen=True)
class ServerConfig:
    """Settings of :func:`serve_reward` (all bounds are per request unless noted)."""

    host: str = "127.0.0.1"
    port: int = 8000
    token: str | None = None
    timeout: float = DEFAULT_TIMEOUT_S
    """Hard verification limit per item, seconds."""
    workers: int | None = None
    """Verifier processes (default: one per CPU)."""
    max_body_bytes: int = 16 * 2**20
    max_items: int = 4096
    max_concurrent: int = 8
    """Requests verified at once; more get 429."""
    max_connections: int = 64
    """Open client connections (one thread each); more get 503 and are closed."""
    read_timeout: float = 30.0
    """Seconds a client may take to send its request."""

    def __post_init__(self) -> None:
        if not 0 <= self.port <= 65535:
            raise ConfigError(f"port must be 0..65535, got {self.port}")
        for name in ("max_body_bytes", "max_items", "max_concurrent", "max_connections"):
            if getattr(self, name) < 1:
                raise ConfigError(f"{name} must be at least 1, got {getattr(self, name)}")
        if not self.timeout > 0 or not self.read_timeout > 0:
            raise ConfigError("timeouts must be positive")
        if self.token is not None and not self.token:
            raise ConfigError("the bearer token must not be empty")


class _HttpError(Exception):
    def __init__(self, status: HTTPStatus, message: str) -> None:
        super().__init__(message)
        self.status = status


class RewardServer(ThreadingHTTPServer):
    """A threading HTTP server that scores with the verifier; see the module docstring."""

    daemon_threads = False  # server_close() waits for requests in flight
    block_on_close = True
    allow_reuse_address = True

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.slots = threading.BoundedSemaphore(config.max_concurrent)
        self.connections = threading.BoundedSemaphore(config.max_connections)
        self.started = time.monotonic()
        self.counts = {"requests": 0, "items": 0, "rejected": 0}
        self._count_lock = threading.Lock()
        super().__init__((config.host, config.port), _Handler)

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        name = host.decode() if isinstance(host, bytes) else host
        return f"http://{name}:{port}"

    def process_request(self, request: Any, client_address: Any) -> None:
        if not self.connections.acquire(blocking=False):
            self.count("rejected")
            with contextlib.suppress(OSError):
                request.sendall(_BUSY)
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self.connections.release()
            raise

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.connections.release()

    def count(self, key: str, n: int = 1) -> None:
        with self._count_lock:
            self.counts[key] += n

    def verify_items(self, items: Sequence[Item]) -> list[Verdict]:
        if not items:
            return []
        comps, golds, qs = zip(*items, strict=True)
        return verify_batch(
            list(comps),
            list(golds),
            list(qs),
            timeout=self.config.timeout,
            workers=self.config.workers,
        )


def _json_list(body: dict[str, Any], key: str, *, required: bool = True) -> list[Any] | None:
    value = body.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, list):
        raise _HttpError(HTTPStatus.BAD_REQUEST, f"{key!r} must be a JSON list")
    return value


class _Handler(BaseHTTPRequestHandler):
    server: RewardServer
    protocol_version = "HTTP/1.1"
    server_version = "mathb-reward"

    def setup(self) -> None:
        super().setup()
        self.request.settimeout(self.server.config.read_timeout)

    def log_message(self, format: str, *args: Any) -> None:
        logger.debug("%s " + format, self.address_string(), *args)

    # ------------------------------------------------------------------ responses

    def _send(self, status: HTTPStatus, payload: dict[str, Any], *, close: bool = False) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        if status is HTTPStatus.UNAUTHORIZED:
            self.send_header("WWW-Authenticate", 'Bearer realm="mathb"')
        if close:
            self.send_header("Connection", "close")
            self.close_connection = True
        self.end_headers()
        self.wfile.write(data)

    def _error(self, status: HTTPStatus, message: str, *, close: bool = False) -> None:
        self.server.count("rejected")
        self._send(status, {"error": message}, close=close)

    # ------------------------------------------------------------------ routes

    def do_GET(self) -> None:
        if self.path.split("?")[0] == "/health":
            self._send(
                HTTPStatus.OK,
                {
                    "status": "ok",
                    "verifier_version": VERIFIER_VERSION,
                    "uptime_s": round(time.monotonic() - self.server.started, 1),
                    **self.server.counts,
                },
            )
            return
        self._error(HTTPStatus.NOT_FOUND, f"no such endpoint: GET {self.path}")

    def do_POST(self) -> None:
        path = self.path.split("?")[0]
        try:
            if path not in REWARD_PATHS and path != "/verify":
                raise _HttpError(HTTPStatus.NOT_FOUND, f"no such endpoint: POST {path}")
            self._authorize()
            body = self._read_json()
        except _HttpError as exc:
            self._error(exc.status, str(exc), close=exc.status is not HTTPStatus.NOT_FOUND)
            return
        if not self.server.slots.acquire(blocking=False):
            self._error(HTTPStatus.TOO_MANY_REQUESTS, "too many concurrent requests; retry")
            return
        try:
            payload = self._reward(body) if path in REWARD_PATHS else self._verify(body)
        except _HttpError as exc:
            self._error(exc.status, str(exc))
            return
        except (VerifyInputTypeError, ConfigError) as exc:
            self._error(HTTPStatus.BAD_REQUEST, str(exc))
            return
        except Exception:  # verifier crash: answer, keep serving
            logger.exception("reward request failed")
            self._error(HTTPStatus.INTERNAL_SERVER_ERROR, "internal error")
            return
        finally:
            self.server.slots.release()
        self.server.count("requests")
        self._send(HTTPStatus.OK, payload)

    def _authorize(self) -> None:
        token = self.server.config.token
        if token is None:
            return
        header = self.headers.get("Authorization", "")
        scheme, _, given = header.partition(" ")
        if scheme.lower() != "bearer":
            # OpenRLHF's client sends no headers of its own: accept ?token=T in the URL too
            query = urllib.parse.parse_qs(urllib.parse.urlsplit(self.path).query)
            given = (query.get("token") or [""])[0]
        if not hmac.compare_digest(given.strip().encode(), token.encode()):
            raise _HttpError(HTTPStatus.UNAUTHORIZED, "missing or wrong bearer token")

    def _read_json(self) -> dict[str, Any]:
        if self.headers.get("Transfer-Encoding"):
            raise _HttpError(HTTPStatus.LENGTH_REQUIRED, "send a Content-Length, not chunks")
        raw_length = self.headers.get("Content-Length")
        if raw_length is None:
            raise _HttpError(HTTPStatus.LENGTH_REQUIRED, "Content-Length required")
        try:
            length = int(raw_length)
        except ValueError:
            raise _HttpError(HTTPStatus.BAD_REQUEST, "bad Content-Length") from None
        if length < 0:
            raise _HttpError(HTTPStatus.BAD_REQUEST, "bad Content-Length")
        if length > self.server.config.max_body_bytes:
            raise _HttpError(
                HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
                f"body of {length} bytes over the limit of {self.server.config.max_body_bytes}",
            )
        try:
            data = self.rfile.read(length)
        except TimeoutError:
            raise _HttpError(HTTPStatus.REQUEST_TIMEOUT, "request body too slow") from None
        if len(data) != length:
            raise _HttpError(HTTPStatus.BAD_REQUEST, "body shorter than Content-Length")
        try:
            body = json.loads(data)
        except (ValueError, RecursionError):
            raise _HttpError(HTTPStatus.BAD_REQUEST, "body is not valid JSON") from None
        if not isinstance(body, dict):
            raise _HttpError(HTTPStatus.BAD_REQUEST, "body must be a JSON object")
        return body

    def _check_items(self, n: int) -> None:
        if n > self.server.config.max_items:
            raise _HttpError(
                HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
                f"{n} items over the limit of {self.server.config.max_items} per request",
            )
        self.server.count("items", n)

    def _reward(self, body: dict[str, Any]) -> dict[str, Any]:
        queries = _json_list(body, "query")
        assert queries is not None
        self._check_items(len(queries))
        rewards, verdicts = score_queries(
            queries,
            body.get("prompts"),
            body.get("labels"),
            verify_items=self.server.verify_items,
        )
        return {"rewards": rewards, "scores": list(rewards), "extra_logs": extra_logs(verdicts)}

    def _verify(self, body: dict[str, Any]) -> dict[str, Any]:
        completions = _json_list(body, "completions")
        golds = _json_list(body, "golds")
        questions = _json_list(body, "questions", required=False)
        assert completions is not None and golds is not None
        self._check_items(len(completions))
        golds = [str(g) if isinstance(g, int) and not isinstance(g, bool) else g for g in golds]
        verdicts = verify_batch(
            completions,
            golds,
            questions,
            timeout=self.server.config.timeout,
            workers=self.server.config.workers,
        )
        return {"verdicts": [v.as_dict() for v in verdicts]}


def make_server(config: ServerConfig) -> RewardServer:
    """Bind the server (port 0: an ephemeral port; see ``server.url``); call ``serve_forever``."""
    try:
        return RewardServer(config)
    except OSError as exc:
        raise ConfigError(f"cannot listen on {config.host}:{config.port}: {exc.strerror}") from None


def serve_reward(
    config: ServerConfig, *, ready: Callable[[RewardServer], None] | None = None
) -> None:
    """Serve until SIGTERM / SIGINT; requests in flight finish before this returns."""
    server = make_server(config)
    stop = threading.Event()

    def on_signal(signum: int, frame: object) -> None:
        del frame
        logger.info("signal %d: shutting down", signum)
        stop.set()
        threading.Thread(target=server.shutdown, daemon=True).start()

    previous = {s: signal.signal(s, on_signal) for s in (signal.SIGTERM, signal.SIGINT)}
    try:
        if ready is not None:
            ready(server)
        server.serve_forever(poll_interval=0.2)
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)
        with contextlib.suppress(Exception):
            server.server_close()  # joins request threads (block_on_close)
