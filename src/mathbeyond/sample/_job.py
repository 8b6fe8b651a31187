"""A sampling job: resolve model, dataset, preset and backend, then run the engine into a store.

Everything a user can get wrong (unknown model or backend, bad dataset spec, bad preset, a run
directory holding a different run) is checked BEFORE the backend loads a model and before
anything is written, so a bad command costs nothing and loses nothing.
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
import hashlib
import importlib
import importlib.metadata
import importlib.util
import inspect
import json
import logging
import os
import platform
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .._errors import ConfigError, MathbError
from .._version import __version__
from ..data import Problem, load_dataset, parse_spec
from ..models import ModelSpec, SamplingPreset
from ..store import RunManifest, RunStore, check_resumable
from ._backend import (
    MODEL_OPTIONS,
    SECRET_OPTIONS,
    Backend,
    backend_declaration,
    backend_names,
    backend_options,
    check_backend_options,
    create_backend,
)
from ._engine import EngineConfig, Progress, RunSummary, run_engine
from ._prompt import prompt_template
from ._resolve import ModelChoice, ResolvedModel, resolve_model
from ._scoring import Scorer, default_scorer

logger = logging.getLogger(__name__)

_VERSIONED = ("pyarrow", "pydantic", "vllm", "llama_cpp_python", "openai", "math-verify", "torch")


@dataclass(frozen=True)
class SampleJob:
    """What ``mathb sample`` was asked to do."""

    model: str | None
    """Registry name, user model, Hub id ``org/name[@rev]``, local path, or served name; None:
    the backend's default (llama.cpp: SmolLM2-135M)."""
    backend: str
    dataset: str
    """``NAME[:SPLIT]`` (or ``file:PATH[:SPLIT]``)."""
    out: Path
    k: int
    seed: int = 0
    adaptive: bool = False
    min_samples: int = 0
    limit: int | None = None
    chunk_size: int = 16
    temperature: float | None = None
    top_p: float | None = None
    max_tokens: int | None = None
    top_k: int | None = None
    min_p: float | None = None
    backend_options: Mapping[str, Any] = field(default_factory=dict)
    data_dir: Path | None = None
    preset: str | None = None
    """Registry model whose sampling preset (and prompt style) to use."""
    base: str | None = None
    """The base model this model was post-trained from (its preset is inherited)."""
    chat: bool | None = None
    """Force chat (True) or raw (False) prompting; None: from the checkpoint / registry."""
    verify_timeout: float | None = None
    """Verifier time limit per sample (None: the verifier's default)."""


@dataclass(frozen=True)
class PreparedJob:
    """A validated job: the problems, the manifest, the engine settings."""

    job: SampleJob
    model: ModelSpec
    problems: tuple[Problem, ...]
    manifest: RunManifest
    config: EngineConfig
    preset: SamplingPreset
    backend_options: dict[str, Any]
    scorer: Scorer | None = None


def load_backend_module(spec: str) -> None:
    """Import a module that registers extra backends: a dotted name or a ``.py`` file path."""
    path = Path(spec)
    if spec.endswith(".py"):
        if not path.is_file():
            raise ConfigError(f"backend module file not found: {path}")
        name = f"mathb_backend_{hashlib.sha256(str(path.resolve()).encode()).hexdigest()[:12]}"
        module_spec = importlib.util.spec_from_file_location(name, path)
        if module_spec is None or module_spec.loader is None:
            raise ConfigError(f"cannot import backend module {path}")
        module = importlib.util.module_from_spec(module_spec)
        sys.modules[name] = module
        module_spec.loader.exec_module(module)
        return
    try:
        importlib.import_module(spec)
    except ImportError as exc:
        raise ConfigError(f"cannot import backend module {spec!r}: {exc}") from None


def check_out_dir(out: Path) -> None:
    """``--out`` must be (or be creatable as) a directory: one ConfigError otherwise."""
    if out.exists() and not out.is_dir():
        raise ConfigError(f"--out {out}: exists and is not a directory")
    for parent in out.parents:
        if parent.exists():
            if not parent.is_dir():
                raise ConfigError(f"--out {out}: {parent} is a file, not a directory")
            if not os.access(parent, os.W_OK | os.X_OK):
                raise ConfigError(f"--out {out}: cannot create it in {parent} (no permission)")
            return


