"""14.521D: the designation allowance is the difference of the winter levels that apply, each preparation level
limited to the attritioned area's winter level as in 14.42C.

Reading (docs/rulings.md, Open questions): at winter level 6 the capped and the raw preparation levels agree
(6 - 1 = 5); below Russia's preparation they differ. At winter level 2 Russia's 6 applies as 2 and Germany's 1
as 1: the 14.42C modifier is +1 and the allowance 1. At winter level 0 in a winter turn neither applies: no
modifier, no designation. ``rules.attrition.winter_allowance = "preparation"`` takes the raw levels (the
engine's earlier reading, allowance 5 at any winter level). Position as tests/attrition/test_14_521_designations.py
(30 factors, 21-30 column, CTL -1), GE_8 adding a German unit in 0408.
"""
from __future__ import annotations

import pytest

from turnlog.engine.attrition import r14_521_winter as winter
from turnlog.engine.commands import BeginAttrition, RollAttritionDie

from helpers import new_game, refused
from test_14_521_designations import GE_8, WINTER, ZONE, board, designate

PREPARATION = {**WINTER, "attrition": {"winter_allowance": "preparation"}}
FIVE = (["0403", "0404", "0405"], ["0407", "0408"])


def at(tmp_path, level, die, rules=WINTER):
    g = new_game(tmp_path, board(winter_level=level, extra=GE_8, rules=rules))
    g.execute(BeginAttrition(attacker="RU", zone=ZONE))
    g.execute(RollAttritionDie(procedure="A1", value=die))
    return g


def test_14_521d_winter_level_2_allows_one_designation(tmp_path):
    # The audit's probe: the modifier was +1 and five designations were accepted.
    g = at(tmp_path, 2, 8)                        # 8 - 1 + 1 = 8: 5C/2H
    p = g.state.attritions["A1"]
    assert [(m.rule, m.value) for m in p.modifiers] == [("14.42B", -1), ("14.42C", 1)]
    assert (p.counters, p.hexes) == (5, 2) and winter.allowance(g.state, p) == 1
    err = refused(g, designate(*FIVE), "14.521D")
    assert "difference of 1" in err.message
    refused(g, designate(["0403"], ["0407"]), "14.521D")
    g.execute(designate(["0403"]))


def test_14_521d_winter_level_0_allows_none(tmp_path):
    g = at(tmp_path, 0, 9)                        # no 14.42C modifier: 9 - 1 = 8: 5C/2H
    p = g.state.attritions["A1"]
    assert [m.rule for m in p.modifiers] == ["14.42B"] and winter.allowance(g.state, p) == 0
    refused(g, designate(["0403"]), "14.521D")


def test_14_521d_winter_level_6_unchanged(tmp_path):
    g = at(tmp_path, 6, 5)                        # 5 - 1 + 5 = 9: 5C/3H
    g.execute(designate(*FIVE))


@pytest.mark.parametrize("level, die", [(2, 8), (0, 9)])
def test_14_521d_option_preparation_levels_allow_five(tmp_path, level, die):
    g = at(tmp_path, level, die, rules=PREPARATION)
    assert winter.allowance(g.state, g.state.attritions["A1"]) == 5
    refused(g, designate(["0403", "0404", "0405", "0406"], ["0407", "0408"]), "14.521D")
    g.execute(designate(*FIVE))
