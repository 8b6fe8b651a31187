"""Hard CPU-time and memory limits for verification: a pool of killable worker processes.

Why processes: a verification can hang inside C code that holds the GIL (``10**10**10``, a huge
``str(int)``, a pathological regex), where no signal handler or thread trick can interrupt it.
The only limit that always holds is killing the process doing the work. So every item runs in
a worker process, and memory is bounded with ``RLIMIT_AS`` inside each worker (``MemoryError``
there becomes ``LIMIT_EXCEEDED``). No ``signal.alarm`` in the caller: the limits hold whichever
thread of whichever process calls in.

Why CPU time: a wall-clock limit makes verdicts depend on how busy the machine is (on a loaded
2-core machine a plain 60-character completion once came back ``limit_exceeded`` from a 1 s
wall-clock deadline). Each item instead gets ``timeout`` seconds of *CPU time*: the worker arms
``ITIMER_PROF`` before every item with ``SIGPROF`` left at its default action, so the kernel
kills the worker when one item has used up its budget, whatever the load. The parent sees the
death; when the chunk held more than one unfinished item it re-runs each of them alone (same
budget), so only the item that needs more than its budget on its own is recorded as
``Status.LIMIT_EXCEEDED``, and a replacement worker is started. A generous wall-clock limit
(``wall_factor`` times the CPU budget of the chunk, plus slack) remains as a safety net for a
worker that stops making progress without using CPU.

How workers are started: ``subprocess.Popen([sys.executable, "-c", _BOOT, ...])``, i.e. a fresh
interpreter (fork+exec, safe from a threaded parent) -- the same isolation as multiprocessing's
``spawn`` start method, minus spawn's re-import of the caller's ``__main__`` module, which breaks
scripts without an ``if __name__ == "__main__"`` guard and re-runs framework entry points (Ray
workers, notebooks). Chunks go to a worker through a ``multiprocessing`` ``Connection``; results
come back as one length-prefixed pickle per chunk on a second pipe (see ``_worker``).

Throughput: items travel in chunks of up to ``_MAX_CHUNK`` items (one pickle each way per
chunk; a result is the tuple of the verdict's fields), items of one gold are dispatched
together (each worker parses a gold once: see ``_core.parse_gold``), and the scheduler waits on
one persistent epoll selector and drains every available result with one ``os.read`` per
worker. A worker that returns a chunk gets its next one before that chunk's results are
unpickled and delivered, so the two processes work at the same time.

Threads: one scheduler thread per pool owns all worker state; any number of caller threads
submit jobs and block on an event. The pool shared by :mod:`._api` starts lazily, grows to the
largest ``workers`` asked for, is closed at interpreter exit, and is replaced after ``fork()``.
"""

from __future__ import annotations

import atexit
import collections
import contextlib
import dataclasses
import logging
import math
import operator
import os
import pickle
import selectors
import signal
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any, TypeAlias

from .._errors import ConfigError, MathbError

try:
    import fcntl
except ImportError:  # not POSIX
    fcntl = None  # type: ignore[assignment]
from ._parsed import ExtractedAnswer
from ._types import Status, Verdict

log = logging.getLogger(__name__)

Item: TypeAlias = "tuple[Any, ...]"
"""One call of the target, passed to it as positional arguments: ``(completion, gold,
question)`` for verification (``gold`` a str or a :class:`~mathbeyond.verify.ParsedGold`), or
``(completion, gold, question, finish_reason)`` to pass the sampler's finish reason."""

DEFAULT_TIMEOUT_S = 1.0
DEFAULT_MEMORY_BYTES = 1 << 30
DEFAULT_TARGET = "mathbeyond.verify._core:verify_fields"
MEMORY_ENV_VAR = "MATHB_VERIFY_MEMORY_MB"
DEFAULT_WALL_FACTOR = 20.0
"""Wall-clock safety net: a chunk may take this many times its CPU budget (plus slack)."""

_HEADER = struct.Struct("!Q")  # result message framing, shared with _worker
_MAX_CHUNK = 2048
_CHUNKS_PER_WORKER = 4
_MAX_CHUNK_CHARS = 4_000_000  # a chunk also ends once its completions hold this many chars
# Chunks queued at one worker. Must stay 1: a second chunk written while the worker is busy can
# fill the task pipe, and a worker blocked writing a large result message to a parent blocked
# writing that chunk is a deadlock. With chunks of hundreds of items the round trip between
# chunks costs well under 1% of the work.
_PIPELINE = 1
_WALL_SLACK_S = 30.0
_STARTUP_FAILURES_TOLERATED = 3
_CLOSE_GRACE_S = 2.0
_SIGPROF = getattr(signal, "SIGPROF", None)

