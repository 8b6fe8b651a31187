"""Model artefacts on disk: GGUF metadata and hashes, HF checkpoint directories, the HF cache.

Everything here reads local files only (no network): what a run's manifest records as the
identity of the weights it sampled from.

* A GGUF file is identified by its SHA-256 (streamed; cached by ``(path, size, mtime)`` in
  ``$MATHB_CACHE_DIR/file-hashes.json``, default ``~/.cache/mathbeyond``, so re-runs are
  cheap) and described by its header metadata (quantisation, chat template, context length).
* A HF checkpoint directory is identified by a SHA-256 over its small files that determine
  samples (``config.json``, ``generation_config.json``, tokenizer configs, the weights index)
  plus the name and size of every weight file. The weight bytes themselves are not hashed
  (tens of GB); a re-saved checkpoint with identical config, index and sizes hashes the same.
* Hub ids resolve through a local Hugging Face cache (``HF_HUB_CACHE``, else
  ``$HF_HOME/hub``, else ``~/.cache/huggingface/hub``): ``models--ORG--NAME/snapshots/REV/``
  with ``refs/<branch>`` holding the commit of a branch.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.metadata
import json
import os
import re
import struct
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from .._errors import ConfigError

GGUF_MAGIC = b"GGUF"
HUB_ID = re.compile(r"^(?P<repo>[A-Za-z0-9][\w.\-]*/[\w.\-]+)(?:@(?P<rev>[\w.\-/]+))?$")
"""``org/name`` with an optional ``@revision`` (branch, tag or commit)."""

_HASHED_FILES = (
    "config.json",
    "generation_config.json",
    "tokenizer_config.json",
    "special_tokens_map.json",
    "chat_template.jinja",
    "chat_template.json",
    "model.safetensors.index.json",
    "pytorch_model.bin.index.json",
)
_WEIGHT_SUFFIXES = (".safetensors", ".bin", ".pt", ".gguf")
_MAX_META_STRING = 1 << 24
"""Largest GGUF metadata string read (16 MiB; chat templates are a few KiB)."""

# llama.cpp's ``general.file_type`` (enum llama_ftype).
GGUF_FILE_TYPES: dict[int, str] = {
    0: "F32", 1: "F16", 2: "Q4_0", 3: "Q4_1", 7: "Q8_0", 8: "Q5_0", 9: "Q5_1", 10: "Q2_K",
    11: "Q3_K_S", 12: "Q3_K_M", 13: "Q3_K_L", 14: "Q4_K_S", 15: "Q4_K_M", 16: "Q5_K_S",
    17: "Q5_K_M", 18: "Q6_K", 19: "IQ2_XXS", 20: "IQ2_XS", 21: "Q2_K_S", 22: "IQ3_XS",
    23: "IQ3_XXS", 24: "IQ1_S", 25: "IQ4_NL", 26: "IQ3_S", 27: "IQ3_M", 28: "IQ2_S",
    29: "IQ2_M", 30: "IQ4_XS", 31: "IQ1_M", 32: "BF16", 36: "TQ1_0", 37: "TQ2_0",
}
_QUANT_IN_NAME = re.compile(r"(?i)\b(I?Q\d_[A-Z0-9_]+|Q\d_\d|BF16|F16|F32)\b")


# ---------------------------------------------------------------------------- GGUF


@dataclass(frozen=True)
class GgufInfo:
    """What a GGUF header says about the model."""

    path: Path
    architecture: str | None
    name: str | None
    quantization: str | None
    chat_template: str | None
    context_length: int | None


# GGUF value types: (struct format, size) for the scalar ones.
_SCALARS: dict[int, tuple[str, int]] = {
    0: ("<B", 1), 1: ("<b", 1), 2: ("<H", 2), 3: ("<h", 2), 4: ("<I", 4), 5: ("<i", 4),
    6: ("<f", 4), 7: ("<?", 1), 10: ("<Q", 8), 11: ("<q", 8), 12: ("<d", 8),
}
_STRING, _ARRAY = 8, 9


def _read(fh: BinaryIO, n: int) -> bytes:
    data = fh.read(n)
    if len(data) != n:
        raise ValueError("truncated GGUF header")
    return data


def _read_string(fh: BinaryIO, keep: bool) -> str | None:
    (length,) = struct.unpack("<Q", _read(fh, 8))
    if length > _MAX_META_STRING:
        raise ValueError(f"GGUF string of {length} bytes")
    if not keep:
        fh.seek(length, os.SEEK_CUR)
        return None
    return _read(fh, length).decode("utf-8", errors="replace")


def _read_value(fh: BinaryIO, vtype: int, keep: bool) -> Any:
    if vtype in _SCALARS:
        fmt, size = _SCALARS[vtype]
        return struct.unpack(fmt, _read(fh, size))[0]
    if vtype == _STRING:
        return _read_string(fh, keep)
    if vtype == _ARRAY:
        (item_type,) = struct.unpack("<I", _read(fh, 4))
        (count,) = struct.unpack("<Q", _read(fh, 8))
        if item_type in _SCALARS:
            fh.seek(_SCALARS[item_type][1] * count, os.SEEK_CUR)
        else:
            for _ in range(count):
                _read_value(fh, item_type, False)
        return None
    raise ValueError(f"unknown GGUF value type {vtype}")


def is_gguf(path: Path) -> bool:
    """Whether ``path`` is a file starting with the GGUF magic bytes."""
    try:
        with path.open("rb") as fh:
            return fh.read(4) == GGUF_MAGIC
    except OSError:
        return False


def read_gguf_info(path: str | Path) -> GgufInfo:
    """Parse a GGUF file's metadata (header only). ConfigError if it is not a GGUF file."""
    p = Path(path)
    wanted = ("general.architecture", "general.name", "general.file_type",
              "tokenizer.chat_template")
    meta: dict[str, Any] = {}
    try:
        with p.open("rb") as fh:
            if fh.read(4) != GGUF_MAGIC:
                raise ConfigError(f"{p} is not a GGUF model file (no GGUF magic bytes)")
            (version,) = struct.unpack("<I", _read(fh, 4))
            if version < 2:
                raise ConfigError(f"{p}: GGUF version {version} is too old (need >= 2)")
            _n_tensors, n_kv = struct.unpack("<QQ", _read(fh, 16))
            for _ in range(n_kv):
                key = _read_string(fh, True) or ""
                (vtype,) = struct.unpack("<I", _read(fh, 4))
                keep = key in wanted or key.endswith(".context_length")
                value = _read_value(fh, vtype, keep)
                if keep:
                    meta[key] = value
    except OSError as exc:
        raise ConfigError(f"cannot read GGUF model file {p}: {exc.strerror or exc}") from None
    except (ValueError, struct.error, UnicodeDecodeError) as exc:
        raise ConfigError(f"{p} is not a readable GGUF model file ({exc})") from None
    arch = meta.get("general.architecture")
    ftype = meta.get("general.file_type")
    quant = GGUF_FILE_TYPES.get(ftype) if isinstance(ftype, int) else None
    if quant is None:
        match = _QUANT_IN_NAME.search(p.name)
        quant = match.group(1).upper() if match else None
    ctx = meta.get(f"{arch}.context_length") if arch else None
    return GgufInfo(
        path=p,
        architecture=arch,
        name=meta.get("general.name"),
        quantization=quant,
        chat_template=meta.get("tokenizer.chat_template") or None,
        context_length=int(ctx) if isinstance(ctx, int) else None,
    )


