"""ARM points (11.16.5-T4-T6, 11.16.4 option 33, 16.3, 22.4.2): each unit's part with every rule that made it.

Exact fractions throughout (reading W1): a division halves its corps type, a halved unit halves its
points, and half a tank buster's or an attacking gun's factors may be a half. A unit's type is its
``unit_class`` (else its ``type``) read as a WiF code, case-insensitive: HQ-A, ARM, MECH, MOT, CAV,
HQ-I, INF, GAR, PARA, MAR, MIL, TER, MTN, ART, ENG, AT, AA. Any other code counts 0 (T4, T5).
"""
from __future__ import annotations

from fractions import Fraction
from typing import Sequence

from turnlog.events.base import Modifier
from turnlog.events.wif import ArmPoints, FactorMultiplier, TankBuster
from turnlog.events.editions import applies
from turnlog.projections.state import GameState, UnitState

from . import rulings
from ..errors import CommandError
from ..kit.board import unit_class
from .r3_casualties import is_gun

#: 11.16.5-T4: an attacking corps' ARM points by type.
ATTACKING = {"hq-a": 4, "arm": 4, "mech": 3, "mot": 1, "cav": 1}
#: 11.16.5-T5: a defending corps' ARM points by type (motorized ART below; reading W7).
DEFENDING = {"hq-a": 4, "arm": 4, "mech": 3, "mot": 2, "hq-i": 2, "inf": 2, "gar": 2,
             "para": 1, "mar": 1, "mil": 1, "ter": 1, "cav": 1, "mtn": 1}
#: 22.4.2: guns whose ARM is their printed factors (half of them attacking; reading W11).
FACTOR_GUNS = {"at": "22.4.2", "aa": "22.4.2"}
#: The multipliers a host may report (11.16.5-T6: halved or doubled).
FACTORS = {"2": Fraction(2), "1/2": Fraction(1, 2)}


def code(u: UnitState) -> str:
    """The unit's WiF type code, lower case; an ENG counts as an INF (11.16.5-T6)."""
    c = unit_class(u)
    return "inf" if c == "eng" else c


def base(u: UnitState, side: str, gun_whole: bool = True) -> list[Modifier]:
    """The unit's points before multipliers, as modifiers naming their rule (empty: it counts 0)."""
    tag, c = f"arm:{u.id}", code(u)
    if c in FACTOR_GUNS:
        if side == "attacker":  # the attacking table counts half of the printed factors (22.4.2, W11)
            return [Modifier(value=u.factors, den=2, rule="22.4.2", reason=f"{c.upper()} attacking: half its "
                             f"{u.factors} printed factors", applies_to=tag)]
        return [Modifier(value=u.factors, rule="22.4.2", reason=f"{c.upper()} defending: its {u.factors} printed "
                         "factors", applies_to=tag)]
    if side == "attacker":
        n, rule = ATTACKING.get(c, 0), "11.16.5-T4"
    elif c == "art" and "motorized" in u.markers:
        n, rule = 1, "11.16.5-T5"  # reading W7: motorized ART is its own entry
    else:
        n, rule = DEFENDING.get(c, 0), "11.16.5-T5"
    if not n:
        return []
    out = [Modifier(value=n, rule=rule, reason=f"{unit_class(u).upper()} {side[:-2]}ing", applies_to=tag)]
    # A gun's entry is its own value (docs/rulings.md, W6; rulings edition 3, ``gun_whole``).
    if u.size == "division" and not (gun_whole and is_gun(u)):
        why = "an ENG division counts as an INF division" if unit_class(u) == "eng" else "a division counts half"
        out.append(Modifier(value=1, den=2, kind="multiply", rule="11.16.5-T6", reason=why, applies_to=tag))
    return out


def multipliers(given: Sequence[FactorMultiplier], units: set[str]) -> dict[str, list[Modifier]]:
    """The host's factor multipliers as ARM multipliers by unit; CommandError naming a bad entry."""
    out: dict[str, list[Modifier]] = {}
    for i, m in enumerate(given):
        if m.unit not in units:
            raise CommandError(f'multipliers[{i}].unit: "{m.unit}" is not a unit in this combat')
        f = FACTORS.get(m.factor)
        if f is None:
            raise CommandError(f'multipliers[{i}].factor: "{m.factor}" is not "2" or "1/2" (11.16.5-T6: halved or '
                               "doubled)")
        rule = "16.3" if m.reason.lower() == "chit" else "11.16.5-T6"
        out.setdefault(m.unit, []).append(Modifier(value=f.numerator, den=f.denominator, kind="multiply", rule=rule,
                                                   reason=m.reason or "factors multiplied", applies_to=f"arm:{m.unit}"))
    return out


def total(mods: Sequence[Modifier]) -> Fraction:
    """Adds, then multiplies (a unit with no base counts 0 whatever multiplies it)."""
    x = sum((m.amount for m in mods if m.kind == "add"), Fraction(0))
    for m in mods:
        if m.kind == "multiply":
            x *= m.amount
    return x


def tank_buster(tb: TankBuster) -> list[Modifier]:
    """11.16.4 option 33: a TB counts as the ARM tables count it (half its tactical factors attacking)."""
    tag = f"arm:{tb.unit}"
    if tb.side == "attacker":
        return [Modifier(value=tb.factors, den=2, rule="11.16.4", reason=f"tank buster attacking: half its "
                         f"{tb.factors} tactical factors", applies_to=tag)]
    return [Modifier(value=tb.factors, rule="11.16.4", reason=f"tank buster defending: its {tb.factors} tactical "
                     "factors", applies_to=tag)]


def count(state: GameState, attackers: Sequence[str], defenders: Sequence[str], *,
          given: Sequence[FactorMultiplier] = (), tbs: Sequence[TankBuster] = (),
          notional: int = 0) -> tuple[Fraction, Fraction, list[ArmPoints], list[str]]:
    """Both totals, every unit's part and the attacking land contributors (reading W12)."""
    mult = multipliers(given, {*attackers, *defenders})
    parts: list[ArmPoints] = []
    sums = {"attacker": Fraction(0), "defender": Fraction(0)}
    contributors = []
    for side, ids in (("attacker", attackers), ("defender", defenders)):
        for uid in ids:
            mods = base(state.units[uid], side, applies(state, rulings.GUN_WHOLE))
            mods += mult.get(uid, []) if mods else []
            pts = total(mods)
            sums[side] += pts
            parts.append(ArmPoints(unit=uid, side=side, points=str(pts), reasons=mods))
            if side == "attacker" and pts > 0:
                contributors.append(uid)
    for i, tb in enumerate(tbs):
        if tb.side not in sums or tb.factors < 0:
            raise CommandError(f"tank_busters[{i}]: side is attacker or defender, factors 0 or more")
        mods = tank_buster(tb)
        pts = total(mods)
        sums[tb.side] += pts
        parts.append(ArmPoints(unit=tb.unit, side=tb.side, points=str(pts), reasons=mods))
    if notional:
        mods = [Modifier(value=notional, rule="11.16.5-T5", reason=f"notional unit: 1 per combat factor ({notional})",
                         applies_to="arm:notional")]
        sums["defender"] += notional
        parts.append(ArmPoints(unit="notional", side="defender", points=str(notional), reasons=mods))
    return sums["attacker"], sums["defender"], parts, contributors
