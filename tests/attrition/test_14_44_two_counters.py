"""14.44: the attacker may take 2C in place of a 1C/1H result, and for no other result.

Position: an Italian unit (0404) against three US units (0405); equal CTLs, so
the entered die is the row read. 11-20 column: 5 = 1C/1H, 6 = 2C/1H, 1 = 1C,
3 = 2C, 7 = 3C/1H.
"""
from __future__ import annotations

import pytest

from turnlog.engine.commands import BeginAttrition, RollAttritionDie, TakeAttritionLosses, TakeTwoCounters
from turnlog.events.attrition import TwoCountersChosen

from helpers import hexes, new_game, refused, scenario, unit


def rolled(tmp_path, die, factors=12, mapboard="europe", rules=None):
    units = [unit("it-1", "IT", "0404", factors), unit("us-1", "US", "0405", 3), unit("us-2", "US", "0405", 3),
             unit("us-3", "US", "0405", 3)]
    g = new_game(tmp_path, scenario(hexes("0404:AX 0405:WA 0406:WA", mapboard=mapboard), units, rules=rules))
    g.execute(BeginAttrition(attacker="AX", zone="WA/western/0405"))
    g.execute(RollAttritionDie(procedure="A1", value=die))
    return g


@pytest.mark.parametrize("factors, die", [(12, 5), (5, 9), (25, 3), (35, 1)])
def test_14_44_two_counters_in_place_of_1c_1h(tmp_path, factors, die):
    g = rolled(tmp_path, die, factors)
    assert (g.state.attritions["A1"].counters, g.state.attritions["A1"].hexes) == (1, 1)
    evs = [e for _, e in g.execute(TakeTwoCounters(procedure="A1"))]
    assert evs == [TwoCountersChosen(procedure="A1", rule="14.44")]
    p = g.state.attritions["A1"]
    assert (p.counters, p.hexes, p.two_counters, p.phase) == (2, 0, True, "losses")


def test_14_44_two_losses_then_no_occupation(tmp_path):
    g = rolled(tmp_path, 5)
    g.execute(TakeTwoCounters(procedure="A1"))
    refused(g, TakeAttritionLosses(procedure="A1", units=["us-1"]), "14.51")
    g.execute(TakeAttritionLosses(procedure="A1", units=["us-1", "us-2"]))
    assert g.state.attritions["A1"].phase == "done"


def test_14_44_not_twice(tmp_path):
    g = rolled(tmp_path, 5)
    g.execute(TakeTwoCounters(procedure="A1"))
    refused(g, TakeTwoCounters(procedure="A1"), "14.44")


@pytest.mark.parametrize("die, label", [(6, "2C/1H"), (1, "1C"), (3, "2C"), (7, "3C/1H")])
def test_14_44_other_results_stand(tmp_path, die, label):
    g = rolled(tmp_path, die)
    err = refused(g, TakeTwoCounters(procedure="A1"), "14.44")
    assert label in err.message
