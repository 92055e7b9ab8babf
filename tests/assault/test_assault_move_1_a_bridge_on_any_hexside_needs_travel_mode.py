"""AS-MOVE.1: an assault over a bridge needs Travel Mode whether or not the scenario also flags the hexside a
river (a bridge may span a stream or a ravine the map does not call a river). INVENTED map (tests/assault/assault_helpers.py)."""
from __future__ import annotations

from turnlog import commands as c

from assault_helpers import game, proc, u
from helpers import refused

BRIDGE = {"a": "0202", "b": "0302", "bridge": True}   # no "river" flag


def test_as_move_1_a_deployed_unit_is_refused_over_a_bridge_that_is_not_flagged_a_river(tmp_path):
    g = game(tmp_path, [u("a1", "0202"), u("e1", "0302")], hexsides=[BRIDGE])
    assert "Travel Mode" in str(refused(g, c.DeclareAssault(hex="0302", units=["a1"]), "AS-MOVE.1"))


def test_as_move_1_a_unit_in_travel_mode_assaults_over_it(tmp_path):
    g = game(tmp_path, [u("a1", "0202", mode="travel"), u("e1", "0302")], hexsides=[BRIDGE])
    g.execute(c.DeclareAssault(hex="0302", units=["a1"]))
    assert proc(g).units == ["a1"]


def test_as_move_1_the_bridged_side_is_not_offered_to_a_deployed_unit(tmp_path):
    g = game(tmp_path, [u("a1", "0202"), u("e1", "0302")], hexsides=[BRIDGE])
    assert not [ch for ch in g.legal() if ch.command == "DeclareAssault"]
