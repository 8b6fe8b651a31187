"""LightEval (0.13) custom task: MATH-B pass@k scored by the mathbeyond verifier.

    lighteval endpoint litellm "model_name=openai/<name>,base_url=http://127.0.0.1:8080/v1" \\
        "mathb|0" --custom-tasks $(mathb integrations path lighteval)

Problems come from :func:`mathbeyond.data.load_problems` (dataset from env
``MATHB_TASK_DATASET``, default MATH-B-I; ``MATHB_DATA_DIR`` applies). LightEval loads task data
with ``datasets.load_dataset(hf_repo)``, so this file writes the loaded problems once to a local
JSONL folder (``MATHB_CACHE_DIR`` or ``~/.cache/mathbeyond/lighteval``) and points ``hf_repo``
there. ``MATHB_TASK_SAMPLES`` (default 16) samples per problem are drawn; the metric reports the
unbiased ``pass@k`` for k = 1, 4, 16, ... <= that number. ``MATHB_TASK_MAX_TOKENS`` (default
4096) is the generation size (LightEval sends the task's, not the model's ``max_new_tokens``, as
``max_tokens``). LightEval asks for all samples of a problem in one request (``n``); a server
that ignores ``n`` (llama-cpp-python's ``llama_cpp.server`` does) returns one, and the metric
then stops the run with an error instead of reporting pass@k from too few samples (use
``MATHB_TASK_SAMPLES=1`` there). Loaded by path: absolute imports only.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

import numpy as np
from lighteval.metrics.metrics_sample import SampleLevelComputation, SamplingMetric
from lighteval.metrics.utils.metric_utils import SampleLevelMetricGrouping
from lighteval.models.model_output import ModelResponse
from lighteval.tasks.lighteval_task import LightevalTaskConfig
from lighteval.tasks.requests import Doc, SamplingMethod

from mathbeyond.integrations._common import dataset_spec, mathb_rows, score_samples

N_SAMPLES = int(os.environ.get("MATHB_TASK_SAMPLES", "16"))
MAX_TOKENS = int(os.environ.get("MATHB_TASK_MAX_TOKENS", "4096"))
KS = tuple(k for k in (1, 4, 16, 64, 256, 1024) if k <= N_SAMPLES)


def _data_dir(spec: str) -> str:
    """A folder with ``test.jsonl`` holding ``spec``'s problems (rewritten if they change)."""
    rows = mathb_rows(spec)
    text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    root = Path(os.environ.get("MATHB_CACHE_DIR", Path.home() / ".cache" / "mathbeyond"))
    folder = root / "lighteval" / digest
    target = folder / "test.jsonl"
    if not target.is_file():
        folder.mkdir(parents=True, exist_ok=True)
        tmp = folder / f".test.jsonl.{os.getpid()}"
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, target)
    return str(folder)


def mathb_prompt(line: dict[str, Any], task_name: str = "mathb") -> Doc:
    return Doc(
        task_name=task_name,
        query=line["prompt"],
        choices=[line["answer"]],
        gold_index=0,
        specific={"id": line["id"], "problem": line["problem"], "answer": line["answer"]},
    )


class MathbPassAtK(SamplingMetric, SampleLevelComputation):
    """pass@k for each k in ``ks`` from the ``n`` samples, verified by mathbeyond."""

    def __init__(self, n: int, ks: tuple[int, ...]) -> None:
        super().__init__()
        self.n = n
        self.ks = ks

    def compute(self, doc: Doc, model_response: ModelResponse, **kwargs: Any) -> dict[str, float]:
        specific = doc.specific or {}
        answer = specific.get("answer", doc.choices[doc.gold_index] if doc.choices else "")
        samples = [str(t) for t in model_response.text[: self.n]]
        if len(samples) < self.n:
            raise ValueError(
                f"mathb: {len(samples)} sample(s) of the {self.n} requested for problem "
                f"{specific.get('id', '?')}: the endpoint ignored `n` (llama_cpp.server does) or a "
                "request failed; pass@k from fewer samples would be wrong. Use a server that "
                "honours n, or MATHB_TASK_SAMPLES=1."
            )
        scores = score_samples(samples, str(answer), specific.get("problem"), self.ks)
        return {f"pass@{k}": scores.get(f"pass@{k}", 0.0) for k in self.ks}

    def num_samples(self) -> int:
        return self.n


mathb_pass_at_k = SampleLevelMetricGrouping(
    metric_name=[f"pass@{k}" for k in KS],
    higher_is_better=dict.fromkeys((f"pass@{k}" for k in KS), True),
    category=SamplingMethod.GENERATIVE,
    sample_level_fn=MathbPassAtK(N_SAMPLES, KS),
    corpus_level_fn=np.mean,
)

mathb = LightevalTaskConfig(
    name="mathb",
    prompt_function=mathb_prompt,
    hf_repo=_data_dir(dataset_spec()),
    hf_subset="default",
    hf_avail_splits=["test"],
    evaluation_splits=["test"],
    few_shots_split=None,
    few_shots_select=None,
    generation_size=MAX_TOKENS,
    stop_sequence=[],
    metrics=[mathb_pass_at_k],
    version=1,
)

TASKS_TABLE = [mathb]
