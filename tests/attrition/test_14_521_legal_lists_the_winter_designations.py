"""14.521 in legal(): the hexes Russia may designate, how many, and what they then oblige the defender to.

Position: the bundled eastern-front-winter demo (tests/support/winter_demo.py), after its roll.
0602 holds only Finns (14.521F); 0604 is forest, which attrition cannot occupy (14.521C, 14.62D).
"""
from __future__ import annotations

import random

from turnlog.engine.commands import DesignateWinterHexes, TakeAttritionLosses

from winter_demo import winter_game


def offered(g, command):
    return next(x for x in g.legal() if x.command == command)


def test_14_521_designations_list_the_eligible_hexes_and_the_allowance(tmp_path):
    g = winter_game(tmp_path, "RollAttritionDie")
    ch = offered(g, "DesignateWinterHexes")
    loss, occ = ch.options
    assert "0602" not in loss.values and "0602" not in occ.values     # 14.521F
    assert "0604" in loss.values and "0604" not in occ.values         # 14.521C
    assert ch.together == 2 and ch.distinct == ["losses", "occupation"]  # 14.521D: capped levels 3 - 1
    for seed in range(10):
        doc = ch.example(random.Random(seed))
        g.decide(g.state, DesignateWinterHexes(procedure="A1", losses=doc.get("losses", []),
                                               occupation=doc.get("occupation", [])))


def test_14_521g_designations_shape_the_loss_list(tmp_path):
    g = winter_game(tmp_path, "DesignateWinterHexes")                  # losses 0603, occupation 0605
    ch = offered(g, "TakeAttritionLosses")
    (units,) = ch.options
    in_0605 = {u for u, s in g.state.units.items() if s.hex == "0605"}
    in_0603 = sorted(u for u in units.values if g.state.units[u].hex == "0603")
    assert in_0605 and not in_0605 & set(units.values)               # the occupation hex gives no losses
    assert [(b.values, b.least, b.rule) for b in units.bounds] == [(in_0603, 1, "14.521G")]
    for seed in range(10):
        g.decide(g.state, TakeAttritionLosses(procedure="A1", units=ch.example(random.Random(seed))["units"]))
