"""The build driver: a full build on planted rows, resume, refusal, --redo/--until/--from,
export round trip, bad input as one line."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from mathbeyond import ConfigError, DataError
from mathbeyond.build import BudgetExceededError, build_status, load_config, run_build
from mathbeyond.cli import main
from mathbeyond.data import load_file, load_problems

MODELS = ("my-base-model", "my_rl_model")


def _build(config: Path, out: Path, **kwargs: object) -> list[str]:
    return run_build(load_config(config), out, **kwargs)  # type: ignore[arg-type]


def _export_bytes(out: Path) -> tuple[bytes, str]:
    table = pq.read_table(out / "export" / "test.parquet")
    manifest = json.loads((out / "export" / "build_manifest.json").read_text())
    for row in manifest["funnel"]:
        row.pop("elapsed_s")
    return table.to_pandas().to_json().encode(), json.dumps(manifest, sort_keys=True)


def test_full_build_funnel_and_export(write_config: Callable[..., Path], tmp_path: Path) -> None:
    out = tmp_path / "b"
    ran = _build(write_config(), out)
    assert ran == ["pool", "filter", "dedup", "prescreen", "gtcheck", "passk", "splits", "export"]
    status = build_status(out)
    funnel = {r["stage"]: r for r in status["funnel"]}
    assert funnel["pool"]["in"] == 12 and funnel["pool"]["by_source"]["planted"]["in"] == 12
    assert funnel["filter"]["removed"] == {
        "cjk": 1, "figure_reference": 1, "integer_gold": 1, "multiple_choice": 1}
    assert funnel["dedup"]["removed"] == {"eval_exact": 1, "eval_near": 1}
    assert funnel["dedup"]["info"]["matches"] == {"evalset": {"exact": 1, "near": 1}}
    removed = pq.read_table(out / "dedup" / "removed.parquet").to_pylist()
    near = next(r for r in removed if r["match_kind"] == "near")
    assert near["match_problem"].startswith("What is the sum") and 0.5 <= near["match_score"] < 1
    assert near["problem"].startswith("Please compute")
    # prescreen drops the always-solved problem (p=1.0) and keeps the never-solved ones
    pre = pq.read_table(out / "prescreen" / "kept.parquet").column("problem").to_pylist()
    assert not any("p=1.0" in t for t in pre) and sum("p=0.0" in t for t in pre) == 3
    assert funnel["gtcheck"]["out"] == funnel["gtcheck"]["in"]  # the oracle reproduces every gold
    # the export: MATH-B schema with the suite's own model names
    table = pq.read_table(out / "export" / "test.parquet")
    expected = ["problem", "answer", "data_source", "topic", "difficulty"]
    for m in MODELS:
        expected += [f"{m}_pass@1024", f"{m}_unsolved"]
    assert table.column_names == expected
    assert str(table.schema.field("my_rl_model_unsolved").type) == "bool"
    assert str(table.schema.field("my_rl_model_pass@1024").type) == "double"
    card = (out / "export" / "README.md").read_text()
    assert "topic` and `difficulty` are empty" in card and "| dedup |" in card
    assert "`my-base-model`" in card


def test_export_loads_back_with_user_named_models(
    write_config: Callable[..., Path], tmp_path: Path
) -> None:
    out = tmp_path / "b"
    _build(write_config(), out)
    folder = out / "export"
    splits = json.loads((out / "splits" / "splits.json").read_text())["splits"]
    dataset = load_file(folder / "test.parquet")
    union = dataset.split("union")
    assert len(union) == len(splits["union"]) > 0
    inter = load_problems(f"file:{folder / 'test.parquet'}:intersection")
    assert len(inter) == len(splits["intersection"])  # base model = my-base-model only
    assert len(dataset.split("my_rl_model")) == len(splits["my_rl_model"])
    assert set(union[0].metadata["unsolved"]) == set(MODELS)
    kept = {p.problem for p in load_file(out / "splits" / "kept.parquet").split()}
    assert {p.problem for p in union} == kept
    # without the declaration the unknown model columns are refused, naming the column
    (folder / "build_manifest.json").rename(folder / "elsewhere.json")
    from mathbeyond.data import clear_cache

    clear_cache()
    with pytest.raises(DataError, match="my-base-model"):
        load_file(folder / "test.parquet")


def test_cli_data_show_reads_the_export(
    write_config: Callable[..., Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "b"
    _build(write_config(), out)
    main(["data", "show", f"file:{out / 'export' / 'test.parquet'}:intersection"])
    assert "p=0.0" in capsys.readouterr().out


def test_resume_between_stages_gives_identical_output(
    write_config: Callable[..., Path], tmp_path: Path
) -> None:
    config = write_config()
    whole, parts = tmp_path / "whole", tmp_path / "parts"
    _build(config, whole)
    assert _build(config, parts, until="dedup") == ["pool", "filter", "dedup"]
    assert _build(config, parts, until="prescreen") == ["prescreen"]
    assert _build(config, parts, start="gtcheck") == ["gtcheck", "passk", "splits", "export"]
    assert _build(config, parts) == []  # nothing left to do
    assert _export_bytes(whole) == _export_bytes(parts)


def test_from_needs_the_earlier_stages(write_config: Callable[..., Path], tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="--from passk: stage 'pool' before it is not finished"):
        _build(write_config(), tmp_path / "b", start="passk")


def test_config_change_is_refused_naming_the_field_and_redo_reruns(
    write_config: Callable[..., Path], tmp_path: Path
) -> None:
    out = tmp_path / "b"
    _build(write_config(), out, until="prescreen")
    changed = write_config("changed.toml", extra="", passk_k=8)
    text = changed.read_text().replace("threshold = 0.5", "threshold = 0.9")
    changed.write_text(text)
    with pytest.raises(ConfigError) as exc:
        _build(changed, out)
    message = str(exc.value)
    assert (
        "config field dedup.threshold changed since stage 'dedup' finished (0.5 -> 0.9)" in message
    )
    assert "--redo dedup" in message and "\n" not in message
    before = (out / "manifests" / "filter.json").read_text()
    assert _build(changed, out, redo="dedup", until="dedup") == ["dedup"]
    assert (out / "manifests" / "filter.json").read_text() == before  # earlier stage untouched
    assert not (out / "manifests" / "prescreen.json").exists()  # later stages forgotten
    assert build_status(out)["funnel"][2]["removed"] == {"eval_exact": 1}


def test_budget_stops_gtcheck_and_keeps_samples(
    write_config: Callable[..., Path], tmp_path: Path
) -> None:
    out = tmp_path / "b"
    config = write_config(extra="")
    text = config.read_text().replace(
        "[gtcheck]\nk = 2", "[gtcheck]\nk = 2\nbudget_tokens = 1\nchunk = 1"
    )
    config.write_text(text)
    with pytest.raises(BudgetExceededError, match=r"raise gtcheck\.budget_tokens"):
        _build(config, out)
    runs = list((out / "runs" / "gtcheck").iterdir())
    assert len(runs) == 1 and (runs[0] / "samples.sqlite").exists()
    assert not (out / "manifests" / "gtcheck.json").exists()
    assert (out / "manifests" / "prescreen.json").exists()
    config.write_text(text.replace("budget_tokens = 1\n", ""))  # the budget is not identity
    assert _build(config, out)[0] == "gtcheck"


def test_bad_inputs_are_one_line(write_config: Callable[..., Path], tmp_path: Path,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    config = write_config()
    text = config.read_text()
    cases = {
        "unknown_pool": (text.replace('name = "file:', 'name = "nosuchpool"\n#'), "nosuchpool"),
        "bad_model": (text.replace('name = "pre", model = "smollm2-135m"',
                                   'name = "pre", model = "gpt-17"'), "gpt-17"),
        "typo": (text.replace("[passk]\nk = 8", "[passk]\nk = 8\nadaptiv = true"),
                 "unknown key passk.adaptiv"),
        "server": (text.replace('backend = "buildfake"\noptions = { solve = 1.0 }',
                                'backend = "openai"\noptions = { base_url = '
                                '"http://127.0.0.1:9/v1", model = "x" }'),
                   "unreachable"),
    }
    for name, (body, needle) in cases.items():
        path = tmp_path / f"{name}.toml"
        path.write_text(body)
        with pytest.raises(SystemExit) as exc:
            main(["build", "run", str(path), "--out", str(tmp_path / f"out-{name}")])
        assert exc.value.code == 2, name
        err = capsys.readouterr().err
        errors = [line for line in err.splitlines() if line.startswith("error:")]
        assert len(errors) == 1 and needle in errors[0] and "Traceback" not in err, (name, err)
        assert err.strip().splitlines()[-1] == errors[0]
    # names are checked before anything runs; a failing stage keeps what finished before it
    assert not (tmp_path / "out-bad_model" / "manifests").exists()
    assert (tmp_path / "out-server" / "manifests" / "prescreen.json").exists()


def test_non_integer_gold_is_removed_with_the_filter_named(
    write_config: Callable[..., Path], tmp_path: Path
) -> None:
    out = tmp_path / "b"
    _build(write_config(), out, until="filter")
    removed = pq.read_table(out / "filter" / "removed.parquet").to_pylist()
    row = next(r for r in removed if r["answer"] == "\\frac{1}{2}")
    assert row["reason"] == "integer_gold" and "verifier" in row["detail"]


def test_status_cli_json(write_config: Callable[..., Path], tmp_path: Path,
                         capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "b"
    _build(write_config(), out, until="dedup")
    main(["build", "status", str(out), "--json"])
    status = json.loads(capsys.readouterr().out)
    assert status["finished"] == ["pool", "filter", "dedup"]
    assert status["pending"] == ["prescreen", "gtcheck", "passk", "splits", "export"]
    assert status["funnel"][1]["by_source"]["planted"]["removed"]["cjk"] == 1


def test_pool_records_revision_and_stage_order_is_configurable(
    write_config: Callable[..., Path], tmp_path: Path
) -> None:
    config = write_config()
    text = config.read_text().replace(
        'name = "test-build"', 'name = "test-build"\nstages = ["pool", "dedup", "filter", "passk", '
        '"splits", "export"]')
    config.write_text(text)
    out = tmp_path / "b"
    assert _build(config, out) == ["pool", "dedup", "filter", "passk", "splits", "export"]
    status = build_status(out)
    assert status["order"] == ["pool", "dedup", "filter", "passk", "splits", "export"]
    pools = status["funnel"][0]["info"]["pools"]["planted"]
    assert pools["revision"].startswith("sha256:") and pools["rows"] == 12
    funnel = {r["stage"]: r for r in status["funnel"]}
    assert funnel["dedup"]["in"] == 12 and funnel["filter"]["in"] == 10
    card = (out / "export" / "README.md").read_text()
    assert "pool → dedup → filter → passk → splits → export" in card


def test_passk_reuses_an_existing_run(write_config: Callable[..., Path], tmp_path: Path) -> None:
    first = tmp_path / "first"
    _build(write_config(), first)
    runs = json.loads((first / "manifests" / "passk.json").read_text())["info"]["runs"]
    reused = first / runs["my_rl_model"]
    config = write_config("reuse.toml")
    config.write_text(config.read_text().replace("seed = 7", f'seed = 7\nrun = "{reused}"'))
    second = tmp_path / "second"
    _build(config, second)
    info = json.loads((second / "manifests" / "passk.json").read_text())["info"]
    assert info["runs"]["my_rl_model"] == str(reused)
    assert next((second / "runs" / "passk").iterdir()).name.startswith("my-base-model")
    assert len(list((second / "runs" / "passk").iterdir())) == 1  # nothing drawn for the reused
    assert _export_bytes(first)[0] == _export_bytes(second)[0]


def test_prescreen_subsample_is_seeded(write_config: Callable[..., Path], tmp_path: Path) -> None:
    config = write_config()
    config.write_text(config.read_text().replace("[prescreen]\nk = 4",
                                                 "[prescreen]\nk = 4\nsubsample = 3"))
    picked = []
    for name in ("a", "b"):
        out = tmp_path / name
        _build(config, out, until="prescreen")
        removed = pq.read_table(out / "prescreen" / "removed.parquet").to_pylist()
        skipped = sorted(r["id"] for r in removed if r["reason"] == "not_subsampled")
        funnel = build_status(out)["funnel"][-1]
        assert len(skipped) == funnel["in"] - 3
        picked.append(skipped)
    assert picked[0] == picked[1]
