"""AS-RES.2: the two Combat Results of an assault, and the random rounding every loss uses (reading P1).

A Combat Result (reading P1, after the public algorithm of the designer's Civil War Battles): the
combat value is one side's total assault value over the other side's average defence value; a uniform
value between the scenario's low and high combat values (``rules.pzc.assault_low``/``assault_high``,
the user's Parameter Data) is drawn, scaled by combat value / ``baseline``, and its fraction rounded up
with a probability equal to the fraction. Losses are men-equivalents (reading P9) and never exceed
what the losing side has. Every draw is the kit's committed ``Dice.draw`` under ``assault/<S>/<slot>``,
so verify re-derives it; a player may enter each one (``values.<slot>``).
"""
from __future__ import annotations

import math
from fractions import Fraction

from turnlog.events.game import DieRolled
from turnlog.projections.state import GameState

from ..dice import Dice

UNIFORM = 10**6   # a uniform draw's resolution: low + (high - low) * k / 10**6 (reading notes §5.2)
ROUND = 1000      # a random rounding's resolution: round up when the draw is below fraction * 1000


def exact(x: float | int) -> Fraction:
    """A scenario number as the exact decimal it was written as (0.1 is 1/10, not its binary neighbour)."""
    return Fraction(repr(x)) if isinstance(x, float) else Fraction(x)


def shown(x: Fraction) -> str:
    """An exact value as an event stores it: ``"41/3"``, ``"12"``."""
    return str(x)


def key(pid: str, slot: str) -> str:
    return f"assault/{pid}/{slot}"


def random_round(dice: Dice, pid: str, slot: str, x: Fraction, rule: str) -> tuple[int, list[DieRolled]]:
    """``x`` rounded down or up, up with probability its fraction (P1); no draw when ``x`` is whole."""
    whole = math.floor(x)
    frac = x - whole
    if frac == 0:
        return whole, []
    roll = dice.draw(key(pid, slot), ROUND, pid, rule, slot=slot)
    return whole + (1 if roll.value < frac * ROUND else 0), [roll]


def combat_value(value: Fraction, defence: Fraction) -> Fraction:
    """Total assault value over the opposing average defence; a defence below 1 counts as 1 (rulings)."""
    return value / max(defence, Fraction(1))


def loss(dice: Dice, pid: str, side: str, value: Fraction, defence: Fraction, state: GameState,
         cap: int) -> tuple[int, list[DieRolled]]:
    """One Combat Result: the men-equivalents lost by the side facing ``value`` (at most ``cap``).

    ``side`` names the draws: ``<side>_result`` (the uniform value) and ``<side>_round`` (its rounding).
    """
    pzc = state.rules.pzc
    low, high, base = exact(pzc.assault_low), exact(pzc.assault_high), exact(pzc.baseline)
    if value <= 0 or cap <= 0:
        return 0, []
    u = dice.draw(key(pid, f"{side}_result"), UNIFORM, pid, "AS-RES.2", slot=f"{side}_result")
    drawn = low + (high - low) * Fraction(u.value, UNIFORM)
    x = drawn * combat_value(value, defence) / (base if base > 0 else Fraction(1))
    got, rolls = random_round(dice, pid, f"{side}_round", x, "AS-RES.2")
    return min(max(got, 0), cap), [u, *rolls]
