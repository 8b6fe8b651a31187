"""Lazy imports of heavy optional dependencies with a one-line install hint."""

from __future__ import annotations

import importlib
from types import ModuleType

from ._errors import MissingExtraError


def require(module: str, extra: str) -> ModuleType:
    """Import ``module`` or raise ``MissingExtraError`` naming the extra that provides it."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise MissingExtraError(module.split(".", maxsplit=1)[0], extra) from exc
