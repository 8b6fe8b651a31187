"""Run audit cases through verifiers, each in its own killable worker process.

One worker process per verifier (``spawn``: a fresh interpreter, so a library's import side
effects, threads or signal handlers never touch the caller). Each case gets ``timeout`` seconds
of wall-clock time; past it the worker is killed, the case is reported ``timeout`` and a fresh
worker carries on with the next case. An exception in the verifier is ``error`` for that case; a
dead worker (segfault, ``os._exit``, memory cap) is ``crash``. Nothing a verifier does stops the
audit.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from .._errors import ConfigError
from ._adapt import adapt, load_callable
from ._builtins import BUILTINS, Scorer
from ._corpus import Case

log = logging.getLogger(__name__)

DEFAULT_TIMEOUT_S = 10.0
DEFAULT_STARTUP_S = 120.0
DEFAULT_MEMORY_MB = 4096


@dataclass(frozen=True)
class CaseOutcome:
    """One case through one verifier. ``status``: ok | none | error | timeout | crash."""

    case_id: str
    status: str
    reward: float | None = None
    detail: str = ""

    @property
    def credited(self) -> bool:
        """The verifier gave this completion a positive reward."""
        return self.status == "ok" and self.reward is not None and self.reward > 0


@dataclass(frozen=True)
class VerifierRun:
    """All outcomes of one verifier; ``load_error`` when it could not be started at all."""

    ref: str
    source: str
    kind: str
    outcomes: tuple[CaseOutcome, ...]
    load_error: str | None = None


def check_ref(ref: str) -> None:
    """Fail early, in the caller, on a reference that cannot name a verifier."""
    if ref in BUILTINS:
        return
    if ":" not in ref:
        known = ", ".join(BUILTINS)
        raise ConfigError(f"unknown verifier {ref!r}: use one of {known}, module:function or "
                          "path.py:function")  # fmt: skip


def resolve(ref: str, *, trl_text: bool = False) -> tuple[Scorer, str, str]:
    """(scorer, source description, calling convention) for a verifier reference."""
    if ref in BUILTINS:
        scorer, source = BUILTINS[ref].make()
        return scorer, source, "builtin"
    func = load_callable(ref)
    scorer, kind = adapt(func, trl_text=trl_text)
    return scorer, f"user function {ref} ({kind} signature)", kind


def _limit_memory(memory_mb: int) -> None:
    with contextlib.suppress(ImportError, ValueError, OSError):
        import resource

        cap = memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))


def _quiet() -> None:
    """Libraries print (verl prints every exception); keep the caller's terminal clean."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)


def _worker_main(conn: Connection, ref: str, trl_text: bool, memory_mb: int) -> None:
    _quiet()
    _limit_memory(memory_mb)
    try:
        scorer, source, kind = resolve(ref, trl_text=trl_text)
    except BaseException as exc:  # noqa: BLE001 - reported to the parent, never raised
        conn.send(("load_error", f"{type(exc).__name__}: {exc}"[:500]))
        return
    conn.send(("ready", source, kind))
    while True:
        try:
            item = conn.recv()
        except EOFError:
            return
        if item is None:
            return
        completion, gold, question = item
        try:
            reward = scorer(completion, gold, question)
            if reward is not None:
                reward = float(reward)
            conn.send(("ok", reward))
        except BaseException as exc:  # noqa: BLE001 - one case's failure, reported
            conn.send(("error", f"{type(exc).__name__}: {exc}"[:300]))


