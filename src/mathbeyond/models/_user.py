"""User models: a small TOML file of models used often (``mathb models add``).

The file is ``$MATHB_MODELS_FILE``, else ``~/.config/mathbeyond/models.toml``
(``$XDG_CONFIG_HOME`` respected)::

    [models.my-rl]
    hub_id = "my-org/my-rl-ckpt"     # or: path = "/ckpts/step-500" (a HF dir or a .gguf)
    revision = "v2"                  # optional (Hub ids only)
    base = "r1-1.5b"                 # the registry model it was post-trained from
    preset = "r1-1.5b"               # optional: whose sampling settings/prompt style to use
    chat = true                      # optional: force chat (true) or raw (false) prompting

``--model my-rl`` then means the Hub id with that base and preset.
"""

from __future__ import annotations

import json
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .._errors import ConfigError
from ._registry import find_model

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

_NAME = re.compile(r"^[A-Za-z0-9][\w.\-]*$")
_KEYS = ("hub_id", "path", "revision", "base", "preset", "chat")


@dataclass(frozen=True)
class UserModel:
    """One entry of the user models file."""

    name: str
    hub_id: str | None = None
    path: str | None = None
    revision: str | None = None
    base: str | None = None
    preset: str | None = None
    chat: bool | None = None

    @property
    def ref(self) -> str:
        """What ``--model`` resolves to: ``hub_id[@revision]`` or the path."""
        if self.path:
            return self.path
        assert self.hub_id is not None
        return self.hub_id + (f"@{self.revision}" if self.revision else "")


def user_models_file() -> Path:
    env = os.environ.get("MATHB_MODELS_FILE")
    if env:
        return Path(env)
    xdg = os.environ.get("XDG_CONFIG_HOME")
    return (Path(xdg) if xdg else Path.home() / ".config") / "mathbeyond" / "models.toml"


def _check(entry: UserModel, where: Path) -> UserModel:
    if not _NAME.match(entry.name):
        raise ConfigError(f"{where}: bad model name {entry.name!r} (letters, digits, . _ -)")
    if find_model(entry.name) is not None:
        raise ConfigError(f"{where}: {entry.name!r} is already a registry model name")
    if bool(entry.hub_id) == bool(entry.path):
        raise ConfigError(f"{where}: model {entry.name!r} needs exactly one of hub_id or path")
    if entry.revision and not entry.hub_id:
        raise ConfigError(f"{where}: model {entry.name!r}: revision needs a hub_id")
    for key in ("base", "preset"):
        value = getattr(entry, key)
        if value is not None and find_model(value) is None:
            raise ConfigError(
                f"{where}: model {entry.name!r}: {key} {value!r} is not a registry model "
                "(see `mathb models`)"
            )
    return entry


def load_user_models(path: Path | None = None) -> dict[str, UserModel]:
    """The user models file's entries by name (empty when the file does not exist)."""
    file = path or user_models_file()
    if not file.is_file():
        return {}
    try:
        data = tomllib.loads(file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot read user models file {file}: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"user models file {file} is not valid TOML: {exc}") from None
    table = data.get("models", {})
    if not isinstance(table, dict):
        raise ConfigError(f"{file}: [models] must be a table")
    out: dict[str, UserModel] = {}
    for name, raw in table.items():
        if not isinstance(raw, dict):
            raise ConfigError(f"{file}: [models.{name}] must be a table")
        unknown = sorted(set(raw) - set(_KEYS))
        if unknown:
            raise ConfigError(
                f"{file}: model {name!r} has unknown key {unknown[0]!r}; keys: {', '.join(_KEYS)}"
            )
        bad = [k for k in _KEYS if k != "chat" and k in raw and not isinstance(raw[k], str)]
        if bad or ("chat" in raw and not isinstance(raw["chat"], bool)):
            key = bad[0] if bad else "chat"
            raise ConfigError(f"{file}: model {name!r}: {key} has the wrong type")
        out[name] = _check(UserModel(name=name, **{k: raw[k] for k in _KEYS if k in raw}), file)
    return out


def find_user_model(name: str) -> UserModel | None:
    return load_user_models().get(name)


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return json.dumps(str(value))  # a JSON string is a valid TOML basic string


def add_user_model(entry: UserModel, *, replace: bool = False, path: Path | None = None) -> Path:
    """Add (or with ``replace``, overwrite) ``entry`` in the user models file; returns its path."""
    file = path or user_models_file()
    _check(entry, file)
    models = load_user_models(file)
    if entry.name in models and not replace:
        raise ConfigError(f"{file} already has a model {entry.name!r} (use --replace)")
    models[entry.name] = entry
    lines = ["# mathbeyond user models (`mathb models add`); see `mathb models`.", ""]
    for m in models.values():
        lines.append(f"[models.{json.dumps(m.name)}]")
        for key in _KEYS:
            value = getattr(m, key)
            if value is not None:
                lines.append(f"{key} = {_toml_value(value)}")
        lines.append("")
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        tmp = file.with_name(f".{file.name}.tmp")
        tmp.write_text("\n".join(lines), encoding="utf-8")
        os.replace(tmp, file)
    except OSError as exc:
        raise ConfigError(f"cannot write user models file {file}: {exc.strerror or exc}") from None
    return file
