"""Download one pinned file from the Hugging Face Hub (optional ``hf`` extra)."""

from __future__ import annotations

import logging
import os
import socket
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlparse

from .._optional import require

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class HubFile:
    """One file of a Hub dataset repository. ``revision=None`` means no pinned commit is known."""

    repo_id: str
    filename: str
    revision: str | None = None

    def describe(self) -> str:
        rev = self.revision[:12] if self.revision else "main (unpinned)"
        return f"hf://datasets/{self.repo_id}/{self.filename}@{rev}"


class HubUnavailable(Exception):
    """The file could not be obtained from the Hub (no extra, offline, not found...)."""


def _proxy_configured() -> bool:
    names = ("HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy", "ALL_PROXY", "all_proxy")
    return any(os.environ.get(n) for n in names)


def _check_resolvable(endpoint: str) -> None:
    """Fail fast (instead of minutes of client retries) when the Hub host does not resolve."""
    host = urlparse(endpoint).hostname
    if not host or _proxy_configured():
        return
    try:
        socket.getaddrinfo(host, 443)
    except OSError as exc:
        raise HubUnavailable(f"cannot resolve {host} (offline?): {exc}") from None


def fetch(hub: HubFile, *, local_files_only: bool = False) -> Path:
    """Local path of ``hub``: from the Hub cache, else downloaded; raises HubUnavailable.

    With ``local_files_only`` only the cache is consulted.
    """
    hf = require("huggingface_hub", "hf")
    errors = getattr(hf, "errors", None)
    http_error = getattr(errors, "HfHubHTTPError", OSError)

    def download(cache_only: bool) -> Path:
        try:
            path = hf.hf_hub_download(
                repo_id=hub.repo_id,
                filename=hub.filename,
                repo_type="dataset",
                revision=hub.revision,
                local_files_only=cache_only,
            )
        except (OSError, ValueError, http_error) as exc:
            text = str(exc).strip()
            first = text.splitlines()[0].split(". ")[0].rstrip(".") if text else "no details"
            raise HubUnavailable(f"{type(exc).__name__}: {first}") from exc
        return Path(path)

    try:
        return download(cache_only=True)
    except HubUnavailable:
        if local_files_only:
            raise
    constants = getattr(hf, "constants", None)
    if getattr(constants, "HF_HUB_OFFLINE", False):
        raise HubUnavailable("not in the Hub cache and HF_HUB_OFFLINE is set")
    _check_resolvable(str(getattr(constants, "ENDPOINT", "https://huggingface.co")))
    if hub.revision is None:
        log.warning("%s has no pinned revision; downloading the current main", hub.repo_id)
    return download(cache_only=False)
