"""14.65: once the zone's last non-partisan ground unit is lost, every zone hex touching an attritioning
unit may be taken, whatever H and whatever defender counters remain; 14.62C-E still apply.

Position: the only American ground units, us-1 and us-2, hold 0504. it-1 (0404), it-2 (0405) and it-3
(0605) surround it, 12 factors in all (11-20 column). Around them, in the American zone: 0503 and 0705
empty, 0505 with an American air unit and flak, 0604 forest, 0606 a capital, 0704 behind a river, and
0502 touching no attritioner.
"""
from __future__ import annotations

import pytest

from turnlog.engine.commands import BeginAttrition, RollAttritionDie, SelectOccupation, TakeAttritionLosses
from turnlog.events.attrition import AttritionZoneCleared, Selection
from turnlog.events.game import ControlChanged, UnitAdvanced, UnitDisplaced, UnitEliminated

from helpers import hexes, new_game, refused, scenario, unit

BOARD = ("0404:AX 0405:AX 0605:AX 0502:WA 0503:WA 0504:WA 0505:WA 0604:WA:forest 0606:WA 0704:WA 0705:WA "
         "0406:WA")


def rolled(tmp_path, die, us1=3):
    hx = hexes(BOARD)
    next(h for h in hx if h["id"] == "0606")["features"] = [{"kind": "capital"}]
    next(h for h in hx if h["id"] == "0406")["features"] = [{"kind": "airbase"}]
    units = [unit("it-1", "IT", "0404", 6), unit("it-2", "IT", "0405", 3), unit("it-3", "IT", "0605", 3),
             unit("us-1", "US", "0504", us1), unit("us-2", "US", "0504"),
             unit("us-air", "US", "0505", 5, "air", range=3), unit("us-flak", "US", "0505", 1, "flak")]
    g = new_game(tmp_path, scenario(hx, units, hexsides=[{"a": "0605", "b": "0704", "river": True}]))
    zone = next(z.id for z in g.state.zones.values() if "0504" in z.hexes)
    g.execute(BeginAttrition(attacker="AX", zone=zone))
    assert g.state.attritions["A1"].units == ["it-1", "it-2", "it-3"]
    g.execute(RollAttritionDie(procedure="A1", value=die))
    return g


@pytest.fixture
def cleared(tmp_path):
    g = rolled(tmp_path, 6)  # 2C/1H
    written = [e for _, e in g.execute(TakeAttritionLosses(procedure="A1", units=["us-1", "us-2"]))]
    assert any(isinstance(e, AttritionZoneCleared) for e in written)
    assert g.state.attritions["A1"].hexes == 1
    return g


def select(*pairs):
    return SelectOccupation(procedure="A1", selections=[Selection(hex=h, units=list(us)) for h, us in pairs])


def test_14_65_more_hexes_than_h_and_hexes_without_ground_units(cleared):
    written = [e for _, e in cleared.execute(select(("0504", ["it-1"]), ("0505", ["it-2"]), ("0705", ["it-3"])))]
    assert cleared.state.attritions["A1"].phase == "done"  # nobody to retreat: straight to occupation
    assert [(e.unit, e.to_hex) for e in written if isinstance(e, UnitAdvanced)] == [
        ("it-1", "0504"), ("it-2", "0505"), ("it-3", "0705")]
    assert {e.hex for e in written if isinstance(e, ControlChanged)} == {"0504", "0505", "0705"}
    # The defender counters in 0505: flak eliminated (14.76), the air unit to its base in range (14.77).
    assert UnitEliminated(unit="us-flak", rule="14.76", procedure="A1", reason="flak forced to retreat") in written
    assert UnitDisplaced(unit="us-air", from_hex="0505", to_hex="0406", rule="14.77", procedure="A1") in written


def test_14_65_an_empty_hex_is_open(cleared):
    cleared.execute(select(("0503", ["it-1"])))
    assert cleared.state.control["0503"] == "AX"


@pytest.mark.parametrize("hex_, rule", [("0604", "14.62D"), ("0606", "14.62C"), ("0704", "14.62E")])
def test_14_65_still_subject_to_14_62c_to_e(cleared, hex_, rule):
    refused(cleared, select((hex_, ["it-3"])), rule)


def test_14_65_hex_touching_no_attritioning_unit_refused(cleared):
    refused(cleared, select(("0502", ["it-1"])), "14.65")


def test_14_65_does_not_apply_while_a_ground_unit_remains(tmp_path):
    g = rolled(tmp_path, 5, us1=2)  # 1C/1H; losing the smaller unit leaves 0504 open but the zone held
    g.execute(TakeAttritionLosses(procedure="A1", units=["us-1"]))
    assert not g.state.attritions["A1"].zone_cleared
    refused(g, select(("0503", ["it-1"])), "14.62A")
    refused(g, select(("0505", ["it-2"])), "14.62A")
    refused(g, select(("0504", ["it-1"]), ("0705", ["it-3"])), "14.61")
    g.execute(select(("0504", ["it-1"])))


def test_14_65_a_defending_unit_left_in_the_zones_box_keeps_it_from_being_cleared(tmp_path):
    hx = hexes("0404:AX 0405:AX 0503:WA 0504:WA 0505:WA")
    units = [unit("it-1", "IT", "0404", 9), unit("it-2", "IT", "0405", 3), unit("us-1", "US", "0504"),
             unit("us-2", "US", "0504"), {"id": "us-box", "nationality": "US", "box": "urals", "factors": 3}]
    g = new_game(tmp_path, scenario(hx, units, boxes=[{"id": "urals", "zone_hex": "0504"}]))
    zone = next(z for z in g.state.zones.values() if "0504" in z.hexes)
    assert zone.boxes == ["urals"]
    g.execute(BeginAttrition(attacker="AX", zone=zone.id))
    g.execute(RollAttritionDie(procedure="A1", value=6))  # 2C/1H
    g.execute(TakeAttritionLosses(procedure="A1", units=["us-1", "us-2"]))
    assert not g.state.attritions["A1"].zone_cleared
