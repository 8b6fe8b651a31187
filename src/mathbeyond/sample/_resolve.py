"""``--model`` -> what runs: the artefact, its sampling preset, chat or raw prompting.

``--model`` is a registry name (``mathb models``), a user model (``mathb models add``), a Hub
id ``org/name[@revision]``, or a local path: a HF checkpoint directory (``hf`` backends:
vLLM), a ``.gguf`` file (``gguf`` backends: llama.cpp); for a ``served`` backend (OpenAI
API) any name the server serves.

The sampling preset comes from, in order: explicit flags (``--temperature``, ``--top-p``,
``--max-tokens``, ... override single settings; all three of the first make a complete
preset), ``--preset NAME`` (any registry model), the model's own registry or user entry, the
base model given with ``--base`` (a post-trained checkpoint inherits its base's settings);
otherwise one ConfigError names these ways.

Chat or raw prompting: ``--chat/--no-chat``; else the registry entry of the model itself (the
paper's choice); else the checkpoint's own chat template where the checkpoint can be read
(``tokenizer_config.json`` ``chat_template`` of a HF directory or cached Hub snapshot,
``tokenizer.chat_template`` of a GGUF): a template means chat, none means raw; else the
preset's / base's prompt style.
"""

from __future__ import annotations

import dataclasses
import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .._errors import ConfigError, MathbError
from ..models import ModelSpec, SamplingPreset, find_model
from ..models._artifact import (
    HUB_ID,
    CachedSnapshot,
    find_cached_snapshot,
    hf_cache_dir,
    is_gguf,
    package_of,
    read_checkpoint,
    read_gguf_info,
)
from ..models._artifact import file_sha256 as _sha256
from ..models._user import UserModel, find_user_model
from ._backend import Artifact, backend_declaration
from ._presets import validate_preset

logger = logging.getLogger(__name__)

LOCAL_DEFAULT = "smollm2-135m"
"""The model a ``gguf`` backend runs when given no ``--model``: SmolLM2-135M-Instruct."""


@dataclass(frozen=True)
class ModelChoice:
    """What the user asked for (the ``--model``/``--preset``/``--base``/``--chat`` flags)."""

    model: str | None = None
    preset: str | None = None
    base: str | None = None
    chat: bool | None = None
    temperature: float | None = None
    top_p: float | None = None
    max_tokens: int | None = None
    top_k: int | None = None
    min_p: float | None = None


@dataclass(frozen=True)
class ResolvedModel:
    """What will run: the spec the engine prompts with, the preset, options, manifest record."""

    spec: ModelSpec
    preset: SamplingPreset
    source: dict[str, Any]
    """The manifest's ``model_source``."""
    base: str | None
    options: dict[str, Any]
    """Backend options naming the artefact (``model_path``, ``model``, ``revision``, ...)."""
    hub_id: str | None = None
    """The Hub id the weights come from, when known (registry entry or a Hub ``--model``)."""


@dataclass(frozen=True)
class _Artefact:
    name: str
    source: dict[str, Any]
    options: dict[str, Any]
    chat_template: bool | None = None
    context_length: int | None = None


def _looks_like_path(ref: str) -> bool:
    return (
        ref.startswith(("/", "./", "../", "~"))
        or ref.endswith(".gguf")
        or (os.sep in ref.rstrip(os.sep) and Path(ref).expanduser().exists())
    )


def _gguf_source(path: Path) -> _Artefact:
    path = path.expanduser()
    if not path.is_file():
        raise ConfigError(f"GGUF model file not found: {path}")
    if not is_gguf(path):
        raise ConfigError(f"{path} is not a GGUF model file (no GGUF magic bytes)")
    info = read_gguf_info(path)
    source: dict[str, Any] = {
        "kind": "gguf",
        "ref": str(path.resolve()),
        "revision": None,
        "content_hash": f"sha256:{_sha256(path)}",
        "quantization": info.quantization,
    }
    package = package_of(path)
    if package is not None:
        source["package"] = f"{package[0]}=={package[1]}"
    name = path.name.removesuffix(".gguf")
    return _Artefact(name, source, {"model_path": str(path.resolve())},
                     chat_template=info.chat_template is not None,
                     context_length=info.context_length)


def _dir_source(path: Path, *, kind: str = "local_dir", ref: str | None = None,
                revision: str | None = None) -> _Artefact:
    info = read_checkpoint(path)
    source: dict[str, Any] = {
        "kind": kind,
        "ref": ref or str(path.resolve()),
        "revision": revision,
        "content_hash": f"sha256:{info.content_hash}",
        "quantization": info.quantization,
        "hashed_files": list(info.hashed_files),
    }
    if kind == "hub":
        source["path"] = str(path)
    return _Artefact(ref or path.resolve().name, source, {"model": str(path.resolve())},
                     chat_template=info.chat_template, context_length=info.context_length)


