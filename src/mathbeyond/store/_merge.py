"""``mathb merge``: join run directories (usually the shards of one run) into one run.

The inputs must be parts of the same run: every identity field (model, backend, preset, prompt
template, dataset, split, dataset revision, seed, k, adaptive, min_samples), the model's Hub id
and source, the verifier and the backend options that change what is drawn must agree, and no
(problem, sample index) may be stored twice. Anything else is refused with one line, before
anything is written. Shards (``extra["shard"]``) must agree on the shard rule and all ``N`` of
them must be given (``partial=True`` merges a subset, e.g. while a failed array task reruns).

The merged run is written to a temporary sibling directory and renamed into place, so ``--out``
either does not exist or holds the complete merged run. Sample rows are copied as stored
(compressed texts stay compressed), with the run id of the merged manifest; the per-problem
bookkeeping is recomputed from the merged rows (``finished``, ``first_success``) exactly as a
single run records it, so ``metrics``/``compare``/``report`` cannot tell the difference.
"""

from __future__ import annotations

import contextlib
import logging
import os
import shutil
import sqlite3
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .._errors import ConfigError
from ._run import (
    DB_NAME,
    IDENTITY_FIELDS,
    SAMPLE_COLUMNS,
    RunStore,
    _acquire_lock,
    open_run,
)
from ._schema import ProblemState, RunManifest

logger = logging.getLogger(__name__)

PLACEMENT_OPTIONS = frozenset(
    {
        "api_key",
        "backoff_base",
        "backoff_max",
        "base_url",
        "deadline",
        "enable_prefix_caching",
        "gpu_memory_utilization",
        "max_concurrency",
        "max_retries",
        "n_batch",
        "n_gpu_layers",
        "n_parallel",
        "n_threads",
        "reuse_prompt_cache",
        "tensor_parallel_size",
        "timeout",
    }
)
"""Backend options that say where/how fast a sample is drawn, not what is drawn: they may
differ between shards (one node's server URL, thread count, GPU memory share)."""

_EXTRA_IDENTITY = ("model_hub_id", "model_source", "base_model", "verifier")
"""Manifest fields compared besides the resume identity (absent fields compare as equal)."""


@dataclass(frozen=True)
class MergeSummary:
    out: Path
    runs: int
    problems: int
    samples: int
    shards: tuple[str, ...]
    """Shard labels (``I/N``) merged, in order; empty when the inputs were not shards."""


def _output_identity(m: RunManifest) -> dict[str, Any]:
    ident: dict[str, Any] = {name: getattr(m, name) for name in IDENTITY_FIELDS}
    for name in _EXTRA_IDENTITY:
        ident[name] = getattr(m, name, None)
    ident["verifier_version"] = m.versions.get("verifier")
    ident["prompt_template_text"] = m.extra.get("prompt_template_text")
    return ident


def _neutral(m: RunManifest) -> set[str]:
    declared = m.extra.get("output_neutral_options")
    return set(declared) if isinstance(declared, list) else set()


def manifest_mismatch(a: RunManifest, b: RunManifest) -> str | None:
    """The first field (of those that change what is drawn) where two runs differ.

    Backend options in :data:`PLACEMENT_OPTIONS` or declared output-neutral by the backend
    (``extra["output_neutral_options"]``) may differ.
    """
    ia, ib = _output_identity(a), _output_identity(b)
    skip = PLACEMENT_OPTIONS | _neutral(a) | _neutral(b)
    sa, sb = ia.get("model_source") or {}, ib.get("model_source") or {}
    if sa.get("content_hash") and sb.get("content_hash"):  # same bytes at other paths/nodes
        keep = ("kind", "revision", "content_hash", "quantization")
        ia["model_source"] = {k: sa.get(k) for k in keep}
        ib["model_source"] = {k: sb.get(k) for k in keep}
    for ident, m in ((ia, a), (ib, b)):
        ident["backend_options"] = {
            k: v for k, v in sorted(m.backend_options.items()) if k not in skip
        }
    for name, va in ia.items():
        vb = ib[name]
        if name == "backend_options" and va != vb:
            keys = sorted(set(va) | set(vb))
            key = next(k for k in keys if va.get(k) != vb.get(k))
            return f"backend option {key!r}: {va.get(key)!r} vs {vb.get(key)!r}"
        if va != vb:
            return f"{name}: {va!r} vs {vb!r}"
    return None


