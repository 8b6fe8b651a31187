"""Public API: verify / verify_batch on the real core, input checks, threads, fork."""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import mathbeyond
from mathbeyond import ConfigError
from mathbeyond.verify import VERIFIER_VERSION, Status, Verdict, _limits, verify, verify_batch

HOOKS = str(Path(__file__).resolve().parent)


def boxed(x: object) -> str:
    return f"The computation gives the result, so the answer is $\\boxed{{{x}}}$."


def test_correct_and_incorrect() -> None:
    good = verify(boxed(42), "42")
    bad = verify(boxed(41), "42")
    assert isinstance(good, Verdict)
    assert good.correct and good.status is Status.CORRECT
    assert not bad.correct and bad.status is Status.INCORRECT
    assert verify(boxed(42), "42", question="What is 6*7?", timeout=5.0).correct


def test_reexported_from_package_root() -> None:
    assert mathbeyond.verify is verify
    assert mathbeyond.verify_batch is verify_batch
    assert isinstance(mathbeyond.VERIFIER_VERSION, str) and mathbeyond.VERIFIER_VERSION
    assert VERIFIER_VERSION == mathbeyond.VERIFIER_VERSION


def test_batch_order_matches_single_calls_and_is_deterministic() -> None:
    completions = [boxed(i % 7) for i in range(300)] + ["no answer here", ""]
    golds = [str(i % 5) for i in range(300)] + ["3", "3"]
    first = verify_batch(completions, golds)
    second = verify_batch(completions, golds, workers=1)
    assert first == second
    assert [v.correct for v in first[:300]] == [i % 7 == i % 5 for i in range(300)]
    singles = [verify(c, g) for c, g in zip(completions[::37], golds[::37], strict=True)]
    assert singles == first[::37]


def test_batch_with_questions_and_empty_batch() -> None:
    verdicts = verify_batch([boxed(1), boxed(2)], ["1", "1"], ["q1", None])
    assert [v.correct for v in verdicts] == [True, False]
    assert verify_batch([], []) == []


@pytest.mark.parametrize(
    ("call", "exc", "match"),
    [
        (lambda: verify(42, "42"), TypeError, "completion must be str, got int"),  # type: ignore[arg-type]
        (lambda: verify("x", None), TypeError, "gold must be str or ParsedGold, got NoneType"),  # type: ignore[arg-type]
        (lambda: verify("x", "1", question=3), TypeError, "question must be str or None"),  # type: ignore[arg-type]
        (lambda: verify("x", "1", timeout=0), ValueError, "timeout"),
        (lambda: verify("x", "1", timeout=float("inf")), ValueError, "timeout"),
        (lambda: verify("x", "1", timeout="1"), TypeError, "timeout"),  # type: ignore[arg-type]
        (lambda: verify_batch("abc", "abc"), TypeError, "completions must be a sequence"),
        (lambda: verify_batch(["a"], ["1", "2"]), ValueError, "1 completions, 2 golds"),
        (lambda: verify_batch(["a"], ["1"], [None, None]), ValueError, "2 questions"),
        (lambda: verify_batch(["a", 5], ["1", "2"]), TypeError, r"completions\[1\]"),  # type: ignore[list-item]
        (lambda: verify_batch(["a"], [b"1"]), TypeError, r"golds\[0\] must be str"),  # type: ignore[list-item]
        (lambda: verify_batch(["a"], ["1"], workers=0), ValueError, "workers"),
        (lambda: verify_batch(["a"], ["1"], finish_reasons=[None, None]), ValueError, "2 finish"),
        (lambda: verify_batch(["a"], ["1"], finish_reasons=[3]), TypeError, "finish_reasons"),  # type: ignore[list-item]
    ],
)
def test_bad_inputs_raise_clear_errors(call: object, exc: type[Exception], match: str) -> None:
    with pytest.raises(exc, match=match) as info:
        call()  # type: ignore[operator]
    assert isinstance(info.value, ConfigError)


def test_concurrent_calls_from_many_threads() -> None:
    def one(i: int) -> bool:
        return verify(boxed(i), str(i)).correct and not verify(boxed(i), str(i + 1)).correct

    with concurrent.futures.ThreadPoolExecutor(max_workers=8) as ex:
        assert all(ex.map(one, range(64)))

    def batch(i: int) -> list[bool]:
        return [v.correct for v in verify_batch([boxed(i)] * 20, [str(i)] * 10 + ["x"] * 10)]

    with concurrent.futures.ThreadPoolExecutor(max_workers=8) as ex:
        for row in ex.map(batch, range(16)):
            assert row == [True] * 10 + [False] * 10


@pytest.fixture
def hook_shared_pool() -> Iterator[_limits.WorkerPool]:
    """Make the public API run the test hooks (see _limits_hooks.behave) instead of the core."""
    pool = _limits.WorkerPool(
        size=2, target="_limits_hooks:behave", extra_sys_path=[HOOKS], memory_bytes=512 * 2**20
    )
    with _limits._Shared.lock:
        saved, _limits._Shared.pool = _limits._Shared.pool, pool
    try:
        yield pool
    finally:
        with _limits._Shared.lock:
            _limits._Shared.pool = saved
        pool.close()


