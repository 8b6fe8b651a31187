"""The backend protocol and registry.

A backend turns prompts + sampling settings + a count into completions. It knows nothing of
problems, stores or verifiers; the engine does that.

Seeds: sample ``i`` of a request gets seed ``request.seed + i`` (vLLM's convention for
``SamplingParams(n, seed)``), so a request covering sample indices ``[start, start + n)`` of a
problem uses ``seed = problem_seed + start`` and chunks never overlap.
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from types import UnionType
from typing import Any, Protocol, TypedDict, Union, runtime_checkable

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


@runtime_checkable
class SupportsCancel(Protocol):
    """Optional backend method: the engine calls ``cancel(key, start_index)`` when samples of
    ``key`` with index >= ``start_index`` are no longer needed (adaptive sampling solved the
    problem), while ``generate`` is running. The backend may drop those it has not started and
    abort those in flight; any it still yields are ignored by the engine. Backends without it
    simply generate everything they were asked for."""

    def cancel(self, key: str, start_index: int) -> None: ...


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
    return factory(**_checked_options(name, factory, options))


def _checked_options(name: str, factory: BackendFactory, options: dict[str, Any]) -> dict[str, Any]:
    """Reject unknown option names and values of the wrong simple type with one clear error.

    Options usually come from the command line (``--backend-opt n_ctx=4096``, JSON-decoded), so
    a typo or a string where a number belongs must fail here, not deep inside the backend.
    """
    params = inspect.signature(factory).parameters
    target: Callable[..., Any] = factory
    if inspect.isclass(factory):
        target = factory.__init__
    takes_any = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values())
    try:
        hints = typing.get_type_hints(target)
    except (NameError, TypeError):  # unresolvable annotations: names are still checked
        hints = {}
    for key, value in options.items():
        if key not in params:
            if takes_any:
                continue
            accepted = ", ".join(params)
            raise ConfigError(f"backend {name!r} has no option {key!r}; options: {accepted}")
        allowed = _simple_types(hints.get(key))
        if allowed and not isinstance(value, allowed):
            expected = " or ".join(t.__name__ for t in allowed)
            raise ConfigError(
                f"backend {name!r} option {key!r} must be {expected}, got {value!r}"
            )
    return options


def _simple_types(hint: object) -> tuple[type, ...]:
    """The plain types a value may have for ``hint`` (empty: do not check)."""
    members = typing.get_args(hint) if typing.get_origin(hint) in (Union, UnionType) else (hint,)
    simple: list[type] = []
    for member in members:
        if member is type(None):
            simple.append(type(None))
        elif member is float:
            simple.extend((float, int))
        elif member in (int, str, bool):
            simple.append(member)
        else:
            return ()  # anything richer (paths, mappings, ...) is the backend's to check
    return tuple(simple)
