"""The vllm backend: pure parts against a fake ``vllm`` module; the real thing on a GPU."""

from __future__ import annotations

import importlib.util
import sys
import types
from dataclasses import dataclass, field
from typing import Any, ClassVar

import pytest

from mathbeyond.models import SamplingPreset, get_model
from mathbeyond.sample import Backend, SampleRequest, create_backend
from mathbeyond.sample._presets import PromptTooLongError
from mathbeyond.sample._prompt import build_prompt
from mathbeyond.sample._vllm import VllmBackend, completions_from_output, sampling_kwargs

CHAT = build_prompt("What is 7 * 8?", get_model("qwen2.5-math-1.5b-instruct"))
RAW = build_prompt("What is 7 * 8?", get_model("qwen2.5-math-1.5b"))
PARAMS = SamplingPreset(temperature=0.6, top_p=0.95, max_tokens=4096)


@dataclass
class FakeSamplingParams:
    n: int = 1
    temperature: float = 1.0
    top_p: float = 1.0
    top_k: int = -1
    min_p: float = 0.0
    max_tokens: int = 16
    seed: int | None = None


@dataclass
class FakeSample:
    index: int
    text: str
    token_ids: list[int]
    finish_reason: str | None


@dataclass
class FakeOutput:
    outputs: list[FakeSample] = field(default_factory=list)


class FakeTokenizer:
    """Word-level 'tokenizer' with a ChatML-like template; BOS id 1 for raw text."""

    def apply_chat_template(self, messages: list[dict[str, str]], **kw: Any) -> str:
        assert kw == {"add_generation_prompt": True, "tokenize": False}
        body = " ".join(f"<|{m['role']}|> {m['content']} <|end|>" for m in messages)
        return f"{body} <|assistant|>"

    def encode(self, text: str, add_special_tokens: bool = True) -> list[int]:
        ids = [len(w) for w in text.split()]
        return [1, *ids] if add_special_tokens else ids


class FakeLLM:
    instances: ClassVar[list[FakeLLM]] = []

    def __init__(self, **options: Any) -> None:
        self.options = options
        self.calls: list[tuple[list[Any], list[FakeSamplingParams]]] = []
        self.llm_engine = types.SimpleNamespace(
            model_config=types.SimpleNamespace(max_model_len=options.get("max_model_len", 4096))
        )
        FakeLLM.instances.append(self)

    def get_tokenizer(self) -> FakeTokenizer:
        return FakeTokenizer()

    def generate(self, prompts: list[Any], params: list[FakeSamplingParams], *, use_tqdm: bool):
        assert use_tqdm is False
        if not isinstance(params, list):  # vLLM broadcasts a single SamplingParams
            params = [params] * len(prompts)
        self.calls.append((prompts, params))
        outs = []
        for p in params:
            samples = [
                FakeSample(
                    i, f"seed {(p.seed or 0) + i}", list(range(3 + i)), "stop" if i else "length"
                )
                for i in range(p.n)
            ]
            outs.append(FakeOutput(samples[::-1]))  # any order; .index decides
        return outs


@pytest.fixture
def fake_vllm(monkeypatch: pytest.MonkeyPatch) -> types.ModuleType:
    module = types.ModuleType("vllm")
    module.LLM = FakeLLM  # type: ignore[attr-defined]
    module.SamplingParams = FakeSamplingParams  # type: ignore[attr-defined]
    module.__version__ = "0.0-fake"  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "vllm", module)
    FakeLLM.instances.clear()
    return module


def test_sampling_kwargs_maps_preset_and_disables_top_k() -> None:
    request = SampleRequest("p", CHAT, 16, 8, 1016, SamplingPreset(temperature=0.6, max_tokens=9))
    assert sampling_kwargs(request, 7) == {
        "n": 8,
        "temperature": 0.6,
        "top_p": 0.95,
        "top_k": -1,
        "min_p": 0.0,
        "max_tokens": 7,
        "seed": 1016,
    }
    kept = SampleRequest("p", CHAT, 0, 1, 0, SamplingPreset(top_k=20, min_p=0.1))
    assert sampling_kwargs(kept, 5)["top_k"] == 20
    assert sampling_kwargs(kept, 5)["min_p"] == 0.1


def test_output_conversion_uses_choice_index_for_index_and_seed() -> None:
    request = SampleRequest("p", RAW, 10, 3, 110, PARAMS)
    output = FakeOutput(
        [
            FakeSample(2, "c", [1, 2], "stop"),
            FakeSample(0, "a", [1], "length"),
            FakeSample(1, "b", [1, 2, 3], None),
        ]
    )
    out = completions_from_output(request, output, prompt_tokens=5)
    assert [(c.sample_index, c.seed, c.text, c.n_tokens) for c in out] == [
        (12, 112, "c", 2),
        (10, 110, "a", 1),
        (11, 111, "b", 3),
    ]
    assert [c.finish_reason for c in out] == ["stop", "length", "length"]
    assert all(c.prompt_tokens == 5 for c in out)


