"""AS-ATK.3, AS-MOVE.1: the attacker must be able to move into the defending hex; a bridge, or a road into
terrain its class may not enter, needs Travel Mode. INVENTED map and terrain (tests/assault/assault_helpers.py)."""
from __future__ import annotations

from turnlog import commands as c

from assault_helpers import game, proc, u
from helpers import refused

RIVER = {"a": "0202", "b": "0302", "river": True, "river_class": "minor"}


def test_as_atk_3_no_assault_across_an_unbridged_river(tmp_path):
    g = game(tmp_path, [u("a1", "0202", mode="travel"), u("e1", "0302")], hexsides=[RIVER])
    assert "no bridge" in str(refused(g, c.DeclareAssault(hex="0302", units=["a1"]), "AS-ATK.3"))


def test_as_atk_3_no_assault_across_an_impassable_hexside(tmp_path):
    g = game(tmp_path, [u("a1", "0202"), u("e1", "0302")], hexsides=[{"a": "0202", "b": "0302", "impassable": True}])
    refused(g, c.DeclareAssault(hex="0302", units=["a1"]), "AS-ATK.3")


def test_as_atk_3_no_assault_into_terrain_the_class_cannot_enter(tmp_path):
    g = game(tmp_path, [u("a1", "0202", cls="armour"), u("e1", "0302")], spec="0302:marsh")
    refused(g, c.DeclareAssault(hex="0302", units=["a1"]), "AS-ATK.3")


def test_as_move_1_a_bridge_needs_travel_mode(tmp_path):
    bridged = {**RIVER, "bridge": True}
    g = game(tmp_path, [u("a1", "0202"), u("a2", "0202", mode="travel"), u("e1", "0302")], hexsides=[bridged])
    assert "Travel Mode" in str(refused(g, c.DeclareAssault(hex="0302", units=["a1"]), "AS-MOVE.1"))
    g.execute(c.DeclareAssault(hex="0302", units=["a2"]))
    assert proc(g).units == ["a2"]


def test_as_move_1_a_road_into_barred_terrain_needs_travel_mode(tmp_path):
    road = {"a": "0202", "b": "0302", "road": True}
    units = [u("a1", "0202", cls="armour"), u("a2", "0202", cls="armour", mode="travel"), u("e1", "0302")]
    g = game(tmp_path, units, spec="0302:marsh", hexsides=[road])
    refused(g, c.DeclareAssault(hex="0302", units=["a1"]), "AS-MOVE.1")
    g.execute(c.DeclareAssault(hex="0302", units=["a2"]))
    assert proc(g).units == ["a2"]
