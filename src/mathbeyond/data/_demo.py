"""The problems `mathb demo` runs, shipped inside the package (no data folder, no Hub needed).

``demo_easy.jsonl`` holds 12 MATH training problems (Hendrycks et al., 2021; MIT licence), taken
from the MATH train file of the DeepScaleR repository (``deepscaler/data/train/math.json`` in
agentica-project/deepscaler at commit 95ef74f, the ``math-train`` dataset here) by a fixed rule,
not by how any model does on them: the first 12 rows, in file order, of Level 1 Algebra or
Prealgebra with an integer answer, a problem text of at most 200 characters and no figure.
They are GSM8K-level word and arithmetic problems. The file is in the export format (ids kept:
``math-train/ROW``, the same ids the ``math-train`` dataset gives them); each row's metadata
names its origin and licence.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

DEMO_FILE = "demo_easy.jsonl"


def demo_problems_path() -> Path:
    """Path of the shipped demo problems (a ``file:`` dataset)."""
    return Path(str(files("mathbeyond.data").joinpath(DEMO_FILE)))
