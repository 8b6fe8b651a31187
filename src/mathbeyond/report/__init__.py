"""Report: an HTML page (one self-contained file, PNGs alongside) with the paper's figures."""

from ._build import ReportOptions, ReportResult, build_report, infer_pairs
from ._problems import UnsolvedRow, unsolved_table

__all__ = [
    "ReportOptions",
    "ReportResult",
    "UnsolvedRow",
    "build_report",
    "infer_pairs",
    "unsolved_table",
]