class _Session:
    def __init__(self, ref: str, *, trl_text: bool, memory_mb: int, startup_s: float):
        self.ref = ref
        self.trl_text = trl_text
        self.memory_mb = memory_mb
        self.startup_s = startup_s
        self.ctx = multiprocessing.get_context("spawn")
        self.proc: Any = None
        self.conn: Connection | None = None
        self.source = ref
        self.kind = ""

    def start(self) -> str | None:
        """Start a worker; the load error (or None when ready)."""
        parent, child = self.ctx.Pipe()
        self.proc = self.ctx.Process(
            target=_worker_main, args=(child, self.ref, self.trl_text, self.memory_mb), daemon=True
        )
        self.proc.start()
        child.close()
        self.conn = parent
        if not parent.poll(self.startup_s):
            self.stop()
            return f"did not start within {self.startup_s:g} s"
        try:
            msg = parent.recv()
        except (EOFError, OSError):
            self.stop()
            return "worker died while loading"
        if msg[0] == "load_error":
            self.stop()
            return str(msg[1])
        self.source, self.kind = msg[1], msg[2]
        return None

    def stop(self) -> None:
        if self.conn is not None:
            with contextlib.suppress(OSError):
                self.conn.send(None)
            self.conn.close()
            self.conn = None
        if self.proc is not None:
            self.proc.join(timeout=1)
            if self.proc.is_alive():
                self.proc.kill()
                self.proc.join()
            self.proc = None

    def kill(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.join()
            self.proc = None
        if self.conn is not None:
            self.conn.close()
            self.conn = None

    def run_case(self, case: Case, timeout: float) -> CaseOutcome:
        assert self.conn is not None
        try:
            self.conn.send((case.completion, case.gold, case.question))
            if not self.conn.poll(timeout):
                self.kill()
                return CaseOutcome(case.id, "timeout", None, f"no answer within {timeout:g} s")
            msg = self.conn.recv()
        except (EOFError, OSError):
            code = None
            if self.proc is not None:
                self.proc.join(timeout=5)
                code = self.proc.exitcode
            self.kill()
            return CaseOutcome(case.id, "crash", None, f"worker died (exit code {code})")
        if msg[0] == "error":
            return CaseOutcome(case.id, "error", None, str(msg[1]))
        reward = msg[1]
        return CaseOutcome(case.id, "none" if reward is None else "ok", reward)


def run_verifier(
    ref: str,
    cases: Sequence[Case],
    *,
    timeout: float = DEFAULT_TIMEOUT_S,
    trl_text: bool = False,
    memory_mb: int = DEFAULT_MEMORY_MB,
    startup_s: float = DEFAULT_STARTUP_S,
) -> VerifierRun:
    """All ``cases`` through one verifier, in order; never raises for the verifier's behaviour."""
    session = _Session(ref, trl_text=trl_text, memory_mb=memory_mb, startup_s=startup_s)
    error = session.start()
    if error is not None:
        outcomes = tuple(CaseOutcome(c.id, "crash", None, f"not loaded: {error}") for c in cases)
        return VerifierRun(ref, ref, "", outcomes, load_error=error)
    results: list[CaseOutcome] = []
    try:
        for case in cases:
            if session.proc is None:
                error = session.start()
                if error is not None:
                    results.append(CaseOutcome(case.id, "crash", None, f"restart failed: {error}"))
                    continue
            results.append(session.run_case(case, timeout))
    finally:
        session.stop()
    return VerifierRun(ref, session.source, session.kind, tuple(results))


def run_audit(
    refs: Sequence[str],
    cases: Sequence[Case],
    *,
    timeout: float = DEFAULT_TIMEOUT_S,
    jobs: int = 2,
    trl_text: bool = False,
    memory_mb: int = DEFAULT_MEMORY_MB,
    on_done: Callable[[VerifierRun], None] | None = None,
) -> list[VerifierRun]:
    """Every case through every verifier (``jobs`` verifiers at a time), in ``refs`` order."""
    if not (timeout > 0):
        raise ConfigError(f"timeout must be positive, got {timeout!r}")
    for ref in refs:
        check_ref(ref)

    def one(ref: str) -> VerifierRun:
        run = run_verifier(ref, cases, timeout=timeout, trl_text=trl_text, memory_mb=memory_mb)
        log.info("audit: %s done", ref)
        if on_done is not None:
            on_done(run)
        return run

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        return list(pool.map(one, refs))
