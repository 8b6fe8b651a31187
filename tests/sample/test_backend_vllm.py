"""The vllm backend against the fake ``vllm`` package in ``fake_vllm/`` (no GPU here).

The fake models what matters (see its docstring): requests finishing out of order and at
different times, ``n`` children with ``seed + i``, the broken 0.6.x seeding, ``abort``/
``error``/``repetition`` finish reasons, an engine crash, ``max_model_len=-1``.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from mathbeyond import ConfigError, MathbError
from mathbeyond.data import Problem
from mathbeyond.models import SamplingPreset, get_model
from mathbeyond.sample import (
    Backend,
    EngineConfig,
    SampleRequest,
    Scorer,
    SupportsCancel,
    create_backend,
    problem_seed,
    run_engine,
)
from mathbeyond.sample._presets import PromptTooLongError
from mathbeyond.sample._prompt import build_prompt
from mathbeyond.sample._vllm import VllmBackend, check_version, parse_version, sampling_kwargs
from mathbeyond.store import RunManifest, RunStore, open_run
from mathbeyond.verify import Status, Verdict

FAKE_DIR = Path(__file__).with_name("fake_vllm")
REPO = Path(__file__).parents[2]
CHAT = build_prompt("What is 7 * 8?", get_model("qwen2.5-math-1.5b-instruct"))
RAW = build_prompt("What is 7 * 8?", get_model("qwen2.5-math-1.5b"))
PARAMS = SamplingPreset(temperature=0.6, top_p=0.95, max_tokens=4096)
MODEL = get_model("smollm2-135m")


def _drop_vllm_modules() -> None:
    for name in [m for m in sys.modules if m == "vllm" or m.startswith("vllm.")]:
        del sys.modules[name]


@pytest.fixture
def fake_vllm(monkeypatch: pytest.MonkeyPatch) -> Iterator[ModuleType]:
    for name in [k for k in os.environ if k.startswith("FAKE_VLLM_")]:
        monkeypatch.delenv(name)
    _drop_vllm_modules()
    monkeypatch.syspath_prepend(str(FAKE_DIR))
    module = importlib.import_module("vllm")
    assert Path(module.__file__ or "").parent == FAKE_DIR / "vllm"
    yield module
    _drop_vllm_modules()


def engine_of(backend: Any) -> Any:
    return backend._llm.llm_engine


# ---- pure parts -------------------------------------------------------------------------


def test_sampling_kwargs_maps_preset_and_disables_top_k() -> None:
    request = SampleRequest("p", CHAT, 16, 8, 1016, SamplingPreset(temperature=0.6, max_tokens=9))
    assert sampling_kwargs(request, 7) == {
        "n": 8,
        "temperature": 0.6,
        "top_p": 0.95,
        "top_k": -1,
        "min_p": 0.0,
        "max_tokens": 7,
        "seed": 1016,
    }
    kept = SampleRequest("p", CHAT, 0, 1, 0, SamplingPreset(top_k=20, min_p=0.1))
    assert sampling_kwargs(kept, 5)["top_k"] == 20
    assert sampling_kwargs(kept, 5)["min_p"] == 0.1


def test_version_floor() -> None:
    assert parse_version("0.6.6.post1") == (0, 6, 6)
    assert parse_version("0.10.1rc1+cu128") == (0, 10, 1)
    assert parse_version("0.33.0") == (0, 33, 0)
    assert parse_version("dev") is None
    for ok in ("0.7.0", "0.8.5.post1", "0.11.0", "1.0"):
        check_version(ok)
    for bad in ("0.6.3", "0.6.4", "0.6.6.post1", "", "unknown"):
        with pytest.raises(ConfigError, match=r"vllm>=0\.7\.0"):
            check_version(bad)


# ---- refusals before the model loads --------------------------------------------------------


@pytest.mark.parametrize("version", ["0.6.3", "0.6.6.post1"])
def test_old_vllm_is_refused_before_loading(fake_vllm: ModuleType, version: str) -> None:
    fake_vllm.__version__ = version
    with pytest.raises(ConfigError, match=rf"vLLM {re.escape(version)} is not supported"):
        create_backend("vllm", model="m")
    assert fake_vllm.INSTANCES == []


def test_data_parallel_is_refused_with_one_engine_per_gpu(fake_vllm: ModuleType) -> None:
    with pytest.raises(ConfigError, match="one engine per GPU") as info:
        create_backend("vllm", model="m", data_parallel_size=2)
    assert "CUDA_VISIBLE_DEVICES" in str(info.value) and "\n" not in str(info.value)
    assert fake_vllm.INSTANCES == []


def test_missing_vllm_is_a_missing_extra_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from mathbeyond import MissingExtraError

    monkeypatch.setitem(sys.modules, "vllm", None)
    with pytest.raises(MissingExtraError, match=r"mathbeyond\[vllm\]"):
        create_backend("vllm", model="m")


# ---- the seed self-check ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("seeding", "why"),
    [("shared", "are identical"), ("one_generator", "does not give sample i the seed s\\+i")],
)
def test_self_check_refuses_broken_seeding(
    fake_vllm: ModuleType, seeding: str, why: str
) -> None:
    """vLLM 0.6.4-0.6.6.post1 (identical children) and 0.6.3 (one generator), even when the
    version string claims otherwise."""
    fake_vllm.CONFIG.seeding = seeding
    with pytest.raises(ConfigError, match=why) as info:
        create_backend("vllm", model="m")
    assert "self-check" in str(info.value) and "\n" not in str(info.value)
    (llm,) = fake_vllm.INSTANCES
    assert not llm.llm_engine.has_unfinished_requests()


def test_self_check_passes_on_correct_seeding(fake_vllm: ModuleType) -> None:
    backend = create_backend("vllm", model="m")
    engine = engine_of(backend)
    assert [(seed, n) for _, seed, n in engine.added] == [(20_251_013, 4), (20_251_014, 1)]
    assert not engine.has_unfinished_requests()


# ---- driving the engine ------------------------------------------------------------------


def test_backend_streams_every_sample_with_the_chunk_seed_layout(fake_vllm: ModuleType) -> None:
    backend = create_backend(
        "vllm", model="Qwen/Qwen2.5-Math-1.5B-Instruct", seed=3, revision="abc", max_in_flight=5
    )
    assert isinstance(backend, VllmBackend) and isinstance(backend, Backend)
    assert isinstance(backend, SupportsCancel)
    (llm,) = fake_vllm.INSTANCES
    assert llm.options["enable_prefix_caching"] is True
    assert llm.options["seed"] == 3 and llm.options["revision"] == "abc"
    engine = engine_of(backend)
    engine.added.clear()
    requests = [
        SampleRequest("a", CHAT, 0, 4, 500, PARAMS),
        SampleRequest("a", CHAT, 4, 4, 504, PARAMS),
        SampleRequest("b", RAW, 0, 2, 900, PARAMS),
    ]
    out = []
    unfinished_at_first = None
    for c in backend.generate(requests):
        if unfinished_at_first is None:
            unfinished_at_first = engine.get_num_unfinished_requests()
        out.append(c)
    assert unfinished_at_first, "the first sample comes out while others are still running"
    assert len(out) == 10 and engine.max_parents <= 5, "never more than max_in_flight inside"
    assert [(seed, n) for _, seed, n in engine.added] == [
        *[(500 + i, 1) for i in range(8)], (900, 1), (901, 1)
    ]
    order = [(c.key, c.sample_index) for c in out]
    assert order != sorted(order), "samples arrive in the order they finish"
    assert sorted(c.seed for c in out if c.key == "a") == list(range(500, 508))
    assert all(c.seed == {"a": 500, "b": 900}[c.key] + c.sample_index for c in out)
    assert {c.finish_reason for c in out} <= {"stop", "length"}
    chat_ids = backend.encode(CHAT)
    assert chat_ids[0] != 1, "the chat template's text is not given a second BOS"
    assert backend.encode(RAW)[0] == 1, "raw text gets special tokens"
    assert {c.prompt_tokens for c in out if c.key == "a"} == {len(chat_ids)}
    # chunked == whole: the same texts as vLLM's own n=8 / n=2 requests (child i: seed + i)
    whole = llm.generate(
        [{"prompt_token_ids": chat_ids}, {"prompt_token_ids": backend.encode(RAW)}],
        [fake_vllm.SamplingParams(n=8, seed=500, max_tokens=4096 - len(chat_ids)),
         fake_vllm.SamplingParams(n=2, seed=900, max_tokens=4096)],
        use_tqdm=False,
    )
    by_index = {(c.key, c.sample_index): c.text for c in out}
    assert [by_index["a", i] for i in range(8)] == [o.text for o in whole[0].outputs]
    assert [by_index["b", i] for i in range(2)] == [o.text for o in whole[1].outputs]
    backend.close()


def test_max_model_len_comes_from_the_engine(fake_vllm: ModuleType) -> None:
    fitted = create_backend("vllm", model="m", max_model_len=-1)
    assert fitted.max_model_len == fake_vllm.CONFIG.fitted_max_model_len  # type: ignore[attr-defined]
    engine = engine_of(fitted)
    engine.max_tokens_seen.clear()
    list(fitted.generate([SampleRequest("a", "w " * 10, 0, 1, 7, PARAMS)]))
    assert engine.max_tokens_seen == [fake_vllm.CONFIG.fitted_max_model_len - 11]
    default = create_backend("vllm", model="m")
    assert default.max_model_len == fake_vllm.CONFIG.model_max_len  # type: ignore[attr-defined]


def test_prompt_too_long_is_one_clear_error(fake_vllm: ModuleType) -> None:
    backend = create_backend("vllm", model="m", max_model_len=30)
    with pytest.raises(PromptTooLongError, match="30-token context"):
        list(backend.generate([SampleRequest("a", "w " * 40, 0, 1, 0, PARAMS)]))


def test_stopping_early_and_close_abort_what_is_in_flight(fake_vllm: ModuleType) -> None:
    backend = create_backend("vllm", model="m", max_in_flight=6)
    engine = engine_of(backend)
    gen = backend.generate([SampleRequest("a", RAW, 0, 16, 100, PARAMS)])
    next(gen)
    assert engine.has_unfinished_requests()
    gen.close()
    assert not engine.has_unfinished_requests()
    assert len([r for r in engine.aborted if r.startswith("mathb-")]) == 5
    gen = backend.generate([SampleRequest("a", RAW, 0, 16, 100, PARAMS)])
    next(gen)
    backend.close()
    assert not engine.has_unfinished_requests()
    with pytest.raises(MathbError, match="closed"):
        list(backend.generate([SampleRequest("a", RAW, 0, 1, 100, PARAMS)]))


def test_cancel_drops_queued_and_aborts_in_flight(fake_vllm: ModuleType) -> None:
    backend = create_backend("vllm", model="m", max_in_flight=4)
    engine = engine_of(backend)
    engine.added.clear()
    got = []
    for c in backend.generate(
        [SampleRequest("a", RAW, 0, 32, 100, PARAMS), SampleRequest("b", RAW, 0, 4, 900, PARAMS)]
    ):
        got.append((c.key, c.sample_index))
        if len(got) == 1:
            backend.cancel("a", 3)  # type: ignore[attr-defined]
    assert all(i < 3 for k, i in got if k == "a")
    assert sorted(i for k, i in got if k == "b") == [0, 1, 2, 3]
    assert sum(1 for _, seed, _ in engine.added if 100 <= seed < 132) < 8
    assert not engine.has_unfinished_requests()


# ---- failed outputs and crashes, through the real engine and store ----------------------


def _verify(texts: list[str], golds: list[str], questions: list[str | None]) -> list[Verdict]:
    out = []
    for text, gold in zip(texts, golds, strict=True):
        m = re.findall(r"\\boxed\{([^}]*)\}", text)
        ok = bool(m) and m[-1] == gold
        status = Status.CORRECT if ok else Status.INCORRECT
        out.append(Verdict(ok, status, m[-1] if m else None, ""))
    return out


SCORER = Scorer("fake-1", _verify)


def problems(probs: Sequence[float]) -> list[Problem]:
    return [
        Problem(id=f"t/{i}", problem=f"p={p} gold={i + 10}", answer=str(i + 10), source="t")
        for i, p in enumerate(probs)
    ]


def run(
    path: Path, probs: list[Problem], cfg: EngineConfig, backend: Any, **kw: Any
) -> Any:
    manifest = RunManifest(
        run_id="r", created_at="now", model=MODEL.name, backend="vllm", preset={},
        prompt_template="raw", dataset="t", k=cfg.k, adaptive=cfg.adaptive,
        min_samples=cfg.min_samples, seed=cfg.seed,
    )
    with RunStore.create_or_resume(path, manifest) as store:
        return run_engine(
            probs, MODEL, backend, SamplingPreset(max_tokens=64), store=store, config=cfg,
            prompt_fn=lambda text, model: text, scorer=SCORER, **kw,
        )


def rows(path: Path) -> list[dict[str, Any]]:
    return list(open_run(path).samples().to_pylist())


def test_samples_are_in_the_store_before_the_run_ends(
    fake_vllm: ModuleType, tmp_path: Path
) -> None:
    backend = create_backend("vllm", model="m", max_in_flight=8)
    engine = engine_of(backend)
    seen: list[tuple[int, int]] = []
    store_box: list[RunStore] = []

    def progress(p: Any) -> None:
        if store_box:
            seen.append((store_box[0].count_samples(), engine.get_num_unfinished_requests()))

    manifest_cfg = EngineConfig(k=24, seed=1, chunk_size=8, flush_every=4)
    probs = problems([0.3, 0.5])
    manifest = RunManifest(
        run_id="r", created_at="now", model=MODEL.name, backend="vllm", preset={},
        prompt_template="raw", dataset="t", k=24, adaptive=False, min_samples=0, seed=1,
    )
    with RunStore.create_or_resume(tmp_path, manifest) as store:
        store_box.append(store)
        run_engine(
            probs, MODEL, backend, SamplingPreset(max_tokens=64), store=store,
            config=manifest_cfg, prompt_fn=lambda text, model: text, scorer=SCORER,
            progress=progress,
        )
    assert any(stored > 0 and unfinished > 0 for stored, unfinished in seen), seen
    assert len(rows(tmp_path)) == 48


def test_failed_outputs_are_retried_and_never_stored(
    fake_vllm: ModuleType, tmp_path: Path
) -> None:
    cfg = EngineConfig(k=12, seed=2, chunk_size=4)
    probs = problems([0.5, 0.2])
    clean_dir, bad_dir = tmp_path / "clean", tmp_path / "bad"
    run(clean_dir, probs, cfg, create_backend("vllm", model="m"))
    s0, s1 = problem_seed(2, "t/0"), problem_seed(2, "t/1")
    fake_vllm.CONFIG.faults = {
        s0 + 1: ["abort"],  # transient: the retry succeeds
        s0 + 5: ["error", "repetition"],  # two failures, then fine (max_retries=2)
        s1 + 7: ["repetition"] * 6,  # fails 3 times in wave 1 and 3 times in wave 2
    }
    backend = create_backend("vllm", model="m", max_retries=2)
    with pytest.raises(MathbError, match="returned none of the 1 requested samples"):
        run(bad_dir, probs, cfg, backend)
    assert backend.failures == [("t/1", 7, "repetition")] * 2  # type: ignore[attr-defined]
    stored = rows(bad_dir)
    assert {r["finish_reason"] for r in stored} <= {"stop", "length"}
    assert ("t/1", 7) not in {(r["problem_id"], r["sample_index"]) for r in stored}
    assert len(stored) == 23
    # the next run draws the missing sample; the result equals the clean run
    run(bad_dir, probs, cfg, create_backend("vllm", model="m"))
    assert rows(bad_dir) == rows(clean_dir)


def test_engine_crash_keeps_finished_samples_and_resumes(
    fake_vllm: ModuleType, tmp_path: Path
) -> None:
    cfg = EngineConfig(k=16, seed=4, chunk_size=4, flush_every=1)
    probs = problems([0.4, 0.1, 0.7])
    clean_dir, cut_dir = tmp_path / "clean", tmp_path / "cut"
    run(clean_dir, probs, cfg, create_backend("vllm", model="m"))
    backend = create_backend("vllm", model="m", max_in_flight=6)
    fake_vllm.CONFIG.crash_after_steps = engine_of(backend).steps + 25
    with pytest.raises(MathbError, match=r"the vLLM engine failed after .* rerun the same command"):
        run(cut_dir, probs, cfg, backend)
    fake_vllm.CONFIG.crash_after_steps = None
    partial = rows(cut_dir)
    assert 0 < len(partial) < 48
    clean = {(r["problem_id"], r["sample_index"]): r for r in rows(clean_dir)}
    assert all(clean[r["problem_id"], r["sample_index"]] == r for r in partial)
    run(cut_dir, probs, cfg, create_backend("vllm", model="m"))
    assert rows(cut_dir) == rows(clean_dir)


class _NoCancel:
    """The vllm backend without its cancel hook (what the engine sees of other backends)."""

    name = "vllm"

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def generate(self, requests: Sequence[SampleRequest]) -> Iterator[Any]:
        return self.inner.generate(requests)  # type: ignore[no-any-return]

    def close(self) -> None:
        self.inner.close()


def test_adaptive_cancels_queued_samples_of_solved_problems(
    fake_vllm: ModuleType, tmp_path: Path
) -> None:
    cfg = EngineConfig(k=64, seed=5, chunk_size=16, adaptive=True, first_round=64, flush_every=1)
    probs = problems([0.6, 0.8, 0.0])
    plain = create_backend("vllm", model="m", max_in_flight=4)
    run(tmp_path / "plain", probs, cfg, _NoCancel(plain))
    hooked = create_backend("vllm", model="m", max_in_flight=4)
    run(tmp_path / "hooked", probs, cfg, hooked)
    added_plain = len(engine_of(plain).added) - 2  # minus the self-check's two requests
    added_hooked = len(engine_of(hooked).added) - 2
    assert added_plain == 3 * 64, "without the hook every launched sample is generated"
    assert added_hooked < added_plain - 64, "solved problems' queued samples are dropped"
    assert rows(tmp_path / "hooked") == rows(tmp_path / "plain")
    states = {s.problem_id: s for s in open_run(tmp_path / "hooked").problem_states()}
    assert states["t/2"].first_success is None and states["t/2"].finished == 64
    assert states["t/1"].first_success is not None


# ---- kill -9 of a real `mathb sample --backend vllm` ------------------------------------


def _cmd(out: Path, data: Path) -> list[str]:
    return [
        sys.executable, "-c", "import sys; from mathbeyond.cli import main; main(sys.argv[1:])",
        "sample", "--backend", "vllm", "--model", "smollm2-135m",
        "--dataset", f"file:{data}", "--k", "48", "--chunk-size", "8", "--seed", "5",
        "--out", str(out), "--backend-opt", "max_in_flight=8",
    ]


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("FAKE_VLLM_")}
    env["PYTHONPATH"] = os.pathsep.join([str(FAKE_DIR), str(REPO / "src")])
    env.update(extra)
    return env


def _count(out: Path) -> int:
    if not (out / "manifest.json").is_file() or not (out / "samples.sqlite").is_file():
        return 0
    try:
        with open_run(out) as run_store:
            return run_store.count_samples()
    except Exception:
        return 0


def _seeds(log: Path) -> list[int]:
    seeds = [json.loads(line)["seed"] for line in log.read_text().splitlines()]
    return [s for s in seeds if s not in (20_251_013, 20_251_014)]  # the self-check


@pytest.mark.slow
def test_kill_9_loses_only_samples_in_flight(tmp_path: Path) -> None:
    data = tmp_path / "toy.jsonl"
    data.write_text(
        "".join(
            json.dumps({"problem": f"Toy {i}: p={p} gold={20 + i}", "answer": str(20 + i)}) + "\n"
            for i, p in enumerate((0.3, 0.0, 0.6))
        )
    )
    clean, cut = tmp_path / "clean", tmp_path / "cut"
    subprocess.run(_cmd(clean, data), env=_env(), check=True, capture_output=True, timeout=300)
    assert _count(clean) == 3 * 48

    killed_log = tmp_path / "killed.jsonl"
    proc = subprocess.Popen(
        _cmd(cut, data), env=_env(FAKE_VLLM_STEP_DELAY="0.01", FAKE_VLLM_LOG=str(killed_log)),
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 120
    try:
        while _count(cut) < 40:
            if proc.poll() is not None:
                err = proc.stderr.read().decode() if proc.stderr else ""
                pytest.fail(f"sampler exited early ({proc.returncode}): {err}")
            assert time.monotonic() < deadline, "sampler made no progress"
            time.sleep(0.02)
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait()
        if proc.stderr:
            proc.stderr.close()
    assert proc.returncode == -signal.SIGKILL
    conn = sqlite3.connect(cut / "samples.sqlite")
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()
    kept = {(r["problem_id"], r["sample_index"]): r for r in rows(cut)}
    assert 40 <= len(kept) < 3 * 48
    clean_rows = {(r["problem_id"], r["sample_index"]): r for r in rows(clean)}
    assert all(clean_rows[key] == row for key, row in kept.items())
    # work lost = samples handed to vLLM but not stored <= in flight (8) + one flush (64)
    started = set(_seeds(killed_log))
    stored_seeds = {problem_seed(5, pid) + index for pid, index in kept}
    assert stored_seeds <= started
    assert len(started - stored_seeds) <= 8 + 64

    log = tmp_path / "resume.jsonl"
    subprocess.run(
        _cmd(cut, data), env=_env(FAKE_VLLM_LOG=str(log)), check=True, capture_output=True,
        timeout=300,
    )
    missing = {
        problem_seed(5, pid) + index for pid, index in clean_rows if (pid, index) not in kept
    }
    redrawn = _seeds(log)
    assert sorted(redrawn) == sorted(missing), "only what was not stored is drawn again"
    assert rows(cut) == rows(clean)


# ---- the GPU check's logic ----------------------------------------------------------------


def test_gpu_check_script_runs_against_fake_vllm(
    fake_vllm: ModuleType, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    summary = _gpu_check(monkeypatch, tmp_path)
    assert summary["ok"] is True, summary
    assert summary["identical_pairs_in_request"] == 0
    assert summary["repeated_pairs_ours"] == 0
    assert summary["repeated_pairs_control"] == summary["seed_pairs"]
    assert summary["chunked_equals_whole"] == 1.0
    for key in ("plain_unseeded_samples_per_s", "ratio_seeded_vs_unseeded", "ratio_samples"):
        assert summary[key] > 0


@pytest.mark.parametrize("seeding", ["shared", "one_generator"])
def test_gpu_check_fails_on_broken_seeding(
    fake_vllm: ModuleType, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, seeding: str
) -> None:
    """With the backend's self-check off, the GPU check itself must still fail."""
    fake_vllm.CONFIG.seeding = seeding
    summary = _gpu_check(monkeypatch, tmp_path, "--no-self-check", code=1)
    assert summary["ok"] is False
    if seeding == "shared":
        assert summary["identical_pairs_in_request"] > 0
    else:
        assert summary["chunked_equals_whole"] < 0.5


