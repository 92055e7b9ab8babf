"""AS-DEF.1-5: the defenders' own reductions; reading P3 (a bullet once; bullets multiply, or the worst only
with rules.pzc.stack = "worst"). INVENTED units and ratings."""
from __future__ import annotations

from fractions import Fraction

import pytest

from assault_values_helpers import assault, rules_of, unit


@pytest.mark.parametrize("kw, rule, factor", [
    ({"markers": ["disrupted"]}, "AS-DEF.1", Fraction(1, 2)),
    ({"markers": ["low_ammo"]}, "AS-DEF.1", Fraction(1, 2)),
    ({"markers": ["digging_in"]}, "AS-DEF.1", Fraction(1, 2)),
    ({"markers": ["disrupted", "low_ammo", "digging_in"]}, "AS-DEF.1", Fraction(1, 2)),   # P3: one bullet once
    ({"mode": "travel"}, "AS-DEF.2", Fraction(1, 4)),
    ({"mode": "rail"}, "AS-DEF.2", Fraction(1, 4)),
    ({"markers": ["bridge_building"], "cls": "engineer"}, "AS-DEF.3", Fraction(1, 2)),
    ({"markers": ["bridge_maintaining"], "engineer": 1}, "AS-DEF.3", Fraction(1, 2)),
    ({"markers": ["mine_laying"]}, "AS-DEF.4", Fraction(1, 2)),
    ({"markers": ["mine_clearing"]}, "AS-DEF.4", Fraction(1, 2)),
    ({"markers": ["broken"]}, "AS-DEF.5", Fraction(1, 4)),
])
def test_as_def_1_5_each_reduction(tmp_path, kw, rule, factor):
    _, t = assault(tmp_path, [unit("a1", "0202"), unit("e1", "0302", assault=8, **kw)], ["a1"])
    assert rules_of(t) == [rule]
    assert t.def_value == 8 * 100 * factor


def test_as_def_3_bridge_work_by_a_non_engineer_is_not_reduced(tmp_path):
    _, t = assault(tmp_path, [unit("a1", "0202"), unit("e1", "0302", markers=["bridge_building"])], ["a1"])
    assert t.modifiers == () and t.def_value == 400


def test_as_def_an_undisturbed_defender_and_the_attackers_markers_are_not_reduced(tmp_path):
    _, t = assault(tmp_path, [unit("a1", "0202", markers=["mine_laying"]), unit("e1", "0302")], ["a1"])
    assert t.modifiers == () and (t.att_value, t.def_value) == (400, 400)


def test_p3_different_bullets_multiply_by_default(tmp_path):
    # Travel x1/4 and Disrupted x1/2: x1/8.
    _, t = assault(tmp_path, [unit("a1", "0202"), unit("e1", "0302", assault=8, mode="travel",
                                                       markers=["disrupted"])], ["a1"])
    assert rules_of(t) == ["AS-DEF.1", "AS-DEF.2"]
    assert t.def_value == 100


def test_p3_worst_applies_only_the_harshest(tmp_path):
    units = [unit("a1", "0202"), unit("e1", "0302", assault=8, mode="travel", markers=["disrupted", "broken"])]
    _, t = assault(tmp_path, units, ["a1"], pzc={"stack": "worst"})
    assert rules_of(t) == ["AS-DEF.2"]       # x1/4, the first of the two harshest in text order
    assert t.def_value == 200
