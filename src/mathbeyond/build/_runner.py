"""The build driver: stages over a build directory, resumable, refusing stale config.

Layout of a build directory::

    manifests/{stage}.json      stage manifest, written LAST: the stage is finished iff it exists
    {stage}/kept.parquet        problems that went on (export format, ids kept)
    {stage}/removed.parquet     problems removed, with reason, detail and (dedup) the match
    runs/{stage}/{model}-{hash}/  normal sampling run directories (prescreen, gtcheck, passk)
    gtcheck/answers.jsonl, gtcheck/disagreements.jsonl, passk/results.parquet, splits/splits.json
    export/                     the dataset folder (test.parquet, README.md, build_manifest.json)

A stage manifest records the stage's config snapshot (:meth:`BuildConfig.snapshot`), the
digest of its input (the previous stage's kept ids) and its funnel. ``run`` skips a finished
stage whose snapshot and input match, refuses one whose config changed (one line naming the
field), and runs the rest in order; ``redo`` deletes a stage's manifest and every later one
first. Sampling stages resume inside their run directories, so a ``kill -9`` at any moment
loses at most the samples in flight.
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime as _dt
import fcntl
import json
import logging
import random
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

import httpx

from .._errors import ConfigError, DataError, MathbError
from .._version import __version__
from ..data import Problem, load_dataset, load_problems, parse_spec
from ..models import get_model
from ..sample import Progress, backend_names
from ._config import BuildConfig, ModelConfig, snapshot_hash
from ._dedup import find_duplicates, resolved_backend
from ._export import write_dataset
from ._filters import apply_filters
from ._sampling import (
    ModelOutcome,
    answers,
    input_file,
    job_for,
    outcome,
    prepare,
    run_dir_for,
    sample,
    tokens_used,
)
from ._tables import (
    POOL_KEY,
    funnel,
    ids_digest,
    pool_of,
    read_json,
    read_problems,
    removal_rows,
    write_json,
    write_problems,
    write_table,
    write_text,
)

log = logging.getLogger(__name__)

Echo = Callable[[str], None]
ProgressFactory = Callable[[str], Callable[[Progress], None] | None]
MANIFEST_FORMAT = "mathbeyond.build.stage/v1"


class BudgetExceededError(MathbError):
    """The gtcheck stage reached its token budget (finished samples are kept)."""


@dataclass
class StageResult:
    kept: list[Problem]
    removed: list[tuple[Problem, str, dict[str, Any]]] = field(default_factory=list)
    info: dict[str, Any] = field(default_factory=dict)


@dataclass
class _Ctx:
    config: BuildConfig
    out: Path
    data_dir: Path | None
    echo: Echo
    progress: ProgressFactory


# ---- stages ------------------------------------------------------------------------------------


def _stage_pool(ctx: _Ctx, _: Sequence[Problem]) -> StageResult:
    problems: list[Problem] = []
    seen: dict[str, str] = {}
    sources: dict[str, Any] = {}
    for pool in ctx.config.pools:
        try:
            target, split = parse_spec(pool.spec)
            dataset = load_dataset(str(target), data_dir=ctx.data_dir)
            loaded = dataset.split(split)
        except ConfigError as exc:
            raise ConfigError(f"pool {pool.name!r}: {exc}") from None
        if pool.limit is not None:
            loaded = loaded[: pool.limit]
        for p in loaded:
            if p.id in seen:
                raise DataError(
                    f"problem id {p.id!r} of pool {pool.source!r} is also in pool {seen[p.id]!r}"
                )
            seen[p.id] = pool.source
            meta = {**p.metadata, POOL_KEY: pool.source}
            problems.append(
                Problem(p.id, p.problem, p.answer, p.source, p.topic, p.difficulty, meta)
            )
        sources[pool.source] = {
            "spec": pool.spec,
            "dataset": dataset.name,
            "split": split or dataset.default_split,
            "rows": len(loaded),
            "revision": dataset.revision,
            "origin": dataset.origin,
        }
    return StageResult(problems, info={"pools": sources})


def _stage_filter(ctx: _Ctx, inputs: Sequence[Problem]) -> StageResult:
    kept, removed = apply_filters(inputs, ctx.config.filter)
    return StageResult(
        kept,
        [(r.problem, r.filter, {"detail": r.detail}) for r in removed],
        info={"filters": list(ctx.config.filter.enabled())},
    )


def _stage_dedup(ctx: _Ctx, inputs: Sequence[Problem]) -> StageResult:
    cfg = ctx.config.dedup
    evals: list[tuple[str, tuple[Problem, ...]]] = []
    for name in cfg.against:
        try:
            target, _ = parse_spec(name)
            label = target.stem if isinstance(target, Path) else target
            evals.append((label, load_problems(name, data_dir=ctx.data_dir)))
        except ConfigError as exc:
            raise ConfigError(f"dedup.against {name!r}: {exc}") from None
    kept, matches = find_duplicates(
        inputs,
        evals,
        exact=cfg.exact,
        near=cfg.near,
        within_pool=cfg.within_pool,
        shingle=cfg.shingle,
        threshold=cfg.threshold,
        num_perm=cfg.num_perm,
        backend=cfg.backend,
    )
    removed = []
    for m in matches:
        reason = f"{'eval' if m.against != 'pool' else 'pool'}_{m.kind}"
        extra = {
            "detail": f"{m.kind} duplicate of {m.other.id} ({m.against}), score {m.score:.3f}",
            "match_id": m.other.id,
            "match_set": m.against,
            "match_kind": m.kind,
            "match_score": m.score,
            "match_problem": m.other.problem,
            "match_answer": m.other.answer,
        }
        removed.append((m.problem, reason, extra))
    per_set: dict[str, dict[str, int]] = {}
    for m in matches:
        against = m.against if m.against != "pool" else f"pool:{pool_of(m.other)}"
        per_set.setdefault(against, {"exact": 0, "near": 0})[m.kind] += 1
    return StageResult(
        kept,
        removed,
        info={
            "matches": per_set,
            "eval_sets": {name: len(ps) for name, ps in evals},
            "minhash_backend": resolved_backend(cfg.backend) if cfg.near else None,
        },
    )


def _rel(path: Path, root: Path) -> str:
    """``path`` relative to the build directory when inside it (manifests stay movable)."""
    try:
        return str(path.resolve().relative_to(root.resolve()))
    except ValueError:
        return str(path)


def _check_server(model: ModelConfig, where: str) -> None:
    if model.backend != "openai":
        return
    base = str(model.options.get("base_url", "http://127.0.0.1:8000/v1")).rstrip("/")
    try:
        httpx.get(f"{base}/models", timeout=5.0)
    except httpx.HTTPError as exc:
        raise ConfigError(
            f"{where}: the server at {base} is unreachable ({type(exc).__name__}); start it or "
            "fix options.base_url"
        ) from None


def _stage_prescreen(ctx: _Ctx, inputs: Sequence[Problem]) -> StageResult:
    cfg = ctx.config.prescreen
    assert cfg.model is not None
    problems = list(inputs)
    removed: list[tuple[Problem, str, dict[str, Any]]] = []
    if cfg.subsample is not None and cfg.subsample < len(problems):
        chosen = set(random.Random(cfg.subsample_seed).sample(range(len(problems)), cfg.subsample))
        removed = [(p, "not_subsampled", {}) for i, p in enumerate(problems) if i not in chosen]
        problems = [p for i, p in enumerate(problems) if i in chosen]
    if not problems:
        return StageResult([], removed)
    stage_dir = ctx.out / "prescreen"
    dataset = input_file(stage_dir, problems)
    run_dir = run_dir_for(
        ctx.out, "prescreen", cfg.model, k=cfg.k, adaptive=cfg.adaptive, problems=problems
    )
    job = job_for(
        cfg.model, dataset, run_dir, k=cfg.k, adaptive=cfg.adaptive, data_dir=ctx.data_dir
    )
    prepare(job, "prescreen.model")
    _check_server(cfg.model, "prescreen.model")
    ctx.echo(f"prescreen: {cfg.model.name} at pass@{cfg.k} on {len(problems)} problems")
    sample(job, "prescreen.model", ctx.progress(f"prescreen {cfg.model.name}"))
    result = outcome(cfg.model.name, run_dir, [p.id for p in problems], cfg.k)
    kept = [p for p in problems if result.unsolved(p.id)]
    removed += [
        (p, "solved_by_prescreen", {"detail": f"first success at {result.first_success[p.id]}"})
        for p in problems
        if result.solved(p.id)
    ]
    return StageResult(kept, removed, info={"run": _rel(run_dir, ctx.out), "k": cfg.k})


def _gt_estimate(
    jobs: Sequence[tuple[ModelConfig, Any]], problems: Sequence[Problem], k: int
) -> int:
    """Upper bound on the stage's tokens: (prompt + max_tokens) x k per problem and model."""
    total = 0
    for _, prepared in jobs:
        max_tokens = int(prepared.preset.max_tokens)
        for p in problems:
            prompt = len(p.problem.encode()) // 4 + 64
            total += (prompt + max_tokens) * k
    return total


