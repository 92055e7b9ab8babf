"""14.31: each alliance faction attritions, and is attritioned, separately.

Position: an Axis hex 0505 between a Western Allied hex 0405 and a Russian hex
0605 (0405 and 0605 do not touch). Western Allies and Russia are both on the
allied side but are different factions.
"""
from __future__ import annotations


from turnlog.engine.commands import BeginAttrition, RollAttritionDie, StartPhase, StartPlayerTurn, TakeAttritionLosses
from turnlog.events.game import DieRolled

from helpers import hexes, new_game, refused, scenario, unit

AXIS, WEST, EAST = "AX/western/0505", "WA/western/0405", "RU/western/0605"


def position(active="AX"):
    return scenario(hexes("0405:WA 0505:AX 0605:RU"),
                    [unit("ge-1", "GE", "0505", 6), unit("ge-2", "GE", "0505", 5),
                     unit("us-1", "US", "0405", 4), unit("gb-1", "GB", "0405", 3), unit("su-1", "SU", "0605", 7)],
                    active=active)


def allied_turn(g, faction):
    g.execute(StartPlayerTurn(faction=faction))
    g.execute(StartPhase(phase="attrition"))


def test_14_31_adjacent_allied_factions_are_separate_zones(tmp_path):
    g = new_game(tmp_path, position())
    assert {z.id: z.faction for z in g.state.zones.values()} == {AXIS: "AX", WEST: "WA", EAST: "RU"}


def test_14_31_western_allies_and_russia_each_roll_against_the_same_axis_zone(tmp_path):
    g = new_game(tmp_path, position())
    g.execute(StartPhase(phase="end"))
    allied_turn(g, "WA")
    g.execute(BeginAttrition(attacker="WA", zone=AXIS))
    a1 = g.state.attritions["A1"]
    # 14.31: all the faction's factors in one total, two nationalities together; no Russian unit in it.
    assert (a1.units, a1.factors) == (["gb-1", "us-1"], 7)
    k1 = [e.key for _, e in g.execute(RollAttritionDie(procedure="A1", value=0)) if isinstance(e, DieRolled)]
    allied_turn(g, "RU")
    g.execute(BeginAttrition(attacker="RU", zone=AXIS))
    a2 = g.state.attritions["A2"]
    assert (a2.units, a2.factors, a2.contact) == (["su-1"], 7, ["ge-1", "ge-2"])
    k2 = [e.key for _, e in g.execute(RollAttritionDie(procedure="A2", value=0)) if isinstance(e, DieRolled)]
    assert k1 != k2 and k2 == ["attrition/t1/RU/" + AXIS]


def test_14_31_a_faction_rolls_once_however_many_nationalities(tmp_path):
    g = new_game(tmp_path, position())
    g.execute(StartPhase(phase="end"))
    allied_turn(g, "WA")
    g.execute(BeginAttrition(attacker="WA", zone=AXIS, exclude=["gb-1"]))
    # The British unit left out may not make a second Western Allied roll against the zone.
    refused(g, BeginAttrition(attacker="WA", zone=AXIS), "14.13")


def test_14_31_axis_attritions_the_two_allied_factions_separately(tmp_path):
    g = new_game(tmp_path, position())
    g.execute(BeginAttrition(attacker="AX", zone=WEST, exclude=["ge-2"]))
    assert g.state.attritions["A1"].contact == ["gb-1", "us-1"]  # no Russian unit is attritioned with them
    g.execute(RollAttritionDie(procedure="A1", value=0))  # A1 ends with no result: one open at a time (14.11)
    g.execute(BeginAttrition(attacker="AX", zone=EAST))
    a2 = g.state.attritions["A2"]
    assert (a2.units, a2.contact, a2.defender) == (["ge-2"], ["su-1"], "RU")


def test_14_31_a_unit_touching_both_factions_counts_against_one_only(tmp_path):
    g = new_game(tmp_path, position())
    g.execute(BeginAttrition(attacker="AX", zone=WEST))
    g.execute(RollAttritionDie(procedure="A1", value=0))  # 11 factors, CTL +1: 1C
    g.execute(TakeAttritionLosses(procedure="A1", units=["us-1"]))  # A1 is done: one open at a time (14.11)
    err = refused(g, BeginAttrition(attacker="AX", zone=EAST), "14.21")
    assert "ge-1 by 14.23B" in err.message and "ge-2 by 14.23B" in err.message
