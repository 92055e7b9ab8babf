"""14.23B: a unit counts in one attrition level a game turn, on this front or another.

Position: the Italian unit in 0404 touches two Allied zones: 0405 (western front)
and 0403 (Mediterranean front), and, beyond them, nothing else.
"""
from __future__ import annotations

import pytest

from turnlog.engine.attrition import r14_2_zones as zones
from turnlog.engine.commands import RollAttritionDie, BeginAttrition, StartGameTurn, StartPhase, StartPlayerTurn

from helpers import hexes, new_game, refused, scenario, unit

WEST, MED, WEST2 = "WA/western/0405", "WA/mediterranean/0403", "WA/western/0503"


@pytest.fixture
def game(tmp_path):
    hx = hexes("0403:WA 0404:AX 0405:WA 0503:WA")
    hx[0]["front"] = "mediterranean"
    hx[3]["weather_zone"] = "M"  # 0503 is its own western-front zone
    g = new_game(tmp_path, scenario(hx, [unit("it-1", "IT", "0404", 4), unit("it-2", "IT", "0404", 2),
                                         unit("us-1", "US", "0405", 3), unit("us-2", "US", "0403", 3),
                                         unit("us-3", "US", "0503", 3)]))
    yield g
    g.close()


def test_14_23b_counted_units_do_not_count_again_on_another_front(game):
    game.execute(BeginAttrition(attacker="AX", zone=WEST, exclude=["it-2"]))
    game.execute(RollAttritionDie(procedure="A1", value=0))  # A1 ends with no result: one open at a time (14.11)
    c = zones.count(game.state, "AX", game.state.zones[MED])
    assert (c.units, c.refused) == (["it-2"], {"it-1": "14.23B"})
    game.execute(BeginAttrition(attacker="AX", zone=MED))
    assert game.state.attritions["A2"].units == ["it-2"]


def test_14_23b_counted_units_do_not_count_again_on_the_same_front(game):
    game.execute(BeginAttrition(attacker="AX", zone=WEST))
    game.execute(RollAttritionDie(procedure="A1", value=0))  # A1 ends with no result: one open at a time (14.11)
    err = refused(game, BeginAttrition(attacker="AX", zone=WEST2), "14.21")
    assert "it-1 by 14.23B" in err.message and "it-2 by 14.23B" in err.message


def test_14_23b_a_new_game_turn_frees_them(game):
    game.execute(BeginAttrition(attacker="AX", zone=WEST))
    game.execute(RollAttritionDie(procedure="A1", value=0))  # no result: the procedure ends (14.11)
    game.execute(StartGameTurn(turn=2, season="summer", year=1943))
    game.execute(StartPlayerTurn(faction="AX"))
    game.execute(StartPhase(phase="attrition"))
    game.execute(BeginAttrition(attacker="AX", zone=MED))
    assert game.state.attritions["A2"].units == ["it-1", "it-2"]
