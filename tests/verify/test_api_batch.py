"""Chunk pipelining used by the CLI (mathbeyond.verify._batch)."""

from __future__ import annotations

from mathbeyond.verify import verify_batch
from mathbeyond.verify._batch import verify_chunks


def boxed(x: object) -> str:
    return f"hence $\\boxed{{{x}}}$"


def test_chunks_come_back_in_order_with_payloads() -> None:
    chunks = [
        (f"chunk{k}", [(boxed(i), str(i if i % 2 else -i - 1), None) for i in range(k, k + 9)])
        for k in range(0, 90, 9)
    ]
    out = list(verify_chunks(iter(chunks), timeout=5.0, prefetch=3))
    assert [p for p, _ in out] == [p for p, _ in chunks]
    for (_, items), (_, verdicts) in zip(chunks, out, strict=True):
        flat = verify_batch([c for c, _, _ in items], [g for _, g, _ in items])
        assert verdicts == flat


def test_consumer_stopping_early_is_clean() -> None:
    def endless():
        k = 0
        while True:
            yield k, [(boxed(k), str(k), None)] * 5
            k += 1

    gen = verify_chunks(endless(), timeout=5.0)
    first = [next(gen) for _ in range(3)]
    gen.close()  # cancels what is still in flight
    assert [p for p, _ in first] == [0, 1, 2]
    assert all(v.correct for _, vs in first for v in vs)
    assert verify_batch([boxed(1)], ["1"])[0].correct