def _shard(m: RunManifest) -> dict[str, Any] | None:
    value = m.extra.get("shard")
    return value if isinstance(value, dict) else None


def _shard_index(m: RunManifest) -> int:
    d = _shard(m)
    return -1 if d is None else int(d.get("index", -1))


def _shard_label(m: RunManifest) -> str | None:
    d = _shard(m)
    return None if d is None else f"{d.get('index')}/{d.get('count')}"


def _shard_rule(d: dict[str, Any] | None) -> tuple[Any, ...] | None:
    return None if d is None else (d.get("count"), d.get("block"), d.get("mode"))


def _check_shards(paths: Sequence[Path], manifests: Sequence[RunManifest], partial: bool) -> None:
    shards = [_shard(m) for m in manifests]
    rule = _shard_rule(shards[0])
    for path, d in zip(paths, shards, strict=True):
        if _shard_rule(d) != rule:
            def desc(x: dict[str, Any] | None) -> str:
                if x is None:
                    return "unsharded"
                return f"shards of {x.get('count')} by {x.get('mode')}"

            raise ConfigError(
                f"cannot merge {path} into {paths[0]}: {desc(d)} vs {desc(shards[0])}"
            )
    if shards[0] is None:
        return
    seen: dict[int, Path] = {}
    for path, d in zip(paths, shards, strict=True):
        assert d is not None
        index = int(d["index"])
        if index in seen:
            raise ConfigError(
                f"shard {index}/{d['count']} given twice ({seen[index]} and {path})"
            )
        seen[index] = path
    count = int(shards[0]["count"])
    missing = [i for i in range(count) if i not in seen]
    if missing and not partial:
        labels = ", ".join(f"{i}/{count}" for i in missing[:8])
        more = f" (+{len(missing) - 8} more)" if len(missing) > 8 else ""
        raise ConfigError(
            f"missing shard(s) {labels}{more}; merge all {count} or pass --partial"
        )


def _sample_keys(db: Path) -> tuple[dict[str, set[int]], set[str]]:
    """Stored (problem id -> indices) and the verifier versions that scored the rows."""
    conn = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)
    try:
        out: dict[str, set[int]] = {}
        for pid, idx in conn.execute("SELECT problem_id, sample_index FROM samples"):
            out.setdefault(pid, set()).add(int(idx))
        versions = {
            str(v) for (v,) in conn.execute(
                "SELECT DISTINCT verifier_version FROM samples WHERE verifier_version IS NOT NULL"
            )
        }
        return out, versions
    finally:
        conn.close()