def _stage_gtcheck(ctx: _Ctx, inputs: Sequence[Problem]) -> StageResult:
    cfg = ctx.config.gtcheck
    problems = list(inputs)
    if not problems:
        return StageResult([])
    stage_dir = ctx.out / "gtcheck"
    dataset = input_file(stage_dir, problems)
    jobs = []
    for i, model in enumerate(cfg.models):
        where = f"gtcheck.models[{i}] ({model.name})"
        run_dir = run_dir_for(
            ctx.out, "gtcheck", model, k=cfg.k, adaptive=False, problems=problems
        )
        job = job_for(model, dataset, run_dir, k=cfg.k, adaptive=False, data_dir=ctx.data_dir)
        jobs.append((model, prepare(job, where), job, where))
    estimate = _gt_estimate([(m, p) for m, p, _, _ in jobs], problems, cfg.k)
    budget = "no budget" if cfg.budget_tokens is None else f"budget {cfg.budget_tokens:,}"
    ctx.echo(
        f"gtcheck: {len(problems)} problems x {len(jobs)} models x pass@{cfg.k}: at most "
        f"{estimate:,} tokens (prompt + max_tokens; {budget})"
    )
    for model, _, _, where in jobs:
        _check_server(model, where)
    for model, _, job, where in jobs:
        for end in range(cfg.chunk, len(problems) + cfg.chunk, cfg.chunk):
            used = sum(tokens_used(j.out) for _, _, j, _ in jobs)
            if cfg.budget_tokens is not None and used >= cfg.budget_tokens:
                raise BudgetExceededError(
                    f"gtcheck stopped at its token budget: {used:,} of {cfg.budget_tokens:,} "
                    f"tokens used ({model.name}, before problem {end - cfg.chunk + 1} of "
                    f"{len(problems)}); raise gtcheck.budget_tokens and re-run to continue "
                    "(finished samples are kept)"
                )
            step = dataclasses.replace(job, limit=min(end, len(problems)))
            sample(step, where, ctx.progress(f"gtcheck {model.name}"))
    outcomes = {
        m.name: outcome(m.name, j.out, [p.id for p in problems], cfg.k) for m, _, j, _ in jobs
    }
    given = {m.name: answers(j.out) for m, _, j, _ in jobs}
    kept, removed = [], []
    review: list[dict[str, Any]] = []
    all_answers: list[dict[str, Any]] = []
    for p in problems:
        per = {name: given[name].get(p.id, []) for name in given}
        reproduced = [name for name, o in outcomes.items() if o.solved(p.id)]
        finals = {
            name: [s["extracted"] for s in samples] for name, samples in per.items()
        }
        row = {"id": p.id, "problem": p.problem, "gold": p.answer, "answers": finals,
               "reproduced_by": reproduced}
        all_answers.append(row)
        distinct = {a for vals in finals.values() for a in vals if a is not None}
        if reproduced:
            kept.append(p)
            if len(reproduced) < len(outcomes):
                review.append({**row, "why": "models disagree on the gold"})
        else:
            removed.append((p, "gold_not_reproduced", {"detail": json.dumps(finals)[:500]}))
            if distinct:
                review.append({**row, "why": "no model reproduced the gold"})
    write_text(stage_dir / "answers.jsonl", "".join(json.dumps(r) + "\n" for r in all_answers))
    write_text(stage_dir / "disagreements.jsonl", "".join(json.dumps(r) + "\n" for r in review))
    used = sum(tokens_used(j.out) for _, _, j, _ in jobs)
    return StageResult(
        kept,
        removed,
        info={"estimate_tokens": estimate, "tokens_used": used, "disagreements": len(review)},
    )


