"""Parallel sampling of one prompt with llama.cpp's low-level batch API.

Up to ``n_parallel`` sequences share one context with a unified KV cache
(``kv_unified=True``): the prompt is decoded once for all of them, then every step decodes one
token per unfinished sequence in a single ``llama_decode`` call, so the weights are read once
per step instead of once per sample. Each sequence has its own sampler chain
(top-k -> top-p -> min-p -> temperature -> ``dist(seed)``, the order llama-cpp-python uses),
seeded with its sample's seed. A sequence's text depends on the prompt, its seed and the number
of sequences decoded with it: each step's matrix products run over all active sequences at
once, and their float rounding depends on that batch size (measured: re-chunking 96 samples
changed 7 texts). The same call with the same seeds reproduces every text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .._errors import MathbError
from .._optional import require
from ..models import SamplingPreset


@dataclass(frozen=True)
class SeqResult:
    tokens: list[int]
    text: str
    finish_reason: str


class BatchDecoder:
    """A llama.cpp context for ``n_parallel`` sequences of one model (owned by ``llm``)."""

    def __init__(self, llm: Any, lib: Any, *, n_parallel: int, n_ctx: int, n_threads: int):
        self._llm = llm
        self._lib = lib
        self.n_parallel = n_parallel
        self.n_ctx_total = n_ctx * n_parallel
        params = lib.llama_context_default_params()
        params.n_ctx = self.n_ctx_total
        params.n_batch = max(512, n_parallel)
        params.n_ubatch = params.n_batch
        params.n_seq_max = n_parallel
        params.kv_unified = True
        params.n_threads = n_threads
        params.n_threads_batch = n_threads
        self.n_batch = int(params.n_batch)
        model = llm._model.model
        quiet = require("llama_cpp._utils", "cpu").suppress_stdout_stderr
        with quiet(disable=bool(llm.verbose)):  # llama.cpp warns n_ctx > n_ctx_train
            self._ctx = lib.llama_init_from_model(model, params)
        if not self._ctx:
            raise MathbError(
                f"llama.cpp could not create a context for {n_parallel} parallel sequences of "
                f"{n_ctx} tokens; lower n_parallel or n_ctx"
            )
        self._vocab = lib.llama_model_get_vocab(model)
        self._batch = lib.llama_batch_init(self.n_batch, 0, n_parallel)

    # ---- batch helpers ----------------------------------------------------------------
    def _fill(self, entries: list[tuple[int, int, list[int], bool]]) -> None:
        batch = self._batch
        for i, (token, pos, seqs, logits) in enumerate(entries):
            batch.token[i] = token
            batch.pos[i] = pos
            batch.n_seq_id[i] = len(seqs)
            for k, seq in enumerate(seqs):
                batch.seq_id[i][k] = seq
            batch.logits[i] = logits
        batch.n_tokens = len(entries)

    def _decode(self) -> None:
        rc = self._lib.llama_decode(self._ctx, self._batch)
        if rc != 0:
            raise MathbError(f"llama_decode failed (code {rc}): the KV cache is probably full")

    def _sampler(self, params: SamplingPreset, seed: int) -> Any:
        lib = self._lib
        chain = lib.llama_sampler_chain_init(lib.llama_sampler_chain_default_params())
        if params.temperature <= 0:
            lib.llama_sampler_chain_add(chain, lib.llama_sampler_init_greedy())
            return chain
        lib.llama_sampler_chain_add(chain, lib.llama_sampler_init_top_k(params.top_k))
        lib.llama_sampler_chain_add(chain, lib.llama_sampler_init_top_p(params.top_p, 1))
        lib.llama_sampler_chain_add(chain, lib.llama_sampler_init_min_p(params.min_p, 1))
        lib.llama_sampler_chain_add(chain, lib.llama_sampler_init_temp(params.temperature))
        lib.llama_sampler_chain_add(chain, lib.llama_sampler_init_dist(seed))
        return chain

    # ---- sampling ----------------------------------------------------------------------
    def sample(
        self,
        prompt: list[int],
        seeds: list[int],
        params: SamplingPreset,
        max_tokens: int,
        stop: list[str],
    ) -> list[SeqResult]:
        """Sample ``len(seeds)`` (<= n_parallel) completions of ``prompt``."""
        k = len(seeds)
        if not 1 <= k <= self.n_parallel:
            raise ValueError(f"1..{self.n_parallel} sequences per call, got {k}")
        if len(prompt) + k * max_tokens > self.n_ctx_total:
            raise MathbError("prompt + samples exceed the parallel context")
        lib = self._lib
        lib.llama_memory_clear(lib.llama_get_memory(self._ctx), True)
        seqs = list(range(k))
        for start in range(0, len(prompt), self.n_batch):
            chunk = prompt[start : start + self.n_batch]
            last = start + len(chunk) == len(prompt)
            self._fill(
                [
                    (tok, start + i, seqs, last and i == len(chunk) - 1)
                    for i, tok in enumerate(chunk)
                ]
            )
            self._decode()
        samplers = [self._sampler(params, seed) for seed in seeds]
        try:
            return self._generate(samplers, len(prompt), max_tokens, stop, k)
        finally:
            for sampler in samplers:
                lib.llama_sampler_free(sampler)

    def _generate(
        self, samplers: list[Any], n_prompt: int, max_tokens: int, stop: list[str], k: int
    ) -> list[SeqResult]:
        lib = self._lib
        logits_row = dict.fromkeys(range(k), self._batch.n_tokens - 1)
        tokens: list[list[int]] = [[] for _ in range(k)]
        finish = ["length"] * k
        # Stop strings are searched incrementally in the bytes of the new pieces (cheap per
        # step); the final text is the full detokenization, cut at the first stop string.
        stops = [x.encode("utf-8") for x in stop if x]
        tails = [b""] * k
        active = list(range(k))
        while active:
            step: list[tuple[int, int]] = []
            for seq in active:
                token = int(lib.llama_sampler_sample(samplers[seq], self._ctx, logits_row[seq]))
                if lib.llama_vocab_is_eog(self._vocab, token):
                    finish[seq] = "stop"
                    continue
                tokens[seq].append(token)
                if stops:
                    tails[seq] += bytes(self._llm.detokenize([token]))
                    if any(x in tails[seq] for x in stops):
                        finish[seq] = "stop"
                        continue
                    tails[seq] = tails[seq][-max(len(x) for x in stops) :]
                if len(tokens[seq]) < max_tokens:
                    step.append((seq, token))
            active = [seq for seq, _ in step]
            if not active:
                break
            self._fill(
                [(token, n_prompt + len(tokens[seq]) - 1, [seq], True) for seq, token in step]
            )
            for row, (seq, _) in enumerate(step):
                logits_row[seq] = row
            self._decode()
        results = []
        for seq in range(k):
            text = self._text(tokens[seq])
            cuts = [i for i in (text.find(x) for x in stop if x) if i >= 0]
            if cuts:
                text = text[: min(cuts)]
            results.append(SeqResult(tokens[seq], text, finish[seq]))
        return results

    def _text(self, tokens: list[int]) -> str:
        return bytes(self._llm.detokenize(tokens)).decode("utf-8", errors="ignore")

    def close(self) -> None:
        if self._ctx:
            self._lib.llama_batch_free(self._batch)
            self._lib.llama_free(self._ctx)
            self._ctx = None
