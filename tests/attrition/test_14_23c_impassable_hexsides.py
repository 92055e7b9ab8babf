"""14.23C: no count across impassable hexsides or all-water hexsides without a crossing arrow.

Position: the Italian unit in 0404 touches the US unit in 0405 across the
hexside 0404|0405 only; the hexside's kind varies.
"""
from __future__ import annotations

import pytest

from turnlog.engine.attrition import r14_2_zones as zones
from turnlog.engine.commands import BeginAttrition

from helpers import hexes, new_game, refused, scenario, unit


def game_of(tmp_path, side, more_hexes="", more_units=()):
    # The Allied hexes stay one zone through 0406 whatever the hexside 0404|0405 is.
    return new_game(tmp_path, scenario(hexes("0404:AX 0405:WA 0406:WA " + more_hexes),
                                       [unit("it-1", "IT", "0404", 4), unit("us-1", "US", "0405", 3),
                                        *more_units],
                                       hexsides=[{"a": "0404", "b": "0405", **side}] if side else []))


def zone(g):
    return next(z for z in g.state.zones.values() if z.faction == "WA")


@pytest.mark.parametrize("side", [{"impassable": True}, {"all_water": True}])
def test_14_23c_blocking_hexside_refused(tmp_path, side):
    g = game_of(tmp_path, side)
    assert zones.count(g.state, "AX", zone(g)).refused == {"it-1": "14.23C"}
    err = refused(g, BeginAttrition(attacker="AX", zone=zone(g).id), "14.21")
    assert "it-1 by 14.23C" in err.message


@pytest.mark.parametrize("side", [None, {"all_water": True, "crossing_arrow": True}, {"river": True},
                                  {"crossing_arrow": True}])
def test_14_23c_crossable_hexside_counts(tmp_path, side):
    g = game_of(tmp_path, side)
    g.execute(BeginAttrition(attacker="AX", zone=zone(g).id))
    assert g.state.attritions["A1"].units == ["it-1"]


def test_14_23c_blocked_towards_one_hex_but_open_towards_another_counts(tmp_path):
    # 0404 also touches 0503, an Allied hex of the same zone (via 0504) holding us-2.
    g = game_of(tmp_path, {"impassable": True}, "0503:WA 0504:WA",
                [unit("us-2", "US", "0503", 2)])
    g.execute(BeginAttrition(attacker="AX", zone=zone(g).id))
    p = g.state.attritions["A1"]
    assert (p.units, p.contact) == (["it-1"], ["us-2"])  # us-1, behind the impassable side, is not in contact
