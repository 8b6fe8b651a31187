"""The judge cache: every judge reply, keyed by (problem text hash, judge model, prompt version,
sample index), in one SQLite file (WAL mode, one commit per reply) next to the labels file.
Replies are stored raw and parsed on read, so a killed run loses at most the replies in flight
and a rerun sends only what is missing."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from .._errors import DataError

_SCHEMA = """
CREATE TABLE IF NOT EXISTS replies (
    text_hash TEXT NOT NULL,
    judge TEXT NOT NULL,
    prompt_version TEXT NOT NULL,
    sample_index INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    reply TEXT NOT NULL,
    finish_reason TEXT NOT NULL,
    prompt_tokens INTEGER,
    completion_tokens INTEGER NOT NULL,
    created REAL NOT NULL,
    PRIMARY KEY (text_hash, judge, prompt_version, sample_index)
)
"""
MAX_STORED_CHARS = 16000


@dataclass(frozen=True)
class CachedReply:
    text_hash: str
    sample_index: int
    seed: int
    reply: str
    finish_reason: str
    prompt_tokens: int | None
    completion_tokens: int


def cache_path_for(out: str | Path) -> Path:
    """``labels.jsonl`` -> ``labels.jsonl.cache.sqlite`` (same folder)."""
    path = Path(out)
    return path.with_name(path.name + ".cache.sqlite")


class JudgeCache:
    """Replies of one judge model under one prompt version."""

    def __init__(self, path: str | Path, *, judge: str, prompt_version: str):
        self.path = Path(path)
        self.judge = judge
        self.prompt_version = prompt_version
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path, check_same_thread=False)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute(_SCHEMA)
            self._db.commit()
        except (sqlite3.DatabaseError, OSError) as exc:
            raise DataError(f"cannot open the judge cache: {exc}", path=self.path) from None

    def load(self, hashes: Iterable[str]) -> dict[str, list[CachedReply]]:
        """Cached replies per text hash (sample index order)."""
        wanted = set(hashes)
        out: dict[str, list[CachedReply]] = {h: [] for h in wanted}
        rows = self._db.execute(
            "SELECT text_hash, sample_index, seed, reply, finish_reason, prompt_tokens, "
            "completion_tokens FROM replies WHERE judge = ? AND prompt_version = ? "
            "ORDER BY text_hash, sample_index",
            (self.judge, self.prompt_version),
        )
        for row in rows:
            if row[0] in wanted:
                out[row[0]].append(CachedReply(*row))
        return out

    def put(self, reply: CachedReply) -> None:
        self._db.execute(
            "INSERT OR REPLACE INTO replies VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (reply.text_hash, self.judge, self.prompt_version, reply.sample_index, reply.seed,
             reply.reply[:MAX_STORED_CHARS], reply.finish_reason, reply.prompt_tokens,
             reply.completion_tokens, time.time()),
        )
        self._db.commit()

    def count(self) -> int:
        row = self._db.execute(
            "SELECT COUNT(*) FROM replies WHERE judge = ? AND prompt_version = ?",
            (self.judge, self.prompt_version),
        ).fetchone()
        return int(row[0])

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> JudgeCache:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
