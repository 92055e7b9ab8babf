"""A loss check whose weights and result are whole numbers works in ints; its answers are unchanged.

Attrition's counters each weigh 1: the check made a Fraction per unit, per sum and per comparison. Now only
the shortfall it returns is one (its type is kept), and the messages read as before; halves still add exactly.
"""
from __future__ import annotations

from fractions import Fraction

import pytest

from turnlog.engine.errors import RuleViolation
from turnlog.engine.kit import losses as L

UNITS = {u: L.Candidate(u) for u in ("a", "b", "c")}
HALVES = {"d1": L.Candidate("d1", weight=Fraction(1, 2)), "d2": L.Candidate("d2", weight=Fraction(1, 2))}


def spec(required, units=UNITS) -> L.LossSpec:
    return L.LossSpec(rule="X.5", required=required, judge=units.get)


def test_whole_weights_build_one_fraction_the_shortfall(monkeypatch):
    made = []
    real = L.Fraction
    monkeypatch.setattr(L, "Fraction", lambda *a: made.append(a) or real(*a))
    got = L.check(spec(3), ["a", "b"], most=2)
    assert got == 1 and type(got) is real
    assert len(made) == 1


def test_messages_read_as_before():
    with pytest.raises(RuleViolation, match=r"^rule X\.5: 3 offered but the result calls for 2$"):
        L.check(spec(2), ["a", "b", "c"], most=2)
    with pytest.raises(RuleViolation, match=r"^rule X\.5: the owner must lose 2 here, not 1$"):
        L.check(spec(2), ["a"], most=2)
    with pytest.raises(RuleViolation, match=r"the owner must lose 1 here, not 1/2$"):
        L.check(spec(1, HALVES), ["d1"], most=1)


def test_halves_still_add_exactly():
    assert L.check(spec(1, HALVES), ["d1", "d2"], most=1) == 0
    assert L.check(spec(Fraction(3, 2), {**UNITS, **HALVES}), ["a", "d1"], most=Fraction(3, 2)) == 0
