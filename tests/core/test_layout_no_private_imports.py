"""No module uses another module's private names: a shared name is public, or lives where both look.

A split made by size rather than by concept shows as one module reaching into another's underscored
names. The scan reads every module of ours (and the benchmarks) with ast: ``from m import _x``,
``import m`` or ``from p import m`` followed by ``m._x``, wherever the statement is. A module's own
private names and dunder names are fine.
"""
from __future__ import annotations

import ast
from pathlib import Path

from fixtures.imports import ROOT, absolute, modules


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _ours() -> dict[str, tuple[Path, bool]]:
    """Our modules by installed name, the benchmarks too (they import the package as a host)."""
    mods = modules()
    for p in (ROOT / "benchmarks").glob("*.py"):
        init = p.stem == "__init__"
        mods["benchmarks" if init else f"benchmarks.{p.stem}"] = (p, init)
    return mods


def private_uses(name: str, path: Path, init: bool, mods) -> list[str]:
    """``file:line: what`` for each private name of another module of ours that ``name`` uses."""
    tree = ast.parse(path.read_text(), str(path))
    aliases: dict[str, str] = {}  # a local name bound to a module of ours -> that module
    out = []
    where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:  # ``import p.m`` binds p, ``import p.m as M`` binds M to p.m
                bound = a.name if a.asname else a.name.split(".")[0]
                if bound in mods:
                    aliases[a.asname or bound] = bound
        elif isinstance(node, ast.ImportFrom):
            base = absolute(node.module, node.level, name, init)
            for a in node.names:
                if f"{base}.{a.name}" in mods:
                    aliases[a.asname or a.name] = f"{base}.{a.name}"
                elif base in mods and base != name and _private(a.name):
                    out.append(f"{where}:{node.lineno}: imports {a.name} from {base}")
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _private(node.attr):
            module = _module(node.value, aliases)
            if module in mods and module != name:
                out.append(f"{where}:{node.lineno}: uses {module}.{node.attr}")
    return out


def _module(node: ast.expr, aliases: dict[str, str]) -> str:
    """The module of ours that ``M`` or ``p.m`` names through the file's imports; '' if none."""
    if isinstance(node, ast.Name):
        return aliases.get(node.id, "")
    if isinstance(node, ast.Attribute):
        base = _module(node.value, aliases)
        return f"{base}.{node.attr}" if base else ""
    return ""


def test_no_module_uses_another_modules_private_names():
    mods = _ours()
    found = [use for name, (path, init) in sorted(mods.items())
             for use in private_uses(name, path, init, mods)]
    assert not found, "\n".join(found)


def test_the_scan_sees_each_form_of_private_use(tmp_path):
    mods = {m: (tmp_path / f"{m}.py", False) for m in ("turnlog.engine.a", "turnlog.engine.b")}
    mods |= {m: (tmp_path / f"{m}.py", True) for m in ("turnlog", "turnlog.engine")}
    code = ("from .b import _x, y\nfrom . import b as B\nimport turnlog.engine.b\n"
            "B._z\nturnlog.engine.b._w\nB.__doc__\n_own = 1\nself._mine\n")
    (tmp_path / "a.py").write_text(code)
    uses = private_uses("turnlog.engine.a", tmp_path / "a.py", False, mods)
    assert [u.split(": ", 1)[1] for u in uses] == [
        "imports _x from turnlog.engine.b", "uses turnlog.engine.b._z", "uses turnlog.engine.b._w"]
