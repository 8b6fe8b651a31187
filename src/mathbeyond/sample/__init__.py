"""Sampling: backends (vllm, openai, llamacpp), prompting, presets, the engine."""

from ._backend import (
    Backend,
    BackendDeclaration,
    BackendOption,
    ChatMessage,
    Completion,
    Prompt,
    SampleRequest,
    SupportsCancel,
    backend_declaration,
    backend_names,
    backend_options,
    check_backend_options,
    create_backend,
    register_backend,
)

__all__ = [
    "Backend",
    "BackendDeclaration",
    "BackendOption",
    "ChatMessage",
    "Completion",
    "Prompt",
    "SampleRequest",
    "SupportsCancel",
    "backend_declaration",
    "backend_names",
    "backend_options",
    "check_backend_options",
    "create_backend",
    "register_backend",
]

# ---- backends, prompting, presets (backends self-register; heavy deps load lazily) ----
from . import _llamacpp as _llamacpp
from . import _openai as _openai
from . import _vllm as _vllm

# ---- engine, adaptive sampling, scoring ----
from ._engine import (
    EngineConfig,
    Progress,
    RunSummary,
    problem_seed,
    round_ends,
    run_engine,
)
from ._job import (
    PreparedJob,
    SampleJob,
    load_backend_module,
    parse_backend_options,
    prepare_job,
    run_job,
)
from ._llamacpp import LlamaCppBackend
from ._openai import OpenAIBackend, ServerRequestError, ServerUnavailableError
from ._outcomes import first_success
from ._presets import PromptTooLongError, cap_max_tokens, resolve_preset, validate_preset
from ._prompt import (
    CHAT_TEMPLATE,
    PROMPT_TEMPLATE_ID,
    RAW_TEMPLATE,
    PromptTemplate,
    build_prompt,
    prompt_template,
    prompt_text,
)
from ._resolve import LOCAL_DEFAULT, ModelChoice, ResolvedModel, resolve_model
from ._scoring import Scorer, ScoreSummary, default_scorer, score_pending, score_run
from ._vllm import VllmBackend

__all__ += [
    "CHAT_TEMPLATE",
    "LOCAL_DEFAULT",
    "PROMPT_TEMPLATE_ID",
    "RAW_TEMPLATE",
    "LlamaCppBackend",
    "ModelChoice",
    "OpenAIBackend",
    "PreparedJob",
    "PromptTemplate",
    "PromptTooLongError",
    "ResolvedModel",
    "SampleJob",
    "ServerRequestError",
    "ServerUnavailableError",
    "VllmBackend",
    "build_prompt",
    "cap_max_tokens",
    "load_backend_module",
    "parse_backend_options",
    "prepare_job",
    "prompt_template",
    "prompt_text",
    "resolve_model",
    "resolve_preset",
    "run_job",
    "validate_preset",
]

__all__ += [
    "EngineConfig",
    "Progress",
    "RunSummary",
    "ScoreSummary",
    "Scorer",
    "default_scorer",
    "first_success",
    "problem_seed",
    "round_ends",
    "run_engine",
    "score_pending",
    "score_run",
]


# ---- sampling jobs (the public home of the job runner; `cli` and `build` stand on it) ----
__all__ += [
    "PreparedJob",
    "SampleJob",
    "load_backend_module",
    "parse_backend_options",
    "prepare_job",
    "run_job",
]
