"""A tiny word-level tokenizer and a randomly initialised Llama, built offline (no Hub).

Shared by the trainer scripts in this folder; runs in an integration environment that has
``torch``, ``transformers`` and ``tokenizers``. Each vocabulary word is one token, and several
words are whole answers (``\\boxed{4}``) or pathological payloads (an exponent tower, 200,000
digits, 5,000-deep nesting), so a near-uniform random model *samples* correct, wrong and
hostile completions through the trainer's real generation path.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

SPECIALS = ["<pad>", "<unk>", "</s>"]
PROMPT_WORDS = ["What", "is", "2", "+", "?", "half", "of", "1", "Answer:"]
ANSWERS = ["\\boxed{4}", "\\boxed{5}", "\\boxed{0.5}", "\\boxed{\\frac{1}{2}}", "\\boxed{2+2}"]
HOSTILE = [
    "\\boxed{" + "9^{" * 60 + "9" + "}" * 60 + "}",
    "\\boxed{" + "(" * 5000 + "1" + ")" * 5000 + "}",
    "\\boxed{" + "7" * 200_000 + "}",
    "\\boxed{10^{10^{10^{10^{10}}}}}",
    "\\boxed{\\frac{" + "1" * 5000 + "}{" + "3" * 5000 + "}}",
]
"""Pathological answers (no whitespace: each is one vocabulary word)."""

PROBLEMS = [
    {"problem": "What is 2 + 2 ?", "answer": "4"},
    {"problem": "What is half of 1 ?", "answer": "\\frac{1}{2}"},
    {"problem": "What is 1 + 1 + 2 ?", "answer": "4"},
    {"problem": "What is 2 + 2 + 1 ?", "answer": None},  # no gold: TRL gets None, not 0
]


def offline_env() -> None:
    """No Hub, no telemetry, no W&B (set before importing transformers/trl/verl)."""
    for key, value in {
        "HF_HUB_OFFLINE": "1",
        "TRANSFORMERS_OFFLINE": "1",
        "HF_DATASETS_OFFLINE": "1",
        "HF_HUB_DISABLE_TELEMETRY": "1",
        "WANDB_MODE": "disabled",
        "TOKENIZERS_PARALLELISM": "false",
    }.items():
        os.environ.setdefault(key, value)


def build_tokenizer(folder: Path) -> Any:
    """A word-level ``PreTrainedTokenizerFast`` saved to ``folder`` (loadable by path)."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers
    from transformers import PreTrainedTokenizerFast

    words = SPECIALS + PROMPT_WORDS + ANSWERS + HOSTILE
    vocab = {w: i for i, w in enumerate(words)}
    core = Tokenizer(models.WordLevel(vocab=vocab, unk_token="<unk>"))
    core.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
    core.decoder = decoders.WordPiece(prefix="##", cleanup=False)  # joins words with spaces
    tok = PreTrainedTokenizerFast(
        tokenizer_object=core, pad_token="<pad>", unk_token="<unk>", eos_token="</s>"
    )
    folder.mkdir(parents=True, exist_ok=True)
    tok.save_pretrained(str(folder))
    return tok


def build_model(folder: Path, tokenizer: Any, seed: int = 0) -> Any:
    """A 1-layer randomly initialised Llama (a few thousand parameters) saved to ``folder``."""
    import torch
    from transformers import LlamaConfig, LlamaForCausalLM

    torch.manual_seed(seed)
    config = LlamaConfig(
        vocab_size=len(tokenizer),
        hidden_size=16,
        intermediate_size=32,
        num_hidden_layers=1,
        num_attention_heads=2,
        num_key_value_heads=1,
        max_position_embeddings=64,
        pad_token_id=tokenizer.pad_token_id,
        eos_token_id=tokenizer.eos_token_id,
        bos_token_id=None,
        tie_word_embeddings=False,
    )
    model = LlamaForCausalLM(config)
    model.generation_config.pad_token_id = tokenizer.pad_token_id
    model.generation_config.eos_token_id = tokenizer.eos_token_id
    model.save_pretrained(str(folder))
    return model


def versions(*names: str) -> dict[str, str]:
    """Installed versions of the named distributions (what the test ran against)."""
    from importlib.metadata import PackageNotFoundError, version

    out = {}
    for name in names:
        try:
            out[name] = version(name)
        except PackageNotFoundError:
            out[name] = "absent"
    return out


def verifier_worker_pids() -> list[int]:
    """Processes running a mathbeyond verifier worker that carry this run's tag."""
    marker = f"MATHB_TRAINER_TEST_TAG={os.environ.get('MATHB_TRAINER_TEST_TAG', '')}".encode()
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes()
            environ = (entry / "environ").read_bytes()
        except OSError:  # gone, or not ours
            continue
        if b"mathbeyond.verify._worker" in cmdline and marker in environ.split(b"\0"):
            found.append(int(entry.name))
    return sorted(found)


def dump(path: str, payload: dict[str, Any]) -> None:
    Path(path).write_text(json.dumps(payload), encoding="utf-8")
