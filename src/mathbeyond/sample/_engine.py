"""The sampling engine: problems x model x backend -> scored samples in a run store.

Planning. Every problem ``p`` has a seed ``problem_seed(run_seed, p.id)`` (SHA-256, never Python's
salted ``hash``); sample ``i`` of ``p`` is drawn with seed ``problem_seed + i``. Requests cover
runs of *missing* indices only (at most ``chunk_size`` samples each, seed = problem seed + start
index), so which samples exist and their seeds depend only on (run seed, problem id, sample
index): a run that was killed and resumed stores the same (problem, index, seed) rows as an
uninterrupted run, none lost or duplicated. Their texts are bit-identical only with a backend
that is deterministic per seed whatever the chunking (llama.cpp with ``n_parallel=1``); batched
decoders (llama.cpp ``n_parallel > 1``, vLLM) can draw different texts for a seed when the
resumed chunks batch it differently (see ``_llamacpp.py``).

Persistence. Completions are buffered and flushed every ``flush_every`` samples or
``flush_seconds`` seconds: the buffer is scored (``verify_batch``) and written, with the touched
problems' bookkeeping, in ONE store transaction. A crash loses at most the buffer and the
samples still being generated; the next run draws just those again.

Fixed mode draws indices ``[0, k)`` for every problem.

Adaptive mode (``adaptive=True``) stops drawing for a problem once pass@k no longer depends on
more samples: ``pass@k(x) = 1`` iff some sample with index ``< k`` is correct, so for every k only
the index of the *first* success matters. Samples are drawn in rounds of growing size (the first
round covers ``max(first_round, min_samples)`` indices, then the covered range doubles each round
up to ``k``); a problem enters its next round only when its current round finished with no
success. A problem is *solved at i* only when samples ``0..i-1`` are all finished and failed and
``i`` succeeded: the decision never uses the order in which samples come back, because short
completions finish first and "first success to arrive" would favour short (often wrong-looking)
answers and shift the success index. A success at ``j`` that arrives while a lower index is still
running only bounds what is launched (nothing above ``max(j, min_samples - 1)`` is needed); the
problem is decided when the lower indices are in. Samples ``0..min_samples-1`` are always drawn,
so the unbiased pass@k estimator stays available for ``k <= min_samples``.

When a problem is decided, the samples it no longer needs (index ``>= max(i + 1, min_samples)``)
are counted in ``ProblemState.aborted``; those already stored are removed in the same transaction
and later ones are dropped, so what is stored does not depend on timing. A backend with a
``cancel(key, start_index)`` method (:class:`SupportsCancel`) is told as soon as a flush shows
that a problem's samples from some index on are not needed, so it can drop them unstarted.
``launched`` is the number of indices ever requested (the rounds reached), ``finished`` the
number of stored samples.
"""

from __future__ import annotations

import hashlib
import logging
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from .._errors import ConfigError, MathbError
from ..data import Problem
from ..models import ModelSpec, SamplingPreset
from ..store import ProblemState, RunStore, SampleRecord
from ._backend import Backend, Completion, Prompt, SampleRequest, SupportsCancel
from ._scoring import Scorer, default_scorer, score_pending
from ._shard import Shard

logger = logging.getLogger(__name__)

SEED_BITS = 30
"""Problem seeds lie in [0, 2**30) so ``seed + index`` stays a valid 32-bit seed for any k."""

PromptFn = Callable[[str, ModelSpec], Prompt]


