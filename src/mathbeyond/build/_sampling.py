"""The sampling stages' common part: a model of the config as a normal sampling job.

Each (stage, model) pair samples into ``runs/{stage}/{name}-{hash}/``, a normal run directory
of the sampling engine, where ``hash`` covers the model's settings, k, adaptivity and the exact
problem set. A run killed at any moment resumes from its store; a stage re-done with one model
changed re-samples only that model (the others' directories are reused as they are).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from .._errors import ConfigError, DataError
from ..data import Problem
from ..metrics import load_run
from ..sample import PreparedJob, Progress, SampleJob, prepare_job, run_job
from ..store import open_run
from ._config import ModelConfig
from ._tables import ids_digest, write_problems, write_text

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ModelOutcome:
    """Per problem id: index of the first correct sample (-1: none within the samples drawn)."""

    name: str
    run_dir: Path
    first_success: dict[str, int]
    drawn: dict[str, int]
    k: int

    def solved(self, pid: str) -> bool:
        return self.first_success[pid] >= 0

    def unsolved(self, pid: str) -> bool:
        return self.first_success[pid] < 0


def input_file(stage_dir: Path, problems: Sequence[Problem]) -> Path:
    """The stage's problem file (rewritten only when the problem set changed)."""
    path = stage_dir / "input.parquet"
    digest = ids_digest(p.id for p in problems)
    marker = stage_dir / "input.digest"
    if path.is_file() and marker.is_file() and marker.read_text().strip() == digest:
        return path
    write_problems(path, problems, {"stage": stage_dir.name, "ids_digest": digest})
    write_text(marker, digest + "\n")
    return path


def run_dir_for(
    root: Path,
    stage: str,
    model: ModelConfig,
    *,
    k: int,
    adaptive: bool,
    problems: Sequence[Problem],
) -> Path:
    ident = {
        "model": dataclasses.asdict(model),
        "k": k,
        "adaptive": adaptive,
        "problems": ids_digest(p.id for p in problems),
    }
    digest = hashlib.sha256(json.dumps(ident, sort_keys=True, default=str).encode()).hexdigest()
    return root / "runs" / stage / f"{model.name}-{digest[:12]}"


def job_for(
    model: ModelConfig,
    dataset: Path,
    out: Path,
    *,
    k: int,
    adaptive: bool,
    data_dir: Path | None,
    limit: int | None = None,
) -> SampleJob:
    return SampleJob(
        model=model.model,
        backend=model.backend,
        dataset=f"file:{dataset}",
        out=out,
        k=k,
        seed=model.seed,
        adaptive=adaptive,
        limit=limit,
        chunk_size=min(16, k),
        temperature=model.temperature,
        top_p=model.top_p,
        max_tokens=model.max_tokens,
        backend_options=dict(model.options),
        data_dir=data_dir,
    )


def prepare(job: SampleJob, where: str) -> PreparedJob:
    """Validate a job up front (unknown model/backend: one line naming the config entry)."""
    try:
        return prepare_job(job)
    except ConfigError as exc:
        raise ConfigError(f"{where}: {exc}") from None


def sample(
    job: SampleJob, where: str, progress: Callable[[Progress], None] | None = None
) -> None:
    try:
        run_job(job, progress=progress)
    except ConfigError as exc:
        raise ConfigError(f"{where}: {exc}") from None


def outcome(name: str, run_dir: Path, ids: Sequence[str], k: int) -> ModelOutcome:
    """Read a finished run; every problem must have a success or all ``k`` samples scored."""
    verdicts = load_run(run_dir)
    pos = {pid: i for i, pid in enumerate(verdicts.problem_ids)}
    missing = [pid for pid in ids if pid not in pos]
    if missing:
        raise DataError(
            f"run of {name!r} has no samples for problem {missing[0]!r} "
            f"({len(missing)} of {len(ids)} missing)",
            path=run_dir,
        )
    first: dict[str, int] = {}
    drawn: dict[str, int] = {}
    for pid in ids:
        i = pos[pid]
        fs = int(verdicts.first_success[i])
        horizon = int(verdicts.horizon[i])
        if fs < 0 and horizon < k:
            raise DataError(
                f"run of {name!r} is incomplete: problem {pid!r} has {horizon} of {k} samples "
                "scored and no success; re-run the build to finish it",
                path=run_dir,
            )
        first[pid] = fs if 0 <= fs < k else -1
        drawn[pid] = horizon
    return ModelOutcome(name, run_dir, first, drawn, k)


def tokens_used(run_dir: Path) -> int:
    """Prompt + completion tokens of the samples stored in ``run_dir`` (0 when absent)."""
    if not (run_dir / "manifest.json").is_file():
        return 0
    with open_run(run_dir) as store:
        table = store.samples(columns=["n_tokens", "prompt_tokens"])
    n = np.asarray(table.column("n_tokens").to_numpy(zero_copy_only=False), dtype=np.float64)
    p = np.asarray(
        table.column("prompt_tokens").fill_null(0).to_numpy(zero_copy_only=False),
        dtype=np.float64,
    )
    return int(n.sum() + p.sum())


def answers(run_dir: Path) -> dict[str, list[dict[str, Any]]]:
    """Per problem id: the stored samples' extracted answers and verdicts, in index order."""
    with open_run(run_dir) as store:
        table = store.samples(columns=["problem_id", "sample_index", "extracted", "correct"])
    out: dict[str, list[dict[str, Any]]] = {}
    for row in sorted(table.to_pylist(), key=lambda r: (r["problem_id"], r["sample_index"])):
        out.setdefault(row["problem_id"], []).append(
            {"index": row["sample_index"], "extracted": row["extracted"], "correct": row["correct"]}
        )
    return out