def _passk_outcomes(ctx: _Ctx, problems: Sequence[Problem]) -> dict[str, ModelOutcome]:
    cfg = ctx.config.passk
    stage_dir = ctx.out / "passk"
    dataset = input_file(stage_dir, problems)
    ids = [p.id for p in problems]
    todo = []
    for i, model in enumerate(cfg.models):
        where = f"passk.models[{i}] ({model.name})"
        if model.run is not None:
            continue
        run_dir = run_dir_for(
            ctx.out, "passk", model, k=cfg.k, adaptive=cfg.adaptive, problems=problems
        )
        job = job_for(model, dataset, run_dir, k=cfg.k, adaptive=cfg.adaptive,
                      data_dir=ctx.data_dir)
        prepare(job, where)
        todo.append((model, job, where))
    for model, _, where in todo:
        _check_server(model, where)
    outcomes: dict[str, ModelOutcome] = {}
    for model in cfg.models:
        if model.run is not None:
            ctx.echo(f"passk: {model.name}: reusing run {model.run}")
            outcomes[model.name] = outcome(model.name, Path(model.run), ids, cfg.k)
    for model, job, where in todo:
        ctx.echo(f"passk: {model.name} at pass@{cfg.k} on {len(problems)} problems")
        sample(job, where, ctx.progress(f"passk {model.name}"))
        outcomes[model.name] = outcome(model.name, job.out, ids, cfg.k)
    return {m.name: outcomes[m.name] for m in cfg.models}


