"""Reward functions in the four calling conventions, plus misbehaving ones, for the audit tests.

Each 'honest' one credits exactly a completion whose last line is ``ANSWER <gold>`` (so a test
can predict every outcome); the misbehaving ones hang or crash on a marker.
"""

from __future__ import annotations

import os
import time


def _ok(text: str, gold: str) -> bool:
    lines = text.strip().splitlines()
    return bool(lines) and lines[-1].strip() == f"ANSWER {gold}"


def compute_score(data_source, solution_str, ground_truth, extra_info=None):  # verl
    assert data_source == "mathbeyond/audit"
    assert isinstance(extra_info, dict) and "question" in extra_info
    return {"score": 1.0 if _ok(solution_str, ground_truth) else 0.0}


def trl_reward(completions, solution, **kwargs):  # TRL (chat lists or strings)
    assert "prompts" in kwargs
    out = []
    for completion, gold in zip(completions, solution, strict=True):
        text = completion if isinstance(completion, str) else completion[0]["content"]
        out.append(1.0 if _ok(text, gold) else 0.0)
    return out


def trl_chat_only(completions, answer, **kwargs):  # fails on plain strings, like open-r1's
    pairs = zip(completions, answer, strict=True)
    return [1.0 if _ok(c[0]["content"], a) else 0.0 for c, a in pairs]


def trl_none(completions, **kwargs):  # TRL's "skip this sample"
    return [None for _ in completions]


def reward_func(queries, prompts, labels):  # OpenRLHF
    rewards = []
    for query, prompt, label in zip(queries, prompts, labels, strict=True):
        assert query.startswith(prompt)
        rewards.append(1.0 if _ok(query[len(prompt):], label) else 0.0)
    return {"rewards": rewards}


def plain(completion, gold):
    return _ok(completion, gold)


def plain_with_question(completion, gold, question=None):
    assert question is not None
    return 1 if _ok(completion, gold) else 0


def hangs(completion, gold):
    if "HANG" in completion:
        time.sleep(3600)
    return _ok(completion, gold)


def crashes(completion, gold):
    if "CRASH" in completion:
        os._exit(3)
    if "RAISE" in completion:
        raise RuntimeError("boom")
    return _ok(completion, gold)


def always(completion, gold):
    return 1.0


def bad_return(completion, gold):
    return "yes"


def one_arg(x):
    return 1.0
