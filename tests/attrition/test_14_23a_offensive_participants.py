"""14.23A: units that took part in offensive operations this combat phase do not count, on any front.

Position: Italian units in 0404 and 0304 touch the US unit in 0405. The host
reports offensives with MarkOffensive (regular combat, seaborne invasions and
airdrops onto undefended hexes, exploitation).
"""
from __future__ import annotations

import pytest

from turnlog.engine.attrition import r14_2_zones as zones
from turnlog.engine.commands import BeginAttrition, MarkOffensive, StartGameTurn, StartPhase, StartPlayerTurn

from helpers import hexes, new_game, refused, scenario, unit

ZONE = "WA/western/0405"


@pytest.fixture
def game(tmp_path):
    hx = hexes("0404:AX 0304:AX 0405:WA")
    hx[1]["front"] = "mediterranean"
    g = new_game(tmp_path, scenario(hx, [unit("it-1", "IT", "0404", 4), unit("it-2", "IT", "0304", 5),
                                         unit("us-1", "US", "0405", 3)]))
    yield g
    g.close()


def test_14_23a_offensive_unit_left_out(game):
    game.execute(MarkOffensive(units=["it-1"]))
    c = zones.count(game.state, "AX", game.state.zones[ZONE])
    assert (c.units, c.refused) == (["it-2"], {"it-1": "14.23A"})
    game.execute(BeginAttrition(attacker="AX", zone=ZONE))
    assert game.state.attritions["A1"].factors == 5


def test_14_23a_offensive_on_another_front_also_left_out(game):
    game.execute(MarkOffensive(units=["it-2"]))   # it-2 stands on the Mediterranean front
    game.execute(BeginAttrition(attacker="AX", zone=ZONE))
    assert game.state.attritions["A1"].units == ["it-1"]


def test_14_23a_only_offensive_units_touch_so_no_attrition(game):
    game.execute(MarkOffensive(units=["it-1", "it-2"]))
    err = refused(game, BeginAttrition(attacker="AX", zone=ZONE), "14.21")
    assert "it-1 by 14.23A" in err.message


def test_14_23a_last_turns_offensive_does_not_count_against_a_unit(game):
    game.execute(MarkOffensive(units=["it-1", "it-2"]))
    game.execute(StartGameTurn(turn=2, season="summer", year=1943))
    game.execute(StartPlayerTurn(faction="AX"))
    game.execute(StartPhase(phase="attrition"))
    game.execute(BeginAttrition(attacker="AX", zone=ZONE))
    assert game.state.attritions["A1"].units == ["it-1", "it-2"]
