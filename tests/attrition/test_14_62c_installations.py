"""14.62C: capitals, objectives, ICs, fortresses, fortifications, railheads and river/crossing-arrow
bridgeheads may not be taken by attrition; seaborne bridgeheads may; Maginot/West Wall hexes only by
units that attrition across an unfortified hexside.

Position: Italians in 0404 (11 factors) touch 0503 (plain) and 0504 (the hex under test); it-2 in 0405
touches 0504 only. The loss comes from the rear hex 0604.
"""
from __future__ import annotations

import pytest

from turnlog.engine.commands import BeginAttrition, RollAttritionDie, SelectOccupation, TakeAttritionLosses
from turnlog.events.attrition import Selection

from helpers import hexes, new_game, refused, scenario, unit

BOARD = "0403:AX 0404:AX 0405:AX 0503:WA 0504:WA 0505:WA 0603:WA 0604:WA 0605:WA"


def at_select(tmp_path, features=(), hexsides=()):
    hx = hexes(BOARD)
    next(h for h in hx if h["id"] == "0504")["features"] = list(features)
    units = [unit("it-1", "IT", "0404", 11), unit("it-2", "IT", "0405", 3), unit("us-1", "US", "0504"),
             unit("us-2", "US", "0503"), unit("us-rear", "US", "0604")]
    g = new_game(tmp_path, scenario(hx, units, hexsides=hexsides))
    zone = next(z.id for z in g.state.zones.values() if "0504" in z.hexes)
    g.execute(BeginAttrition(attacker="AX", zone=zone))
    g.execute(RollAttritionDie(procedure="A1", value=5))  # 11-20 column: 1C/1H
    g.execute(TakeAttritionLosses(procedure="A1", units=["us-rear"]))
    assert g.state.attritions["A1"].phase == "select"
    return g


def select(h, *units):
    return SelectOccupation(procedure="A1", selections=[Selection(hex=h, units=list(units))])


@pytest.mark.parametrize("feature", [
    {"kind": "capital", "name": "Paris"}, {"kind": "objective"}, {"kind": "ic"}, {"kind": "fortress"},
    {"kind": "fortification"}, {"kind": "railhead"}, {"kind": "bridgehead", "origin": "river"},
    {"kind": "bridgehead", "origin": "crossing_arrow"}, {"kind": "bridgehead"},
], ids=lambda f: f["kind"] + (f"-{f['origin']}" if "origin" in f else ""))
def test_14_62c_installation_bars_occupation(tmp_path, feature):
    g = at_select(tmp_path, [feature])
    refused(g, select("0504", "it-1"), "14.62C")
    g.execute(select("0503", "it-1"))  # the same attrition may still take a plain hex


@pytest.mark.parametrize("feature", [
    None, {"kind": "bridgehead", "origin": "seaborne"}, {"kind": "city", "name": "Luxembourg"},
], ids=["plain", "seaborne-bridgehead", "luxembourg-no-capital"])
def test_14_62c_occupiable_hex(tmp_path, feature):
    g = at_select(tmp_path, [feature] if feature else [])
    g.execute(select("0504", "it-2"))
    assert g.state.attritions["A1"].selections == [Selection(hex="0504", units=["it-2"])]


LINE = [{"a": "0404", "b": "0504", "fortified_by": "WA"}]  # it-1 faces the line; it-2 (0405) does not


@pytest.mark.parametrize("kind", ["maginot", "west_wall"])
def test_14_62c_line_hex_taken_across_an_unfortified_hexside(tmp_path, kind):
    g = at_select(tmp_path, [{"kind": kind}], LINE)
    assert {"it-1", "it-2"} <= set(g.state.attritions["A1"].units)  # it-1 counts through 0503
    g.execute(select("0504", "it-2"))
    assert g.state.attritions["A1"].phase == "retreat"


@pytest.mark.parametrize("kind", ["maginot", "west_wall"])
def test_14_62c_unit_across_a_fortified_hexside_may_not_take_a_line_hex(tmp_path, kind):
    g = at_select(tmp_path, [{"kind": kind}], LINE)
    refused(g, select("0504", "it-1"), "14.62C")
    refused(g, select("0504", "it-2", "it-1"), "14.62C")  # not even beside a unit that may


def test_14_62c_fortified_hexside_of_a_plain_hex_is_not_14_62c(tmp_path):
    g = at_select(tmp_path, [], LINE)
    g.execute(select("0504", "it-2"))
