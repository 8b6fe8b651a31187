"""Write tiny GGUF files (header + metadata only) for tests."""

from __future__ import annotations

import struct
from pathlib import Path


def _string(value: str) -> bytes:
    raw = value.encode()
    return struct.pack("<Q", len(raw)) + raw


def write_gguf(path: Path, *, chat_template: str | None = "{{ messages }}", file_type: int = 3,
               context_length: int = 4096, tokens: int = 5) -> Path:
    """A GGUF v3 file with architecture llama, a token list, and the given metadata."""
    kvs: list[bytes] = []
    kvs.append(_string("general.architecture") + struct.pack("<I", 8) + _string("llama"))
    kvs.append(_string("general.name") + struct.pack("<I", 8) + _string("tiny-test"))
    kvs.append(_string("general.file_type") + struct.pack("<II", 4, file_type))
    kvs.append(_string("llama.context_length") + struct.pack("<II", 4, context_length))
    kvs.append(_string("tokenizer.ggml.tokens") + struct.pack("<IIQ", 9, 8, tokens)
               + b"".join(_string(f"t{i}") for i in range(tokens)))
    kvs.append(_string("tokenizer.ggml.scores") + struct.pack("<IIQ", 9, 6, tokens)
               + struct.pack(f"<{tokens}f", *([0.0] * tokens)))
    if chat_template is not None:
        kvs.append(_string("tokenizer.chat_template") + struct.pack("<I", 8)
                   + _string(chat_template))
    path.write_bytes(b"GGUF" + struct.pack("<IQQ", 3, 0, len(kvs)) + b"".join(kvs))
    return path
