"""Compressed sample texts: zstd / zlib / plain rows, old uncompressed runs, corrupt rows."""

from __future__ import annotations

import builtins
import json
import sqlite3
import zlib
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest

from mathbeyond import DataError
from mathbeyond.sample import score_run
from mathbeyond.sample._scoring import Scorer
from mathbeyond.store import (
    ProblemState,
    RunManifest,
    RunStore,
    SampleRecord,
    _codec,
    open_run,
    read_manifest,
)
from mathbeyond.verify import Status, Verdict

HAVE_ZSTD = _codec.have_zstd()
TEXT = "Let me think step by step. " * 200 + "So the answer is \\boxed{7}."
SHORT = "\\boxed{7}"


def _manifest() -> RunManifest:
    return RunManifest(
        run_id="r", created_at="now", model="smollm2-135m", backend="fake", preset={},
        prompt_template="t", dataset="toy", k=4, seed=0,
    )


def _rec(idx: int, text: str) -> SampleRecord:
    return SampleRecord(run_id="r", problem_id="p", sample_index=idx, seed=idx, text=text,
                        n_tokens=1, finish_reason="stop")


def _stored(run: Path) -> list[Any]:
    conn = sqlite3.connect(run / "samples.sqlite")
    try:
        return [v for (v,) in conn.execute("SELECT text FROM samples ORDER BY sample_index")]
    finally:
        conn.close()


def _write(run: Path, codec: str | None, texts: list[str]) -> None:
    with RunStore.create_or_resume(run, _manifest(), codec=codec) as store:
        store.add_samples(_rec(i, t) for i, t in enumerate(texts))
        store.upsert_problem_states([ProblemState(problem_id="p", gold="7", target_k=4)])


@pytest.mark.parametrize("codec", ["zstd", "zlib", "none"])
def test_codecs_round_trip_and_shrink(tmp_path: Path, codec: str) -> None:
    if codec == "zstd" and not HAVE_ZSTD:
        pytest.skip("zstandard is not installed")
    texts = [TEXT, SHORT, TEXT + "é∑"]
    _write(tmp_path, codec, texts)
    raw = _stored(tmp_path)
    assert isinstance(raw[1], str)  # short texts stay plain
    if codec == "none":
        assert raw[0] == TEXT
    else:
        assert isinstance(raw[0], bytes) and raw[0][:1] == (b"z" if codec == "zstd" else b"d")
        assert len(raw[0]) * 10 < len(TEXT.encode())
    with open_run(tmp_path) as run:
        assert run.samples(["text"]).column(0).to_pylist() == texts
        batches = [b for batch in run.iter_for_scoring(batch_size=2) for b in batch]
        assert [t for _, _, t in batches] == texts
    out = open_run(tmp_path).export_parquet(tmp_path / "x.parquet")
    assert pq.read_table(out).column("text").to_pylist() == texts


def test_default_codec_falls_back_to_zlib(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_codec, "have_zstd", lambda: False)
    assert _codec.default_codec() == "zlib"
    assert _codec.TextCodec().encode(TEXT)[:1] == b"d"  # type: ignore[index]


def test_zstd_rows_without_zstandard_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not HAVE_ZSTD:
        pytest.skip("zstandard is not installed")
    _write(tmp_path, "zstd", [TEXT])
    real_import = builtins.__import__

    def no_zstd(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "zstandard":
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_zstd)
    monkeypatch.setattr(_codec, "have_zstd", lambda: False)
    with open_run(tmp_path) as run, pytest.raises(ImportError, match=r"install mathbeyond\[zstd\]"):
        run.samples(["text"])


