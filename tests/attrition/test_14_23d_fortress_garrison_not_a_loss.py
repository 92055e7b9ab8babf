"""14.23D note: units in a fortress or an omnidirectional fortification are never attritioned, so the defender
may not take them as attrition losses either.

Reading (docs/rulings.md, Open questions): the note bars the garrison as a loss, not only from the count.
``rules.attrition.fortress_losses = true`` lets the defender choose it (the engine's earlier reading).
Position: it-1 (0404, 12 factors: 11-20 column, CTL 1 v 1) attritions us-1 and us-2 in 0405; us-g garrisons
a fortress (or fortification) in 0504, beside it-1 and in the same American zone.
"""
from __future__ import annotations

import pytest

from turnlog.engine.commands import BeginAttrition, RollAttritionDie, TakeAttritionLosses

from helpers import hexes, new_game, refused, scenario, unit

FORTRESS_LOSSES = {"attrition": {"fortress_losses": True}}


def rolled(tmp_path, die, kind="fortress", rules=None):
    hx = hexes("0404:AX 0405:WA 0504:WA")
    hx[2]["features"] = [{"kind": kind}]
    units = [unit("it-1", "IT", "0404", 12), unit("us-1", "US", "0405"), unit("us-2", "US", "0405"),
             unit("us-g", "US", "0504", 1)]
    g = new_game(tmp_path, scenario(hx, units, rules=rules))
    g.execute(BeginAttrition(attacker="AX", zone="WA/western/0405"))
    g.execute(RollAttritionDie(procedure="A1", value=die))
    assert "us-g" not in g.state.attritions["A1"].contact
    return g


@pytest.mark.parametrize("kind", ["fortress", "fortification", "fortified"])  # fortified: terrain_words, edition 6
def test_14_23d_the_garrison_may_not_be_taken(tmp_path, kind):
    # The audit's probe: the 1-factor garrison was accepted as the loss.
    g = rolled(tmp_path, 5, kind)                          # 1C/1H
    err = refused(g, TakeAttritionLosses(procedure="A1", units=["us-g"]), "14.23D")
    assert "us-g" in err.message
    g.execute(TakeAttritionLosses(procedure="A1", units=["us-1"]))


def test_14_23d_option_fortress_losses_lets_the_defender_choose_it(tmp_path):
    g = rolled(tmp_path, 5, rules=FORTRESS_LOSSES)
    g.execute(TakeAttritionLosses(procedure="A1", units=["us-g"]))
    assert g.state.units["us-g"].eliminated

