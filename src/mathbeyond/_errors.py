"""Error types shared by every layer.

Every error a user can cause (bad file, bad config, unknown name, missing extra) is a
:class:`MathbError` subclass with a one-line message; the CLI prints it without a traceback.
"""

from __future__ import annotations

from pathlib import Path


class MathbError(Exception):
    """Base class for all errors raised on purpose by mathbeyond."""


class ConfigError(MathbError):
    """A bad option, unknown model/backend/dataset name, or inconsistent settings."""


class DataError(MathbError):
    """Malformed input data. The message names the file and, when known, the row."""

    def __init__(self, message: str, *, path: str | Path | None = None, row: int | None = None):
        self.path = None if path is None else str(path)
        self.row = row
        where = ""
        if self.path is not None:
            where = self.path if row is None else f"{self.path}, row {row}"
            where += ": "
        super().__init__(f"{where}{message}")


class MissingExtraError(MathbError, ImportError):
    """An optional dependency is not installed."""

    def __init__(self, module: str, extra: str):
        self.module = module
        self.extra = extra
        super().__init__(f"{module} is not installed: install mathbeyond[{extra}]")
