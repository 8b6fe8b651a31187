"""The versioned audit corpus: F1-F7 cases in both directions plus reward-hacking cases.

Each JSONL row: ``id``, ``mode`` (F1..F7 or RH), ``expect`` (``pass``: a correct answer in the
hard form, which a sound verifier must credit; ``fail``: a look-alike, which it must not),
``question``, ``completion``, ``gold``, ``rationale``. A very long completion is stored as
``expand`` = {prefix, unit, times, suffix}: ``unit`` repeated ``times`` times (``{i}`` in the
unit becomes the repetition index), so the file stays small.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from .._errors import DataError

CORPUS_VERSION = "v1"
MODES = ("F1", "F2", "F3", "F4", "F5", "F6", "F7")
MODE_TITLES = {
    "F1": "multiple solutions",
    "F2": "late correct",
    "F3": "early correct, other boxes after",
    "F4": "self-corrections",
    "F5": "sets vs tuples",
    "F6": "missing anchors",
    "F7": "MCQ partial match",
    "RH": "reward hacking",
}
_MAX_EXPANDED = 4_000_000


@dataclass(frozen=True)
class Case:
    id: str
    mode: str
    expect: str
    question: str | None
    completion: str
    gold: str
    rationale: str


def _expand(spec: object, where: str) -> str:
    if not isinstance(spec, dict):
        raise DataError(f"{where}: 'expand' must be an object")
    unit, times = spec.get("unit", ""), spec.get("times", 0)
    if not isinstance(unit, str) or not isinstance(times, int) or times < 0:
        raise DataError(f"{where}: 'expand' needs a string unit and a non-negative int times")
    body = "".join(unit.replace("{i}", str(i)) for i in range(times)) if "{i}" in unit else (
        unit * times)  # fmt: skip
    text = str(spec.get("prefix", "")) + body + str(spec.get("suffix", ""))
    if len(text) > _MAX_EXPANDED:
        raise DataError(f"{where}: expanded completion over {_MAX_EXPANDED} characters")
    return text


def _case(row: object, where: str) -> Case:
    if not isinstance(row, dict):
        raise DataError(f"{where}: expected a JSON object")
    missing = [k for k in ("id", "mode", "expect", "gold", "rationale") if k not in row]
    if missing or ("completion" not in row and "expand" not in row):
        raise DataError(f"{where}: missing {', '.join(missing) or 'completion'}")
    if row["mode"] not in (*MODES, "RH"):
        raise DataError(f"{where}: unknown mode {row['mode']!r}")
    if row["expect"] not in ("pass", "fail") or (row["mode"] == "RH" and row["expect"] != "fail"):
        raise DataError(f"{where}: expect must be pass or fail (fail for RH)")
    completion = row["completion"] if "completion" in row else _expand(row["expand"], where)
    question = row.get("question")
    if not all(isinstance(v, str) for v in (completion, row["gold"], row["id"], row["rationale"])):
        raise DataError(f"{where}: id, completion, gold and rationale must be strings")
    if question is not None and not isinstance(question, str):
        raise DataError(f"{where}: question must be a string or null")
    return Case(row["id"], row["mode"], row["expect"], question, completion, row["gold"],
                row["rationale"])  # fmt: skip


def load_corpus(path: str | Path | None = None) -> list[Case]:
    """The packaged corpus (``corpus_v1.jsonl``) or a user's file in the same format."""
    if path is None:
        text = resources.files(__package__).joinpath(f"corpus_{CORPUS_VERSION}.jsonl").read_text(
            encoding="utf-8")  # fmt: skip
        name = f"corpus_{CORPUS_VERSION}.jsonl"
    else:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise DataError(f"cannot read corpus: {exc.strerror}", path=path) from None
        name = str(path)
    cases: list[Case] = []
    seen: set[str] = set()
    for lineno, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except ValueError as exc:
            raise DataError(f"line {lineno}: not valid JSON ({exc})", path=name) from None
        case = _case(row, f"{name}, line {lineno}")
        if case.id in seen:
            raise DataError(f"line {lineno}: duplicate id {case.id!r}", path=name)
        seen.add(case.id)
        cases.append(case)
    if not cases:
        raise DataError("no cases", path=name)
    return cases
