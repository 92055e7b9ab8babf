"""World in Flames land combat, the results: who pays a numeric part of a cell, in casualty points (11.16.5-R2, R3).

A result ``X/Y`` costs the attacker X and the defender Y land units; each owner picks his own (R2). A corps
pays 1 casualty point, a division or a gun 1/2 (R3). The owner lists his losses in the order he picks them
(reading W13): the list must reach the number and may not go past it before its last unit, so a corps may
pay a half left open by a division (and is lost whole, as the other half: K1b), and a side holding less than
the number loses everything it has in the combat. Unit facts come from the board: the WiF class code in
``unit_class`` (HQ-A, MECH, INF...), ``size`` (corps, division, gun) and the marker ``white_print``.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from turnlog.events.editions import applies
from turnlog.projections.state import GameState, UnitState

from . import rulings
from ..errors import CommandError, RuleViolation
from ..kit import losses as kl
from ..kit.board import unit_class

R2, R3 = "11.16.5-R2", "11.16.5-R3"
SIDES = ("attacker", "defender")
#: Classes whose counters are guns: each counts as a division (R3).
GUNS = frozenset({"ART", "AT", "AA", "H-ART"})
HALF = Fraction(1, 2)


def wif_class(u: UnitState) -> str:
    """The unit's WiF class code, upper case (``unit_class``, else its ``type``)."""
    return unit_class(u).upper()


def is_gun(u: UnitState) -> bool:
    """A gun: size ``gun``, or a gun's class (ART, AT, AA, H-ART)."""
    return u.size.lower() == "gun" or wif_class(u) in GUNS


def is_half(u: UnitState) -> bool:
    """A division or a gun: half a casualty point (R3)."""
    return u.size.lower() == "division" or is_gun(u)


def is_corps(u: UnitState) -> bool:
    return not is_half(u)


def points(u: UnitState) -> Fraction:
    """The casualty points losing ``u`` pays (R3)."""
    return HALF if is_half(u) else Fraction(1)


def owed(combat, side: str) -> Fraction | None:
    """The casualty points the cell asks of ``side``, or None when its part is not a number (R2)."""
    part = combat.att_loss if side == "attacker" else combat.def_loss
    try:
        n = Fraction(part)
    except (ValueError, ZeroDivisionError):
        return None
    return n if n > 0 else None


def side_units(combat, side: str) -> list[str]:
    if side not in SIDES:
        raise CommandError(f'side: "{side}" is neither "attacker" nor "defender"')
    return list(combat.attackers if side == "attacker" else combat.defenders)


def check_open(combat, side: str) -> Fraction:
    """What ``side`` owes; refused under R2 when its losses are taken or the cell asks none of it."""
    side_units(combat, side)
    if side in combat.settled:
        raise RuleViolation(R2, f"the {side}'s losses in {combat.id} are already taken")
    need = owed(combat, side)
    if need is None:
        part = (combat.att_loss if side == "attacker" else combat.def_loss) or "nothing"
        raise RuleViolation(R2, f"the result asks no land units of the {side} ({part})")
    return need


@dataclass(frozen=True)
class Paid:
    """A loss list as checked: what it paid, what was owed and not paid, and the corps that paid a half."""

    cp: Fraction
    shortfall: Fraction
    half_payer: str = ""


def check_losses(state: GameState, combat, side: str, units: list[str]) -> Paid:
    """Refuse a loss list for ``side`` that breaks R2/R3; return what it pays.

    First-loss constraints (R4) are checked by the caller (engine/wif/r4_first_loss.py) on the same list.
    """
    mine = side_units(combat, side)
    need = check_open(combat, side)
    alive = [u for u in mine if u in state.units and not state.units[u].eliminated]

    def judge(uid: str) -> kl.Candidate | None:
        u = state.units.get(uid)
        if u is None:
            return None
        if uid not in mine:
            return kl.Candidate(uid, R2, f"{uid} is not one of the {side}'s units in {combat.id}")
        if u.eliminated:
            return kl.Candidate(uid, R2, f"{uid} is already destroyed")
        return kl.Candidate(uid, weight=points(u))

    spec = kl.LossSpec(R3, need, judge,
                       too_many="{taken} casualty points listed, but the result is paid before the last unit "
                                "(it calls for {required}): the owner loses no more than is needed",
                       too_few="the list pays {taken} casualty points; the owner must pay {most} here")
    most = min(need, sum((points(state.units[u]) for u in alive), Fraction(0)))
    shortfall = kl.check(spec, units, most)
    paid = sum((points(state.units[u]) for u in units), Fraction(0))
    if applies(state, rulings.HALF_PAYER):
        half = half_payer(state, units, paid)
    else:  # edition 2: only a list that paid past the result named its last corps (docs/rulings.md)
        half = units[-1] if units and paid > need and is_corps(state.units[units[-1]]) else ""
    return Paid(cp=paid, shortfall=shortfall, half_payer=half)


def half_payer(state: GameState, units: list[str], paid: Fraction) -> str:
    """The corps that pays the other half of a casualty a division or gun began (K1b), or "".

    An odd number of halves in the list leaves one half open; the last corps listed pays it. When the result
    is paid in full that corps is the list's last unit (it pays past the number); when the side loses
    everything and still falls short, R3 says its only division takes a corps with it all the same
    (docs/rulings.md, "R3 short of points").
    """
    if paid.denominator == 1:
        return ""
    return next((u for u in reversed(units) if is_corps(state.units[u])), "")


def most_needed(state: GameState, combat, side: str) -> Fraction:
    """What ``side`` must pay: the number owed, or everything it has in the combat if that is less."""
    need = owed(combat, side) or Fraction(0)
    have = sum((points(state.units[u]) for u in side_units(combat, side)
                if u in state.units and not state.units[u].eliminated), Fraction(0))
    return min(need, have)
