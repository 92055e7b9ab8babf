"""A die's net modifier made of whole amounts is summed in ints; its answers are unchanged.

Every attrition roll sums its 14.42 modifiers with ``kit.modifiers.total``, which went through ``apply``'s
exact Fractions (a fifth of the roll's decision). Whole amounts now add as ints; halves still go exactly
through ``apply`` and a sum that is not whole is still refused.
"""
from __future__ import annotations

import pytest

from turnlog.engine.kit import modifiers as M
from turnlog.events.base import Modifier


def m(value, kind="add", den=1, applies_to="die"):
    return Modifier(value=value, rule="X.1", reason="INVENTED", kind=kind, den=den, applies_to=applies_to)


def test_whole_amounts_make_no_fraction(monkeypatch):
    made = []
    real = M.Fraction
    monkeypatch.setattr(M, "Fraction", lambda *a: made.append(a) or real(*a))
    got = M.total([m(2), m(-3), m(1, "shift", applies_to="column"), m(5, "multiply")])
    assert got == 0 and type(got) is int
    assert made == []


def test_the_target_filter_and_the_kinds_count_as_before():
    mods = [m(2), m(-1, applies_to="attacker_die"), m(1, "percent"), m(-1, "shift", applies_to="column")]
    assert M.total(mods) == 0
    assert M.total(mods, applies_to="die") == 2
    assert M.total(mods, applies_to="column") == -1
    assert M.total([]) == 0


def test_halves_still_add_exactly_and_a_part_is_refused():
    assert M.total([m(1, den=2), m(1, den=2), m(1)]) == 2
    with pytest.raises(ValueError, match="not a whole number"):
        M.total([m(1, den=2)])
