"""Fold the assault events (events/assault.py) into GameState.kinds["assault"].

A projection only records: every judgement was made when the command was decided. The movement an
assault costs comes off the unit itself (AS-COST.3), so the board shows what it has left.
"""
from __future__ import annotations

import msgspec

from turnlog.events import assault as a

from .state import GameState


class Assault(msgspec.Struct, kw_only=True, omit_defaults=True):
    """One assault on one defending hex (``S<n>``)."""

    id: str
    hex: str
    attacker: str
    defender: str
    turn: int
    phase: str = "forming"
    units: list[str] = []
    defenders: list[str] = []


class Assaults(msgspec.Struct, kw_only=True, omit_defaults=True):
    procedures: dict[str, Assault] = {}


def apply(state: GameState, event) -> None:
    """Fold one assault event."""
    mine = state.kinds.setdefault("assault", Assaults())
    match event:
        case a.AssaultDeclared(procedure=p):
            mine.procedures[p] = Assault(id=p, hex=event.hex, attacker=event.attacker, defender=event.defender,
                                         turn=event.turn, units=list(event.units), defenders=list(event.defenders))
        case a.AssaultUnitsAdded(procedure=p, units=us):
            mine.procedures[p].units = [*mine.procedures[p].units, *us]
        case a.AssaultMovementSpent(unit=uid, amount=n):
            unit = state.units.get(uid)
            if unit is not None:
                unit.movement_left = max(0, unit.movement_left - n)
        case a.AssaultPhaseChanged(procedure=p, phase=ph):
            mine.procedures[p].phase = ph