# The worker bootstrap. ``python -c`` puts the current directory first on sys.path; drop it so
# a stray ``sympy.py`` in the caller's cwd cannot shadow a library. Extra paths (test hooks)
# go first; the directory holding the parent's ``mathbeyond`` is added only if it is not already
# on the path (the parent found the package through a sys.path tweak the child lacks).
# The worker needs only ``mathbeyond.verify``: it registers a bare ``mathbeyond`` package module
# instead of running the package ``__init__``, which imports the data stack (pyarrow, numpy:
# ~0.3 s and ~300 MB of address space per worker, counted against the memory cap).
_BOOT = (
    "import sys\n"
    "if sys.path and sys.path[0] == '': del sys.path[0]\n"
    "import os\n"
    "_extra, _root = [p for p in sys.argv[1].split(os.pathsep) if p], sys.argv[2]\n"
    "sys.path[:0] = _extra\n"
    "if _root not in sys.path: sys.path.insert(len(_extra), _root)\n"
    "import importlib.util, types\n"
    "_spec = importlib.util.find_spec('mathbeyond')\n"
    "_pkg = types.ModuleType('mathbeyond')\n"
    "_pkg.__spec__, _pkg.__path__ = _spec, list(_spec.submodule_search_locations)\n"
    "sys.modules['mathbeyond'] = _pkg\n"
    "from mathbeyond.verify._worker import main\n"
    "raise SystemExit(main(sys.argv[3:]))\n"
)

_VERDICT_FIELDS = tuple(f.name for f in dataclasses.fields(Verdict))
RESULT_TYPES: dict[str, type[Any]] = {"verify": Verdict, "extract_answer": ExtractedAnswer}
"""What each worker ``op`` returns (rebuilt in the parent from all its fields' values)."""


_PIPE_BYTES = 1 << 20
"""Pipe buffer asked for (Linux ``F_SETPIPE_SZ``; 1 MiB is the usual unprivileged maximum):
a chunk of long completions is megabytes, and a 64 KiB pipe moves it in dozens of
write/wake-up/read rounds, each a pair of system calls and a context switch on both sides."""


def _widen_pipe(fd: int) -> None:
    """Ask for a :data:`_PIPE_BYTES` buffer on pipe ``fd``; the default stays where refused."""
    setpipe = getattr(fcntl, "F_SETPIPE_SZ", None) if fcntl is not None else None
    if setpipe is None:
        return
    with contextlib.suppress(OSError):
        fcntl.fcntl(fd, setpipe, _PIPE_BYTES)


