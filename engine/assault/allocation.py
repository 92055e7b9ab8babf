"""How each side's loss is shared among its units (reading P9; the text does not say).

``rules.pzc.allocation``: ``proportional`` (the default) spreads a side's men-equivalent loss over its
units in proportion to their men-equivalent strength, each share randomly rounded in the unit's own
points (a committed draw ``alloc/<unit>``); ``owner`` waits for each side's owner to say it
(``AllocateAssaultLosses``). A unit whose strength reaches 0 is eliminated.
"""
from __future__ import annotations

from fractions import Fraction

from turnlog.events import assault as a
from turnlog.events import game as g
from turnlog.projections.assault import Assault
from turnlog.projections.state import GameState, UnitState

from ..dice import Dice
from ..errors import CommandError, RuleViolation
from .as_res2_results import random_round
from .as_res1_values import weight

SIDES = ("attacker", "defender")


def units_of(state: GameState, proc: Assault, side: str) -> list[UnitState]:
    """The side's units in the assault still on the map with strength (the defenders: still in the hex)."""
    ids = proc.units if side == "attacker" else proc.defenders
    return [u for u in (state.units[k] for k in ids) if u.hex and not u.eliminated and u.strength > 0
            and (side == "attacker" or u.hex == proc.hex)]


def mass(units: list[UnitState]) -> int:
    """Men-equivalents (AS-RES.1's weighting)."""
    return sum(u.strength * weight(u) for u in units)


def loss_of(proc: Assault, side: str) -> int:
    return proc.att_loss if side == "attacker" else proc.def_loss


def reduce(pid: str, u: UnitState, n: int, rule: str, captured: bool = False) -> list:
    """``u`` loses ``n`` points (at most what it has); eliminated when none are left."""
    n = min(n, u.strength)
    if n <= 0:
        return []
    out: list = [a.UnitStrengthReduced(procedure=pid, unit=u.id, amount=n, rule=rule, captured=captured)]
    if n == u.strength:
        out.append(g.UnitEliminated(unit=u.id, rule=rule, procedure=pid, reason="no strength left"))
    return out


def proportional(state: GameState, dice: Dice, proc: Assault, side: str) -> list:
    """Reading P9's default: each unit loses its share of the side's loss, randomly rounded."""
    units, need = units_of(state, proc, side), loss_of(proc, side)
    total = mass(units)
    out: list = []
    for u in units:
        share = Fraction(u.strength) if need >= total else Fraction(need * u.strength, total)
        n, rolls = random_round(dice, proc.id, f"alloc/{u.id}", share, "AS-RES.2")
        out += rolls + reduce(proc.id, u, n, "AS-RES.2")
    return out + [a.AssaultLossesAllocated(procedure=proc.id, side=side, by="proportional")]


def exact(state: GameState, proc: Assault, side: str) -> dict[str, int]:
    """One allocation ``check_owner`` accepts: heavy points first, then the rest, then every spare point off."""
    units = sorted(units_of(state, proc, side), key=lambda u: (-weight(u), u.id))
    need = min(loss_of(proc, side), mass(units))
    got: dict[str, int] = {}
    for u in units:
        got[u.id] = min(u.strength, (need - sum(n * weight(x) for x in units for k, n in got.items()
                                               if k == x.id)) // weight(u))
    paid = sum(got[u.id] * weight(u) for u in units)
    for u in reversed(units):  # the lightest units make up what whole heavy points could not
        if paid < need:
            more = min(u.strength - got[u.id], -(-(need - paid) // weight(u)))
            got[u.id] += more
            paid += more * weight(u)
    for u in units:  # a point paid beyond the loss is taken back (AS-RES.2: none to spare)
        while got[u.id] and paid - weight(u) >= need:
            got[u.id] -= 1
            paid -= weight(u)
    return {k: n for k, n in got.items() if n}


def check_owner(state: GameState, proc: Assault, side: str, losses: dict[str, int]) -> list:
    """The owner's allocation: its own units, whole points each had, paying the loss with no point to spare.

    Pays at least the loss (or everything the side has, if less), and no unit gives a point that was
    not needed: without any one of them the loss would go unpaid (a vehicle point is 10).
    """
    if side not in SIDES:
        raise CommandError(f'side: "attacker" or "defender", not "{side}"')
    if side in proc.allocated:
        raise RuleViolation("AS-RES.2", f"the {side}'s loss in {proc.id} is already allocated")
    own = {u.id: u for u in units_of(state, proc, side)}
    for uid, n in losses.items():
        if uid not in state.units:
            raise CommandError(f'losses.{uid}: no unit "{uid}"')
        if uid not in own:
            raise RuleViolation("AS-RES.2", f"{uid} is not one of the {side}'s units in {proc.id}")
        if not isinstance(n, int) or n <= 0 or n > own[uid].strength:
            raise CommandError(f"losses.{uid}: a whole number from 1 to its strength {own[uid].strength}, not {n}")
    need = min(loss_of(proc, side), mass(list(own.values())))
    paid = sum(n * weight(own[k]) for k, n in losses.items())
    if paid < need:
        raise RuleViolation("AS-RES.2", f"the {side} must lose {need} men-equivalents in {proc.id}; "
                            f"these losses pay {paid}")
    spare = [k for k in losses if paid - weight(own[k]) >= need]
    if spare:
        raise RuleViolation("AS-RES.2", f"these losses pay {paid} for a loss of {need}: {spare[0]} gives a "
                            "point that is not needed")
    out: list = []
    for uid, n in losses.items():
        out += reduce(proc.id, own[uid], n, "AS-RES.2")
    return out + [a.AssaultLossesAllocated(procedure=proc.id, side=side, by="owner")]
