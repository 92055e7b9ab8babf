"""Fold attrition events (rule 14) into per-procedure state."""
from __future__ import annotations

from turnlog.events import attrition as a

from .board import Step
from .state import Attrition, GameState


def apply(state: GameState, event) -> None:
    """Apply one attrition event to ``state`` in place; never judges rules.

    One step per event type, found by the type (a chain of class patterns tried each in turn cost a
    settled event more than its fold).
    """
    step = _STEPS.get(type(event))
    if step is None:
        raise TypeError(f"attrition projection has no case for {type(event).__name__}")
    step(state, event)


def _zones(state: GameState, e: a.AttritionZonesDetermined) -> None:
    state.zones = {z.id: z for z in e.zones}
    state.zones_turn, state.zones_active = e.turn, e.active


def _begun(state: GameState, e: a.AttritionBegun) -> None:
    state.attritions[e.procedure] = Attrition(id=e.procedure, attacker=e.attacker,
                                              defender=e.defender, zone=e.zone,
                                              turn=state.turn.turn, excluded=list(e.excluded))


def _counted(state: GameState, e: a.FactorsCounted) -> None:
    proc = state.attritions[e.procedure]
    proc.units, proc.factors, proc.contact, proc.column = list(e.units), e.factors, list(e.contact), e.column
    for u in e.units:
        state.counted[u] = e.procedure


def _result(state: GameState, e: a.AttritionResultDetermined) -> None:
    proc = state.attritions[e.procedure]
    proc.die, proc.modifiers, proc.row = e.die, list(e.modifiers), e.row
    proc.counters, proc.hexes, proc.notes = e.counters, e.hexes, list(e.notes)


def _two_counters(state: GameState, e: a.TwoCountersChosen) -> None:
    proc = state.attritions[e.procedure]
    proc.two_counters, proc.counters, proc.hexes = True, 2, 0


def _winter(state: GameState, e: a.WinterHexesDesignated) -> None:
    proc = state.attritions[e.procedure]
    proc.winter_losses, proc.winter_occupation = list(e.losses), list(e.occupation)


def _losses(state: GameState, e: a.AttritionLossesTaken) -> None:
    proc = state.attritions[e.procedure]
    proc.losses, proc.shortfall, proc.immune = list(e.units), e.shortfall, list(e.immune_hexes)


def _cleared(state: GameState, e: a.AttritionZoneCleared) -> None:
    state.attritions[e.procedure].zone_cleared = True


def _selected(state: GameState, e: a.OccupationSelected) -> None:
    state.attritions[e.procedure].selections = list(e.selections)


def _phase(state: GameState, e: a.AttritionPhaseChanged) -> None:
    state.attritions[e.procedure].phase = e.phase


_STEPS: dict[type, Step] = {
    a.AttritionZonesDetermined: _zones, a.AttritionBegun: _begun, a.FactorsCounted: _counted,
    a.AttritionResultDetermined: _result, a.TwoCountersChosen: _two_counters, a.WinterHexesDesignated: _winter,
    a.AttritionLossesTaken: _losses, a.AttritionZoneCleared: _cleared, a.OccupationSelected: _selected,
    a.AttritionPhaseChanged: _phase,
}
