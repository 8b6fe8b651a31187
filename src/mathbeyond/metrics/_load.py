"""Read a stored run directory into :class:`RunVerdicts` (vectorized over the sample table)."""

from __future__ import annotations

import logging
from dataclasses import replace
from pathlib import Path

import numpy as np

from .._errors import DataError
from ._runinfo import FLAG_STATUSES, info_from_manifest
from ._verdicts import UNSCORED, RunVerdicts

logger = logging.getLogger(__name__)


def load_run(path: str | Path, label: str | None = None) -> RunVerdicts:
    """Per-problem verdicts of the run stored in ``path``.

    Samples not yet scored (``correct`` is null) count as not observed: they end the
    empirical horizon of their problem and are left out of the unbiased estimator. For
    adaptive runs the unbiased estimator uses only the first ``min_samples`` samples.
    """
    import pyarrow as pa
    import pyarrow.compute as pc

    from ..store import open_run

    with open_run(path) as store:
        manifest = store.manifest
        table = store.samples(
            columns=["problem_id", "sample_index", "correct", "status", "verifier_version"]
        )
        states = store.problem_states()
    state_ids = [s.problem_id for s in states]
    encoded = pc.dictionary_encode(table.column("problem_id")).combine_chunks()
    sample_ids = [str(x) for x in encoded.dictionary.to_pylist()]
    ids = sorted(set(sample_ids) | set(state_ids))
    if not ids:
        raise DataError("run holds no problems", path=path)
    pos = {pid: i for i, pid in enumerate(ids)}
    remap = np.array([pos[p] for p in sample_ids], dtype=np.int64)
    rows = remap[encoded.indices.to_numpy(zero_copy_only=False).astype(np.int64)]
    index = table.column("sample_index").to_numpy().astype(np.int64)
    correct_col = pc.fill_null(table.column("correct").cast(pa.int8()), UNSCORED)
    correct = correct_col.to_numpy().astype(np.int8)
    width = int(index.max()) + 1 if index.size else 0
    matrix = np.full((len(ids), max(width, 1)), UNSCORED, dtype=np.int8)
    matrix[rows, index] = correct
    unscored = int((correct == UNSCORED).sum())
    if unscored:
        logger.warning("%s: %d of %d samples are not scored yet", path, unscored, len(correct))
    fixed = manifest.min_samples if manifest.adaptive else None
    run = RunVerdicts.from_matrix(
        ids,
        matrix if width else matrix[:, :0],
        label=label or manifest.model,
        model=manifest.model,
        fixed_samples=fixed,
        adaptive=manifest.adaptive,
        target_k=manifest.k,
        source=str(path),
    )
    versions = pc.unique(pc.drop_null(table.column("verifier_version"))).to_pylist()
    flagged = {}
    status = table.column("status")
    for name in FLAG_STATUSES:
        mask = pc.fill_null(pc.equal(status, name), False)
        flagged[name] = (
            np.asarray(pc.filter(table.column("problem_id"), mask).to_pylist(), dtype=object),
            pc.filter(table.column("sample_index"), mask).to_numpy().astype(np.int64),
        )
    info = info_from_manifest(manifest, [str(v) for v in versions], flagged)
    return replace(run, dataset=manifest.dataset, split=manifest.split, info=info)
