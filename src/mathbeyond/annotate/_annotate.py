"""Label problems with an LLM judge: ``n`` samples per problem through any sampling backend,
strict parsing with retries, median / vote aggregation, a resumable cache."""

from __future__ import annotations

import hashlib
import json
import logging
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from .._errors import ConfigError, DataError
from ..data import Problem
from ..models import SamplingPreset
from ..sample import Backend, SampleRequest
from ._cache import CachedReply, JudgeCache
from ._parse import Reading, aggregate, parse_reply
from ._prompt import (
    RESPONSE_FORMATS,
    judge_messages,
    prompt_version,
    system_prompt,
    text_hash,
    user_prompt,
)

logger = logging.getLogger(__name__)

Status = Literal["labelled", "partial", "unlabelled"]
_APPROX_CHARS_PER_TOKEN = 4
_MAX_SEED = 2**31 - 1


class Label(BaseModel):
    """One problem's label (one line of the labels file)."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    problem_id: str
    text_hash: str
    status: Status
    """``labelled``: both fields; ``partial``: one of them; ``unlabelled``: neither."""
    difficulty: float | None
    """Median judge rating, 1-10 in half steps; None when too few valid ratings."""
    domain: str | None
    """Voted taxonomy chain (``Mathematics -> Algebra -> ...``); None without agreement."""
    difficulty_votes: list[float]
    domain_votes: list[str]
    samples: int
    replies: int
    """Judge replies read for this problem (retries included)."""
    reasons: list[str]
    """Why a field is missing, and what was wrong with rejected replies."""
    judge: str
    prompt_version: str
    prompt_tokens: int
    completion_tokens: int


@dataclass(frozen=True)
class AnnotateConfig:
    n: int = 3
    """Judge samples per problem."""
    attempts: int = 3
    """Replies per sample slot at most (the first try included) before a slot gives up."""
    min_votes: int | None = None
    """Valid values a field needs (default: a majority of ``n``)."""
    temperature: float = 0.6
    top_p: float = 0.95
    max_tokens: int = 256
    seed: int = 0
    response_format: str = "none"
    """``none``, ``json_schema`` or ``json_object``: whether the backend was set up to
    constrain replies (see :func:`response_format`); part of the prompt version."""

    def version(self) -> str:
        return prompt_version(self.response_format)

    def votes_needed(self) -> int:
        return self.min_votes if self.min_votes is not None else self.n // 2 + 1

    def check(self) -> None:
        if self.n < 1 or self.attempts < 1:
            raise ConfigError(f"n and attempts must be >= 1, got {self.n} and {self.attempts}")
        if not 1 <= self.votes_needed() <= self.n:
            raise ConfigError(f"min_votes must be between 1 and n={self.n}")
        if self.response_format not in RESPONSE_FORMATS:
            raise ConfigError(f"response_format must be one of {', '.join(RESPONSE_FORMATS)}")
        if self.max_tokens < 1:
            raise ConfigError(f"max_tokens must be >= 1, got {self.max_tokens}")


@dataclass
class TokenCount:
    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0


@dataclass(frozen=True)
class Estimate:
    """Before a run: what is cached and what the missing first-round calls cost (retries of
    malformed replies come on top)."""

    problems: int
    cached_problems: int
    calls: int
    prompt_tokens: int
    max_completion_tokens: int


@dataclass
class AnnotateResult:
    labels: list[Label]
    new: TokenCount = field(default_factory=TokenCount)
    """Judge calls made by this run (actual counts from the server)."""
    cached: TokenCount = field(default_factory=TokenCount)
    """Replies reused from the cache."""


def _seed(config: AnnotateConfig, digest: str) -> int:
    raw = hashlib.sha256(f"{config.seed}:{digest}".encode()).digest()
    return int.from_bytes(raw[:4], "big") % (_MAX_SEED - 10_000)


def _unique(problems: Sequence[Problem]) -> dict[str, Problem]:
    out: dict[str, Problem] = {}
    for p in problems:
        out.setdefault(text_hash(p.problem), p)
    return out


def _slots(replies: Sequence[CachedReply], config: AnnotateConfig) -> list[list[Reading]]:
    """Readings per sample slot (slot = index % n, attempt = index // n), attempt order."""
    slots: list[list[Reading]] = [[] for _ in range(config.n)]
    for r in sorted(replies, key=lambda r: r.sample_index):
        slot, attempt = r.sample_index % config.n, r.sample_index // config.n
        if attempt < config.attempts and len(slots[slot]) == attempt:
            slots[slot].append(parse_reply(r.reply))
    return slots


def _missing(replies: Sequence[CachedReply], config: AnnotateConfig) -> list[int]:
    """Sample indices to request next: the next attempt of every slot that has no valid
    rating or no valid domain yet (over its replies so far) and attempts left."""
    needed = []
    for slot, readings in enumerate(_slots(replies, config)):
        rated = any(r.difficulty is not None for r in readings)
        placed = any(r.domain is not None for r in readings)
        if (rated and placed) or len(readings) >= config.attempts:
            continue
        needed.append(len(readings) * config.n + slot)
    return needed


def _requests(digest: str, prompt: Problem, indices: list[int], config: AnnotateConfig,
              params: SamplingPreset) -> list[SampleRequest]:
    """Contiguous runs of sample indices as requests (sample i has seed base + i)."""
    base = _seed(config, digest)
    runs: list[list[int]] = []
    for i in sorted(indices):
        if runs and runs[-1][-1] == i - 1:
            runs[-1].append(i)
        else:
            runs.append([i])
    return [
        SampleRequest(key=digest, prompt=judge_messages(prompt.problem), start_index=run[0],
                      n=len(run), seed=base + run[0], params=params)
        for run in runs
    ]


def estimate(problems: Sequence[Problem], cache: JudgeCache,
             config: AnnotateConfig | None = None) -> Estimate:
    """Calls and tokens the next run needs at least (chars / 4 for prompt tokens)."""
    config = config or AnnotateConfig()
    unique = _unique(problems)
    cached = cache.load(unique)
    calls = prompt = 0
    done = 0
    for digest, problem in unique.items():
        missing = _missing(cached[digest], config)
        if not missing:
            done += 1
        chars = len(system_prompt()) + len(user_prompt(problem.problem))
        calls += len(missing)
        prompt += len(missing) * math.ceil(chars / _APPROX_CHARS_PER_TOKEN)
    return Estimate(len(unique), done, calls, prompt, calls * config.max_tokens)


def _label(problem: Problem, digest: str, replies: Sequence[CachedReply], judge: str,
           config: AnnotateConfig) -> Label:
    slots = _slots(replies, config)
    ratings = [next(r.difficulty for r in s if r.difficulty is not None) for s in slots
               if any(r.difficulty is not None for r in s)]
    domains = [next(r.domain for r in s if r.domain is not None) for s in slots
               if any(r.domain is not None for r in s)]
    agg = aggregate(ratings, domains, samples=config.n, min_votes=config.votes_needed())
    rejected = sorted({e for s in slots for r in s for e in r.errors})
    status: Status = ("labelled" if agg.difficulty is not None and agg.domain is not None
                      else "unlabelled" if agg.difficulty is None and agg.domain is None
                      else "partial")
    used = [r for r in replies if r.sample_index < config.n * config.attempts]
    return Label(
        problem_id=problem.id, text_hash=digest, status=status, difficulty=agg.difficulty,
        domain=agg.domain, difficulty_votes=ratings, domain_votes=domains, samples=config.n,
        replies=len(used),
        reasons=[*agg.reasons, *(f"rejected reply: {e}" for e in rejected)],
        judge=judge, prompt_version=config.version(),
        prompt_tokens=sum(r.prompt_tokens or 0 for r in used),
        completion_tokens=sum(r.completion_tokens for r in used),
    )


def annotate_problems(
    problems: Sequence[Problem],
    *,
    backend: Backend,
    judge: str,
    cache: JudgeCache,
    config: AnnotateConfig | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> AnnotateResult:
    """Label ``problems`` with the judge behind ``backend`` (any registered sampling backend,
    e.g. ``create_backend("openai", model=judge, base_url=...)``). Replies already in
    ``cache`` are reused; every new reply is committed to it as it arrives, so an error (an
    unreachable server raises ``ServerUnavailableError``) loses nothing already answered.
    Returns one :class:`Label` per problem, in input order (problems with the same text share
    their judge calls)."""
    config = config or AnnotateConfig()
    config.check()
    if cache.judge != judge or cache.prompt_version != config.version():
        raise ConfigError("the cache was opened for another judge or prompt version")
    params = SamplingPreset(temperature=config.temperature, top_p=config.top_p,
                            max_tokens=config.max_tokens)
    unique = _unique(problems)
    replies = cache.load(unique)
    result = AnnotateResult(labels=[])
    for rs in replies.values():
        result.cached.calls += len(rs)
        result.cached.prompt_tokens += sum(r.prompt_tokens or 0 for r in rs)
        result.cached.completion_tokens += sum(r.completion_tokens for r in rs)
    for _round in range(config.attempts):
        requests = [
            req
            for digest, problem in unique.items()
            for req in _requests(digest, problem, _missing(replies[digest], config), config,
                                 params)
        ]
        if not requests:
            break
        total = sum(r.n for r in requests)
        logger.info("judge round %d: %d calls", _round + 1, total)
        done = 0
        for completion in backend.generate(requests):
            if completion.key not in replies:
                logger.warning("the backend answered an unknown key %r", completion.key[:16])
                continue
            reply = CachedReply(
                text_hash=completion.key, sample_index=completion.sample_index,
                seed=completion.seed, reply=completion.text,
                finish_reason=completion.finish_reason,
                prompt_tokens=completion.prompt_tokens, completion_tokens=completion.n_tokens,
            )
            cache.put(reply)
            replies[completion.key].append(reply)
            result.new.calls += 1
            result.new.prompt_tokens += completion.prompt_tokens or 0
            result.new.completion_tokens += completion.n_tokens
            done += 1
            if progress is not None:
                progress(done, total)
    labels = {d: _label(p, d, replies[d], judge, config) for d, p in unique.items()}
    result.labels = [
        labels[text_hash(p.problem)].model_copy(update={"problem_id": p.id}) for p in problems
    ]
    return result


def run_annotation(
    problems: Sequence[Problem],
    *,
    judge: str,
    cache_path: str | Path,
    backend: str = "openai",
    backend_options: Mapping[str, Any] | None = None,
    config: AnnotateConfig | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> AnnotateResult:
    """One call for pipelines (``mathb build``'s export): create the backend
    (``create_backend(backend, model=judge, **backend_options)``; with
    ``config.response_format`` set, the openai backend's ``extra_body`` carries it), open the
    cache at ``cache_path``, label ``problems``, close both."""
    from ..sample import create_backend
    from ._prompt import response_format

    config = config or AnnotateConfig()
    config.check()
    options = dict(backend_options or {})
    if backend != "llamacpp":
        options.setdefault("model", judge)
    form = response_format(config.response_format)
    if form is not None:
        if backend != "openai":
            raise ConfigError("a response format needs the openai backend")
        options["extra_body"] = {**dict(options.get("extra_body") or {}),
                                 "response_format": form}
    with JudgeCache(cache_path, judge=judge, prompt_version=config.version()) as cache:
        client = create_backend(backend, **options)
        try:
            return annotate_problems(problems, backend=client, judge=judge, cache=cache,
                                     config=config, progress=progress)
        finally:
            client.close()


# ---- labels files -----------------------------------------------------------------------------


def write_labels(labels: Iterable[Label], path: str | Path) -> Path:
    """Write labels as JSONL (atomically: a temporary file renamed into place)."""
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(f".{out.name}.tmp")
    with tmp.open("w", encoding="utf-8") as fh:
        for label in labels:
            fh.write(label.model_dump_json() + "\n")
    tmp.replace(out)
    return out


def read_labels(path: str | Path) -> list[Label]:
    """Labels from a JSONL file written by :func:`write_labels` (``mathb annotate --out``)."""
    src = Path(path)
    try:
        lines = src.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise DataError(f"cannot read labels: {exc.strerror or exc}", path=src) from None
    labels = []
    for row, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            labels.append(Label.model_validate(json.loads(line)))
        except (ValueError, ValidationError) as exc:
            first = str(exc).splitlines()[0][:200]
            raise DataError(f"not a label line ({first})", path=src, row=row) from None
    return labels


def apply_labels(problems: Iterable[Problem], labels: Iterable[Label]) -> list[Problem]:
    """Problems with ``topic`` / ``difficulty`` taken from the judge labels (matched by problem
    text, so labels follow a problem across datasets). A problem with a label gets both
    columns from it, ``None`` for a field the judge left unlabelled (a judge rating is never
    mixed with a source's own scale); a problem without a label is returned unchanged."""
    by_hash = {label.text_hash: label for label in labels}
    out = []
    for p in problems:
        label = by_hash.get(text_hash(p.problem))
        if label is None:
            out.append(p)
            continue
        difficulty = None if label.difficulty is None else f"{label.difficulty:g}"
        out.append(replace(p, topic=label.domain, difficulty=difficulty))
    return out


def label_columns(
    problems: Iterable[Problem], labels: Iterable[Label]
) -> dict[str, tuple[str | None, float | None]]:
    """For an export: problem id -> (topic, difficulty) from the labels (problems without a
    label are left out)."""
    by_hash = {label.text_hash: label for label in labels}
    out = {}
    for p in problems:
        label = by_hash.get(text_hash(p.problem))
        if label is not None:
            out[p.id] = (label.domain, label.difficulty)
    return out
