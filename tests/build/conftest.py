"""Fixtures for the build tests: a planted pool, a tiny evaluation set, configs, a test backend."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from mathbeyond.data import clear_cache
from mathbeyond.sample import load_backend_module

HERE = Path(__file__).resolve().parent
BACKEND = HERE / "build_backend.py"

# (problem, gold): solve rates in the text drive the test backend (p=..., gold=...)
POOL_ROWS = (
    ("Problem zero: compute the value p=0.0 gold=10 carefully.", "10"),
    ("Problem one: compute the value p=0.0 gold=11 carefully.", "11"),
    ("Problem two: compute the value p=0.3 gold=12 carefully.", "12"),
    ("Problem three: compute the value p=1.0 gold=13 carefully.", "13"),
    ("Problem four: compute the value p=0.0 gold=14 carefully.", "14"),
    ("Problem five: compute the value p=0.05 gold=15 carefully.", "15"),
    ("Which is largest? (A) 1 (B) 2 (C) 3 (D) 4 p=0.0 gold=4", "4"),
    ("求 1+1 的值, p=0.0 gold=2", "2"),
    ("In the figure below, find the area of the square p=0.0 gold=9", "9"),
    ("Find half of one, p=0.0 gold=1/2", "\\frac{1}{2}"),
    ("What is the sum of the first ten positive integers? p=0.0 gold=55", "55"),
    ("Please compute the sum of the first ten positive integers? p=0.0 gold=55", "55"),
)
EVAL_ROWS = (("What is the sum of the first ten positive integers? p=0.0 gold=55", "55"),)


def write_jsonl(path: Path, rows: tuple[tuple[str, str], ...]) -> Path:
    path.write_text("".join(json.dumps({"problem": p, "answer": a}) + "\n" for p, a in rows))
    return path


@pytest.fixture(autouse=True)
def _fresh() -> Iterator[None]:
    load_backend_module(str(BACKEND))
    clear_cache()
    yield
    clear_cache()


@pytest.fixture
def pool_files(tmp_path: Path) -> tuple[Path, Path]:
    return write_jsonl(tmp_path / "planted.jsonl", POOL_ROWS), write_jsonl(
        tmp_path / "evalset.jsonl", EVAL_ROWS
    )


def config_text(pool: Path, evalset: Path, *, extra: str = "", passk_k: int = 8,
                prescreen_backend: str = "buildfake", prescreen_opts: str = "") -> str:
    return f"""
[build]
name = "test-build"

[[pool]]
name = "file:{pool}"
label = "planted"

[dedup]
against = ["file:{evalset}"]
threshold = 0.5

[prescreen]
k = 4
model = {{ name = "pre", model = "smollm2-135m", backend = "{prescreen_backend}"{prescreen_opts} }}

[gtcheck]
k = 2
[[gtcheck.models]]
name = "oracle"
model = "smollm2-135m"
backend = "buildfake"
options = {{ solve = 1.0 }}

[passk]
k = {passk_k}
[[passk.models]]
name = "my-base-model"
model = "smollm2-135m"
backend = "buildfake"
base = true
[[passk.models]]
name = "my_rl_model"
model = "smollm2-135m"
backend = "buildfake"
seed = 7
{extra}
"""


@pytest.fixture
def write_config(tmp_path: Path, pool_files: tuple[Path, Path]) -> Callable[..., Path]:
    def make(name: str = "build.toml", **kwargs: object) -> Path:
        path = tmp_path / name
        path.write_text(config_text(*pool_files, **kwargs))  # type: ignore[arg-type]
        return path

    return make
