"""14.213: the attacker may leave eligible units out of an attrition.

Position: Italian units in 0404 and 0504 both touch the US unit in 0405.
"""
from __future__ import annotations

import pytest

from turnlog.engine.commands import BeginAttrition, RollAttritionDie
from turnlog.events.attrition import AttritionBegun, FactorsCounted

from helpers import hexes, new_game, refused, scenario, unit

ZONE = "WA/western/0405"


@pytest.fixture
def game(tmp_path):
    g = new_game(tmp_path, scenario(hexes("0404:AX 0504:AX 0405:WA"),
                                    [unit("it-1", "IT", "0404", 8), unit("it-2", "IT", "0504", 5),
                                     unit("us-1", "US", "0405", 3)]))
    yield g
    g.close()


def test_14_213_excluded_unit_is_left_out_of_the_level(game):
    evs = [e for _, e in game.execute(BeginAttrition(attacker="AX", zone=ZONE, exclude=["it-2"]))]
    assert evs[0] == AttritionBegun(procedure="A1", attacker="AX", defender="WA", zone=ZONE, excluded=["it-2"])
    counted = next(e for e in evs if isinstance(e, FactorsCounted))
    assert (counted.units, counted.factors) == (["it-1"], 8)
    assert "it-2" not in game.state.counted   # left free for another attrition this turn (14.23B)


def test_14_213_without_exclusion_every_eligible_unit_counts(game):
    game.execute(BeginAttrition(attacker="AX", zone=ZONE))
    assert game.state.attritions["A1"].factors == 13


def test_14_213_exclusion_can_lower_the_column(game):
    # 13 factors read 11-20; 8 factors read 1-10, where a 4 is no result (the player's reason to exclude).
    game.execute(BeginAttrition(attacker="AX", zone=ZONE, exclude=["it-2"]))
    game.execute(RollAttritionDie(procedure="A1", value=4))
    p = game.state.attritions["A1"]
    assert (p.column, p.counters, p.hexes, p.phase) == ("1-10", 0, 0, "done")


def test_14_213_excluding_everyone_leaves_nothing_to_roll(game):
    err = refused(game, BeginAttrition(attacker="AX", zone=ZONE, exclude=["it-1", "it-2"]), "14.21")
    assert "it-1 by 14.213" in err.message and "it-2 by 14.213" in err.message
