"""14.22A, 14.11: while an attrition is open, the board it counted stays as it was counted.

The count is taken at BeginAttrition and stands for the roll (14.22A: the units in contact when the die is
rolled); losses, occupation and retreats (14.11 B-E) read the same board. So a host command that would change
a position, a supply state, control, an offensive mark, a feature or the weather is refused while an
attrition is open, naming the rule (14.22A before the roll, 14.11 after it) and the open procedure; so is a
second BeginAttrition (reading in docs/rulings.md: one attrition at a time, rather than re-counting).

Position as tests/attrition/test_14_13_one_roll_per_zone.py: it-1 (5) and it-2 (4) in 0404 between the Western
Allied zones 0403 (us-1) and 0405 (us-2, us-3).
"""
from __future__ import annotations

import pytest

from turnlog.engine import commands as c
from turnlog.engine.commands import BeginAttrition, RollAttritionDie, TakeAttritionLosses
from turnlog.events.setup import Feature, WeatherSpec

from helpers import hexes, new_game, refused, scenario, unit

NORTH, SOUTH = "WA/western/0403", "WA/western/0405"

HOST = [
    c.MoveUnit(unit="it-1", hex="0303"),
    c.MoveUnit(unit="us-3", hex="0303"),
    c.SetSupply(unit="it-1", supply="none"),
    c.SetControl(hex="0405", faction="AX"),
    c.MarkOffensive(units=["it-1"]),
    c.PlaceFeature(hex="0405", feature=Feature(kind="fortress")),
    c.RemoveFeature(hex="0405", kind="port"),
    c.SetWeather(weather=WeatherSpec(zone="W", winter_level=3)),
]
IDS = ["move-counted", "move-contact", "supply", "control", "offensive", "place-feature", "remove-feature",
       "weather"]


@pytest.fixture
def game(tmp_path):
    hx = hexes("0303:AX 0403:WA 0404:AX 0405:WA")
    hx[3]["features"] = [{"kind": "port"}]
    g = new_game(tmp_path, scenario(hx, [unit("it-1", "IT", "0404", 5), unit("it-2", "IT", "0404", 4),
                                         unit("us-1", "US", "0403", 3), unit("us-2", "US", "0405", 3),
                                         unit("us-3", "US", "0405", 3)]))
    yield g
    g.close()


@pytest.mark.parametrize("cmd", HOST, ids=IDS)
def test_14_22a_host_facts_refused_between_count_and_roll(game, cmd):
    # The audit's probe: it-1 moved away after the count and the die was rolled on the stale count.
    game.execute(BeginAttrition(attacker="AX", zone=SOUTH, exclude=["it-2"]))
    err = refused(game, cmd, "14.22A")
    assert "A1" in err.message and "roll" in err.message


@pytest.mark.parametrize("cmd", HOST, ids=IDS)
def test_14_11_host_facts_refused_until_the_attrition_is_done(game, cmd):
    game.execute(BeginAttrition(attacker="AX", zone=SOUTH, exclude=["it-2"]))
    game.execute(RollAttritionDie(procedure="A1", value=5))  # 1-10 column, row 5: 1C
    err = refused(game, cmd, "14.11")
    assert "A1" in err.message and "losses" in err.message
    game.execute(TakeAttritionLosses(procedure="A1", units=["us-2"]))
    assert game.state.attritions["A1"].phase == "done"
    game.execute(cmd)


def test_14_22a_legal_offers_no_host_fact_while_open(game):
    assert "MoveUnit" in [x.head for x in game.legal()]
    game.execute(BeginAttrition(attacker="AX", zone=SOUTH))
    offered = [x.head for x in game.legal()]
    assert not {"MoveUnit", "SetSupply", "SetControl", "MarkOffensive", "PlaceFeature", "RemoveFeature",
                "SetWeather"} & set(offered)
    assert "AddNote" in offered and "RollAttritionDie procedure=A1" in offered
    assert not any(o.startswith("BeginAttrition") for o in offered)


def test_14_22a_notes_are_no_board_fact(game):
    game.execute(BeginAttrition(attacker="AX", zone=SOUTH))
    game.execute(c.AddNote(text="counted"))


def test_14_11_a_second_attrition_waits_for_the_first(game):
    # The audit's probe: a second BeginAttrition was accepted while A1 waited for its roll.
    game.execute(BeginAttrition(attacker="AX", zone=SOUTH, exclude=["it-2"]))
    err = refused(game, BeginAttrition(attacker="AX", zone=NORTH), "14.11")
    assert "A1" in err.message and "'roll'" in err.message
    game.execute(RollAttritionDie(procedure="A1", value=5))
    refused(game, BeginAttrition(attacker="AX", zone=NORTH), "14.11")
    game.execute(TakeAttritionLosses(procedure="A1", units=["us-2"]))
    game.execute(BeginAttrition(attacker="AX", zone=NORTH))
    assert game.state.attritions["A2"].units == ["it-2"]
