"""Streaming verification of many chunks with the worker pool kept busy between chunks.

A chunk is submitted before the previous one is consumed (``prefetch`` chunks in flight), so the
slowest item of one chunk (up to the time limit) does not leave the other workers idle. Memory
stays bounded by ``prefetch`` chunks however long the input is.
"""

from __future__ import annotations

import collections
from collections.abc import Iterable, Iterator, Sequence
from typing import TypeVar

from ._limits import DEFAULT_TIMEOUT_S, Item, Job, shared_pool
from ._types import Verdict

T = TypeVar("T")


def verify_chunks(
    chunks: Iterable[tuple[T, Sequence[Item]]],
    *,
    timeout: float = DEFAULT_TIMEOUT_S,
    workers: int | None = None,
    prefetch: int = 2,
) -> Iterator[tuple[T, list[Verdict]]]:
    """Yield ``(payload, verdicts)`` for each ``(payload, items)`` chunk, in input order.

    ``payload`` is carried through untouched (e.g. the rows the items came from). Items must
    already be validated ``(completion, gold, question[, finish_reason])`` tuples of str / None.
    """
    pool = shared_pool(min_size=workers)
    inflight: collections.deque[tuple[T, Job]] = collections.deque()
    try:
        for payload, items in chunks:
            inflight.append((payload, pool.submit(items, timeout=timeout, max_workers=workers)))
            while len(inflight) >= max(1, prefetch):
                done_payload, job = inflight.popleft()
                yield done_payload, job.result()
        while inflight:
            done_payload, job = inflight.popleft()
            yield done_payload, job.result()
    finally:  # consumer stopped early or an error: do not leave work queued
        for _, job in inflight:
            job.cancel()
