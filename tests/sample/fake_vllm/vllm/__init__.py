"""A fake ``vllm`` package for tests (put ``tests/sample/fake_vllm`` first on ``sys.path``).

It models the parts of vLLM's offline API that ``mathbeyond.sample._vllm`` drives, as read in
vLLM's sources (``vllm/entrypoints/llm.py``, ``vllm/v1/engine/llm_engine.py``,
``vllm/v1/engine/parallel_sampling.py``, ``vllm/v1/engine/__init__.py``,
``vllm/sampling_params.py``, ``vllm/outputs.py``):

* ``LLM(**options)`` with ``llm_engine`` (``add_request(request_id, prompt, params)``,
  ``step() -> list[RequestOutput]``, ``abort_request(request_ids)``,
  ``has_unfinished_requests()``, ``get_num_unfinished_requests()``, ``model_config``),
  ``get_tokenizer()`` and ``generate(prompts, params, use_tqdm=...)`` built like the real one
  (ids from a counter, ``FINAL_ONLY``, step until nothing is unfinished, sorted by id);
* a scheduler running at most ``max_num_seqs`` sequences, one token per sequence per step, so
  requests finish at different times and out of order (lengths depend on the seed);
* ``n`` children per request: child ``i`` gets seed ``seed + i`` (V1 ``ParentRequest``), or the
  broken layouts of vLLM 0.6.4-0.6.6.post1 (``shared``: every child has the request's seed and
  all come out identical) and 0.6.3 (``one_generator``: children drawn one after another from
  one generator); with ``FINAL_ONLY`` the request's output comes when all children finished;
* finish reasons ``stop``/``length`` and injected failures (``abort``, ``error``,
  ``repetition``) per child seed; ``max_model_len=-1`` resolved to a fitted length;
* a crash (``EngineDeadError``) after a number of steps, and a per-step delay.

Settings live in :data:`CONFIG`, initialised from ``FAKE_VLLM_*`` environment variables so a
subprocess (``mathb sample`` killed with SIGKILL) can be configured too.

Texts: the prompt is decoded (the tokenizer is a reversible word vocabulary); a prompt with
``p=<prob>`` and ``gold=<answer>`` yields ``\\boxed{gold}`` with probability ``prob``.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import re
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from .sampling_params import RequestOutputKind, SamplingParams

__all__ = ["LLM", "CompletionOutput", "RequestOutput", "SamplingParams"]


def _faults(spec: str) -> dict[int, list[str]]:
    """``"SEED:reason,reason;SEED:reason"`` -> {seed: [reason, ...]}."""
    out: dict[int, list[str]] = {}
    for part in filter(None, spec.split(";")):
        seed, reasons = part.split(":")
        out[int(seed)] = reasons.split(",")
    return out


@dataclass
class Config:
    version: str = os.environ.get("FAKE_VLLM_VERSION", "0.8.5")
    seeding: str = os.environ.get("FAKE_VLLM_SEEDING", "v1")  # v1 | shared | one_generator
    step_delay: float = float(os.environ.get("FAKE_VLLM_STEP_DELAY", "0"))
    max_num_seqs: int = int(os.environ.get("FAKE_VLLM_MAX_NUM_SEQS", "8"))
    crash_after_steps: int | None = (
        int(os.environ["FAKE_VLLM_CRASH_AFTER"]) if os.environ.get("FAKE_VLLM_CRASH_AFTER")
        else None
    )
    faults: dict[int, list[str]] = field(
        default_factory=lambda: _faults(os.environ.get("FAKE_VLLM_FAULTS", ""))
    )
    """Child seed -> finish reasons of its successive attempts (then it succeeds)."""
    log: str | None = os.environ.get("FAKE_VLLM_LOG") or None
    """JSON lines file: one line per added request (id, seed, n)."""
    model_max_len: int = 4096
    fitted_max_model_len: int = 3000
    """What ``max_model_len=-1`` ("fit to memory") resolves to."""


CONFIG = Config()
__version__ = CONFIG.version
INSTANCES: list[LLM] = []


class EngineDeadError(RuntimeError):
    """Like vllm.v1.engine.exceptions.EngineDeadError."""


# ---- tokenizer: a reversible word vocabulary ---------------------------------------------

_VOCAB: dict[str, int] = {}
_WORDS: dict[int, str] = {}
BOS = 1


def _token(word: str) -> int:
    if word not in _VOCAB:
        _VOCAB[word] = len(_VOCAB) + 10
        _WORDS[_VOCAB[word]] = word
    return _VOCAB[word]


class Tokenizer:
    def apply_chat_template(self, messages: list[dict[str, str]], **kw: Any) -> str:
        assert kw == {"add_generation_prompt": True, "tokenize": False}
        body = " ".join(f"<|{m['role']}|> {m['content']} <|end|>" for m in messages)
        return f"{body} <|assistant|>"

    def encode(self, text: str, add_special_tokens: bool = True) -> list[int]:
        ids = [_token(w) for w in text.split()]
        return [BOS, *ids] if add_special_tokens else ids

    def decode(self, ids: list[int], skip_special_tokens: bool = True) -> str:
        return " ".join(_WORDS[i] for i in ids if i in _WORDS)


# ---- outputs (vllm/outputs.py) -----------------------------------------------------------


@dataclass
class CompletionOutput:
    index: int
    text: str
    token_ids: list[int]
    cumulative_logprob: float | None = None
    logprobs: Any = None
    finish_reason: str | None = None
    stop_reason: int | str | None = None

    def finished(self) -> bool:
        return self.finish_reason is not None


@dataclass
class RequestOutput:
    request_id: str
    prompt: str | None
    prompt_token_ids: list[int]
    prompt_logprobs: Any
    outputs: list[CompletionOutput]
    finished: bool


# ---- engine ------------------------------------------------------------------------------

_P = re.compile(r"p=([0-9.]+)")
_GOLD = re.compile(r"gold=(\S+)")
_UNSEEDED = random.Random()


def sample_words(prompt: str, rng: random.Random) -> list[str]:
    pm, gm = _P.search(prompt), _GOLD.search(prompt)
    p = float(pm.group(1)) if pm else 0.0
    gold = gm.group(1) if gm else "0"
    filler = [f"w{rng.randrange(1000)}" for _ in range(rng.randint(2, 14))]
    answer = gold if rng.random() < p else f"{gold}9{rng.randint(0, 9)}"
    return [*filler, "so", "the", "answer", "is", f"\\boxed{{{answer}}}"]


@dataclass
class _Seq:
    parent: _Parent
    index: int
    seed: int | None
    words: list[str]
    length: int
    reason: str
    emitted: int = 0

    def output(self) -> CompletionOutput:
        words = self.words[: self.emitted]
        done = self.emitted >= self.length
        return CompletionOutput(
            index=self.index,
            text=" ".join(words),
            token_ids=[_token(w) for w in words],
            finish_reason=self.reason if done else None,
        )


@dataclass
class _Parent:
    request_id: str
    prompt_token_ids: list[int]
    params: SamplingParams
    done: dict[int, CompletionOutput] = field(default_factory=dict)


class LLMEngine:
    def __init__(self, max_model_len: int) -> None:
        self.model_config = type("ModelConfig", (), {"max_model_len": max_model_len})()
        self.parents: dict[str, _Parent] = {}
        self.waiting: deque[_Seq] = deque()
        self.running: list[_Seq] = []
        self.aborted: list[str] = []
        self.added: list[tuple[str, int | None, int]] = []
        self.steps = 0
        self.max_running = 0
        self.max_parents = 0
        self.max_tokens_seen: list[int | None] = []

    # -- API used by LLM and by mathbeyond
    def add_request(self, request_id: str, prompt: Any, params: SamplingParams, **_: Any) -> str:
        if not isinstance(request_id, str):
            raise TypeError(f"request_id must be a string, got {type(request_id)}")
        if request_id in self.parents:
            raise ValueError(f"Request id {request_id} already running.")
        ids = list(prompt["prompt_token_ids"]) if isinstance(prompt, dict) else (
            Tokenizer().encode(prompt)
        )
        max_len = self.model_config.max_model_len
        if len(ids) >= max_len:
            raise ValueError(f"prompt is longer than the maximum model length of {max_len}")
        parent = _Parent(request_id, ids, params)
        self.parents[request_id] = parent
        self.max_parents = max(self.max_parents, len(self.parents))
        self.added.append((request_id, params.seed, params.n))
        self.max_tokens_seen.append(params.max_tokens)
        if CONFIG.log:
            with open(CONFIG.log, "a") as f:
                f.write(json.dumps({"id": request_id, "seed": params.seed, "n": params.n}) + "\n")
        text = Tokenizer().decode(ids)
        shared = random.Random(f"gen|{params.seed}|{text}")
        budget = min(params.max_tokens or max_len, max_len - len(ids))
        for i in range(params.n):
            if params.seed is None:
                seed, rng = None, random.Random(_UNSEEDED.random())
            elif CONFIG.seeding == "shared":
                seed, rng = params.seed, random.Random(f"{params.seed}|{text}")
            elif CONFIG.seeding == "one_generator":
                seed, rng = params.seed, shared
            else:
                seed, rng = params.seed + i, random.Random(f"{params.seed + i}|{text}")
            words = sample_words(text, rng)
            while len(words) < params.min_tokens:
                words.append(f"w{rng.randrange(1000)}")
            length, reason = len(words), "stop"
            if length > budget:
                length, reason = budget, "length"
            faults = CONFIG.faults.get(seed) if seed is not None else None
            if faults:
                reason = faults.pop(0)
                length = max(1, length // 2)
            self.waiting.append(_Seq(parent, i, seed, words, length, reason))
        return request_id

    def abort_request(self, request_ids: str | list[str], internal: bool = False) -> None:
        ids = [request_ids] if isinstance(request_ids, str) else list(request_ids)
        gone = set(ids) & set(self.parents)
        self.aborted.extend(ids)
        for rid in gone:
            del self.parents[rid]
        self.waiting = deque(s for s in self.waiting if s.parent.request_id not in gone)
        self.running = [s for s in self.running if s.parent.request_id not in gone]

    def has_unfinished_requests(self) -> bool:
        return bool(self.parents)

    def get_num_unfinished_requests(self) -> int:
        return len(self.parents)

    def step(self) -> list[RequestOutput]:
        self.steps += 1
        if CONFIG.crash_after_steps is not None and self.steps > CONFIG.crash_after_steps:
            raise EngineDeadError("EngineCore encountered an issue. See stack trace.")
        if CONFIG.step_delay:
            time.sleep(CONFIG.step_delay)
        while self.waiting and len(self.running) < CONFIG.max_num_seqs:
            self.running.append(self.waiting.popleft())
        self.max_running = max(self.max_running, len(self.running))
        outputs: list[RequestOutput] = []
        still: list[_Seq] = []
        for seq in self.running:
            seq.emitted += 1
            parent = seq.parent
            final = parent.params.output_kind == RequestOutputKind.FINAL_ONLY
            if seq.emitted >= seq.length:
                parent.done[seq.index] = seq.output()
                if len(parent.done) == parent.params.n:
                    del self.parents[parent.request_id]
                    outs = [parent.done[i] for i in sorted(parent.done)]
                    outputs.append(self._output(parent, outs if final else [outs[-1]], True))
                elif not final:
                    outputs.append(self._output(parent, [seq.output()], False))
            else:
                still.append(seq)
                if not final:
                    outputs.append(self._output(parent, [seq.output()], False))
        self.running = still
        return outputs

    @staticmethod
    def _output(parent: _Parent, outs: list[CompletionOutput], finished: bool) -> RequestOutput:
        return RequestOutput(
            request_id=parent.request_id,
            prompt=None,
            prompt_token_ids=parent.prompt_token_ids,
            prompt_logprobs=None,
            outputs=outs,
            finished=finished,
        )


class LLM:
    def __init__(self, model: str, **options: Any) -> None:
        if int(options.get("data_parallel_size", 1)) > 1:
            raise ValueError("LLM(data_parallel_size>1) is not supported for offline inference")
        self.options = {"model": model, **options}
        asked = options.get("max_model_len")
        if asked is None:
            max_len = CONFIG.model_max_len
        elif asked == -1:
            max_len = CONFIG.fitted_max_model_len
        else:
            max_len = int(asked)
        self.llm_engine = LLMEngine(max_len)
        self.request_counter = itertools.count()
        INSTANCES.append(self)

    def get_tokenizer(self) -> Tokenizer:
        return Tokenizer()

    def generate(
        self,
        prompts: Any,
        sampling_params: SamplingParams | list[SamplingParams] | None = None,
        *,
        use_tqdm: bool = True,
    ) -> list[RequestOutput]:
        if isinstance(prompts, (str, dict)):
            prompts = [prompts]
        if sampling_params is None:
            sampling_params = SamplingParams()
        params = (
            sampling_params if isinstance(sampling_params, list)
            else [sampling_params] * len(prompts)
        )
        for sp in params:
            sp.output_kind = RequestOutputKind.FINAL_ONLY
        for prompt, sp in zip(prompts, params, strict=True):
            self.llm_engine.add_request(str(next(self.request_counter)), prompt, sp)
        outputs: list[RequestOutput] = []
        while self.llm_engine.has_unfinished_requests():
            outputs.extend(o for o in self.llm_engine.step() if o.finished)
        return sorted(outputs, key=lambda o: int(o.request_id))
