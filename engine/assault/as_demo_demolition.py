"""AS-DEMO.2: every demolition unit that takes part loses 32 / its assault value in strength.

Reading P14: whenever a demolition unit takes part (bunker or not); the assault value is its printed
per-strength rating (``ratings.assault``); the loss is in its own strength points, randomly rounded by a
committed draw ``demo/<unit>`` (P1). AS-DEMO.1 (the halved bunker bonus) is a value: as_res1_values.py.
"""
from __future__ import annotations

from fractions import Fraction

from turnlog.projections.assault import Assault
from turnlog.projections.state import GameState

from ..dice import Dice
from .allocation import reduce
from .as_res2_results import random_round


def share(av: int) -> Fraction:
    """The strength a demolition unit of assault value ``av`` loses: 32 / av, exact."""
    return Fraction(32, av)


def losses(state: GameState, dice: Dice, proc: Assault, units: tuple[str, ...]) -> list:
    """Each participating demolition unit's own loss, in the order the totals name them."""
    out: list = []
    for uid in units:
        u = state.units[uid]
        av = u.ratings.get("assault", 0)
        if av <= 0 or u.eliminated:
            continue
        n, rolls = random_round(dice, proc.id, f"demo/{uid}", share(av), "AS-DEMO.2")
        out += rolls + reduce(proc.id, u, n, "AS-DEMO.2")
    return out
