"""lm-eval hooks for the MATH-B tasks (loaded by path by lm-eval; absolute imports only)."""

from __future__ import annotations

from typing import Any

from mathbeyond.integrations._common import mathb_rows, score_samples

KS = (1, 4, 16)


def load_mathb(dataset: str | None = None, limit: int | None = None, **_: Any) -> dict[str, Any]:
    """lm-eval ``custom_dataset``: ``{"test": datasets.Dataset}`` from mathbeyond's loader."""
    import datasets

    return {"test": datasets.Dataset.from_list(mathb_rows(dataset, limit))}


def doc_to_text(doc: dict[str, Any]) -> str:
    return str(doc["prompt"])


def process_results(doc: dict[str, Any], results: list[Any]) -> dict[str, float]:
    """All ``repeats`` samples of one problem (after ``take_first_k``) -> pass@k."""
    samples = results[0] if results and isinstance(results[0], list) else results
    scores = score_samples([str(s) for s in samples], doc["answer"], doc["problem"], KS)
    return {f"pass@{k}": scores[f"pass@{k}"] for k in KS if f"pass@{k}" in scores}
