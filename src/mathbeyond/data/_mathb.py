"""MATH-Beyond: row format (per-model columns) and the derived splits.

The Hub file has ``problem, answer, data_source, topic, difficulty`` and, per model,
``{column}_pass@1024`` and ``{column}_unsolved``, where ``column`` is spelled inconsistently
(``qwen3_8b_base`` next to ``qwen3-4b-base``). Every such column is resolved through the canonical
model registry (:func:`mathbeyond.models.find_model`), so spellings are never listed here.

Per row, ``metadata["unsolved"]`` maps canonical model name -> bool and ``metadata["pass@1024"]``
maps canonical model name -> the file's value (``None`` when missing).

Splits:

* ``union`` — every row (181 on the Hub file; the default split);
* ``intersection`` — rows whose ``_unsolved`` flag is true for all base models
  (:func:`mathbeyond.models.base_models`, 11) — the paper's MATH-B-I;
* ``intersection_pass0`` — rows whose ``_pass@1024`` is 0 for all base models (the criterion
  another project used; kept to make a disagreement with ``intersection`` visible);
* ``intersection_all`` — rows unsolved by all 21 models with MATH-B columns;
* one split per model, named by its canonical name: rows that model leaves unsolved.

A file built by ``mathb build`` sits next to a ``build_manifest.json`` that *declares* its model
columns (``models: [{name, column, base}]``); such columns need not be in the model registry,
the declared names become the metadata keys and splits, and the declared base models define
``intersection``.
"""

from __future__ import annotations

import json
import logging
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .._errors import DataError
from ..models import ModelSpec, base_models, find_model, mathb_models
from ._rows import BoundParser, Row, RowError, label_of, scalar_text
from ._types import Problem

log = logging.getLogger(__name__)

UNSOLVED_SUFFIX = "_unsolved"
PASS_SUFFIX = "_pass@1024"
BASE_COLUMNS = ("problem", "answer")
LABEL_COLUMNS = ("data_source", "topic", "difficulty")

_TRUE = frozenset({"true", "1", "yes", "t", "y"})
_FALSE = frozenset({"false", "0", "no", "f", "n"})


DECLARATION_FILE = "build_manifest.json"


@dataclass(frozen=True)
class DeclaredModel:
    """A model column declared by a built dataset's manifest (name need not be registered)."""

    name: str
    column: str
    base: bool = False


def declared_models(path: str | Path) -> tuple[DeclaredModel, ...] | None:
    """The models declared in ``build_manifest.json`` beside ``path``; None without one."""
    file = Path(path).parent / DECLARATION_FILE
    if not file.is_file():
        return None
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise DataError(f"cannot read the model declaration: {exc}", path=file) from None
    entries = data.get("models") if isinstance(data, dict) else None
    if not isinstance(entries, list) or not entries:
        raise DataError("'models' must be a non-empty list", path=file)
    found: list[DeclaredModel] = []
    for i, entry in enumerate(entries):
        name = entry.get("name") if isinstance(entry, dict) else None
        column = entry.get("column", name) if isinstance(entry, dict) else None
        base = entry.get("base", False) if isinstance(entry, dict) else None
        if not (isinstance(name, str) and name and isinstance(column, str) and column):
            raise DataError(f"models[{i}] needs string 'name' and 'column'", path=file)
        if not isinstance(base, bool):
            raise DataError(f"models[{i}].base must be true or false", path=file)
        found.append(DeclaredModel(name, column, base))
    names = [m.name for m in found]
    if len(set(names)) != len(names):
        raise DataError("a model is declared twice", path=file)
    return tuple(found)


def model_columns(
    columns: Sequence[str], suffix: str, declared: Sequence[DeclaredModel] | None = None
) -> dict[str, str]:
    """Map canonical model name -> the file's column name for every ``*{suffix}`` column.

    Declared columns map to their declared names; any other column must resolve through the
    model registry. Raises RowError when a column resolves to no model, or two columns to the
    same model.
    """
    found: dict[str, str] = {}
    by_column = {m.column: m.name for m in declared or ()}
    for col in columns:
        if not col.endswith(suffix):
            continue
        prefix = col[: -len(suffix)]
        if prefix in by_column:
            name = by_column[prefix]
        else:
            spec = find_model(prefix)
            if spec is None or spec.column is None:
                hint = f" or declared in {DECLARATION_FILE}" if declared is not None else ""
                raise RowError(f"column {col!r}: {prefix!r} is not a known MATH-B model{hint}")
            name = spec.name
        if name in found:
            raise RowError(f"columns {found[name]!r} and {col!r} both belong to model {name!r}")
        found[name] = col
    return found


