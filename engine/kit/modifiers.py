"""Apply a list of Modifiers to a number with exact arithmetic and a rounding the caller names.

The order is fixed so that a result never depends on the order the rules listed their modifiers:

1. ``multiply``: the base times every multiplier (PzC's per-unit x1/4, x1/2 stack by multiplying);
2. ``percent``: the percentages are summed, then applied once as x(100 + sum)/100, floored at zero
   when ``floor_percent`` (PzC's side modifier is one percentage made of parts);
3. ``add`` and ``shift``: summed and added (a die-roll modifier; a column shift moves a column index);
4. rounding, by the name the caller gives (ROUNDINGS); "exact" returns the Fraction itself.

Only the modifiers whose ``applies_to`` equals ``applies_to`` are applied when one is given.
"""
from __future__ import annotations

import math
from fractions import Fraction
from typing import Iterable, Literal, overload

from turnlog.events.base import Modifier

Rounding = Literal["exact", "floor", "ceil", "down", "up", "half_up", "half_down", "half_even"]
ROUNDINGS: tuple[str, ...] = ("exact", "floor", "ceil", "down", "up", "half_up", "half_down",
                              "half_even")


@overload
def apply(base: int | Fraction, modifiers: Iterable[Modifier], *, rounding: Literal["exact"],
          applies_to: str | None = None, floor_percent: bool = False) -> Fraction: ...
@overload
def apply(base: int | Fraction, modifiers: Iterable[Modifier], *, rounding: Rounding,
          applies_to: str | None = None, floor_percent: bool = False) -> int | Fraction: ...
def apply(base: int | Fraction, modifiers: Iterable[Modifier], *, rounding: Rounding,
          applies_to: str | None = None, floor_percent: bool = False) -> int | Fraction:
    """``base`` after ``modifiers`` in the module's order, rounded as named (an int unless "exact").

    ValueError for an unknown kind or rounding, a non-positive denominator or a fractional shift.
    """
    mods = [m for m in modifiers if applies_to is None or m.applies_to == applies_to]
    x = Fraction(base)
    for m in mods:
        if m.kind == "multiply":
            x *= m.amount
    pct = sum((m.amount for m in mods if m.kind == "percent"), Fraction(0))
    if any(m.kind == "percent" for m in mods):
        x = x * (100 + pct) / 100
        if floor_percent and x < 0:
            x = Fraction(0)
    for m in mods:
        if m.kind == "shift" and m.den != 1:
            raise ValueError(f"modifier {m.rule}: a column shift is a whole number of columns")
        if m.kind in ("add", "shift"):
            x += m.amount
        elif m.kind not in ("multiply", "percent"):
            raise ValueError(f"modifier {m.rule}: unknown kind {m.kind!r}")
    return round_as(x, rounding)


def round_as(x: Fraction, rounding: Rounding) -> int | Fraction:
    """``x`` rounded as named: floor/ceil (toward -inf/+inf), down/up (toward/away from zero),
    half_up/half_down (nearest; a half away from/toward zero), half_even (nearest; a half to even).
    """
    if rounding == "exact":
        return x
    if rounding == "floor":
        return math.floor(x)
    if rounding == "ceil":
        return math.ceil(x)
    if rounding == "down":
        return math.trunc(x)
    if rounding == "up":
        return -math.floor(-x) if x >= 0 else math.floor(x)
    if rounding in ("half_up", "half_down"):
        mag = abs(x)
        whole, frac = math.floor(mag), mag - math.floor(mag)
        n = whole + (1 if frac > Fraction(1, 2)
                     or (frac == Fraction(1, 2) and rounding == "half_up") else 0)
        return n if x >= 0 else -n
    if rounding == "half_even":
        return round(x)  # Fraction.__round__ rounds a half to the even neighbour
    raise ValueError(f"unknown rounding {rounding!r} (use one of {', '.join(ROUNDINGS)})")


def total(modifiers: Iterable[Modifier], *, applies_to: str | None = None) -> int:
    """The sum of the add and shift modifiers (a die's net modifier, a net column shift); exact ints only.

    Whole amounts (int values over ``den`` 1, as every die modifier so far) are summed as ints: ``apply``
    adds the same numbers as Fractions, which cost a fifth of an attrition roll's decision.
    """
    mods = [m for m in modifiers if m.kind in ("add", "shift")
            and (applies_to is None or m.applies_to == applies_to)]
    if all(m.den == 1 and type(m.value) is int for m in mods):
        return sum(m.value for m in mods)
    got = apply(0, mods, rounding="exact")
    if got.denominator != 1:
        raise ValueError(f"the modifiers sum to {got}, not a whole number")
    return int(got)
