"""Shared by the harness task files: problems through the project's loader, pass@k scoring."""

from __future__ import annotations

import os
from collections.abc import Sequence

# Absolute imports: the task files are loaded by path by the harnesses.
from mathbeyond.data import load_problems
from mathbeyond.metrics import pass_at_k
from mathbeyond.models import PROMPT_SUFFIX
from mathbeyond.verify import verify_batch

DATASET_ENV = "MATHB_TASK_DATASET"
DEFAULT_DATASET = "math-beyond:intersection"


def dataset_spec(spec: str | None = None) -> str:
    """The dataset a task evaluates: ``spec``, else env ``MATHB_TASK_DATASET``, else MATH-B-I."""
    return spec or os.environ.get(DATASET_ENV) or DEFAULT_DATASET


def mathb_rows(spec: str | None = None, limit: int | None = None) -> list[dict[str, str]]:
    """``{"id", "problem", "answer", "prompt"}`` per problem of ``spec`` (project loader)."""
    problems = load_problems(dataset_spec(spec))
    if limit is not None:
        problems = problems[:limit]
    return [
        {
            "id": p.id,
            "problem": p.problem,
            "answer": p.answer,
            "prompt": f"{p.problem} {PROMPT_SUFFIX}",
        }
        for p in problems
    ]


def score_samples(
    samples: Sequence[str], answer: str, problem: str | None, ks: Sequence[int]
) -> dict[str, float]:
    """``pass@k`` (unbiased estimator) for each ``k <= len(samples)`` plus ``correct`` count."""
    n = len(samples)
    verdicts = verify_batch(list(samples), [answer] * n, [problem] * n) if n else []
    c = sum(v.correct for v in verdicts)
    out = {f"pass@{k}": float(pass_at_k(n, c, k)) for k in ks if 0 < k <= n}
    out["correct"] = float(c)
    return out
