"""Download one pinned file from the Hugging Face Hub (optional ``hf`` extra)."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path

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


def fetch(hub: HubFile, *, local_files_only: bool = False) -> Path:
    """Local path of ``hub`` (downloaded or from the Hub cache); raises HubUnavailable."""
    hf = require("huggingface_hub", "hf")
    if hub.revision is None and not local_files_only:
        log.warning("%s has no pinned revision; downloading the current main", hub.repo_id)
    errors = getattr(hf, "errors", None)
    http_error = getattr(errors, "HfHubHTTPError", OSError)
    try:
        path = hf.hf_hub_download(
            repo_id=hub.repo_id,
            filename=hub.filename,
            repo_type="dataset",
            revision=hub.revision,
            local_files_only=local_files_only,
        )
    except (OSError, ValueError, http_error) as exc:
        text = str(exc).strip()
        first = text.splitlines()[0].split(". ")[0].rstrip(".") if text else "no details"
        raise HubUnavailable(f"{type(exc).__name__}: {first}") from exc
    return Path(path)
