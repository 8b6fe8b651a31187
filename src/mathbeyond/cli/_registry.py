"""`mathb models` (the model registry, `models add`), `mathb backends` (backends and their
options) and `mathb export` (a run's samples to parquet)."""

from __future__ import annotations

import inspect
from pathlib import Path

import click
from rich.table import Table

from ..models import UserModel, add_user_model, iter_models, load_user_models, user_models_file
from ..sample import backend_declaration, backend_names, backend_options
from ..store import open_run
from ._common import console


@click.group("models", invoke_without_command=True)
@click.pass_context
def models_cmd(ctx: click.Context) -> None:
    """The model registry: names, Hub ids, base models and the paper's sampling presets,
    plus your own models (`mathb models add`)."""
    if ctx.invoked_subcommand is None:
        _print_models()


def _print_models() -> None:
    table = Table(title="models (name = what --model takes)")
    for column in ("name", "role", "base", "hub id", "MATH-B column", "chat", "T", "top_p",
                   "max_tokens", "context"):
        table.add_column(column, no_wrap=column in ("name", "hub id"))
    for m in iter_models():
        hub = m.hub_id + (f"@{m.hub_revision}" if m.hub_revision else "")
        table.add_row(
            m.name, m.role, m.base or "", hub, m.column or "", "yes" if m.chat else "no",
            f"{m.preset.temperature:g}", f"{m.preset.top_p:g}", str(m.preset.max_tokens),
            str(m.context_length),
        )
    console(width=220).print(table)
    path = user_models_file()
    users = load_user_models()
    if not users:
        console(width=220).print(f"user models: none ({path}; add one with `mathb models add`)")
        return
    mine = Table(title=f"user models ({path})")
    for column in ("name", "hub id / path", "base", "preset", "chat"):
        mine.add_column(column, no_wrap=column != "hub id / path")
    for u in users.values():
        chat = "" if u.chat is None else ("yes" if u.chat else "no")
        mine.add_row(u.name, u.ref, u.base or "", u.preset or "", chat)
    console(width=220).print(mine)


@models_cmd.command("add")
@click.argument("name")
@click.option("--hub-id", default=None, metavar="ORG/NAME", help="Hugging Face Hub id.")
@click.option("--revision", default=None, help="Hub revision (branch, tag or commit).")
@click.option("--path", "path", default=None, metavar="PATH",
              help="Local checkpoint directory or .gguf file (instead of --hub-id).")
@click.option("--base", default=None, metavar="NAME", help="Registry base model it was trained "
              "from (its preset is inherited unless --preset is given).")
@click.option("--preset", default=None, metavar="NAME",
              help="Registry model whose sampling preset and prompt style to use.")
@click.option("--chat/--no-chat", "chat", default=None, help="Force chat or raw prompting.")
@click.option("--replace", is_flag=True, help="Overwrite an existing entry of that name.")
def models_add_cmd(
    *,
    name: str,
    hub_id: str | None,
    revision: str | None,
    path: str | None,
    base: str | None,
    preset: str | None,
    chat: bool | None,
    replace: bool,
) -> None:
    """Add a model you use often to your user models file (then: --model NAME)."""
    where = add_user_model(
        UserModel(name=name, hub_id=hub_id, path=path, revision=revision, base=base,
                  preset=preset, chat=chat),
        replace=replace,
    )
    click.echo(f"added {name} to {where}")


def _default(value: object) -> str:
    if value is inspect.Parameter.empty:
        return "(required)"
    return repr(value)


@click.command("backends")
def backends_cmd() -> None:
    """Sampling backends, what --model is for each, and their --backend-opt options.

    Options marked "identity" change the samples: a resume with another value is refused.
    "neutral" options (threads, concurrency, retries, timeouts) may change between resumes.
    """
    for name in backend_names():
        decl = backend_declaration(name)
        what = {"gguf": ".gguf file", "hf": "Hub id or HF checkpoint directory",
                "served": "served model name"}.get(decl.artifact or "", "no model")
        table = Table(title=f"{name} (--model: {what})", title_justify="left")
        for column in ("option", "default", "type", "effect on a resume"):
            table.add_column(column)
        for option in backend_options(name):
            if option.name in ("model", "model_path", "revision") and decl.artifact:
                effect = "set by --model"
            else:
                effect = "neutral: may change" if option.neutral else "identity: must match"
            table.add_row(option.name, _default(option.default), option.annotation, effect)
        if decl.extra_options:
            table.add_row(f"any {'.'.join(decl.extra_options)} argument", "", "",
                          "identity unless listed neutral")
        console(width=160).print(table)


@click.command("export")
@click.argument("run", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="Parquet file to write (one row per stored sample, with verdict fields).")
def export_cmd(run: Path, out: Path) -> None:
    """Write a run's samples to parquet (readable by pandas, polars, DuckDB)."""
    store = open_run(run)
    try:
        path = store.export_parquet(out)
        n = store.samples(columns=["problem_id"]).num_rows
    finally:
        store.close()
    click.echo(f"wrote {n} samples to {path}", err=True)


COMMANDS: list[click.Command] = [models_cmd, backends_cmd, export_cmd]
