"""Scoring passes each stored sample's finish reason to the verifier (issue 16, item 3).

A sample cut off at the token limit (``finish_reason="length"``) yields no unanchored answer: its
prose may stop in the middle of a sentence, so a trailing value there is not a commitment.
"""

from __future__ import annotations

from pathlib import Path

from mathbeyond.sample import default_scorer
from mathbeyond.store import ProblemState, RunManifest, RunStore, SampleRecord, open_run

_TEXT = "We check small cases first. So we get 7."


def _manifest() -> RunManifest:
    return RunManifest.model_validate(
        dict(
            run_id="run-f", created_at="2026-01-01T00:00:00Z", model="smollm2-135m",
            backend="fake", preset={"temperature": 0.6, "top_p": 0.95, "max_tokens": 64},
            prompt_template="t1", dataset="math500", split="test", k=2, seed=0,
        )
    )


def _rec(idx: int, finish: str) -> SampleRecord:
    return SampleRecord(
        run_id="run-f", problem_id="p", sample_index=idx, seed=idx, text=_TEXT,
        n_tokens=12, finish_reason=finish,
    )


def test_score_pending_passes_finish_reasons(tmp_path: Path) -> None:
    from mathbeyond.sample import score_pending  # public re-export

    scorer = default_scorer(workers=1)
    assert scorer is not None
    with RunStore.create_or_resume(tmp_path / "r", _manifest()) as store:
        store.upsert_problem_states(
            [ProblemState(problem_id="p", gold="7", target_k=2, question="What is 3 + 4?")]
        )
        store.add_samples([_rec(0, "stop"), _rec(1, "length")])
        assert store.finish_reasons([("p", 1), ("p", 0), ("p", 9)]) == ["length", "stop", None]
        assert score_pending(store, scorer) == 2
    with open_run(tmp_path / "r") as run:
        table = run.samples(["sample_index", "status", "correct"]).to_pydict()
        assert table["sample_index"] == [0, 1]
        assert table["status"] == ["correct", "no_answer"]
        assert table["correct"] == [True, False]


def test_scorer_without_finish_support_still_works() -> None:
    from mathbeyond.sample import Scorer

    calls: list[int] = []

    def verify(texts: list[str], golds: list[str], qs: list[str | None]) -> list:  # type: ignore[type-arg]
        calls.append(len(texts))
        base = default_scorer(workers=1)
        assert base is not None
        return base.score(texts, golds, qs)

    scorer = Scorer("custom", verify)
    verdicts = scorer.score([_TEXT], ["7"], [None], ["length"])
    assert calls == [1] and verdicts[0].correct  # a custom verifier ignores finish reasons
