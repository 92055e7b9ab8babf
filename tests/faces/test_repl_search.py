"""`search TEXT` lists the events whose narrative line holds TEXT (any case) with their seqs and
leaves the cursor alone; `search` alone (or Enter after it) moves to the next match after the cursor."""
from __future__ import annotations

import pytest

from fixtures.backbone import finished
from test_repl import run, section


@pytest.fixture
def game(tmp_path):
    g = finished(tmp_path / "f.db")
    yield g
    g.close()


def test_search_lists_the_matching_seqs_and_keeps_the_cursor(game):
    out = run(game, "goto 10", "search ELIMINATED", "where")
    found = section(out, "search ELIMINATED").splitlines()
    assert found[0] == '2 events match "ELIMINATED":'
    assert [ln.split()[0] for ln in found[1:3]] == ["30", "31"]
    assert "us-inf-1 eliminated, to the force pool (14.51: attrition loss)" in found[1]
    assert "seq 10 of 39" in section(out, "where")
    assert section(run(game, "search advances"), "search advances").startswith('1 event matches "advances":\n')


def test_search_alone_and_enter_go_to_the_next_match(game):
    out = run(game, "goto 1", "search us-inf-", "search", "", "search", "search")
    moves = [ln for ln in out.splitlines() if ln.startswith("->")][1:]   # after the goto's own line
    assert [ln.split()[1] for ln in moves] == ["13", "14", "15", "16"]   # where the four units are placed
    assert all("us-inf-" in ln for ln in moves)
    out = run(game, "goto 29", "search eliminated", "search", "search", "search")
    assert [ln.split()[1] for ln in out.splitlines() if ln.startswith("->")] == ["29", "30", "31"]
    assert out.rstrip().endswith('no event after seq 31 matches "eliminated" (the live end is seq 39)')


def test_search_without_a_match_or_without_text(game):
    out = run(game, "search", "search nothing like this")
    assert "error: usage: search TEXT" in section(out, "search")
    assert section(out, "search nothing like this") == '0 events match "nothing like this"\n'
