"""Modifier kinds: what a modifier applies to, add/multiply/percent/shift, exact fractions.

A Modifier written before the change (value, rule, reason) encodes to the same bytes, since the new
fields default and are omitted; engine/kit/modifiers.py applies a list in its documented order with
Fraction arithmetic and the rounding the caller names; str() shows each kind.
"""
from __future__ import annotations

from fractions import Fraction

import msgspec
import pytest

from turnlog.engine.kit.modifiers import ROUNDINGS, apply, round_as, total
from turnlog.events.base import Modifier


def m(value, kind="add", den=1, applies_to=None, rule="R", reason="why"):
    kw = {"applies_to": applies_to} if applies_to else {}
    return Modifier(value=value, rule=rule, reason=reason, kind=kind, den=den, **kw)


def test_an_old_modifier_encodes_exactly_as_before():
    old = Modifier(value=2, rule="14.42A", reason="83 factors")
    assert msgspec.json.encode(old) == b'{"value":2,"rule":"14.42A","reason":"83 factors"}'
    assert msgspec.json.decode(b'{"value":-1,"rule":"14.42B","reason":"CTL"}', type=Modifier) == \
        Modifier(value=-1, rule="14.42B", reason="CTL")


def test_the_new_fields_are_encoded_only_when_not_default():
    half = m(1, "multiply", 2, "assault:u1", rule="PzC.AS-DEF.1", reason="disrupted")
    data = msgspec.json.encode(half)
    assert data == (b'{"value":1,"rule":"PzC.AS-DEF.1","reason":"disrupted","applies_to":"assault:u1",'
                    b'"kind":"multiply","den":2}')
    assert msgspec.json.decode(data, type=Modifier) == half


@pytest.mark.parametrize("mod, text", [
    (Modifier(value=2, rule="14.42A", reason="83 factors"), "14.42A +2: 83 factors"),
    (Modifier(value=-1, rule="14.42B", reason="CTL"), "14.42B -1: CTL"),
    (Modifier(value=0, rule="14.42C", reason="winter"), "14.42C +0: winter"),
    (m(1, "multiply", 2, "value", "PzC.T1", "travel mode"), "PzC.T1 x1/2: travel mode"),
    (m(-1, "shift", applies_to="column", rule="WiF.shift", reason="rough terrain"), "WiF.shift -1 column: rough terrain"),
    (m(2, "shift", applies_to="column", rule="WiF.shift", reason="x"), "WiF.shift +2 columns: x"),
    (m(-20, "percent", applies_to="value", rule="PzC.ORG", reason="mixed divisions"), "PzC.ORG -20%: mixed divisions"),
    (m(1, "add", 2, "attacker_die", "WiF.T7", "ARM bonus"), "WiF.T7 +1/2 attacker_die: ARM bonus"),
    (m(1, "multiply", 4, "assault:u1", "PzC.AS-ATK.4", "low ammo"), "PzC.AS-ATK.4 x1/4 assault:u1: low ammo"),
])
def test_str_shows_each_kind(mod, text):
    assert str(mod) == text


def test_the_documented_order_multiply_then_percent_then_add():
    mods = [m(3), m(10, "percent", applies_to="value"), m(1, "multiply", 2, "value"), m(1, "multiply", 4, "value"),
            m(-30, "percent", applies_to="value")]
    # 40 x 1/2 x 1/4 = 5; percents summed: -20% -> 4; + 3 = 7
    assert apply(40, mods, rounding="exact") == 7


def test_arithmetic_is_exact():
    third = [m(1, "multiply", 3, "value")]
    assert apply(1, third * 3, rounding="exact") == Fraction(1, 27)
    assert apply(10, [m(2, "multiply", 3, "value")], rounding="exact") == Fraction(20, 3)


def test_only_the_named_target_is_applied():
    mods = [m(2, applies_to="attacker_die"), m(-1, applies_to="defender_die"), m(1)]
    assert apply(5, mods, rounding="exact", applies_to="attacker_die") == 7
    assert apply(5, mods, rounding="exact", applies_to="defender_die") == 4
    assert total(mods, applies_to="die") == 1
    assert apply(5, mods, rounding="exact") == 7  # no target named: all of them


def test_percent_floor_at_zero_when_asked():
    mods = [m(-60, "percent", applies_to="value"), m(-60, "percent", applies_to="value")]
    assert apply(10, mods, rounding="exact") == -2
    assert apply(10, mods, rounding="exact", floor_percent=True) == 0


@pytest.mark.parametrize("x, expect", [
    (Fraction(5, 2), {"floor": 2, "ceil": 3, "down": 2, "up": 3, "half_up": 3, "half_down": 2, "half_even": 2}),
    (Fraction(7, 2), {"floor": 3, "ceil": 4, "down": 3, "up": 4, "half_up": 4, "half_down": 3, "half_even": 4}),
    (Fraction(-5, 2), {"floor": -3, "ceil": -2, "down": -2, "up": -3, "half_up": -3, "half_down": -2, "half_even": -2}),
    (Fraction(10, 3), {"floor": 3, "ceil": 4, "down": 3, "up": 4, "half_up": 3, "half_down": 3, "half_even": 3}),
    (Fraction(4), {"floor": 4, "ceil": 4, "down": 4, "up": 4, "half_up": 4, "half_down": 4, "half_even": 4}),
])
def test_each_rounding(x, expect):
    assert {r: round_as(x, r) for r in ROUNDINGS if r != "exact"} == expect
    assert round_as(x, "exact") == x


def test_shifts_sum_as_columns():
    assert total([m(-1, "shift", applies_to="column"), m(-1, "shift", applies_to="column"),
                  m(1, "shift", applies_to="column")]) == -1


@pytest.mark.parametrize("mods, rounding", [
    ([m(1, "multiply", 0, "value")], "exact"),
    ([m(1, "shift", 2, "column")], "exact"),
    ([m(1, "pow")], "exact"),
    ([], "nearest"),
])
def test_a_malformed_modifier_or_rounding_is_a_value_error(mods, rounding):
    with pytest.raises(ValueError):
        apply(1, mods, rounding=rounding)


def test_a_fractional_total_is_refused():
    with pytest.raises(ValueError):
        total([m(1, den=2)])
