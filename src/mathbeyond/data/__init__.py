"""Data layer: problem records, MATH-B views, source pools and dedup benchmarks.

``load_problems("math-beyond:intersection")`` gives MATH-B-I; ``load_dataset(name)`` gives every
split of a registered dataset (see :func:`dataset_names`). Local data (``MATHB_DATA_DIR`` /
``--data-dir``) takes precedence over the pinned Hub files. Problem ids are ``{dataset}/{index}``.
"""

from ._demo import demo_problems_path
from ._export import ExportFormat, export_problems
from ._load import (
    DatasetUnavailableError,
    clear_cache,
    load_dataset,
    load_file,
    load_problems,
    parse_spec,
    resolve_data_dir,
)
from ._registry import DatasetSpec, all_specs, dataset_names, get_spec
from ._text import last_boxed, strip_prompt_template
from ._types import Dataset, Problem

__all__ = [
    "Dataset",
    "DatasetSpec",
    "DatasetUnavailableError",
    "ExportFormat",
    "Problem",
    "all_specs",
    "clear_cache",
    "dataset_names",
    "demo_problems_path",
    "export_problems",
    "get_spec",
    "last_boxed",
    "load_dataset",
    "load_file",
    "load_problems",
    "parse_spec",
    "resolve_data_dir",
    "strip_prompt_template",
]
