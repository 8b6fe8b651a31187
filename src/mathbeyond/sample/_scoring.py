"""Scoring stored samples with the verifier (inline during sampling, or ``mathb score``).

Only the score columns (correct, status, extracted, verifier_version) are ever written; the
per-problem ``first_success``/``finished`` bookkeeping is recomputed from the new scores.
"""

from __future__ import annotations

import importlib
import logging
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .._errors import ConfigError, DataError, MathbError
from ..store import RunStore, ScoreUpdate, read_manifest
from ..verify import Verdict, memory_limit_mb
from ._outcomes import first_success

logger = logging.getLogger(__name__)

BatchVerifier = Callable[[list[str], list[str], list[str | None]], list[Verdict]]
FinishAwareVerifier = Callable[
    [list[str], list[str], list[str | None], list[str | None]], list[Verdict]
]


@dataclass(frozen=True)
class Scorer:
    """A batch verifier and the version string recorded with its verdicts."""

    version: str
    verify: BatchVerifier
    timeout: float | None = None
    """Seconds per sample (None: unknown, e.g. a custom verifier)."""
    memory_mb: int | None = None
    """Memory limit per verifier worker in MiB (None: unknown)."""
    verify_with_finish: FinishAwareVerifier | None = None
    """Like ``verify`` plus each sample's finish reason (``"length"``: cut off at the token
    limit, so the verifier takes no unanchored answer from it). None: a verifier that does not
    take finish reasons (custom scorers); ``score`` then calls ``verify``."""

    @property
    def identity(self) -> dict[str, Any]:
        """The manifest's ``verifier`` record: version, timeout, memory_mb."""
        return {"version": self.version, "timeout": self.timeout, "memory_mb": self.memory_mb}

    def score(
        self,
        texts: Sequence[str],
        golds: Sequence[str],
        questions: Sequence[str | None],
        finish_reasons: Sequence[str | None] | None = None,
    ) -> list[Verdict]:
        if finish_reasons is not None and self.verify_with_finish is not None:
            verdicts = self.verify_with_finish(
                list(texts), list(golds), list(questions), list(finish_reasons)
            )
        else:
            verdicts = self.verify(list(texts), list(golds), list(questions))
        if len(verdicts) != len(texts):
            raise MathbError(f"verifier returned {len(verdicts)} verdicts for {len(texts)} samples")
        return verdicts


def verifier_memory_mb() -> int:
    """The verifier workers' memory limit in MiB (the verifier's own reading of
    ``MATHB_VERIFY_MEMORY_MB``, default 1024)."""
    return memory_limit_mb()


def default_scorer(*, timeout: float | None = None, workers: int | None = None) -> Scorer | None:
    """The package verifier (``mathbeyond.verify.verify_batch``), or None if it is unavailable.

    ``timeout``: seconds per sample; None means the verifier's own default
    (``mathbeyond.verify.DEFAULT_TIMEOUT_S``).
    """
    module = importlib.import_module("mathbeyond.verify")
    batch = getattr(module, "verify_batch", None)
    version = getattr(module, "VERIFIER_VERSION", None)
    if batch is None or version is None:
        return None
    seconds = float(getattr(module, "DEFAULT_TIMEOUT_S", 1.0)) if timeout is None else timeout
    if isinstance(seconds, bool) or not (seconds > 0 and math.isfinite(seconds)):
        raise ConfigError(f"--verify-timeout must be a positive number of seconds, got {timeout}")

    def run(texts: list[str], golds: list[str], questions: list[str | None]) -> list[Verdict]:
        return list(batch(texts, golds, questions, timeout=seconds, workers=workers))

    def run_finish(
        texts: list[str],
        golds: list[str],
        questions: list[str | None],
        finish_reasons: list[str | None],
    ) -> list[Verdict]:
        return list(
            batch(
                texts, golds, questions, timeout=seconds, workers=workers,
                finish_reasons=finish_reasons,
            )
        )

    return Scorer(
        str(version), run, timeout=seconds, memory_mb=verifier_memory_mb(),
        verify_with_finish=run_finish,
    )


def score_pending(
    store: RunStore,
    scorer: Scorer,
    problems: Mapping[str, tuple[str, str | None]] | None = None,
    *,
    force: bool = False,
    batch_size: int = 512,
) -> int:
    """(Re)score stored samples; returns how many were scored.

    Without ``force`` only samples not yet scored by ``scorer.version`` are scored. ``problems``
    maps problem id -> (gold, question); by default it is read from the store's problem table.
    """
    if problems is None:
        problems = {s.problem_id: (s.gold, s.question) for s in store.problem_states()}
    done = 0
    skip = None if force else scorer.version
    for batch in store.iter_for_scoring(skip_version=skip, batch_size=batch_size):
        finish = store.finish_reasons([(pid, idx) for pid, idx, _ in batch])
        unknown = [pid for pid, _, _ in batch if pid not in problems]
        if unknown:
            raise DataError(
                f"sample of problem {unknown[0]!r} has no gold answer in the run",
                path=store.path,
            )
        golds = [problems[pid][0] for pid, _, _ in batch]
        questions = [problems[pid][1] for pid, _, _ in batch]
        verdicts = scorer.score([t for _, _, t in batch], golds, questions, finish)
        store.update_scores(
            ScoreUpdate(pid, idx, v.correct, v.status.value, v.extracted, scorer.version)
            for (pid, idx, _), v in zip(batch, verdicts, strict=True)
        )
        done += len(batch)
        logger.info("scored %d samples", done)
    return done


@dataclass(frozen=True)
class ScoreSummary:
    scored: int
    samples: int
    solved: int
    verifier_version: str


def score_run(
    path: str | Path,
    *,
    force: bool = False,
    scorer: Scorer | None = None,
    timeout: float | None = None,
) -> ScoreSummary:
    """``mathb score``: rescore a run directory's samples and refresh its bookkeeping.

    The manifest's ``verifier`` record is updated when every sample is now scored by this
    verifier with these limits: with ``force``, or when the version changed (all samples are
    rescored then). A new ``timeout`` for the same version needs ``force`` (else a warning).
    """
    active = scorer or default_scorer(timeout=timeout)
    if active is None:
        raise MathbError("the verifier is not available (mathbeyond.verify.verify_batch)")
    manifest = read_manifest(path)
    with RunStore.create_or_resume(path, manifest) as store:
        scored = score_pending(store, active, force=force)
        stored = manifest.verifier
        if stored != active.identity:
            if force or not stored or stored.get("version") != active.version:
                store.update_manifest(verifier=active.identity)
            else:
                logger.warning(
                    "samples keep their scores from verifier %s with %s; rescore them with "
                    "--force to record %s",
                    stored.get("version"), stored, active.identity,
                )
        outcomes = store.sample_outcomes()
        states = store.problem_states()
        updated = []
        for state in states:
            mine = outcomes.get(state.problem_id, {})
            updated.append(
                state.model_copy(
                    update={"finished": len(mine), "first_success": first_success(mine)}
                )
            )
        changed = [
            new.problem_id
            for old, new in zip(states, updated, strict=True)
            if old.first_success != new.first_success
        ]
        store.upsert_problem_states(updated)
        if changed and manifest.adaptive:
            logger.warning(
                "first success changed for %d problem(s) (e.g. %s); re-run `mathb sample` with the "
                "same options to complete the adaptive run",
                len(changed),
                changed[0],
            )
        return ScoreSummary(
            scored=scored,
            samples=store.count_samples(),
            solved=sum(1 for m in outcomes.values() if any(m.values())),
            verifier_version=active.version,
        )