def _hub_source(repo: str, revision: str | None, *, required: bool) -> _Artefact | None:
    """A Hub id through the local HF cache (the Hub itself is never contacted here)."""
    snap: CachedSnapshot | None = find_cached_snapshot(repo, revision)
    if snap is None:
        if not required:
            return None
        commit, why = _hub_commit(repo, revision)
        if commit is not None:  # not cached, but the Hub answers: the backend downloads it
            source = {"kind": "hub", "ref": repo, "revision": commit, "content_hash": None,
                      "quantization": None}
            if revision and revision != commit:
                source["requested_revision"] = revision
            return _Artefact(repo, source, {"model": repo, "revision": commit})
        at = f"@{revision}" if revision else ""
        raise ConfigError(
            f"Hub model {repo}{at} is not in the local Hugging Face cache ({hf_cache_dir()}) "
            f"and the Hub cannot be asked ({why}); download it first (`huggingface-cli download "
            f"{repo}{' --revision ' + revision if revision else ''}`, or set HF_HUB_CACHE/HF_HOME "
            "to a cache that has it) or pass a local checkpoint directory as --model"
        )
    art = _dir_source(snap.path, kind="hub", ref=repo, revision=snap.revision)
    if revision and revision != snap.revision:
        art.source["requested_revision"] = revision
    return art


def _hub_commit(repo: str, revision: str | None) -> tuple[str | None, str]:
    """The commit of ``repo@revision`` asked from the Hub, or (None, why not)."""
    if os.environ.get("HF_HUB_OFFLINE", "").strip().lower() in {"1", "true", "yes", "on"}:
        return None, "HF_HUB_OFFLINE is set"
    try:
        import huggingface_hub
    except ImportError:
        return None, "huggingface_hub is not installed: install mathbeyond[hf]"
    try:
        info = huggingface_hub.HfApi().model_info(repo, revision=revision, timeout=15)
    except Exception as exc:  # noqa: BLE001 - any Hub/network failure means "cannot ask"
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        return None, first[:160]
    sha = getattr(info, "sha", None)
    return (str(sha), "") if sha else (None, "the Hub gave no commit")


def _registry_artefact(spec: ModelSpec, artifact: Artifact | None,
                       options: Mapping[str, Any]) -> _Artefact:
    if artifact == "gguf":
        path = options.get("model_path")
        if path is not None:
            art = _gguf_source(Path(str(path)))
            art.source["registry"] = spec.name
            return dataclasses.replace(art, name=spec.name)
        if spec.name != LOCAL_DEFAULT:
            raise ConfigError(
                f"{spec.name} has no bundled GGUF file: pass --model FILE.gguf --preset "
                f"{spec.name} (or --backend-opt model_path=FILE.gguf)"
            )
        from ._llamacpp import default_model_path

        try:
            default = default_model_path()
        except MathbError as exc:
            raise ConfigError(str(exc)) from None
        art = _gguf_source(default)
        art.source["registry"] = spec.name
        return dataclasses.replace(art, name=spec.name)
    if artifact == "served":
        served = str(options.get("model") or spec.hub_id)
        return _Artefact(spec.name, {"kind": "served", "ref": served, "revision": None,
                                     "registry": spec.name}, {"model": served})
    source: dict[str, Any] = {"kind": "registry", "ref": spec.hub_id,
                              "revision": spec.hub_revision, "registry": spec.name}
    opts: dict[str, Any] = {"model": spec.hub_id}
    if spec.hub_revision:
        opts["revision"] = spec.hub_revision
    if artifact == "hf":
        cached = _hub_source(spec.hub_id, spec.hub_revision, required=False)
        if cached is not None:
            source.update({k: cached.source[k] for k in ("revision", "content_hash",
                                                         "quantization", "path")})
            opts = {"model": cached.options["model"]}
    return _Artefact(spec.name, source, opts)


def _free_artefact(ref: str, artifact: Artifact | None, backend: str) -> _Artefact:
    """A ``--model`` that is not a registry name: a path, a Hub id or a served name."""
    if artifact == "served":
        return _Artefact(ref, {"kind": "served", "ref": ref, "revision": None},
                         {"model": ref})
    path = Path(ref).expanduser()
    if path.exists() or _looks_like_path(ref):
        if path.is_dir():
            if artifact == "gguf":
                raise ConfigError(
                    f"backend {backend!r} runs a .gguf file, not the directory {path} "
                    "(a Hugging Face checkpoint directory runs with --backend vllm)"
                )
            return _dir_source(path)
        if path.is_file() and not is_gguf(path) and not ref.endswith(".gguf"):
            raise ConfigError(
                f"{path} is neither a GGUF file nor a checkpoint directory"
            )
        if artifact == "hf":
            raise ConfigError(
                f"backend {backend!r} runs Hugging Face checkpoints (a Hub id or a directory); "
                f"{path} is a file: run .gguf files with --backend llamacpp"
            )
        return _gguf_source(path)
    match = HUB_ID.match(ref)
    if match is None:
        raise ConfigError(
            f"unknown model {ref!r}: not a registry name (see `mathb models`), a Hub id "
            "(org/name[@revision]) or an existing local path"
        )
    if artifact == "gguf":
        raise ConfigError(
            f"backend {backend!r} runs a local .gguf file; {ref!r} looks like a Hub id: "
            "download the GGUF and pass its path as --model"
        )
    art = _hub_source(match.group("repo"), match.group("rev"), required=artifact == "hf")
    if art is None:  # a backend that takes no model: record the name only
        return _Artefact(ref, {"kind": "hub", "ref": match.group("repo"),
                               "revision": match.group("rev")}, {})
    return art


