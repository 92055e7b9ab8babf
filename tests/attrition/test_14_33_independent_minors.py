"""14.33: an independent minor country is attritioned separately, with its own roll.

The minor is its own faction in the scenario (`independent_minor = true`, its own
side), so its hexes form their own zones. Position: Axis hex 0505 between a
Western Allied hex 0405 and a Yugoslav hex 0605 (which do not touch).
"""
from __future__ import annotations

import pytest

from turnlog.engine.commands import BeginAttrition, RollAttritionDie
from turnlog.events.game import DieRolled

from helpers import FACTIONS, NATIONALITIES, hexes, new_game, refused, scenario, unit

YUGO, WEST = "YU/western/0605", "WA/western/0405"


@pytest.fixture
def game(tmp_path):
    sc = scenario(hexes("0405:WA 0505:AX 0605:YU"),
                  [unit("ge-1", "GE", "0505", 6), unit("ge-2", "GE", "0505", 5),
                   unit("us-1", "US", "0405", 4), unit("yu-1", "YG", "0605", 2), unit("yu-2", "YG", "0605", 1)],
                  factions=FACTIONS + [{"id": "YU", "side": "yugoslavia", "independent_minor": True}],
                  nationalities=NATIONALITIES + [{"id": "YG", "faction": "YU", "status": "independent_minor"}])
    g = new_game(tmp_path, sc)
    yield g
    g.close()


def test_14_33_independent_minor_has_its_own_zone(game):
    assert game.state.zones[YUGO].faction == "YU" and game.state.zones[YUGO].hexes == ["0605"]


def test_14_33_separate_roll_against_the_minor(game):
    game.execute(BeginAttrition(attacker="AX", zone=WEST, exclude=["ge-2"]))
    assert game.state.attritions["A1"].contact == ["us-1"]  # the Yugoslavs are not attritioned with the Allies
    game.execute(RollAttritionDie(procedure="A1", value=0))  # A1 ends with no result: one open at a time (14.11)
    game.execute(BeginAttrition(attacker="AX", zone=YUGO))
    a2 = game.state.attritions["A2"]
    assert (a2.defender, a2.units, a2.contact) == ("YU", ["ge-2"], ["yu-1", "yu-2"])
    keys = [e.key for _, e in game.execute(RollAttritionDie(procedure="A2", value=3)) if isinstance(e, DieRolled)]
    assert keys == ["attrition/t1/AX/" + YUGO]


def test_14_33_only_one_roll_against_the_minor(game):
    game.execute(BeginAttrition(attacker="AX", zone=YUGO, exclude=["ge-2"]))
    refused(game, BeginAttrition(attacker="AX", zone=YUGO), "14.13")


def test_14_33_units_touching_only_the_minor_do_not_count_against_the_allies(tmp_path):
    # ge-1 touches the empty Allied hex 0405 and the Yugoslav unit; us-1 is out of reach in 0404.
    sc = scenario(hexes("0404:WA 0405:WA 0505:AX 0605:YU"),
                  [unit("ge-1", "GE", "0505", 6), unit("us-1", "US", "0404", 4), unit("yu-1", "YG", "0605", 2)],
                  factions=FACTIONS + [{"id": "YU", "side": "yugoslavia", "independent_minor": True}],
                  nationalities=NATIONALITIES + [{"id": "YG", "faction": "YU", "status": "independent_minor"}])
    g = new_game(tmp_path, sc)
    west = next(z.id for z in g.state.zones.values() if z.faction == "WA")
    refused(g, BeginAttrition(attacker="AX", zone=west), "14.21")
    g.execute(BeginAttrition(attacker="AX", zone=YUGO))
    assert g.state.attritions["A1"].units == ["ge-1"]
