"""Fold the assault events (events/assault.py) into GameState.kinds["assault"] and onto the units.

A projection only records: every judgement was made when the command was decided. The movement an
assault costs comes off the unit itself (AS-COST.3), as do strength losses, Disrupted/Broken and a mode
change, so the board shows what each unit has left; the assault keeps its result for the map (AS-MAP.1).
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
    # AS-MAP.1: the losses shown over the defending hex, attacker's first (men-equivalents, reading P9).
    att_loss: int = 0
    def_loss: int = 0
    resolved: bool = False
    night: bool = False
    allocated: list[str] = []     # the sides ("attacker", "defender") whose loss is shared out (reading P9)
    retreating: list[str] = []    # AS-RET.1: the units that must retreat now
    stay: list[str] = []          # AS-FAN.2: Fanatical units that hold their bunker or pillbox


class Assaults(msgspec.Struct, kw_only=True, omit_defaults=True):
    procedures: dict[str, Assault] = {}


def _status(state: GameState, e: a.UnitStatusChanged) -> None:
    unit = state.units.get(e.unit)
    if unit is not None and e.status not in unit.markers:
        unit.markers = [*unit.markers, e.status]


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
        case a.AssaultResolved(procedure=p):
            pr = mine.procedures[p]
            pr.att_loss, pr.def_loss, pr.resolved, pr.night = event.att_loss, event.def_loss, True, event.night
        case a.AssaultLossesAllocated(procedure=p, side=side):
            pr = mine.procedures[p]
            pr.allocated = [*pr.allocated, side]
        case a.UnitStrengthReduced(unit=uid, amount=n):
            unit = state.units.get(uid)
            if unit is not None:
                unit.strength = max(0, unit.strength - n)
        case a.UnitStatusChanged():
            _status(state, event)
        case a.UnitModeChanged(unit=uid, mode=mode):
            unit = state.units.get(uid)
            if unit is not None:
                unit.mode = mode
        case a.AssaultRetreatForced(procedure=p):
            pr = mine.procedures[p]
            pr.retreating, pr.stay = list(event.units), list(event.stay)
