"""Offline vLLM backend (GPU): one engine, driven step by step so samples stream out as they finish.

Read against vLLM's own sources (see the README's "vLLM" subsection for the list of files and
versions); only long-stable public names are used:

* The engine is ``LLM(...).llm_engine`` and is driven the way ``LLM._run_engine`` drives it:
  ``add_request(request_id, prompt, params)`` then ``step()`` while requests are unfinished,
  keeping the outputs with ``finished`` set; ``abort_request([ids])`` drops requests. Params
  get ``output_kind = RequestOutputKind.FINAL_ONLY`` exactly as ``LLM.generate`` sets it, so a
  step returns a request only when it is done. Request ids are ``mathb-<n>`` (``LLM`` itself
  numbers its requests ``0, 1, ...``, so they never clash).
* Streaming and memory: at most ``max_in_flight`` samples are inside the engine at any time
  (enough to keep vLLM's scheduler full: its ``max_num_seqs`` is 256-1024); more are added as
  others finish, and every finished sample is yielded at once, so the engine stores it
  within a flush (``kill -9`` loses only the samples in flight and the unflushed buffer). On
  close, on an exception and when the caller stops early, the requests still in flight are
  aborted. ``cancel(key, start_index)`` (adaptive sampling: a solved problem) drops the
  queued samples of ``key`` from ``start_index`` on and aborts those in flight.
* Seeds: each sample is its own request, ``SamplingParams(n=1, seed=request.seed + j)`` for
  sample ``request.start_index + j``. That is the same sample vLLM draws as child ``j`` of
  ``SamplingParams(n=request.n, seed=request.seed)``: V1's ``ParentRequest`` gives child ``i``
  ``seed + i`` (``vllm/v1/engine/parallel_sampling.py``; in V0 since 0.7.0, vLLM PR #11898).
  vLLM 0.6.4-0.6.6.post1 gave every child the same seed (identical samples) and 0.6.3 drew
  the children from one generator, so ``vllm < 0.7.0`` is refused, and at start-up a seeded
  self-check must show (1) the samples of one ``n = 4`` request are not all identical and (2)
  sample 1 of a request with seed ``s`` starts like sample 0 of a request with seed ``s + 1``
  (first 8 tokens); otherwise the backend refuses to run with one line.
* Finish reasons: only ``stop`` and ``length`` are samples. ``abort``, ``error``,
  ``repetition`` (V1 ``FINISH_REASON_STRINGS``) or anything else is retried, same seed, up to
  ``max_retries`` times, then logged and left missing (the engine asks again next wave or run);
  a failed output is never returned.
* Prompts: chat messages are rendered with the model's own chat template and tokenized
  without extra special tokens; raw text is tokenized as vLLM would. Token ids go to vLLM as
  ``{"prompt_token_ids": ...}`` and ``max_tokens`` is capped at ``max_model_len - prompt``,
  with ``max_model_len`` read back from the loaded engine (``-1``, vLLM's "fit to memory",
  is never used as the cap).
* ``top_k=0`` (disabled in our presets) is sent as ``-1``, which every vLLM version accepts.
* One engine per GPU: ``data_parallel_size > 1`` is refused (run one process per GPU, see the
  README); tensor parallelism works for models whose head count divides by it.
"""

from __future__ import annotations

import importlib
import itertools
import logging
import re
from collections import Counter, deque
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from .._errors import ConfigError, MathbError
from .._optional import require
from ._backend import Completion, Prompt, SampleRequest, register_backend
from ._presets import cap_max_tokens

logger = logging.getLogger(__name__)

MIN_VLLM = (0, 7, 0)
"""First vLLM whose seeded ``n > 1`` requests give sample ``i`` the seed ``seed + i``."""
STORED_FINISH_REASONS = frozenset({"stop", "length"})
SELF_CHECK_TOKENS = 8
SELF_CHECK_SEED = 20_251_013
SELF_CHECK_PROMPT = "Here is a long list of random words, numbers and symbols:"


def sampling_kwargs(request: SampleRequest, max_tokens: int) -> dict[str, Any]:
    """Keyword arguments of ``vllm.SamplingParams`` for ``request`` (all its samples)."""
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


