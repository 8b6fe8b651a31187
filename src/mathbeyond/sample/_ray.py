"""Sampling on a Ray cluster: worker actors each own one backend engine; the driver keeps the
store.

:class:`RayPool` is a :class:`~mathbeyond.sample.Backend`, so the ordinary engine drives it and
stays the single writer of the run's store; nothing about planning, seeds, scoring, resume or
adaptive stopping changes. The engine's requests (at most ``chunk_size`` samples of one
problem each, seed = problem seed + first index) are the work units; they wait in ONE queue in
the driver and an idle worker takes the next ``units_per_call`` of them (dynamic scheduling: a
slow worker or a long trace never holds back the others). Each worker keeps at most
``max_inflight`` calls queued so it never idles between calls.

Faults: a worker that dies (process killed, GPU error, node lost) loses only its calls in
flight: their units go back to the front of the queue and a replacement actor is started (up
to ``max_restarts`` per worker slot). The driver killed with ``kill -9`` takes its actors with
it; re-running the command resumes from the store like any run. Adaptive stopping: the
engine calls :meth:`RayPool.cancel` (its ``SupportsCancel`` protocol) as soon as a problem's
samples from some index on are not needed; queued units starting at or above that index are
never handed out, extras already in flight are dropped by the engine's existing rule.

Why actors and not ``ray.data.llm``: its vLLM processor keeps only ``outputs[0]`` of each
request, so ``n > 1`` silently loses samples; it would need one row per sample with its own seed
and a request table with a unique id column for checkpointing; and it owns the output, while
here the engine must verify, decide adaptive stopping and commit each batch to the store.
"""

from __future__ import annotations

import collections
import logging
import os
import socket
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .._errors import ConfigError, MathbError
from .._optional import require
from ._backend import (
    _REGISTRY,
    Backend,
    Completion,
    SampleRequest,
    check_backend_options,
    create_backend,
)

logger = logging.getLogger(__name__)

LOCAL = "local"
"""``--ray`` without an address: join the cluster in ``RAY_ADDRESS`` or start a local one."""



@dataclass(frozen=True)
class RayOptions:
    """Where and how wide to run (none of it changes what is drawn)."""

    address: str = LOCAL
    workers: int = 1
    gpus_per_worker: float | None = None
    """GPUs per worker actor; None: 1 for the vllm backend, else 0."""
    cpus_per_worker: float = 1.0
    units_per_call: int = 2
    """Queued units (requests) a worker takes per call."""
    max_inflight: int = 2
    """Calls queued on one worker at a time (pipelining)."""
    max_restarts: int = 3
    """Replacement actors per worker slot before the slot is given up."""
    connect_timeout: float = 10.0

    def __post_init__(self) -> None:
        if self.workers < 1:
            raise ConfigError(f"--workers must be >= 1, got {self.workers}")
        if self.gpus_per_worker is not None and self.gpus_per_worker < 0:
            raise ConfigError(f"--gpus-per-worker must be >= 0, got {self.gpus_per_worker}")
        if self.cpus_per_worker < 0:
            raise ConfigError(f"--cpus-per-worker must be >= 0, got {self.cpus_per_worker}")
        if self.units_per_call < 1 or self.max_inflight < 1 or self.max_restarts < 0:
            raise ConfigError("units_per_call and max_inflight must be >= 1, max_restarts >= 0")

    def gpus_for(self, backend: str) -> float:
        if self.gpus_per_worker is not None:
            return self.gpus_per_worker
        return 1.0 if backend == "vllm" else 0.0

    def describe(self) -> dict[str, Any]:
        return {
            "address": self.address,
            "workers": self.workers,
            "gpus_per_worker": self.gpus_per_worker,
            "cpus_per_worker": self.cpus_per_worker,
            "units_per_call": self.units_per_call,
        }


def _ray() -> Any:
    return require("ray", "ray")


def connect(address: str = LOCAL, *, timeout: float = 10.0) -> Any:
    """``ray.init`` once per process (reusing a running session); one-line errors."""
    ray = preflight(address, timeout=timeout)
    if ray.is_initialized():
        return ray
    kwargs: dict[str, Any] = {"log_to_driver": False, "include_dashboard": False}
    if address != LOCAL:
        kwargs["address"] = address
    try:
        ray.init(**kwargs)
    except (ConnectionError, TimeoutError, RuntimeError, ValueError) as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise ConfigError(f"cannot connect to Ray at {address}: {first}") from None
    return ray


