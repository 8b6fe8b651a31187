"""A run directory: ``manifest.json`` + ``samples.sqlite`` (SQLite in WAL mode).

Why SQLite (WAL) and not parquet shards or JSONL:

* **Atomic commits.** A batch of samples, their scores and the per-problem bookkeeping are
  written in one transaction: after ``kill -9`` (or a power cut with ``synchronous=FULL``) the
  database holds either the whole batch or none of it. An append-only JSONL/parquet file can end
  in a torn row, and a parquet shard is only readable once its footer is written.
* **No partial-row corruption, no compaction.** Many small parquet shards (one per batch) would
  need a compaction step and a rule for half-written shards; SQLite's journal does this for us.
* **UNIQUE(problem_id, sample_index)** is enforced by the database itself, so a resumed run can
  never store a sample twice, whatever the engine does.
* **Single file, concurrent readers.** In WAL mode readers (``mathb metrics`` on a live run) never
  block the writer and always see a consistent snapshot. ``synchronous=NORMAL`` in WAL mode is
  safe against application crashes (``kill -9``): a committed transaction is in the WAL file and
  is replayed on the next open; only an OS crash/power loss may drop the last few commits, which
  a resume re-draws (seeds depend only on run seed, problem id and sample index). Pass
  ``synchronous="FULL"`` to survive power loss as well.
* It is queryable in place (``sqlite3``, DuckDB's sqlite scanner) and exported to parquet with
  :meth:`RunStore.export_parquet` for DuckDB/polars/pandas.

Sample texts are compressed (zstd, or zlib without the ``zstandard`` package; see
:mod:`._codec`): reasoning traces shrink several-fold, while ``mathb metrics`` never touches
the texts and rescoring/export decompress them on the fly. Runs written uncompressed (schema
version 1) stay readable; a v1 run opened for writing is marked version 2 so older versions of
mathbeyond refuse it instead of misreading compressed rows.

``manifest.json`` is written atomically (temporary file, fsync, rename, fsync of the directory).
A writer holds an exclusive ``flock`` on ``run.lock`` so two processes never draw the same
samples into one directory; the kernel drops the lock when the process dies, even on ``kill -9``.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
import tempfile
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from pydantic import ValidationError

from .._errors import ConfigError, DataError
from ._codec import TextCodec
from ._schema import ProblemState, RunManifest, SampleRecord

try:  # POSIX only; elsewhere runs are simply not protected against two writers.
    import fcntl
except ImportError:  # pragma: no cover
    fcntl = None  # type: ignore[assignment]

logger = logging.getLogger(__name__)

MANIFEST_NAME = "manifest.json"
DB_NAME = "samples.sqlite"
LOCK_NAME = "run.lock"
SCHEMA_VERSION = 2
"""2: ``samples.text`` may hold compressed BLOBs (see ``_codec``); 1: plain TEXT only."""
READABLE_VERSIONS = (1, 2)
PAGE_SIZE = 1024
"""SQLite page size of new run databases (see ``_init_schema``)."""
EXPORT_BATCH_BYTES = 8 << 20
"""Most text bytes per record batch when reading/exporting (bounded memory)."""

IDENTITY_FIELDS: tuple[str, ...] = (
    "model",
    "backend",
    "preset",
    "prompt_template",
    "dataset",
    "split",
    "dataset_revision",
    "seed",
    "k",
    "adaptive",
    "min_samples",
    "model_source",
    "backend_options",
    "verifier",
)
"""Manifest fields that must match for a run directory to be resumed (run identity).

