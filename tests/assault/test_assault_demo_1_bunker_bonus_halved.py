"""AS-DEMO.1: attacking demolition units halve the defenders' bunker or pillbox defence bonus (a percentage on
each defender's defence value, the ruling in docs/rulings.md). INVENTED bonus and ratings."""
from __future__ import annotations

from fractions import Fraction

import pytest

from assault_values_helpers import assault, rules_of, unit


@pytest.mark.parametrize("kind", ["bunker", "pillbox"])
def test_as_demo_1_the_fort_bonus_without_and_with_demolition_units(tmp_path, kind):
    units = [unit("a1", "0202"), unit("a2", "0202", demolition=1), unit("e1", "0302", defence=5)]
    _, t = assault(tmp_path, units, ["a1"], bonus={"0302": (kind, 40)})
    assert rules_of(t) == ["AS-DEMO.1"] and t.def_defence == 7          # 5 x 140%
    assert t.demolition == ()
    _, t = assault(tmp_path, units, ["a1", "a2"], bonus={"0302": (kind, 40)})
    assert rules_of(t) == ["AS-DEMO.1"] and t.modifiers[0].amount == 20 and "halved" in t.modifiers[0].reason
    assert t.def_defence == 6                                           # 5 x 120%
    assert t.demolition == ("a2",)


def test_as_demo_1_an_odd_bonus_halves_exactly(tmp_path):
    units = [unit("a1", "0202", demolition=1), unit("e1", "0302", defence=4)]
    _, t = assault(tmp_path, units, ["a1"], bonus={"0302": ("bunker", 25)})
    assert t.def_defence == Fraction(9, 2)                  # 4 x (100 + 25/2)%


def test_as_demo_1_no_fort_no_bonus_but_the_demolition_unit_still_takes_part(tmp_path):
    units = [unit("a1", "0202", demolition=1), unit("e1", "0302", defence=5)]
    _, t = assault(tmp_path, units, ["a1"], bonus={"0302": ("city", 40)})
    assert t.modifiers == () and t.def_defence == 5
    assert t.demolition == ("a1",)      # reading P14: AS-DEMO.2 charges it whether or not there is a bunker
