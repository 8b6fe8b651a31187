"""Serialized record formats of a run directory (the contract between sample, store, metrics).

A run directory holds ``manifest.json`` (:class:`RunManifest`) and the sample rows
(:class:`SampleRecord`). Metrics and reports read only these fields.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class SampleRecord(BaseModel):
    """One finished sample. (run_id, problem_id, sample_index) is unique within a run."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    run_id: str
    problem_id: str
    sample_index: int = Field(ge=0)
    seed: int
    text: str
    n_tokens: int = Field(ge=0)
    finish_reason: str
    """``stop`` (ended naturally), ``length`` (hit max_tokens) or a backend-specific value."""
    prompt_tokens: int | None = None
    # Verifier fields: None until scored.
    correct: bool | None = None
    status: str | None = None
    extracted: str | None = None
    verifier_version: str | None = None


class ProblemState(BaseModel):
    """Per-problem bookkeeping (adaptive sampling needs it to stay unbiased)."""

    model_config = ConfigDict(extra="forbid")

    problem_id: str
    gold: str
    target_k: int
    launched: int = 0
    finished: int = 0
    aborted: int = 0
    first_success: int | None = None
    """Smallest sample index verified correct, if any."""
    question: str | None = None
    """The problem text (lets ``mathb score`` pass it to the verifier)."""


class RunManifest(BaseModel):
    """Everything needed to reproduce a run."""

    model_config = ConfigDict(extra="forbid")

    run_id: str
    created_at: str
    model: str
    model_hub_id: str | None = None
    model_source: dict[str, Any] = Field(default_factory=dict)
    """What was actually run: kind (registry|hub|local_dir|gguf|served), ref, revision,
    content_hash, quantization, package, preset_source, chat."""
    base_model: str | None = None
    """The base model this run's model was post-trained from (``--base``), if known."""
    verifier: dict[str, Any] = Field(default_factory=dict)
    """Verifier identity: version, timeout, memory_mb."""
    backend: str
    backend_options: dict[str, Any] = Field(default_factory=dict)
    preset: dict[str, Any]
    prompt_template: str
    dataset: str
    split: str | None = None
    dataset_revision: str | None = None
    dataset_origin: str | None = None
    k: int
    adaptive: bool = False
    min_samples: int = 0
    seed: int
    versions: dict[str, str] = Field(default_factory=dict)
    git_sha: str | None = None
    extra: dict[str, Any] = Field(default_factory=dict)
