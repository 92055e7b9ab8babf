"""14.64: each selected hex names, at selection, at least one adjacent unit that advances into it; a unit
advances into one hex only; exactly the named units advance once the defender has retreated.

Position: it-1 (0404, 9 factors) touches 0503 and 0504; it-2 (0405, 3) touches 0504 and 0505; it-far
(0402, 2) touches only 0502. Die 8 in the 11-20 column gives 3C/2H; the losses come from the rear.
"""
from __future__ import annotations


from turnlog.engine.commands import BeginAttrition, Retreat, RetreatUnits, RollAttritionDie, SelectOccupation, \
    TakeAttritionLosses
from turnlog.events.attrition import Selection
from turnlog.events.game import UnitAdvanced

from helpers import hexes, new_game, refused, scenario, unit

BOARD = ("0402:AX 0403:AX 0404:AX 0405:AX 0502:WA 0503:WA 0504:WA 0505:WA 0602:WA 0603:WA 0604:WA "
         "0605:WA 0606:WA")


def at_select(tmp_path, hexsides=()):
    units = [unit("it-1", "IT", "0404", 9), unit("it-2", "IT", "0405", 3), unit("it-far", "IT", "0402", 2),
             unit("us-1", "US", "0504"), unit("us-2", "US", "0503"), unit("us-3", "US", "0505"),
             unit("us-4", "US", "0502"), unit("us-r1", "US", "0602"), unit("us-r2", "US", "0603"),
             unit("us-r3", "US", "0606")]
    g = new_game(tmp_path, scenario(hexes(BOARD), units, hexsides=hexsides))
    zone = next(z.id for z in g.state.zones.values() if "0504" in z.hexes)
    g.execute(BeginAttrition(attacker="AX", zone=zone))
    g.execute(RollAttritionDie(procedure="A1", value=8))
    assert (g.state.attritions["A1"].counters, g.state.attritions["A1"].hexes) == (3, 2)
    g.execute(TakeAttritionLosses(procedure="A1", units=["us-r1", "us-r2", "us-r3"]))
    return g


def select(*pairs):
    return SelectOccupation(procedure="A1", selections=[Selection(hex=h, units=list(us)) for h, us in pairs])


def test_14_64_a_selected_hex_without_an_advancing_unit_refused(tmp_path):
    g = at_select(tmp_path)
    refused(g, select(("0504", [])), "14.64")
    refused(g, select(("0503", ["it-1"]), ("0504", [])), "14.64")


def test_14_64_a_unit_advances_into_one_hex_only(tmp_path):
    g = at_select(tmp_path)
    refused(g, select(("0503", ["it-1"]), ("0504", ["it-1"])), "14.64")
    refused(g, select(("0504", ["it-2", "it-2"])), "14.64")


def test_14_64_the_advancing_unit_must_be_adjacent(tmp_path):
    g = at_select(tmp_path)
    refused(g, select(("0503", ["it-2"])), "14.64")       # 0405 does not touch 0503
    refused(g, select(("0504", ["it-far"])), "14.64")     # an attritioner, but 0402 is two hexes away


def test_14_64_no_advance_across_an_impassable_hexside(tmp_path):
    # it-1 still attritions (through 0503) but cannot cross into 0504.
    g = at_select(tmp_path, [{"a": "0404", "b": "0504", "impassable": True}])
    assert "it-1" in g.state.attritions["A1"].units
    refused(g, select(("0504", ["it-1"])), "14.64")
    g.execute(select(("0504", ["it-2"])))


def test_14_64_no_advance_across_an_all_water_hexside_without_an_arrow(tmp_path):
    g = at_select(tmp_path, [{"a": "0404", "b": "0504", "all_water": True}])
    refused(g, select(("0504", ["it-1"])), "14.64")


def test_14_64_exactly_the_declared_units_advance_after_the_retreat(tmp_path):
    g = at_select(tmp_path)
    g.execute(select(("0504", ["it-1", "it-2"]), ("0502", ["it-far"])))
    assert g.state.attritions["A1"].phase == "retreat"
    written = [e for _, e in g.execute(RetreatUnits(procedure="A1", retreats=[
        Retreat(unit="us-1", to="0604"), Retreat(unit="us-4", to="0602")]))]
    advanced = [(e.unit, e.from_hex, e.to_hex) for e in written if isinstance(e, UnitAdvanced)]
    assert advanced == [("it-1", "0404", "0504"), ("it-2", "0405", "0504"), ("it-far", "0402", "0502")]
    assert all(e.rule == "14.64" for e in written if isinstance(e, UnitAdvanced))
    assert g.state.units["it-1"].hex == g.state.units["it-2"].hex == "0504"
    assert g.state.control["0504"] == g.state.control["0502"] == "AX"
    assert g.state.attritions["A1"].phase == "done"


def test_14_64_hex_also_held_by_another_enemy_faction_cannot_be_entered(tmp_path):
    # A Russian unit shares 0503 with us-2: only the Western Allies retreat from this attrition, so the
    # Italians could not enter (ruling). Russian air or flak there would not stop them (14.76, 14.77).
    g = at_select_with(tmp_path, [unit("su-1", "SU", "0503")])
    refused(g, select(("0503", ["it-1"])), "14.64")
    g.execute(select(("0504", ["it-1"])))


def at_select_with(tmp_path, extra):
    units = [unit("it-1", "IT", "0404", 12), unit("us-1", "US", "0504"), unit("us-2", "US", "0503"),
             unit("us-r1", "US", "0604"), *extra]
    g = new_game(tmp_path, scenario(hexes(BOARD), units))
    zone = next(z.id for z in g.state.zones.values() if "0504" in z.hexes)
    g.execute(BeginAttrition(attacker="AX", zone=zone))
    g.execute(RollAttritionDie(procedure="A1", value=5))  # 1C/1H
    g.execute(TakeAttritionLosses(procedure="A1", units=["us-r1"]))
    return g
