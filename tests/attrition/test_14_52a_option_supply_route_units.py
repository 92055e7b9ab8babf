"""14.52A supply-zone route: which "units being attritioned" must all have been fully supplied last turn.

Reading (docs/rulings.md, Open questions): the defender's units in contact (the engine's reading);
``rules.attrition.supply_route_units = "zone"`` takes every defending ground unit of the attritioned zone.
Position as the third example in tests/attrition/test_14_52a_loss_location.py (Britain attritions it-1 in North Africa,
0405; Italy's supply zone opened by Rome), with a second Italian unit, it-z, in 0406: in the zone but in
contact with nothing, and only partially supplied last turn.
"""
from __future__ import annotations

from turnlog.engine.commands import BeginAttrition, RollAttritionDie, TakeAttritionLosses

from helpers import hexes, new_game, refused, scenario, unit

ZONE_UNITS = {"attrition": {"supply_route_units": "zone"}}


def rolled(tmp_path, rules=None):
    hx = hexes("0404:WA 0405:AX 0406:AX 0408:AX", front="mediterranean")
    hx[3]["supply_zone"] = "italy"
    units = [unit("gb-1", "GB", "0404", 8), unit("it-1", "IT", "0405", 3, prev_supply_source="rome"),
             unit("it-z", "IT", "0406", 3, prev_supply="partial"),
             unit("it-9", "IT", "0408", 2, prev_supply_source="rome")]
    src = [{"id": "rome", "hex": "0408", "faction": "AX", "supply_zone": "italy"}]
    g = new_game(tmp_path, scenario(hx, units, active="WA", sources=src, rules=rules))
    g.execute(BeginAttrition(attacker="WA", zone="AX/mediterranean/0405"))
    g.execute(RollAttritionDie(procedure="A1", value=5))   # 1C
    assert g.state.attritions["A1"].contact == ["it-1"]
    return g


def test_14_52a_default_only_the_units_in_contact_must_have_been_supplied(tmp_path):
    g = rolled(tmp_path)
    g.execute(TakeAttritionLosses(procedure="A1", units=["it-9"]))


def test_14_52a_option_zone_every_unit_of_the_zone_must_have_been_supplied(tmp_path):
    g = rolled(tmp_path, ZONE_UNITS)
    refused(g, TakeAttritionLosses(procedure="A1", units=["it-9"]), "14.52A")
    g.execute(TakeAttritionLosses(procedure="A1", units=["it-z"]))
