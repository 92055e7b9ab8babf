"""What every test folder shares: the import path of the helper modules, and the toy kind's fixture.

The test folders are not packages (pytest's default import mode, so each test file's basename is unique
in tests/: tests/core/test_layout_tests_mirror_code.py checks). tests/ goes on the path for ``fixtures`` and
the ``reliability`` harness package, tests/support/ for the helper modules several folders import
(``from helpers import ...``); a helper only one folder uses sits in that folder.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
for _folder in (TESTS, TESTS / "support"):
    if str(_folder) not in sys.path:
        sys.path.insert(0, str(_folder))


@pytest.fixture
def toy():
    """The Game and the command parser verify uses know RollToy (registering again changes nothing)."""
    import turnlog
    from fixtures.toy_dice import TOY, RollToy
    turnlog.register_kind(TOY)
    return RollToy
