"""14.72A: whose installation a captured printed feature is, when it bars a retreat.

Reading (docs/rulings.md, Open questions): a feature keeps the owner it was placed or loaded with (the
engine's reading); ``rules.attrition.feature_owner = "controller"`` gives it to whoever controls the hex now.
Position: it-1 (0404, 12 factors) takes 0504 (1C/1H, us-y lost); us-x must retreat, and its only other
neighbour is 0604, a fortress hex loaded under Axis control that the Western Allies have since taken.
"""
from __future__ import annotations

from turnlog.engine.commands import (BeginAttrition, Retreat, RetreatUnits, RollAttritionDie, SelectOccupation, SetControl,
                             TakeAttritionLosses)
from turnlog.events.attrition import Selection

from helpers import hexes, new_game, refused, scenario, unit

CONTROLLER = {"attrition": {"feature_owner": "controller"}}


def at_retreat(tmp_path, rules=None):
    hx = hexes("0404:AX 0504:WA 0604:AX")
    hx[2]["features"] = [{"kind": "fortress"}]
    units = [unit("it-1", "IT", "0404", 12), unit("us-x", "US", "0504"), unit("us-y", "US", "0504", 2)]
    g = new_game(tmp_path, scenario(hx, units, rules=rules))
    g.execute(SetControl(hex="0604", faction="WA"))
    assert g.state.features["0604"][0].owner == "AX"
    g.execute(BeginAttrition(attacker="AX", zone="WA/western/0504"))
    g.execute(RollAttritionDie(procedure="A1", value=5))
    g.execute(TakeAttritionLosses(procedure="A1", units=["us-y"]))
    g.execute(SelectOccupation(procedure="A1", selections=[Selection(hex="0504", units=["it-1"])]))
    return g


def test_14_72a_default_the_fortress_stays_axis_and_bars_the_retreat(tmp_path):
    g = at_retreat(tmp_path)
    refused(g, RetreatUnits(procedure="A1", retreats=[Retreat(unit="us-x", to="0604")]), "14.72A")
    g.execute(RetreatUnits(procedure="A1", retreats=[Retreat(unit="us-x", to="")]))
    assert g.state.units["us-x"].eliminated


def test_14_72a_option_controller_the_fortress_is_now_allied(tmp_path):
    g = at_retreat(tmp_path, CONTROLLER)
    refused(g, RetreatUnits(procedure="A1", retreats=[Retreat(unit="us-x", to="")]), "14.76")
    g.execute(RetreatUnits(procedure="A1", retreats=[Retreat(unit="us-x", to="0604")]))
    assert g.state.units["us-x"].hex == "0604"
