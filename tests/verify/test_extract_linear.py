"""Linear-time forms in ``_extract`` equal the patterns they replace."""

from __future__ import annotations

import random

from mathbeyond.verify._extract import _asking_sentence


def _reference(question: str) -> str:
    """The last "?" and the text since the sentence end before it, by a plain scan: a sentence
    ends at ".", "!" or "?" followed by a blank, not at a decimal point ("2.5") nor inside an
    ellipsis ("15, ...?": ``asking-sentence-ellipsis``)."""
    q = question[-2000:]
    mark = q.rfind("?")
    if mark < 0:
        return question
    start = 0
    for i in range(mark):
        if q[i] in ".!?" and q[i + 1].isspace() and not (i > 0 and q[i - 1] == "."):
            start = i + 1
    return q[start : mark + 1]


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

