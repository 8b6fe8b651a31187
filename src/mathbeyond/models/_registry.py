"""The canonical model registry: one record per model, used by every layer.

MATH-B's Hub columns spell model names inconsistently (``qwen3_8b_base_unsolved`` next to
``qwen3-4b-base_unsolved``); ``column`` keeps the exact spelling used there, everything else in
mathbeyond uses ``name``. Sampling presets are the paper's appendix settings.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from .._errors import ConfigError

Role = Literal["base", "post", "other"]

PROMPT_SUFFIX = "Let's think step by step and output the final answer within \\boxed{}."


@dataclass(frozen=True)
class SamplingPreset:
    """Sampling settings. ``top_k=0``/``min_p=0`` disable those filters (top-p only sampling)."""

    temperature: float = 0.6
    top_p: float = 0.95
    max_tokens: int = 32768
    top_k: int = 0
    min_p: float = 0.0

    def override(self, **changes: float | int | None) -> SamplingPreset:
        """A copy with every non-None value in ``changes`` replaced."""
        kept: dict[str, Any] = {k: v for k, v in changes.items() if v is not None}
        return replace(self, **kept)


DEFAULT_PRESET = SamplingPreset()
QWEN_MATH_PRESET = SamplingPreset(temperature=0.6, max_tokens=4096)
OLMO_V1_PRESET = SamplingPreset(temperature=1.0, max_tokens=2048)
OLMO_V2_PRESET = SamplingPreset(temperature=1.0, max_tokens=4096)


@dataclass(frozen=True)
class ModelSpec:
    name: str
    hub_id: str
    family: str
    role: Role
    column: str | None = None
    """Name prefix of this model's ``{column}_unsolved`` / ``{column}_pass@1024`` MATH-B columns."""
    base: str | None = None
    """For post-trained models: the registry name of the base model it was trained from."""
    chat: bool = False
    """Use the tokenizer's chat template (instruct/chat/reasoning models); raw text otherwise."""
    preset: SamplingPreset = field(default=DEFAULT_PRESET)
    context_length: int = 32768
    hub_revision: str | None = None
    paper_label: str | None = None


