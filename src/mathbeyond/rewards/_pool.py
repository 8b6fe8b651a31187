"""A small verifier pool for trainer processes.

RL trainers run many reward actors/processes per node (verl starts one ``RewardLoopWorker`` per
actor, TRL one per rank). The verifier's process-wide pool defaults to one worker per CPU, which
multiplied by the actors oversubscribes the node (up to ``MATHB_VERIFY_MEMORY_MB`` each). The
reward adapters therefore verify through their own pool of ``MATHB_REWARD_WORKERS`` workers per
process (default 2), under the same hard time and memory limits.
"""

from __future__ import annotations

import atexit
import logging
import os
import threading
from collections.abc import Sequence

from .._errors import ConfigError
from ..verify import VERIFIER_VERSION, Verdict, VerifyInputTypeError
from ..verify._limits import Item, WorkerPool, _memory_from_env

REWARD_WORKERS_ENV = "MATHB_REWARD_WORKERS"
DEFAULT_REWARD_WORKERS = 2

logger = logging.getLogger(__name__)


def reward_workers() -> int:
    """Verifier processes per trainer process: env ``MATHB_REWARD_WORKERS`` (default 2)."""
    raw = os.environ.get(REWARD_WORKERS_ENV, "").strip()
    if not raw:
        return DEFAULT_REWARD_WORKERS
    try:
        n = int(raw)
    except ValueError:
        raise ConfigError(f"{REWARD_WORKERS_ENV} must be a whole number, got {raw!r}") from None
    if n < 1:
        raise ConfigError(f"{REWARD_WORKERS_ENV} must be at least 1, got {n}")
    return n


class _State:
    lock = threading.Lock()
    pool: WorkerPool | None = None
    pid = 0


def reward_pool() -> WorkerPool:
    """This process's reward verifier pool (started lazily, replaced after fork or failure)."""
    with _State.lock:
        pool = _State.pool
        if pool is None or not pool.usable or _State.pid != os.getpid():
            if pool is not None and _State.pid == os.getpid():
                pool.close()
            size = reward_workers()
            pool = WorkerPool(
                size=size, memory_bytes=_memory_from_env(), expected_version=VERIFIER_VERSION
            )
            logger.info("reward verifier pool: %d worker process(es)", size)
            _State.pool, _State.pid = pool, os.getpid()
        return pool


def close_reward_pool() -> None:
    """Stop the reward pool's workers (run at exit; a later call starts a new pool)."""
    with _State.lock:
        pool, _State.pool = _State.pool, None
        owned = _State.pid == os.getpid()
    if pool is not None and owned:
        pool.close()


atexit.register(close_reward_pool)


def check_text(name: str, value: object) -> str:
    if not isinstance(value, str):
        raise VerifyInputTypeError(f"{name} must be a string, got {type(value).__name__}")
    return value


def reward_verify(
    items: Sequence[Item], *, timeout: float, workers: int | None = None
) -> list[Verdict]:
    """Verify ``(completion, gold, question)`` items (already str-checked) in the reward pool.

    ``workers`` (optional) raises this pool's size for the call; the default is the pool size.
    """
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not timeout > 0:
        raise VerifyInputTypeError(f"timeout must be a positive number of seconds, got {timeout!r}")
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int)):
        raise VerifyInputTypeError(f"workers must be an int or None, got {workers!r}")
    if not items:
        return []
    return reward_pool().run(list(items), timeout=float(timeout), max_workers=workers)