def preflight(address: str = LOCAL, *, timeout: float = 10.0) -> Any:
    """Cheap checks before anything starts: ray importable, a HOST:PORT address reachable."""
    if address not in (LOCAL, "auto") and not address.startswith("ray://"):
        _probe(address, timeout)
    return _ray()


def _probe(address: str, timeout: float) -> None:
    """A TCP connect to ``host:port`` first, so an unreachable head is one line, fast."""
    host, sep, port = address.rpartition(":")
    if not sep or not port.isdigit() or not host:
        raise ConfigError(f"--ray address must be HOST:PORT, auto or ray://..., got {address!r}")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=timeout):
            pass
    except OSError as exc:
        raise ConfigError(f"cannot reach Ray cluster at {address}: {exc}") from None


class _Worker:
    """The actor body (wrapped with ``ray.remote`` lazily): one backend engine per actor."""

    def __init__(self, backend: str, options: Mapping[str, Any], modules: Sequence[str]) -> None:
        from ._job import load_backend_module

        for module in modules:
            load_backend_module(module)
        self.backend = create_backend(backend, **dict(options))

    def pid(self) -> int:
        return os.getpid()

    def run(self, requests: list[SampleRequest]) -> list[Completion]:
        return list(self.backend.generate(requests))

    def close(self) -> None:
        self.backend.close()


@dataclass
class _Call:
    slot: int
    units: list[SampleRequest]
    actor: Any
    """The actor the call went to (a slot's actor changes when it is replaced)."""


