"""Fixtures for the data-layer tests: the shared real data and a MATH-B fixture file."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from mathbeyond.data import clear_cache

REPO_ROOT = Path(__file__).resolve().parents[2]

# The 21 ``*_unsolved`` columns of brendel-group/MATH-Beyond@1a2a629, spelled exactly as on the
# Hub (from shared/data/math_beyond/hf_manifest_third_party.json); ``*_pass@1024`` columns use the
# same prefixes.
REAL_UNSOLVED_COLUMNS = (
    "deepscaler_1.5b_preview_unsolved",
    "llama3.1_8b_unsolved",
    "nemotron_1.5b_unsolved",
    "nemotron_research_reasoning_qwen_1.5b_v1_unsolved",
    "olmo_2_1124_7b_unsolved",
    "olmo_7b_unsolved",
    "qwen2.5-1.5b-instruct_unsolved",
    "qwen2.5-1.5b_unsolved",
    "qwen2.5-7b-instruct_unsolved",
    "qwen2.5-7b_unsolved",
    "qwen2.5-math-1.5b-instruct_unsolved",
    "qwen2.5-math-1.5b_unsolved",
    "qwen2.5-math-7b-instruct_unsolved",
    "qwen2.5-math-7b_unsolved",
    "qwen3-4b-base_unsolved",
    "qwen3-4b_unsolved",
    "qwen3_8b_base_unsolved",
    "qwen3_8b_unsolved",
    "r1-1.5b_unsolved",
    "r1-7b_unsolved",
    "skywork_or1_7b_unsolved",
)
PREFIXES = tuple(c.removesuffix("_unsolved") for c in REAL_UNSOLVED_COLUMNS)
BASE_PREFIXES = (
    "qwen2.5-1.5b",
    "qwen2.5-7b",
    "qwen2.5-math-1.5b",
    "qwen2.5-math-7b",
    "qwen3-4b-base",
    "qwen3_8b_base",
    "r1-1.5b",
    "r1-7b",
    "olmo_7b",
    "olmo_2_1124_7b",
    "llama3.1_8b",
)

# (problem, answer, prefixes that SOLVE it, prefixes whose pass@1024 disagrees with the flag)
FIXTURE_ROWS: tuple[tuple[str, str, frozenset[str], frozenset[str]], ...] = (
    ("Unsolved by everyone: compute $x$.", "1", frozenset(), frozenset()),
    ("Only Qwen3-8B (post) solves it.", "2", frozenset({"qwen3_8b"}), frozenset()),
    ("Qwen3-8B-Base solves it.", "3", frozenset({"qwen3_8b_base"}), frozenset()),
    ("Everyone solves it.", "4", frozenset(PREFIXES), frozenset()),
    (
        "Flags say unsolved by all; olmo_7b pass@1024 is not 0.",
        "5",
        frozenset(),
        frozenset({"olmo_7b"}),
    ),
    (
        "Llama and DeepScaleR solve it.",
        "\\frac{1}{2}",
        frozenset({"llama3.1_8b", "deepscaler_1.5b_preview"}),
        frozenset(),
    ),
)
# Row positions each split must contain (worked out by hand from FIXTURE_ROWS above).
EXPECTED_ROWS = {
    "union": (0, 1, 2, 3, 4, 5),
    "intersection": (0, 1, 4),
    "intersection_pass0": (0, 1),
    "intersection_all": (0, 4),
    "qwen3-8b": (0, 2, 4, 5),
    "qwen3-8b-base": (0, 1, 4, 5),
    "llama3.1-8b": (0, 1, 2, 4),
    "deepscaler-1.5b-preview": (0, 1, 2, 4),
    "olmo-7b": (0, 1, 2, 4, 5),
}


def mathb_table(
    rows: tuple[tuple[str, str, frozenset[str], frozenset[str]], ...] = FIXTURE_ROWS,
    rename: dict[str, str] | None = None,
) -> pa.Table:
    """A MATH-B table with the real 5 + 2 x 21 columns."""
    data: dict[str, list[Any]] = {
        "problem": [r[0] for r in rows],
        "answer": [r[1] for r in rows],
        "data_source": ["fixture"] * len(rows),
        "topic": ["Algebra"] * len(rows),
        "difficulty": ["5"] * len(rows),
    }
    for prefix in PREFIXES:
        data[f"{prefix}_pass@1024"] = [
            (0.5 if (prefix in solved) != (prefix in odd) else 0.0) for _, _, solved, odd in rows
        ]
        data[f"{prefix}_unsolved"] = [prefix not in solved for _, _, solved, _ in rows]
    table = pa.table(data)
    if rename:
        table = table.rename_columns([rename.get(c, c) for c in table.column_names])
    return table


@pytest.fixture(autouse=True)
def _fresh_cache() -> Iterator[None]:
    clear_cache()
    yield
    clear_cache()


@pytest.fixture
def shared_data() -> Path:
    """The real shared data folder (MATHB_DATA_DIR, else ../shared/data); skip if absent."""
    env = os.environ.get("MATHB_DATA_DIR")
    root = Path(env) if env else REPO_ROOT.parent / "shared" / "data"
    if not (root / "pools" / "dapo_math_17k.parquet").is_file():
        pytest.skip(f"shared data not found at {root} (set MATHB_DATA_DIR)")
    return root


@pytest.fixture
def mathb_dir(tmp_path: Path) -> Path:
    """A data dir with math_beyond/test.parquet built from FIXTURE_ROWS."""
    target = tmp_path / "data" / "math_beyond"
    target.mkdir(parents=True)
    pq.write_table(mathb_table(), target / "test.parquet")
    return tmp_path / "data"


@pytest.fixture
def write_parquet(tmp_path: Path) -> Callable[[pa.Table, str], Path]:
    def write(table: pa.Table, name: str) -> Path:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        pq.write_table(table, path)
        return path

    return write


@pytest.fixture
def no_hub(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Hub offline with an empty cache: any Hub access fails fast, locally."""
    hub_constants = pytest.importorskip("huggingface_hub.constants")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setattr(hub_constants, "HF_HUB_OFFLINE", True, raising=False)
    monkeypatch.setattr(hub_constants, "HF_HUB_CACHE", str(tmp_path / "hf-cache"), raising=False)


class MathBFixture:
    """The fixture's constants and table builder, handed to tests as the ``mb`` fixture."""

    unsolved_columns = REAL_UNSOLVED_COLUMNS
    base_prefixes = BASE_PREFIXES
    rows = FIXTURE_ROWS
    expected = EXPECTED_ROWS
    table = staticmethod(mathb_table)


@pytest.fixture
def mb() -> MathBFixture:
    return MathBFixture()
