"""Each module-level name of the verifier is bound once.

The rule modules hold hundreds of compiled patterns; a second ``_CHAIN_END_RE = ...`` further
down a module silently replaces the first for every rule above it that reads it (this happened
once: a new rule's pattern took an old rule's name and two table rows failed far from it).
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

_PACKAGE = importlib.import_module("mathbeyond.verify")  # the package, not the function
MODULES = sorted(Path(str(_PACKAGE.__file__)).parent.glob("*.py"))


def _bindings(tree: ast.Module) -> list[str]:
    names: list[str] = []
    for node in tree.body:
        if isinstance(node, ast.Assign):
            names += [t.id for t in node.targets if isinstance(t, ast.Name)]
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.append(node.target.id)
        elif isinstance(node, ast.FunctionDef | ast.ClassDef):
            names.append(node.name)
    return names


@pytest.mark.parametrize("path", MODULES, ids=[p.name for p in MODULES])
def test_each_module_level_name_is_bound_once(path: Path) -> None:
    names = _bindings(ast.parse(path.read_text(encoding="utf-8")))
    repeated = sorted({n for n in names if names.count(n) > 1} - {"__all__"})
    assert not repeated, f"{path.name} binds these names more than once: {repeated}"


def test_the_check_sees_a_repeated_name() -> None:
    tree = ast.parse("A_RE = 1\ndef f(): pass\nA_RE = 2\n")
    names = _bindings(tree)
    assert names.count("A_RE") == 2
