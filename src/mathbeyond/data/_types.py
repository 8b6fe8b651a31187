"""Problem and dataset record types shared by every layer."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from .._errors import ConfigError


@dataclass(frozen=True)
class Problem:
    """One problem.

    ``id`` is stable across runs and machines: ``{dataset}/{index}`` where ``index`` is the row's
    position in the pinned source file (or the source's own index field when it has one).
    """

    id: str
    problem: str
    answer: str
    source: str
    topic: str | None = None
    difficulty: str | None = None
    metadata: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)


@dataclass(frozen=True)
class Dataset:
    """A named dataset with one or more named splits (views) of its problems."""

    name: str
    splits: Mapping[str, tuple[Problem, ...]]
    default_split: str
    hub_id: str | None = None
    revision: str | None = None
    origin: str | None = None
    """Where the rows were read from: a local path or ``hf://{hub_id}@{revision}``."""
    description: str = ""

    def split(self, name: str | None = None) -> tuple[Problem, ...]:
        key = self.default_split if name is None else name
        try:
            return self.splits[key]
        except KeyError:
            known = ", ".join(self.splits)
            raise ConfigError(
                f"dataset {self.name!r} has no split {key!r}; splits: {known}"
            ) from None

    def __iter__(self) -> Iterator[Problem]:
        return iter(self.split())

    def __len__(self) -> int:
        return len(self.split())
