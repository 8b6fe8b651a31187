"""Load registered datasets (local data dir first, then the pinned Hub file) and table files.

Specs are ``NAME[:SPLIT]`` where ``NAME`` is a registered dataset or alias, or a file given as
``file:PATH[:SPLIT]`` or a bare path to an existing ``.parquet/.csv/.json/.jsonl`` file. Files are
recognised by their columns: a :func:`export_problems` file, a MATH-B file (``*_unsolved``
columns; gets the MATH-B splits and ``math-beyond/{i}`` ids), a verl file (chat ``prompt``) or any
file with ``problem``/``question`` and ``answer``. Loaded datasets are cached in-process per
(dataset, data dir) and per (file, mtime, size).
"""

from __future__ import annotations

import functools
import hashlib
import logging
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from .._errors import ConfigError, DataError, MissingExtraError
from ._export import ExportedFormat, is_export_columns
from ._hub import HubUnavailable, fetch
from ._mathb import MathBFormat, declared_models, is_mathb_columns, mathb_splits
from ._readers import READERS, RawTable, read_table
from ._registry import DatasetSpec, SplitBuilder, find_spec, get_spec
from ._rows import PLAIN, VERL, RowError, RowFormat
from ._types import Dataset, Problem

log = logging.getLogger(__name__)

DATA_DIR_ENV = "MATHB_DATA_DIR"
FILE_PREFIX = "file:"
FILE_SPLIT = "all"


class DatasetUnavailableError(ConfigError):
    """A registered dataset has no local copy and could not be fetched from the Hub."""


def resolve_data_dir(data_dir: str | Path | None = None) -> Path | None:
    """The data directory: ``data_dir`` if given, else env ``MATHB_DATA_DIR``, else None."""
    if data_dir is not None and str(data_dir) != "":
        return Path(data_dir).expanduser()
    env = os.environ.get(DATA_DIR_ENV, "").strip()
    return Path(env).expanduser() if env else None


# ---- building problems from a table ----------------------------------------------------------


def build_problems(
    table: RawTable,
    fmt: RowFormat,
    dataset: str,
    tolerated_bad_rows: frozenset[int] = frozenset(),
) -> tuple[Problem, ...]:
    """Parse every row of ``table``; one DataError (file + row) for the first bad row."""
    try:
        parse = fmt.bind(dataset, table.columns)
    except RowError as exc:
        raise DataError(str(exc), path=table.path) from None
    problems: list[Problem] = []
    seen: dict[str, int] = {}
    for position, row in enumerate(table.rows):
        try:
            problem = parse(row, position)
        except RowError as exc:
            if position in tolerated_bad_rows:
                log.info("%s, row %d: skipped known-bad row: %s", table.path, position, exc)
                continue
            raise DataError(str(exc), path=table.path, row=position) from None
        if problem.id in seen:
            raise DataError(
                f"duplicate problem id {problem.id!r} (first at row {seen[problem.id]})",
                path=table.path,
                row=position,
            )
        seen[problem.id] = position
        problems.append(problem)
    return tuple(problems)


def _splits(
    problems: tuple[Problem, ...], builder: SplitBuilder | None, default: str
) -> dict[str, tuple[Problem, ...]]:
    return {default: problems} if builder is None else builder(problems)


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return f"sha256:{digest.hexdigest()}"


# ---- registered datasets ---------------------------------------------------------------------

_CACHE: dict[tuple[str, ...], Dataset] = {}


def clear_cache() -> None:
    """Forget every dataset loaded in this process."""
    _CACHE.clear()


def _local_file(spec: DatasetSpec, data_dir: Path | None) -> Path | None:
    if data_dir is None:
        return None
    return next((data_dir / rel for rel in spec.local if (data_dir / rel).is_file()), None)


def _unavailable(spec: DatasetSpec, data_dir: Path | None, hub_reason: str | None) -> str:
    wanted = " or ".join(spec.local)
    if data_dir is None:
        local = f"no data directory set ({DATA_DIR_ENV} / --data-dir)"
    else:
        local = f"no {wanted} under {data_dir}"
    parts = [f"dataset {spec.name!r} is not available: {local}"]
    if spec.hub is None:
        parts.append("it has no Hub source")
    else:
        parts.append(f"{spec.hub.describe()} could not be fetched ({hub_reason})")
    how = f"set {DATA_DIR_ENV} or --data-dir to a folder containing {spec.local[0]}"
    if spec.hub is not None:
        how += ", or install mathbeyond[hf] and allow Hub access"
    return "; ".join(parts) + f". To fix: {how}."


def _locate(spec: DatasetSpec, data_dir: Path | None, allow_download: bool) -> tuple[Path, bool]:
    """The file to read and whether it came from the Hub."""
    local = _local_file(spec, data_dir)
    if local is not None:
        return local, False
    reason: str | None = None
    if spec.hub is not None:
        try:
            return fetch(spec.hub, local_files_only=not allow_download), True
        except MissingExtraError as exc:
            reason = str(exc)
        except HubUnavailable as exc:
            reason = str(exc) if allow_download else f"not in the local Hub cache; {exc}"
    raise DatasetUnavailableError(_unavailable(spec, data_dir, reason))


