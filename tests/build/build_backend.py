"""A deterministic test backend for build tests (registered as ``buildfake``).

Like ``tests/sample/fake_backend.py``: a prompt with ``p=<prob>`` and ``gold=<answer>`` gives
``\\boxed{gold}`` with probability ``prob``; option ``solve`` overrides ``prob`` for every prompt
(an "oracle" GT-check model), ``delay`` sleeps per completion (to kill a run mid-stage).
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Iterator, Sequence

from mathbeyond.sample import Completion, SampleRequest, prompt_text, register_backend

_P = re.compile(r"p=([0-9.]+)")
_GOLD = re.compile(r"gold=(\S+)")


@register_backend("buildfake")
class BuildFakeBackend:
    name = "buildfake"

    def __init__(self, solve: float | None = None, delay: float = 0.0) -> None:
        self.solve = None if solve is None else float(solve)
        self.delay = float(delay)

    def generate(self, requests: Sequence[SampleRequest]) -> Iterator[Completion]:
        for r in requests:
            prompt = prompt_text(r.prompt)
            pm, gm = _P.search(prompt), _GOLD.search(prompt)
            p = self.solve if self.solve is not None else float(pm.group(1)) if pm else 0.0
            gold = gm.group(1) if gm else "0"
            for j in range(r.n):
                if self.delay:
                    time.sleep(self.delay)
                rng = random.Random(r.seed + j)
                answer = gold if rng.random() < p else f"{gold}9{rng.randint(0, 9)}"
                text = f"{'step ' * rng.randint(1, 5)}so the answer is \\boxed{{{answer}}}"
                yield Completion(
                    key=r.key,
                    sample_index=r.start_index + j,
                    seed=r.seed + j,
                    text=text,
                    n_tokens=len(text.split()),
                    finish_reason="stop",
                    prompt_tokens=10,
                )

    def close(self) -> None:
        pass
