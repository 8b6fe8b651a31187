"""MATH-Beyond loader: real column schema, derived splits, aliases, errors, offline path."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.csv as pa_csv
import pyarrow.parquet as pq
import pytest

from mathbeyond import models
from mathbeyond._errors import ConfigError, DataError, MissingExtraError
from mathbeyond.data import (
    DatasetUnavailableError,
    load_dataset,
    load_problems,
)
from mathbeyond.data import _hub as hub_module
from mathbeyond.data import _load as load_module
from mathbeyond.data._registry import MATHB_REVISION


def _positions(problems: tuple[object, ...]) -> tuple[int, ...]:
    return tuple(int(p.id.split("/")[1]) for p in problems)  # type: ignore[attr-defined]


def test_fixture_has_real_schema(mb: Any) -> None:
    cols = mb.table().column_names
    assert len(mb.unsolved_columns) == 21
    assert len([c for c in cols if c.endswith("_pass@1024")]) == 21
    assert cols[:5] == ["problem", "answer", "data_source", "topic", "difficulty"]
    # the base prefixes are exactly the registry's base models, via their column spellings
    assert {models.get_model(p).name for p in mb.base_prefixes} == {
        m.name for m in models.base_models()
    }


def test_splits_are_computed(mb: Any, mathb_dir: Path) -> None:
    ds = load_dataset("math-beyond", data_dir=mathb_dir)
    assert ds.default_split == "union"
    assert len(ds) == len(mb.rows)
    for split, rows in mb.expected.items():
        assert _positions(ds.split(split)) == rows, split
    # one split per model with MATH-B columns, named canonically
    for spec in models.mathb_models():
        assert spec.name in ds.splits
    assert "qwen3_8b_base" not in ds.splits
    assert ds.revision is not None and ds.revision.startswith("sha256:")


def test_metadata_keys_are_canonical(mathb_dir: Path) -> None:
    first = load_problems("math-beyond", data_dir=mathb_dir)[0]
    names = {m.name for m in models.mathb_models()}
    assert set(first.metadata["unsolved"]) == names
    assert set(first.metadata["pass@1024"]) == names
    row2 = load_problems("math-beyond", data_dir=mathb_dir)[2]
    assert row2.metadata["unsolved"]["qwen3-8b-base"] is False
    assert row2.metadata["pass@1024"]["qwen3-8b-base"] == 0.5
    assert row2.metadata["unsolved"]["qwen3-4b-base"] is True
    assert first.id == "math-beyond/0"
    assert first.source == "fixture" and first.topic == "Algebra" and first.difficulty == "5"


def test_alias_and_split_spec(mathb_dir: Path) -> None:
    a = load_problems("mathb:intersection", data_dir=mathb_dir)
    b = load_problems("MATH-BEYOND:intersection", data_dir=mathb_dir)
    assert a == b
    assert len(load_problems("mathb:qwen3-8b", data_dir=mathb_dir, limit=2)) == 2
    with pytest.raises(ConfigError, match="no split 'qwen3_8b'"):
        load_problems("mathb:qwen3_8b", data_dir=mathb_dir)


def test_env_data_dir(mathb_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MATHB_DATA_DIR", str(mathb_dir))
    assert len(load_problems("mathb:intersection_all")) == 2


def test_alternative_column_spellings_resolve(
    mb: Any,
    write_parquet: Callable[[pa.Table, str], Path],
) -> None:
    # the same models spelled differently still map through the registry
    table = mb.table(
        rename={
            "qwen3_8b_base_unsolved": "qwen3-8b-base_unsolved",
            "qwen3_8b_base_pass@1024": "Qwen/Qwen3-8B-Base_pass@1024",
            "olmo_7b_unsolved": "olmo-7b_unsolved",
        }
    )
    path = write_parquet(table, "d/math_beyond/test.parquet")
    ds = load_dataset("mathb", data_dir=path.parents[1])
    assert _positions(ds.split("intersection")) == mb.expected["intersection"]
    assert _positions(ds.split("olmo-7b")) == mb.expected["olmo-7b"]


def test_csv_copy(mb: Any, tmp_path: Path) -> None:
    target = tmp_path / "math_beyond"
    target.mkdir()
    pa_csv.write_csv(mb.table(), target / "test.csv")
    ds = load_dataset("math-beyond", data_dir=tmp_path)
    for split, rows in mb.expected.items():
        assert _positions(ds.split(split)) == rows, split


def test_explicit_file_path(mathb_dir: Path) -> None:
    path = mathb_dir / "math_beyond" / "test.parquet"
    direct = load_problems(f"file:{path}:intersection")
    assert direct == load_problems("mathb:intersection", data_dir=mathb_dir)
    assert load_dataset(str(path)).name == "math-beyond"


def test_missing_model_column(mb: Any, write_parquet: Callable[[pa.Table, str], Path]) -> None:
    table = mb.table()
    table = table.drop_columns(["r1-7b_unsolved"])
    path = write_parquet(table, "d/math_beyond/test.parquet")
    with pytest.raises(DataError, match=r"missing column\(s\) r1-7b_unsolved") as info:
        load_dataset("mathb", data_dir=path.parents[1])
    assert info.value.path == str(path)


def test_unknown_model_column(mb: Any, write_parquet: Callable[[pa.Table, str], Path]) -> None:
    table = mb.table().append_column("gpt-99_unsolved", pa.array([True] * len(mb.rows)))
    path = write_parquet(table, "d/math_beyond/test.parquet")
    with pytest.raises(DataError, match="'gpt-99' is not a known MATH-B model"):
        load_dataset("mathb", data_dir=path.parents[1])


def test_duplicate_model_columns(mb: Any, write_parquet: Callable[[pa.Table, str], Path]) -> None:
    table = mb.table().append_column("qwen3-8b-base_unsolved", pa.array([True] * len(mb.rows)))
    path = write_parquet(table, "d/math_beyond/test.parquet")
    with pytest.raises(DataError, match="both belong to model 'qwen3-8b-base'"):
        load_dataset("mathb", data_dir=path.parents[1])


def test_bad_flag_names_row(mb: Any, write_parquet: Callable[[pa.Table, str], Path]) -> None:
    table = mb.table()
    col = "r1-1.5b_unsolved"
    values = ["true", "false", "true", "maybe", "true", "true"]
    table = table.set_column(table.column_names.index(col), col, pa.array(values))
    path = write_parquet(table, "d/math_beyond/test.parquet")
    with pytest.raises(DataError, match=r"'r1-1\.5b_unsolved' must be a boolean") as info:
        load_dataset("mathb", data_dir=path.parents[1])
    assert info.value.row == 3
    assert f"{path}, row 3" in str(info.value)


def test_empty_answer_names_row(mb: Any, write_parquet: Callable[[pa.Table, str], Path]) -> None:
    table = mb.table()
    answers = [r[1] for r in mb.rows]
    answers[4] = "  "
    table = table.set_column(1, "answer", pa.array(answers))
    path = write_parquet(table, "d/math_beyond/test.parquet")
    with pytest.raises(DataError, match="empty answer") as info:
        load_dataset("mathb", data_dir=path.parents[1])
    assert info.value.row == 4


def test_offline_without_local_copy(tmp_path: Path, no_hub: None) -> None:
    with pytest.raises(DatasetUnavailableError) as info:
        load_dataset("math-beyond", data_dir=tmp_path)
    message = str(info.value)
    assert "\n" not in message
    assert "MATHB_DATA_DIR" in message and "--data-dir" in message
    assert "math_beyond/test.parquet" in message
    assert "mathbeyond[hf]" in message
    assert "brendel-group/MATH-Beyond" in message
    assert isinstance(info.value, ConfigError)


def test_offline_without_data_dir(no_hub: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MATHB_DATA_DIR", raising=False)
    with pytest.raises(DatasetUnavailableError, match="no data directory set"):
        load_problems("mathb:intersection")


def test_missing_hf_extra(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(module: str, extra: str) -> object:
        raise MissingExtraError(module, extra)

    monkeypatch.setattr(hub_module, "require", missing)
    with pytest.raises(DatasetUnavailableError, match=r"install mathbeyond\[hf\]"):
        load_dataset("math-beyond", data_dir=tmp_path)


def test_hub_download_path(mb: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    hub_file = tmp_path / "hub" / "test.parquet"
    hub_file.parent.mkdir()
    pq.write_table(mb.table(), hub_file)
    calls: list[tuple[str, str, str | None, bool]] = []

    def fake_fetch(hub: hub_module.HubFile, *, local_files_only: bool = False) -> Path:
        calls.append((hub.repo_id, hub.filename, hub.revision, local_files_only))
        return hub_file

    monkeypatch.setattr(load_module, "fetch", fake_fetch)
    ds = load_dataset("math-beyond", data_dir=tmp_path / "empty")
    assert calls == [("brendel-group/MATH-Beyond", "test.parquet", MATHB_REVISION, False)]
    assert ds.hub_id == "brendel-group/MATH-Beyond"
    assert ds.revision == MATHB_REVISION
    assert ds.origin is not None and ds.origin.startswith("hf://datasets/brendel-group/MATH-Beyond")
    assert len(ds.split("intersection")) == 3


def test_local_copy_wins_over_hub(mathb_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(*args: object, **kwargs: object) -> Path:
        raise AssertionError("the Hub must not be consulted when a local copy exists")

    monkeypatch.setattr(load_module, "fetch", fail)
    assert load_dataset("math-beyond", data_dir=mathb_dir).origin == str(
        mathb_dir / "math_beyond" / "test.parquet"
    )


def test_hub_fetch_passes_pinned_revision(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The real download call: cache first, then repo_type=dataset at the pinned revision."""
    huggingface_hub = pytest.importorskip("huggingface_hub")
    calls: list[dict[str, object]] = []

    def fake_download(**kwargs: object) -> str:
        calls.append(kwargs)
        if kwargs["local_files_only"]:
            raise FileNotFoundError("not cached")
        return str(tmp_path / "x.parquet")

    monkeypatch.setattr(huggingface_hub, "hf_hub_download", fake_download)
    monkeypatch.setattr(huggingface_hub.constants, "HF_HUB_OFFLINE", False, raising=False)
    monkeypatch.setattr(hub_module, "_check_resolvable", lambda endpoint: None)
    hub = hub_module.HubFile("brendel-group/MATH-Beyond", "test.parquet", MATHB_REVISION)
    assert hub_module.fetch(hub) == tmp_path / "x.parquet"
    assert [c["local_files_only"] for c in calls] == [True, False]
    assert all(c["repo_type"] == "dataset" for c in calls)
    assert all(c["revision"] == MATHB_REVISION for c in calls)
    assert all(c["repo_id"] == "brendel-group/MATH-Beyond" for c in calls)
    calls.clear()
    with pytest.raises(hub_module.HubUnavailable, match="not cached"):
        hub_module.fetch(hub, local_files_only=True)
    assert len(calls) == 1


def test_unresolvable_hub_fails_fast(monkeypatch: pytest.MonkeyPatch) -> None:
    import socket

    def no_dns(*args: object, **kwargs: object) -> object:
        raise socket.gaierror(-2, "Name or service not known")

    for name in (
        "HTTPS_PROXY",
        "https_proxy",
        "HTTP_PROXY",
        "http_proxy",
        "ALL_PROXY",
        "all_proxy",
    ):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(socket, "getaddrinfo", no_dns)
    with pytest.raises(hub_module.HubUnavailable, match=r"cannot resolve huggingface\.co"):
        hub_module._check_resolvable("https://huggingface.co")


def test_cache_per_data_dir(mb: Any, mathb_dir: Path, tmp_path: Path) -> None:
    a = load_dataset("math-beyond", data_dir=mathb_dir)
    assert load_dataset("mathb", data_dir=mathb_dir) is a
    other = tmp_path / "other" / "math_beyond"
    other.mkdir(parents=True)
    pq.write_table(mb.table(mb.rows[:2]), other / "test.parquet")
    b = load_dataset("math-beyond", data_dir=other.parent)
    assert len(b) == 2 and len(a) == 6
