"""14.22: units adjacent to the zone's defending ground units count, supplied or not, from any front.

Position: the US unit in 0405 (western front); Axis hexes 0404 and 0304 touch it,
0403 does not.
"""
from __future__ import annotations


from turnlog.engine.attrition import r14_2_zones as zones
from turnlog.engine.commands import BeginAttrition

from helpers import hexes, new_game, refused, scenario, unit

ZONE = "WA/western/0405"


def game_of(tmp_path, units, hx=None):
    return new_game(tmp_path, scenario(hx or hexes("0403:AX 0404:AX 0304:AX 0405:WA"),
                                       [unit("us-1", "US", "0405", 3), *units]))


def test_14_22a_adjacent_units_count_whether_supplied_or_not(tmp_path):
    g = game_of(tmp_path, [unit("it-1", "IT", "0404", 4, supply="none"), unit("it-2", "IT", "0304", 5,
                                                                              supply="partial")])
    g.execute(BeginAttrition(attacker="AX", zone=ZONE))
    assert (g.state.attritions["A1"].units, g.state.attritions["A1"].factors) == (["it-1", "it-2"], 9)


def test_14_22a_units_not_adjacent_do_not_count(tmp_path):
    g = game_of(tmp_path, [unit("it-1", "IT", "0403", 4)])
    assert zones.count(g.state, "AX", g.state.zones[ZONE]).units == []
    refused(g, BeginAttrition(attacker="AX", zone=ZONE), "14.21")


def test_14_22a_units_adjacent_only_to_an_empty_zone_hex_do_not_count(tmp_path):
    # 0303's neighbours include the empty Allied hex 0404, not the defended 0405.
    hx = hexes("0303:AX 0404:WA 0405:WA")
    g = game_of(tmp_path, [unit("it-1", "IT", "0303", 4)], hx)
    refused(g, BeginAttrition(attacker="AX", zone="WA/western/0404"), "14.21")


def test_14_22b_units_on_another_front_adjacent_to_this_fronts_enemy_count(tmp_path):
    hx = hexes("0403:AX 0404:AX 0304:AX 0405:WA")
    hx[1]["front"] = "mediterranean"          # 0404 is on another front
    g = game_of(tmp_path, [unit("it-1", "IT", "0404", 4), unit("it-2", "IT", "0304", 5)], hx)
    assert g.state.hexes["0404"].front != g.state.zones[ZONE].front
    g.execute(BeginAttrition(attacker="AX", zone=ZONE))
    assert g.state.attritions["A1"].units == ["it-1", "it-2"]
