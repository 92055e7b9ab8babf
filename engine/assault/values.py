"""TEMPORARY stand-in for helper 16a's AS-RES.1 totals (issue 16): plain sums, no modifier applied.

Replaced by 16a's module of the same name and interface at merge; until then resolution (results.py)
reads these totals, which are exact for units no modifier touches (quality C, no fatigue, deployed,
clear terrain, no hexside modifier, one formation).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from turnlog.events.base import Modifier
from turnlog.projections.assault import Assault
from turnlog.projections.state import GameState, UnitState


@dataclass(frozen=True)
class Totals:
    att_value: Fraction
    att_defence: Fraction
    def_value: Fraction
    def_defence: Fraction
    modifiers: tuple[Modifier, ...] = ()
    contributions: dict[str, Fraction] = field(default_factory=dict)
    demolition: tuple[str, ...] = ()


def weight(u: UnitState) -> int:
    """Men-equivalents per strength point: 10 for vehicles and guns, else 1 (AS-RES.1)."""
    return 10 if u.strength_kind in ("vehicles", "guns") else 1


def _side(units: list[UnitState]) -> tuple[Fraction, Fraction, dict[str, Fraction]]:
    each = {u.id: Fraction(u.ratings.get("assault", 0) * u.strength * weight(u)) for u in units}
    mass = sum(u.strength * weight(u) for u in units)
    defence = sum((Fraction(u.ratings.get("defence", 0) * u.strength * weight(u)) for u in units), Fraction(0))
    return sum(each.values(), Fraction(0)), (defence / mass if mass else Fraction(0)), each


def totals(state: GameState, assault: Assault) -> Totals:
    """AS-RES.1 without modifiers: each side's total assault value and strength-weighted defence."""
    att = [state.units[k] for k in assault.units if not state.units[k].eliminated]
    dfd = [state.units[k] for k in assault.defenders if not state.units[k].eliminated]
    av, ad, ac = _side(att)
    dv, dd, dc = _side(dfd)
    return Totals(av, ad, dv, dd, contributions={**ac, **dc},
                  demolition=tuple(u.id for u in att if u.ratings.get("demolition", 0)))
