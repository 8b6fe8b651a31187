"""Task files for evaluation harnesses and reward files for trainers, shipped with the package.

``mathb integrations path NAME`` prints where each lives:

* ``lm-eval``: a folder of lm-eval 0.4 task YAMLs (``--include_path``), one per MATH-B split,
  pass@k through this project's verifier (``repeats`` + a keep-all filter + ``process_results``).
* ``inspect``: an inspect_ai task file (``inspect eval FILE``), ``epochs=Epochs(n, pass_at(k))``.
* ``lighteval``: a LightEval 0.13 custom task file (``--custom-tasks FILE``).
* ``verl`` / ``openrlhf``: the reward files those trainers load by path.

Each task reads problems through :func:`mathbeyond.data.load_problems` (so ``MATHB_DATA_DIR``
applies) and scores with :func:`mathbeyond.verify.verify_batch`. :func:`read_harness_log` reads
what each harness logged (samples and its reported pass@k) and :func:`write_harness_run` stores
those samples as a run, so ``mathb score`` / ``mathb metrics`` check the harness's numbers
(``mathb integrations import``).
"""

from __future__ import annotations

from pathlib import Path

from .._errors import ConfigError
from ._common import DATASET_ENV, DEFAULT_DATASET, mathb_rows, score_samples
from ._logs import READERS, HarnessLog, HarnessProblem, read_harness_log, write_harness_run

_HERE = Path(__file__).resolve().parent

INTEGRATIONS: dict[str, str] = {
    "lm-eval": "lm_eval_tasks",
    "inspect": "inspect_mathb.py",
    "lighteval": "lighteval_mathb.py",
    "verl": "../rewards/_verl.py",
    "openrlhf": "../rewards/_openrlhf.py",
}


def integration_path(name: str) -> Path:
    """Where the files for ``name`` (see :data:`INTEGRATIONS`) are installed."""
    rel = INTEGRATIONS.get(name)
    if rel is None:
        raise ConfigError(f"no integration {name!r}; known: {', '.join(sorted(INTEGRATIONS))}")
    return (_HERE / rel).resolve()


__all__ = [
    "DATASET_ENV",
    "DEFAULT_DATASET",
    "INTEGRATIONS",
    "READERS",
    "HarnessLog",
    "HarnessProblem",
    "integration_path",
    "mathb_rows",
    "read_harness_log",
    "score_samples",
    "write_harness_run",
]
