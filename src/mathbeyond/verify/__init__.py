"""Answer verification (F1-F7 hardened), with hard CPU-time and memory limits.

``verify`` / ``verify_batch`` run the verifier core in killable worker processes: every item
gets at most ``timeout`` seconds of CPU time (not wall-clock time: verdicts do not depend on
machine load) and a capped address space, and is reported as ``Status.LIMIT_EXCEEDED`` when it
needs more. ``parse_gold`` / ``extract`` are the two halves (Math-Verify's ``parse`` /
``verify`` split): parse a gold once and pass it for all its samples; inspect an extraction.
"""

from ._api import (
    VerifyInputTypeError,
    VerifyInputValueError,
    extract,
    parse_gold,
    verify,
    verify_batch,
)
from ._batch import verify_chunks
from ._boxes import last_boxed
from ._core import VERIFIER_VERSION
from ._extract import explain_extraction
from ._limits import DEFAULT_TIMEOUT_S, Item, VerifierCrashError, memory_limit_mb
from ._parsed import ExtractedAnswer, ParsedGold
from ._types import Status, Verdict

__all__ = [
    "DEFAULT_TIMEOUT_S",
    "VERIFIER_VERSION",
    "ExtractedAnswer",
    "Item",
    "ParsedGold",
    "Status",
    "Verdict",
    "VerifierCrashError",
    "VerifyInputTypeError",
    "VerifyInputValueError",
    "explain_extraction",
    "extract",
    "last_boxed",
    "memory_limit_mb",
    "parse_gold",
    "verify",
    "verify_batch",
    "verify_chunks",
]
