"""14.23D: no count across an enemy fortified hexside; own ones allowed; fortresses never attritioned.

Position: the Italian unit in 0404 touches the US unit in 0405 (across 0404|0405)
and nothing else unless a test adds it. Maginot/West Wall facing is modelled as
hexsides `fortified_by` the defender (docs/rulings.md 14.23C/D).
"""
from __future__ import annotations

import pytest

from turnlog.engine.attrition import r14_2_zones as zones
from turnlog.engine.commands import BeginAttrition

from helpers import hexes, new_game, refused, scenario, unit


def game_of(tmp_path, fortified_by="", features=(), units=(), hx="0404:AX 0405:WA", us_supply="full"):
    h = hexes(hx)
    h[1]["features"] = [{"kind": k} for k in features]
    sides = [{"a": "0404", "b": "0405", "fortified_by": fortified_by}] if fortified_by else []
    return new_game(tmp_path, scenario(h, [unit("it-1", "IT", "0404", 4),
                                           unit("us-1", "US", "0405", 3, supply=us_supply), *units],
                                       hexsides=sides))


def zone_id(g):
    return next(z.id for z in g.state.zones.values() if z.faction == "WA" and "0405" in z.hexes)


@pytest.mark.parametrize("owner", ["WA", "RU"])   # the defender's, or his side's
def test_14_23d_enemy_fortified_hexside_refused(tmp_path, owner):
    g = game_of(tmp_path, fortified_by=owner)
    assert zones.count(g.state, "AX", g.state.zones[zone_id(g)]).refused == {"it-1": "14.23D"}
    err = refused(g, BeginAttrition(attacker="AX", zone=zone_id(g)), "14.21")
    assert "it-1 by 14.23D" in err.message


def test_14_23d_refused_even_when_the_fortification_is_negated_by_isolation(tmp_path):
    g = game_of(tmp_path, fortified_by="WA", us_supply="none")
    refused(g, BeginAttrition(attacker="AX", zone=zone_id(g)), "14.21")


def test_14_23d_own_fortified_hexside_allowed(tmp_path):
    g = game_of(tmp_path, fortified_by="AX")
    g.execute(BeginAttrition(attacker="AX", zone=zone_id(g)))
    assert g.state.attritions["A1"].units == ["it-1"]


def test_14_23d_open_hexside_to_another_defended_hex_counts(tmp_path):
    # 0404 also touches 0504, an Allied hex (same zone through 0505) across an open hexside.
    g = game_of(tmp_path, fortified_by="WA", hx="0404:AX 0405:WA 0504:WA 0505:WA",
                units=[unit("us-2", "US", "0504", 2)])
    g.execute(BeginAttrition(attacker="AX", zone=zone_id(g)))
    p = g.state.attritions["A1"]
    assert (p.units, p.contact) == (["it-1"], ["us-2"])


@pytest.mark.parametrize("kind", ["fortress", "fortification"])
def test_14_23d_units_in_a_fortress_or_omnidirectional_fortification_never_attritioned(tmp_path, kind):
    g = game_of(tmp_path, features=[kind])
    err = refused(g, BeginAttrition(attacker="AX", zone=zone_id(g)), "14.21")
    assert "it-1 by 14.23D" in err.message


@pytest.mark.parametrize("kind", ["fortress", "fortification"])
def test_14_23d_fortress_hex_excluded_but_the_rest_of_the_zone_attritioned(tmp_path, kind):
    g = game_of(tmp_path, features=[kind], hx="0404:AX 0405:WA 0504:WA 0505:WA",
                units=[unit("us-2", "US", "0504", 2)])
    g.execute(BeginAttrition(attacker="AX", zone=zone_id(g)))
    assert g.state.attritions["A1"].contact == ["us-2"]


@pytest.mark.parametrize("kind", ["maginot", "west_wall"])
def test_14_23d_line_fortification_facing_the_attacker_refused(tmp_path, kind):
    g = game_of(tmp_path, fortified_by="WA", features=[kind])
    refused(g, BeginAttrition(attacker="AX", zone=zone_id(g)), "14.21")


@pytest.mark.parametrize("kind", ["maginot", "west_wall"])
def test_14_23d_line_fortification_attritioned_from_its_open_side(tmp_path, kind):
    # it-2 in 0304 touches 0405 across 0304|0405, which is not fortified.
    g = game_of(tmp_path, fortified_by="WA", features=[kind], hx="0404:AX 0405:WA 0304:AX",
                units=[unit("it-2", "IT", "0304", 5)])
    g.execute(BeginAttrition(attacker="AX", zone=zone_id(g)))
    p = g.state.attritions["A1"]
    assert (p.units, p.contact) == (["it-2"], ["us-1"])
