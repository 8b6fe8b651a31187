"""User models file (`mathb models add`): write, read back, one-line errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from mathbeyond import ConfigError
from mathbeyond.models import UserModel, add_user_model, load_user_models, user_models_file


@pytest.fixture(autouse=True)
def _file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "cfg" / "models.toml"
    monkeypatch.setenv("MATHB_MODELS_FILE", str(path))
    return path


def test_add_and_load_round_trip(tmp_path: Path) -> None:
    assert load_user_models() == {}
    entry = UserModel("my-rl", hub_id="my-org/my-rl-ckpt", revision="v2", base="r1-1.5b",
                      chat=True)
    path = add_user_model(entry)
    assert path == user_models_file() == tmp_path / "cfg" / "models.toml"
    add_user_model(UserModel("local", path="/ckpt/step 500", preset="qwen2.5-math-7b"))
    models = load_user_models()
    assert models["my-rl"] == entry and models["my-rl"].ref == "my-org/my-rl-ckpt@v2"
    assert models["local"].path == "/ckpt/step 500"
    with pytest.raises(ConfigError, match="already has a model 'my-rl'"):
        add_user_model(entry)
    add_user_model(UserModel("my-rl", hub_id="my-org/other", base="r1-7b"), replace=True)
    assert load_user_models()["my-rl"].base == "r1-7b"


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        (UserModel("r1-1.5b", hub_id="a/b"), "already a registry model"),
        (UserModel("x", hub_id="a/b", base="nope"), "base 'nope' is not a registry model"),
        (UserModel("x"), "exactly one of hub_id or path"),
        (UserModel("x", hub_id="a/b", path="/p"), "exactly one of hub_id or path"),
        (UserModel("bad name", hub_id="a/b"), "bad model name"),
    ],
)
def test_bad_entries(entry: UserModel, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        add_user_model(entry)


def test_bad_file_is_one_line(_file: Path) -> None:
    _file.parent.mkdir(parents=True)
    _file.write_text("[models.x]\nhub_id = 3\n")
    with pytest.raises(ConfigError, match="hub_id has the wrong type"):
        load_user_models()
    _file.write_text("[models.x\n")
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_user_models()
    _file.write_text('[models.x]\nhub_id = "a/b"\nbsae = "r1-1.5b"\n')
    with pytest.raises(ConfigError, match="unknown key 'bsae'"):
        load_user_models()
