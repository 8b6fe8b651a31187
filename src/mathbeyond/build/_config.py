"""The build configuration: one small TOML file read into frozen dataclasses.

Unknown keys are errors (a typo must not silently fall back to a default). Every stage has a
*snapshot*: the flat ``{"section.field": value}`` view of the settings that change its output;
a finished stage stores it, and a later run whose snapshot differs is refused with one line that
names the first differing field (or, with ``--redo STAGE``, re-runs that stage and the rest).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from .._errors import ConfigError

STAGES = ("pool", "filter", "dedup", "prescreen", "gtcheck", "passk", "splits", "export")
"""Every stage, in the default order (the free stages before the costly ones)."""
MIDDLE = ("filter", "dedup", "prescreen", "gtcheck", "passk")
"""Stages whose order may be changed (``pool`` is first, ``splits`` and ``export`` last)."""
FILTERS = ("integer_gold", "multiple_choice", "cjk", "figure_reference", "empty_or_garbled")
DEFAULT_EVAL_SETS = ("math500", "minerva", "olympiadbench", "amc23", "aime24", "aime25")


def _load_toml(path: Path) -> dict[str, Any]:
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - Python 3.10
        from .._optional import require

        tomllib = require("tomli", "build")
    try:
        with path.open("rb") as fh:
            data: dict[str, Any] = tomllib.load(fh)
    except FileNotFoundError:
        raise ConfigError(f"build config not found: {path}") from None
    except (OSError, ValueError) as exc:
        raise ConfigError(f"{path}: not a valid TOML file: {exc}") from None
    return data


@dataclass(frozen=True)
class PoolSource:
    """One source pool: a registered dataset (``dapo-17k``) or ``file:PATH``."""

    name: str
    split: str | None = None
    limit: int | None = None
    label: str | None = None
    """Source name in the funnel (default: ``name``)."""

    @property
    def source(self) -> str:
        return self.label or self.name

    @property
    def spec(self) -> str:
        return self.name if self.split is None else f"{self.name}:{self.split}"


@dataclass(frozen=True)
class FilterConfig:
    integer_gold: bool = True
    multiple_choice: bool = True
    cjk: bool = True
    figure_reference: bool = True
    empty_or_garbled: bool = True
    repair_escapes: bool = True
    """Restore LaTeX backslashes eaten by string escapes (form feed + ``rac`` -> ``\\frac``)."""
    verify_timeout: float = 1.0

    def enabled(self) -> tuple[str, ...]:
        return tuple(name for name in FILTERS if getattr(self, name))


@dataclass(frozen=True)
class DedupConfig:
    against: tuple[str, ...] = DEFAULT_EVAL_SETS
    """Evaluation sets (any registered dataset name or ``file:PATH``)."""
    exact: bool = True
    near: bool = True
    within_pool: bool = True
    shingle: int = 3
    """Word n-gram size of the shingles."""
    threshold: float = 0.8
    """Jaccard similarity of the shingle sets at or above which two texts are near-duplicates."""
    num_perm: int = 128
    backend: str = "auto"
    """MinHash-LSH implementation: ``auto`` (datasketch when installed), ``datasketch``,
    ``builtin`` (numpy)."""


@dataclass(frozen=True)
class ModelConfig:
    """One model to sample: a registry model on a backend, with sampling overrides."""

    name: str
    """Column / run name (any name; the dataset is written with it)."""
    model: str
    backend: str = "vllm"
    base: bool = False
    """Counts toward the base-model intersection (``splits``)."""
    temperature: float | None = None
    top_p: float | None = None
    max_tokens: int | None = None
    seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    """Backend options (``base_url``, ``n_threads``, ...)."""
    run: str | None = None
    """``passk`` only: an existing run directory to reuse instead of sampling."""


@dataclass(frozen=True)
class PrescreenConfig:
    model: ModelConfig | None = None
    k: int = 16
    adaptive: bool = True
    subsample: int | None = None
    """Keep a seeded random subsample of this many problems before sampling (None: all)."""
    subsample_seed: int = 0


@dataclass(frozen=True)
class GtcheckConfig:
    models: tuple[ModelConfig, ...] = ()
    k: int = 2
    budget_tokens: int | None = None
    """Stop when the stage has used this many tokens (prompt + completion); None: no limit."""
    chunk: int = 64
    """Problems per step between budget checks."""


@dataclass(frozen=True)
class PasskConfig:
    models: tuple[ModelConfig, ...] = ()
    k: int = 1024
    adaptive: bool = True


@dataclass(frozen=True)
class ExportConfig:
    name: str = "MATH-B-custom"
    description: str = ""


@dataclass(frozen=True)
class BuildConfig:
    name: str
    stages: tuple[str, ...]
    pools: tuple[PoolSource, ...]
    filter: FilterConfig = FilterConfig()
    dedup: DedupConfig = DedupConfig()
    prescreen: PrescreenConfig = PrescreenConfig()
    gtcheck: GtcheckConfig = GtcheckConfig()
    passk: PasskConfig = PasskConfig()
    export: ExportConfig = ExportConfig()
    data_dir: str | None = None
    source: str | None = field(default=None, compare=False)
    """The file the config was read from."""

    def snapshot(self, stage: str) -> dict[str, Any]:
        """The settings that determine ``stage``'s output, flat (``"dedup.threshold": 0.8``)."""
        order = {"build.order": list(self.stages[: self.stages.index(stage) + 1])}
        if stage == "pool":
            return {**order, **_flat("pool", [_as_dict(p) for p in self.pools])}
        if stage == "filter":
            return {**order, **_flat("filter", _as_dict(self.filter))}
        if stage == "dedup":
            return {**order, **_flat("dedup", _as_dict(self.dedup))}
        if stage == "prescreen":
            return {**order, **_flat("prescreen", _as_dict(self.prescreen))}
        if stage == "gtcheck":
            view = _as_dict(self.gtcheck)
            del view["budget_tokens"], view["chunk"]  # how far it may go, not what it computes
            return {**order, **_flat("gtcheck", view)}
        if stage == "passk":
            return {**order, **_flat("passk", _as_dict(self.passk))}
        if stage == "splits":
            bases = {m.name: m.base for m in self.passk.models}
            return {**order, **_flat("passk.base", bases)}
        if stage == "export":
            return {**order, **_flat("export", _as_dict(self.export)), "build.name": self.name}
        raise ConfigError(f"unknown stage {stage!r}")


