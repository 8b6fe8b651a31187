"""Body of one verification worker process (started by :mod:`._limits`; not for direct use).

The parent starts ``python -c BOOT`` (see ``_limits._BOOT``), which calls :func:`main` with the
two pipe file descriptors and the settings. Protocol, over ``multiprocessing`` connections:

Worker -> parent messages are pickles framed by an 8-byte big-endian length (:func:`_send`), so
the parent can drain many with one ``os.read``.

* worker -> parent, once: ``("ready", pid, verifier_version, result_fields)`` or
  ``("fatal", message)``; ``result_fields`` names the fields of the result dataclass, in the
  order results are sent (the parent checks it matches its own ``Verdict``);
* parent -> worker: a chunk ``(op, cpu_seconds, [args, ...])`` or ``None`` (exit).
  ``op`` is ``"verify"`` (the target function) or the name of another function of the target's
  module; ``args`` is the tuple of positional arguments for one call (an ``Item``: for
  verification ``(completion, gold, question)`` or ``(completion, gold, question,
  finish_reason)``); each call returns a dataclass (a ``Verdict`` for ``"verify"``) or the tuple
  of its field values;
* worker -> parent, once per chunk, after its last item: ``("done", values, failures)``:
  ``values[k]`` is item k's result as the tuple of all its dataclass fields in declaration
  order (None for a failed item), ``failures`` lists ``(k, kind, detail)`` for the failed
  ones: ``"mem"`` (MemoryError under the address-space limit), ``"rec"`` (RecursionError) or
  ``"err"`` (a bug in the target; ``detail`` is the traceback).

CPU time, not wall-clock time, bounds each item: the worker arms ``ITIMER_PROF`` with the
budget and leaves ``SIGPROF`` at its default action, so the kernel kills the worker when it has
used ``cpu_seconds`` of CPU time since the timer was armed -- even inside C code that holds the
GIL -- however busy the machine is. The timer is armed at the start of each chunk and again
before any item that starts more than :data:`REARM_AFTER_S` (wall clock) after the last arming:
as this single-threaded process uses at most as much CPU time as wall time passes, every item
starts with at least ``cpu_seconds - REARM_AFTER_S`` left, and one that needs more than the
whole budget is always stopped. An item stopped with less than the whole budget left was in a
chunk of several, and the parent re-runs each unfinished item of such a chunk alone, armed with
the whole budget (``_limits``): a verdict never depends on the chunk an item travelled in.
Arming costs a system call, so this keeps it to at most one per millisecond; one message per
chunk keeps the per-item overhead to about a microsecond.
"""

from __future__ import annotations

import dataclasses
import importlib
import operator
import os
import pickle
import signal
import struct
import sys
import time
import traceback
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

# Run once before the worker reports ready, so lazy imports (sympy) and first-call caches are
# not charged to the first real item's time limit. A target module may define ``warmup()``.
_WARMUP_CASES = (
    ("The answer is $\\boxed{42}$.", "42"),
    ("So $\\boxed{\\frac{1}{2}}$", "0.5"),
    ("Thus $\\boxed{x^2 + 2x + 1}$", "(x+1)^2"),
    ("Hence $\\boxed{(1, \\sqrt{2})}$", "\\left(1,\\sqrt 2\\right)"),
)

# Fraction of the memory limit the worker may already use after its imports; above it every
# item would fail with MemoryError, so the worker refuses to start with a clear message instead.
_MAX_BASELINE_FRACTION = 0.8

_HEADER = struct.Struct("!Q")


def _send(fd: int, message: tuple[Any, ...]) -> None:
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    view = memoryview(_HEADER.pack(len(data)) + data)
    while view:
        view = view[os.write(fd, view) :]


