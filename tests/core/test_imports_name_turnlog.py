"""No Python file of the repository imports engine, events or projections as top-level modules.

Installed, they exist only as turnlog.engine, turnlog.events and turnlog.projections; run from the
checkout, the top-level folders are importable too (the root is on sys.path), so an old-style import
would load a second copy of a module rather than fail. A string naming one of our modules by its
folder's name (a ``-m`` argument, a ``resources.files`` package, code a test runs in a child) counts too.
"""
from __future__ import annotations

import ast
import re

from fixtures.imports import OLD_TOPS, ROOT

FOLDERS = ("turnlog", *OLD_TOPS, "tests", "benchmarks")
# Scripts that build a fixture with an EARLIER version of the engine (before the namespace existed):
# they must keep that version's imports to be re-run against it.
HISTORICAL = {"tests/fixtures/make_edition1_fixture.py"}
TOPS = "|".join(OLD_TOPS)
# in a string: the whole string a dotted name, `-m NAME`, or code (`from NAME import`, `import NAME`)
IN_STRING = re.compile(rf"^(?:{TOPS})(?:\.\w+)+$|-m\s+(?:{TOPS})\.\w+|(?:^|\n|;)\s*(?:from|import)\s+(?:{TOPS})\b")


def _old_name(dotted: str) -> bool:
    return dotted.split(".")[0] in OLD_TOPS


def _problems(path) -> list[str]:
    out = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            out += [f"line {node.lineno}: import {a.name}" for a in node.names if _old_name(a.name)]
        elif isinstance(node, ast.ImportFrom) and not node.level and _old_name(node.module or ""):
            out.append(f"line {node.lineno}: from {node.module} import ...")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            out += [f"line {node.lineno}: string {m.group()!r}" for m in IN_STRING.finditer(node.value)]
    return out


def test_no_file_imports_the_folders_as_top_level_modules():
    found = {}
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            if str(path.relative_to(ROOT)) in HISTORICAL:
                continue
            problems = _problems(path)
            if problems:
                found[str(path.relative_to(ROOT))] = problems
    assert not found, found
