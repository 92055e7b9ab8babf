"""Every bundled demo plays end to end, each expected refusal is refused, and the log verifies."""
from __future__ import annotations

import io

import pytest

from turnlog.engine import scenario
from turnlog.engine.faces.cli import DEMOS, DEMO_SEED, play_lines
from turnlog.engine.game import Game
from turnlog.engine.verify import verify
from importlib import resources


@pytest.mark.parametrize("name", DEMOS)
def test_demo_plays_and_verifies(tmp_path, name):
    g = Game.create(tmp_path / f"{name}.db", scenario.load(name), seed=bytes.fromhex(DEMO_SEED))
    script = resources.files("turnlog.engine.scenarios").joinpath(f"{name}.jsonl").read_text().splitlines()
    out = io.StringIO()
    assert play_lines(g, script, out=out) == 0, out.getvalue()
    expected = sum(1 for line in script if line.startswith("!"))
    assert out.getvalue().count("refused, as expected") == expected
    rep = verify(g)
    assert rep.ok, rep
    assert all(p.phase == "done" for p in g.state.attritions.values())
    g.close()


def test_eastern_front_winter_story(tmp_path):
    """The larger demo's end state: what rule 14 says should have happened, did."""
    g = Game.create(tmp_path / "e.db", scenario.load("eastern-front-winter"), seed=bytes.fromhex(DEMO_SEED))
    script = resources.files("turnlog.engine.scenarios").joinpath("eastern-front-winter.jsonl").read_text().splitlines()
    assert play_lines(g, script, out=io.StringIO()) == 0
    s = g.state
    p = s.attritions["A1"]
    assert [(m.rule, m.value) for m in p.modifiers] == [("14.42B", -1), ("14.42C", 2)]
    assert "su-inf-7" not in p.units and "su-cav-1" not in p.units      # 14.23A, 14.213
    assert s.units["ge-flak-1"].eliminated                              # 14.76
    assert s.units["ge-air-1"].hex == "0403"                            # 14.77
    assert (s.units["ge-pz-1"].hex, s.units["ge-inf-4"].hex) == ("0504", "0505")
    assert s.control["0605"] == "RU" and s.units["su-tank-1"].hex == "0605"
    assert "AX/eastern/0101" in s.zones and "0203" not in s.zones["AX/eastern/0401"].hexes  # 14.211 Pact split
    g.close()