def _stage_passk(ctx: _Ctx, inputs: Sequence[Problem]) -> StageResult:
    problems = list(inputs)
    if not problems:
        write_table(ctx.out / "passk" / "results.parquet", _results_table({}, []))
        return StageResult([])
    outcomes = _passk_outcomes(ctx, problems)
    write_table(ctx.out / "passk" / "results.parquet", _results_table(outcomes, problems))
    kept = [p for p in problems if any(o.unsolved(p.id) for o in outcomes.values())]
    removed: list[tuple[Problem, str, dict[str, Any]]] = [
        (p, "solved_by_all_models", {})
        for p in problems
        if all(o.solved(p.id) for o in outcomes.values())
    ]
    samples = {name: sum(o.drawn.values()) for name, o in outcomes.items()}
    return StageResult(
        kept,
        removed,
        info={
            "runs": {name: _rel(o.run_dir, ctx.out) for name, o in outcomes.items()},
            "samples": samples,
            "fixed_k_samples": len(problems) * ctx.config.passk.k * len(outcomes),
        },
    )


def _results_table(outcomes: Mapping[str, ModelOutcome], problems: Sequence[Problem]) -> Any:
    import pyarrow as pa

    rows = [
        {"id": p.id, "model": name, "first_success": o.first_success[p.id],
         "samples": o.drawn[p.id], "solved": o.solved(p.id), "k": o.k}
        for p in problems
        for name, o in outcomes.items()
    ]
    schema = pa.schema([("id", pa.string()), ("model", pa.string()),
                        ("first_success", pa.int64()), ("samples", pa.int64()),
                        ("solved", pa.bool_()), ("k", pa.int64())])
    return pa.Table.from_pylist(rows, schema=schema)


def passk_results(out: Path) -> dict[str, dict[str, bool]]:
    """``{model: {problem id: solved}}`` from the passk stage."""
    import pyarrow.parquet as pq

    table = pq.read_table(out / "passk" / "results.parquet")
    result: dict[str, dict[str, bool]] = {}
    for row in table.to_pylist():
        result.setdefault(row["model"], {})[row["id"]] = bool(row["solved"])
    return result


def _stage_splits(ctx: _Ctx, inputs: Sequence[Problem]) -> StageResult:
    solved = passk_results(ctx.out)
    models = ctx.config.passk.models
    bases = [m.name for m in models if m.base]
    ids = [p.id for p in inputs]

    def unsolved_by(names: Sequence[str], pid: str) -> bool:
        return all(not solved[n][pid] for n in names)

    splits: dict[str, list[str]] = {
        "union": [pid for pid in ids if any(not solved[m.name][pid] for m in models)],
        "intersection": [pid for pid in ids if unsolved_by(bases, pid)],
        "intersection_all": [pid for pid in ids if unsolved_by([m.name for m in models], pid)],
    }
    for m in models:
        splits[m.name] = [pid for pid in ids if not solved[m.name][pid]]
    write_json(ctx.out / "splits" / "splits.json", {"base_models": bases, "splits": splits})
    union = set(splits["union"])
    kept = [p for p in inputs if p.id in union]
    removed: list[tuple[Problem, str, dict[str, Any]]] = [
        (p, "solved_by_all_models", {}) for p in inputs if p.id not in union
    ]
    return StageResult(kept, removed, info={"sizes": {k: len(v) for k, v in splits.items()}})


