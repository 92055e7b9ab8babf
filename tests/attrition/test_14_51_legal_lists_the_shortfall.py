"""14.51 in legal(): the defender is offered exactly as many losses as he can take, the shortfall included.

Position (tests/attrition/test_14_51_losses.py): an Italian 12-factor unit attritions the Allied zone 0405-0407;
entered dice, 11-20 column: 3 = 2C, 8 = 3C/2H.
"""
from __future__ import annotations

import random

from turnlog.engine.commands import TakeAttritionLosses

from test_14_51_losses import THREE, rolled


def losses_choice(g):
    return next(x for x in g.legal() if x.command == "TakeAttritionLosses")


def test_14_51_two_counters_offer_exactly_two_of_the_three(tmp_path):
    g = rolled(tmp_path, 3, THREE)                            # 2C
    ch = losses_choice(g)
    (units,) = ch.options
    assert (units.field, units.values, units.least, units.most) == ("units", ["us-1", "us-2", "us-3"], 2, 2)
    assert (ch.role, ch.faction, ch.rule) == ("defender", "WA", "14.51")
    assert str(ch) == "TakeAttritionLosses procedure=A1 units: exactly 2 of us-1, us-2, us-3 (14.51)"


def test_14_51_shortfall_offers_exactly_the_eligible_units(tmp_path):
    g = rolled(tmp_path, 8, THREE[:2])                        # 3C against two units
    ch = losses_choice(g)
    (units,) = ch.options
    assert (units.values, units.least, units.most) == (["us-1", "us-2"], 2, 2)
    assert str(ch) == "TakeAttritionLosses procedure=A1 units: all of us-1, us-2 (14.51)"
    doc = ch.example(random.Random(0))
    assert sorted(doc["units"]) == ["us-1", "us-2"]
    g.execute(TakeAttritionLosses(procedure="A1", units=doc["units"]))
    assert g.state.attritions["A1"].shortfall == 1
