"""14.23F: partisans, replacements, flak, air and naval units never count, even when adjacent.

Position: an Axis unit of the tested type in 0404 touches the US unit in 0405.
"""
from __future__ import annotations

import pytest

from turnlog.engine.attrition import r14_2_zones as zones
from turnlog.engine.commands import BeginAttrition

from helpers import hexes, new_game, refused, scenario, unit

ZONE = "WA/western/0405"


def game_of(tmp_path, type_, extra=()):
    return new_game(tmp_path, scenario(hexes("0404:AX 0405:WA"),
                                       [unit("ax-1", "IT", "0404", 4, type_), unit("us-1", "US", "0405", 3),
                                        *extra]))


@pytest.mark.parametrize("type_", ["partisan", "replacement", "flak", "air", "naval"])
def test_14_23f_never_counted(tmp_path, type_):
    g = game_of(tmp_path, type_)
    assert zones.count(g.state, "AX", g.state.zones[ZONE]).refused == {"ax-1": "14.23F"}
    err = refused(g, BeginAttrition(attacker="AX", zone=ZONE), "14.21")
    assert "ax-1 by 14.23F" in err.message


@pytest.mark.parametrize("type_", ["partisan", "replacement", "flak", "air", "naval"])
def test_14_23f_left_out_beside_a_counted_unit(tmp_path, type_):
    g = game_of(tmp_path, type_, [unit("it-2", "IT", "0404", 2, "armor")])
    g.execute(BeginAttrition(attacker="AX", zone=ZONE))
    assert (g.state.attritions["A1"].units, g.state.attritions["A1"].factors) == (["it-2"], 2)


@pytest.mark.parametrize("type_", ["infantry", "armor", "airborne", "chindit", "mechanized"])
def test_14_23f_other_ground_units_count(tmp_path, type_):
    g = game_of(tmp_path, type_)
    g.execute(BeginAttrition(attacker="AX", zone=ZONE))
    assert g.state.attritions["A1"].units == ["ax-1"]
