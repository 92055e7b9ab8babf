"""14.13: each turn, one attrition roll per faction against each enemy faction's zone.

Position: two Italian units (0404, AX) touch two separate Western Allied zones,
0403 and 0405 (not adjacent to each other).
"""
from __future__ import annotations


from turnlog.engine.commands import (BeginAttrition, RollAttritionDie, StartGameTurn, StartPhase, StartPlayerTurn,
                             TakeAttritionLosses)
from turnlog.events.game import DieRolled

from helpers import refused

NORTH, SOUTH = "WA/western/0403", "WA/western/0405"


def test_14_13_two_zones_are_two_separate_attritions(two_zones):
    two_zones.execute(BeginAttrition(attacker="AX", zone=SOUTH, exclude=["it-2"]))
    two_zones.execute(RollAttritionDie(procedure="A1", value=0))  # no result: A1 is done (one open at a time, 14.11)
    two_zones.execute(BeginAttrition(attacker="AX", zone=NORTH))
    a1, a2 = two_zones.state.attritions["A1"], two_zones.state.attritions["A2"]
    assert (a1.units, a1.contact) == (["it-1"], ["us-2"])
    assert (a2.units, a2.contact) == (["it-2"], ["us-1"])


def test_14_13_second_attrition_against_the_same_zone_refused(two_zones):
    two_zones.execute(BeginAttrition(attacker="AX", zone=SOUTH, exclude=["it-2"]))
    err = refused(two_zones, BeginAttrition(attacker="AX", zone=SOUTH), "14.13")
    assert "A1" in err.message


def test_14_13_refused_even_after_the_first_attrition_is_over(two_zones):
    two_zones.execute(BeginAttrition(attacker="AX", zone=SOUTH, exclude=["it-2"]))
    two_zones.execute(RollAttritionDie(procedure="A1", value=5))  # 1-10 column row 5: 1C
    two_zones.execute(TakeAttritionLosses(procedure="A1", units=["us-2"]))
    assert two_zones.state.attritions["A1"].losses == ["us-2"]
    refused(two_zones, BeginAttrition(attacker="AX", zone=SOUTH), "14.13")


def test_14_13_a_new_game_turn_allows_a_new_roll(two_zones):
    two_zones.execute(BeginAttrition(attacker="AX", zone=SOUTH))
    two_zones.execute(RollAttritionDie(procedure="A1", value=0))  # no result: the procedure ends (14.11)
    two_zones.execute(StartGameTurn(turn=2, season="summer", year=1943))
    two_zones.execute(StartPlayerTurn(faction="AX"))
    two_zones.execute(StartPhase(phase="attrition"))
    evs = [e for _, e in two_zones.execute(BeginAttrition(attacker="AX", zone=SOUTH))]
    assert two_zones.state.attritions["A2"].turn == 2 and two_zones.state.attritions["A2"].units == ["it-1", "it-2"]
    rolled = [e for _, e in two_zones.execute(RollAttritionDie(procedure="A2"))]
    assert [e.key for e in rolled if isinstance(e, DieRolled)] == ["attrition/t2/AX/" + SOUTH]
    assert evs


def test_14_13_own_faction_zone_refused(two_zones):
    refused(two_zones, BeginAttrition(attacker="AX", zone="AX/western/0404"), "14.13")
