"""AS-RES.1: total assault value = sum of value x strength (vehicles and guns x10); average defence weighted
by strength. INVENTED units and ratings (tests/assault/assault_values_helpers.py)."""
from __future__ import annotations

from fractions import Fraction

from turnlog.engine.assault.as_res1_values import Totals, weight
from turnlog.projections.state import UnitState

from assault_values_helpers import assault, unit


def test_as_res_1_weight_is_ten_for_vehicles_and_guns_else_one():
    mk = lambda kind: UnitState(id="x", nationality="GE", type="infantry", factors=1, strength_kind=kind)
    assert [weight(mk(k)) for k in ("vehicles", "guns", "men", "")] == [10, 10, 1, 1]


def test_as_res_1_totals_with_no_modifier_are_plain_sums(tmp_path):
    # Given a Clear hex, quality C, no fatigue, one (unnamed) formation: no modifier applies.
    units = [unit("a1", "0202", strength=10, kind="vehicles", assault=6, defence=8),
             unit("a2", "0202", strength=100, assault=4, defence=5),
             unit("e1", "0302", strength=5, kind="guns", assault=2, defence=10),
             unit("e2", "0302", strength=150, assault=3, defence=4)]
    _, t = assault(tmp_path, units, ["a1", "a2"])
    assert isinstance(t, Totals)
    assert t.att_value == 6 * 10 * 10 + 4 * 100 == 1000
    assert t.att_defence == Fraction(8 * 100 + 5 * 100, 200)          # a1 weighs 10 x 10 = 100 men
    assert t.def_value == 2 * 5 * 10 + 3 * 150 == 550
    assert t.def_defence == Fraction(10 * 50 + 4 * 150, 200)
    assert t.modifiers == ()
    assert t.contributions == {"a1": 600, "a2": 400, "e1": 100, "e2": 450}
    assert t.demolition == ()


def test_as_res_1_exact_fractions_and_a_side_without_strength(tmp_path):
    units = [unit("a1", "0202", strength=3, assault=1, defence=1), unit("a2", "0202", strength=0, defence=9),
             unit("e1", "0302", strength=0)]
    _, t = assault(tmp_path, units, ["a1", "a2"])
    assert (t.att_value, t.att_defence, t.def_value, t.def_defence) == (3, 1, 0, 0)
