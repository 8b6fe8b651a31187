"""The judge prompt: an anchored 1-10 difficulty scale (half steps) with reference problems per
level (package data ``scale.json``) and the domain taxonomy (``taxonomy.json``).

The long, fixed part is the system message, so servers that reuse a cached prompt prefix
(llama.cpp, vLLM prefix caching) process it once; the problem is the user message.
``PROMPT_VERSION`` changes whenever the prompt text, the scale or the taxonomy changes, and is
part of every cache key.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from importlib import resources
from typing import Any

from ..sample import ChatMessage
from ._taxonomy import taxonomy, taxonomy_text

PROMPT_NAME = "mathb-judge-v1"
MAX_PROBLEM_CHARS = 8000
"""Longer problem texts are cut (with a marker) before they reach the judge."""

_INSTRUCTIONS = """\
You label competition mathematics problems for a dataset. For the problem you are given, \
decide two things and do not solve the problem.

1. difficulty: how hard the problem is for a strong human competitor, on a scale from 1 to 10 \
in steps of 0.5 (1, 1.5, 2, ..., 10). Use these anchors (level, what it means, where such \
problems appear, reference problems of that level):
{scale}

2. domain: the single best branch of this taxonomy, written as a chain from "Mathematics" \
with " -> " between levels, as deep as you are sure of, using only names from the list:
{taxonomy}

Example of a domain: Mathematics -> Algebra -> Prealgebra -> Fractions

Answer with exactly one JSON object and nothing else:
{{"difficulty": <number>, "domain": "<chain>"}}"""


@cache
def _scale() -> list[dict[str, Any]]:
    raw = json.loads(resources.files(__package__).joinpath("scale.json").read_text("utf-8"))
    levels: list[dict[str, Any]] = raw["levels"]
    return levels


def _scale_text() -> str:
    lines = []
    for item in _scale():
        refs = " | ".join(item["reference"])
        lines.append(
            f"- {item['level']}: {item['meaning']} ({item['competitions']}). Reference: {refs}"
        )
    return "\n".join(lines)


@cache
def system_prompt() -> str:
    return _INSTRUCTIONS.format(scale=_scale_text(), taxonomy=taxonomy().render())


@cache
def prompt_version(response_format: str = "none") -> str:
    """``mathb-judge-v1-<hash>``: the name plus a hash of the prompt, scale and taxonomy, and
    ``+json_schema`` / ``+json_object`` when replies are constrained (another judge, in
    effect, so another cache key)."""
    digest = hashlib.sha256(
        "\0".join((system_prompt(), user_prompt("{problem}"), taxonomy_text())).encode("utf-8")
    ).hexdigest()
    suffix = "" if response_format == "none" else f"+{response_format}"
    return f"{PROMPT_NAME}-{digest[:10]}{suffix}"


def user_prompt(problem: str) -> str:
    text = problem.strip()
    if len(text) > MAX_PROBLEM_CHARS:
        text = text[:MAX_PROBLEM_CHARS] + " [...]"
    return f"Problem:\n{text}\n\nLabel this problem. Reply with the JSON object only."


def judge_messages(problem: str) -> tuple[ChatMessage, ...]:
    """The chat messages sent to the judge for one problem."""
    return (
        ChatMessage(role="system", content=system_prompt()),
        ChatMessage(role="user", content=user_prompt(problem)),
    )


def text_hash(problem: str) -> str:
    """Cache key part for a problem: sha256 of its text with whitespace runs collapsed."""
    return hashlib.sha256(" ".join(problem.split()).encode("utf-8")).hexdigest()


def judge_schema() -> dict[str, Any]:
    """JSON schema of a judge reply: a half-step rating 1-10 and a taxonomy chain."""
    return {
        "type": "object",
        "properties": {
            "difficulty": {"type": "number", "enum": [x / 2 for x in range(2, 21)]},
            "domain": {"type": "string",
                       "enum": [c for c in taxonomy().chains if c.count(" -> ") >= 1]},
        },
        "required": ["difficulty", "domain"],
        "additionalProperties": False,
    }


RESPONSE_FORMATS = ("none", "json_schema", "json_object")


def response_format(kind: str) -> dict[str, Any] | None:
    """The ``response_format`` request field that makes a server constrain the judge's reply to
    :func:`judge_schema`: ``json_schema`` is the OpenAI form (vLLM, SGLang, hosted APIs),
    ``json_object`` with a ``schema`` is llama-cpp-python's form; ``none`` sends nothing. The
    reply is parsed as strictly either way."""
    if kind == "none":
        return None
    if kind == "json_schema":
        return {"type": "json_schema",
                "json_schema": {"name": "problem_label", "schema": judge_schema(), "strict": True}}
    if kind == "json_object":
        return {"type": "json_object", "schema": judge_schema()}
    raise ValueError(f"unknown response format {kind!r}; one of {', '.join(RESPONSE_FORMATS)}")
