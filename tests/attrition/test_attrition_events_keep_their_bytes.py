"""Making the attrition rules faster changed no byte of any event they write.

The hashes were written by tests/fixtures/make_attrition_event_hashes.py on the code before that change:
the benchmark's procedure (through Game.execute and in a Sandbox) and the four rule-14 demos.
"""
from __future__ import annotations

import json

import pytest

from fixtures import make_attrition_event_hashes as M

EXPECTED = json.loads(M.OUT.read_text())


@pytest.fixture(scope="module")
def now() -> dict:
    return M.hashes()


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_events_keep_their_bytes(now, name):
    assert len(now[name]) == len(EXPECTED[name])
    assert now[name] == EXPECTED[name]
