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
from ._user import (
    UserModel,
    add_user_model,
    find_user_model,
    load_user_models,
    user_models_file,
)

__all__ = [
    "DEFAULT_PRESET",
    "PROMPT_SUFFIX",
    "ModelSpec",
    "SamplingPreset",
    "UserModel",
    "add_user_model",
    "all_models",
    "base_models",
    "find_model",
    "find_user_model",
    "get_model",
    "iter_models",
    "load_user_models",
    "mathb_models",
    "user_models_file",
]