def prepare_job(job: SampleJob) -> PreparedJob:
    """Validate everything and build the run manifest (no model is loaded, nothing written).

    Also checks that an existing run directory at ``job.out`` holds this same run (else one
    ConfigError names the first differing identity field).
    """
    if job.backend not in backend_names():
        raise ConfigError(
            f"unknown backend {job.backend!r}; known backends: {', '.join(backend_names())}"
        )
    check_out_dir(job.out)
    config = EngineConfig(
        k=job.k,
        seed=job.seed,
        chunk_size=min(job.chunk_size, job.k) if job.k >= 1 else job.chunk_size,
        adaptive=job.adaptive,
        min_samples=job.min_samples,
    )
    if job.limit is not None and job.limit < 1:
        raise ConfigError(f"--limit must be >= 1, got {job.limit}")
    check_backend_options(job.backend, job.backend_options)
    choice = ModelChoice(
        model=job.model, preset=job.preset, base=job.base, chat=job.chat,
        temperature=job.temperature, top_p=job.top_p, max_tokens=job.max_tokens,
        top_k=job.top_k, min_p=job.min_p,
    )
    resolved = resolve_model(choice, job.backend, job.backend_options)
    model, preset = resolved.spec, resolved.preset
    target, split = parse_spec(job.dataset)
    dataset = load_dataset(str(target), data_dir=job.data_dir)
    split_name = split or dataset.default_split
    problems = dataset.split(split_name)
    if job.limit is not None:
        problems = problems[: job.limit]
    if not problems:
        raise ConfigError(f"dataset {job.dataset!r} has no problems")
    template = prompt_template(model)
    scorer = default_scorer(timeout=job.verify_timeout)
    options = backend_options_for(job.backend, resolved, job.backend_options)
    neutral = sorted(backend_declaration(job.backend).neutral)
    recorded = {k: v for k, v in options.items() if k not in SECRET_OPTIONS}
    identity: dict[str, Any] = {
        "model": model.name,
        "backend": job.backend,
        "preset": dataclasses.asdict(preset),
        "prompt_template": template.id,
        "dataset": dataset.name,
        "split": split_name,
        "dataset_revision": dataset.revision,
        "seed": job.seed,
        "k": job.k,
        "adaptive": job.adaptive,
        "min_samples": job.min_samples,
    }
    verifier = {} if scorer is None else dict(scorer.identity)
    fingerprint = {
        **identity,
        "model_source": {k: resolved.source.get(k) for k in ("kind", "ref", "revision",
                                                             "content_hash", "quantization")},
        "backend_options": {k: v for k, v in recorded.items()
                            if k not in neutral and k not in MODEL_OPTIONS},
        "verifier": verifier,
    }
    digest = hashlib.sha256(
        json.dumps(fingerprint, sort_keys=True, default=str).encode()
    ).hexdigest()[:16]
    manifest = RunManifest(
        run_id=f"{model.name}-{dataset.name}-{digest}",
        created_at=_dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
        model_hub_id=resolved.hub_id,
        model_source=resolved.source,
        base_model=resolved.base,
        verifier=verifier,
        backend_options=recorded,
        dataset_origin=dataset.origin,
        versions=package_versions(None if scorer is None else scorer.version),
        git_sha=git_sha(),
        extra={
            "prompt_template_text": template.text,
            "prompt_template_chat": template.chat,
            "chunk_size": config.chunk_size,
            "seed_rule": "sha256(f'{seed}\\x1f{problem_id}')[:8] % 2**30 + sample_index",
            "adaptive_rounds": "first max(first_round, min_samples) indices, then doubling",
            "output_neutral_options": neutral,
        },
        **identity,
    )
    check_resumable(job.out, manifest)
    return PreparedJob(job, model, tuple(problems), manifest, config, preset, options, scorer)


def _jsonable(value: Any) -> bool:
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        return False
    return True