def test_gpu_check_reports_the_self_check_refusal(
    fake_vllm: ModuleType, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    fake_vllm.CONFIG.seeding = "shared"
    summary = _gpu_check(monkeypatch, tmp_path, code=1)
    assert summary["ok"] is False
    assert "failed the seed self-check" in summary["failures"][0]


def _gpu_check(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, *extra: str, code: int = 0
) -> dict[str, Any]:
    import runpy

    script = REPO / "scripts" / "gpu_check.py"
    monkeypatch.setenv("OUT", str(tmp_path))
    monkeypatch.setattr(
        sys, "argv",
        ["gpu_check.py", "--problems", "4", "--n", "4", "--seed-problems", "2",
         "--prefix-tokens", "4", *extra],
    )
    with pytest.raises(SystemExit) as exit_info:
        runpy.run_path(str(script), run_name="__main__")
    assert exit_info.value.code == code
    return json.loads((tmp_path / "gpu_check.json").read_text())  # type: ignore[no-any-return]


@pytest.mark.gpu
@pytest.mark.skipif(importlib.util.find_spec("vllm") is None, reason="vllm is not installed")
def test_real_vllm_seed_layout() -> None:  # pragma: no cover - needs a GPU
    model = os.environ.get("MATHB_VLLM_TEST_MODEL", "Qwen/Qwen2.5-Math-1.5B-Instruct")
    backend = create_backend("vllm", model=model, max_model_len=2048, gpu_memory_utilization=0.5)
    params = SamplingPreset(temperature=1.0, max_tokens=64)
    try:
        whole = list(backend.generate([SampleRequest("p", CHAT, 0, 8, 40, params)]))
        parts = list(
            backend.generate(
                [
                    SampleRequest("p", CHAT, 0, 4, 40, params),
                    SampleRequest("p", CHAT, 4, 4, 44, params),
                ]
            )
        )
    finally:
        backend.close()
    assert sorted(c.seed for c in parts) == list(range(40, 48))
    assert len({c.text for c in parts}) == 8
    assert sorted(c.sample_index for c in whole) == list(range(8))
