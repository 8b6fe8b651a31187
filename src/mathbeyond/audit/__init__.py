"""Audit answer verifiers and reward functions on failure modes F1–F7 and reward hacking.

``run_audit(refs, load_corpus())`` runs every corpus case through each verifier (a built-in
name from ``BUILTINS``, ``module:function`` or ``path.py:function``) in isolated, time-limited
worker processes; ``summarize`` turns the outcomes into the paper's Table-3 cells.
"""

from ._adapt import adapt, signature_kind
from ._builtins import BUILTINS, Builtin
from ._corpus import CORPUS_VERSION, MODE_TITLES, MODES, Case, load_corpus
from ._matrix import (
    PAPER_TABLE3,
    RESILIENT_MAX,
    VULNERABLE_MIN,
    Cell,
    VerifierSummary,
    dumps_json,
    render_html_section,
    render_markdown,
    render_text,
    summarize,
    to_json,
)
from ._runner import DEFAULT_TIMEOUT_S, CaseOutcome, VerifierRun, run_audit, run_verifier

__all__ = [
    "BUILTINS",
    "CORPUS_VERSION",
    "DEFAULT_TIMEOUT_S",
    "MODES",
    "MODE_TITLES",
    "PAPER_TABLE3",
    "RESILIENT_MAX",
    "VULNERABLE_MIN",
    "Builtin",
    "Case",
    "CaseOutcome",
    "Cell",
    "VerifierRun",
    "VerifierSummary",
    "adapt",
    "dumps_json",
    "load_corpus",
    "render_html_section",
    "render_markdown",
    "render_text",
    "run_audit",
    "run_verifier",
    "signature_kind",
    "summarize",
    "to_json",
]
