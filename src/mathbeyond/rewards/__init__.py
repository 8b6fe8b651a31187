"""Reward functions for RL trainers, backed by the hard-limited verifier.

* verl: ``compute_score`` (per sample) and ``compute_score_batch`` (``reward_manager=batch``);
  both return ``{"score": 1.0|0.0, "correct", "status", "extracted", "reason"}``.
* TRL GRPO: ``trl_reward(gold_column="answer")`` builds ``(completions, **kwargs) -> list[float
  | None]``; ``trl_accuracy_reward`` is the default instance.

All are safe to call from trainer worker threads; each verification has a hard time limit.
"""

from ._trl import completion_text, trl_accuracy_reward, trl_reward
from ._verl import compute_score, compute_score_batch

__all__ = [
    "completion_text",
    "compute_score",
    "compute_score_batch",
    "trl_accuracy_reward",
    "trl_reward",
]
