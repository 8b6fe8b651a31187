"""Crash-safe storage of samples and run manifests."""

from ._schema import ProblemState, RunManifest, SampleRecord

__all__ = ["ProblemState", "RunManifest", "SampleRecord"]