def _die_with_parent(parent_pid: int) -> None:
    """Ask Linux to SIGKILL this process when the thread that spawned it exits.

    The parent spawns workers only from its long-lived scheduler thread, so this fires when the
    parent process dies (even by SIGKILL, when no cleanup code runs). Elsewhere the worker still
    exits at end-of-file on its task pipe once it is idle.
    """
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    pr_set_pdeathsig = 1
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(pr_set_pdeathsig, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent_pid:  # the parent died before prctl took effect
        os._exit(0)


def _address_space_bytes() -> int | None:
    try:
        with open("/proc/self/statm", encoding="ascii") as fh:
            pages = int(fh.read().split()[0])
    except (OSError, ValueError, IndexError):
        return None
    return pages * os.sysconf("SC_PAGE_SIZE")


def _limit_memory(limit_bytes: int) -> str | None:
    """Cap this process's address space; returns an error message if the cap is unusable."""
    import resource

    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    if limit_bytes <= 0:
        return None
    used = _address_space_bytes()
    if used is not None and used > _MAX_BASELINE_FRACTION * limit_bytes:
        return (
            f"memory limit of {limit_bytes // 2**20} MiB is too small: the verifier worker already "
            f"uses {used // 2**20} MiB of address space after its imports"
        )
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    soft = limit_bytes if hard == resource.RLIM_INFINITY else min(limit_bytes, hard)
    try:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
    except (ValueError, OSError) as exc:  # e.g. macOS refuses some values; time limit still holds
        sys.stderr.write(f"mathbeyond verifier worker: cannot cap memory: {exc}\n")
    return None


def _warm_up(module: Any, fn: Callable[..., Any]) -> None:
    hook = getattr(module, "warmup", None)
    try:
        if callable(hook):
            hook()
        else:
            for completion, gold in _WARMUP_CASES:
                fn(completion, gold, None)
    except Exception as exc:  # noqa: BLE001  # warm-up is an optimisation; real calls report bugs
        sys.stderr.write(f"mathbeyond verifier worker: warm-up failed: {exc!r}\n")


def _result_fields() -> tuple[str, ...]:
    """Field names of ``Verdict``, in the order its values are sent."""
    from ._types import Verdict

    return tuple(f.name for f in dataclasses.fields(Verdict))


REARM_AFTER_S = 0.001
"""Wall-clock seconds after which the CPU timer is armed afresh before the next item."""


def _arm_cpu_timer() -> Callable[[float], None]:
    """``arm(seconds)``: the kernel kills this process after ``seconds`` more CPU time."""
    if not hasattr(signal, "setitimer"):  # not POSIX: the parent's wall-clock limit still holds
        return lambda seconds: None
    signal.signal(signal.SIGPROF, signal.SIG_DFL)  # default action of SIGPROF: terminate
    setitimer, which = signal.setitimer, signal.ITIMER_PROF

    def arm(seconds: float) -> None:
        setitimer(which, seconds)

    return arm


def _serve(
    tasks: Connection,
    result_fd: int,
    module: Any,
    fn: Callable[..., Any],
) -> int:
    arm = _arm_cpu_timer()
    clock = time.monotonic
    ops: dict[str, Callable[..., Any]] = {"verify": fn}
    getters: dict[type, Callable[[Any], tuple[Any, ...]]] = {}
    while True:
        try:
            chunk = tasks.recv()
        except EOFError:
            return 0
        if chunk is None:
            return 0
        op, budget, items = chunk
        call = ops.get(op)
        if call is None:
            call = ops[op] = getattr(module, op)
        values: list[tuple[Any, ...] | None] = []
        append = values.append
        failures: list[tuple[int, str, str | None]] = []
        rearm_after = min(REARM_AFTER_S, budget / 2)
        arm(budget)
        armed = clock()
        for k, args in enumerate(items):
            now = clock()
            if now - armed > rearm_after:
                arm(budget)
                armed = now
            try:
                result = call(*args)
                if type(result) is tuple:
                    append(result)
                else:
                    getter = getters.get(type(result))
                    if getter is None:
                        getter = getters[type(result)] = _field_values(type(result))
                    append(getter(result))
            except MemoryError:
                # The failed allocation never happened, so building this small reply succeeds.
                append(None)
                failures.append((k, "mem", None))
            except RecursionError:
                append(None)
                failures.append((k, "rec", None))
            except Exception:  # noqa: BLE001  # a verifier bug: reported with its traceback
                append(None)
                failures.append((k, "err", traceback.format_exc(limit=30)))
        arm(0)
        _send(result_fd, ("done", values, failures))


def _field_values(cls: type) -> Callable[[Any], tuple[Any, ...]]:
    """All dataclass fields of ``cls``, in declaration order (new fields flow through)."""
    getter = operator.attrgetter(*(f.name for f in dataclasses.fields(cls)))
    if len(dataclasses.fields(cls)) == 1:
        return lambda result: (getter(result),)
    return getter  # attrgetter of several names returns a tuple


def main(argv: list[str]) -> int:
    """Serve chunks until told to stop or the parent goes away."""
    task_fd, result_fd, parent_pid, memory_bytes = (int(v) for v in argv[:4])
    target = argv[4]
    _die_with_parent(parent_pid)
    # The parent decides what an interrupt means; a terminal Ctrl-C must not kill workers first.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    tasks = Connection(task_fd, writable=False)

    module_name, _, attr = target.partition(":")
    module = importlib.import_module(module_name)
    fn = getattr(module, attr)
    version = getattr(module, "VERIFIER_VERSION", None)
    fields = _result_fields()
    _warm_up(module, fn)
    problem = _limit_memory(memory_bytes)
    if problem is not None:
        _send(result_fd, ("fatal", problem))
        return 1
    _send(result_fd, ("ready", os.getpid(), version, fields))
    return _serve(tasks, result_fd, module, fn)