def _stage_export(ctx: _Ctx, inputs: Sequence[Problem]) -> StageResult:
    path = write_dataset(
        ctx.out / "export",
        inputs,
        ctx.config,
        passk_results(ctx.out),
        funnel_rows(ctx.out, ctx.config.stages),
    )
    ctx.echo(f"export: wrote {path}")
    return StageResult(list(inputs), info={"folder": _rel(path.parent, ctx.out)})


STAGE_FUNCS: dict[str, Callable[[_Ctx, Sequence[Problem]], StageResult]] = {
    "pool": _stage_pool,
    "filter": _stage_filter,
    "dedup": _stage_dedup,
    "prescreen": _stage_prescreen,
    "gtcheck": _stage_gtcheck,
    "passk": _stage_passk,
    "splits": _stage_splits,
    "export": _stage_export,
}


# ---- manifests and the driver --------------------------------------------------------------


def manifest_path(out: Path, stage: str) -> Path:
    return out / "manifests" / f"{stage}.json"


def read_stage(out: Path, stage: str) -> dict[str, Any] | None:
    path = manifest_path(out, stage)
    if not path.is_file():
        return None
    data = read_json(path)
    if not isinstance(data, dict) or data.get("format") != MANIFEST_FORMAT:
        raise DataError("not a build stage manifest", path=path)
    return data


def changed_field(old: Mapping[str, Any], new: Mapping[str, Any]) -> str | None:
    for key in sorted(set(old) | set(new)):
        if json.dumps(old.get(key), default=str) != json.dumps(new.get(key), default=str):
            return key
    return None


def _fmt(value: Any) -> str:
    return "unset" if value is None else json.dumps(value, default=str)


@contextlib.contextmanager
def _lock(out: Path) -> Iterator[IO[str]]:
    out.mkdir(parents=True, exist_ok=True)
    fh = (out / ".lock").open("w")
    try:
        fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        fh.close()
        raise ConfigError(f"build directory {out} is in use by another `mathb build`") from None
    try:
        yield fh
    finally:
        fcntl.flock(fh, fcntl.LOCK_UN)
        fh.close()


def _stage_index(config: BuildConfig, stage: str | None, option: str) -> int | None:
    if stage is None:
        return None
    if stage not in config.stages:
        raise ConfigError(
            f"{option} {stage!r}: not a stage of this build ({', '.join(config.stages)})"
        )
    return config.stages.index(stage)


def validate(config: BuildConfig) -> None:
    """Names a config can get wrong, checked before any stage runs (one ConfigError line)."""
    for i, pool in enumerate(config.pools):
        try:
            parse_spec(pool.spec)
        except ConfigError as exc:
            raise ConfigError(f"pool[{i}] {pool.name!r}: {exc}") from None
    for name in config.dedup.against if "dedup" in config.stages else ():
        try:
            parse_spec(name)
        except ConfigError as exc:
            raise ConfigError(f"dedup.against {name!r}: {exc}") from None
    groups: list[tuple[str, Sequence[ModelConfig]]] = []
    if "prescreen" in config.stages and config.prescreen.model is not None:
        groups.append(("prescreen.model", [config.prescreen.model]))
    if "gtcheck" in config.stages:
        groups.append(("gtcheck.models", config.gtcheck.models))
    if "passk" in config.stages:
        groups.append(("passk.models", config.passk.models))
    for where, models in groups:
        for i, model in enumerate(models):
            label = where if where == "prescreen.model" else f"{where}[{i}]"
            try:
                get_model(model.model)
            except ConfigError as exc:
                raise ConfigError(f"{label} ({model.name}): {exc}") from None
            if model.backend not in backend_names():
                raise ConfigError(
                    f"{label} ({model.name}): unknown backend {model.backend!r}; known "
                    f"backends: {', '.join(backend_names())}"
                )


