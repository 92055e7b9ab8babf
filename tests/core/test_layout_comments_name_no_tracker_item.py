"""Comments and docstrings say why, never history: the source names no tracker item ("issue 13").

The tracker is not part of the repository, so a pointer into it explains nothing to a reader of the code.
"""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("engine", "events", "projections", "turnlog", "benchmarks")
TRACKER = re.compile(r"\b[Ii]ssues? ?#?[0-9]+")


def tracker_references(text: str) -> list[int]:
    """The line numbers of ``text`` that point at a tracker item."""
    return [n for n, line in enumerate(text.splitlines(), 1) if TRACKER.search(line)]


def test_no_source_line_names_a_tracker_item():
    found = [f"{p.relative_to(ROOT)}:{n}" for folder in FOLDERS for p in sorted((ROOT / folder).rglob("*.py"))
             for n in tracker_references(p.read_text(encoding="utf-8"))]
    assert found == []


def test_the_scan_sees_the_forms_a_pointer_takes():
    text = "a (issue 13)\nb issue 19.4: x\nc Issues 10\nd #13 is a hex\ne rule 14.13"
    assert tracker_references(text) == [1, 2, 3]
