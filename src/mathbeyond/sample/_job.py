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
import platform
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .._errors import ConfigError
from .._version import __version__
from ..data import Problem, load_dataset, parse_spec
from ..models import ModelSpec, SamplingPreset, get_model
from ..store import RunManifest, RunStore
from ._backend import _REGISTRY, Backend, backend_names, create_backend
from ._engine import EngineConfig, Progress, RunSummary, run_engine
from ._presets import resolve_preset
from ._prompt import prompt_template
from ._scoring import default_scorer
from ._shard import Shard, shard_mismatch

logger = logging.getLogger(__name__)

LOCAL_DEFAULT = "smollm2-135m"
"""The model a local-file backend (``model_path`` option) runs when given no file."""
_VERSIONED = ("pyarrow", "pydantic", "vllm", "llama_cpp_python", "openai", "math-verify", "torch")


@dataclass(frozen=True)
class SampleJob:
    """What ``mathb sample`` was asked to do."""

    model: str
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
    shard: Shard | None = None
    """``--shard I/N``: draw only this slice of the (problem, index) space."""
    backend_factory: Callable[..., Backend] | None = None
    """Builds the backend instead of ``create_backend`` (e.g. a Ray worker pool)."""


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


def prepare_job(job: SampleJob) -> PreparedJob:
    """Validate everything and build the run manifest (no model is loaded, nothing written)."""
    model = get_model(job.model)
    if job.backend not in backend_names():
        raise ConfigError(
            f"unknown backend {job.backend!r}; known backends: {', '.join(backend_names())}"
        )
    config = EngineConfig(
        k=job.k,
        seed=job.seed,
        chunk_size=min(job.chunk_size, job.k) if job.k >= 1 else job.chunk_size,
        adaptive=job.adaptive,
        min_samples=job.min_samples,
        shard=job.shard,
    )
    if job.limit is not None and job.limit < 1:
        raise ConfigError(f"--limit must be >= 1, got {job.limit}")
    preset = resolve_preset(
        model,
        temperature=job.temperature,
        top_p=job.top_p,
        max_tokens=job.max_tokens,
        top_k=job.top_k,
        min_p=job.min_p,
    )
    target, split = parse_spec(job.dataset)
    dataset = load_dataset(str(target), data_dir=job.data_dir)
    split_name = split or dataset.default_split
    problems = dataset.split(split_name)
    if job.limit is not None:
        problems = problems[: job.limit]
    if not problems:
        raise ConfigError(f"dataset {job.dataset!r} has no problems")
    template = prompt_template(model)
    scorer = default_scorer()
    options = backend_options_for(job.backend, model, job.backend_options)
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
    digest = hashlib.sha256(json.dumps(identity, sort_keys=True).encode()).hexdigest()[:16]
    manifest = RunManifest(
        run_id=f"{model.name}-{dataset.name}-{digest}",
        created_at=_dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
        model_hub_id=model.hub_id,
        backend_options=options,
        dataset_origin=dataset.origin,
        versions=package_versions(None if scorer is None else scorer.version),
        git_sha=git_sha(),
        extra={
            "prompt_template_text": template.text,
            "prompt_template_chat": template.chat,
            "chunk_size": config.chunk_size,
            "seed_rule": "sha256(f'{seed}\\x1f{problem_id}')[:8] % 2**30 + sample_index",
            "adaptive_rounds": "first max(first_round, min_samples) indices, then doubling",
            **({} if job.shard is None else {"shard": job.shard.describe(adaptive=job.adaptive)}),
        },
        **identity,
    )
    return PreparedJob(job, model, tuple(problems), manifest, config, preset, options)


def backend_options_for(
    backend: str, model: ModelSpec, given: Mapping[str, Any]
) -> dict[str, Any]:
    """``given`` plus what the backend's factory can take from the model spec.

    A factory with a ``model`` parameter gets the Hub id (and ``revision`` the pinned Hub
    revision), one with ``context_length`` the model's context length, unless given. A
    factory with ``model_path`` (a local-file backend whose default is SmolLM2) needs an
    explicit file for every other model.
    """
    options = dict(given)
    try:
        params = inspect.signature(_REGISTRY[backend]).parameters
    except (TypeError, ValueError):  # pragma: no cover - builtins without a signature
        return options
    if "model" in params and "model" not in options:
        options["model"] = model.hub_id
        if "revision" in params and "revision" not in options and model.hub_revision:
            options["revision"] = model.hub_revision
    if "context_length" in params and "context_length" not in options:
        options["context_length"] = model.context_length
    if "model_path" in params and "model_path" not in options and model.name != LOCAL_DEFAULT:
        raise ConfigError(
            f"backend {backend!r} runs {LOCAL_DEFAULT} by default; for {model.name} pass "
            "--backend-opt model_path=FILE.gguf"
        )
    return options


def run_job(
    job: SampleJob,
    *,
    progress: Callable[[Progress], None] | None = None,
    on_ready: Callable[[PreparedJob], None] | None = None,
) -> RunSummary:
    """Run (or resume) ``job``: returns the engine summary."""
    prepared = prepare_job(job)
    _check_shard_resume(job.out, prepared.manifest)
    with RunStore.create_or_resume(job.out, prepared.manifest) as store:
        if on_ready is not None:
            on_ready(prepared)
        factory = job.backend_factory or create_backend
        backend = factory(job.backend, **prepared.backend_options)
        try:
            return run_engine(
                prepared.problems,
                prepared.model,
                backend,
                prepared.preset,
                store=store,
                config=prepared.config,
                progress=progress,
            )
        finally:
            backend.close()


def _check_shard_resume(out: Path, manifest: RunManifest) -> None:
    """A shard directory is resumed only as the same shard (one ConfigError line)."""
    if not (out / "manifest.json").is_file():
        return
    from ..store import read_manifest

    diff = shard_mismatch(read_manifest(out).extra, manifest.extra)
    if diff is not None:
        raise ConfigError(
            f"{out} holds a different run ({diff}); use another --out directory"
        )


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
