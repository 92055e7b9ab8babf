"""Fold the attack-designation events (events/designation.py) into GameState.kinds["designation"].

A projection only records: every judgement was made when the command was decided. The Attack marker is
also put on (and taken off) the unit itself, so the board shows it (9.1.0).
"""
from __future__ import annotations

import msgspec

from turnlog.events import designation as d

from .state import GameState

MARKER = "attack"   # the Attack marker's word in UnitState.markers


class Assault(msgspec.Struct, kw_only=True, omit_defaults=True):
    """One declared ground assault (``G<n>``) and, once reported, its result."""

    id: str
    attackers: list[str]
    hexes: list[str]
    defenders: list[str] = []
    retreated_in: list[str] = []
    terrain: str = ""
    constricted: bool = False
    terrain_hex: str = ""          # the defending hex whose terrain is used, when there are several (9.2.1)
    result: str | None = None
    affected: list[str] = []


class AttackDesignation(msgspec.Struct, kw_only=True, omit_defaults=True):
    """One Combat Phase of the active side (``C<n>``): designations, required hexes, ground assaults."""

    id: str
    active: str
    turn: int
    phase: str = "designation"
    arty_shift_option: bool = False
    pa: list[str] = []
    marked: list[str] = []
    required: list[str] = []
    duties: dict[str, list[str]] = {}
    attackers: list[str] = []
    shifted: list[str] = []
    assaults: dict[str, Assault] = {}
    participated: list[str] = []          # units in a ground assault this segment, either side (9.2.3)
    retreated_into: dict[str, str] = {}   # unit -> the hex it retreated into this phase (9.2.2, 9.2.3)
    lapsed: dict[str, str] = {}


class Designations(msgspec.Struct, kw_only=True, omit_defaults=True):
    procedures: dict[str, AttackDesignation] = {}


def _mark(state: GameState, units: list[str], on: bool) -> None:
    for uid in units:
        u = state.units.get(uid)
        if u is None:
            continue
        rest = [m for m in u.markers if m != MARKER]
        u.markers = [*rest, MARKER] if on else rest


def apply(state: GameState, event) -> None:
    """Fold one designation event."""
    mine = state.kinds.setdefault("designation", Designations())
    match event:
        case d.AttackDesignationBegun(procedure=p, active=a, turn=t, pa=pa, arty_shift_option=o):
            mine.procedures[p] = AttackDesignation(id=p, active=a, turn=t, pa=list(pa), arty_shift_option=o)
        case d.AttackersDesignated(procedure=p, units=us):
            mine.procedures[p].marked = [*mine.procedures[p].marked, *us]
            _mark(state, us, True)
        case d.AttackersUndesignated(procedure=p, units=us):
            mine.procedures[p].marked = [u for u in mine.procedures[p].marked if u not in us]
            _mark(state, us, False)
        case d.RequiredTargetsDetermined(procedure=p, hexes=hs, duties=du, attackers=at):
            proc = mine.procedures[p]
            proc.required, proc.duties, proc.attackers = list(hs), dict(du), list(at)
        case d.ArtilleryShiftsReported(procedure=p, hexes=hs):
            proc = mine.procedures[p]
            proc.shifted = [*proc.shifted, *(h for h in hs if h not in proc.shifted)]
        case d.BarrageRetreatsReported(procedure=p, retreated=rt):
            proc = mine.procedures[p]
            proc.retreated_into = {**proc.retreated_into, **rt}
        case d.GroundAssaultDeclared(procedure=p, assault=g):
            proc = mine.procedures[p]
            proc.assaults[g] = Assault(id=g, attackers=list(event.attackers), hexes=list(event.hexes),
                                       defenders=list(event.defenders), retreated_in=list(event.retreated_in),
                                       terrain=event.terrain, constricted=event.constricted,
                                       terrain_hex=event.terrain_hex)
            proc.participated = [*proc.participated, *event.attackers, *event.defenders]
        case d.GroundAssaultResolved(procedure=p, assault=g, result=r, affected=af, retreated=rt):
            proc = mine.procedures[p]
            proc.assaults[g].result, proc.assaults[g].affected = r, list(af)
            proc.retreated_into = {**proc.retreated_into, **rt}
        case d.GroundAssaultSegmentEnded(procedure=p, lapsed=lp, cleared=cl):
            mine.procedures[p].lapsed = dict(lp)
            _mark(state, cl, False)
        case d.DesignationPhaseChanged(procedure=p, phase=ph):
            mine.procedures[p].phase = ph