def backend_options_for(
    backend: str, model: ModelSpec | ResolvedModel, given: Mapping[str, Any]
) -> dict[str, Any]:
    """The options the backend gets: its defaults, the artefact, then ``given``.

    The effective value of every named option is included (so a manifest says what ran and an
    explicit default equals an omitted one). A factory with ``context_length`` gets the
    model's context length unless given. The artefact options (``model``, ``revision``,
    ``model_path``) come from ``--model``.
    """
    resolved = model if isinstance(model, ResolvedModel) else None
    spec = model.spec if isinstance(model, ResolvedModel) else model
    declared = {o.name: o for o in backend_options(backend)}
    artifact = backend_declaration(backend).artifact
    if artifact == "hf":
        clash = sorted(set(given) & {"model", "revision"})
        if clash:
            raise ConfigError(
                f"give the checkpoint as --model (org/name@revision or a directory), not "
                f"--backend-opt {clash[0]}=..."
            )
    options: dict[str, Any] = {
        name: o.default for name, o in declared.items()
        if o.default is not inspect.Parameter.empty and _jsonable(o.default)
        and name not in MODEL_OPTIONS
    }
    if resolved is not None:
        options.update({k: v for k, v in resolved.options.items() if k in declared})
    elif "model" in declared:
        options["model"] = spec.hub_id
        if "revision" in declared and spec.hub_revision:
            options["revision"] = spec.hub_revision
    if "context_length" in declared and given.get("context_length") is None:
        options["context_length"] = spec.context_length
    options.update({k: v for k, v in given.items()
                    if not (k == "model_path" and resolved is not None)})
    return options


def start_backend(name: str, options: Mapping[str, Any]) -> Backend:
    """Create the backend (and, for one with a ``check_ready()`` method such as the OpenAI
    backend, wait until it answers); a failure to start is one error line, nothing written."""
    try:
        backend = create_backend(name, **options)
    except MathbError:
        raise
    except (ValueError, TypeError, OSError, RuntimeError, ImportError) as exc:
        detail = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise ConfigError(f"backend {name!r} failed to start: {detail}") from exc
    ready = getattr(backend, "check_ready", None)
    if callable(ready):  # e.g. a server backend: the server must answer first
        try:
            ready()
        except BaseException:
            backend.close()
            raise
    return backend


def run_job(
    job: SampleJob,
    *,
    progress: Callable[[Progress], None] | None = None,
    on_ready: Callable[[PreparedJob], None] | None = None,
) -> RunSummary:
    """Run (or resume) ``job``: returns the engine summary.

    Order: validate everything (:func:`prepare_job`), start the backend, and only then create
    or reopen the run directory: a bad command or a backend that fails to start writes nothing.
    """
    prepared = prepare_job(job)
    backend = start_backend(job.backend, prepared.backend_options)
    try:
        with RunStore.create_or_resume(job.out, prepared.manifest) as store:
            if on_ready is not None:
                on_ready(prepared)
            return run_engine(
                prepared.problems,
                prepared.model,
                backend,
                prepared.preset,
                store=store,
                config=prepared.config,
                scorer=prepared.scorer,
                progress=progress,
            )
    finally:
        backend.close()


def package_versions(verifier_version: str | None) -> dict[str, str]:
    versions = {"mathbeyond": __version__, "python": platform.python_version()}
    if verifier_version is not None:
        versions["verifier"] = verifier_version
    for dist in _VERSIONED:
        try:
            versions[dist] = importlib.metadata.version(dist)
        except importlib.metadata.PackageNotFoundError:
            continue
    return versions


def git_sha() -> str | None:
    """Commit of the mathbeyond source checkout (with ``-dirty``), or None outside git."""
    here = Path(__file__).resolve().parent
    try:
        sha = subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=here, capture_output=True, text=True, timeout=5,
            check=True,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no", "--", "."],
            cwd=here, capture_output=True, text=True, timeout=5, check=True,
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None
    return f"{sha}-dirty" if dirty else sha or None


def parse_backend_options(pairs: Sequence[str]) -> dict[str, Any]:
    """``key=value`` strings -> options; values are JSON when they parse (``n_ctx=2048``)."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep or not key.strip():
            raise ConfigError(f"backend option must be key=value, got {pair!r}")
        try:
            value: Any = json.loads(raw)
        except json.JSONDecodeError:
            value = raw
        options[key.strip()] = value
    return options