def default_workers() -> int:
    """Number of CPUs this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


def limit_verdict(reason: str) -> Verdict:
    """The verdict recorded for an item stopped by a resource limit."""
    return Verdict(correct=False, status=Status.LIMIT_EXCEEDED, extracted=None, reason=reason)


class VerifierCrashError(RuntimeError):
    """The verification function raised (a bug in the verifier), or the pool could not run."""


_FIRST = operator.itemgetter(0)


def _size(item: Item) -> int:
    first = item[0] if item else None
    return len(first) if isinstance(first, str) else 0


def _gold_key(item: Item) -> object:
    gold = item[1] if len(item) > 1 else None
    return gold if type(gold) is str else getattr(gold, "text", gold)


def _grouped_order(items: Sequence[Item]) -> list[int]:
    """Indices with items of the same gold next to each other (first-seen order of golds), so
    the chunks of one gold go to one worker, which parses that gold once."""
    groups: dict[object, list[int]] = {}
    try:
        for i, item in enumerate(items):
            key = _gold_key(item)
            group = groups.get(key)
            if group is None:
                groups[key] = [i]
            else:
                group.append(i)
    except TypeError:  # an unhashable argument: keep input order
        return list(range(len(items)))
    if len(groups) == len(items) or len(groups) == 1:
        return list(range(len(items)))
    order: list[int] = []
    for group in groups.values():
        order += group
    return order


_MAX_SHARED_RESULTS = 1 << 16
"""Bound of the per-pool table of result objects :func:`_rebuild` shares between chunks."""


def _rebuild(
    make: type[Any], values: list[tuple[Any, ...] | None], shared: dict[tuple[Any, ...], Any]
) -> list[Any]:
    """The result objects of one chunk, from their field values. Equal values give one shared
    (immutable) object, also across chunks and jobs (``shared``: the pool's table for ``make``,
    bounded by :data:`_MAX_SHARED_RESULTS`): k samples of a problem mostly share their verdict,
    and a dictionary lookup costs a fraction of building a frozen dataclass. None (a failed
    item) stays a placeholder the caller replaces."""
    if len(shared) + len(values) > _MAX_SHARED_RESULTS:
        shared.clear()
    get = shared.get
    out: list[Any] = []
    append = out.append
    for v in values:
        if v is None:
            append(None)
            continue
        try:
            obj = get(v)
            if obj is None:
                obj = shared[v] = make(*v)
        except TypeError:  # an unhashable field value: build it on its own
            obj = make(*v)
        append(obj)
    return out


class Job:
    """A submitted batch. Wait with :meth:`result`; results come back in input order.

    ``timeout`` is each item's CPU-time budget in seconds; ``op`` the worker function to call
    (``"verify"``: the pool's target; another name: that function of the target's module).
    """

    def __init__(
        self, items: Sequence[Item], timeout: float, max_workers: int, op: str = "verify"
    ) -> None:
        self.items = items
        self.timeout = timeout
        self.max_workers = max_workers
        self.op = op
        self.result_type = RESULT_TYPES.get(op, Verdict)
        n = len(items)
        # one worker parses each gold once whatever the order (its parse cache)
        order = range(n) if max_workers == 1 else _grouped_order(items)
        self.pending: collections.deque[int] = collections.deque(order)
        self.isolate: collections.deque[int] = collections.deque()  # re-run alone, one each
        self.results: list[Verdict | None] = [None] * n
        self.remaining = n
        self.holders: dict[_Worker, int] = {}  # workers holding chunks of this job -> count
        self.error: BaseException | None = None
        self.cancelled = False
        self._done = threading.Event()
        self._wake: Callable[[], None] = lambda: None
        if n == 0:
            self._done.set()

    @property
    def finished(self) -> bool:
        return self._done.is_set()

    @property
    def has_work(self) -> bool:
        return bool(self.pending or self.isolate)

    def next_chunk(self) -> tuple[list[int], bool]:
        """The next chunk's indices and whether it is an isolated re-run of one item.

        Guided scheduling: big chunks while much is pending, single items near the end, so one
        slow chunk does not leave the other workers idle at the tail of a batch."""
        if self.isolate:
            return [self.isolate.popleft()], True
        share = math.ceil(len(self.pending) / (self.max_workers * _CHUNKS_PER_WORKER))
        size = min(max(1, min(_MAX_CHUNK, share)), len(self.pending))
        pending, items = self.pending, self.items
        popleft = pending.popleft
        out = [popleft() for _ in range(size)]
        try:  # the completions' lengths, at C speed when the first fields are strings
            chars = sum(map(len, map(_FIRST, map(items.__getitem__, out))))
        except TypeError:
            chars = sum(_size(items[i]) for i in out)
        if chars >= _MAX_CHUNK_CHARS:  # rare: give back the items past the character budget
            chars, keep = 0, 0
            while keep < len(out) and (keep == 0 or chars < _MAX_CHUNK_CHARS):
                chars += _size(items[out[keep]])
                keep += 1
            pending.extendleft(reversed(out[keep:]))
            del out[keep:]
        return out, False

    @property
    def completed(self) -> int:
        """How many items have a verdict so far."""
        return len(self.results) - self.remaining

    def cancel(self) -> None:
        """Stop dispatching this job's items (those already running finish and are dropped)."""
        self.cancelled = True
        self._wake()

    def wait(self, timeout: float | None = None) -> bool:
        return self._done.wait(timeout)

    def result(self) -> list[Verdict]:
        """Block until every item has a verdict; raise if the job failed."""
        self._done.wait()
        if self.error is not None:
            raise self.error
        out = [v for v in self.results if v is not None]
        if len(out) != len(self.results):  # cancelled
            raise VerifierCrashError("verification job was cancelled")
        return out

    # Called by the scheduler thread only.
    def _deliver_many(self, indices: Sequence[int], verdicts: Sequence[Verdict]) -> None:
        if self.finished:
            return
        results = self.results
        delivered = 0
        for index, verdict in zip(indices, verdicts, strict=True):
            if results[index] is None:
                results[index] = verdict
                delivered += 1
        self.remaining -= delivered
        if self.remaining == 0:
            self._done.set()

    def _deliver(self, index: int, verdict: Verdict) -> None:
        if self.finished or self.results[index] is not None:
            return
        self.results[index] = verdict
        self.remaining -= 1
        if self.remaining == 0:
            self._done.set()

    def _fail(self, error: BaseException) -> None:
        if not self.finished:
            self.error = error
            self._done.set()


