"""Crash-safe storage of samples and run manifests (one SQLite file per run directory)."""

from ._run import (
    IDENTITY_FIELDS,
    RunStore,
    ScoreUpdate,
    check_resumable,
    identity_mismatch,
    open_run,
    read_manifest,
    write_atomic,
)
from ._schema import ProblemState, RunManifest, SampleRecord

__all__ = [
    "IDENTITY_FIELDS",
    "ProblemState",
    "RunManifest",
    "RunStore",
    "SampleRecord",
    "ScoreUpdate",
    "check_resumable",
    "identity_mismatch",
    "open_run",
    "read_manifest",
    "write_atomic",
]
