"""The REPL's `unit` and `hex` say what the board's view shows: a Panzer Campaigns unit's strength,
mode and markers with their rules, the overlays on a hex (AS-MAP.1's result); a kind the game
does not use adds nothing to `hex`."""
from __future__ import annotations

import io
from contextlib import redirect_stdout

import pytest

from turnlog.engine.faces.cli import main
from turnlog.engine.game import Game

from test_repl import run, section


@pytest.fixture(scope="module")
def demos(tmp_path_factory):
    d = tmp_path_factory.mktemp("demo")
    with redirect_stdout(io.StringIO()):
        assert main(["demo", "--dir", str(d), "--scenario", "hedgerow-assault"]) == 0
    return d


def test_unit_shows_its_strength_mode_and_markers(demos):
    with Game.open(demos / "hedgerow-assault.db", readonly=True) as g:
        out = section(run(g, "unit us-at-1"), "unit us-at-1")
    first = out.splitlines()[0]
    assert first.startswith("us-at-1: US artillery 2g at 0502 (") and "mode travel" in first
    assert "broken (AS-DEF.5)" in first


def test_hex_shows_the_assault_result_and_no_rule_9_line(demos):
    with Game.open(demos / "hedgerow-assault.db", readonly=True) as g:
        out = section(run(g, "hex 0403", "hex 0502"), "hex 0403")
        other = section(run(g, "hex 0502"), "hex 0502")
    assert "  result 7/2: S1: the attackers lost 7, the defenders 2 (AS-MAP.1)" in out
    assert "rule 9" not in out and "rule 9" not in other
    assert "unit: us-inf-1: US infantry 149 at 0502 (mode deployed; disrupted (AS-DEF.1))" in other
