"""Fold attrition events (rule 14) into per-procedure state."""
from __future__ import annotations

from turnlog.events import attrition as a

from .state import Attrition, GameState


def apply(state: GameState, event) -> None:
    """Apply one attrition event to ``state`` in place; never judges rules."""
    match event:
        case a.AttritionZonesDetermined(turn=t, active=act, zones=zs):
            state.zones = {z.id: z for z in zs}
            state.zones_turn, state.zones_active = t, act
        case a.AttritionBegun(procedure=p, attacker=att, defender=d, zone=z, excluded=ex):
            state.attritions[p] = Attrition(id=p, attacker=att, defender=d, zone=z,
                                            turn=state.turn.turn, excluded=list(ex))
        case a.FactorsCounted(procedure=p, units=us, factors=f, contact=c, column=col):
            proc = state.attritions[p]
            proc.units, proc.factors, proc.contact, proc.column = list(us), f, list(c), col
            for u in us:
                state.counted[u] = p
        case a.AttritionResultDetermined(procedure=p) as e:
            proc = state.attritions[p]
            proc.die, proc.modifiers, proc.row = e.die, list(e.modifiers), e.row
            proc.counters, proc.hexes, proc.notes = e.counters, e.hexes, list(e.notes)
        case a.TwoCountersChosen(procedure=p):
            proc = state.attritions[p]
            proc.two_counters, proc.counters, proc.hexes = True, 2, 0
        case a.WinterHexesDesignated(procedure=p, losses=ls, occupation=oc):
            proc = state.attritions[p]
            proc.winter_losses, proc.winter_occupation = list(ls), list(oc)
        case a.AttritionLossesTaken(procedure=p, units=us, shortfall=sf, immune_hexes=im):
            proc = state.attritions[p]
            proc.losses, proc.shortfall, proc.immune = list(us), sf, list(im)
        case a.AttritionZoneCleared(procedure=p):
            state.attritions[p].zone_cleared = True
        case a.OccupationSelected(procedure=p, selections=sel):
            state.attritions[p].selections = list(sel)
        case a.AttritionPhaseChanged(procedure=p, phase=ph):
            state.attritions[p].phase = ph
        case _:
            raise TypeError(f"attrition projection has no case for {type(event).__name__}")
