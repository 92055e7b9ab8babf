"""14.13: each turn, one attrition roll per faction against each enemy faction's zone.

Position: two Italian units (0404, AX) touch two separate Western Allied zones,
0403 and 0405 (not adjacent to each other).
"""
from __future__ import annotations

import pytest

from turnlog.engine.commands import (BeginAttrition, RollAttritionDie, StartGameTurn, StartPhase, StartPlayerTurn,
                             TakeAttritionLosses)
from turnlog.events.game import DieRolled

from helpers import hexes, new_game, refused, scenario, unit

NORTH, SOUTH = "WA/western/0403", "WA/western/0405"


@pytest.fixture
def game(tmp_path):
    sc = scenario(hexes("0403:WA 0404:AX 0405:WA"),
                  [unit("it-1", "IT", "0404", 5), unit("it-2", "IT", "0404", 4),
                   unit("us-1", "US", "0403", 3), unit("us-2", "US", "0405", 3)])
    g = new_game(tmp_path, sc)
    yield g
    g.close()


def test_14_13_two_zones_are_two_separate_attritions(game):
    game.execute(BeginAttrition(attacker="AX", zone=SOUTH, exclude=["it-2"]))
    game.execute(RollAttritionDie(procedure="A1", value=0))  # no result: A1 is done (one open at a time, 14.11)
    game.execute(BeginAttrition(attacker="AX", zone=NORTH))
    a1, a2 = game.state.attritions["A1"], game.state.attritions["A2"]
    assert (a1.units, a1.contact) == (["it-1"], ["us-2"])
    assert (a2.units, a2.contact) == (["it-2"], ["us-1"])


def test_14_13_second_attrition_against_the_same_zone_refused(game):
    game.execute(BeginAttrition(attacker="AX", zone=SOUTH, exclude=["it-2"]))
    err = refused(game, BeginAttrition(attacker="AX", zone=SOUTH), "14.13")
    assert "A1" in err.message


def test_14_13_refused_even_after_the_first_attrition_is_over(game):
    game.execute(BeginAttrition(attacker="AX", zone=SOUTH, exclude=["it-2"]))
    game.execute(RollAttritionDie(procedure="A1", value=5))  # 1-10 column row 5: 1C
    game.execute(TakeAttritionLosses(procedure="A1", units=["us-2"]))
    assert game.state.attritions["A1"].losses == ["us-2"]
    refused(game, BeginAttrition(attacker="AX", zone=SOUTH), "14.13")


def test_14_13_a_new_game_turn_allows_a_new_roll(game):
    game.execute(BeginAttrition(attacker="AX", zone=SOUTH))
    game.execute(RollAttritionDie(procedure="A1", value=0))  # no result: the procedure ends (14.11)
    game.execute(StartGameTurn(turn=2, season="summer", year=1943))
    game.execute(StartPlayerTurn(faction="AX"))
    game.execute(StartPhase(phase="attrition"))
    evs = [e for _, e in game.execute(BeginAttrition(attacker="AX", zone=SOUTH))]
    assert game.state.attritions["A2"].turn == 2 and game.state.attritions["A2"].units == ["it-1", "it-2"]
    rolled = [e for _, e in game.execute(RollAttritionDie(procedure="A2"))]
    assert [e.key for e in rolled if isinstance(e, DieRolled)] == ["attrition/t2/AX/" + SOUTH]
    assert evs


def test_14_13_own_faction_zone_refused(game):
    refused(game, BeginAttrition(attacker="AX", zone="AX/western/0404"), "14.13")
