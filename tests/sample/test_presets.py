from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mathbeyond import ConfigError
from mathbeyond.models import SamplingPreset, get_model, mathb_models
from mathbeyond.sample._presets import (
    PromptTooLongError,
    cap_max_tokens,
    resolve_preset,
    validate_preset,
)


@pytest.mark.parametrize(
    ("name", "temperature", "max_tokens"),
    [
        ("olmo-7b", 1.0, 2048),
        ("olmo-2-1124-7b", 1.0, 4096),
        ("qwen2.5-math-7b", 0.6, 4096),
        ("qwen2.5-math-1.5b-instruct", 0.6, 4096),
        ("deepscaler-1.5b-preview", 0.6, 32768),
        ("llama3.1-8b", 0.6, 32768),
    ],
)
def test_paper_presets(name: str, temperature: float, max_tokens: int) -> None:
    preset = resolve_preset(get_model(name))
    assert preset.temperature == temperature
    assert preset.max_tokens == max_tokens
    assert preset.top_p == 0.95
    assert preset.top_k == 0
    assert preset.min_p == 0.0


def test_every_mathb_model_uses_top_p_095() -> None:
    assert {resolve_preset(m).top_p for m in mathb_models()} == {0.95}


def test_overrides_apply_only_when_given() -> None:
    preset = resolve_preset(get_model("olmo-7b"), temperature=0.2, top_k=20)
    assert preset == SamplingPreset(temperature=0.2, top_p=0.95, max_tokens=2048, top_k=20)
    assert resolve_preset(get_model("olmo-7b"), temperature=0.0).temperature == 0.0


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"temperature": -0.1}, "temperature"),
        ({"top_p": 0.0}, "top_p"),
        ({"top_p": 1.5}, "top_p"),
        ({"max_tokens": 0}, "max_tokens"),
        ({"top_k": -1}, "top_k"),
        ({"min_p": 1.0}, "min_p"),
    ],
)
def test_bad_overrides_are_config_errors(changes: dict[str, float], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        resolve_preset(get_model("qwen3-8b"), **changes)  # type: ignore[arg-type]


def test_validate_preset_returns_preset() -> None:
    preset = SamplingPreset()
    assert validate_preset(preset) is preset


def test_cap_max_tokens() -> None:
    assert cap_max_tokens(4096, 4096, 100) == 3996
    assert cap_max_tokens(256, 4096, 100) == 256
    assert cap_max_tokens(10, 11, 10) == 1
    with pytest.raises(PromptTooLongError, match="4096-token context"):
        cap_max_tokens(256, 4096, 4096)
    with pytest.raises(ConfigError):
        cap_max_tokens(0, 4096, 10)


@given(st.integers(1, 10**6), st.integers(1, 10**6), st.integers(0, 10**6))
def test_cap_max_tokens_properties(preset_max: int, context: int, prompt: int) -> None:
    if prompt >= context:
        with pytest.raises(PromptTooLongError):
            cap_max_tokens(preset_max, context, prompt)
    else:
        capped = cap_max_tokens(preset_max, context, prompt)
        assert 1 <= capped <= preset_max
        assert capped + prompt <= context
        assert capped == preset_max or capped + prompt == context
