"""Sampling presets: the paper's per-model settings, overridable per run, plus token capping."""

from __future__ import annotations

import math

from .._errors import ConfigError
from ..models import ModelSpec, SamplingPreset


class PromptTooLongError(ConfigError):
    """The prompt alone fills (or exceeds) the model's context window."""


def validate_preset(preset: SamplingPreset) -> SamplingPreset:
    """Return ``preset`` unchanged, or raise one ConfigError naming the bad setting."""
    checks: tuple[tuple[bool, str], ...] = (
        (math.isfinite(preset.temperature) and preset.temperature >= 0, "temperature must be >= 0"),
        (0.0 < preset.top_p <= 1.0, "top_p must be in (0, 1]"),
        (preset.max_tokens >= 1, "max_tokens must be >= 1"),
        (preset.top_k >= 0, "top_k must be >= 0 (0 disables it)"),
        (0.0 <= preset.min_p < 1.0, "min_p must be in [0, 1) (0 disables it)"),
    )
    for ok, message in checks:
        if not ok:
            raise ConfigError(f"bad sampling preset {preset}: {message}")
    return preset


def resolve_preset(
    model: ModelSpec,
    *,
    temperature: float | None = None,
    top_p: float | None = None,
    max_tokens: int | None = None,
    top_k: int | None = None,
    min_p: float | None = None,
) -> SamplingPreset:
    """The model's paper preset with every non-None override applied (and validated).

    Paper values (``models/_registry.py``): top_p 0.95 everywhere; OLMo-7B 1.0/2048,
    OLMo-2 1.0/4096, Qwen2.5-Math 0.6/4096, all other models 0.6/32768 (temperature/max_tokens).
    """
    preset = model.preset.override(
        temperature=temperature, top_p=top_p, max_tokens=max_tokens, top_k=top_k, min_p=min_p
    )
    return validate_preset(preset)


def cap_max_tokens(preset_max: int, context_length: int, prompt_tokens: int) -> int:
    """``preset_max`` capped so prompt + completion fit in ``context_length``.

    Raises :class:`PromptTooLongError` if the prompt leaves no room for a single token.
    """
    if preset_max < 1:
        raise ConfigError(f"max_tokens must be >= 1, got {preset_max}")
    room = context_length - prompt_tokens
    if room < 1:
        raise PromptTooLongError(
            f"prompt has {prompt_tokens} tokens, which leaves no room in the "
            f"{context_length}-token context window"
        )
    return min(preset_max, room)
