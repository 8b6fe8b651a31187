"""Canonical model registry (names, Hub ids, MATH-B column aliases, base/post pairs, presets)."""

from ._registry import (
    DEFAULT_PRESET,
    PROMPT_SUFFIX,
    ModelSpec,
    SamplingPreset,
    all_models,
    base_models,
    find_model,
    get_model,
    iter_models,
    mathb_models,
)

__all__ = [
    "DEFAULT_PRESET",
    "PROMPT_SUFFIX",
    "ModelSpec",
    "SamplingPreset",
    "all_models",
    "base_models",
    "find_model",
    "get_model",
    "iter_models",
    "mathb_models",
]
