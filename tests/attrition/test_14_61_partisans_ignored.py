"""14.61: partisans take no part in an attrition, so a defending partisan in a hex the attacker takes stays.

Reading (docs/rulings.md, Open questions): the partisan is ignored and stays where it is; the scenario option
``rules.attrition.partisans_retreat = true`` makes it retreat with the displaced units (the engine's earlier
reading). Position: Italians in 0404 take 0503 (1C/1H, the loss from the rear hex 0604), where an American
partisan stands with an American infantry unit; 0603 is open behind.
"""
from __future__ import annotations

from turnlog.engine.attrition.r14_7_retreats import displaced
from turnlog.engine.commands import Retreat, RetreatUnits

from helpers import refused, unit
from test_14_62a_no_ground_unit import at_select, select

BOTH = [unit("us-par", "US", "0503", 1, "partisan"), unit("us-2", "US", "0503", 2)]


def test_14_61_partisan_is_not_displaced_and_stays(tmp_path):
    g = at_select(tmp_path, BOTH)
    g.execute(select("0503"))
    refused(g, RetreatUnits(procedure="A1", retreats=[Retreat(unit="us-2", to="0603"),
                                                      Retreat(unit="us-par", to="0603")]), "14.71")
    g.execute(RetreatUnits(procedure="A1", retreats=[Retreat(unit="us-2", to="0603")]))
    assert g.state.units["it-1"].hex == "0503" and g.state.units["us-par"].hex == "0503"
    assert g.state.attritions["A1"].phase == "done" and g.state == g.at(use_snapshots=False)


def test_14_61_only_the_non_partisan_units_are_displaced(tmp_path):
    g = at_select(tmp_path, BOTH)
    g.execute(select("0503"))
    assert [u.id for u in displaced(g.state, g.state.attritions["A1"])] == ["us-2"]


def test_14_61_option_partisans_retreat_with_the_rest(tmp_path):
    g = at_select(tmp_path, BOTH, rules={"attrition": {"partisans_retreat": True}})
    assert g.state.rules.attrition.partisans_retreat
    g.execute(select("0503"))
    refused(g, RetreatUnits(procedure="A1", retreats=[Retreat(unit="us-2", to="0603")]), "14.71")
    g.execute(RetreatUnits(procedure="A1", retreats=[Retreat(unit="us-2", to="0603"),
                                                     Retreat(unit="us-par", to="0603")]))
    assert g.state.units["it-1"].hex == "0503" and g.state.units["us-par"].hex == "0603"
