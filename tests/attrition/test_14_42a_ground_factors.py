"""14.42A: +1 for every ten ground factors beyond 61 (71-80 +1, 81-90 +2, ...), up to 130 and beyond.

Position: one Italian unit of N factors (0404) against two US units (0405);
equal CTLs, so 14.42A is the only non-zero modifier.
"""
from __future__ import annotations

import pytest

from turnlog.engine.commands import BeginAttrition, RollAttritionDie
from turnlog.events.attrition import AttritionResultDetermined

from helpers import hexes, new_game, scenario, unit


def result(tmp_path, factors, die=0):
    g = new_game(tmp_path, scenario(hexes("0404:AX 0405:WA"),
                                    [unit("it-1", "IT", "0404", factors), unit("us-1", "US", "0405", 3),
                                     unit("us-2", "US", "0405", 3)]))
    g.execute(BeginAttrition(attacker="AX", zone="WA/western/0405"))
    evs = [e for _, e in g.execute(RollAttritionDie(procedure="A1", value=die))]
    return next(e for e in evs if isinstance(e, AttritionResultDetermined))


@pytest.mark.parametrize("factors, bonus", [
    (61, 0), (62, 0), (70, 0), (71, 1), (80, 1), (81, 2), (90, 2), (91, 3), (101, 4), (111, 5),
    (120, 5), (121, 6), (130, 6), (131, 7),
])
def test_14_42a_bonus_by_factors(tmp_path, factors, bonus):
    r = result(tmp_path, factors)
    mods = [m for m in r.modifiers if m.rule == "14.42A"]
    if bonus:
        assert [(m.value, m.reason) for m in mods] == [(bonus, f"{factors} factors")]
    else:
        assert mods == []
    assert r.modified == bonus and r.row == bonus


def test_14_42a_bonus_moves_the_row_read_in_the_61_column(tmp_path):
    r = result(tmp_path, 81, die=3)   # 3 + 2 = row 5 of 61+: 8C/4H
    assert (r.die, r.modified, r.column, r.counters, r.hexes) == (3, 5, "61+", 8, 4)
