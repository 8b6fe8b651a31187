"""Turn a user's reward function, whatever its signature, into a scorer.

Recognised calling conventions (by parameter names, checked in this order):

* verl ``compute_score(data_source, solution_str, ground_truth, extra_info)`` -> float or
  ``{"score": ...}``;
* TRL ``(completions, **kwargs) -> list[float | None]``: completions as chat lists
  (``[[{"role": "assistant", "content": ...}]]``, what GRPOTrainer passes for conversational
  data) or plain strings (``trl_text=True``); the gold is passed under the usual dataset column
  names ``solution``, ``answer``, ``ground_truth``, ``gold`` and the question as ``prompts``,
  ``problem``, ``question`` (only those the function accepts, unless it takes ``**kwargs``);
* OpenRLHF ``reward_func(queries, prompts, labels)`` -> tensor/list or ``{"rewards": ...}``
  (``queries`` = prompt + response);
* plain ``(completion, gold)`` -> bool/float (``question=`` passed when accepted).

A reward > 0 counts as credit; ``None`` (TRL's "skip this sample") counts as no credit and is
reported as ``none``.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from .._errors import ConfigError
from ._builtins import Scorer

DATA_SOURCE = "mathbeyond/audit"
_GOLD_COLUMNS = ("solution", "answer", "ground_truth", "gold")
_QUESTION_COLUMNS = ("problem", "question")


def load_callable(ref: str) -> Callable[..., Any]:
    """``module:function`` or ``path/to/file.py:function`` -> the function."""
    target, sep, attr = ref.rpartition(":")
    if not sep or not target or not attr:
        raise ConfigError(f"verifier {ref!r}: expected NAME, module:function or path.py:function")
    if target.endswith(".py"):
        path = Path(target)
        if not path.is_file():
            raise ConfigError(f"verifier {ref!r}: no file {path}")
        name = f"_mathb_audit_user_{abs(hash(str(path.resolve())))}"
        spec = importlib.util.spec_from_file_location(name, path)
        if spec is None or spec.loader is None:
            raise ConfigError(f"verifier {ref!r}: cannot load {path}")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    else:
        try:
            module = importlib.import_module(target)
        except ImportError as exc:
            raise ConfigError(f"verifier {ref!r}: cannot import {target}: {exc}") from None
    func = getattr(module, attr, None)
    if not callable(func):
        raise ConfigError(f"verifier {ref!r}: {target} has no callable {attr!r}")
    return func  # type: ignore[no-any-return]


def _params(func: Callable[..., Any]) -> tuple[list[str], bool]:
    try:
        sig = inspect.signature(func)
    except (TypeError, ValueError):
        return [], True
    names = [
        p.name for p in sig.parameters.values()
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
    ]  # fmt: skip
    var_kw = any(p.kind is p.VAR_KEYWORD for p in sig.parameters.values())
    return names, var_kw


def signature_kind(func: Callable[..., Any]) -> str:
    """``verl``, ``trl``, ``openrlhf`` or ``plain``."""
    names, _ = _params(func)
    if "solution_str" in names and "ground_truth" in names:
        return "verl"
    if names[:1] == ["completions"] or "completions" in names:
        return "trl"
    if "queries" in names and "labels" in names:
        return "openrlhf"
    if len(names) >= 2:
        return "plain"
    raise ConfigError(
        f"{getattr(func, '__name__', func)!r}: unrecognised signature {names}; expected verl "
        "(data_source, solution_str, ground_truth, extra_info), TRL (completions, **kwargs), "
        "OpenRLHF (queries, prompts, labels) or (completion, gold)"
    )


def _first_value(result: object, kind: str) -> object:
    if isinstance(result, Mapping):
        for key in ("rewards", "score", "reward"):
            if key in result:
                result = result[key]
                break
        else:
            raise TypeError(f"{kind} reward returned a dict without 'rewards'/'score': {result!r}")
    tolist = getattr(result, "tolist", None)  # torch / numpy
    if callable(tolist):
        result = tolist()
    if isinstance(result, Sequence) and not isinstance(result, (str, bytes)):
        if len(result) != 1:
            raise TypeError(f"{kind} reward returned {len(result)} values for 1 completion")
        return result[0]
    return result


def to_reward(value: object) -> float | None:
    """A reward value -> float (None stays None); anything else is a TypeError."""
    if value is None:
        return None
    if isinstance(value, Mapping):
        value = value.get("score")
    if isinstance(value, bool):
        return 1.0 if value else 0.0
    tolist = getattr(value, "tolist", None)
    if callable(tolist):
        value = tolist()
    if isinstance(value, (int, float)):
        return float(value)
    raise TypeError(f"reward must be a number, bool or None, got {type(value).__name__}")


def adapt(func: Callable[..., Any], *, trl_text: bool = False) -> tuple[Scorer, str]:
    """The scorer calling ``func`` in its own convention, and that convention's name."""
    kind = signature_kind(func)
    names, var_kw = _params(func)

    def accepted(options: Mapping[str, object]) -> dict[str, object]:
        return {k: v for k, v in options.items() if var_kw or k in names}

    if kind == "verl":
        def score(completion: str, gold: str, question: str | None) -> float | None:
            args = accepted({
                "data_source": DATA_SOURCE, "solution_str": completion,
                "ground_truth": gold, "extra_info": {"question": question},
            })  # fmt: skip
            return to_reward(func(**args))
    elif kind == "trl":
        def score(completion: str, gold: str, question: str | None) -> float | None:
            q = question or ""
            chat = [{"role": "assistant", "content": completion}]
            item: object = completion if trl_text else chat
            prompt: object = q if trl_text else [{"role": "user", "content": q}]
            columns: dict[str, object] = {"prompts": [prompt]}
            columns.update({c: [gold] for c in _GOLD_COLUMNS})
            columns.update({c: [q] for c in _QUESTION_COLUMNS})
            return to_reward(_first_value(func([item], **accepted(columns)), "TRL"))
    elif kind == "openrlhf":
        def score(completion: str, gold: str, question: str | None) -> float | None:
            q = question or ""
            args = accepted({"queries": [q + completion], "prompts": [q], "labels": [gold]})
            return to_reward(_first_value(func(**args), "OpenRLHF"))
    else:
        def score(completion: str, gold: str, question: str | None) -> float | None:
            extra = accepted({"question": question}) if "question" in names or var_kw else {}
            return to_reward(func(completion, gold, **extra))
    return score, kind
