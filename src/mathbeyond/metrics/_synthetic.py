"""Write a run directory holding given verdicts (tests, benchmarks, demos) via the store API."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from ._verdicts import UNSCORED


def write_verdict_run(
    path: str | Path,
    model: str,
    problem_ids: Sequence[str],
    verdicts: ArrayLike,
    *,
    dataset: str = "synthetic",
    split: str | None = None,
    k: int | None = None,
    adaptive: bool = False,
    min_samples: int = 0,
    seed: int = 0,
    preset: Mapping[str, Any] | None = None,
    verifier_version: str | None = None,
    statuses: Mapping[tuple[int, int], str] | None = None,
) -> Path:
    """Store a ``(P, N)`` verdict matrix (bool, or 1/0/-1 with -1 = sample not drawn) as a
    scored run: one sample per drawn entry, ``correct`` set, placeholder text. ``statuses``
    overrides the verifier status of (row, sample index) entries (e.g. ``limit_exceeded``).
    """
    from ..store import ProblemState, RunManifest, RunStore, SampleRecord

    mat = np.asarray(verdicts)
    if mat.dtype == np.bool_:
        mat = mat.astype(np.int8)
    if mat.ndim != 2 or mat.shape[0] != len(problem_ids):
        raise ValueError("verdicts must be a (problems x samples) matrix")
    target = int(mat.shape[1] if k is None else k)
    run_id = f"synthetic-{model}-{seed}"
    manifest = RunManifest(
        run_id=run_id,
        created_at=_dt.datetime.now(_dt.timezone.utc).isoformat(),
        model=model,
        backend="synthetic",
        preset=dict(preset or {}),
        prompt_template="{problem}",
        dataset=dataset,
        split=split,
        k=target,
        adaptive=adaptive,
        min_samples=min_samples,
        seed=seed,
    )
    records = []
    states = []
    for row, pid in enumerate(problem_ids):
        drawn = np.flatnonzero(mat[row] != UNSCORED)
        hits = np.flatnonzero(mat[row] == 1)
        for idx in drawn:
            ok = bool(mat[row, idx] == 1)
            records.append(SampleRecord(
                run_id=run_id, problem_id=pid, sample_index=int(idx), seed=seed,
                text="synthetic", n_tokens=1, finish_reason="stop", correct=ok,
                status=(statuses or {}).get(
                    (row, int(idx)), "correct" if ok else "incorrect"
                ),
                verifier_version=verifier_version,
            ))
        states.append(ProblemState(
            problem_id=pid, gold="0", target_k=target, launched=len(drawn),
            finished=len(drawn), first_success=int(hits[0]) if hits.size else None,
        ))
    with RunStore.create_or_resume(path, manifest) as store, store.transaction():
        store.add_samples(records)
        store.upsert_problem_states(states)
    return Path(path)