def parse_version(text: str) -> tuple[int, int, int] | None:
    """``"0.7.0"``, ``"0.6.6.post1"``, ``"0.10.1rc1+cu128"`` -> (major, minor, patch)."""
    match = re.match(r"\s*v?(\d+)\.(\d+)(?:\.(\d+))?", text or "")
    if match is None:
        return None
    major, minor, patch = match.groups()
    return int(major), int(minor), int(patch or 0)


def check_version(text: str) -> None:
    """Refuse vLLM releases whose per-request seeding duplicates or misplaces samples."""
    version = parse_version(text)
    if version is None or version < MIN_VLLM:
        raise ConfigError(
            f"vLLM {text or '(unknown version)'} is not supported: seeded samples need "
            f"vllm>={'.'.join(map(str, MIN_VLLM))} (0.6.4-0.6.6.post1 repeat one sample n times, "
            "0.6.3 does not give sample i the seed seed+i); install mathbeyond[vllm]"
        )


def completion_from_output(
    request: SampleRequest, offset: int, sample: Any, prompt_tokens: int
) -> Completion:
    """Sample ``offset`` of ``request`` from a finished vLLM ``CompletionOutput``."""
    return Completion(
        key=request.key,
        sample_index=request.start_index + offset,
        seed=request.seed + offset,
        text=sample.text,
        n_tokens=len(sample.token_ids),
        finish_reason=str(sample.finish_reason),
        prompt_tokens=prompt_tokens,
    )


@dataclass
class _Sample:
    """One sample of a request on its way through the engine."""

    request: SampleRequest
    offset: int
    prompt_ids: list[int]
    max_tokens: int
    attempt: int = 0

    @property
    def index(self) -> int:
        return self.request.start_index + self.offset


