"""`mathb sample --shard I/N` + `mathb merge`: the round trip equals the unsharded run; every
refusal is one line and writes nothing."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from mathbeyond.cli import main
from mathbeyond.metrics import load_run
from mathbeyond.sample import Shard
from mathbeyond.store import open_run, read_manifest, write_atomic

REPO = Path(__file__).resolve().parents[2]
FAKE = REPO / "tests" / "sample" / "fake_backend.py"


@pytest.fixture
def toy(tmp_path: Path) -> Path:
    path = tmp_path / "toy.jsonl"
    rows = [{"problem": f"Q{i} p={p} gold={i}", "answer": str(i)}
            for i, p in enumerate([0.5, 0.1, 0.0, 0.3, 0.05])]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def _sample(out: Path, data: Path, k: int, *extra: str) -> list[str]:
    return [
        "sample", "--backend-module", str(FAKE), "--backend", "fake", "--model", "smollm2-135m",
        "--dataset", f"file:{data}", "--k", str(k), "--out", str(out), "--chunk-size", "5",
        *extra,
    ]


def _fail(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    capsys.readouterr()
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: ") and "\n" not in err and "Traceback" not in err
    return err


def _same_run(a: Path, b: Path) -> None:
    ra, rb = open_run(a), open_run(b)
    assert ra.samples().to_pylist() == rb.samples().to_pylist()
    assert ra.problem_states() == rb.problem_states()
    ma, mb = ra.manifest.model_dump(), rb.manifest.model_dump()
    for m in (ma, mb):
        m.pop("created_at")
        m.pop("extra")
    assert ma == mb
    va, vb = load_run(a), load_run(b)
    assert va.problem_ids == vb.problem_ids
    for name in ("first_success", "horizon", "n", "c"):
        assert (getattr(va, name) == getattr(vb, name)).all()


@pytest.mark.parametrize("adaptive", [False, True])
def test_shard_merge_round_trip_equals_unsharded(
    tmp_path: Path, toy: Path, adaptive: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    k = 40
    extra = ["--adaptive", "--min-samples", "2"] if adaptive else []
    main(_sample(tmp_path / "single", toy, k, *extra))
    n = 3
    parts = []
    for i in range(n):
        part = tmp_path / f"shard{i}"
        main(_sample(part, toy, k, *extra, "--shard", f"{i}/{n}"))
        parts.append(part)
        assert read_manifest(part).extra["shard"]["index"] == i
    sizes = [open_run(p).count_samples() for p in parts]
    if not adaptive:  # 5 problems x 40 samples, blocks of 16: every shard gets a fair part
        assert sum(sizes) == 200 and max(sizes) - min(sizes) <= 5 * 16
        assert all(s > 0 for s in sizes)
    # shard order given to merge does not matter
    main(["merge", str(parts[2]), str(parts[0]), str(parts[1]), "--out", str(tmp_path / "m")])
    assert "merged 3 runs (shards 0/3, 1/3, 2/3)" in capsys.readouterr().out
    _same_run(tmp_path / "single", tmp_path / "m")
    assert read_manifest(tmp_path / "m").run_id == read_manifest(tmp_path / "single").run_id
    assert "shard" not in read_manifest(tmp_path / "m").extra


def test_shard_ownership_is_a_partition() -> None:
    for n in (1, 2, 3, 7):
        for pos in range(5):
            owners = [[s for s in range(n) if Shard(s, n).owns_index(pos, i)] for i in range(100)]
            assert all(len(o) == 1 for o in owners)
            assert {o[0] for o in owners} == set(range(min(n, 7)))
            assert sum(Shard(s, n).owns_problem(pos) for s in range(n)) == 1


@pytest.mark.parametrize("spec", ["3/2", "2/2", "-1/2", "0/0", "a/b", "1", "1/2/3"])
def test_bad_shard_is_one_line(
    tmp_path: Path, toy: Path, spec: str, capsys: pytest.CaptureFixture[str]
) -> None:
    err = _fail(_sample(tmp_path / "r", toy, 4, "--shard", spec), capsys)
    assert "--shard" in err
    assert not (tmp_path / "r").exists()


def test_shard_dir_resumes_only_as_the_same_shard(
    tmp_path: Path, toy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    main(_sample(tmp_path / "s", toy, 20, "--shard", "0/2"))
    before = open_run(tmp_path / "s").count_samples()
    err = _fail(_sample(tmp_path / "s", toy, 20, "--shard", "1/2"), capsys)
    assert "shard: stored shard 0/2, requested shard 1/2" in err
    err = _fail(_sample(tmp_path / "s", toy, 20), capsys)
    assert "requested unsharded" in err
    main(_sample(tmp_path / "s", toy, 20, "--shard", "0/2"))  # same shard: resumes, nothing new
    assert open_run(tmp_path / "s").count_samples() == before


@pytest.fixture
def shards(tmp_path: Path, toy: Path) -> list[Path]:
    parts = []
    for i in range(2):
        part = tmp_path / f"s{i}"
        main(_sample(part, toy, 20, "--shard", f"{i}/2"))
        parts.append(part)
    return parts


def _edit_manifest(run: Path, **changes: object) -> None:
    data = json.loads((run / "manifest.json").read_text())
    for key, value in changes.items():
        if "." in key:
            outer, inner = key.split(".")
            data[outer][inner] = value
        else:
            data[key] = value
    write_atomic(run / "manifest.json", json.dumps(data))


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({"model": "other"}, "model: 'smollm2-135m' vs 'other'"),
        ({"preset.temperature": 0.1}, "preset:"),
        ({"seed": 5}, "seed: 0 vs 5"),
        ({"dataset_revision": "abc"}, "dataset_revision:"),
        ({"versions.verifier": "old-1"}, "verifier_version:"),
        ({"backend_options": {"n_ctx": 1}}, "backend option 'n_ctx'"),
    ],
)
def test_merge_refuses_mismatched_manifests(
    tmp_path: Path, shards: list[Path], change: dict[str, object], expected: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    _edit_manifest(shards[1], **change)
    err = _fail(["merge", *map(str, shards), "--out", str(tmp_path / "m")], capsys)
    assert f"cannot merge {shards[1]} into {shards[0]}: {expected}" in err
    assert not (tmp_path / "m").exists()
    assert not [p for p in tmp_path.iterdir() if ".merge-" in p.name]


def test_merge_allows_placement_options_to_differ(
    tmp_path: Path, shards: list[Path], capsys: pytest.CaptureFixture[str]
) -> None:
    # placement options, and options the backend declares output-neutral ('delay' for fake)
    _edit_manifest(shards[1], backend_options={"n_threads": 4, "base_url": "http://node7",
                                               "delay": 0.5})
    main(["merge", *map(str, shards), "--out", str(tmp_path / "m")])
    assert open_run(tmp_path / "m").count_samples() == 100


def test_merge_refusals(
    tmp_path: Path, toy: Path, shards: list[Path], capsys: pytest.CaptureFixture[str]
) -> None:
    out = str(tmp_path / "m")
    err = _fail(["merge", str(shards[0]), "--out", out], capsys)
    assert "missing shard(s) 1/2; merge all 2 or pass --partial" in err
    err = _fail(["merge", str(shards[0]), str(shards[0]), "--out", out], capsys)
    assert "given twice" in err
    # the same shard run twice into two directories: shard given twice
    main(_sample(tmp_path / "again", toy, 20, "--shard", "0/2"))
    err = _fail(["merge", str(shards[0]), str(tmp_path / "again"), str(shards[1]), "--out", out],
                capsys)
    assert "shard 0/2 given twice" in err
    # an unsharded run overlaps the shards
    main(_sample(tmp_path / "single", toy, 20))
    err = _fail(["merge", str(tmp_path / "single"), str(shards[0]), "--out", out], capsys)
    assert "unsharded vs shards of 2 by block" in err or "shards of 2 by block vs unsharded" in err
    # two unsharded runs of the same command overlap
    main(_sample(tmp_path / "single2", toy, 20))
    err = _fail(["merge", str(tmp_path / "single"), str(tmp_path / "single2"), "--out", out],
                capsys)
    assert "both hold sample 0 of problem" in err
    # shards of different N
    main(_sample(tmp_path / "t0", toy, 20, "--shard", "0/3"))
    err = _fail(["merge", str(shards[1]), str(tmp_path / "t0"), "--out", out], capsys)
    assert "shards of 2 by block vs shards of 3 by block" in err
    # --out exists, --out is an input, not a run directory
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "x").write_text("x")
    err = _fail(["merge", *map(str, shards), "--out", str(tmp_path / "full")], capsys)
    assert "already exists" in err
    err = _fail(["merge", str(tmp_path / "nope"), "--out", out], capsys)
    assert "no such run directory" in err
    assert not (tmp_path / "m").exists()
    # a run still being written is refused
    from mathbeyond.store import RunStore

    with RunStore.create_or_resume(shards[1], read_manifest(shards[1])):
        err = _fail(["merge", *map(str, shards), "--out", out], capsys)
    assert "is being written by another process" in err
    # --partial merges a subset
    main(["merge", str(shards[1]), "--partial", "--out", out])
    assert open_run(out).count_samples() == open_run(shards[1]).count_samples()


def test_merge_overlapping_partial_runs_refused(
    tmp_path: Path, toy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    main(_sample(tmp_path / "a", toy, 8, "--limit", "2"))
    main(_sample(tmp_path / "b", toy, 8, "--limit", "3"))
    err = _fail(["merge", str(tmp_path / "a"), str(tmp_path / "b"), "--out",
                 str(tmp_path / "m")], capsys)
    assert "both hold sample 0 of problem" in err
    assert os.listdir(tmp_path).count("m") == 0


def test_merge_refuses_rows_scored_by_different_verifiers(
    tmp_path: Path, shards: list[Path], capsys: pytest.CaptureFixture[str]
) -> None:
    import sqlite3

    conn = sqlite3.connect(shards[1] / "samples.sqlite")
    conn.execute("UPDATE samples SET verifier_version = 'older-0' WHERE sample_index = 0")
    conn.commit()
    conn.close()
    err = _fail(["merge", *map(str, shards), "--out", str(tmp_path / "m")], capsys)
    assert "scored by verifier 'older-0' vs" in err and "mathb score --force" in err
    assert not (tmp_path / "m").exists()
