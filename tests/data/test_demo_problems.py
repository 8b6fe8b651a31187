"""The demo's problems ship inside the package and are the math-train rows they name."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from mathbeyond.data import demo_problems_path, load_problems

DATA = Path(os.environ.get("MATHB_DATA_DIR", Path(__file__).resolve().parents[3] / "shared/data"))


def test_demo_problems_load_without_data_or_hub(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MATHB_DATA_DIR", raising=False)
    path = demo_problems_path()
    assert path.is_file() and "mathbeyond" in str(path)
    problems = load_problems(f"file:{path}")
    assert len(problems) == 12
    for p in problems:
        assert p.id.startswith("math-train/") and p.answer.lstrip("-").isdigit()
        assert p.difficulty == "Level 1" and p.topic in {"Algebra", "Prealgebra"}
        assert p.metadata["license"] == "MIT" and "math.json" in p.metadata["origin"]


@pytest.mark.skipif(not (DATA / "pools/deepscaler/math_train.json").is_file(),
                    reason="needs the shared data folder")
def test_demo_problems_are_the_math_train_rows_by_the_stated_rule() -> None:
    shipped = load_problems(f"file:{demo_problems_path()}")
    train = load_problems("math-train", data_dir=DATA)
    rule = [
        p for p in train
        if p.difficulty in {"1", "1.0"} and p.topic in {"Algebra", "Prealgebra"}
        and p.answer.strip().lstrip("-").isdigit() and len(p.problem) <= 200
        and "[asy]" not in p.problem
    ][:12]
    assert [(p.id, p.problem, p.answer) for p in shipped] == [
        (p.id, p.problem, p.answer) for p in rule
    ]
