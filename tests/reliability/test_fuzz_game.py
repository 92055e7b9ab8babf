"""Harness 4 at CI scale: the stateful fuzzer over one game (see tests/reliability/fuzz.py)."""
from __future__ import annotations

from pathlib import Path

from reliability import fuzz

TestGameMachine = fuzz.GameMachine.TestCase
TestGameMachine.settings = fuzz.fuzz_settings(examples=15, steps=25)


def test_every_known_bug_is_pinned_by_a_regression_test():
    root = Path(__file__).resolve().parents[2]
    for _pred, path in fuzz.KNOWN_BUGS:
        text = (root / path).read_text()
        assert "xfail(strict=True" in text, path
