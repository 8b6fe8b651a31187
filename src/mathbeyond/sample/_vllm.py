"""Offline vLLM backend (GPU): one ``LLM`` with prefix caching, one batched ``generate`` per call.

* Prompts: chat messages are rendered with the model's own chat template
  (``tokenizer.apply_chat_template(..., add_generation_prompt=True, tokenize=False)``) and
  tokenized without extra special tokens (the template already has them); raw text is
  tokenized as vLLM would (special tokens added). Token ids go to vLLM as
  ``{"prompt_token_ids": ...}``, so the prompt length is exact and ``max_tokens`` is capped at
  ``max_model_len - prompt_tokens``.
* Seeds: each request becomes ``SamplingParams(n=request.n, seed=request.seed)``. vLLM gives
  child sample ``i`` of a request seed ``seed + i``: ``ParentRequest._get_child_sampling_params``
  in ``vllm/v1/engine/parallel_sampling.py`` sets ``child_sampling_params.seed = seed + index``
  (same layout as the V0 ``SequenceGroup``'s ``_get_child_sampling_params``). So a request for
  samples ``[start, start + n)`` with seed ``problem_seed + start`` never overlaps another chunk,
  which is exactly the protocol's convention (``sample/_backend.py``).
* ``top_k=0`` (disabled in our presets) is sent as ``-1``, which every vLLM version accepts
  (versions before 0.8.5 reject 0).
* ``generate`` submits all requests of a call in a single ``llm.generate`` batch, so vLLM's
  scheduler sees all of them at once; completions are yielded when the batch returns.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Sequence
from typing import Any

from .._errors import ConfigError
from .._optional import require
from ._backend import Completion, Prompt, SampleRequest, register_backend
from ._presets import cap_max_tokens

logger = logging.getLogger(__name__)


def sampling_kwargs(request: SampleRequest, max_tokens: int) -> dict[str, Any]:
    """Keyword arguments of ``vllm.SamplingParams`` for ``request``."""
    params = request.params
    return {
        "n": request.n,
        "temperature": params.temperature,
        "top_p": params.top_p,
        "top_k": params.top_k if params.top_k > 0 else -1,
        "min_p": params.min_p,
        "max_tokens": max_tokens,
        "seed": request.seed,
    }


def completions_from_output(
    request: SampleRequest, output: Any, prompt_tokens: int
) -> list[Completion]:
    """Convert one vLLM ``RequestOutput`` into Completions (sample i -> seed ``seed + i``)."""
    outputs = list(output.outputs)
    if len(outputs) != request.n:
        raise ConfigError(
            f"vLLM returned {len(outputs)} samples for request {request.key!r}, "
            f"expected {request.n}"
        )
    completions = []
    for position, sample in enumerate(outputs):
        index = getattr(sample, "index", position)
        completions.append(
            Completion(
                key=request.key,
                sample_index=request.start_index + index,
                seed=request.seed + index,
                text=sample.text,
                n_tokens=len(sample.token_ids),
                finish_reason=str(sample.finish_reason or "length"),
                prompt_tokens=prompt_tokens,
            )
        )
    return completions


@register_backend("vllm")
class VllmBackend:
    """vLLM's offline ``LLM`` engine."""

    name = "vllm"

    def __init__(
        self,
        model: str,
        *,
        revision: str | None = None,
        seed: int = 0,
        tensor_parallel_size: int = 1,
        gpu_memory_utilization: float = 0.9,
        max_model_len: int | None = None,
        dtype: str = "auto",
        enable_prefix_caching: bool = True,
        trust_remote_code: bool = False,
        **llm_options: Any,
    ) -> None:
        if not model:
            raise ConfigError("the vllm backend needs a model (Hub id or local path)")
        vllm = require("vllm", "vllm")
        self._sampling_params_cls = vllm.SamplingParams
        options: dict[str, Any] = {
            "model": model,
            "revision": revision,
            "seed": seed,
            "tensor_parallel_size": tensor_parallel_size,
            "gpu_memory_utilization": gpu_memory_utilization,
            "dtype": dtype,
            "enable_prefix_caching": enable_prefix_caching,
            "trust_remote_code": trust_remote_code,
            **llm_options,
        }
        if max_model_len is not None:
            options["max_model_len"] = max_model_len
        logger.info("loading %s with vLLM %s", model, getattr(vllm, "__version__", "?"))
        self._llm: Any = vllm.LLM(**options)
        self._tokenizer: Any = self._llm.get_tokenizer()
        self.model = model
        self.max_model_len = max_model_len or _engine_max_model_len(self._llm)

    def encode(self, prompt: Prompt) -> list[int]:
        """Token ids of ``prompt`` as the model sees it (chat template applied)."""
        if isinstance(prompt, str):
            return list(self._tokenizer.encode(prompt))
        text = self._tokenizer.apply_chat_template(
            [dict(m) for m in prompt], add_generation_prompt=True, tokenize=False
        )
        return list(self._tokenizer.encode(text, add_special_tokens=False))

    def generate(self, requests: Sequence[SampleRequest]) -> Iterator[Completion]:
        if not requests:
            return
        prompts: list[dict[str, list[int]]] = []
        params: list[Any] = []
        for request in requests:
            ids = self.encode(request.prompt)
            max_tokens = request.params.max_tokens
            if self.max_model_len is not None:
                max_tokens = cap_max_tokens(max_tokens, self.max_model_len, len(ids))
            prompts.append({"prompt_token_ids": ids})
            params.append(self._sampling_params_cls(**sampling_kwargs(request, max_tokens)))
        outputs = self._llm.generate(prompts, params, use_tqdm=False)
        if len(outputs) != len(requests):
            raise ConfigError(f"vLLM returned {len(outputs)} outputs for {len(requests)} prompts")
        for request, prompt, output in zip(requests, prompts, outputs, strict=True):
            yield from completions_from_output(request, output, len(prompt["prompt_token_ids"]))

    def close(self) -> None:
        self._llm = None


def _engine_max_model_len(llm: Any) -> int | None:
    """``max_model_len`` of a loaded engine (its location moved between vLLM versions)."""
    for path in (("llm_engine", "model_config"), ("llm_engine", "vllm_config", "model_config")):
        obj: Any = llm
        for attr in path:
            obj = getattr(obj, attr, None)
        value = getattr(obj, "max_model_len", None)
        if isinstance(value, int):
            return value
    logger.warning("could not read vLLM's max_model_len; max_tokens will not be capped")
    return None
