"""inspect_ai task: MATH-B pass@k scored by the mathbeyond verifier.

    cd "$(dirname "$(mathb integrations path inspect)")" && inspect eval inspect_mathb.py \\
        --model openai/<name> --model-base-url http://127.0.0.1:8080/v1 \\
        -T dataset=math-beyond:intersection -T epochs=16

``epochs`` samples per problem; the reducers report ``pass_at_k`` for k in 1, 4, 16, ... up to
``epochs`` (inspect's unbiased estimator over the epochs) and the mean. Problems come from
:func:`mathbeyond.data.load_problems` (``MATHB_DATA_DIR`` applies; ``dataset`` defaults to env
``MATHB_TASK_DATASET`` or MATH-B-I). Loaded by path by inspect: absolute imports only.
"""

from __future__ import annotations

import asyncio

from inspect_ai import Epochs, Task, task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.scorer import (
    Score,
    Scorer,
    Target,
    accuracy,
    mean_score,
    pass_at,
    scorer,
    stderr,
)
from inspect_ai.solver import TaskState, generate

from mathbeyond.integrations._common import mathb_rows
from mathbeyond.verify import verify

# inspect's stop reasons of a completion cut off by a length limit (the verifier then takes no
# unanchored answer from it, as `mathb score` does with a sample whose finish reason is "length").
_CUT_OFF = frozenset({"max_tokens", "model_length"})


@scorer(metrics=[accuracy(), stderr()])
def mathb_verifier(timeout: float = 1.0) -> Scorer:
    """1.0 when the completion's final answer equals the target (hard-limited verifier).

    The verifier gets what ``mathb score`` gives it: the problem text (not the prompt) as the
    question and the sample's finish reason (``"length"`` when inspect stopped it at the token
    or context limit), so a harness score and ``mathb metrics`` agree on the same samples.
    """

    async def score(state: TaskState, target: Target) -> Score:
        completion = state.output.completion
        stop = str(state.output.stop_reason)
        problem = (state.metadata or {}).get("problem", state.input_text)
        verdict = await asyncio.to_thread(
            verify,
            completion,
            target.text,
            question=str(problem),
            timeout=timeout,
            finish_reason="length" if stop in _CUT_OFF else stop,
        )
        return Score(
            value=1.0 if verdict.correct else 0.0,
            answer=verdict.extracted,
            explanation=f"{verdict.status.value}: {verdict.reason}",
            metadata={"status": verdict.status.value, "rule": verdict.rule, "stop_reason": stop},
        )

    return score


@task
def mathb(
    dataset: str | None = None, epochs: int = 16, limit: int | None = None, timeout: float = 1.0
) -> Task:
    rows = mathb_rows(dataset, limit)
    samples = [
        Sample(
            id=r["id"], input=r["prompt"], target=r["answer"], metadata={"problem": r["problem"]}
        )
        for r in rows
    ]
    ks = [k for k in (1, 4, 16, 64, 256, 1024) if k <= epochs]
    return Task(
        dataset=MemoryDataset(samples, name=dataset or "mathb"),
        solver=generate(),
        scorer=mathb_verifier(timeout=timeout),
        epochs=Epochs(epochs, [mean_score(), *[pass_at(k) for k in ks]]),
    )