``model_source`` is compared on kind, ref, revision, content_hash and quantization (``ref``
is skipped when both sides have a content hash: a moved file is the same model);
``backend_options`` without the output-neutral options the manifest lists in
``extra["output_neutral_options"]`` and without the artefact options ``model``,
``model_path``, ``revision`` (compared through ``model_source``). A field that an older
manifest does not record (empty) is not compared.
"""

SOURCE_IDENTITY_KEYS: tuple[str, ...] = ("kind", "ref", "revision", "content_hash", "quantization")
_ARTEFACT_OPTIONS = frozenset({"model", "model_path", "revision"})

SAMPLE_COLUMNS: tuple[str, ...] = tuple(SampleRecord.model_fields)
SCORE_COLUMNS: tuple[str, ...] = ("correct", "status", "extracted", "verifier_version")
STATE_COLUMNS: tuple[str, ...] = tuple(ProblemState.model_fields)

_SCHEMA = """
CREATE TABLE IF NOT EXISTS samples (
    run_id TEXT NOT NULL,
    problem_id TEXT NOT NULL,
    sample_index INTEGER NOT NULL CHECK (sample_index >= 0),
    seed INTEGER NOT NULL,
    text TEXT NOT NULL,
    n_tokens INTEGER NOT NULL CHECK (n_tokens >= 0),
    finish_reason TEXT NOT NULL,
    prompt_tokens INTEGER,
    correct INTEGER,
    status TEXT,
    extracted TEXT,
    verifier_version TEXT,
    PRIMARY KEY (problem_id, sample_index)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS problems (
    problem_id TEXT PRIMARY KEY,
    gold TEXT NOT NULL,
    target_k INTEGER NOT NULL,
    launched INTEGER NOT NULL DEFAULT 0,
    finished INTEGER NOT NULL DEFAULT 0,
    aborted INTEGER NOT NULL DEFAULT 0,
    first_success INTEGER,
    question TEXT
);
"""


@dataclass(frozen=True)
class ScoreUpdate:
    """New verifier fields for one stored sample."""

    problem_id: str
    sample_index: int
    correct: bool
    status: str
    extracted: str | None
    verifier_version: str


def _pa() -> Any:
    import pyarrow

    return pyarrow


def _sample_schema() -> Any:
    pa = _pa()
    return pa.schema(
        [
            ("run_id", pa.string()),
            ("problem_id", pa.string()),
            ("sample_index", pa.int64()),
            ("seed", pa.int64()),
            ("text", pa.string()),
            ("n_tokens", pa.int64()),
            ("finish_reason", pa.string()),
            ("prompt_tokens", pa.int64()),
            ("correct", pa.bool_()),
            ("status", pa.string()),
            ("extracted", pa.string()),
            ("verifier_version", pa.string()),
        ]
    )


def write_atomic(path: Path, data: str) -> None:
    """Replace ``path`` with ``data`` atomically (tmp file + fsync + rename + dir fsync)."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    with contextlib.suppress(OSError):  # directory fsync is not possible everywhere
        dir_fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def read_manifest(run_dir: str | Path) -> RunManifest:
    """Parse ``RUN/manifest.json``; a DataError names the file when it is missing or malformed."""
    path = Path(run_dir) / MANIFEST_NAME
    if not path.is_file():
        raise DataError("not a run directory (no manifest.json)", path=Path(run_dir))
    try:
        return RunManifest.model_validate_json(path.read_text(encoding="utf-8"))
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "<root>"
        raise DataError(f"malformed manifest: {where}: {first['msg']}", path=path) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(f"unreadable manifest: {exc}", path=path) from None


def _identity_view(manifest: RunManifest, name: str, neutral: frozenset[str],
                   hashed: bool) -> Any:
    value = getattr(manifest, name)
    if name == "model_source":
        keys = [k for k in SOURCE_IDENTITY_KEYS if not (k == "ref" and hashed)]
        return {k: value.get(k) for k in keys} if value else value
    if name == "backend_options":
        return {k: v for k, v in value.items() if k not in neutral and k not in _ARTEFACT_OPTIONS}
    return value


def identity_mismatch(stored: RunManifest, wanted: RunManifest) -> str | None:
    """The first identity field that differs, described (``field: stored X, requested Y``, a
    dict field down to its differing key), or None when the runs match."""
    neutral = frozenset(stored.extra.get("output_neutral_options", ())) | frozenset(
        wanted.extra.get("output_neutral_options", ())
    )
    legacy = not stored.model_source  # written before run identity covered options
    hashed = bool(stored.model_source.get("content_hash")) and bool(
        wanted.model_source.get("content_hash")
    )
    for name in IDENTITY_FIELDS:
        old = _identity_view(stored, name, neutral, hashed)
        new = _identity_view(wanted, name, neutral, hashed)
        if legacy and name == "backend_options":
            new = {k: v for k, v in new.items() if k in old}
        if old == new:
            continue
        if name in ("model_source", "verifier") and not old:
            logger.warning("%s: the stored manifest does not record %s (older mathbeyond); "
                           "not compared", name, name)
            continue
        if isinstance(old, dict) and isinstance(new, dict):
            for key in sorted(set(old) | set(new)):
                if old.get(key) != new.get(key):
                    return (f"{name}.{key}: stored {old.get(key, '<unset>')!r}, "
                            f"requested {new.get(key, '<unset>')!r}")
        return f"{name}: stored {old!r}, requested {new!r}"
    return None


def _mismatch_message(run_dir: Path, diff: str) -> str:
    hint = "use another --out directory to start a new run"
    if diff.startswith("verifier."):
        hint = (f"rescore it first (`mathb score --force {run_dir}` with the same "
                "--verify-timeout) or " + hint)
    return f"{run_dir} holds a different run ({diff}); {hint}"


def check_resumable(path: str | Path, manifest: RunManifest) -> None:
    """Raise ConfigError (one line naming the field) if ``path`` holds a run with another
    identity; reads only, writes nothing. A missing or empty directory passes."""
    run_dir = Path(path)
    if run_dir.exists() and not run_dir.is_dir():
        raise ConfigError(f"{run_dir}: exists and is not a directory")
    if not (run_dir / MANIFEST_NAME).exists():
        if (run_dir / DB_NAME).exists() and _has_rows(run_dir / DB_NAME):
            raise DataError(
                "samples.sqlite holds samples but manifest.json is missing; "
                "refusing to guess which run they belong to",
                path=run_dir,
            )
        return
    diff = identity_mismatch(read_manifest(run_dir), manifest)
    if diff is not None:
        raise ConfigError(_mismatch_message(run_dir, diff))


class RunStore:
    """One run directory. Open with :func:`open_run` (read-only) or :meth:`create_or_resume`."""

    def __init__(
        self,
        path: Path,
        manifest: RunManifest,
        conn: sqlite3.Connection,
        *,
        writable: bool,
        lock: IO[str] | None = None,
        codec: str | None = None,
    ) -> None:
        self.path = path
        self._codec = TextCodec(codec)
        self._manifest = manifest
        self._conn = conn
        self._writable = writable
        self._lock = lock
        self._in_tx = False

    # ------------------------------------------------------------------ opening
    @classmethod
    def create_or_resume(
        cls,
        path: str | Path,
        manifest: RunManifest,
        *,
        synchronous: str = "NORMAL",
        codec: str | None = None,
    ) -> RunStore:
        """Create a run directory, or reopen it for writing if its identity fields match.

        The stored manifest (with its ``run_id`` and ``created_at``) is kept on resume, so a
        resumed run has the manifest of an uninterrupted one. Raises ConfigError naming
        the first differing identity field, or when another process is writing the run.
        ``codec`` compresses new sample texts: ``zstd`` (default when installed), ``zlib``
        (default otherwise) or ``none``.
        """
        if synchronous.upper() not in {"NORMAL", "FULL", "EXTRA"}:
            raise ConfigError(f"synchronous must be NORMAL, FULL or EXTRA, not {synchronous!r}")
        run_dir = Path(path)
        if run_dir.exists() and not run_dir.is_dir():
            raise ConfigError(f"{run_dir}: exists and is not a directory")
        try:
            run_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ConfigError(f"cannot create run directory {run_dir}: {exc.strerror or exc}") \
                from None
        lock = _acquire_lock(run_dir)
        try:
            manifest_path = run_dir / MANIFEST_NAME
            db_path = run_dir / DB_NAME
            if manifest_path.exists():
                stored = read_manifest(run_dir)
                diff = identity_mismatch(stored, manifest)
                if diff is not None:
                    raise ConfigError(_mismatch_message(run_dir, diff))
                manifest = stored
                logger.info("resuming run %s in %s", stored.run_id, run_dir)
            elif db_path.exists() and _has_rows(db_path):
                raise DataError(
                    "samples.sqlite holds samples but manifest.json is missing; "
                    "refusing to guess which run they belong to",
                    path=run_dir,
                )
            conn = _connect(db_path, readonly=False)
            conn.execute(f"PRAGMA synchronous={synchronous.upper()}")
            _init_schema(conn, db_path)
            if not manifest_path.exists():
                write_atomic(manifest_path, manifest.model_dump_json(indent=2) + "\n")
                logger.info("created run %s in %s", manifest.run_id, run_dir)
        except BaseException:
            lock.close()
            raise
        return cls(run_dir, manifest, conn, writable=True, lock=lock, codec=codec)

    def update_manifest(self, **changes: Any) -> RunManifest:
        """Rewrite ``manifest.json`` (atomically) with ``changes`` (used by ``mathb score`` to
        record a new verifier identity)."""
        if not self._writable:
            raise ConfigError(f"{self.path} is open read-only")
        self._manifest = self._manifest.model_copy(update=changes)
        write_atomic(self.path / MANIFEST_NAME, self._manifest.model_dump_json(indent=2) + "\n")
        return self._manifest

    def close(self) -> None:
        self._conn.close()
        if self._lock is not None:
            self._lock.close()
            self._lock = None

    def __enter__(self) -> RunStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ reading
    @property
    def manifest(self) -> RunManifest:
        return self._manifest

    def samples(self, columns: Sequence[str] | None = None) -> Any:
        """All stored samples as a ``pyarrow.Table``, sorted by (problem_id, sample_index)."""
        pa = _pa()
        schema = self._select_schema(columns)
        batches = list(self._iter_batches(schema))
        return pa.Table.from_batches(batches, schema=schema)

    def export_parquet(self, path: str | Path, *, compression: str = "zstd") -> Path:
        """Write all samples to one parquet file; returns its path.

        Streamed: at most ~:data:`EXPORT_BATCH_BYTES` of text is held at a time, one row group
        per batch, whatever the run's size.
        """
        import pyarrow.parquet as pq

        out = Path(path)
        out.parent.mkdir(parents=True, exist_ok=True)
        schema = _sample_schema()
        tmp = out.with_name(f".{out.name}.tmp")
        with pq.ParquetWriter(tmp, schema, compression=compression) as writer:
            for batch in self._iter_batches(schema):
                writer.write_batch(batch)
        os.replace(tmp, out)
        return out

    def problem_states(self) -> list[ProblemState]:
        """Per-problem bookkeeping, sorted by problem id."""
        cols = ", ".join(STATE_COLUMNS)
        rows = self._conn.execute(f"SELECT {cols} FROM problems ORDER BY problem_id").fetchall()
        return [ProblemState(**dict(zip(STATE_COLUMNS, row, strict=True))) for row in rows]

    def existing_indices(self) -> dict[str, set[int]]:
        """Stored sample indices per problem id."""
        out: dict[str, set[int]] = {}
        for pid, idx in self._conn.execute("SELECT problem_id, sample_index FROM samples"):
            out.setdefault(pid, set()).add(idx)
        return out

    def sample_outcomes(self) -> dict[str, dict[int, bool | None]]:
        """``correct`` (None when unscored) of every stored sample, per problem id."""
        out: dict[str, dict[int, bool | None]] = {}
        query = "SELECT problem_id, sample_index, correct FROM samples"
        for pid, idx, correct in self._conn.execute(query):
            out.setdefault(pid, {})[idx] = None if correct is None else bool(correct)
        return out

    def count_samples(self) -> int:
        return int(self._conn.execute("SELECT COUNT(*) FROM samples").fetchone()[0])

    def iter_for_scoring(
        self, *, skip_version: str | None = None, batch_size: int = 512
    ) -> Iterator[list[tuple[str, int, str]]]:
        """Batches of (problem_id, sample_index, text) in key order, optionally skipping rows
        already scored by verifier ``skip_version``.

        Each batch is a fresh keyset-paginated query, so the caller may update the rows of a
        batch before asking for the next one.
        """
        where = "(problem_id, sample_index) > (?, ?)"
        extra: tuple[str, ...] = ()
        if skip_version is not None:
            where += " AND (verifier_version IS NULL OR verifier_version != ?)"
            extra = (skip_version,)
        query = (
            f"SELECT problem_id, sample_index, text FROM samples WHERE {where} "
            "ORDER BY problem_id, sample_index LIMIT ?"
        )
        last: tuple[str, int] = ("", -1)
        while True:
            rows = self._conn.execute(query, (*last, *extra, batch_size)).fetchall()
            if not rows:
                return
            decode = self._codec.decode
            batch = [(str(p), int(i), decode(t)) for p, i, t in rows]
            last = batch[-1][:2]
            yield batch

    def finish_reasons(self, keys: Sequence[tuple[str, int]]) -> list[str | None]:
        """The stored finish reason of each (problem_id, sample_index) key, in order."""
        found: dict[tuple[str, int], str | None] = {}
        query = "SELECT finish_reason FROM samples WHERE problem_id = ? AND sample_index = ?"
        for key in keys:
            row = self._conn.execute(query, key).fetchone()
            found[key] = None if row is None else row[0]
        return [found[key] for key in keys]

    # ------------------------------------------------------------------ writing
    @contextlib.contextmanager
    def transaction(self) -> Iterator[None]:
        """Group writes into one atomic commit (nested use joins the outer transaction)."""
        self._check_writable()
        if self._in_tx:
            yield
            return
        self._conn.execute("BEGIN IMMEDIATE")
        self._in_tx = True
        try:
            yield
        except BaseException:
            self._conn.execute("ROLLBACK")
            raise
        else:
            self._conn.execute("COMMIT")
        finally:
            self._in_tx = False

    def add_samples(self, records: Iterable[SampleRecord]) -> int:
        """Insert samples; ones already stored (same problem id and index) are skipped.

        Returns the number of new rows.
        """
        rows = []
        encode = self._codec.encode
        for r in records:
            if r.run_id != self._manifest.run_id:
                raise ConfigError(
                    f"sample of run {r.run_id!r} added to run {self.manifest.run_id!r}"
                )
            rows.append(
                tuple(encode(r.text) if c == "text" else getattr(r, c) for c in SAMPLE_COLUMNS)
            )
        if not rows:
            return 0
        marks = ", ".join("?" for _ in SAMPLE_COLUMNS)
        sql = f"INSERT OR IGNORE INTO samples ({', '.join(SAMPLE_COLUMNS)}) VALUES ({marks})"
        with self.transaction():
            before = self._conn.total_changes
            self._conn.executemany(sql, rows)
            return self._conn.total_changes - before

    def update_scores(self, updates: Iterable[ScoreUpdate]) -> int:
        """Set only the verifier columns of stored samples; returns rows changed."""
        rows = [
            (u.correct, u.status, u.extracted, u.verifier_version, u.problem_id, u.sample_index)
            for u in updates
        ]
        sql = (
            "UPDATE samples SET correct = ?, status = ?, extracted = ?, verifier_version = ? "
            "WHERE problem_id = ? AND sample_index = ?"
        )
        with self.transaction():
            before = self._conn.total_changes
            self._conn.executemany(sql, rows)
            return self._conn.total_changes - before

    def upsert_problem_states(self, states: Iterable[ProblemState]) -> None:
        rows = [tuple(getattr(s, c) for c in STATE_COLUMNS) for s in states]
        if not rows:
            return
        cols = ", ".join(STATE_COLUMNS)
        marks = ", ".join("?" for _ in STATE_COLUMNS)
        updates = ", ".join(f"{c} = excluded.{c}" for c in STATE_COLUMNS if c != "problem_id")
        sql = (
            f"INSERT INTO problems ({cols}) VALUES ({marks}) "
            f"ON CONFLICT(problem_id) DO UPDATE SET {updates}"
        )
        with self.transaction():
            self._conn.executemany(sql, rows)

    def delete_samples_from(self, problem_id: str, first_index: int) -> int:
        """Delete a problem's samples with index >= ``first_index`` (adaptive surplus)."""
        with self.transaction():
            cur = self._conn.execute(
                "DELETE FROM samples WHERE problem_id = ? AND sample_index >= ?",
                (problem_id, first_index),
            )
            return cur.rowcount

    # ------------------------------------------------------------------ helpers
    def _check_writable(self) -> None:
        if not self._writable:
            raise ConfigError(f"{self.path} is opened read-only")

    def _select_schema(self, columns: Sequence[str] | None) -> Any:
        full = _sample_schema()
        if columns is None:
            return full
        unknown = [c for c in columns if c not in SAMPLE_COLUMNS]
        if unknown:
            raise ConfigError(
                f"unknown sample column(s) {', '.join(unknown)}; known: {', '.join(SAMPLE_COLUMNS)}"
            )
        return _pa().schema([full.field(c) for c in columns])

    def _iter_batches(
        self, schema: Any, batch_size: int = 4096, max_bytes: int | None = None
    ) -> Iterator[Any]:
        """Record batches of at most ``batch_size`` rows and ~``max_bytes`` (default
        :data:`EXPORT_BATCH_BYTES`) of decoded text."""
        pa = _pa()
        budget = EXPORT_BATCH_BYTES if max_bytes is None else max_bytes
        names = list(schema.names)
        cols = ", ".join(names) if names else "1"
        cur = self._conn.execute(f"SELECT {cols} FROM samples ORDER BY problem_id, sample_index")
        bool_cols = {i for i, n in enumerate(names) if n == "correct"}
        text_col = names.index("text") if "text" in names else None

        def batch(rows: list[Any]) -> Any:
            columns = list(zip(*rows, strict=True)) if names else []
            arrays = []
            for i, field in enumerate(schema):
                values = columns[i]
                if i in bool_cols:
                    values = tuple(None if v is None else bool(v) for v in values)
                arrays.append(pa.array(values, type=field.type))
            return pa.RecordBatch.from_arrays(arrays, schema=schema)

        if text_col is None:
            while rows := cur.fetchmany(batch_size):
                yield batch(rows)
            return
        decode = self._codec.decode
        pending: list[Any] = []
        size = 0
        while rows := cur.fetchmany(64):
            for row in rows:
                text = decode(row[text_col])
                size += len(text)
                pending.append((*row[:text_col], text, *row[text_col + 1 :]))
                if len(pending) >= batch_size or size >= budget:
                    yield batch(pending)
                    pending, size = [], 0
        if pending:
            yield batch(pending)


def open_run(path: str | Path) -> RunStore:
    """Open an existing run directory read-only (a DataError if it is not a run directory)."""
    run_dir = Path(path)
    if not run_dir.is_dir():
        raise DataError("no such run directory", path=run_dir)
    manifest = read_manifest(run_dir)
    db_path = run_dir / DB_NAME
    if not db_path.is_file():
        raise DataError("run directory has no samples.sqlite", path=run_dir)
    conn = _connect(db_path, readonly=True)
    _check_schema(conn, db_path)
    return RunStore(run_dir, manifest, conn, writable=False)


def _connect(db_path: Path, *, readonly: bool) -> sqlite3.Connection:
    try:
        if readonly:
            conn = sqlite3.connect(f"{db_path.resolve().as_uri()}?mode=ro", uri=True)
        else:
            conn = sqlite3.connect(db_path, isolation_level=None)
            conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA busy_timeout=10000")
    except sqlite3.DatabaseError as exc:
        raise DataError(f"cannot open sample database: {exc}", path=db_path) from None
    return conn


def _init_schema(conn: sqlite3.Connection, db_path: Path) -> None:
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version == 0:
            # Small pages: a compressed ~5 KB text wastes < 1 KB in its last overflow page (4 KB
            # pages waste ~1.6 KB/sample) and scans of the score columns read fewer bytes.
            # The page size of a new database can only change outside WAL mode.
            conn.execute("PRAGMA journal_mode=DELETE")
            conn.execute(f"PRAGMA page_size={PAGE_SIZE}")
            conn.execute("VACUUM")
            conn.executescript(_SCHEMA)
            conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
            conn.execute("PRAGMA journal_mode=WAL")
        else:
            _check_schema(conn, db_path)
            if version < SCHEMA_VERSION:  # new rows may be compressed from now on
                conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
    except sqlite3.DatabaseError as exc:
        raise DataError(f"corrupt sample database: {exc}", path=db_path) from None


def _check_schema(conn: sqlite3.Connection, db_path: Path) -> None:
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
    except sqlite3.DatabaseError as exc:
        raise DataError(f"corrupt sample database: {exc}", path=db_path) from None
    if version not in READABLE_VERSIONS:
        raise DataError(
            f"sample database schema version {version}, expected one of "
            f"{', '.join(map(str, READABLE_VERSIONS))} (written by a newer mathbeyond?)",
            path=db_path,
        )


def _has_rows(db_path: Path) -> bool:
    try:
        conn = sqlite3.connect(f"{db_path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            return bool(conn.execute("SELECT EXISTS (SELECT 1 FROM samples)").fetchone()[0])
        finally:
            conn.close()
    except sqlite3.DatabaseError:
        return False


def _acquire_lock(run_dir: Path) -> IO[str]:
    fh = open(run_dir / LOCK_NAME, "a+", encoding="utf-8")  # noqa: SIM115 - held until close
    if fcntl is not None:
        try:
            fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            fh.close()
            raise ConfigError(f"{run_dir} is being written by another process") from None
    return fh