@dataclass(eq=False)
class _Chunk:
    job: Job
    indices: list[int]
    isolated: bool
    started: float = 0.0  # wall-clock time it became the chunk the worker is running


@dataclass(eq=False)
class _Worker:
    proc: subprocess.Popen[bytes]
    tasks: Connection
    results_fd: int
    ready: bool = False
    buffer: bytearray = field(default_factory=bytearray)
    eof: bool = False
    inflight: collections.deque[_Chunk] = field(default_factory=collections.deque)

    def close_pipes(self) -> None:
        with contextlib.suppress(OSError):
            self.tasks.close()
        with contextlib.suppress(OSError):
            os.close(self.results_fd)

    def read_available(self) -> None:
        """Append everything the worker has written so far to ``buffer`` (never blocks)."""
        while True:
            try:
                data = os.read(self.results_fd, 1 << 20)
            except BlockingIOError:
                return
            if not data:
                self.eof = True
                return
            self.buffer += data

    def messages(self) -> list[bytes]:
        """Complete messages in ``buffer`` (see ``_worker._send``), still pickled, removed
        from it."""
        out = []
        pos, size = 0, len(self.buffer)
        while size - pos >= _HEADER.size:
            (length,) = _HEADER.unpack_from(self.buffer, pos)
            end = pos + _HEADER.size + length
            if end > size:
                break
            out.append(bytes(self.buffer[pos + _HEADER.size : end]))
            pos = end
        del self.buffer[:pos]
        return out