# ---------------------------------------------------------------------------- hashing


def cache_dir() -> Path:
    """mathbeyond's cache folder (``$MATHB_CACHE_DIR``, else ``$XDG_CACHE_HOME/mathbeyond``)."""
    env = os.environ.get("MATHB_CACHE_DIR")
    if env:
        return Path(env)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "mathbeyond"


def _hash_cache_path() -> Path:
    return cache_dir() / "file-hashes.json"


def _load_hash_cache() -> dict[str, str]:
    try:
        data = json.loads(_hash_cache_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}


def _store_hash_cache(cache: dict[str, str]) -> None:
    path = _hash_cache_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".file-hashes.", dir=path.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(cache, fh, indent=0, sort_keys=True)
        os.replace(tmp, path)
    except OSError:  # a read-only home only costs a re-hash next time
        with contextlib.suppress(OSError, UnboundLocalError):
            os.unlink(tmp)


def file_sha256(path: str | Path, *, chunk: int = 1 << 20) -> str:
    """SHA-256 of a file, streamed; cached by (resolved path, size, mtime)."""
    p = Path(path).resolve()
    st = p.stat()
    key = f"{p}|{st.st_size}|{st.st_mtime_ns}"
    cache = _load_hash_cache()
    if key in cache:
        return cache[key]
    digest = hashlib.sha256()
    with p.open("rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            digest.update(block)
    value = digest.hexdigest()
    cache = {k: v for k, v in _load_hash_cache().items() if not k.startswith(f"{p}|")}
    cache[key] = value
    _store_hash_cache(cache)
    return value


def package_of(path: str | Path) -> tuple[str, str] | None:
    """(distribution name, version) of the installed package that ships ``path``, if any."""
    p = Path(path).resolve()
    for entry in sys.path:
        if not entry:
            continue
        try:
            rel = p.relative_to(Path(entry).resolve())
        except (ValueError, OSError):
            continue
        if len(rel.parts) < 2:
            continue
        dists = importlib.metadata.packages_distributions().get(rel.parts[0], [])
        for dist in dists:
            with contextlib.suppress(importlib.metadata.PackageNotFoundError):
                return dist, importlib.metadata.version(dist)
    return None


# ---------------------------------------------------------------------------- HF checkpoints


@dataclass(frozen=True)
class CheckpointInfo:
    """A HF checkpoint directory: its content hash and what its config says."""

    path: Path
    content_hash: str
    hashed_files: tuple[str, ...]
    chat_template: bool | None
    """True/False: the tokenizer config has / lacks a chat template; None: no tokenizer config."""
    quantization: str | None
    context_length: int | None


def _weight_files(path: Path) -> Iterator[Path]:
    for child in sorted(path.iterdir()):
        if child.is_file() and child.name.endswith(_WEIGHT_SUFFIXES):
            yield child


def read_checkpoint(path: str | Path) -> CheckpointInfo:
    """Inspect a HF checkpoint directory (must hold ``config.json``)."""
    p = Path(path)
    config_path = p / "config.json"
    if not config_path.is_file():
        raise ConfigError(
            f"{p} is not a Hugging Face checkpoint directory (no config.json); "
            "a .gguf file runs with --backend llamacpp"
        )
    digest = hashlib.sha256()
    hashed: list[str] = []
    try:
        for name in _HASHED_FILES:
            f = p / name
            if f.is_file():
                digest.update(f"{name}\0".encode())
                digest.update(f.read_bytes())
                hashed.append(name)
        for w in _weight_files(p):
            digest.update(f"{w.name}\0{w.stat().st_size}\0".encode())
            hashed.append(f"{w.name} (name+size)")
        config = json.loads(config_path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ConfigError(f"cannot read checkpoint {p}: {exc}") from None
    if not isinstance(config, dict):
        raise ConfigError(f"{config_path} is not a JSON object")
    chat: bool | None = None
    tok_path = p / "tokenizer_config.json"
    if tok_path.is_file():
        try:
            tok = json.loads(tok_path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise ConfigError(f"cannot read {tok_path}: {exc}") from None
        chat = bool(isinstance(tok, dict) and tok.get("chat_template"))
    if (p / "chat_template.jinja").is_file() or (p / "chat_template.json").is_file():
        chat = True
    quant_cfg = config.get("quantization_config")
    quant = None
    if isinstance(quant_cfg, dict):
        quant = str(quant_cfg.get("quant_method") or "quantized")
    elif config.get("torch_dtype"):
        quant = str(config["torch_dtype"])
    ctx = config.get("max_position_embeddings")
    return CheckpointInfo(
        path=p,
        content_hash=digest.hexdigest(),
        hashed_files=tuple(hashed),
        chat_template=chat,
        quantization=quant,
        context_length=int(ctx) if isinstance(ctx, int) else None,
    )


def hf_cache_dir() -> Path:
    """The Hugging Face Hub cache folder, as huggingface_hub computes it."""
    env = os.environ.get("HF_HUB_CACHE") or os.environ.get("HUGGINGFACE_HUB_CACHE")
    if env:
        return Path(env)
    home = os.environ.get("HF_HOME")
    base = Path(home) if home else Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "hub" if home else base / "huggingface" / "hub"


@dataclass(frozen=True)
class CachedSnapshot:
    repo: str
    revision: str
    """The commit hash of the snapshot."""
    requested: str
    """What was asked for (``main``, a tag, a branch, or a commit)."""
    path: Path


def find_cached_snapshot(repo: str, revision: str | None = None) -> CachedSnapshot | None:
    """The local snapshot of Hub repo ``repo`` at ``revision`` (default ``main``), if cached."""
    wanted = revision or "main"
    root = hf_cache_dir() / f"models--{repo.replace('/', '--')}"
    snapshots = root / "snapshots"
    if not snapshots.is_dir():
        return None
    ref = root / "refs" / wanted
    commit: str | None = None
    if ref.is_file():
        with contextlib.suppress(OSError):
            commit = ref.read_text(encoding="utf-8").strip()
    elif (snapshots / wanted).is_dir():
        commit = wanted
    elif re.fullmatch(r"[0-9a-f]{7,40}", wanted):
        matches = [d.name for d in snapshots.iterdir() if d.name.startswith(wanted)]
        commit = matches[0] if len(matches) == 1 else None
    if not commit or not (snapshots / commit).is_dir():
        return None
    return CachedSnapshot(repo, commit, wanted, snapshots / commit)