def _lookup(name: str | None, what: str) -> ModelSpec | None:
    if name is None:
        return None
    spec = find_model(name)
    if spec is not None:
        return spec
    user = find_user_model(name)
    if user is not None and (user.preset or user.base):
        spec = find_model(user.preset or user.base or "")
        if spec is not None:
            return spec
    raise ConfigError(f"unknown {what} model {name!r}; it must be a registry model "
                      "(see `mathb models`)")


def resolve_model(choice: ModelChoice, backend: str,
                  options: Mapping[str, Any] | None = None) -> ResolvedModel:
    """Resolve ``choice`` for ``backend`` (reads local files only; loads no model)."""
    options = dict(options or {})
    artifact = backend_declaration(backend).artifact
    ref = choice.model
    if ref is None:
        if artifact != "gguf":
            raise ConfigError(
                f"--model is required with --backend {backend} (a registry name, a Hub id "
                "org/name[@revision] or a local path); only llama.cpp has a default "
                f"({LOCAL_DEFAULT})"
            )
        ref = LOCAL_DEFAULT
    if artifact == "gguf" and "model_path" in options and find_model(ref) is None:
        raise ConfigError("give the GGUF file once: as --model FILE.gguf or as "
                          "--backend-opt model_path=FILE.gguf with a registry --model")
    user: UserModel | None = None if find_model(ref) else find_user_model(ref)
    own = find_model(ref)
    base_name = choice.base or (user.base if user else None) or (own.base if own else None)
    base = _lookup(base_name, "base")
    base_label = None
    if base_name is not None:
        base_label = base.name if find_model(base_name) is not None and base else base_name
    preset_name = choice.preset or (user.preset if user else None)
    named = _lookup(preset_name, "preset")

    if own is not None:
        art = _registry_artefact(own, artifact, options)
    else:
        art = _free_artefact(user.ref if user else ref, artifact, backend)
        if user is not None:
            art = dataclasses.replace(art, name=user.name)
            art.source["user_model"] = user.name

    # Preset: flags > --preset > the model's own entry > --base.
    template, preset_source = None, None
    for spec, label in ((named, "preset"), (own, "registry"), (base, "base")):
        if spec is not None:
            template, preset_source = spec, f"{label}:{spec.name}"
            break
    full_flags = None not in (choice.temperature, choice.top_p, choice.max_tokens)
    if template is None and not full_flags:
        raise ConfigError(
            f"no sampling preset for {ref!r}: pass --preset NAME (a registry model whose paper "
            "settings and prompt style to use, e.g. --preset r1-1.5b), --base NAME (the base "
            "model it was post-trained from), or all of --temperature, --top-p and --max-tokens"
        )
    start = template.preset if template is not None else SamplingPreset()
    overrides = {k: getattr(choice, k) for k in ("temperature", "top_p", "max_tokens",
                                                   "top_k", "min_p")}
    preset = validate_preset(start.override(**overrides))
    given = sorted(k for k, v in overrides.items() if v is not None)
    if preset_source is None:
        preset_source = "flags"
    elif given:
        preset_source += " + flags (" + ", ".join(given) + ")"

    # Chat: flag > own registry entry > checkpoint template > user entry > preset/base style.
    if choice.chat is not None:
        chat, chat_source = choice.chat, "flag"
    elif own is not None:
        chat, chat_source = own.chat, f"registry:{own.name}"
    elif user is not None and user.chat is not None:
        chat, chat_source = user.chat, f"user:{user.name}"
    elif art.chat_template is not None:
        chat = art.chat_template
        chat_source = "checkpoint chat template" if chat else "checkpoint has no chat template"
    elif template is not None:
        chat, chat_source = template.chat, preset_source.split(" ")[0]
    else:
        chat, chat_source = False, "default (raw)"

    context = (
        own.context_length if own is not None
        else art.context_length or (template.context_length if template else 32768)
    )
    hub_id = own.hub_id if own is not None else (
        str(art.source["ref"]) if art.source.get("kind") == "hub" else None
    )
    spec = ModelSpec(
        name=art.name,
        hub_id=hub_id or str(art.source.get("ref") or art.name),
        family=own.family if own else (template.family if template else "unknown"),
        role=own.role if own else ("post" if base is not None else "other"),
        column=own.column if own else None,
        base=base_label,
        chat=chat,
        preset=preset,
        context_length=context,
        hub_revision=art.source.get("revision"),
        paper_label=own.paper_label if own else None,
    )
    source = {**art.source, "preset_source": preset_source, "chat": chat,
              "chat_source": chat_source}
    logger.info("model %s: %s", spec.name, source)
    return ResolvedModel(spec, preset, source, base_label, dict(art.options), hub_id)
