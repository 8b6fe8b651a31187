"""Build a run directory for the browser tests and benchmark."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from mathbeyond.store import ProblemState, RunManifest, RunStore, SampleRecord, ScoreUpdate

HOSTILE = '</script><script>window.PWNED=1</script><img src=x onerror="window.PWNED=2">'


def make_run(path: Path, *, problems: int = 3, k: int = 8, text_chars: int = 400) -> Path:
    manifest = RunManifest.model_validate(
        dict(
            run_id="run-view",
            created_at="2026-01-01T00:00:00Z",
            model="smollm2-135m",
            backend="fake",
            preset={"temperature": 0.6, "top_p": 0.95, "max_tokens": 64, "top_k": 0, "min_p": 0.0},
            prompt_template="t1",
            dataset="math500",
            split="test",
            k=k,
            seed=0,
        )
    )
    statuses = ["correct", "incorrect", "no_answer", "limit_exceeded"]
    with RunStore.create_or_resume(path, manifest) as store:
        records, updates, states = [], [], []
        for p in range(problems):
            pid = f"p{p:04d}"
            gold = str(p + 2)
            for i in range(k):
                st = statuses[(i + p) % 4]
                body = f"Sample {i} of {pid}. " + "We reason carefully. " * (text_chars // 21)
                if i == 1:
                    body += HOSTILE
                text = body + (f" \\boxed{{{gold}}}" if st == "correct" else " \\boxed{0}")
                records.append(
                    SampleRecord(
                        run_id="run-view",
                        problem_id=pid,
                        sample_index=i,
                        seed=i,
                        text=text,
                        n_tokens=len(text) // 4,
                        finish_reason="stop",
                    )
                )
                extracted = gold if st == "correct" else ("0" if st == "incorrect" else None)
                updates.append(
                    ScoreUpdate(
                        problem_id=pid,
                        sample_index=i,
                        correct=st == "correct",
                        status=st,
                        extracted=extracted,
                        verifier_version="2.0.0",
                    )
                )
            states.append(
                ProblemState(
                    problem_id=pid,
                    gold=gold,
                    target_k=k,
                    launched=k,
                    finished=k,
                    question=f"What is {p} + 2?",
                )
            )
        store.add_samples(records)
        store.update_scores(updates)
        store.upsert_problem_states(states)
    return path


@pytest.fixture
def run_dir(tmp_path: Path) -> Path:
    return make_run(tmp_path / "run")


@pytest.fixture
def run_factory() -> Callable[..., Path]:
    return make_run
