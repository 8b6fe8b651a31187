"""The two halves of a verification, for callers that reuse one of them (Math-Verify's
``parse`` / ``verify`` split): a gold parsed once for its k samples, an extracted answer."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class ParsedGold:
    """A gold answer, parsed once (:func:`~mathbeyond.verify.parse_gold`); pass it to
    :func:`~mathbeyond.verify.verify` / :func:`~mathbeyond.verify.verify_batch` as the gold.

    ``kind`` is ``"integer"`` (``integer`` is set; the fast path), ``"rational"`` (a decimal or
    fraction: ``rational`` is set), ``"expression"`` (anything else: compared symbolically; its
    symbolic parse is made once per worker process and cached there) or ``"invalid"``
    (``problem`` says why: every verdict against it is ``unparseable_gold``).
    """

    text: str
    kind: str
    integer: int | None = None
    rational: Fraction | None = None
    problem: str | None = None


@dataclass(frozen=True)
class ExtractedAnswer:
    """The final committed answer of a completion (:func:`~mathbeyond.verify.extract`).

    ``text`` is None when there is none; ``kind`` says where it came from (``"boxed"``,
    ``"anchor"``: after "the answer is", ``"conclusion"``: a closing statement, ...), ``reason``
    explains a missing answer (``"no committed final answer"``, or the limit that was hit) and
    ``rule`` names the extraction rule that decided (as ``Verdict.rule``).
    """

    text: str | None
    kind: str | None
    reason: str
    rule: str | None = None
