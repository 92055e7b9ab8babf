"""14.62E: no unit may advance across a river or crossing arrow; a hex reachable only that way is closed,
one bounded by rivers elsewhere is open to units coming across other hexsides.

Position: it-1 (0404, 11 factors) touches 0503 and 0504; it-2 (0405, 3) touches 0504 only. The hexside
0404|0504 or 0405|0504 carries the river or arrow under test; the loss comes from the rear hex 0604.
"""
from __future__ import annotations

import pytest

from turnlog.engine.attrition.r14_6_occupation import eligible_hexes
from turnlog.engine.commands import BeginAttrition, RollAttritionDie, SelectOccupation, TakeAttritionLosses
from turnlog.events.attrition import Selection

from helpers import hexes, new_game, refused, scenario, unit

BOARD = "0403:AX 0404:AX 0405:AX 0503:WA 0504:WA 0505:WA 0603:WA 0604:WA 0605:WA"


def at_select(tmp_path, hexsides):
    units = [unit("it-1", "IT", "0404", 11), unit("it-2", "IT", "0405", 3), unit("us-1", "US", "0504"),
             unit("us-2", "US", "0503"), unit("us-rear", "US", "0604")]
    g = new_game(tmp_path, scenario(hexes(BOARD), units, hexsides=hexsides))
    zone = next(z.id for z in g.state.zones.values() if "0504" in z.hexes)
    g.execute(BeginAttrition(attacker="AX", zone=zone))
    g.execute(RollAttritionDie(procedure="A1", value=5))  # 1C/1H
    g.execute(TakeAttritionLosses(procedure="A1", units=["us-rear"]))
    assert g.state.attritions["A1"].phase == "select"
    return g


def select(h, *units):
    return SelectOccupation(procedure="A1", selections=[Selection(hex=h, units=list(units))])


BARRIERS = [{"river": True}, {"crossing_arrow": True}, {"all_water": True, "crossing_arrow": True}]
IDS = ["river", "crossing-arrow", "all-water-arrow"]


@pytest.mark.parametrize("barrier", BARRIERS, ids=IDS)
def test_14_62e_unit_across_the_barrier_may_not_advance(tmp_path, barrier):
    g = at_select(tmp_path, [{"a": "0404", "b": "0504", **barrier}])
    refused(g, select("0504", "it-1"), "14.62E")
    refused(g, select("0504", "it-2", "it-1"), "14.62E")  # not even with a unit coming another way


@pytest.mark.parametrize("barrier", BARRIERS, ids=IDS)
def test_14_62e_hex_bounded_by_the_barrier_taken_across_another_hexside(tmp_path, barrier):
    g = at_select(tmp_path, [{"a": "0404", "b": "0504", **barrier}, {"a": "0504", "b": "0604", **barrier}])
    g.execute(select("0504", "it-2"))
    assert g.state.attritions["A1"].phase == "retreat"


@pytest.mark.parametrize("barrier", BARRIERS, ids=IDS)
def test_14_62e_hex_reachable_only_across_the_barrier_refused(tmp_path, barrier):
    g = at_select(tmp_path, [{"a": "0404", "b": "0504", **barrier}, {"a": "0405", "b": "0504", **barrier}])
    p = g.state.attritions["A1"]
    assert "0504" not in dict(eligible_hexes(g.state, p, g.state.zones[p.zone]))
    refused(g, select("0504", "it-2"), "14.62E")
    refused(g, select("0504", "it-1"), "14.62E")
    g.execute(select("0503", "it-1"))  # 0503 is reached over a clear hexside
