"""Compression of sample texts in ``samples.sqlite``.

A stored ``text`` value is either a plain SQLite TEXT (runs written before compression, texts
shorter than :data:`PLAIN_MAX` bytes, or codec ``none``) or a BLOB: one tag byte + payload.

* ``b"z"`` + a zstd frame (``zstandard``, the ``mathbeyond[zstd]`` extra; level 3),
* ``b"d"`` + a zlib stream (the standard library; the fallback when zstandard is absent).

Reading never depends on how a run was written: plain, zstd and zlib rows may sit side by side
in one run (an old run resumed by a new version). Decompressed size is bounded by
:data:`MAX_TEXT_BYTES`, so a corrupt or hostile database cannot blow up memory.
"""

from __future__ import annotations

import importlib.util
import zlib
from collections.abc import Callable
from typing import Any

from .._errors import DataError, MissingExtraError

PLAIN_MAX = 96
"""Texts shorter than this (UTF-8 bytes) are stored uncompressed."""
MAX_TEXT_BYTES = 64 << 20
"""Largest decompressed text accepted (a 32k-token reasoning trace is ~150 KB)."""
CODECS = ("zstd", "zlib", "none")
ZSTD_LEVEL = 3
ZLIB_LEVEL = 6
_ZSTD, _ZLIB = b"z", b"d"


def have_zstd() -> bool:
    return importlib.util.find_spec("zstandard") is not None


def default_codec() -> str:
    """``zstd`` when the ``zstandard`` package is installed, else ``zlib``."""
    return "zstd" if have_zstd() else "zlib"


def _zstd() -> Any:
    try:
        import zstandard
    except ImportError:
        raise MissingExtraError("zstandard", "zstd") from None
    return zstandard


class TextCodec:
    """Encoder/decoder of one store (zstd contexts are reused; not thread-safe)."""

    def __init__(self, codec: str | None = None) -> None:
        name = default_codec() if codec is None else codec
        if name not in CODECS:
            raise DataError(f"unknown text codec {name!r}; known: {', '.join(CODECS)}")
        self.name = name
        self._cctx: Any = None
        self._dctx: Any = None
        if name == "zstd":
            self._cctx = _zstd().ZstdCompressor(level=ZSTD_LEVEL)
        self.encode: Callable[[str], str | bytes] = {
            "zstd": self._enc_zstd, "zlib": self._enc_zlib, "none": _plain,
        }[name]

    def _enc_zstd(self, text: str) -> str | bytes:
        raw = text.encode("utf-8")
        if len(raw) < PLAIN_MAX:
            return text
        return _ZSTD + bytes(self._cctx.compress(raw))

    def _enc_zlib(self, text: str) -> str | bytes:
        raw = text.encode("utf-8")
        if len(raw) < PLAIN_MAX:
            return text
        return _ZLIB + zlib.compress(raw, ZLIB_LEVEL)

    def decode(self, value: str | bytes) -> str:
        """A stored value -> the text (DataError on a corrupt or oversized value)."""
        if isinstance(value, str):
            return value
        tag, payload = value[:1], memoryview(value)[1:]
        try:
            if tag == _ZSTD:
                zstd = _zstd()
                if self._dctx is None:
                    self._dctx = zstd.ZstdDecompressor()
                size = zstd.frame_content_size(payload)
                if size < 0 or size > MAX_TEXT_BYTES:  # unknown (-1) or too large
                    raise DataError("stored text has no or an oversized content size")
                raw = self._dctx.decompress(payload)
            elif tag == _ZLIB:
                d = zlib.decompressobj()
                raw = d.decompress(payload, MAX_TEXT_BYTES)
                if d.unconsumed_tail:
                    raise DataError("stored text exceeds the size limit")
            else:
                raise DataError(f"stored text has unknown codec tag {bytes(tag)!r}")
            return bytes(raw).decode("utf-8")
        except DataError:
            raise
        except (zlib.error, UnicodeDecodeError, ValueError) as exc:
            raise DataError(f"corrupt stored text: {exc}") from None
        except Exception as exc:  # zstandard.ZstdError is not importable without the extra
            if type(exc).__name__ == "ZstdError":
                raise DataError(f"corrupt stored text: {exc}") from None
            raise


def _plain(text: str) -> str:
    return text
