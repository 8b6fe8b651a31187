"""The backend protocol and registry.

A backend turns prompts + sampling settings + a count into completions. It knows nothing of
problems, stores or verifiers; the engine does that.

Seeds: sample ``i`` of a request gets seed ``request.seed + i`` (vLLM's convention for
``SamplingParams(n, seed)``), so a request covering sample indices ``[start, start + n)`` of a
problem uses ``seed = problem_seed + start`` and chunks never overlap.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypedDict, runtime_checkable

from .._errors import ConfigError
from ..models import SamplingPreset


class ChatMessage(TypedDict):
    role: str
    content: str


Prompt = str | tuple[ChatMessage, ...]
"""Raw text (base models) or chat messages (instruct models; the backend applies the template)."""


@dataclass(frozen=True)
class SampleRequest:
    key: str
    """Caller's id for the prompt (the engine uses the problem id)."""
    prompt: Prompt
    start_index: int
    """Sample index of the first sample in this request."""
    n: int
    seed: int
    """Seed of sample ``start_index``; sample ``start_index + j`` uses ``seed + j``."""
    params: SamplingPreset


@dataclass(frozen=True)
class Completion:
    key: str
    sample_index: int
    seed: int
    text: str
    n_tokens: int
    finish_reason: str
    prompt_tokens: int | None = None


@runtime_checkable
class Backend(Protocol):
    name: str

    def generate(self, requests: Sequence[SampleRequest]) -> Iterator[Completion]:
        """Yield one Completion per requested sample, in any order, as soon as each finishes."""
        ...

    def close(self) -> None: ...


BackendFactory = Callable[..., Backend]
_REGISTRY: dict[str, BackendFactory] = {}


def register_backend(name: str) -> Callable[[BackendFactory], BackendFactory]:
    def deco(factory: BackendFactory) -> BackendFactory:
        _REGISTRY[name] = factory
        return factory

    return deco


def backend_names() -> tuple[str, ...]:
    return tuple(sorted(_REGISTRY))


def create_backend(name: str, **options: Any) -> Backend:
    try:
        factory = _REGISTRY[name]
    except KeyError:
        raise ConfigError(
            f"unknown backend {name!r}; known backends: {', '.join(backend_names())}"
        ) from None
    return factory(**options)
