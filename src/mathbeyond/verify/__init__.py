"""Answer verification (F1-F7 hardened), with hard time and memory limits."""

from ._api import verify
from ._types import Status, Verdict

__all__ = ["Status", "Verdict", "verify"]
