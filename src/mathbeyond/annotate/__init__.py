"""Topic and difficulty labels by an LLM judge (Omni-MATH style), cached and calibrated.

``annotate_problems(problems, backend=..., judge=..., cache=...)`` labels problems through any
sampling backend; ``apply_labels`` / ``label_columns`` put the labels into a dataset's
``topic`` / ``difficulty`` columns; ``calibrate`` measures a judge against known labels.
"""

from ._annotate import (
    AnnotateConfig,
    AnnotateResult,
    Estimate,
    Label,
    TokenCount,
    annotate_problems,
    apply_labels,
    estimate,
    label_columns,
    read_labels,
    run_annotation,
    write_labels,
)
from ._cache import JudgeCache, cache_path_for
from ._calibrate import (
    CALIBRATION_DATASETS,
    SUBJECTS,
    Calibration,
    KnownLabel,
    calibrate,
    calibration_dataset,
    choose,
    format_calibration,
    known_labels,
    spearman,
)
from ._parse import Reading, aggregate, median_rating, parse_reply, vote_domain
from ._prompt import (
    RESPONSE_FORMATS,
    judge_messages,
    judge_schema,
    prompt_version,
    response_format,
    text_hash,
)
from ._taxonomy import Taxonomy, taxonomy

__all__ = [
    "CALIBRATION_DATASETS",
    "RESPONSE_FORMATS",
    "SUBJECTS",
    "AnnotateConfig",
    "AnnotateResult",
    "Calibration",
    "Estimate",
    "JudgeCache",
    "KnownLabel",
    "Label",
    "Reading",
    "Taxonomy",
    "TokenCount",
    "aggregate",
    "annotate_problems",
    "apply_labels",
    "cache_path_for",
    "calibrate",
    "calibration_dataset",
    "choose",
    "estimate",
    "format_calibration",
    "judge_messages",
    "judge_schema",
    "known_labels",
    "label_columns",
    "median_rating",
    "parse_reply",
    "prompt_version",
    "read_labels",
    "response_format",
    "run_annotation",
    "spearman",
    "taxonomy",
    "text_hash",
    "vote_domain",
    "write_labels",
]
