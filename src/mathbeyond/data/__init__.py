"""Data layer: problem records, MATH-B views, source pools and dedup benchmarks."""

from ._types import Dataset, Problem

__all__ = ["Dataset", "Problem"]
