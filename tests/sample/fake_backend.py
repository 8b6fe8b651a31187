"""A deterministic fake backend for engine/store tests (registered as ``fake``).

The text of sample ``seed`` depends only on the seed and the prompt: prompts containing
``p=<prob>`` and ``gold=<answer>`` produce ``\\boxed{gold}`` with probability ``prob``, else a
wrong box. Options: ``delay`` (seconds per completion), ``fail_after`` (raise after that many
completions, simulating a crash), ``order`` (``forward``, ``reverse`` or ``shuffle`` within a
call, to exercise out-of-order arrival).
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Iterator, Sequence

from mathbeyond.sample import Completion, SampleRequest, prompt_text, register_backend

_P = re.compile(r"p=([0-9.]+)")
_GOLD = re.compile(r"gold=(\S+)")


class Crash(RuntimeError):
    """Raised by ``fail_after`` to simulate a process dying mid-run."""


def sample_text(prompt: str, seed: int) -> str:
    rng = random.Random(seed)
    pm, gm = _P.search(prompt), _GOLD.search(prompt)
    p = float(pm.group(1)) if pm else 0.0
    gold = gm.group(1) if gm else "0"
    words = " ".join("step" for _ in range(rng.randint(1, 12)))
    answer = gold if rng.random() < p else f"{gold}9{rng.randint(0, 9)}"
    return f"{words} so the answer is \\boxed{{{answer}}}"


@register_backend("fake", neutral=("delay", "fail_after", "order"))
class FakeBackend:
    name = "fake"

    def __init__(
        self, delay: float = 0.0, fail_after: int | None = None, order: str = "forward"
    ) -> None:
        self.delay = float(delay)
        self.fail_after = None if fail_after is None else int(fail_after)
        self.order = order
        self.calls: list[list[SampleRequest]] = []
        self.emitted = 0

    def generate(self, requests: Sequence[SampleRequest]) -> Iterator[Completion]:
        self.calls.append(list(requests))
        items = [(r, j) for r in requests for j in range(r.n)]
        if self.order == "reverse":
            items.reverse()
        elif self.order == "shuffle":
            random.Random(len(items)).shuffle(items)
        for r, j in items:
            if self.fail_after is not None and self.emitted >= self.fail_after:
                raise Crash(f"simulated crash after {self.emitted} completions")
            if self.delay:
                time.sleep(self.delay)
            text = sample_text(prompt_text(r.prompt), r.seed + j)
            self.emitted += 1
            yield Completion(
                key=r.key,
                sample_index=r.start_index + j,
                seed=r.seed + j,
                text=text,
                n_tokens=len(text.split()),
                finish_reason="stop",
                prompt_tokens=3,
            )

    def close(self) -> None:
        pass


@register_backend("fake-hf", artifact="hf", neutral=("delay",))
class FakeHFBackend(FakeBackend):
    """``fake`` behind a HF-checkpoint interface (``--model`` = Hub id or directory)."""

    name = "fake-hf"

    def __init__(self, model: str, revision: str | None = None, delay: float = 0.0) -> None:
        super().__init__(delay=delay)
        self.model, self.revision = model, revision


@register_backend("fake-gguf", artifact="gguf", neutral=("n_threads",))
class FakeGgufBackend(FakeBackend):
    """``fake`` behind a GGUF-file interface; fails to start like llama.cpp on a bad file."""

    name = "fake-gguf"

    def __init__(self, model_path: str | None = None, n_threads: int = 1,
                 temperature_bias: float = 0.0) -> None:
        super().__init__()
        if model_path is not None and open(model_path, "rb").read(4) != b"GGUF":  # noqa: SIM115
            raise ValueError(f"Failed to load model from file: {model_path}")
        self.model_path, self.n_threads, self.bias = model_path, n_threads, temperature_bias


@register_backend("fake-broken")
class BrokenBackend(FakeBackend):
    """A backend whose start fails (as a server or library would)."""

    name = "fake-broken"

    def __init__(self) -> None:
        raise RuntimeError("CUDA out of memory while loading weights")
