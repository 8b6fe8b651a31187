"""mathbeyond: measure whether RL post-training expanded a model's reasoning boundary.

Pipeline: ``data -> verify -> sample (backends) -> store -> metrics -> report``.
"""

from ._errors import ConfigError, DataError, MathbError, MissingExtraError
from ._version import __version__
from .data import Dataset, Problem
from .models import ModelSpec, SamplingPreset, get_model
from .verify import VERIFIER_VERSION, Status, Verdict, verify, verify_batch

__all__ = [
    "VERIFIER_VERSION",
    "ConfigError",
    "DataError",
    "Dataset",
    "MathbError",
    "MissingExtraError",
    "ModelSpec",
    "Problem",
    "SamplingPreset",
    "Status",
    "Verdict",
    "__version__",
    "get_model",
    "verify",
    "verify_batch",
]
