"""The faces (CLI, REPL, SVG, diff, explanations, export files) are a package the core never imports.

A host program embeds the core (the Game facade, the rules, the log) without the faces; a face may
import anything of the core. The graph counts imports inside functions too (tests/fixtures/imports.py).
"""
from __future__ import annotations

from fixtures.imports import graph

FACES = "turnlog.engine.faces"
# `python -m turnlog` is the command line, and turnlog.testing the conformance kit that draws a kind with
# every face: faces by nature, which no core module imports
ENTRY_POINTS = {"turnlog.__main__", "turnlog.testing"}


def test_no_core_module_imports_a_face():
    bad = {m: sorted(x for x in e if x.startswith(FACES))
           for m, e in graph().items()
           if not m.startswith(FACES) and m.startswith("turnlog.") and m not in ENTRY_POINTS}
    assert not {m: e for m, e in bad.items() if e}, bad


def test_the_faces_package_holds_what_people_see_and_type():
    faces = {m.rsplit(".", 1)[1] for m in graph() if m.startswith(FACES + ".")}
    assert {"cli", "repl", "render", "diff", "explain", "transfer", "outfile"} <= faces
