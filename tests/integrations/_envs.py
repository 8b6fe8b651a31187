"""Find the integration environments built by ``make integration-envs`` (see the Makefile).

Each ``ci/env-<name>.txt`` becomes a virtualenv at ``.venv-int/<name>/``; the environment
variable ``MATHB_<NAME>_PYTHON`` (name upper-cased, ``-`` as ``_``) overrides its python.
"""

from __future__ import annotations

import os
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def env_python(name: str) -> str | None:
    """The python of integration environment ``name``, or None when it is not built."""
    override = os.environ.get(f"MATHB_{name.upper().replace('-', '_')}_PYTHON")
    if override:
        return override
    python = REPO / ".venv-int" / name / "bin" / "python"
    marker = REPO / ".venv-int" / name / ".installed"
    return str(python) if python.is_file() and marker.is_file() else None
