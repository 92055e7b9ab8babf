"""14.77: air and naval units in a hex taken by attrition go to the nearest friendly base in range
(air: airbase or city; naval: port), or are eliminated.

Position: it-1 (0404, 12 factors) takes 0504 (1C/1H, us-y lost); us-x retreats to 0604, the only open
hex. Bases by distance from 0504: 0704 airbase (2), 0804 airbase (3), 0904 airbase (4), 0506 port (2),
0508 port (4); 0504 itself has an airbase.
"""
from __future__ import annotations

import pytest

from turnlog.engine.commands import BeginAttrition, Retreat, RetreatUnits, RollAttritionDie, SelectOccupation, \
    TakeAttritionLosses
from turnlog.events.attrition import Selection
from turnlog.events.game import UnitDisplaced, UnitEliminated

from helpers import hexes, new_game, scenario, unit

BASES = {"0504": "airbase", "0704": "airbase", "0804": "airbase", "0904": "airbase", "0506": "port", "0508": "port"}


def occupied(tmp_path, in_0504, *, extra=(), control=None, city=None, prohibited=None):
    hx = hexes("0404:AX 0504:WA 0604:WA 0704:WA 0804:WA 0904:WA 0506:WA 0508:WA 0507:WA")
    for h in hx:
        if h["id"] in BASES:
            h["features"] = [{"kind": BASES[h["id"]]}]
        if h["id"] == city:
            h["features"] = [{"kind": "city"}]
        if control and h["id"] in control:
            h["controller"] = control[h["id"]]
        if prohibited and h["id"] in prohibited:
            h["prohibited_to"] = prohibited[h["id"]]
    units = [unit("it-1", "IT", "0404", 12), unit("us-x", "US", "0504"), unit("us-y", "US", "0504", 2),
             *in_0504, *extra]
    g = new_game(tmp_path, scenario(hx, units))
    zone = next(z.id for z in g.state.zones.values() if "0504" in z.hexes)
    g.execute(BeginAttrition(attacker="AX", zone=zone))
    g.execute(RollAttritionDie(procedure="A1", value=5))
    g.execute(TakeAttritionLosses(procedure="A1", units=["us-y"]))
    g.execute(SelectOccupation(procedure="A1", selections=[Selection(hex="0504", units=["it-1"])]))
    return g, [e for _, e in g.execute(RetreatUnits(procedure="A1", retreats=[Retreat(unit="us-x", to="0604")]))]


def moved(written, uid):
    return next(e for e in written if isinstance(e, (UnitDisplaced, UnitEliminated)) and e.unit == uid)


AIR = unit("us-air", "US", "0504", 5, "air", range=3)
NAVY = unit("us-nav", "US", "0504", 3, "naval", range=3)


def test_14_77_air_to_the_nearest_airbase_naval_to_the_nearest_port(tmp_path):
    g, written = occupied(tmp_path, [AIR, NAVY])
    assert moved(written, "us-air") == UnitDisplaced(unit="us-air", from_hex="0504", to_hex="0704", rule="14.77",
                                                     procedure="A1")
    assert moved(written, "us-nav").to_hex == "0506"
    assert (g.state.units["us-air"].hex, g.state.units["us-nav"].hex) == ("0704", "0506")
    assert g.state == g.at(use_snapshots=False)


def test_14_77_enemy_controlled_base_skipped(tmp_path):
    _, written = occupied(tmp_path, [AIR], control={"0704": "AX"})
    assert moved(written, "us-air").to_hex == "0804"


def test_14_77_enemy_occupied_base_skipped(tmp_path):
    _, written = occupied(tmp_path, [AIR], extra=[unit("ge-1", "GE", "0704", 1)])
    assert moved(written, "us-air").to_hex == "0804"


def test_14_77_a_city_serves_air_units(tmp_path):
    _, written = occupied(tmp_path, [AIR], city="0507", control={"0704": "AX", "0804": "AX"})
    assert moved(written, "us-air").to_hex == "0507"


@pytest.mark.parametrize("mover", [unit("us-air", "US", "0504", 5, "air", range=1),
                                   unit("us-nav", "US", "0504", 3, "naval", range=1)], ids=["air", "naval"])
def test_14_77_no_base_in_range_eliminated(tmp_path, mover):
    g, written = occupied(tmp_path, [mover])
    assert moved(written, mover["id"]) == UnitEliminated(unit=mover["id"], rule="14.77", procedure="A1",
                                                         reason="no friendly base within range")
    assert g.state.units[mover["id"]].eliminated


def test_14_77_naval_units_do_not_use_airbases(tmp_path):
    _, written = occupied(tmp_path, [unit("us-nav", "US", "0504", 3, "naval", range=3)],
                          control={"0506": "AX"})
    assert isinstance(moved(written, "us-nav"), UnitEliminated)


def test_14_77_allied_air_unit_in_the_hex_is_displaced_too(tmp_path):
    _, written = occupied(tmp_path, [unit("su-air", "SU", "0504", 4, "air", range=3)])
    assert moved(written, "su-air").to_hex == "0704"
