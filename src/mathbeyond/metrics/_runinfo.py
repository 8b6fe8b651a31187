"""What a run is (sampling settings and identities from its manifest) and the verdicts that
need a caveat (``limit_exceeded``, ``unparseable_gold``), for metrics, compare and the report.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import NDArray

FLAG_STATUSES: tuple[str, ...] = ("limit_exceeded", "unparseable_gold")
"""Verifier statuses counted next to every pass@k: a sample with one of them was judged wrong
without the answer being checked, so pass@k (and Expansion) may be understated."""

SETTING_FIELDS: tuple[str, ...] = (
    "model", "backend", "temperature", "top_p", "max_tokens", "k", "seed", "adaptive",
    "min_samples", "dataset", "split", "dataset_revision", "verifier",
)
"""The settings compared across runs (see :meth:`RunInfo.settings`)."""


@dataclass(frozen=True, eq=False)
class RunInfo:
    """The identity and sampling settings of one stored run, and where its verifier gave up.

    ``verifier_versions``: the distinct verifier versions that scored the run's samples (more
    than one when a run was partly rescored). ``flagged``: per status in
    :data:`FLAG_STATUSES`, the (problem id, sample index) of every sample with that status.
    """

    model: str | None = None
    model_ref: str | None = None
    backend: str | None = None
    temperature: float | None = None
    top_p: float | None = None
    max_tokens: int | None = None
    k: int | None = None
    seed: int | None = None
    adaptive: bool = False
    min_samples: int = 0
    dataset: str | None = None
    split: str | None = None
    dataset_revision: str | None = None
    dataset_origin: str | None = None
    verifier_versions: tuple[str, ...] = ()
    verifier: Mapping[str, Any] = field(default_factory=dict)
    flagged: Mapping[str, tuple[NDArray[np.object_], NDArray[np.int64]]] = field(
        default_factory=dict
    )

    @property
    def verifier_label(self) -> str:
        """``1.4.0`` / ``1.3.0+1.4.0`` (mixed) / ``unscored``, with the manifest's limits."""
        text = "+".join(self.verifier_versions) if self.verifier_versions else "unscored"
        timeout = self.verifier.get("timeout") if self.verifier else None
        if timeout is not None:
            text += f" (timeout {timeout}s)"
        return text

    @property
    def dataset_label(self) -> str:
        """``math500:test@abc1234`` (revision shortened; omitted parts left out)."""
        text = self.dataset or "?"
        if self.split:
            text += f":{self.split}"
        if self.dataset_revision:
            text += f"@{self.dataset_revision[:12]}"
        return text

    def settings(self) -> dict[str, Any]:
        """The settings compared across runs, as plain values (JSON-serializable)."""
        return {
            "model": self.model,
            "backend": self.backend,
            "temperature": self.temperature,
            "top_p": self.top_p,
            "max_tokens": self.max_tokens,
            "k": self.k,
            "seed": self.seed,
            "adaptive": self.adaptive,
            "min_samples": self.min_samples,
            "dataset": self.dataset,
            "split": self.split,
            "dataset_revision": self.dataset_revision,
            "verifier": self.verifier_label,
        }

    def as_dict(self) -> dict[str, Any]:
        out = self.settings()
        out["model_ref"] = self.model_ref
        out["dataset_origin"] = self.dataset_origin
        out["verifier_versions"] = list(self.verifier_versions)
        out["verifier_limits"] = dict(self.verifier)
        out["flagged_samples"] = {s: self.flag_count(s) for s in FLAG_STATUSES}
        return out

    def flag_count(
        self, status: str, k: int | None = None, problems: Sequence[str] | None = None
    ) -> int:
        """Samples with ``status`` among the first ``k`` of each problem (all when None),
        counting only ``problems`` when given."""
        ids, index = self.flagged.get(status, (np.empty(0, dtype=object), np.empty(0, np.int64)))
        keep = np.ones(index.shape, dtype=bool)
        if k is not None:
            keep &= index < k
        if problems is not None:
            keep &= np.isin(ids, np.asarray(list(problems), dtype=object))
        return int(keep.sum())

    def flag_counts(
        self, k: int | None = None, problems: Sequence[str] | None = None
    ) -> dict[str, int]:
        return {s: self.flag_count(s, k, problems) for s in FLAG_STATUSES}


def flags_text(counts: Mapping[str, int]) -> str:
    """``limit_exceeded 2, unparseable_gold 0``."""
    return ", ".join(f"{name} {counts.get(name, 0)}" for name in FLAG_STATUSES)


def info_from_manifest(
    manifest: Any,
    verifier_versions: Sequence[str] = (),
    flagged: Mapping[str, tuple[NDArray[np.object_], NDArray[np.int64]]] | None = None,
) -> RunInfo:
    """A :class:`RunInfo` from a ``RunManifest`` (fields added later are read when present)."""
    preset: Mapping[str, Any] = manifest.preset or {}
    source = getattr(manifest, "model_source", None) or {}
    return RunInfo(
        model=manifest.model,
        model_ref=source.get("ref") or manifest.model_hub_id,
        backend=manifest.backend,
        temperature=preset.get("temperature"),
        top_p=preset.get("top_p"),
        max_tokens=preset.get("max_tokens"),
        k=manifest.k,
        seed=manifest.seed,
        adaptive=manifest.adaptive,
        min_samples=manifest.min_samples,
        dataset=manifest.dataset,
        split=manifest.split,
        dataset_revision=manifest.dataset_revision,
        dataset_origin=manifest.dataset_origin,
        verifier_versions=tuple(sorted(set(verifier_versions))),
        verifier=dict(getattr(manifest, "verifier", None) or {}),
        flagged=dict(flagged or {}),
    )


def setting_differences(
    infos: Mapping[str, RunInfo], fields: Sequence[str] = SETTING_FIELDS
) -> list[str]:
    """One phrase per setting (of ``fields``, the model excluded) that differs across the
    named runs, e.g. ``temperature (base 0.7, post 1.0)``; empty when they all agree."""
    if len(infos) < 2:
        return []
    out = []
    for name in fields:
        if name == "model":
            continue
        values = {label: info.settings()[name] for label, info in infos.items()}
        if len({repr(v) for v in values.values()}) > 1:
            listed = ", ".join(f"{label} {_plain(v)}" for label, v in values.items())
            out.append(f"{name} ({listed})")
    return out


def _plain(value: Any) -> str:
    return "-" if value is None else str(value)


def verifier_mismatch(runs: Mapping[str, RunInfo]) -> str | None:
    """A one-line description when the named runs were scored by more than one verifier
    version (across runs, or within one partly rescored run); None when they agree."""
    versions = {v for info in runs.values() for v in info.verifier_versions}
    if len(versions) <= 1:
        return None
    listed = "; ".join(
        f"{label}: {'+'.join(info.verifier_versions) or 'unscored'}"
        for label, info in runs.items()
    )
    return (
        f"runs scored by different verifier versions ({listed}); rescore with "
        "`mathb score --force RUN` or pass --allow-mixed-verifiers"
    )
