"""The domain taxonomy (package data ``taxonomy.json``): chains such as
``Mathematics -> Algebra -> Prealgebra -> Fractions``; any node of the tree is a valid label."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

SEP = " -> "
ROOT = "Mathematics"
_ARROWS = re.compile(r"\s*(?:->|→|⟶|=>|>|::|/|\\to\b|\\rightarrow\b)\s*")
_PAREN = re.compile(r"\s*\([^)]*\)\s*")


def _key(name: str) -> str:
    """Case- and spacing-insensitive form of a node name."""
    return " ".join(name.replace("&", "and").lower().split())


@dataclass(frozen=True)
class Taxonomy:
    chains: tuple[str, ...]
    """Every node as a chain from the root, in file order."""

    @property
    def tops(self) -> tuple[str, ...]:
        """The top-level domains (children of the root)."""
        return tuple(c.split(SEP)[1] for c in self.chains if c.count(SEP) == 1)

    def resolve(self, text: str) -> str | None:
        """The chain ``text`` names, or None. Accepts other arrows (→, >, /), any case, a
        missing root, and a single node name that occurs once in the tree (``Combinatorics``);
        never a chain with an unknown part."""
        parts = [p.strip(" *`'\".") for p in _ARROWS.split(text.strip().strip("*`'\"."))]
        parts = [p for p in parts if p]
        if not parts or len(parts) > 6 or any(len(p) > 80 for p in parts):
            return None
        if _key(parts[0]) != _key(ROOT):
            parts = [ROOT, *parts]
        wanted = SEP.join(_key(p) for p in parts)
        by_key = _by_key(self)
        if wanted in by_key:
            return by_key[wanted]
        loose = SEP.join(_key(_PAREN.sub(" ", p)) for p in parts)
        if loose in _by_loose_key(self):
            return _by_loose_key(self)[loose]
        if len(parts) == 2:  # one name: unique node with that name
            hits = [c for c in self.chains if _key(c.split(SEP)[-1]) == _key(parts[1])]
            if len(hits) == 1:
                return hits[0]
        return None

    def top(self, chain: str) -> str | None:
        """The top-level domain of a chain (``Algebra`` for ``Mathematics -> Algebra -> ...``)."""
        parts = chain.split(SEP)
        return parts[1] if len(parts) > 1 else None

    def render(self) -> str:
        """The tree as an indented list for the judge prompt (leaves joined on one line)."""
        lines: list[str] = []
        for chain in self.chains:
            parts = chain.split(SEP)
            depth = len(parts) - 1
            if depth == 0 or depth > 2:
                continue
            leaves = [c.split(SEP)[-1] for c in self.chains
                      if depth == 2 and c.startswith(chain + SEP) and c.count(SEP) == 3]
            line = "  " * (depth - 1) + "- " + parts[-1]
            if leaves:
                line += ": " + ", ".join(leaves)
            lines.append(line)
        return "\n".join(lines)


def common_ancestor(chains: list[str]) -> str:
    """The deepest chain every one of ``chains`` starts with."""
    split = [c.split(SEP) for c in chains]
    shared: list[str] = []
    for parts in zip(*split, strict=False):
        if len(set(parts)) != 1:
            break
        shared.append(parts[0])
    return SEP.join(shared)


@cache
def _by_key(tax: Taxonomy) -> dict[str, str]:
    return {SEP.join(_key(p) for p in c.split(SEP)): c for c in tax.chains}


@cache
def _by_loose_key(tax: Taxonomy) -> dict[str, str]:
    return {SEP.join(_key(_PAREN.sub(" ", p)) for p in c.split(SEP)): c for c in tax.chains}


def _walk(node: Any, prefix: str, out: list[str]) -> None:
    if isinstance(node, dict):
        for name, child in node.items():
            if name.startswith("_"):
                continue
            chain = f"{prefix}{SEP}{name}" if prefix else name
            out.append(chain)
            _walk(child, chain, out)
    elif isinstance(node, list):
        for name in node:
            out.append(f"{prefix}{SEP}{name}")


@cache
def taxonomy() -> Taxonomy:
    """The shipped taxonomy."""
    raw = json.loads(resources.files(__package__).joinpath("taxonomy.json").read_text("utf-8"))
    chains: list[str] = []
    _walk(raw, "", chains)
    return Taxonomy(tuple(chains))


@cache
def taxonomy_text() -> str:
    """The raw taxonomy file (part of the prompt version)."""
    return resources.files(__package__).joinpath("taxonomy.json").read_text("utf-8")
