"""A land combat's final odds from the board and the claimed facts (11.16.4, 22.4.2; engine reading).

The texts take the final odds as known ("after all ground support"): each side's total is its land
units' printed combat factors, each times the multipliers reported for it (11.16.5-T6: halved across
a river, invading, doubled by a chit), plus the tactical factors of the bombers flying ground support
for it (tank busters, 11.16.4, listed in ``tank_busters``; the others, the claimed ``ground_support``)
and, for the defender, a notional unit's factors. AT and AA add their printed factors as usual
(22.4.2). The odds are attack over defence, exactly; the user's table reads the column (R1).

The board holds the units, their factors and the hexsides; it cannot hold the air units or chits,
which stay claimed facts. From edition 5 (``rulings.ODDS_FROM_BOARD``) a combat that leaves ``odds``
out has them computed; in a fair-play game given odds that read another column than the board's are
refused, and so is a ``river`` multiplier the board's hexsides refute.
"""
from __future__ import annotations

from fractions import Fraction

from turnlog.projections.state import GameState, side_key

from ..errors import CommandError, RuleViolation
from ..kit import odds as kodds
from . import r1_table as tb
from .t4_arm import FACTORS

RULE = "11.16.4"
SIDES = ("attacker", "defender")


def support(given: dict[str, int]) -> dict[str, int]:
    """The claimed ground support by side, checked: attacker or defender, 0 or more factors."""
    for side, n in given.items():
        if side not in SIDES:
            raise CommandError(f'ground_support.{side}: a side is "attacker" or "defender"')
        if not isinstance(n, int) or n < 0:
            raise CommandError(f"ground_support.{side}: tactical factors are a whole number, 0 or more")
    return dict(given)


def totals(state: GameState, cmd, defenders: list[str]) -> dict[str, Fraction]:
    """Each side's combat factors: its land units' (times their multipliers) and its air support."""
    mult: dict[str, Fraction] = {}
    for m in cmd.multipliers:
        mult[m.unit] = mult.get(m.unit, Fraction(1)) * FACTORS.get(m.factor, Fraction(1))
    sums = {side: Fraction(0) for side in SIDES}
    for side, ids in (("attacker", cmd.attackers), ("defender", defenders)):
        for uid in ids:
            sums[side] += state.units[uid].factors * mult.get(uid, Fraction(1))
    for b in cmd.tank_busters:
        sums[b.side] += b.factors
    for side, n in support(cmd.ground_support).items():
        sums[side] += n
    sums["defender"] += cmd.notional
    return sums


def board_odds(state: GameState, cmd, defenders: list[str]) -> Fraction:
    """Attack over defence as the board and the claimed facts give them."""
    sums = totals(state, cmd, defenders)
    if sums["defender"] <= 0:
        raise RuleViolation(RULE, f"the defence in {cmd.hex} totals {sums['defender']} combat factors: "
                            "no odds without a defence")
    return kodds.ratio(sums["attacker"], sums["defender"])


def settled(state: GameState, cmd, defenders: list[str], checked: bool) -> str:
    """The odds the combat reads: the board's when ``odds`` is left out; the given ones otherwise,
    refused when ``checked`` (fair play) and they read another column than the board's."""
    if cmd.odds and not checked:
        return cmd.odds  # a hot-seat host's odds, as before: it holds every fact the board lacks
    computed = board_odds(state, cmd, defenders)
    if not cmd.odds:
        return kodds.text(computed)
    for kind in tb.TABLES:
        table = tb.loaded(state, kind)
        want, got = tb.column(table, kodds.text(computed), 0).name, tb.column(table, cmd.odds, 0).name
        if want != got:
            sums = totals(state, cmd, defenders)
            raise RuleViolation(RULE, f"odds: {cmd.odds} reads {got} on the {kind} table, but the board "
                                f"and the claimed facts give {sums['attacker']} against "
                                f"{sums['defender']} combat factors ({kodds.text(computed)}, {want}); "
                                "ground support the board cannot see is claimed in ground_support "
                                "(leave odds out to have them computed)")
    return cmd.odds


def check_rivers(state: GameState, cmd) -> None:
    """A ``river`` multiplier halves an attacker that crosses a river hexside into the hex (11.16.5-T6)."""
    for i, m in enumerate(cmd.multipliers):
        if m.reason.strip().lower() != "river":
            continue
        u = state.units.get(m.unit)
        crossing = (m.unit in cmd.attackers and u is not None and m.unit not in cmd.invaders
                    and m.unit not in cmd.paradropped)
        side = state.hexsides.get(side_key(u.hex, cmd.hex)) if crossing and u is not None else None
        if m.factor != "1/2" or side is None or not side.river:
            raise RuleViolation("11.16.5-T6", f'multipliers[{i}]: "{m.unit}" is not an attacker crossing a '
                                f"river hexside into {cmd.hex} on the board; a river halves only those")