def _old_v1_run(run: Path, texts: list[str]) -> None:
    """A run directory exactly as mathbeyond wrote it before compression (schema 1)."""
    run.mkdir()
    (run / "manifest.json").write_text(_manifest().model_dump_json())
    conn = sqlite3.connect(run / "samples.sqlite")
    from mathbeyond.store._run import _SCHEMA

    conn.executescript(_SCHEMA)
    conn.execute("PRAGMA user_version=1")
    conn.executemany(
        "INSERT INTO samples (run_id, problem_id, sample_index, seed, text, n_tokens, "
        "finish_reason) VALUES ('r', 'p', ?, ?, ?, 1, 'stop')",
        [(i, i, t) for i, t in enumerate(texts)],
    )
    conn.execute("INSERT INTO problems (problem_id, gold, target_k) VALUES ('p', '7', 4)")
    conn.commit()
    conn.close()


def _verify(texts: list[str], golds: list[str], qs: list[str | None]) -> list[Verdict]:
    return [Verdict(t.endswith("{7}."), Status.CORRECT if t.endswith("{7}.") else
                    Status.INCORRECT, "7", "") for t in texts]


def test_old_uncompressed_run_reads_rescores_and_resumes(tmp_path: Path) -> None:
    run = tmp_path / "old"
    _old_v1_run(run, [TEXT, "no answer here " * 20])
    with open_run(run) as store:
        assert store.samples(["text"]).column(0).to_pylist()[0] == TEXT
    summary = score_run(run, force=True, scorer=Scorer("t-1", _verify))
    assert summary.scored == 2 and summary.solved == 1
    # resumed by this version: new rows are compressed, old rows stay plain, all readable
    with RunStore.create_or_resume(run, read_manifest(run)) as store:
        store.add_samples([_rec(2, TEXT + " again")])
    raw = _stored(run)
    assert isinstance(raw[0], str) and isinstance(raw[2], bytes)
    with open_run(run) as store:
        assert store.samples(["text"]).column(0).to_pylist()[2] == TEXT + " again"
    conn = sqlite3.connect(run / "samples.sqlite")
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 2  # old versions now refuse it
    conn.close()


@pytest.mark.parametrize(
    ("blob", "message"),
    [
        (b"q123", "unknown codec tag"),
        (b"d" + b"not zlib", "corrupt stored text"),
        (b"d" + zlib.compress(b"\xff\xfe" * 100), "corrupt stored text"),
        (b"d" + zlib.compress(b"a" * (_codec.MAX_TEXT_BYTES + 10)), "exceeds the size limit"),
    ],
)
def test_corrupt_rows_are_one_line(tmp_path: Path, blob: bytes, message: str) -> None:
    _write(tmp_path, "none", [TEXT])
    conn = sqlite3.connect(tmp_path / "samples.sqlite")
    conn.execute("UPDATE samples SET text = ?", (blob,))
    conn.commit()
    conn.close()
    with open_run(tmp_path) as run, pytest.raises(DataError, match=message):
        run.samples(["text"])


def test_oversized_zstd_frame_refused_before_allocation(tmp_path: Path) -> None:
    if not HAVE_ZSTD:
        pytest.skip("zstandard is not installed")
    import zstandard

    big = zstandard.ZstdCompressor().compress(b"a" * (_codec.MAX_TEXT_BYTES + 1))
    with pytest.raises(DataError, match="oversized"):
        _codec.TextCodec("none").decode(b"z" + big)
    with pytest.raises(DataError, match="unknown text codec"):
        _codec.TextCodec("lz4")


def test_export_streams_in_bounded_batches(tmp_path: Path) -> None:
    texts = [f"{i} " + TEXT for i in range(40)]
    _write(tmp_path, None, texts)
    with open_run(tmp_path) as run:
        schema = run._select_schema(["sample_index", "text"])
        batches = list(run._iter_batches(schema, batch_size=4096, max_bytes=3 * len(TEXT)))
    assert len(batches) > 5  # bounded by bytes, not by the 4096-row batch size
    assert sum(b.num_rows for b in batches) == 40
    assert json.dumps([t for b in batches for t in b.column(1).to_pylist()]) == json.dumps(texts)
