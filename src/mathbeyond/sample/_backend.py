"""The backend protocol and registry.

A backend turns prompts + sampling settings + a count into completions. It knows nothing of
problems, stores or verifiers; the engine does that.

Seeds: sample ``i`` of a request gets seed ``request.seed + i`` (vLLM's convention for
``SamplingParams(n, seed)``), so a request covering sample indices ``[start, start + n)`` of a
problem uses ``seed = problem_seed + start`` and chunks never overlap.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import typing
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from types import UnionType
from typing import Any, Literal, Protocol, TypedDict, Union, runtime_checkable

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

Artifact = Literal["gguf", "hf", "served"]
"""What a backend's ``--model`` must be: a GGUF file, a HF checkpoint (Hub id or directory),
or a model name served by a server."""


@dataclass(frozen=True)
class BackendDeclaration:
    """What a backend declares beyond its factory signature.

    ``neutral``: options that do not change the samples (threads, concurrency, retries,
    timeouts); they may change when a run is resumed. Every other option is part of the run's
    identity. ``artifact``: what ``--model`` is for this backend (None: the backend takes no
    model). ``extra_options``: for a factory with ``**kwargs``, ``(module, callable)`` whose
    signature lists the names it passes through (checked only when that module imports), or
    None to accept any name.
    """

    neutral: frozenset[str] = frozenset()
    artifact: Artifact | None = None
    extra_options: tuple[str, str] | None = None


MODEL_OPTIONS = frozenset({"model", "model_path", "revision"})
"""Options that name the model artefact: recorded in ``model_source``, compared there."""
SECRET_OPTIONS = frozenset({"api_key"})
"""Options never written to a manifest."""

_DECLARATIONS: dict[str, BackendDeclaration] = {
    "llamacpp": BackendDeclaration(
        neutral=frozenset({"n_threads", "n_threads_batch", "n_parallel", "use_mmap",
                           "use_mlock", "verbose"}),
        artifact="gguf",
        extra_options=("llama_cpp", "Llama"),
    ),
    "openai": BackendDeclaration(
        neutral=frozenset({"base_url", "api_key", "max_concurrency", "timeout", "max_retries",
                           "outage_deadline", "backoff_base", "backoff_max"}),
        artifact="served",
    ),
    "vllm": BackendDeclaration(
        neutral=frozenset({"tensor_parallel_size", "pipeline_parallel_size",
                           "data_parallel_size", "gpu_memory_utilization",
                           "enable_prefix_caching", "max_num_seqs", "max_num_batched_tokens",
                           "swap_space", "disable_log_stats", "distributed_executor_backend",
                           "max_in_flight", "max_retries", "self_check"}),
        artifact="hf",
        extra_options=("vllm", "EngineArgs"),
    ),
}


def register_backend(
    name: str,
    *,
    neutral: Iterable[str] = (),
    artifact: Artifact | None = None,
    extra_options: tuple[str, str] | None = None,
) -> Callable[[BackendFactory], BackendFactory]:
    """Register a backend factory (a plain keyword-argument callable) under ``name``.

    ``neutral``/``artifact``/``extra_options``: see :class:`BackendDeclaration` (the built-in
    backends are declared in this module).
    """

    def deco(factory: BackendFactory) -> BackendFactory:
        _REGISTRY[name] = factory
        if neutral or artifact or extra_options or name not in _DECLARATIONS:
            _DECLARATIONS[name] = BackendDeclaration(frozenset(neutral), artifact, extra_options)
        return factory

    return deco


def backend_names() -> tuple[str, ...]:
    return tuple(sorted(_REGISTRY))


def _factory(name: str) -> BackendFactory:
    try:
        return _REGISTRY[name]
    except KeyError:
        raise ConfigError(
            f"unknown backend {name!r}; known backends: {', '.join(backend_names())}"
        ) from None


def backend_declaration(name: str) -> BackendDeclaration:
    _factory(name)
    return _DECLARATIONS.get(name, BackendDeclaration())


@dataclass(frozen=True)
class BackendOption:
    """One option a backend accepts (from its factory signature)."""

    name: str
    default: Any
    """The default value (``inspect.Parameter.empty`` when required)."""
    annotation: str
    neutral: bool
    """True: does not affect samples (may change on resume)."""


def backend_options(name: str) -> tuple[BackendOption, ...]:
    """The named options of backend ``name``'s factory, in signature order."""
    factory = _factory(name)
    decl = backend_declaration(name)
    out = []
    for p in _parameters(factory).values():
        if p.kind in (inspect.Parameter.VAR_KEYWORD, inspect.Parameter.VAR_POSITIONAL):
            continue
        annotation = p.annotation if isinstance(p.annotation, str) else getattr(
            p.annotation, "__name__", str(p.annotation)
        )
        if annotation is inspect.Parameter.empty or p.annotation is inspect.Parameter.empty:
            annotation = ""
        out.append(BackendOption(p.name, p.default, str(annotation), p.name in decl.neutral))
    return tuple(out)


def _parameters(factory: Callable[..., Any]) -> Mapping[str, inspect.Parameter]:
    try:
        params = dict(inspect.signature(factory).parameters)
    except (TypeError, ValueError):  # pragma: no cover - builtins without a signature
        return {}
    params.pop("self", None)
    return params


def passthrough_options(name: str) -> frozenset[str] | None:
    """Names a ``**kwargs`` factory passes on (None: unknown, accept any)."""
    decl = backend_declaration(name)
    if decl.extra_options is None:
        return None
    module_name, attr = decl.extra_options
    try:
        target = getattr(importlib.import_module(module_name), attr)
    except (ImportError, AttributeError):
        return None  # cannot check without the library; the backend will not start anyway
    if dataclasses.is_dataclass(target):
        return frozenset(f.name for f in dataclasses.fields(target))
    return frozenset(_parameters(target))


def create_backend(name: str, **options: Any) -> Backend:
    factory = _factory(name)
    return factory(**check_backend_options(name, options))


def check_backend_options(name: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """Reject unknown option names and values of the wrong simple type with one clear error.

    Options usually come from the command line (``--backend-opt n_ctx=4096``, JSON-decoded), so
    a typo or a string where a number belongs must fail here, not deep inside the backend.
    """
    factory = _factory(name)
    params = _parameters(factory)
    target: Callable[..., Any] = factory
    if inspect.isclass(factory):
        target = factory.__init__
    takes_any = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values())
    named = [p for p, v in params.items() if v.kind is not inspect.Parameter.VAR_KEYWORD]
    try:
        hints = typing.get_type_hints(target)
    except (NameError, TypeError):  # unresolvable annotations: names are still checked
        hints = {}
    extras = passthrough_options(name) if takes_any else frozenset()
    for key, value in options.items():
        if key not in named:
            if takes_any and (extras is None or key in extras):
                continue
            accepted = ", ".join(named)
            more = ""
            if takes_any and extras:
                decl = backend_declaration(name)
                assert decl.extra_options is not None
                more = f" (and any {'.'.join(decl.extra_options)} argument)"
            raise ConfigError(
                f"backend {name!r} has no option {key!r}; options: {accepted}{more} "
                "(see `mathb backends`)"
            )
        allowed = _simple_types(hints.get(key))
        if allowed and not isinstance(value, allowed):
            expected = " or ".join(t.__name__ for t in allowed)
            raise ConfigError(
                f"backend {name!r} option {key!r} must be {expected}, got {value!r}"
            )
    return dict(options)


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