@register_backend("vllm")
class VllmBackend:
    """vLLM's offline engine, driven step by step (samples stream out as they finish)."""

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
        max_in_flight: int = 4096,
        max_retries: int = 2,
        self_check: bool = True,
        **llm_options: Any,
    ) -> None:
        if not model:
            raise ConfigError("the vllm backend needs a model (Hub id or local path)")
        if max_in_flight < 1 or max_retries < 0:
            raise ConfigError("vllm options: max_in_flight must be >= 1 and max_retries >= 0")
        data_parallel = llm_options.get("data_parallel_size", 1)
        if data_parallel != 1:
            raise ConfigError(
                f"vllm data_parallel_size={data_parallel} is not supported: run one engine per "
                "GPU (one `mathb sample` process per GPU with CUDA_VISIBLE_DEVICES=i and its own "
                "--out or shard; see README, Sampling > vLLM)"
            )
        vllm = require("vllm", "vllm")
        self.vllm_version = str(getattr(vllm, "__version__", ""))
        check_version(self.vllm_version)
        self._sampling_params_cls = vllm.SamplingParams
        kinds = importlib.import_module("vllm.sampling_params").RequestOutputKind
        self._final_only = kinds.FINAL_ONLY
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
        logger.info("loading %s with vLLM %s", model, self.vllm_version)
        self._llm: Any = vllm.LLM(**options)
        self._engine: Any = self._llm.llm_engine
        self._tokenizer: Any = self._llm.get_tokenizer()
        self.model = model
        self.max_model_len = _resolve_max_model_len(max_model_len, _engine_max_model_len(self._llm))
        self.max_in_flight = max_in_flight
        self.max_retries = max_retries
        self._ids = itertools.count()
        self._in_flight: dict[str, _Sample] = {}
        self._cancelled: dict[str, int] = {}
        self.failures: list[tuple[str, int, str]] = []
        """(key, sample index, last finish reason) of samples given up after retries."""
        if self_check:
            self.seed_self_check()
        else:
            logger.warning("vllm seed self-check skipped (self_check=false)")

    # ---- prompts --------------------------------------------------------------------------

    def encode(self, prompt: Prompt) -> list[int]:
        """Token ids of ``prompt`` as the model sees it (chat template applied)."""
        if isinstance(prompt, str):
            return list(self._tokenizer.encode(prompt))
        text = self._tokenizer.apply_chat_template(
            [dict(m) for m in prompt], add_generation_prompt=True, tokenize=False
        )
        return list(self._tokenizer.encode(text, add_special_tokens=False))

    def _params(self, request: SampleRequest, offset: int, max_tokens: int, **extra: Any) -> Any:
        kwargs = sampling_kwargs(request, max_tokens)
        kwargs.update(n=1, seed=request.seed + offset, **extra)
        params = self._sampling_params_cls(**kwargs)
        params.output_kind = self._final_only  # as LLM.generate does: only finished outputs
        return params

    # ---- driving the engine ---------------------------------------------------------------

    def _submit(self, sample: _Sample) -> str:
        request_id = f"mathb-{next(self._ids)}"
        params = self._params(sample.request, sample.offset, sample.max_tokens)
        self._engine.add_request(request_id, {"prompt_token_ids": sample.prompt_ids}, params)
        self._in_flight[request_id] = sample
        return request_id

    def _abort(self, request_ids: list[str]) -> None:
        for request_id in request_ids:
            self._in_flight.pop(request_id, None)
        if request_ids and self._engine is not None:
            try:
                self._engine.abort_request(request_ids)
            except Exception:  # a dead engine cannot abort; nothing of ours is lost
                logger.warning("could not abort %d vLLM requests", len(request_ids), exc_info=True)

    def _expand(self, requests: Sequence[SampleRequest]) -> Iterator[_Sample]:
        """The samples of ``requests`` in order (a problem's prompt is encoded once)."""
        cache: dict[str, tuple[Prompt, list[int]]] = {}
        for request in requests:
            hit = cache.get(request.key)
            if hit is not None and hit[0] == request.prompt:
                ids = hit[1]
            else:
                ids = self.encode(request.prompt)
                cache[request.key] = (request.prompt, ids)
            max_tokens = request.params.max_tokens
            if self.max_model_len is not None:
                max_tokens = cap_max_tokens(max_tokens, self.max_model_len, len(ids))
            for offset in range(request.n):
                yield _Sample(request, offset, ids, max_tokens)

    def _wanted(self, sample: _Sample) -> bool:
        end = self._cancelled.get(sample.request.key)
        return end is None or sample.index < end

    def generate(self, requests: Sequence[SampleRequest]) -> Iterator[Completion]:
        """Yield each sample as soon as vLLM finishes it (any order); see the module doc."""
        if not requests:
            return
        if self._llm is None:
            raise MathbError("the vllm backend is closed")
        self._cancelled = {}
        self._abort(list(self._in_flight))  # left by an abandoned earlier call
        fresh = self._expand(requests)
        retries: deque[_Sample] = deque()
        mine: set[str] = set()
        failed: list[tuple[str, int, str]] = []
        done = 0
        try:
            while True:
                while len(self._in_flight) < self.max_in_flight:
                    sample = retries.popleft() if retries else next(fresh, None)
                    if sample is None:
                        break
                    if self._wanted(sample):
                        mine.add(self._submit(sample))
                if not self._in_flight:
                    break
                try:
                    outputs = self._engine.step()
                except Exception as exc:
                    raise MathbError(
                        f"the vLLM engine failed after {done} samples of this wave ({exc!r}); "
                        "finished samples are stored: rerun the same command to resume"
                    ) from exc
                for output in outputs:
                    if not output.finished:
                        continue
                    sample = self._in_flight.pop(output.request_id, None)
                    if sample is None:
                        continue  # aborted (cancelled) or not ours
                    mine.discard(output.request_id)
                    outs = list(output.outputs)
                    reason = str(outs[0].finish_reason) if len(outs) == 1 else "malformed"
                    if reason in STORED_FINISH_REASONS:
                        done += 1
                        yield completion_from_output(
                            sample.request, sample.offset, outs[0], len(sample.prompt_ids)
                        )
                    elif sample.attempt < self.max_retries:
                        sample.attempt += 1
                        logger.info(
                            "vLLM finished %s#%d with %r; retrying (attempt %d of %d)",
                            sample.request.key, sample.index, reason, sample.attempt + 1,
                            self.max_retries + 1,
                        )
                        retries.append(sample)
                    else:
                        failed.append((sample.request.key, sample.index, reason))
        finally:
            self._abort([rid for rid in mine if rid in self._in_flight])
        if failed:
            self.failures.extend(failed)
            reasons = Counter(r for _, _, r in failed)
            shown = ", ".join(f"{k}#{i}" for k, i, _ in failed[:5])
            logger.error(
                "vLLM gave no usable output for %d samples after %d attempts each (%s): %s%s; "
                "they are not stored and are drawn again by the next wave or run",
                len(failed), self.max_retries + 1,
                ", ".join(f"{r} x{c}" for r, c in reasons.most_common()), shown,
                ", ..." if len(failed) > 5 else "",
            )

    def cancel(self, key: str, start_index: int) -> None:
        """Samples of ``key`` with index >= ``start_index`` are no longer needed."""
        end = self._cancelled.get(key)
        if end is not None and end <= start_index:
            return
        self._cancelled[key] = start_index
        gone = [
            rid for rid, s in self._in_flight.items()
            if s.request.key == key and s.index >= start_index
        ]
        if gone:
            logger.debug("aborting %d samples of %s from #%d", len(gone), key, start_index)
            self._abort(gone)

    def close(self) -> None:
        if self._llm is not None:
            self._abort(list(self._in_flight))
        self._llm = None
        self._engine = None

    # ---- start-up self-check --------------------------------------------------------------

    def _run_to_completion(self, batch: dict[str, tuple[list[int], Any]]) -> dict[str, Any]:
        for request_id, (ids, params) in batch.items():
            self._engine.add_request(request_id, {"prompt_token_ids": ids}, params)
        finished: dict[str, Any] = {}
        try:
            while len(finished) < len(batch):
                for output in self._engine.step():
                    if output.finished and output.request_id in batch:
                        finished[output.request_id] = output
        finally:
            self._abort([rid for rid in batch if rid not in finished])
        return finished

    def seed_self_check(self) -> None:
        """Refuse an engine whose per-request seeds would duplicate or misplace samples."""
        ids = list(self._tokenizer.encode(SELF_CHECK_PROMPT))
        n = SELF_CHECK_TOKENS

        def params(count: int, seed: int) -> Any:
            p = self._sampling_params_cls(
                n=count, temperature=1.0, top_p=1.0, top_k=-1, min_p=0.0,
                max_tokens=n, min_tokens=n, seed=seed,
            )
            p.output_kind = self._final_only
            return p

        out = self._run_to_completion(
            {
                "mathb-selfcheck-a": (ids, params(4, SELF_CHECK_SEED)),
                "mathb-selfcheck-b": (ids, params(1, SELF_CHECK_SEED + 1)),
            }
        )
        many = sorted(out["mathb-selfcheck-a"].outputs, key=lambda o: o.index)
        one = out["mathb-selfcheck-b"].outputs[0]
        tokens = [list(o.token_ids)[:n] for o in many]
        where = f"vLLM {self.vllm_version} failed the seed self-check:"
        if len(tokens) != 4 or any(len(t) < n for t in tokens):
            raise ConfigError(f"{where} a seeded request did not return 4 samples of {n} tokens")
        if all(t == tokens[0] for t in tokens):
            raise ConfigError(
                f"{where} the 4 samples of one seeded request are identical (per-request "
                "seeding is broken, as in vLLM 0.6.4-0.6.6.post1); refusing to run"
            )
        if tokens[1] != list(one.token_ids)[:n]:
            raise ConfigError(
                f"{where} sample 1 of a request with seed s differs from sample 0 of a request "
                "with seed s+1 (vLLM does not give sample i the seed s+i), so chunked requests "
                "would not reproduce one request; refusing to run"
            )
        logger.info("vLLM seed self-check passed")


def _resolve_max_model_len(asked: int | None, engine: int | None) -> int | None:
    """The context cap: the engine's own value (it resolves ``-1``/auto), else a positive ask."""
    if engine is not None and engine > 0:
        if asked is not None and asked > 0 and asked != engine:
            logger.info("vLLM runs max_model_len=%d (asked %d)", engine, asked)
        return engine
    if asked is not None and asked > 0:
        return asked
    logger.warning("could not read vLLM's max_model_len; max_tokens will not be capped")
    return None


def _engine_max_model_len(llm: Any) -> int | None:
    """``max_model_len`` of a loaded engine (its location moved between vLLM versions)."""
    for path in (("llm_engine", "model_config"), ("llm_engine", "vllm_config", "model_config")):
        obj: Any = llm
        for attr in path:
            obj = getattr(obj, attr, None)
        value = getattr(obj, "max_model_len", None)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None
