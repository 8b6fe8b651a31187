"""Fixtures: a synthetic MATH-B-layout parquet file (the real problems are not stored here)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from mathbeyond.models import mathb_models

TOPICS = [
    "Mathematics -> Algebra -> Equations and Inequalities",
    "Mathematics -> Number Theory -> Divisibility",
    "Mathematics -> Discrete Mathematics -> Combinatorics",
    "Mathematics -> Geometry -> Plane Geometry -> Triangles",
    "Mathematics -> Precalculus -> Trigonometric Functions",
]


def make_mathb_parquet(path: Path, rows: int = 60, seed: int = 0) -> Path:
    import pyarrow as pa
    import pyarrow.parquet as pq

    rng = np.random.default_rng(seed)
    data: dict[str, list[object]] = {
        "problem": [f"Synthetic problem {i}: find x." for i in range(rows)],
        "answer": [str(int(v)) for v in np.round(10 ** rng.uniform(0, 6, rows))],
        "data_source": rng.choice(["dapo_math_17k", "deepscaler"], rows, p=[0.62, 0.38]).tolist(),
        "topic": rng.choice(TOPICS, rows).tolist(),
        "difficulty": [f"{v:.1f}" for v in rng.choice(np.arange(3.0, 9.0, 0.5), rows)],
    }
    for spec in mathb_models():
        unsolved = rng.random(rows) < 0.6
        data[f"{spec.column}_unsolved"] = unsolved.tolist()
        data[f"{spec.column}_pass@1024"] = np.where(unsolved, 0.0, rng.random(rows)).tolist()
    path.parent.mkdir(parents=True, exist_ok=True)
    pq.write_table(pa.table(data), path)
    return path


@pytest.fixture
def mathb_parquet(tmp_path: Path) -> Path:
    return make_mathb_parquet(tmp_path / "data" / "math_beyond_test.parquet")
