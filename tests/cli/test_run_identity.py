"""Run identity and run integrity (issue 12 items 1, 3 (CLI side), 4; issue 15 manifest identity;
issue 16 item 5 recording): what a run directory says is what ran, a resume that would change
the samples is refused with one line, nothing is written before the backend has started."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from mathbeyond.cli import main
from mathbeyond.store import open_run, read_manifest
from mathbeyond.verify import DEFAULT_TIMEOUT_S, VERIFIER_VERSION

REPO = Path(__file__).resolve().parents[2]
FAKE = REPO / "tests" / "sample" / "fake_backend.py"
sys.path.insert(0, str(REPO / "tests" / "models"))
from _gguf import write_gguf  # noqa: E402
from test_artifact import make_hf_cache  # noqa: E402

COMMIT = "89abcdef0123456789abcdef0123456789abcdef"


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MATHB_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "hub"))
    monkeypatch.setenv("MATHB_MODELS_FILE", str(tmp_path / "models.toml"))
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")  # the Hub is never asked in tests


@pytest.fixture
def toy(tmp_path: Path) -> Path:
    path = tmp_path / "toy.jsonl"
    rows = [{"problem": f"Q{i} p=0.5 gold={i}", "answer": str(i)} for i in range(2)]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def _argv(out: Path, data: Path, backend: str, *extra: str) -> list[str]:
    return ["sample", "--backend-module", str(FAKE), "--backend", backend,
            "--dataset", f"file:{data}", "--k", "2", "--out", str(out), *extra]


def _fail(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: ") and "\n" not in err and "Traceback" not in err
    return err


def _files(path: Path) -> dict[str, bytes]:
    return {str(p.relative_to(path)): p.read_bytes() for p in sorted(path.rglob("*"))
            if p.is_file()}


# ---------------------------------------------------------------- item 1: the right model


def test_manifest_records_the_gguf_and_a_resume_with_another_file_is_refused(
    tmp_path: Path, toy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a = write_gguf(tmp_path / "a.gguf", file_type=3)
    b = write_gguf(tmp_path / "b.gguf", file_type=15)
    out = tmp_path / "run"
    main(_argv(out, toy, "fake-gguf", "--model", str(a), "--preset", "smollm2-135m"))
    capsys.readouterr()
    m = read_manifest(out)
    assert m.model_source["kind"] == "gguf" and m.model_source["quantization"] == "Q4_1"
    assert m.model_source["content_hash"].startswith("sha256:")
    assert m.model_source["preset_source"] == "preset:smollm2-135m"
    assert m.backend_options["model_path"] == str(a.resolve())
    before = _files(out)
    # the same model name, another file (the old bug: silently mixed two models)
    b_renamed = b.rename(tmp_path / "b2.gguf")
    a.rename(tmp_path / "a-moved.gguf")
    b_renamed.rename(a)
    err = _fail(_argv(out, toy, "fake-gguf", "--model", str(a), "--preset", "smollm2-135m"),
                capsys)
    assert "model_source.content_hash: stored 'sha256:" in err
    assert _files(out) == before


def test_output_options_are_identity_neutral_ones_are_not(
    tmp_path: Path, toy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    gguf = str(write_gguf(tmp_path / "a.gguf"))
    out = tmp_path / "run"
    base = _argv(out, toy, "fake-gguf", "--model", gguf, "--preset", "smollm2-135m")
    main(base)
    main([*base, "--backend-opt", "n_threads=7"])  # neutral: accepted
    assert "(0 new" in capsys.readouterr().out
    main([*base, "--backend-opt", "temperature_bias=0.0"])  # == the default: same run
    capsys.readouterr()
    err = _fail([*base, "--backend-opt", "temperature_bias=0.5"], capsys)
    assert "backend_options.temperature_bias: stored 0.0, requested 0.5" in err
    err = _fail([*base, "--temperature", "0.9"], capsys)
    assert "preset.temperature: stored 0.6, requested 0.9" in err


def test_verifier_identity_is_recorded_and_part_of_the_identity(
    tmp_path: Path, toy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run"
    base = _argv(out, toy, "fake", "--model", "smollm2-135m")
    main(base)
    m = read_manifest(out)
    assert m.verifier == {"version": VERIFIER_VERSION, "timeout": DEFAULT_TIMEOUT_S,
                          "memory_mb": 1024}
    capsys.readouterr()
    err = _fail([*base, "--verify-timeout", "3"], capsys)
    assert f"verifier.timeout: stored {DEFAULT_TIMEOUT_S!r}, requested 3.0" in err
    assert "mathb score --force" in err
    # rescoring with the new limit records it; then the resume with it is accepted
    main(["score", str(out), "--force", "--verify-timeout", "3"])
    assert read_manifest(out).verifier["timeout"] == 3.0
    main([*base, "--verify-timeout", "3"])
    assert "(0 new" in capsys.readouterr().out


def test_hub_id_with_base_through_local_cache(
    tmp_path: Path, toy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    make_hf_cache(tmp_path / "hub", "my-org/my-rl", COMMIT)
    out = tmp_path / "run"
    main(_argv(out, toy, "fake-hf", "--model", "my-org/my-rl", "--base", "r1-1.5b"))
    m = read_manifest(out)
    assert m.model == "my-org/my-rl" and m.base_model == "r1-1.5b"
    assert m.model_source["kind"] == "hub" and m.model_source["revision"] == COMMIT
    assert m.model_source["preset_source"] == "base:r1-1.5b"
    assert m.preset["max_tokens"] == 32768 and m.model_source["chat"] is True
    assert open_run(out).count_samples() == 4
    capsys.readouterr()
    err = _fail(_argv(tmp_path / "r2", toy, "fake-hf", "--model", "my-org/none", "--base",
                      "r1-1.5b"), capsys)
    assert "not in the local Hugging Face cache" in err
    assert not (tmp_path / "r2").exists()


def test_models_add_then_use_and_list(
    tmp_path: Path, toy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    make_hf_cache(tmp_path / "hub", "my-org/my-rl", COMMIT)
    main(["models", "add", "my-rl", "--hub-id", "my-org/my-rl", "--base", "r1-1.5b"])
    assert "added my-rl" in capsys.readouterr().out
    main(["models"])
    listing = capsys.readouterr().out
    assert "my-rl" in listing and "my-org/my-rl" in listing and "r1-1.5b" in listing
    out = tmp_path / "run"
    main(_argv(out, toy, "fake-hf", "--model", "my-rl"))
    m = read_manifest(out)
    assert m.model == "my-rl" and m.base_model == "r1-1.5b"
    assert m.model_source["user_model"] == "my-rl"
    capsys.readouterr()
    err = _fail(["models", "add", "x", "--hub-id", "a/b", "--base", "nope"], capsys)
    assert "not a registry model" in err


# ---------------------------------------------------------------- item 4: one line, no debris


def test_unknown_backend_option_lists_the_accepted_ones(
    tmp_path: Path, toy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run"
    err = _fail([*_argv(out, toy, "fake-gguf"), "--backend-opt", "n_thread=1"], capsys)
    assert "has no option 'n_thread'" in err and "n_threads" in err
    assert not out.exists()


def test_llamacpp_unknown_option_is_an_error(
    tmp_path: Path, toy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("llama_cpp")
    out = tmp_path / "run"
    err = _fail(["sample", "--backend", "llamacpp", "--dataset", f"file:{toy}", "--k", "2",
                 "--out", str(out), "--backend-opt", "n_paralel=1"], capsys)
    assert "has no option 'n_paralel'" in err and "n_parallel" in err
    assert not out.exists()


def test_model_path_that_is_not_gguf_is_one_line(
    tmp_path: Path, toy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "notes.txt"
    bad.write_text("hello")
    out = tmp_path / "run"
    err = _fail(["sample", "--backend", "llamacpp", "--dataset", f"file:{toy}", "--k", "2",
                 "--out", str(out), "--backend-opt", f"model_path={bad}"], capsys)
    assert "is not a GGUF model file" in err
    assert not out.exists()


def test_out_below_a_file_is_one_line(
    tmp_path: Path, toy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    afile = tmp_path / "afile"
    afile.write_text("x")
    err = _fail(_argv(afile / "sub", toy, "fake", "--model", "smollm2-135m"), capsys)
    assert "is a file, not a directory" in err
    assert afile.read_text() == "x"


def test_backend_that_fails_to_start_leaves_nothing(
    tmp_path: Path, toy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run"
    err = _fail(_argv(out, toy, "fake-broken", "--model", "smollm2-135m"), capsys)
    assert "backend 'fake-broken' failed to start: CUDA out of memory" in err
    assert not out.exists()
    # an existing run directory is untouched by a failed start
    main(_argv(out, toy, "fake", "--model", "smollm2-135m"))
    before = _files(out)
    gguf = tmp_path / "fake.gguf"
    gguf.write_bytes(b"GGUF" + b"\0" * 30)  # magic only: rejected while reading its header
    capsys.readouterr()
    _fail(_argv(out, toy, "fake-gguf", "--model", str(gguf), "--preset", "smollm2-135m"), capsys)
    assert _files(out) == before


def test_backends_command_and_help(capsys: pytest.CaptureFixture[str]) -> None:
    main(["backends"])
    text = capsys.readouterr().out
    for name in ("llamacpp", "openai", "vllm"):
        assert name in text
    assert "outage_deadline" in text and "1800.0" in text
    assert "neutral: may change" in text and "identity: must match" in text
    main(["sample", "--help"])
    assert "mathb backends" in capsys.readouterr().out


def test_openai_server_down_at_start_writes_nothing(
    tmp_path: Path, toy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sys.path.insert(0, str(REPO / "tests" / "sample"))
    from _openai_helpers import free_port

    out = tmp_path / "run"
    err = _fail(["sample", "--backend", "openai", "--model", "my-served", "--base", "r1-1.5b",
                 "--dataset", f"file:{toy}", "--k", "2", "--out", str(out),
                 "--backend-opt", f"base_url=http://127.0.0.1:{free_port()}/v1",
                 "--backend-opt", "outage_deadline=0.5", "--backend-opt", "backoff_base=0.05"],
                capsys)
    assert "did not answer list models" in err and "outage_deadline=0.5s" in err
    assert not out.exists()


def test_run_from_before_run_identity_still_resumes(
    tmp_path: Path, toy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A manifest written before model_source/verifier existed (and with only the given
    backend options) is resumed: what it does not record is not compared."""
    out = tmp_path / "run"
    base = _argv(out, toy, "fake", "--model", "smollm2-135m")
    main(base)
    path = out / "manifest.json"
    data = json.loads(path.read_text())
    for key in ("model_source", "base_model", "verifier"):
        del data[key]
    data["extra"].pop("output_neutral_options")
    path.write_text(json.dumps(data))
    capsys.readouterr()
    main(base)
    assert "(0 new" in capsys.readouterr().out
    # what it does record still counts
    err = _fail([*base, "--temperature", "0.1"], capsys)
    assert "preset.temperature" in err


def test_a_moved_gguf_with_the_same_content_is_the_same_model(
    tmp_path: Path, toy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "a").mkdir()
    first = write_gguf(tmp_path / "a" / "m.gguf")
    out = tmp_path / "run"
    main(_argv(out, toy, "fake-gguf", "--model", str(first), "--preset", "smollm2-135m"))
    (tmp_path / "b").mkdir()
    moved = first.rename(tmp_path / "b" / "m.gguf")
    capsys.readouterr()
    main(_argv(out, toy, "fake-gguf", "--model", str(moved), "--preset", "smollm2-135m"))
    assert "(0 new" in capsys.readouterr().out
    assert read_manifest(out).model_source["ref"] == str(first.resolve())  # the stored record
