"""Metrics: pass@k estimators, reachable sets, Expansion/Shrinkage/Preservation/Consolidation,
bootstrap and Wilson intervals (pure numpy over per-problem verdicts)."""

from ._compare import (
    R1_DEFINITIONS,
    Comparison,
    ExpansionCurve,
    R1Mode,
    Rate,
    compare,
    expansion_curve,
    r1_mask,
    reachable_mask,
    reachable_set,
)
from ._curves import PassCurve, default_k_max, pass_at_k_table, pass_curves, power_of_two_ks
from ._load import load_run
from ._passk import (
    empirical_pass_at_k,
    empirical_pass_at_k_curve,
    first_success_index,
    marginal_gain,
    mean_empirical_pass_at_k,
    mean_pass_at_k,
    pass_at_k,
    pass_at_k_curve,
)
from ._synthetic import write_verdict_run
from ._uncertainty import (
    Interval,
    bootstrap_columns,
    bootstrap_mean,
    bootstrap_ratio,
    bootstrap_weights,
    percentile_interval,
    resampled_means,
    wilson_interval,
)
from ._verdicts import UNSCORED, RunVerdicts, align

__all__ = [
    "R1_DEFINITIONS",
    "UNSCORED",
    "Comparison",
    "ExpansionCurve",
    "Interval",
    "PassCurve",
    "R1Mode",
    "Rate",
    "RunVerdicts",
    "align",
    "bootstrap_columns",
    "bootstrap_mean",
    "bootstrap_ratio",
    "bootstrap_weights",
    "compare",
    "default_k_max",
    "empirical_pass_at_k",
    "empirical_pass_at_k_curve",
    "expansion_curve",
    "first_success_index",
    "load_run",
    "marginal_gain",
    "mean_empirical_pass_at_k",
    "mean_pass_at_k",
    "pass_at_k",
    "pass_at_k_curve",
    "pass_at_k_table",
    "pass_curves",
    "percentile_interval",
    "power_of_two_ks",
    "r1_mask",
    "reachable_mask",
    "reachable_set",
    "resampled_means",
    "wilson_interval",
    "write_verdict_run",
]