def is_mathb_columns(columns: Sequence[str]) -> bool:
    """True when the columns look like a MATH-B file (problem/answer plus ``*_unsolved``)."""
    return all(c in columns for c in BASE_COLUMNS) and any(
        c.endswith(UNSOLVED_SUFFIX) for c in columns
    )


def _flag(value: Any, col: str) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, float) and value in (0.0, 1.0):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
        return value.strip().lower() in _TRUE
    raise RowError(f"column {col!r} must be a boolean, got {value!r}")


def _number(value: Any, col: str) -> float | int | None:
    if value is None:
        return None
    if isinstance(value, bool):
        raise RowError(f"column {col!r} must be a number, got {value!r}")
    if isinstance(value, int | float):
        return None if isinstance(value, float) and math.isnan(value) else value
    if isinstance(value, str):
        try:
            number = float(value)
        except ValueError:
            raise RowError(f"column {col!r} must be a number, got {value!r}") from None
        return int(number) if number.is_integer() else number
    raise RowError(f"column {col!r} must be a number, got {type(value).__name__}")


@dataclass(frozen=True)
class MathBFormat:
    """Row format of the MATH-Beyond test file; ``id`` = ``{dataset}/{row position}``.

    ``declared``: the file's declared model columns (a built dataset); None means the 21
    registry models of the paper are required."""

    declared: tuple[DeclaredModel, ...] | None = None

    def bind(self, dataset: str, columns: Sequence[str]) -> BoundParser:
        missing = [c for c in BASE_COLUMNS if c not in columns]
        unsolved = model_columns(columns, UNSOLVED_SUFFIX, self.declared)
        passes = model_columns(columns, PASS_SUFFIX, self.declared)
        required = (
            [(s.name, str(s.column)) for s in mathb_models()]
            if self.declared is None
            else [(m.name, m.column) for m in self.declared]
        )
        for name, column in required:
            for found, suffix in ((unsolved, UNSOLVED_SUFFIX), (passes, PASS_SUFFIX)):
                if name not in found:
                    missing.append(f"{column}{suffix}")
        if missing:
            raise RowError(f"missing column(s) {', '.join(missing)}")
        labels = {c: c if c in columns else None for c in LABEL_COLUMNS}

        def parse(row: Row, position: int) -> Problem:
            problem = row.get("problem")
            if not isinstance(problem, str):
                raise RowError(f"field 'problem' must be a string, got {type(problem).__name__}")
            meta: dict[str, Any] = {
                "unsolved": {name: _flag(row.get(col), col) for name, col in unsolved.items()},
                "pass@1024": {name: _number(row.get(col), col) for name, col in passes.items()},
            }
            return Problem(
                id=f"{dataset}/{position}",
                problem=scalar_text("problem", problem, "problem text"),
                answer=scalar_text("answer", row.get("answer"), "answer"),
                source=label_of(row, labels["data_source"]) or dataset,
                topic=label_of(row, labels["topic"]),
                difficulty=label_of(row, labels["difficulty"]),
                metadata=meta,
            )

        return parse


def _unsolved_by_all(problem: Problem, models: Sequence[ModelSpec | DeclaredModel]) -> bool:
    flags: Mapping[str, bool] = problem.metadata["unsolved"]
    return all(flags[m.name] for m in models)


def _zero_pass_for_all(problem: Problem, models: Sequence[ModelSpec | DeclaredModel]) -> bool:
    passes: Mapping[str, float | int | None] = problem.metadata["pass@1024"]
    return all(passes[m.name] == 0 for m in models)


def mathb_splits(
    problems: tuple[Problem, ...], declared: Sequence[DeclaredModel] | None = None
) -> dict[str, tuple[Problem, ...]]:
    """The MATH-B views, computed from the per-row flags (see module docstring)."""
    bases: Sequence[ModelSpec | DeclaredModel]
    every: Sequence[ModelSpec | DeclaredModel]
    if declared is None:
        bases, every = base_models(), mathb_models()
    else:
        bases, every = [m for m in declared if m.base], list(declared)
    splits: dict[str, tuple[Problem, ...]] = {
        "union": problems,
        "intersection": tuple(p for p in problems if _unsolved_by_all(p, bases)),
        "intersection_pass0": tuple(p for p in problems if _zero_pass_for_all(p, bases)),
        "intersection_all": tuple(p for p in problems if _unsolved_by_all(p, every)),
    }
    for spec in every:
        splits[spec.name] = tuple(p for p in problems if p.metadata["unsolved"][spec.name])
    if len(splits["intersection"]) != len(splits["intersection_pass0"]):
        log.info(
            "MATH-B: %d rows unsolved (flags) by all %d base models, %d with pass@1024 == 0",
            len(splits["intersection"]),
            len(bases),
            len(splits["intersection_pass0"]),
        )
    return splits
