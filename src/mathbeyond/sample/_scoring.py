"""Scoring stored samples with the verifier (inline during sampling, or ``mathb score``).

Only the score columns (correct, status, extracted, verifier_version) are ever written; the
per-problem ``first_success``/``finished`` bookkeeping is recomputed from the new scores.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from .._errors import DataError, MathbError
from ..store import RunStore, ScoreUpdate, read_manifest
from ..verify import Verdict
from ._outcomes import first_success

logger = logging.getLogger(__name__)

BatchVerifier = Callable[[list[str], list[str], list[str | None]], list[Verdict]]


@dataclass(frozen=True)
class Scorer:
    """A batch verifier and the version string recorded with its verdicts."""

    version: str
    verify: BatchVerifier

    def score(
        self, texts: Sequence[str], golds: Sequence[str], questions: Sequence[str | None]
    ) -> list[Verdict]:
        verdicts = self.verify(list(texts), list(golds), list(questions))
        if len(verdicts) != len(texts):
            raise MathbError(f"verifier returned {len(verdicts)} verdicts for {len(texts)} samples")
        return verdicts


def default_scorer(*, timeout: float = 1.0, workers: int | None = None) -> Scorer | None:
    """The package verifier (``mathbeyond.verify.verify_batch``), or None if it is unavailable."""
    module = importlib.import_module("mathbeyond.verify")
    batch = getattr(module, "verify_batch", None)
    version = getattr(module, "VERIFIER_VERSION", None)
    if batch is None or version is None:
        return None

    def run(texts: list[str], golds: list[str], questions: list[str | None]) -> list[Verdict]:
        return list(batch(texts, golds, questions, timeout=timeout, workers=workers))

    return Scorer(str(version), run)


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
        unknown = [pid for pid, _, _ in batch if pid not in problems]
        if unknown:
            raise DataError(
                f"sample of problem {unknown[0]!r} has no gold answer in the run",
                path=store.path,
            )
        golds = [problems[pid][0] for pid, _, _ in batch]
        questions = [problems[pid][1] for pid, _, _ in batch]
        verdicts = scorer.score([t for _, _, t in batch], golds, questions)
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
    path: str | Path, *, force: bool = False, scorer: Scorer | None = None
) -> ScoreSummary:
    """``mathb score``: rescore a run directory's samples and refresh its bookkeeping."""
    active = scorer or default_scorer()
    if active is None:
        raise MathbError("the verifier is not available (mathbeyond.verify.verify_batch)")
    manifest = read_manifest(path)
    with RunStore.create_or_resume(path, manifest) as store:
        scored = score_pending(store, active, force=force)
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
