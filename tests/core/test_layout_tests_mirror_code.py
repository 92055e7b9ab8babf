"""The tests tree mirrors the code (docs/design.md, "Tests"): a test file sits in the folder of what it tests.

tests/ itself holds only conftest.py and folders. The folders are not packages (pytest's default import
mode puts each test file's folder on the path), so two modules of one basename would shadow each other:
every basename is unique. A fixture is shared through a conftest.py, never imported by name.
"""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
FOLDERS = {"core", "kit", "store", "faces", "attrition", "designation", "wif", "assault", "reliability",
           "regressions", "support", "fixtures"}


def _modules() -> list[Path]:
    return [p for p in TESTS.rglob("*.py") if "__pycache__" not in p.parts]


def test_no_test_file_sits_at_the_root_of_tests():
    stray = sorted(p.name for p in TESTS.iterdir() if p.is_file() and p.suffix == ".py" and p.name != "conftest.py")
    assert not stray, f"move into the folder of what they test (docs/design.md, 'Tests'): {stray}"


def test_every_folder_of_tests_is_a_known_one():
    folders = {p.name for p in TESTS.iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert folders <= FOLDERS, f"a folder docs/design.md's 'Tests' does not name: {sorted(folders - FOLDERS)}"


def test_test_files_are_in_the_test_folders():
    misplaced = sorted(str(p.relative_to(TESTS)) for p in TESTS.rglob("test_*.py")
                       if p.relative_to(TESTS).parts[0] in ("support", "fixtures"))
    assert not misplaced, f"support/ and fixtures/ hold helpers and data, not tests: {misplaced}"


def test_module_basenames_are_unique():
    # The harness package tests/reliability/ is reached by its package name, so its modules may not clash
    # either: its tests are collected as reliability.<name> but a helper imports them by basename too.
    names = Counter(p.name for p in _modules() if p.name not in ("conftest.py", "__init__.py"))
    clashes = sorted(n for n, k in names.items() if k > 1)
    assert not clashes, f"two modules of one name shadow each other on the path: {clashes}"


def test_no_fixture_is_imported_by_name():
    idiom = re.compile(r"^from \S+ import .*# noqa: F401.*fixture", re.MULTILINE)
    found = sorted(str(p.relative_to(TESTS)) for p in _modules() if idiom.search(p.read_text(encoding="utf-8")))
    assert not found, f"share the fixture through a conftest.py instead: {found}"


def test_no_test_or_fixture_is_named_after_a_tracker_item():
    named = sorted(str(p.relative_to(TESTS)) for p in TESTS.rglob("*")
                   if "__pycache__" not in p.parts and re.search(r"issue_?\d", p.name, re.IGNORECASE))
    assert not named, f"name the rule or the behaviour instead: {named}"


def test_a_name_that_starts_with_a_number_is_a_rule_of_its_system():
    # Rule numbers lead the names of the rulebooks' tests (test_14_52b_..., test_9_2_4_...); any other
    # leading number would be a tracker item's.
    numbered = {"attrition": "test_14_", "designation": "test_9_"}
    wrong = sorted(str(p.relative_to(TESTS)) for p in TESTS.rglob("test_[0-9]*.py")
                   if not p.name.startswith(numbered.get(p.relative_to(TESTS).parts[0], "no number")))
    assert not wrong, f"a leading number must be the folder's rule (attrition 14, designation 9): {wrong}"