def merge_runs(
    inputs: Sequence[str | Path], out: str | Path, *, partial: bool = False
) -> MergeSummary:
    """Merge run directories ``inputs`` into a new run directory ``out``."""
    paths = [Path(p) for p in inputs]
    out_dir = Path(out)
    if not paths:
        raise ConfigError("merge needs at least one run directory")
    resolved = [p.resolve() for p in paths]
    if len(set(resolved)) != len(resolved):
        dup = next(p for p in paths if resolved.count(p.resolve()) > 1)
        raise ConfigError(f"{dup} given twice")
    if out_dir.exists() and (not out_dir.is_dir() or any(out_dir.iterdir())):
        raise ConfigError(f"{out_dir} already exists; merge writes a new run directory")
    if out_dir.resolve() in resolved:
        raise ConfigError(f"--out {out_dir} is one of the inputs")

    with contextlib.ExitStack() as stack:
        stores: list[RunStore] = []
        for path in paths:
            store = stack.enter_context(open_run(path))
            try:  # a run still being written would change under us
                stack.enter_context(_acquire_lock(path))
            except ConfigError:
                raise ConfigError(
                    f"{path} is being written by another process; merge it when it is done"
                ) from None
            except OSError:  # a read-only directory: nobody can be writing it
                logger.debug("cannot lock %s; reading it unlocked", path)
            stores.append(store)
        manifests = [s.manifest for s in stores]
        order = sorted(range(len(paths)), key=lambda i: _shard_index(manifests[i]))
        paths = [paths[i] for i in order]
        stores = [stores[i] for i in order]
        manifests = [manifests[i] for i in order]
        for path, m in zip(paths[1:], manifests[1:], strict=True):
            diff = manifest_mismatch(manifests[0], m)
            if diff is not None:
                raise ConfigError(f"cannot merge {path} into {paths[0]}: {diff}")
        _check_shards(paths, manifests, partial)

        owner: dict[tuple[str, int], Path] = {}
        scored_by: dict[str, Path] = {}
        for path in paths:
            keys, versions = _sample_keys(path / DB_NAME)
            for version in versions:
                scored_by.setdefault(version, path)
            if len(scored_by) > 1:
                (va, pa), (vb, pb) = list(scored_by.items())[:2]
                raise ConfigError(
                    f"cannot merge {pb} into {pa}: samples scored by verifier {vb!r} vs {va!r}; "
                    "rescore with `mathb score --force` first"
                )
            for pid, indices in keys.items():
                for idx in indices:
                    prev = owner.setdefault((pid, idx), path)
                    if prev is not path:
                        raise ConfigError(
                            f"cannot merge {path} into {prev}: both hold sample {idx} of "
                            f"problem {pid!r}"
                        )
        states: dict[str, list[ProblemState]] = {}
        for store in stores:
            for state in store.problem_states():
                states.setdefault(state.problem_id, []).append(state)
        for pid, group in states.items():
            golds = {(s.gold, s.target_k) for s in group}
            if len(golds) > 1:
                raise ConfigError(f"runs disagree on the gold answer or k of problem {pid!r}")

        merged = _merged_manifest(paths, manifests)
        out_dir.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}.merge-", dir=out_dir.parent))
        try:
            with RunStore.create_or_resume(tmp, merged, synchronous="FULL") as target:
                samples = _copy_samples(target, paths, merged.run_id)
                with target.transaction():
                    target.upsert_problem_states(_merged_states(target, states))
            if out_dir.exists():
                out_dir.rmdir()
            os.replace(tmp, out_dir)
        except BaseException:
            shutil.rmtree(tmp, ignore_errors=True)
            raise
    shards = tuple(label for label in map(_shard_label, manifests) if label is not None)
    logger.info("merged %d runs into %s (%d samples)", len(paths), out_dir, samples)
    return MergeSummary(out_dir, len(paths), len(states), samples, shards)


def _merged_manifest(paths: Sequence[Path], manifests: Sequence[RunManifest]) -> RunManifest:
    first = manifests[0]
    extra = {k: v for k, v in first.extra.items() if k != "shard"}
    extra["merged_from"] = [
        {
            "run": str(path),
            "shard": _shard_label(m),
            "created_at": m.created_at,
            "backend_options": m.backend_options,
            "git_sha": m.git_sha,
        }
        for path, m in zip(paths, manifests, strict=True)
    ]
    return first.model_copy(
        update={"created_at": min(m.created_at for m in manifests), "extra": extra}
    )


def _copy_samples(target: RunStore, paths: Sequence[Path], run_id: str) -> int:
    """Copy every input's rows verbatim (texts stay as stored) with the merged run id."""
    conn = target._conn
    copied = 0
    cols = [c for c in SAMPLE_COLUMNS if c != "run_id"]
    names = ", ".join(cols)
    for path in paths:
        conn.execute("ATTACH DATABASE ? AS src", (str((path / DB_NAME).resolve()),))
        try:
            with target.transaction():
                before = conn.total_changes
                conn.execute(
                    f"INSERT INTO samples (run_id, {names}) SELECT ?, {names} FROM src.samples",
                    (run_id,),
                )
                copied += conn.total_changes - before
        finally:
            conn.execute("DETACH DATABASE src")
    return copied


def _merged_states(
    target: RunStore, states: dict[str, list[ProblemState]]
) -> list[ProblemState]:
    outcomes = target.sample_outcomes()
    out = []
    for pid in sorted(states):
        group = states[pid]
        mine = outcomes.get(pid, {})
        first = None
        i = 0
        while i in mine:
            if mine[i]:
                first = i
                break
            i += 1
        out.append(
            group[0].model_copy(
                update={
                    "launched": max(s.launched for s in group),
                    "finished": len(mine),
                    "aborted": sum(s.aborted for s in group),
                    "first_success": first,
                }
            )
        )
    return out