def _as_dict(obj: Any) -> Any:
    if hasattr(obj, "__dataclass_fields__"):
        return {f.name: _as_dict(getattr(obj, f.name)) for f in fields(obj) if f.compare}
    if isinstance(obj, Mapping):
        return {str(k): _as_dict(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return [_as_dict(v) for v in obj]
    return obj


def _flat(prefix: str, value: Any) -> dict[str, Any]:
    if isinstance(value, Mapping) and value:
        out: dict[str, Any] = {}
        for key, sub in value.items():
            out.update(_flat(f"{prefix}.{key}", sub))
        return out
    if isinstance(value, list) and value and all(isinstance(v, Mapping) for v in value):
        out = {}
        for i, sub in enumerate(value):
            out.update(_flat(f"{prefix}[{i}]", sub))
        return out
    return {prefix: value}


def snapshot_hash(snapshot: Mapping[str, Any]) -> str:
    text = json.dumps(snapshot, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


# ---- parsing -------------------------------------------------------------------------------


def _table(data: Any, where: str) -> dict[str, Any]:
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise ConfigError(f"config: [{where}] must be a table")
    return data


def _check_keys(data: Mapping[str, Any], allowed: Sequence[str], where: str) -> None:
    unknown = sorted(set(data) - set(allowed))
    if unknown:
        raise ConfigError(
            f"config: unknown key {where}.{unknown[0]}; allowed: {', '.join(sorted(allowed))}"
        )


def _typed(value: Any, kind: type | tuple[type, ...], where: str) -> Any:
    ok = isinstance(value, kind) and not (isinstance(value, bool) and bool not in _kinds(kind))
    if not ok:
        names = "/".join(k.__name__ for k in _kinds(kind))
        raise ConfigError(f"config: {where} must be {names}, got {value!r}")
    return value


def _kinds(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def _build_dc(cls: type, data: Mapping[str, Any], where: str, **converted: Any) -> Any:
    names = [f.name for f in fields(cls) if f.name != "source"]
    _check_keys(data, names, where)
    kwargs: dict[str, Any] = {}
    types = {f.name: f.default for f in fields(cls) if f.default is not dataclasses.MISSING}
    for key, raw in data.items():
        if key in converted:
            continue
        default = types.get(key)
        value = raw
        if isinstance(default, bool):
            _typed(raw, bool, f"{where}.{key}")
        elif isinstance(default, int) and not isinstance(default, bool):
            _typed(raw, int, f"{where}.{key}")
        elif isinstance(default, float):
            value = float(_typed(raw, (int, float), f"{where}.{key}"))
        elif isinstance(default, str):
            _typed(raw, str, f"{where}.{key}")
        kwargs[key] = value
    kwargs.update(converted)
    try:
        return cls(**kwargs)
    except TypeError as exc:
        raise ConfigError(f"config: [{where}]: {exc}") from None


def _model(data: Any, where: str) -> ModelConfig:
    if isinstance(data, str):
        data = {"name": data, "model": data}
    table = _table(data, where)
    if "model" not in table:
        raise ConfigError(f"config: {where} needs 'model' (a model name)")
    table = {"name": table["model"], **table}
    for key in ("name", "model", "backend"):
        if key in table:
            _typed(table[key], str, f"{where}.{key}")
    for key in ("temperature", "top_p"):
        if table.get(key) is not None:
            table[key] = float(_typed(table[key], (int, float), f"{where}.{key}"))
    if table.get("max_tokens") is not None:
        _typed(table["max_tokens"], int, f"{where}.max_tokens")
    if "seed" in table:
        _typed(table["seed"], int, f"{where}.seed")
    if "base" in table:
        _typed(table["base"], bool, f"{where}.base")
    if "run" in table:
        _typed(table["run"], str, f"{where}.run")
    options = _table(table.get("options"), f"{where}.options")
    _check_keys(table, [f.name for f in fields(ModelConfig)], where)
    name = table["name"]
    if not name or any(c in name for c in "/\\:") or name != name.strip():
        raise ConfigError(f"config: {where}.name {name!r} must be a plain name (no / \\ :)")
    return ModelConfig(**{**table, "options": dict(options)})


def _models(data: Any, where: str) -> tuple[ModelConfig, ...]:
    if data is None:
        return ()
    if not isinstance(data, list):
        raise ConfigError(f"config: {where} must be a list of model tables ([[{where}]])")
    models = tuple(_model(m, f"{where}[{i}]") for i, m in enumerate(data))
    names = [m.name for m in models]
    dup = next((n for n in names if names.count(n) > 1), None)
    if dup is not None:
        raise ConfigError(f"config: {where}: two models are named {dup!r}; give each a 'name'")
    return models


def _order(data: Any) -> tuple[str, ...]:
    if data is None:
        return STAGES
    if not isinstance(data, list) or not all(isinstance(s, str) for s in data):
        raise ConfigError("config: build.stages must be a list of stage names")
    unknown = [s for s in data if s not in STAGES]
    if unknown:
        raise ConfigError(f"config: unknown stage {unknown[0]!r}; stages: {', '.join(STAGES)}")
    if len(set(data)) != len(data):
        raise ConfigError("config: build.stages names a stage twice")
    if not data or data[0] != "pool":
        raise ConfigError("config: build.stages must start with 'pool'")
    tail = [s for s in data if s in ("splits", "export")]
    if data[len(data) - len(tail) :] != tail or ("export" in tail and tail[-1] != "export"):
        raise ConfigError("config: build.stages must end with 'splits' then 'export'")
    if "splits" in data and "passk" not in data:
        raise ConfigError("config: stage 'splits' needs stage 'passk'")
    if "export" in data and "splits" not in data:
        raise ConfigError("config: stage 'export' needs stage 'splits'")
    return tuple(data)


def parse_config(data: Mapping[str, Any], source: str | None = None) -> BuildConfig:
    """A :class:`BuildConfig` from parsed TOML (see the README for the keys)."""
    top = ("build", "pool", "filter", "dedup", "prescreen", "gtcheck", "passk", "export")
    _check_keys(data, top, "config")
    build = _table(data.get("build"), "build")
    _check_keys(build, ("name", "stages", "data_dir"), "build")
    name = _typed(build.get("name", "mathb-build"), str, "build.name")
    stages = _order(build.get("stages"))
    raw_pools = data.get("pool")
    if not isinstance(raw_pools, list) or not raw_pools:
        raise ConfigError("config: at least one [[pool]] table is needed (name = 'dapo-17k')")
    pools = []
    for i, raw in enumerate(raw_pools):
        entry = {"name": raw} if isinstance(raw, str) else raw
        pools.append(_build_dc(PoolSource, _table(entry, f"pool[{i}]"), f"pool[{i}]"))
        _typed(pools[-1].name, str, f"pool[{i}].name")
        if pools[-1].limit is not None and pools[-1].limit < 1:
            raise ConfigError(f"config: pool[{i}].limit must be >= 1")
    specs = [p.spec for p in pools]
    if len(set(specs)) != len(specs):
        raise ConfigError("config: the same pool is listed twice")
    filt = _build_dc(FilterConfig, _table(data.get("filter"), "filter"), "filter")
    dd = _table(data.get("dedup"), "dedup")
    against = dd.get("against", list(DEFAULT_EVAL_SETS))
    if not isinstance(against, list) or not all(isinstance(a, str) for a in against):
        raise ConfigError("config: dedup.against must be a list of dataset names")
    dedup = _build_dc(DedupConfig, dd, "dedup", against=tuple(against))
    if not 0.0 < dedup.threshold <= 1.0:
        raise ConfigError("config: dedup.threshold must be in (0, 1]")
    if dedup.shingle < 1 or dedup.num_perm < 16:
        raise ConfigError("config: dedup.shingle must be >= 1 and dedup.num_perm >= 16")
    if dedup.backend not in ("auto", "datasketch", "builtin"):
        raise ConfigError("config: dedup.backend must be auto, datasketch or builtin")
    ps = _table(data.get("prescreen"), "prescreen")
    pmodel = _model(ps["model"], "prescreen.model") if "model" in ps else None
    prescreen = _build_dc(PrescreenConfig, ps, "prescreen", model=pmodel)
    if prescreen.subsample is not None:
        _typed(prescreen.subsample, int, "prescreen.subsample")
    gt = _table(data.get("gtcheck"), "gtcheck")
    gtcheck = _build_dc(
        GtcheckConfig, gt, "gtcheck", models=_models(gt.get("models"), "gtcheck.models")
    )
    if gtcheck.budget_tokens is not None:
        _typed(gtcheck.budget_tokens, int, "gtcheck.budget_tokens")
    pk = _table(data.get("passk"), "passk")
    passk = _build_dc(PasskConfig, pk, "passk", models=_models(pk.get("models"), "passk.models"))
    export = _build_dc(ExportConfig, _table(data.get("export"), "export"), "export")
    for stage, k in (("prescreen", prescreen.k), ("gtcheck", gtcheck.k), ("passk", passk.k)):
        if k < 1:
            raise ConfigError(f"config: {stage}.k must be >= 1")
    if "prescreen" in stages and prescreen.model is None:
        raise ConfigError("config: stage 'prescreen' needs prescreen.model")
    if "gtcheck" in stages and not gtcheck.models:
        raise ConfigError("config: stage 'gtcheck' needs at least one [[gtcheck.models]]")
    if "passk" in stages and not passk.models:
        raise ConfigError("config: stage 'passk' needs at least one [[passk.models]]")
    data_dir = build.get("data_dir")
    if data_dir is not None:
        _typed(data_dir, str, "build.data_dir")
    return BuildConfig(
        name=name,
        stages=stages,
        pools=tuple(pools),
        filter=filt,
        dedup=dedup,
        prescreen=prescreen,
        gtcheck=gtcheck,
        passk=passk,
        export=export,
        data_dir=data_dir,
        source=source,
    )


def load_config(path: str | Path) -> BuildConfig:
    """Read and validate a build config file (one :class:`ConfigError` line when it is bad)."""
    file = Path(path)
    return parse_config(_load_toml(file), source=str(file))
