"""14.211 contiguity: whether two hexes facing each other across water (or an impassable hexside) are one zone.

Reading (docs/rulings.md, Open questions): contiguous means joined across a hexside a land unit can cross
(the engine's reading); ``rules.attrition.zone_contiguity = "adjacent"`` joins any two neighbouring hexes.
"""
from __future__ import annotations

import pytest

from helpers import hexes, new_game, scenario

ADJACENT = {"attrition": {"zone_contiguity": "adjacent"}}


def zones(tmp_path, side, rules=None):
    g = new_game(tmp_path, scenario(hexes("0404:WA 0405:WA"), [], rules=rules,
                                    hexsides=[{"a": "0404", "b": "0405", **side}]))
    return sorted(z.hexes for z in g.state.zones.values() if z.faction == "WA")


@pytest.mark.parametrize("side", [{"impassable": True}, {"all_water": True}])
def test_14_211_default_closed_hexsides_separate_zones(tmp_path, side):
    assert zones(tmp_path, side) == [["0404"], ["0405"]]


@pytest.mark.parametrize("side", [{"impassable": True}, {"all_water": True}])
def test_14_211_option_adjacent_joins_them(tmp_path, side):
    assert zones(tmp_path, side, ADJACENT) == [["0404", "0405"]]


def test_14_211_option_adjacent_keeps_the_seasonal_splits(tmp_path):
    hx = hexes("0404:WA 0405:WA", front="eastern")
    hx[0]["pact_side"], hx[1]["pact_side"] = "west", "east"
    g = new_game(tmp_path, scenario(hx, [], rules=ADJACENT, season="winter"))
    assert sorted(z.hexes for z in g.state.zones.values()) == [["0404"], ["0405"]]