def problem_seed(run_seed: int, problem_id: str) -> int:
    """Stable per-problem seed: a function of (run seed, problem id) only."""
    digest = hashlib.sha256(f"{run_seed}\x1f{problem_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % (1 << SEED_BITS)


def round_ends(k: int, *, adaptive: bool, first_round: int, min_samples: int) -> tuple[int, ...]:
    """Cumulative index ranges ``[0, end)`` covered after each round."""
    if not adaptive:
        return (k,)
    end = min(k, max(first_round, min_samples, 1))
    ends = [end]
    while end < k:
        end = min(k, 2 * end)
        ends.append(end)
    return tuple(ends)


@dataclass(frozen=True)
class EngineConfig:
    k: int
    seed: int = 0
    chunk_size: int = 16
    """Most samples per backend request."""
    adaptive: bool = False
    min_samples: int = 0
    """Adaptive mode: indices always drawn for every problem (unbiased pass@k for k <= n0)."""
    first_round: int = 8
    """Adaptive mode: indices covered by the first round (before ``min_samples``)."""
    flush_every: int = 64
    flush_seconds: float = 1.0
    shard: Shard | None = None
    """Draw only this shard's slice of the (problem, index) space (see ``_shard``)."""

    def __post_init__(self) -> None:
        if self.k < 1:
            raise ConfigError(f"k must be >= 1, got {self.k}")
        if self.chunk_size < 1:
            raise ConfigError(f"chunk size must be >= 1, got {self.chunk_size}")
        if not 0 <= self.min_samples <= self.k:
            raise ConfigError(f"min_samples must be in [0, k={self.k}], got {self.min_samples}")
        if self.min_samples and not self.adaptive:
            raise ConfigError("min_samples only applies to adaptive sampling (--adaptive)")
        if self.first_round < 1 or self.flush_every < 1 or self.flush_seconds <= 0:
            raise ConfigError("first_round, flush_every and flush_seconds must be positive")


@dataclass(frozen=True)
class Progress:
    """A snapshot passed to the progress callback after every flush."""

    problems_total: int
    problems_done: int
    solved: int
    samples_stored: int
    samples_target: int
    """k per problem in fixed mode; in adaptive mode an upper bound."""
    new_samples: int
    """Samples stored by this session."""
    tokens: int
    """Tokens generated by this session."""
    elapsed: float


@dataclass(frozen=True)
class RunSummary:
    problems: int
    solved: int
    samples_stored: int
    new_samples: int
    launched: int
    aborted: int
    tokens: int
    elapsed: float
    scored: bool
    discarded: int = 0
    """Samples stored and then removed: past a problem's first success (adaptive runs)."""


@dataclass
class _Tracker:
    """Mutable per-problem state of one engine session (O(1) decision queries)."""

    problem: Problem
    prompt: Prompt
    seed: int
    outcomes: dict[int, bool | None] = field(default_factory=dict)
    launched: int = 0
    aborted: int = 0
    prefix: int = 0
    """Samples ``0..prefix-1`` are all finished."""
    min_hit: int | None = None
    """Smallest finished index verified correct (in any order of arrival)."""
    owned: frozenset[int] | None = None
    """Fixed-mode shard: the only indices this session draws (None: all)."""

    def add(self, index: int, correct: bool | None) -> None:
        self.outcomes[index] = correct
        if correct and (self.min_hit is None or index < self.min_hit):
            self.min_hit = index
        while self.prefix in self.outcomes:
            self.prefix += 1

    def drop_from(self, end: int) -> list[int]:
        """Forget samples with index >= ``end``; returns their indices."""
        gone = [i for i in self.outcomes if i >= end]
        for i in gone:
            del self.outcomes[i]
        self.prefix = min(self.prefix, end)
        if self.min_hit is not None and self.min_hit >= end:
            hits = [i for i, ok in self.outcomes.items() if ok]
            self.min_hit = min(hits) if hits else None
        return gone

    def first_success(self) -> int | None:
        return self.min_hit if self.min_hit is not None and self.min_hit < self.prefix else None

    def needed_end(self, cfg: EngineConfig) -> int:
        """Indices ``[0, end)`` still worth having (all of k unless adaptive found a success)."""
        if not cfg.adaptive or self.min_hit is None:
            return cfg.k
        return min(cfg.k, max(self.min_hit + 1, cfg.min_samples))

    def decided(self, cfg: EngineConfig) -> bool:
        if self.owned is not None:
            return len(self.outcomes) >= len(self.owned)
        return self.prefix >= self.needed_end(cfg)

    def target(self, cfg: EngineConfig) -> int:
        return cfg.k if self.owned is None else len(self.owned)

    def plan(self, cfg: EngineConfig, ends: Sequence[int]) -> list[int]:
        """Indices to request next (advancing to the next round when the current one is done)."""
        if self.decided(cfg):
            return []
        needed = self.needed_end(cfg)
        missing = self._missing(min(needed, self.launched))
        if missing:
            return missing
        nxt = next((e for e in ends if e > self.launched), cfg.k)
        self.launched = max(self.launched, nxt)
        return self._missing(min(needed, self.launched))

    def _missing(self, end: int) -> list[int]:
        owned = self.owned
        return [
            i
            for i in range(self.prefix, end)
            if i not in self.outcomes and (owned is None or i in owned)
        ]

    def state(self, cfg: EngineConfig) -> ProblemState:
        return ProblemState(
            problem_id=self.problem.id,
            gold=self.problem.answer,
            target_k=cfg.k,
            launched=self.launched,
            finished=len(self.outcomes),
            aborted=self.aborted,
            first_success=self.first_success(),
            question=self.problem.problem,
        )


def _chunks(
    tracker: _Tracker, indices: Sequence[int], chunk_size: int, params: SamplingPreset
) -> Iterator[SampleRequest]:
    """Requests covering sorted ``indices``: runs of consecutive indices, split by size."""
    runs: list[list[int]] = []
    for i in indices:
        if runs and i == runs[-1][-1] + 1 and len(runs[-1]) < chunk_size:
            runs[-1].append(i)
        else:
            runs.append([i])
    for run in runs:
        yield SampleRequest(
            key=tracker.problem.id,
            prompt=tracker.prompt,
            start_index=run[0],
            n=len(run),
            seed=tracker.seed + run[0],
            params=params,
        )


class _Session:
    """One engine invocation over a store (keeps counters for progress)."""

    def __init__(
        self,
        store: RunStore,
        trackers: dict[str, _Tracker],
        cfg: EngineConfig,
        scorer: Scorer | None,
        progress: Callable[[Progress], None] | None,
        *,
        cancel: Callable[[str, int], None] | None = None,
    ) -> None:
        self.cancel = cancel
        """Backend hook: samples of a problem from an index on are not needed any more."""
        self.cancelled: dict[str, int] = {}
        self.store = store
        self.trackers = trackers
        self.cfg = cfg
        self.scorer = scorer
        self.progress = progress
        self.start = time.monotonic()
        self.new_samples = 0
        self.discarded = 0
        self.tokens = 0
        self.buffer: list[Completion] = []
        self.last_flush = time.monotonic()

    def accept(self, completion: Completion) -> None:
        tracker = self.trackers.get(completion.key)
        if (
            tracker is None
            or not 0 <= completion.sample_index < tracker.launched
            or (tracker.owned is not None and completion.sample_index not in tracker.owned)
        ):
            logger.warning(
                "ignoring unrequested completion %s#%d", completion.key, completion.sample_index
            )
            return
        if completion.sample_index in tracker.outcomes:
            return  # a duplicate from the backend
        if completion.seed != tracker.seed + completion.sample_index:
            raise MathbError(
                f"backend returned seed {completion.seed} for {completion.key}#"
                f"{completion.sample_index}, expected {tracker.seed + completion.sample_index}"
            )
        if completion.sample_index >= tracker.needed_end(self.cfg):
            return  # adaptive: not needed any more (counted in `aborted` on decision)
        self.buffer.append(completion)
        now = time.monotonic()
        if len(self.buffer) >= self.cfg.flush_every or now - self.last_flush >= (
            self.cfg.flush_seconds
        ):
            self.flush()

    def flush(self) -> None:
        self.last_flush = time.monotonic()
        if not self.buffer:
            return
        batch, self.buffer = self.buffer, []
        verdicts = None
        if self.scorer is not None:
            problems = [self.trackers[c.key].problem for c in batch]
            verdicts = self.scorer.score(
                [c.text for c in batch],
                [p.answer for p in problems],
                [p.problem for p in problems],
                [c.finish_reason for c in batch],
            )
        run_id = self.store.manifest.run_id
        records = []
        touched: dict[str, _Tracker] = {}
        for j, c in enumerate(batch):
            v = None if verdicts is None else verdicts[j]
            records.append(
                SampleRecord(
                    run_id=run_id,
                    problem_id=c.key,
                    sample_index=c.sample_index,
                    seed=c.seed,
                    text=c.text,
                    n_tokens=c.n_tokens,
                    finish_reason=c.finish_reason,
                    prompt_tokens=c.prompt_tokens,
                    correct=None if v is None else v.correct,
                    status=None if v is None else v.status.value,
                    extracted=None if v is None else v.extracted,
                    verifier_version=None if self.scorer is None else self.scorer.version,
                )
            )
            tracker = self.trackers[c.key]
            tracker.add(c.sample_index, None if v is None else v.correct)
            touched[c.key] = tracker
            self.tokens += c.n_tokens
        with self.store.transaction():
            self.new_samples += self.store.add_samples(records)
            for tracker in touched.values():
                self._settle(tracker)
            self.store.upsert_problem_states(t.state(self.cfg) for t in touched.values())
        if self.cancel is not None and self.cfg.adaptive:
            for tracker in touched.values():
                end = tracker.needed_end(self.cfg)
                pid = tracker.problem.id
                if end < tracker.launched and end < self.cancelled.get(pid, tracker.launched):
                    self.cancelled[pid] = end
                    self.cancel(pid, end)
        self.report()

    def _settle(self, tracker: _Tracker) -> None:
        """On an adaptive decision: drop stored surplus samples and count the aborted ones."""
        if not self.cfg.adaptive or not tracker.decided(self.cfg):
            return
        end = tracker.needed_end(self.cfg)
        if tracker.drop_from(end):
            self.discarded += self.store.delete_samples_from(tracker.problem.id, end)
        tracker.aborted = max(0, tracker.launched - end)

    def report(self) -> None:
        if self.progress is None:
            return
        cfg = self.cfg
        trackers = self.trackers.values()
        self.progress(
            Progress(
                problems_total=len(self.trackers),
                problems_done=sum(t.decided(cfg) for t in trackers),
                solved=sum(t.min_hit is not None for t in trackers),
                samples_stored=sum(len(t.outcomes) for t in trackers),
                samples_target=sum(
                    len(t.outcomes) if t.decided(cfg) else t.target(cfg) for t in trackers
                ),
                new_samples=self.new_samples,
                tokens=self.tokens,
                elapsed=time.monotonic() - self.start,
            )
        )


def run_engine(
    problems: Sequence[Problem],
    model: ModelSpec,
    backend: Backend,
    preset: SamplingPreset,
    *,
    store: RunStore,
    config: EngineConfig,
    prompt_fn: PromptFn | None = None,
    scorer: Scorer | bool | None = True,
    progress: Callable[[Progress], None] | None = None,
) -> RunSummary:
    """Draw every missing sample of ``problems`` into ``store`` and return a summary.

    ``scorer=True`` uses the package verifier when it is available (else samples are stored
    unscored for ``mathb score``); pass a :class:`Scorer` to use another one, or False/None to
    skip scoring. Adaptive sampling needs a scorer.
    """
    if prompt_fn is None:
        from ._prompt import build_prompt

        prompt_fn = build_prompt
    active = default_scorer() if scorer is True else (scorer or None)
    if config.adaptive and active is None:
        raise ConfigError("adaptive sampling needs the verifier (mathbeyond.verify.verify_batch)")
    if active is None:
        logger.warning("no verifier: samples are stored unscored (run `mathb score` later)")
    ids = [p.id for p in problems]
    if len(set(ids)) != len(ids):
        raise ConfigError("duplicate problem ids in the problem list")

    trackers = {
        p.id: _Tracker(p, prompt_fn(p.problem, model), problem_seed(config.seed, p.id), owned=owned)
        for p, owned in _shard_slice(problems, config)
    }
    stored_states = {s.problem_id: s for s in store.problem_states()}
    for pid, tracker in trackers.items():
        state = stored_states.get(pid)
        tracker.launched = 0 if state is None else state.launched
        tracker.aborted = 0 if state is None else state.aborted
    if active is not None:
        score_pending(store, active, {p.id: (p.answer, p.problem) for p in problems})
    for pid, outcomes in store.sample_outcomes().items():
        if pid in trackers:
            for index in sorted(outcomes):
                trackers[pid].add(index, outcomes[index])

    cancel = backend.cancel if isinstance(backend, SupportsCancel) else None
    session = _Session(store, trackers, config, active, progress, cancel=cancel)
    with store.transaction():
        for tracker in trackers.values():
            session._settle(tracker)
        store.upsert_problem_states(t.state(config) for t in trackers.values())
    ends = round_ends(
        config.k,
        adaptive=config.adaptive,
        first_round=config.first_round,
        min_samples=config.min_samples,
    )
    session.report()
    wave = 0
    while True:
        plans = {pid: t.plan(config, ends) for pid, t in trackers.items()}
        plans = {pid: idx for pid, idx in plans.items() if idx}
        if not plans:
            break
        wave += 1
        requests = [
            req
            for pid, idx in plans.items()
            for req in _chunks(trackers[pid], idx, config.chunk_size, preset)
        ]
        n_planned = sum(len(i) for i in plans.values())
        logger.info("wave %d: %d samples for %d problems", wave, n_planned, len(plans))
        store.upsert_problem_states(trackers[pid].state(config) for pid in plans)
        before = session.new_samples
        try:
            _consume(session, backend.generate(requests), [trackers[pid] for pid in plans])
        except BaseException:
            _save_buffer(session)
            raise
        session.flush()
        if session.new_samples == before:
            raise MathbError(
                f"backend {backend.name!r} returned none of the {n_planned} requested samples"
            )
    session.report()
    return RunSummary(
        problems=len(trackers),
        solved=sum(t.min_hit is not None for t in trackers.values()),
        samples_stored=sum(len(t.outcomes) for t in trackers.values()),
        new_samples=session.new_samples,
        launched=sum(t.launched for t in trackers.values()),
        aborted=sum(t.aborted for t in trackers.values()),
        tokens=session.tokens,
        elapsed=time.monotonic() - session.start,
        scored=active is not None,
        discarded=session.discarded,
    )


def _shard_slice(
    problems: Sequence[Problem], config: EngineConfig
) -> list[tuple[Problem, frozenset[int] | None]]:
    """The problems this session draws, each with its owned indices (None: all of them)."""
    shard = config.shard
    if shard is None:
        return [(p, None) for p in problems]
    if config.adaptive:
        return [(p, None) for _, p in shard.select_problems(problems)]
    slices = [(p, shard.indices(pos, config.k)) for pos, p in enumerate(problems)]
    return [(p, owned) for p, owned in slices if owned]


def _save_buffer(session: _Session) -> None:
    """Best effort on the way out of a failing/interrupted wave: keep finished samples."""
    pending = len(session.buffer)
    if not pending:
        return
    try:
        session.flush()
    except Exception:
        logger.exception("could not save %d finished samples", pending)


def _consume(session: _Session, completions: Iterator[Completion], wave: list[_Tracker]) -> None:
    """Feed a wave's completions to the session; stop early once every problem is decided."""
    cfg = session.cfg
    try:
        for completion in completions:
            session.accept(completion)
            if cfg.adaptive and not session.buffer and all(t.decided(cfg) for t in wave):
                break
    finally:
        close = getattr(completions, "close", None)
        if close is not None:
            close()
