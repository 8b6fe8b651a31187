import json
import os
from pathlib import Path

import pytest

from mathbeyond import ConfigError
from mathbeyond.models import base_models, find_model, get_model, iter_models, mathb_models

MANIFEST = (
    Path(os.environ.get("MATHB_DATA_DIR", Path(__file__).parents[3] / "shared" / "data"))
    / "math_beyond"
    / "hf_manifest_third_party.json"
)


def test_counts_and_pairs():
    assert len(mathb_models()) == 21
    assert len(base_models()) == 11
    for m in iter_models("post"):
        assert m.base is not None and get_model(m.base).role == "base"


@pytest.mark.skipif(not MANIFEST.exists(), reason="shared data not available")
def test_columns_match_the_hub_manifest():
    manifest = json.loads(MANIFEST.read_text())
    expected = {c.removesuffix("_unsolved") for c in manifest["all_unsolved_columns"]}
    assert {m.column for m in mathb_models()} == expected
    base_cols = {c.removesuffix("_pass@1024") for c in manifest["primary_pool"]["columns_used"]}
    assert {m.column for m in base_models()} == base_cols


@pytest.mark.parametrize(
    ("alias", "name"),
    [
        ("qwen3_8b_base", "qwen3-8b-base"),
        ("qwen3-8b-base", "qwen3-8b-base"),
        ("Qwen/Qwen3-4B", "qwen3-4b"),
        ("nemotron_v1", "nemotron-1.5b-v1"),
        ("DeepScaleR", "deepscaler-1.5b-preview"),
        ("olmo_2_1124_7b", "olmo-2-1124-7b"),
    ],
)
def test_aliases(alias, name):
    assert get_model(alias).name == name


def test_unknown_model_is_one_clear_error():
    assert find_model("gpt-17") is None
    with pytest.raises(ConfigError, match="unknown model 'gpt-17'"):
        get_model("gpt-17")


def test_paper_presets():
    for m in iter_models():
        assert m.preset.top_p == 0.95
    assert (get_model("olmo-7b").preset.temperature, get_model("olmo-7b").preset.max_tokens) == (
        1.0,
        2048,
    )
    assert get_model("olmo-2-1124-7b").preset.max_tokens == 4096
    assert get_model("qwen2.5-math-7b-instruct").preset.max_tokens == 4096
    assert get_model("qwen2.5-math-7b-instruct").preset.temperature == 0.6
    assert get_model("r1-7b").preset.max_tokens == 32768
    assert get_model("nemotron-1.5b-v1").hub_revision == "v1"
    changed = get_model("qwen3-4b").preset.override(temperature=1.0, max_tokens=None)
    assert (changed.temperature, changed.max_tokens) == (1.0, 32768)