def test_public_verify_hard_limit_from_thread_pool(hook_shared_pool: _limits.WorkerPool) -> None:
    del hook_shared_pool
    with concurrent.futures.ThreadPoolExecutor(max_workers=8) as ex:
        hung = list(ex.map(lambda _: verify("hang", "x", timeout=1.0), range(4)))
        fine = list(ex.map(lambda i: verify(str(i), str(i)), range(8)))
    assert all(v.status is Status.LIMIT_EXCEEDED and not v.correct for v in hung)
    assert all("time limit exceeded (1 s of CPU time)" in v.reason for v in hung)
    assert all(v.correct for v in fine)
    batch = verify_batch(["1", "mem", "crash", "4"], ["1", "x", "x", "4"], timeout=5.0)
    assert [v.status for v in batch] == [
        Status.CORRECT,
        Status.LIMIT_EXCEEDED,
        Status.LIMIT_EXCEEDED,
        Status.CORRECT,
    ]


def _verify_in_child(queue: multiprocessing.Queue[object]) -> None:
    queue.put(verify(boxed(3), "3").correct)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="fork start method")
def test_forked_child_gets_its_own_pool() -> None:
    assert verify(boxed(3), "3").correct  # the parent's pool is running
    ctx = multiprocessing.get_context("fork")
    queue: multiprocessing.Queue[object] = ctx.Queue()
    child = ctx.Process(target=_verify_in_child, args=(queue,))
    child.start()
    try:
        assert queue.get(timeout=60) is True
    finally:
        child.join(60)
    assert child.exitcode == 0
    assert verify(boxed(3), "3").correct  # the parent's pool is untouched


def test_memory_setting_from_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(_limits.MEMORY_ENV_VAR, "2048")
    assert _limits._memory_from_env() == 2048 * 2**20
    for bad in ("lots", "12"):
        monkeypatch.setenv(_limits.MEMORY_ENV_VAR, bad)
        with pytest.raises(ConfigError, match=_limits.MEMORY_ENV_VAR):
            _limits._memory_from_env()


def test_parse_gold_and_extract_are_the_two_halves_of_verify() -> None:
    from mathbeyond.verify import ExtractedAnswer, ParsedGold, extract, parse_gold

    gold = parse_gold("42")
    assert isinstance(gold, ParsedGold) and gold.kind == "integer" and gold.integer == 42
    assert verify(boxed(42), gold) == verify(boxed(42), "42")
    completions = [boxed(i) for i in range(40, 45)] * 20
    assert verify_batch(completions, [gold] * 100) == verify_batch(completions, ["42"] * 100)
    got = extract(boxed(42))
    assert isinstance(got, ExtractedAnswer)
    assert (got.text, got.kind, got.reason) == ("42", "boxed", "extracted")
    assert got.rule == verify(boxed(42), "42").rule
    cut = "First we count the pairs.\nSo the total is $12$."
    assert extract(cut).text == "12"  # an unanchored closing statement...
    assert extract(cut, finish_reason="length").text is None  # ...not from a cut-off sample
    both = verify_batch([cut, cut], ["12", "12"], finish_reasons=[None, "length"])
    assert [v.status for v in both] == [Status.CORRECT, Status.NO_ANSWER]
    assert extract("Hmm, maybe 3 or 4, I am not sure which").text is None
    assert extract(boxed(42), question="What is 6*7?", timeout=5.0).text == "42"
    with pytest.raises(TypeError, match="completion must be str"):
        extract(42)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"golds\[1\] must be str or ParsedGold"):
        verify_batch(["a", "b"], ["1", 2])  # type: ignore[list-item]


def test_finish_reason_is_an_item_field_not_part_of_the_text() -> None:
    """The finish reason reaches the worker as the item's own field: a completion that ends
    with the old in-band marker text is plain text, and a cut-off sample stays cut off."""
    from mathbeyond.verify import extract
    from mathbeyond.verify._core import verify_unbounded

    marked = "12\x00mathb:finish_reason=length"  # what the API used to append
    plain = verify(marked, "12")
    assert plain == verify_unbounded(marked, "12")  # read as it is...
    assert plain.status is Status.INCORRECT and "mathb:finish_reason" in str(plain.extracted)
    assert verify("12", "12", finish_reason="length").status is Status.NO_ANSWER  # ...not cut
    assert extract(marked).text == marked
    assert extract(marked, finish_reason="length").text is None
    many = verify_batch([marked, "12", "12"], ["12"] * 3, finish_reasons=[None, None, "length"])
    assert [v.status for v in many] == [Status.INCORRECT, Status.CORRECT, Status.NO_ANSWER]


def test_each_worker_parses_a_gold_once_in_a_batch() -> None:
    """Items of one gold are dispatched together and the gold's symbolic parse is cached in the
    worker: with one worker, 3 golds x 40 samples cost 3 gold parses (the hook reports them)."""
    pool = _limits.WorkerPool(
        size=1, target="_parse_count_hook:verify_counting", extra_sys_path=[HOOKS]
    )
    golds = ["x^2+1", "\\frac{\\sqrt{2}}{2}", "(1, 2)"]
    try:
        items = [(f"So $\\boxed{{{k}}}$.", golds[k % 3], None) for k in range(120)]
        verdicts = pool.run(items, timeout=5.0)
    finally:
        pool.close()
    assert max(int(v.reason.rsplit(" ", 1)[1]) for v in verdicts) == 3
