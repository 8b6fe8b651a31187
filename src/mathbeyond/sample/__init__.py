"""Sampling: backends (vllm, openai, llamacpp), prompting, presets, the engine."""

from ._backend import (
    Backend,
    ChatMessage,
    Completion,
    Prompt,
    SampleRequest,
    backend_names,
    create_backend,
    register_backend,
)

__all__ = [
    "Backend",
    "ChatMessage",
    "Completion",
    "Prompt",
    "SampleRequest",
    "backend_names",
    "create_backend",
    "register_backend",
]