class RayPool:
    """A :class:`Backend` that spreads requests over Ray worker actors (see module doc)."""

    def __init__(
        self,
        backend: str,
        options: Mapping[str, Any],
        ray_options: RayOptions,
        *,
        backend_modules: Sequence[str] = (),
    ) -> None:
        if backend in _REGISTRY:  # bad options fail here, in one line, before Ray starts
            check_backend_options(backend, options)
        self.ray = connect(ray_options.address, timeout=ray_options.connect_timeout)
        self.name = f"ray:{backend}"
        self.opts = ray_options
        self._backend = backend
        self._options = dict(options)
        # workers may start in another directory (or node): pass module files as absolute paths
        self._modules = tuple(
            str(Path(m).resolve()) if m.endswith(".py") else m for m in backend_modules
        )
        self._actor_cls = self.ray.remote(_Worker).options(
            num_cpus=ray_options.cpus_per_worker, num_gpus=ray_options.gpus_for(backend)
        )
        self._cancelled_from: dict[str, int] = {}
        self.restarts = [0] * ray_options.workers
        self.requeued = 0
        self.cancelled = 0
        self.calls = 0
        self._actors: list[Any | None] = [self._spawn() for _ in range(ray_options.workers)]
        self._pids: list[int | None] = [None] * ray_options.workers
        self._check_started()

    # ---------------------------------------------------------------- lifecycle
    def _spawn(self) -> Any:
        return self._actor_cls.remote(self._backend, self._options, self._modules)

    def _check_started(self) -> None:
        """Wait for every actor to load its engine; a failing engine is one line."""
        ray = self.ray
        for slot, actor in enumerate(self._actors):
            assert actor is not None
            try:
                self._pids[slot] = ray.get(actor.pid.remote())
            except ray.exceptions.RayError as exc:
                self.close()
                raise MathbError(f"Ray worker could not start the {self._backend!r} backend: "
                                 f"{_cause(exc)}") from None

    def worker_pids(self) -> list[int]:
        """Process ids of the live workers (for tests and monitoring)."""
        return [p for p in self._pids if p is not None]

    def cancel(self, key: str, start_index: int) -> None:
        """The engine no longer needs samples of ``key`` from ``start_index`` on."""
        self._cancelled_from[key] = min(start_index, self._cancelled_from.get(key, start_index))

    def close(self) -> None:
        for actor in self._actors:
            if actor is not None:
                try:
                    self.ray.kill(actor)
                except Exception:  # already dead
                    logger.debug("actor already gone", exc_info=True)
        self._actors = [None] * len(self._actors)

    # ---------------------------------------------------------------- scheduling
    def generate(self, requests: Sequence[SampleRequest]) -> Iterator[Completion]:
        ray = self.ray
        queue: collections.deque[SampleRequest] = collections.deque(requests)
        inflight: dict[Any, _Call] = {}
        per_slot = [0] * len(self._actors)
        try:
            while queue or inflight:
                self._dispatch(queue, inflight, per_slot)
                if not inflight:
                    if queue:
                        raise MathbError("every Ray worker died; no worker left to sample")
                    break
                ready, _ = ray.wait(list(inflight), num_returns=1)
                ref = ready[0]
                call = inflight.pop(ref)
                per_slot[call.slot] -= 1
                try:
                    completions = ray.get(ref)
                except ray.exceptions.RayError as exc:
                    if not _is_actor_death(ray, exc):
                        raise MathbError(f"Ray worker failed: {_cause(exc)}") from None
                    self._on_death(call, queue)
                    continue
                yield from completions
        finally:
            for ref in inflight:  # generator closed early (adaptive stop, error): drop work
                try:
                    ray.cancel(ref)
                except Exception:
                    logger.debug("could not cancel a call", exc_info=True)

    def _dispatch(
        self,
        queue: collections.deque[SampleRequest],
        inflight: dict[Any, _Call],
        per_slot: list[int],
    ) -> None:
        """Hand queued units to workers with room, least-loaded first."""
        while queue:
            free = [s for s, a in enumerate(self._actors)
                    if a is not None and per_slot[s] < self.opts.max_inflight]
            if not free:
                return
            slot = min(free, key=lambda s: per_slot[s])
            units: list[SampleRequest] = []
            while queue and len(units) < self.opts.units_per_call:
                unit = queue.popleft()
                if unit.start_index >= self._cancelled_from.get(unit.key, unit.start_index + 1):
                    self.cancelled += 1
                    continue
                units.append(unit)
            if not units:
                continue  # all cancelled; look at the next ones
            actor = self._actors[slot]
            assert actor is not None
            inflight[actor.run.remote(units)] = _Call(slot, units, actor)
            per_slot[slot] += 1
            self.calls += 1

    def _on_death(self, call: _Call, queue: collections.deque[SampleRequest]) -> None:
        """Put a dead worker's call back (front of the queue); replace the worker once.

        The dead actor's other calls come back from ``ray.wait`` one by one: those it finished
        before dying are used, the others fail and are requeued here too.
        """
        queue.extendleft(reversed(call.units))
        self.requeued += len(call.units)
        slot = call.slot
        logger.warning("Ray worker %d died; %d units back in the queue", slot, len(call.units))
        if self._actors[slot] is not call.actor:
            return  # already replaced (or given up) after an earlier failed call
        self._pids[slot] = None
        if self.restarts[slot] >= self.opts.max_restarts:
            self._actors[slot] = None
            return
        self.restarts[slot] += 1
        actor = self._spawn()
        try:
            self._pids[slot] = self.ray.get(actor.pid.remote())
        except self.ray.exceptions.RayError as exc:
            logger.warning("replacement worker %d failed to start: %s", slot, _cause(exc))
            self._actors[slot] = None
            return
        self._actors[slot] = actor


def _is_actor_death(ray: Any, exc: BaseException) -> bool:
    errors = ray.exceptions
    dead = tuple(
        getattr(errors, name)
        for name in ("RayActorError", "ActorDiedError", "ActorUnavailableError",
                     "WorkerCrashedError", "NodeDiedError", "OutOfMemoryError")
        if hasattr(errors, name)
    )
    return isinstance(exc, dead)


def _cause(exc: BaseException) -> str:
    """The first line of the underlying error (Ray wraps it in RayTaskError)."""
    cause = getattr(exc, "cause", None)
    inner = cause if isinstance(cause, BaseException) else exc
    text = str(inner).strip()
    lines = [ln for ln in text.splitlines() if ln.strip()]
    # RayTaskError's text starts with a traceback; the last line names the error.
    line = lines[-1] if lines else type(inner).__name__
    return line.strip()[:300]


def ray_backend_factory(
    ray_options: RayOptions, backend_modules: Sequence[str] = ()
) -> Callable[..., Backend]:
    """A ``create_backend``-like factory running the backend in Ray workers.

    Checks that Ray is installed and the address reachable now, before a run directory is made.
    """
    preflight(ray_options.address, timeout=ray_options.connect_timeout)

    def make(name: str, **options: Any) -> Backend:
        return RayPool(name, options, ray_options, backend_modules=backend_modules)

    return make
