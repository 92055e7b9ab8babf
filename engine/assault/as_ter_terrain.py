"""The ground's modifiers: AS-TER.1-2 (attackers' value), AS-BOC.1 (attackers' defence), AS-DEMO.1 (bunker bonus).

Readings (docs/rulings.md): P4, the "maximum" hexside modifier is the one of largest magnitude, a tie going
to the lower (the one that hurts the attacker); P5, a terrain percentage is signed and applies as it
stands. A bunker's or pillbox's ``defence_bonus`` is a percentage on each defender's defence value (the
largest, if the hex holds several); attacking demolition units halve it for the assault (AS-DEMO.1).
"""
from __future__ import annotations

from turnlog.events.base import Modifier
from turnlog.projections.state import GameState, UnitState

from . import rulings
from ..hexgrid import grid
from .facts import flag, is_vehicle

FORTS = ("bunker", "pillbox")


def _pct(value: int, rule: str, reason: str, to: str = "attacker") -> Modifier:
    return Modifier(value=value, rule=rule, reason=reason, applies_to=to, kind="percent")


def hexside(state: GameState, hex_: str, attackers: list[UnitState]) -> list[Modifier]:
    """AS-TER.1: the largest hexside modifier between the attacking hexes and ``hex_`` (reading P4)."""
    g = grid(state)
    found = sorted({(g.side(u.hex, hex_).assault_pct, u.hex) for u in attackers})
    pct, where = max(found, key=lambda p: (abs(p[0]), -p[0]), default=(0, ""))
    if not pct:
        return []
    return [_pct(pct, "AS-TER.1", f"the hexside {where}-{hex_}, the largest of the assault's hexside modifiers")]


def ground(state: GameState, hex_: str, attackers: list[UnitState]) -> list[Modifier]:
    """AS-TER.2: the defending hex's terrain modifier, when any attacker consists of vehicles."""
    t = rulings.terrain_of(state, hex_)
    cars = [u.id for u in attackers if is_vehicle(u)]
    if not cars or not t.pzc.assault_pct:
        return []
    return [_pct(t.pzc.assault_pct, "AS-TER.2", f"{hex_} is {t.name or t.id}, and {', '.join(cars)} "
                 "assault with vehicles")]


def bocage(state: GameState, hex_: str, u: UnitState) -> list[Modifier]:
    """AS-BOC.1: a vehicle attacker (mot/mech infantry in Travel Mode too) assaulting Bocage: defence x1/2."""
    if not (rulings.terrain_of(state, hex_).pzc.bocage and is_vehicle(u)):
        return []
    return [Modifier(value=1, den=2, rule="AS-BOC.1", reason=f"{u.id} assaults Bocage with vehicles: defence x1/2",
                     applies_to=f"defence:{u.id}", kind="multiply")]


def fort_bonus(state: GameState, hex_: str, attackers: list[UnitState]) -> tuple[int, int]:
    """(bonus %, divisor): the hex's bunker or pillbox bonus, halved (divisor 2) by demolition units (AS-DEMO.1)."""
    bonus = max((f.defence_bonus for f in state.features.get(hex_, []) if f.kind in FORTS), default=0)
    return bonus, 2 if bonus and any(flag(u, "demolition") for u in attackers) else 1


def fortified(state: GameState, hex_: str, attackers: list[UnitState], u: UnitState) -> list[Modifier]:
    """The defender's bunker or pillbox bonus on its defence value, halved under AS-DEMO.1."""
    bonus, den = fort_bonus(state, hex_, attackers)
    if not bonus:
        return []
    why = f"{u.id} holds a bunker or pillbox: defence {bonus:+d}%"
    if den == 2:
        why += ", halved because demolition units take part"
    return [Modifier(value=bonus, den=den, rule="AS-DEMO.1", reason=why, applies_to=f"defence:{u.id}",
                     kind="percent")]