def test_backend_with_fake_vllm(fake_vllm: types.ModuleType) -> None:
    backend = create_backend(
        "vllm", model="Qwen/Qwen2.5-Math-1.5B-Instruct", seed=3, revision="abc"
    )
    assert isinstance(backend, VllmBackend) and isinstance(backend, Backend)
    (llm,) = FakeLLM.instances
    assert llm.options["enable_prefix_caching"] is True
    assert llm.options["seed"] == 3 and llm.options["revision"] == "abc"
    requests = [
        SampleRequest("a", CHAT, 0, 4, 500, PARAMS),
        SampleRequest("a", CHAT, 4, 4, 504, PARAMS),
        SampleRequest("b", RAW, 0, 2, 900, PARAMS),
    ]
    out = list(backend.generate(requests))
    assert len(llm.calls) == 1, "all requests go in one batch"
    prompts, params = llm.calls[0]
    chat_ids = backend.encode(CHAT)
    assert prompts[0] == {"prompt_token_ids": chat_ids}
    assert chat_ids[0] != 1, "the chat template's text is not given a second BOS"
    assert prompts[2]["prompt_token_ids"][0] == 1, "raw text gets special tokens"
    assert [p.seed for p in params] == [500, 504, 900]
    assert [p.max_tokens for p in params] == [4096 - len(chat_ids)] * 2 + [
        4096 - len(prompts[2]["prompt_token_ids"])
    ]
    seeds_a = sorted(c.seed for c in out if c.key == "a")
    assert seeds_a == list(range(500, 508)), "chunks [0,4) and [4,8) never share a seed"
    assert sorted(c.sample_index for c in out if c.key == "a") == list(range(8))
    assert all(c.text == f"seed {c.seed}" for c in out)
    backend.close()


def test_prompt_too_long_is_one_clear_error(fake_vllm: types.ModuleType) -> None:
    backend = create_backend("vllm", model="m", max_model_len=8)
    with pytest.raises(PromptTooLongError, match="8-token context"):
        list(backend.generate([SampleRequest("a", "w " * 20, 0, 1, 0, PARAMS)]))


def test_missing_vllm_is_a_missing_extra_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from mathbeyond import MissingExtraError

    monkeypatch.setitem(sys.modules, "vllm", None)
    with pytest.raises(MissingExtraError, match=r"mathbeyond\[vllm\]"):
        create_backend("vllm", model="m")


@pytest.mark.gpu
@pytest.mark.skipif(importlib.util.find_spec("vllm") is None, reason="vllm is not installed")
def test_real_vllm_seed_layout() -> None:  # pragma: no cover - needs a GPU
    import os

    model = os.environ.get("MATHB_VLLM_TEST_MODEL", "Qwen/Qwen2.5-Math-1.5B-Instruct")
    backend = create_backend("vllm", model=model, max_model_len=2048, gpu_memory_utilization=0.5)
    params = SamplingPreset(temperature=1.0, max_tokens=64)
    try:
        whole = list(backend.generate([SampleRequest("p", CHAT, 0, 8, 40, params)]))
        parts = list(
            backend.generate(
                [
                    SampleRequest("p", CHAT, 0, 4, 40, params),
                    SampleRequest("p", CHAT, 4, 4, 44, params),
                ]
            )
        )
    finally:
        backend.close()
    assert sorted(c.seed for c in parts) == list(range(40, 48))
    assert len({c.text for c in parts}) == 8
    assert sorted(c.sample_index for c in whole) == list(range(8))


def test_gpu_check_script_runs_against_fake_vllm(
    fake_vllm: types.ModuleType, monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    """The GPU check's logic (throughput table, seed-layout check with its control)."""
    import runpy
    from pathlib import Path

    script = Path(__file__).parents[2] / "scripts" / "gpu_check.py"
    monkeypatch.setenv("OUT", str(tmp_path))
    monkeypatch.setattr(
        sys, "argv", ["gpu_check.py", "--problems", "4", "--n", "4", "--seed-problems", "2"]
    )
    with pytest.raises(SystemExit) as exit_info:
        runpy.run_path(str(script), run_name="__main__")
    assert exit_info.value.code == 0
    import json

    summary = json.loads((tmp_path / "gpu_check.json").read_text())
    assert summary["ok"] is True
    assert summary["repeated_pairs_ours"] == 0
    assert summary["repeated_pairs_control"] == summary["seed_pairs"] == 4
    assert summary["chunked_equals_whole"] == 1.0
