"""Construction pipeline (``mathb build``): build a MATH-B from source pools.

Stages ``pool -> filter -> dedup -> prescreen -> gtcheck -> passk -> splits -> export`` run over a
build directory, driven by a small TOML config (:func:`load_config`); :func:`run_build` runs
what is missing and resumes after any crash, :func:`build_status` gives the funnel. It stands on
the public APIs of ``data``, ``verify``, ``sample``, ``store`` and ``metrics``.
"""

from ._config import (
    DEFAULT_EVAL_SETS,
    FILTERS,
    STAGES,
    BuildConfig,
    DedupConfig,
    ExportConfig,
    FilterConfig,
    GtcheckConfig,
    ModelConfig,
    PasskConfig,
    PoolSource,
    PrescreenConfig,
    load_config,
    parse_config,
)
from ._dedup import Match, exact_key, find_duplicates, jaccard, normalize, shingles
from ._export import BUILD_MANIFEST, mathb_table
from ._filters import (
    Removal,
    apply_filters,
    cjk,
    empty_or_garbled,
    figure_reference,
    integer_gold_details,
    multiple_choice,
)
from ._runner import BudgetExceededError, build_status, funnel_rows, run_build

__all__ = [
    "BUILD_MANIFEST",
    "DEFAULT_EVAL_SETS",
    "FILTERS",
    "STAGES",
    "BudgetExceededError",
    "BuildConfig",
    "DedupConfig",
    "ExportConfig",
    "FilterConfig",
    "GtcheckConfig",
    "Match",
    "ModelConfig",
    "PasskConfig",
    "PoolSource",
    "PrescreenConfig",
    "Removal",
    "apply_filters",
    "build_status",
    "cjk",
    "empty_or_garbled",
    "exact_key",
    "figure_reference",
    "find_duplicates",
    "funnel_rows",
    "integer_gold_details",
    "jaccard",
    "load_config",
    "mathb_table",
    "multiple_choice",
    "normalize",
    "parse_config",
    "run_build",
    "shingles",
]