class WorkerPool:
    """Processes that run ``target(*item) -> Verdict`` (or the Verdict's field values) under
    hard limits, for each ``Item`` ``(completion, gold, question[, finish_reason])``.

    ``target`` is ``"module:function"``, imported in each worker; ``extra_sys_path`` is put in
    front of the worker's ``sys.path`` (lets tests run their own hooks under the same limits).
    Each item gets ``timeout`` seconds of CPU time (see the module docstring); ``wall_factor``
    sizes the wall-clock safety net.
    """

    def __init__(
        self,
        *,
        size: int | None = None,
        memory_bytes: int = DEFAULT_MEMORY_BYTES,
        target: str = DEFAULT_TARGET,
        extra_sys_path: Sequence[str] = (),
        expected_version: str | None = None,
        wall_factor: float = DEFAULT_WALL_FACTOR,
        wall_slack_s: float = _WALL_SLACK_S,
    ) -> None:
        if size is not None and size < 1:
            raise ConfigError(f"worker count must be at least 1, got {size}")
        if memory_bytes < 0:
            raise ConfigError(f"memory limit must be >= 0 bytes (0 = none), got {memory_bytes}")
        if ":" not in target:
            raise ConfigError(f"target must look like 'module:function', got {target!r}")
        if not (wall_factor >= 1 and math.isfinite(wall_factor)) or wall_slack_s < 0:
            raise ConfigError("wall_factor must be >= 1 and wall_slack_s >= 0")
        self.size = size or default_workers()
        self.memory_bytes = memory_bytes
        self.target = target
        self.expected_version = expected_version
        self.wall_factor = wall_factor
        self.wall_slack_s = wall_slack_s
        self._extra_sys_path = [str(p) for p in extra_sys_path]
        self._lock = threading.Lock()
        self._incoming: collections.deque[Job] = collections.deque()
        self._jobs: collections.deque[Job] = collections.deque()
        self._workers: list[_Worker] = []
        self._shared_results: dict[type[Any], dict[tuple[Any, ...], Any]] = {}
        self._startup_failures = 0
        self._closing = False
        self._closed = False
        self._fatal: BaseException | None = None
        self._thread: threading.Thread | None = None
        self._owner_pid = os.getpid()
        self._wake_r, self._wake_w = os.pipe()
        os.set_blocking(self._wake_r, False)
        os.set_blocking(self._wake_w, False)
        self._selector = selectors.DefaultSelector()
        self._selector.register(self._wake_r, selectors.EVENT_READ, None)

    # ----------------------------------------------------------------- public (any thread)

    @property
    def usable(self) -> bool:
        """False once closed or after the scheduler failed; a new pool is needed then."""
        return not (self._closing or self._closed or self._fatal is not None)

    def grow(self, size: int) -> None:
        """Allow up to ``size`` workers (workers start on demand)."""
        with self._lock:
            self.size = max(self.size, size)

    def submit(
        self,
        items: Sequence[Item],
        *,
        timeout: float,
        max_workers: int | None = None,
        op: str = "verify",
    ) -> Job:
        """Queue ``items``; each gets at most ``timeout`` seconds of CPU time."""
        if not (timeout > 0 and math.isfinite(timeout)):
            raise ConfigError(f"timeout must be a positive number of seconds, got {timeout!r}")
        limit = self.size if max_workers is None else max(1, max_workers)
        job = Job(items, timeout, limit, op)
        if job.finished:
            return job
        job._wake = self._wake
        with self._lock:
            if not self.usable:
                raise VerifierCrashError(
                    "verifier pool is closed" if self._fatal is None else str(self._fatal)
                )
            if max_workers is not None and max_workers > self.size:
                self.size = max_workers
            self._incoming.append(job)
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="mathbeyond-verify-pool", daemon=True
                )
                self._thread.start()
        self._wake()
        return job

    def run(
        self,
        items: Sequence[Item],
        *,
        timeout: float,
        max_workers: int | None = None,
        op: str = "verify",
    ) -> list[Verdict]:
        """Submit and wait. If the waiting thread is interrupted the job is cancelled."""
        job = self.submit(items, timeout=timeout, max_workers=max_workers, op=op)
        try:
            return job.result()
        finally:
            if not job.finished:
                job.cancel()

    def worker_pids(self) -> list[int]:
        """PIDs of the current worker processes (diagnostics and tests)."""
        with self._lock:
            return [w.proc.pid for w in self._workers]

    def close(self) -> None:
        """Stop all workers; queued and running jobs fail. Safe to call more than once."""
        with self._lock:
            if self._closed:
                return
            self._closing = True
            thread = self._thread
        self._wake()
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=_CLOSE_GRACE_S + 5.0)
        with self._lock:
            if thread is None or not thread.is_alive():
                self._closed = True
                self._selector.close()
                for fd in (self._wake_r, self._wake_w):
                    with contextlib.suppress(OSError):
                        os.close(fd)

    def _forget_after_fork(self) -> None:
        """In a forked child: drop the parent's workers without touching them."""
        for w in self._workers:
            w.close_pipes()
        with contextlib.suppress(OSError):
            self._selector.close()
        for fd in (self._wake_r, self._wake_w):
            with contextlib.suppress(OSError):
                os.close(fd)
        self._workers = []
        self._closed = True
        self._closing = True

    def _wake(self) -> None:
        # A full pipe already guarantees a wake-up; a closed one means shutdown.
        with contextlib.suppress(OSError):
            os.write(self._wake_w, b"\0")

    # ------------------------------------------------------------ scheduler thread only

    def _run(self) -> None:
        try:
            while True:
                with self._lock:
                    if self._closing:
                        break
                    while self._incoming:
                        self._jobs.append(self._incoming.popleft())
                self._drop_finished_jobs()
                self._dispatch()
                for key, _ in self._selector.select(self._seconds_to_next_deadline()):
                    if key.data is None:
                        self._drain_wake_pipe()
                    else:
                        self._read_worker(key.data)
                self._enforce_deadlines()
        except (MathbError, VerifierCrashError) as exc:  # a clear, expected failure
            log.error("verifier pool stopped: %s", exc)
            self._fatal = exc
            self._fail_all(exc)
        except BaseException as exc:  # keep callers from waiting forever on a dead scheduler
            log.exception("verifier pool scheduler failed")
            self._fatal = VerifierCrashError(f"verifier pool failed: {exc!r}")
            self._fail_all(self._fatal)
        finally:
            self._shutdown_workers()
            with self._lock:
                self._closing = True
            self._fail_all(VerifierCrashError("verifier pool was closed"))

    def _fail_all(self, error: BaseException) -> None:
        with self._lock:
            jobs = [*self._jobs, *self._incoming]
            self._jobs.clear()
            self._incoming.clear()
        for job in jobs:
            job._fail(error)

    def _drain_wake_pipe(self) -> None:
        try:
            while os.read(self._wake_r, 4096):
                pass
        except BlockingIOError:
            pass

    def _drop_finished_jobs(self) -> None:
        for job in list(self._jobs):
            if job.cancelled and not job.finished:
                job._fail(VerifierCrashError("verification job was cancelled"))
            if job.finished:
                job.pending.clear()
                job.isolate.clear()
                self._jobs.remove(job)

    def _pick_worker(self, free: list[_Worker], job: Job) -> _Worker | None:
        """A worker with room for one more chunk of ``job``: an idle one while the job may use
        more workers (parallelism first), else one already holding chunks of the job."""
        if len(job.holders) < job.max_workers:
            for w in free:
                if not w.inflight:
                    return w
        holders = [w for w in free if w in job.holders]
        return min(holders, key=lambda w: len(w.inflight)) if holders else None

    def _dispatch(self) -> None:
        free = [w for w in self._workers if w.ready and len(w.inflight) < _PIPELINE]
        progressed = True
        while free and progressed:  # one chunk per job per turn, rotating: fair between callers
            progressed = False
            for _ in range(len(self._jobs)):
                if not free:
                    break
                job = self._jobs[0]
                self._jobs.rotate(-1)
                if not job.has_work or job.finished:
                    continue
                worker = self._pick_worker(free, job)
                if worker is None:
                    continue
                self._send_chunk(worker, job)
                progressed = True
                if len(worker.inflight) >= _PIPELINE or worker not in self._workers:
                    free.remove(worker)
        demand = sum(
            min(len(j.pending) + len(j.isolate), j.max_workers - len(j.holders))
            for j in self._jobs
            if j.has_work
        )
        starting = sum(1 for w in self._workers if not w.ready)
        while starting < demand and len(self._workers) < self.size:
            self._spawn()
            starting += 1

    def _send_chunk(self, worker: _Worker, job: Job) -> None:
        indices, isolated = job.next_chunk()
        chunk = _Chunk(job, indices, isolated)
        items = job.items
        worker.inflight.append(chunk)
        job.holders[worker] = job.holders.get(worker, 0) + 1
        if len(worker.inflight) == 1:
            chunk.started = time.monotonic()
        try:
            worker.tasks.send((job.op, job.timeout, [items[i] for i in indices]))
        except OSError:  # died while idle (killed from outside): not the items' fault
            worker.proc.kill()
            worker.proc.wait()
            self._remove_worker(worker, blame=None)

    def _spawn(self) -> None:
        task_r, task_w = os.pipe()
        result_r, result_w = os.pipe()
        _widen_pipe(task_w)
        _widen_pipe(result_w)
        root = str(Path(__file__).resolve().parents[2])
        argv = [
            sys.executable,
            "-c",
            _BOOT,
            os.pathsep.join(self._extra_sys_path),
            root,
            str(task_r),
            str(result_w),
            str(os.getpid()),
            str(self.memory_bytes),
            self.target,
        ]
        env = dict(os.environ)
        for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
            env[var] = "1"  # one thread per worker: parallelism comes from the pool
        try:
            proc = subprocess.Popen(
                argv,
                pass_fds=(task_r, result_w),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,  # stray prints must never reach the caller's stdout
                env=env,
            )
        except BaseException:
            for fd in (task_w, result_r):
                os.close(fd)
            raise
        finally:
            os.close(task_r)
            os.close(result_w)
        os.set_blocking(result_r, False)
        worker = _Worker(proc=proc, tasks=Connection(task_w, readable=False), results_fd=result_r)
        self._selector.register(result_r, selectors.EVENT_READ, worker)
        with self._lock:
            self._workers.append(worker)
        log.debug("started verifier worker pid %d", proc.pid)

    def _read_worker(self, worker: _Worker) -> None:
        worker.read_available()
        # Results the worker sent before dying still count: handle them before the death.
        for raw in worker.messages():
            if worker.ready and worker.inflight:
                self._on_results(worker, raw)
            else:
                self._on_message(worker, pickle.loads(raw))
        if worker.eof:
            self._on_worker_died(worker)

    def _on_results(self, worker: _Worker, raw: bytes) -> None:
        """The results of the chunk ``worker`` was running. The worker gets its next chunk
        before they are unpickled and delivered, so it works while this thread does."""
        chunk = worker.inflight.popleft()
        if worker.inflight:
            worker.inflight[0].started = time.monotonic()
        job = chunk.job
        self._release(worker, job)
        if not worker.inflight:
            self._dispatch()
        msg = pickle.loads(raw)
        if msg[0] != "done":
            raise VerifierCrashError(f"verifier worker protocol error: unexpected {msg[0]!r}")
        values, failures = msg[1], msg[2]
        if len(values) != len(chunk.indices):
            raise VerifierCrashError("verifier worker protocol error: wrong result count")
        if job.finished:
            return
        shared = self._shared_results.get(job.result_type)
        if shared is None:
            shared = self._shared_results[job.result_type] = {}
        verdicts = _rebuild(job.result_type, values, shared)
        for k, what, detail in failures:
            index = chunk.indices[k]
            if what == "mem":
                mib = self.memory_bytes // 2**20
                why = f"memory limit exceeded ({mib} MiB)" if mib else "out of memory"
                verdicts[k] = limit_verdict(why)
            elif what == "rec":
                verdicts[k] = limit_verdict("recursion limit exceeded")
            else:
                job._fail(
                    VerifierCrashError(
                        f"the verifier raised on item {index} (a bug; please report it):\n"
                        f"{detail}"
                    )
                )
                return
        job._deliver_many(chunk.indices, verdicts)

    def _on_message(self, worker: _Worker, msg: tuple[Any, ...]) -> None:
        kind = msg[0]
        if kind == "ready":
            version, fields = msg[2], tuple(msg[3])
            if self.expected_version is not None and version != self.expected_version:
                raise VerifierCrashError(
                    f"verifier worker runs VERIFIER_VERSION {version!r} but this process "
                    f"imported {self.expected_version!r}; restart the process after upgrading"
                )
            if fields != _VERDICT_FIELDS:
                raise VerifierCrashError(
                    f"verifier worker sends results with fields {fields} but this process's "
                    f"Verdict has {_VERDICT_FIELDS}; restart the process after upgrading"
                )
            worker.ready = True
            self._startup_failures = 0
            return
        if kind == "fatal":
            raise ConfigError(str(msg[1]))
        raise VerifierCrashError(f"verifier worker protocol error: unexpected {kind!r}")

    @staticmethod
    def _release(worker: _Worker, job: Job) -> None:
        left = job.holders.get(worker, 0) - 1
        if left > 0:
            job.holders[worker] = left
        else:
            job.holders.pop(worker, None)

    def _on_worker_died(self, worker: _Worker) -> None:
        code = worker.proc.wait()
        if not worker.ready:
            self._startup_failures += 1
            self._remove_worker(worker, blame=None)
            log.warning("verifier worker failed to start (exit status %s)", code)
            if self._startup_failures >= _STARTUP_FAILURES_TOLERATED:
                raise VerifierCrashError(
                    f"verifier workers fail to start (exit status {code}); see the error "
                    f"printed above by the worker (target {self.target!r})"
                )
            return
        if _SIGPROF is not None and code == -_SIGPROF and worker.inflight:
            blame = f"time limit exceeded ({worker.inflight[0].job.timeout:g} s of CPU time)"
        else:
            how = f"signal {-code}" if code < 0 else f"exit status {code}"
            blame = f"verifier worker died ({how}) on this item: treated as a resource limit"
        self._remove_worker(worker, blame=blame)

    def _remove_worker(self, worker: _Worker, *, blame: str | None) -> None:
        """Forget ``worker`` (already dead or killed). The chunk it was running: a lone item
        gets the ``blame`` verdict; several are re-run one by one to find the item at fault.
        Chunks queued behind it go back to their jobs."""
        with self._lock:
            if worker in self._workers:
                self._workers.remove(worker)
        with contextlib.suppress(KeyError, ValueError):
            self._selector.unregister(worker.results_fd)
        worker.close_pipes()
        chunks = list(worker.inflight)
        worker.inflight.clear()
        for k, chunk in enumerate(chunks):
            job = chunk.job
            self._release(worker, job)
            if job.finished:
                continue
            left = [i for i in chunk.indices if job.results[i] is None]
            if k == 0 and blame is not None and len(left) == 1:
                job._deliver(left[0], limit_verdict(blame))
            elif (k == 0 and blame is not None) or chunk.isolated:
                job.isolate.extend(left)
            else:
                job.pending.extendleft(reversed(left))

    def _wall_limit(self, chunk: _Chunk) -> float:
        return self.wall_factor * chunk.job.timeout * len(chunk.indices) + self.wall_slack_s

    def _seconds_to_next_deadline(self) -> float | None:
        deadlines = [
            w.inflight[0].started + self._wall_limit(w.inflight[0])
            for w in self._workers
            if w.inflight
        ]
        if not deadlines:
            return None
        return max(0.0, min(deadlines) - time.monotonic())

    def _enforce_deadlines(self) -> None:
        now = time.monotonic()
        for worker in list(self._workers):
            if not worker.inflight:
                continue
            head = worker.inflight[0]
            limit = self._wall_limit(head)
            if now < head.started + limit:
                continue
            worker.proc.kill()
            worker.proc.wait()
            log.info("killed verifier worker pid %d: chunk over wall-clock limit", worker.proc.pid)
            self._remove_worker(
                worker, blame=f"time limit exceeded ({limit:g} s wall-clock safety limit)"
            )

    def _shutdown_workers(self) -> None:
        with self._lock:
            workers = list(self._workers)
            self._workers.clear()
        for w in workers:
            if not w.inflight and w.ready:
                with contextlib.suppress(OSError):
                    w.tasks.send(None)
            else:
                w.proc.kill()
        deadline = time.monotonic() + _CLOSE_GRACE_S
        for w in workers:
            try:
                w.proc.wait(timeout=max(0.0, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                w.proc.kill()
                w.proc.wait()
            w.close_pipes()


# ------------------------------------------------------------------ the process-wide pool


class _Shared:
    """Holder of the process-wide pool (a class attribute instead of a module global)."""

    lock = threading.Lock()
    pool: WorkerPool | None = None


def _memory_from_env() -> int:
    raw = os.environ.get(MEMORY_ENV_VAR)
    if raw is None or raw.strip() == "":
        return DEFAULT_MEMORY_BYTES
    try:
        mib = int(raw)
    except ValueError:
        raise ConfigError(f"{MEMORY_ENV_VAR} must be a whole number of MiB, got {raw!r}") from None
    if mib < 64:
        raise ConfigError(f"{MEMORY_ENV_VAR} must be at least 64 (MiB), got {mib}")
    return mib * 2**20


def memory_limit_mb() -> int:
    """The verifier workers' memory limit in MiB (``MATHB_VERIFY_MEMORY_MB``, default 1024)."""
    return _memory_from_env() // 2**20


def shared_pool(min_size: int | None = None) -> WorkerPool:
    """The process-wide pool (started lazily; replaced if it was closed or failed)."""
    with _Shared.lock:
        pool = _Shared.pool
        if pool is None or not pool.usable:
            if pool is not None:
                pool.close()  # failed earlier: release its pipes before starting afresh
            from ._core import VERIFIER_VERSION

            pool = WorkerPool(memory_bytes=_memory_from_env(), expected_version=VERIFIER_VERSION)
            _Shared.pool = pool
    if min_size is not None:
        pool.grow(min_size)
    return pool


def close_shared_pool() -> None:
    """Stop the shared pool's workers (run at interpreter exit; a later call starts a new pool)."""
    with _Shared.lock:
        pool, _Shared.pool = _Shared.pool, None
    if pool is not None:
        pool.close()


def _after_fork_in_child() -> None:
    _Shared.lock = threading.Lock()  # another thread may have held it at fork time
    pool, _Shared.pool = _Shared.pool, None
    if pool is not None and pool._owner_pid != os.getpid():
        pool._forget_after_fork()


atexit.register(close_shared_pool)
os.register_at_fork(after_in_child=_after_fork_in_child)