def run_build(
    config: BuildConfig,
    out: str | Path,
    *,
    until: str | None = None,
    start: str | None = None,
    redo: str | None = None,
    data_dir: str | Path | None = None,
    echo: Echo | None = None,
    progress: ProgressFactory | None = None,
) -> list[str]:
    """Run the stages that are missing; returns the stages run in this call."""
    root = Path(out)
    say = echo or log.info
    until_i = _stage_index(config, until, "--until")
    start_i = _stage_index(config, start, "--from")
    redo_i = _stage_index(config, redo, "--redo")
    chosen_dir = data_dir if data_dir is not None else config.data_dir
    ctx = _Ctx(config, root, None if chosen_dir is None else Path(chosen_dir), say,
               progress or (lambda _label: None))
    validate(config)
    ran: list[str] = []
    with _lock(root):
        if redo_i is not None:
            for stage in config.stages[redo_i:]:
                manifest_path(root, stage).unlink(missing_ok=True)
            say(f"redo: forgot stages {', '.join(config.stages[redo_i:])}")
        previous: tuple[Problem, ...] = ()
        prev_digest = "none"
        for i, stage in enumerate(config.stages):
            if until_i is not None and i > until_i:
                break
            snap = config.snapshot(stage)
            done = read_stage(root, stage)
            if done is not None:
                key = changed_field(done["config"], snap)
                if key is not None:
                    raise ConfigError(
                        f"config field {key} changed since stage {stage!r} finished "
                        f"({_fmt(done['config'].get(key))} -> {_fmt(snap.get(key))}); "
                        f"use --redo {stage} to re-run it and the stages after it"
                    )
                if done["input_digest"] != prev_digest:
                    raise ConfigError(
                        f"stage {stage!r} was built from a different input than the current "
                        f"output of the stage before it; use --redo {stage}"
                    )
                say(f"{stage}: done ({done['funnel']['out']} of {done['funnel']['in']} kept)")
                previous = read_problems(root / stage / "kept.parquet")
                prev_digest = done["output_digest"]
                continue
            if start_i is not None and i < start_i:
                raise ConfigError(
                    f"--from {config.stages[start_i]}: stage {stage!r} before it is not finished"
                )
            began = time.time()
            say(f"{stage}: running" + (f" on {len(previous)} problems" if i else ""))
            result = STAGE_FUNCS[stage](ctx, previous)
            stage_dir = root / stage
            kept = tuple(result.kept)
            info = {"stage": stage, "config_hash": snapshot_hash(snap)}
            write_problems(stage_dir / "kept.parquet", kept, info)
            if stage != "pool":
                write_table(
                    stage_dir / "removed.parquet",
                    removal_rows(
                        {"id": p.id, "pool": pool_of(p), "reason": reason, "problem": p.problem,
                         "answer": p.answer, **extra}
                        for p, reason, extra in result.removed
                    ),
                )
            stats = funnel(previous if stage != "pool" else kept, kept,
                           [(p, r) for p, r, _ in result.removed])
            digest = ids_digest(p.id for p in kept)
            write_json(
                manifest_path(root, stage),
                {
                    "format": MANIFEST_FORMAT,
                    "stage": stage,
                    "position": i,
                    "order": list(config.stages),
                    "config": snap,
                    "config_hash": snapshot_hash(snap),
                    "input_digest": prev_digest,
                    "output_digest": digest,
                    "funnel": stats,
                    "info": result.info,
                    "finished_at": _dt.datetime.now(_dt.timezone.utc).isoformat(
                        timespec="seconds"
                    ),
                    "elapsed_s": round(time.time() - began, 3),
                    "mathbeyond": __version__,
                    "config_file": config.source,
                },
            )
            say(f"{stage}: {stats['out']} of {stats['in']} kept ({time.time() - began:.1f} s)")
            ran.append(stage)
            previous, prev_digest = kept, digest
    return ran


def funnel_rows(out: str | Path, stages: Sequence[str] | None = None) -> list[dict[str, Any]]:
    """One row per finished stage (in build order): in, out, removed by reason, per source."""
    root = Path(out)
    found = []
    names = stages or [p.stem for p in sorted((root / "manifests").glob("*.json"))]
    for stage in names:
        data = read_stage(root, stage)
        if data is not None:
            found.append(
                {"stage": stage, "position": data["position"], **data["funnel"],
                 "info": data["info"], "elapsed_s": data["elapsed_s"]}
            )
    found.sort(key=lambda r: r["position"])
    return found


def build_status(out: str | Path) -> dict[str, Any]:
    """The funnel of a build directory (finished stages only) as a JSON-ready dict."""
    root = Path(out)
    if not (root / "manifests").is_dir():
        raise ConfigError(f"{root} is not a build directory (no manifests/)")
    rows = funnel_rows(root)
    order: list[str] = []
    if rows:
        data = read_stage(root, rows[-1]["stage"])
        order = list(data["order"]) if data else []
    finished = [r["stage"] for r in rows]
    return {
        "build_dir": str(root),
        "order": order,
        "finished": finished,
        "pending": [s for s in order if s not in finished],
        "funnel": rows,
    }
