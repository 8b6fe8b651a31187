"""The ``export`` stage: a Hugging Face-ready dataset folder in the MATH-B schema.

``test.parquet`` has exactly the MATH-B columns: ``problem, answer, data_source, topic,
difficulty`` (strings; topic and difficulty are null until an annotation stage fills them), then
per model of the suite ``{name}_pass@1024`` (float64: 1.0 when a sample within the configured k
was verified correct, else 0.0; the column keeps the MATH-B name whatever k was, and the card
states k) and ``{name}_unsolved`` (bool). ``build_manifest.json`` declares the model columns
(name, base flag, model, backend, k) so :func:`mathbeyond.data.load_file` accepts model names
outside the built-in registry; ``README.md`` is the dataset card (YAML header for the Hub, the
funnel, the model suite, the config).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pyarrow as pa

from .._version import __version__
from ..data import Problem
from ._config import BuildConfig
from ._tables import write_json, write_table, write_text

BUILD_MANIFEST = "build_manifest.json"
"""Must match ``mathbeyond.data._mathb.DECLARATION_FILE`` (the loader reads it)."""
MANIFEST_FORMAT = "mathbeyond.build.dataset/v1"
LABELS = ("problem", "answer", "data_source", "topic", "difficulty")


def mathb_table(
    problems: Sequence[Problem], models: Sequence[str], solved: Mapping[str, Mapping[str, bool]]
) -> pa.Table:
    fields: list[tuple[str, pa.DataType]] = [(c, pa.string()) for c in LABELS]
    data: dict[str, list[Any]] = {
        "problem": [p.problem for p in problems],
        "answer": [p.answer for p in problems],
        "data_source": [p.source for p in problems],
        "topic": [p.topic for p in problems],
        "difficulty": [p.difficulty for p in problems],
    }
    for name in models:
        fields += [(f"{name}_pass@1024", pa.float64()), (f"{name}_unsolved", pa.bool_())]
        data[f"{name}_pass@1024"] = [1.0 if solved[name][p.id] else 0.0 for p in problems]
        data[f"{name}_unsolved"] = [not solved[name][p.id] for p in problems]
    ids = json.dumps({"ids": [p.id for p in problems]})
    schema = pa.schema(fields, metadata={"mathbeyond": ids})
    return pa.table(data, schema=schema)


def _funnel_md(rows: Sequence[Mapping[str, Any]]) -> str:
    lines = ["| stage | in | out | removed (by reason) |", "|---|---:|---:|---|"]
    for r in rows:
        removed = ", ".join(f"{k}: {v}" for k, v in r["removed"].items()) or "-"
        lines.append(f"| {r['stage']} | {r['in']} | {r['out']} | {removed} |")
    return "\n".join(lines)


def card(
    config: BuildConfig, rows: Sequence[Mapping[str, Any]], count: int, splits: Mapping[str, int]
) -> str:
    models = config.passk.models
    suite = "\n".join(
        f"| `{m.name}` | {m.model} | {m.backend} | {'yes' if m.base else 'no'} | "
        f"{m.temperature if m.temperature is not None else 'preset'} | "
        f"{m.max_tokens if m.max_tokens is not None else 'preset'} |"
        for m in models
    )
    mode = (
        "adaptive sampling: a solved problem stops at its first verified success"
        if config.passk.adaptive
        else "fixed k samples per problem"
    )
    split_lines = "\n".join(f"| {k} | {v} |" for k, v in splits.items())
    header = (
        "---\n"
        "configs:\n- config_name: default\n  data_files:\n  - split: test\n    path: test.parquet\n"
        "tags:\n- math\n- reasoning\n- math-beyond\n"
        "---\n"
    )
    return f"""{header}
# {config.export.name}

{config.export.description or 'A MATH-Beyond-style evaluation set built with `mathb build`.'}

{count} problems, each left unsolved by at least one model of the suite at pass@{config.passk.k}
({mode}).
Columns: `problem, answer, data_source, topic, difficulty`, then per model `{{name}}_pass@1024`
(1.0 when a sample within k = {config.passk.k} was verified correct) and `{{name}}_unsolved`.
**`topic` and `difficulty` are empty**: no annotation stage has been run on this build.

Load it with `mathb data show file:test.parquet:intersection` (the model columns are declared in
`{BUILD_MANIFEST}`) or `datasets.load_dataset("parquet", data_files="test.parquet")`.

## Model suite

| column | model | backend | base | temperature | max_tokens |
|---|---|---|---|---|---|
{suite}

## Splits

| split | problems |
|---|---:|
{split_lines}

## Construction funnel (stage order: {' → '.join(config.stages)})

{_funnel_md(rows)}

Built by mathbeyond {__version__}; the full configuration is in `{BUILD_MANIFEST}`.
"""


def write_dataset(
    folder: Path,
    problems: Sequence[Problem],
    config: BuildConfig,
    solved: Mapping[str, Mapping[str, bool]],
    rows: Sequence[Mapping[str, Any]],
) -> Path:
    names = [m.name for m in config.passk.models]
    table = mathb_table(problems, names, solved)
    bases = [m.name for m in config.passk.models if m.base]
    ids = [p.id for p in problems]
    splits = {
        "union": len(ids),
        "intersection": sum(all(not solved[b][i] for b in bases) for i in ids),
        "intersection_all": sum(all(not solved[n][i] for n in names) for i in ids),
        **{n: sum(not solved[n][i] for i in ids) for n in names},
    }
    write_table(folder / "test.parquet", table)
    write_json(
        folder / BUILD_MANIFEST,
        {
            "format": MANIFEST_FORMAT,
            "name": config.export.name,
            "models": [
                {"name": m.name, "column": m.name, "base": m.base, "model": m.model,
                 "backend": m.backend, "k": config.passk.k, "adaptive": config.passk.adaptive}
                for m in config.passk.models
            ],
            "ids": ids,
            "splits": splits,
            "funnel": list(rows),
            "order": list(config.stages),
            "mathbeyond": __version__,
        },
    )
    write_text(folder / "README.md", card(config, rows, len(problems), splits))
    return folder / "test.parquet"
