"""AS-DIS.1-3: the attackers' loss as it counts for their disruption; and who becomes Disrupted or Broken.

The scaling is in the text, each step a Modifier on ``disruption``: doubled (DIS.1), doubled again at
night (DIS.2: the host says so on ResolveAssault), times 100 / (100 + M) for the defending hex's terrain
modifier M (DIS.3, reading P5: a negative M raises it). Who becomes Disrupted or Broken is not in the
text; ``rules.pzc.disruption`` says who decides:

* ``host`` (default): the host reports it (ReportDisruption);
* ``ratio``: the engine's documented model (docs/rulings.md): with the side's counted loss L and its
  strength S in men-equivalents before the loss, each of its units in the assault is hit with
  probability L / (L + max(S/10, 25)), a committed draw ``morale/<unit>`` in 0..999 below p x 1000; a
  hit Disrupts the unit, or Breaks it when it was Disrupted already.
"""
from __future__ import annotations

from fractions import Fraction

from turnlog.events import assault as a
from turnlog.events.base import Modifier
from turnlog.projections.assault import Assault
from turnlog.projections.state import GameState

from . import rulings
from ..dice import Dice
from ..errors import CommandError, RuleViolation
from ..kit import modifiers as km
from .allocation import SIDES, loss_of, mass, units_of
from .as_res2_results import ROUND, key

STATUSES = ("disrupted", "broken")


def steps(loss: int, night: bool, pct: int) -> tuple[Fraction, list[Modifier]]:
    """(counted loss, its Modifiers): DIS.1 x2, DIS.2 x2 at night, DIS.3 x100/(100+M) when M is not 0."""
    mods = [Modifier(value=2, rule="AS-DIS.1", reason="assault losses count double for the attackers' disruption",
                     applies_to="disruption", kind="multiply")]
    if night:
        mods.append(Modifier(value=2, rule="AS-DIS.2", reason="a night assault doubles them again",
                             applies_to="disruption", kind="multiply"))
    if pct:
        # A scenario file is refused below -99% (engine/domains.py); the floor keeps a log written before
        # that bound (when -100 loaded) replaying instead of dividing by zero.
        mods.append(Modifier(value=100, den=max(100 + pct, 1), rule="AS-DIS.3",
                             reason=f"the defending hex's terrain modifier {pct:+d}%", applies_to="disruption",
                             kind="multiply"))
    return Fraction(km.apply(loss, mods, rounding="exact")), mods


def scaled(state: GameState, proc: Assault, loss: int, night: bool) -> a.AttackerDisruptionScaled:
    """The event logging the attackers' counted loss, read off the defending hex's terrain."""
    value, mods = steps(loss, night, rulings.terrain_of(state, proc.hex).pzc.assault_pct)
    return a.AttackerDisruptionScaled(procedure=proc.id, loss=loss, scaled=str(value), modifiers=mods)


def counted(state: GameState, proc: Assault, side: str) -> Fraction:
    """The loss a side's disruption is judged on: the attackers' scaled (AS-DIS), the defenders' as it is."""
    if side == "attacker":
        pct = rulings.terrain_of(state, proc.hex).pzc.assault_pct
        return steps(proc.att_loss, proc.night, pct)[0]
    return Fraction(loss_of(proc, side))


def hit(marks: list[str]) -> str:
    """What a hit makes of a unit: Disrupted, or Broken when it was Disrupted already ('' when Broken)."""
    if "broken" in marks:
        return ""
    return "broken" if "disrupted" in marks else "disrupted"


def model(state: GameState, dice: Dice, proc: Assault) -> list:
    """The ``ratio`` model over both sides (attackers first), each unit's draw committed."""
    out: list = []
    for side in SIDES:
        lost = counted(state, proc, side)
        if lost <= 0:
            continue
        units = units_of(state, proc, side)
        strength = mass(units) + loss_of(proc, side)
        p = lost / (lost + max(Fraction(strength, 10), Fraction(25)))
        rule = "AS-DIS.3" if side == "attacker" else "AS-RES.2"
        for u in units:
            roll = dice.draw(key(proc.id, f"morale/{u.id}"), ROUND, proc.id, rule, slot=f"morale/{u.id}")
            out.append(roll)
            status = hit(u.markers)
            if roll.value < p * ROUND and status:
                out.append(a.UnitStatusChanged(procedure=proc.id, unit=u.id, status=status, rule=rule))
    return out


def reported(state: GameState, proc: Assault, disrupted: list[str], broken: list[str]) -> list:
    """The host's report: units of this assault, on the map, each named once, none already so marked."""
    out: list = []
    seen: set[str] = set()
    for field, ids, status in (("disrupted", disrupted, "disrupted"), ("broken", broken, "broken")):
        for i, uid in enumerate(ids):
            if uid not in state.units:
                raise CommandError(f'{field}[{i}]: no unit "{uid}"')
            if uid in seen:
                raise CommandError(f'{field}[{i}]: "{uid}" is named twice')
            seen.add(uid)
            u = state.units[uid]
            if uid not in proc.units and uid not in proc.defenders or u.eliminated or not u.hex:
                raise RuleViolation("AS-GEN.1", f"{uid} is not a unit on the map in {proc.id}")
            if status in u.markers:
                raise RuleViolation("AS-DIS.1", f"{uid} is {status} already")
            out.append(a.UnitStatusChanged(procedure=proc.id, unit=uid, status=status, rule="AS-DIS.1"
                                           if uid in proc.units else "AS-RES.2"))
    return out
