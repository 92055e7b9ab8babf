"""The test functions a clause-inventory test searches for rule ids (tests/*/test_*_clause_inventory.py).

Each procedure's inventory keeps its own ids and its own spelling of an id in a test's name; what they
share is the reading: the name and own docstring of every test function in the procedure's test files.
Module docstrings do not count, so an id is pinned to a test that exercises it.
"""
from __future__ import annotations

import ast
from pathlib import Path


def citations(pattern: str, but: str) -> list[tuple[str, str]]:
    """(name, docstring) of every test function in the files beside ``but`` matching ``pattern``, but ``but``."""
    out = []
    for path in sorted(Path(but).resolve().parent.glob(pattern)):
        if path.name == Path(but).name:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test_"):
                out.append((node.name, ast.get_docstring(node) or ""))
    return out