_MODELS: tuple[ModelSpec, ...] = (
    # ---- 11 base models (MATH-B-I is the intersection of their unsolved sets) ----
    ModelSpec("qwen2.5-1.5b", "Qwen/Qwen2.5-1.5B", "qwen2.5", "base", "qwen2.5-1.5b"),
    ModelSpec("qwen2.5-7b", "Qwen/Qwen2.5-7B", "qwen2.5", "base", "qwen2.5-7b"),
    ModelSpec("qwen2.5-math-1.5b", "Qwen/Qwen2.5-Math-1.5B", "qwen2.5-math", "base",
              "qwen2.5-math-1.5b", preset=QWEN_MATH_PRESET, context_length=4096),
    ModelSpec("qwen2.5-math-7b", "Qwen/Qwen2.5-Math-7B", "qwen2.5-math", "base",
              "qwen2.5-math-7b", preset=QWEN_MATH_PRESET, context_length=4096),
    ModelSpec("qwen3-4b-base", "Qwen/Qwen3-4B-Base", "qwen3", "base", "qwen3-4b-base"),
    ModelSpec("qwen3-8b-base", "Qwen/Qwen3-8B-Base", "qwen3", "base", "qwen3_8b_base"),
    ModelSpec("r1-1.5b", "deepseek-ai/DeepSeek-R1-Distill-Qwen-1.5B", "r1-distill", "base",
              "r1-1.5b", chat=True, context_length=131072),
    ModelSpec("r1-7b", "deepseek-ai/DeepSeek-R1-Distill-Qwen-7B", "r1-distill", "base",
              "r1-7b", chat=True, context_length=131072),
    ModelSpec("olmo-7b", "allenai/OLMo-7B-hf", "olmo", "base", "olmo_7b",
              preset=OLMO_V1_PRESET, context_length=2048),
    ModelSpec("olmo-2-1124-7b", "allenai/OLMo-2-1124-7B", "olmo", "base", "olmo_2_1124_7b",
              preset=OLMO_V2_PRESET, context_length=4096),
    ModelSpec("llama3.1-8b", "meta-llama/Llama-3.1-8B", "llama3.1", "base", "llama3.1_8b",
              context_length=131072),
    # ---- 10 post-trained / supplementary models ----
    ModelSpec("qwen2.5-1.5b-instruct", "Qwen/Qwen2.5-1.5B-Instruct", "qwen2.5", "post",
              "qwen2.5-1.5b-instruct", base="qwen2.5-1.5b", chat=True),
    ModelSpec("qwen2.5-7b-instruct", "Qwen/Qwen2.5-7B-Instruct", "qwen2.5", "post",
              "qwen2.5-7b-instruct", base="qwen2.5-7b", chat=True),
    ModelSpec("qwen2.5-math-1.5b-instruct", "Qwen/Qwen2.5-Math-1.5B-Instruct", "qwen2.5-math",
              "post", "qwen2.5-math-1.5b-instruct", base="qwen2.5-math-1.5b", chat=True,
              preset=QWEN_MATH_PRESET, context_length=4096),
    ModelSpec("qwen2.5-math-7b-instruct", "Qwen/Qwen2.5-Math-7B-Instruct", "qwen2.5-math",
              "post", "qwen2.5-math-7b-instruct", base="qwen2.5-math-7b", chat=True,
              preset=QWEN_MATH_PRESET, context_length=4096),
    ModelSpec("qwen3-4b", "Qwen/Qwen3-4B", "qwen3", "post", "qwen3-4b", base="qwen3-4b-base",
              chat=True, context_length=40960, paper_label="Qwen3-4B"),
    ModelSpec("qwen3-8b", "Qwen/Qwen3-8B", "qwen3", "post", "qwen3_8b", base="qwen3-8b-base",
              chat=True, context_length=40960, paper_label="Qwen3-8B"),
    ModelSpec("deepscaler-1.5b-preview", "agentica-org/DeepScaleR-1.5B-Preview", "r1-distill",
              "post", "deepscaler_1.5b_preview", base="r1-1.5b", chat=True,
              context_length=131072, paper_label="DeepScaleR"),
    ModelSpec("nemotron-1.5b-v1", "nvidia/Nemotron-Research-Reasoning-Qwen-1.5B", "r1-distill",
              "post", "nemotron_research_reasoning_qwen_1.5b_v1", base="r1-1.5b", chat=True,
              context_length=131072, hub_revision="v1", paper_label="nemotron_v1"),
    ModelSpec("nemotron-1.5b-v2", "nvidia/Nemotron-Research-Reasoning-Qwen-1.5B", "r1-distill",
              "post", "nemotron_1.5b", base="r1-1.5b", chat=True, context_length=131072,
              paper_label="nemotron_v2"),
    ModelSpec("skywork-or1-7b", "Skywork/Skywork-OR1-7B", "r1-distill", "post",
              "skywork_or1_7b", base="r1-7b", chat=True, context_length=131072,
              paper_label="skywork_or1"),
    # ---- local models (not part of MATH-B) ----
    ModelSpec("smollm2-135m", "HuggingFaceTB/SmolLM2-135M-Instruct", "smollm2", "other",
              chat=True, preset=SamplingPreset(temperature=0.6, max_tokens=256),
              context_length=8192),
    ModelSpec("qwen2.5-coder-0.5b-instruct", "Qwen/Qwen2.5-Coder-0.5B-Instruct", "qwen2.5-coder",
              "other", chat=True, preset=SamplingPreset(temperature=0.6, max_tokens=512),
              context_length=32768),
)

_BY_NAME: dict[str, ModelSpec] = {m.name: m for m in _MODELS}
_ALIASES: dict[str, str] = {}
for _m in _MODELS:
    for _alias in (_m.name, _m.column, _m.hub_id, _m.paper_label):
        if _alias:
            _ALIASES.setdefault(_alias.lower(), _m.name)
            _ALIASES.setdefault(_alias.lower().replace("_", "-"), _m.name)


def all_models() -> tuple[ModelSpec, ...]:
    return _MODELS


def iter_models(role: Role | None = None) -> Iterator[ModelSpec]:
    return (m for m in _MODELS if role is None or m.role == role)


def base_models() -> tuple[ModelSpec, ...]:
    return tuple(iter_models("base"))


def mathb_models() -> tuple[ModelSpec, ...]:
    """The 21 models that have MATH-B columns."""
    return tuple(m for m in _MODELS if m.column is not None)


def find_model(name: str) -> ModelSpec | None:
    """Look a model up by canonical name, MATH-B column alias, Hub id or paper label."""
    key = name.strip().lower()
    canonical = _ALIASES.get(key) or _ALIASES.get(key.replace("_", "-"))
    return None if canonical is None else _BY_NAME[canonical]


def get_model(name: str) -> ModelSpec:
    spec = find_model(name)
    if spec is None:
        known = ", ".join(m.name for m in _MODELS)
        raise ConfigError(f"unknown model {name!r}; known models: {known}")
    return spec
