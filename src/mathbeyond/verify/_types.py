"""The verifier's result type."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Status(str, Enum):
    CORRECT = "correct"
    INCORRECT = "incorrect"
    NO_ANSWER = "no_answer"
    UNPARSEABLE_GOLD = "unparseable_gold"
    LIMIT_EXCEEDED = "limit_exceeded"


@dataclass(frozen=True)
class Verdict:
    """Outcome of verifying one completion against one gold answer.

    ``correct`` is True only for ``Status.CORRECT``. ``extracted`` is the final committed answer
    as text (None when there is none). ``reason`` is a short human-readable explanation.
    ``rule`` names the extraction rule that decided which answer counts (see
    ``mathbeyond.verify._rules``; e.g. ``"last-box"``, ``"later-box-is-side-remark"``,
    ``"answer-not-in-asked-form"``), or None when no rule ran (limits, bad gold).
    """

    correct: bool
    status: Status
    extracted: str | None
    reason: str
    rule: str | None = None

    def as_dict(self) -> dict[str, object]:
        return {
            "correct": self.correct,
            "status": self.status.value,
            "extracted": self.extracted,
            "reason": self.reason,
            "rule": self.rule,
        }