def _load_registered(spec: DatasetSpec, data_dir: Path | None, allow_download: bool) -> Dataset:
    key = ("registry", spec.name, str(data_dir.resolve()) if data_dir else "")
    cached = _CACHE.get(key)
    if cached is not None:
        return cached
    path, from_hub = _locate(spec, data_dir, allow_download)
    table = read_table(path)
    problems = build_problems(table, spec.format, spec.name, spec.tolerated_bad_rows)
    hub = spec.hub
    dataset = Dataset(
        name=spec.name,
        splits=_splits(problems, spec.splits, spec.default_split),
        default_split=spec.default_split,
        hub_id=hub.repo_id if hub else None,
        revision=(hub.revision if hub else None) if from_hub else _sha256(path),
        origin=hub.describe() if (from_hub and hub) else str(path),
        description=spec.description,
    )
    log.info("loaded %s: %d rows from %s", spec.name, len(problems), dataset.origin)
    _CACHE[key] = dataset
    return dataset


# ---- files -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class _FileKind:
    matches: Callable[[Sequence[str]], bool]
    format: RowFormat
    dataset: str | None = None
    """Dataset name used in ids; None means the file's stem."""
    splits: SplitBuilder | None = None
    default_split: str = FILE_SPLIT


_FILE_KINDS: tuple[_FileKind, ...] = (
    _FileKind(is_export_columns, ExportedFormat()),
    _FileKind(is_mathb_columns, MathBFormat(), "math-beyond", mathb_splits, "union"),
    _FileKind(lambda cols: "prompt" in cols, VERL),
    _FileKind(lambda cols: "answer" in cols and ("problem" in cols or "question" in cols), PLAIN),
)


def load_file(path: str | Path) -> Dataset:
    """Load a table file, recognising its layout from its columns (see module docstring)."""
    file = Path(path).expanduser()
    try:
        stat = file.stat()
    except OSError:
        raise DataError("file not found", path=file) from None
    key = ("file", str(file.resolve()), str(stat.st_mtime_ns), str(stat.st_size))
    cached = _CACHE.get(key)
    if cached is not None:
        return cached
    table = read_table(file)
    kind = next((k for k in _FILE_KINDS if k.matches(table.columns)), None)
    if kind is None:
        raise DataError(
            "unrecognised layout: expected problem/answer columns, a chat 'prompt', MATH-B "
            f"columns or an exported file; columns present: {', '.join(table.columns)}",
            path=file,
        )
    name = kind.dataset or file.stem
    fmt, builder = kind.format, kind.splits
    declared = declared_models(file) if isinstance(fmt, MathBFormat) else None
    if declared is not None:  # a built dataset: its manifest declares the model columns
        fmt = MathBFormat(declared)
        builder = functools.partial(mathb_splits, declared=declared)
    problems = build_problems(table, fmt, name)
    dataset = Dataset(
        name=name,
        splits=_splits(problems, builder, kind.default_split),
        default_split=kind.default_split,
        revision=_sha256(file),
        origin=str(file),
        description=f"rows of {file.name}",
    )
    _CACHE[key] = dataset
    return dataset


# ---- specs -----------------------------------------------------------------------------------


def _looks_like_path(text: str) -> bool:
    return "/" in text or os.sep in text or Path(text).suffix.lower() in READERS


def _split_path(text: str) -> tuple[Path, str | None]:
    """``PATH`` or ``PATH:SPLIT`` (the path must exist; a path with ':' is taken whole first)."""
    path = Path(text).expanduser()
    if path.exists() or ":" not in text:
        return path, None
    head, _, split = text.rpartition(":")
    return Path(head).expanduser(), split or None


def parse_spec(spec: str) -> tuple[str | Path, str | None]:
    """``NAME[:SPLIT]`` -> (registered name or file path, split or None)."""
    text = spec.strip()
    if not text:
        raise ConfigError("empty dataset spec; use NAME[:SPLIT] or file:PATH[:SPLIT]")
    if text.lower().startswith(FILE_PREFIX):
        return _split_path(text[len(FILE_PREFIX) :])
    name, _, split = text.partition(":")
    if find_spec(name) is None and _looks_like_path(text):
        return _split_path(text)
    return get_spec(name).name, split or None


def load_dataset(
    name: str, *, data_dir: str | Path | None = None, allow_download: bool = True
) -> Dataset:
    """Load a registered dataset (or a file: ``file:PATH`` / an existing path) with all splits.

    Local data (``data_dir``, else ``MATHB_DATA_DIR``) takes precedence over the Hub. With
    ``allow_download=False`` only the local Hub cache is consulted. Raises
    :class:`DatasetUnavailableError` (one line saying how to provide the data) when neither works.
    """
    target, split = parse_spec(name)
    if split is not None:
        raise ConfigError(f"load_dataset takes a dataset name, not a split spec: {name!r}")
    if isinstance(target, Path):
        return load_file(target)
    return _load_registered(get_spec(target), resolve_data_dir(data_dir), allow_download)


def load_problems(
    spec: str, *, data_dir: str | Path | None = None, limit: int | None = None
) -> tuple[Problem, ...]:
    """The problems of ``NAME[:SPLIT]`` (default split when omitted), at most ``limit`` of them."""
    if limit is not None and limit < 0:
        raise ConfigError(f"limit must be >= 0, got {limit}")
    target, split = parse_spec(spec)
    if isinstance(target, Path):
        dataset = load_file(target)
    else:
        dataset = _load_registered(get_spec(target), resolve_data_dir(data_dir), True)
    problems = dataset.split(split)
    return problems if limit is None else problems[:limit]
