"""Linear-time forms in ``_extract`` equal the patterns they replace."""

from __future__ import annotations

import random
import re

from mathbeyond.verify._extract import _asking_sentence

_QUESTION_SENTENCE_RE = re.compile(r"[^.?!]*\?")


def _reference(question: str) -> str:
    asks = _QUESTION_SENTENCE_RE.findall(question[-2000:])
    return asks[-1] if asks else question


def test_asking_sentence_is_the_last_match_of_the_sentence_pattern() -> None:
    rng = random.Random(5)
    alphabet = "ab .?!\n$x"
    for _ in range(5_000):
        q = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40)))
        assert _asking_sentence(q) == _reference(q), repr(q)
    long_q = "Some words. " * 300 + "How many? " + "more " * 200
    assert _asking_sentence(long_q) == _reference(long_q) == " How many?"
    far = "word " * 1000 + "How many? " + "more " * 600  # the mark before the last 2,000
    assert _asking_sentence(far) == _reference(far) == far

