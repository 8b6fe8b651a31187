"""OpenRLHF reward: the ``reward_func(queries, prompts, labels)`` file form and its core.

OpenRLHF (``--reward.remote_url path.py``, formerly ``--remote_rm_url``) loads this file by path
and calls ``reward_func(queries, prompts, labels)`` where ``queries[i]`` is the prompt plus the
response, ``prompts[i]`` the prompt and ``labels[i]`` the gold answer (``--data.label_key``).
The result is ``{"rewards", "scores", "extra_logs"}``; tensors when torch is importable (as
OpenRLHF's examples return), plain lists otherwise. ``mathb serve-reward`` serves the same
computation over HTTP.
"""

from __future__ import annotations

import importlib
import numbers
from collections.abc import Sequence
from typing import Any

# Absolute imports on purpose: OpenRLHF loads this file by path as a standalone module.
from mathbeyond.rewards._pool import reward_verify
from mathbeyond.verify import DEFAULT_TIMEOUT_S, Status, Verdict, VerifyInputTypeError
from mathbeyond.verify._limits import Item


def response_text(query: str, prompt: str | None) -> str:
    """The response part of an OpenRLHF query (prompt + response)."""
    if prompt:
        if query.startswith(prompt):
            return query[len(prompt) :]
        at = query.find(prompt)
        if at >= 0:
            return query[at + len(prompt) :]
    return query


def _label(label: object) -> str | None:
    if isinstance(label, str):
        return label
    if isinstance(label, numbers.Integral) and not isinstance(label, bool):
        return str(int(label))
    return None


def _texts(name: str, values: object, n: int | None, *, optional: bool = False) -> list[object]:
    if values is None and optional:
        return [None] * (n or 0)
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
        raise VerifyInputTypeError(f"{name} must be a list, got {type(values).__name__}")
    if n is not None and len(values) != n:
        raise VerifyInputTypeError(f"{name} has {len(values)} items, expected {n}")
    return list(values)


def score_queries(
    queries: object,
    prompts: object,
    labels: object,
    *,
    timeout: float = DEFAULT_TIMEOUT_S,
    verify_items: object = None,
) -> tuple[list[float], list[Verdict | None]]:
    """Rewards (1.0 / 0.0) and verdicts for OpenRLHF's three lists; ``None`` verdict: no label.

    ``verify_items`` (a callable ``items -> verdicts``) replaces the reward pool (the server
    passes its own verifier).
    """
    qs = _texts("query", queries, None)
    n = len(qs)
    ps = _texts("prompts", prompts, n, optional=True)
    ls = _texts("labels", labels, n)
    items: list[Item] = []
    where: list[int] = []
    for i, (q, p, label) in enumerate(zip(qs, ps, ls, strict=True)):
        if not isinstance(q, str):
            raise VerifyInputTypeError(f"query[{i}] must be a string, got {type(q).__name__}")
        if p is not None and not isinstance(p, str):
            raise VerifyInputTypeError(f"prompts[{i}] must be a string, got {type(p).__name__}")
        gold = _label(label)
        if gold is None:
            continue
        items.append((response_text(q, p), gold, None))
        where.append(i)
    if callable(verify_items):
        verdicts: list[Verdict] = list(verify_items(items))
    else:
        verdicts = reward_verify(items, timeout=timeout)
    out: list[Verdict | None] = [None] * n
    for i, verdict in zip(where, verdicts, strict=True):
        out[i] = verdict
    rewards = [1.0 if v is not None and v.correct else 0.0 for v in out]
    return rewards, out


def extra_logs(verdicts: Sequence[Verdict | None]) -> dict[str, list[float]]:
    """Per-sample indicators OpenRLHF logs (means): no answer, limit hit, unusable label."""

    def flag(v: Verdict | None, *statuses: Status) -> float:
        return 1.0 if v is not None and v.status in statuses else 0.0

    return {
        "mathb_no_answer": [flag(v, Status.NO_ANSWER) for v in verdicts],
        "mathb_limit_exceeded": [flag(v, Status.LIMIT_EXCEEDED) for v in verdicts],
        "mathb_bad_label": [
            1.0 if v is None or v.status is Status.UNPARSEABLE_GOLD else 0.0 for v in verdicts
        ],
    }


def reward_func(
    queries: object, prompts: object, labels: object, **kwargs: object
) -> dict[str, object]:
    """OpenRLHF's custom reward file entry point (unknown keyword arguments are ignored)."""
    del kwargs
    rewards, verdicts = score_queries(queries, prompts, labels)
    logs: dict[str, object] = dict(extra_logs(verdicts))
    try:
        torch: Any = importlib.import_module("torch")
    except ImportError:
        return {"rewards": rewards, "scores": list(rewards), "extra_logs": logs}
    tensors = {k: torch.tensor(v, dtype=torch.float32) for k, v in logs.items()}
    r = torch.tensor(rewards, dtype=torch.float32)
    return {"rewards": r, "scores": r.clone(), "extra_logs": tensors}
