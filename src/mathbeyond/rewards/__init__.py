"""Reward functions for RL trainers, backed by the hard-limited verifier.

* verl 0.9 (tested: 0.9.1; ``reward.custom_reward_function.path/.name``): ``compute_score``
  (per sample, sync), ``compute_score_async`` and ``compute_score_batch``; each returns
  ``{"score": 1.0|0.0, "correct", "status", "extracted", "reason", "rule"}``.
* TRL 1.x GRPO (tested: 1.16.0): ``trl_reward(gold_column="answer")`` builds
  ``(completions, **kwargs) -> list[float | None]``; ``trl_accuracy_reward`` is the default.
* OpenRLHF: ``reward_func(queries, prompts, labels)`` (``--remote_rm_url`` file form) and the
  ``mathb serve-reward`` HTTP server.

All are safe to call from trainer worker threads; each verification has a hard time limit, and
each trainer process uses a small verifier pool (``MATHB_REWARD_WORKERS``, default 2).
"""

from ._openrlhf import reward_func
from ._pool import DEFAULT_REWARD_WORKERS, REWARD_WORKERS_ENV, close_reward_pool, reward_workers
from ._server import TOKEN_ENV, RewardServer, ServerConfig, make_server, serve_reward
from ._trl import TRL_KWARGS, completion_text, trl_accuracy_reward, trl_reward
from ._verl import compute_score, compute_score_async, compute_score_batch

__all__ = [
    "DEFAULT_REWARD_WORKERS",
    "REWARD_WORKERS_ENV",
    "TOKEN_ENV",
    "TRL_KWARGS",
    "RewardServer",
    "ServerConfig",
    "close_reward_pool",
    "completion_text",
    "compute_score",
    "compute_score_async",
    "compute_score_batch",
    "make_server",
    "reward_func",
    "reward_workers",
    "serve_reward",
    "trl_accuracy_reward",
    "trl_reward",
]
