"""Answer verification (F1-F7 hardened), with hard time and memory limits.

``verify`` / ``verify_batch`` run the verifier core in killable worker processes: every item
gets at most ``timeout`` seconds of wall-clock time and a capped address space, and is reported
as ``Status.LIMIT_EXCEEDED`` when it needs more.
"""

from ._api import VerifyInputTypeError, VerifyInputValueError, verify, verify_batch
from ._batch import verify_chunks
from ._boxes import last_boxed
from ._core import VERIFIER_VERSION
from ._extract import explain_extraction
from ._limits import DEFAULT_TIMEOUT_S, Item, VerifierCrashError
from ._types import Status, Verdict

__all__ = [
    "DEFAULT_TIMEOUT_S",
    "VERIFIER_VERSION",
    "Item",
    "Status",
    "Verdict",
    "VerifierCrashError",
    "VerifyInputTypeError",
    "VerifyInputValueError",
    "explain_extraction",
    "last_boxed",
    "verify",
    "verify_batch",
    "verify_chunks",
]
