"""Fold the events of WiF land combat's results (events/wif_losses.py) into the board and the combats.

A projection only records. The combat (``GameState.kinds["wif"].procedures[id]``, projections/wif.py)
takes the named first-loss type and the sides whose losses are taken; a kampfgruppe's unit moves to the
repair pool and, at its owner's production phase, back to the force pool (``UnitState.pool``: "" is the
force pool); the credits a production phase gives live in ``GameState.kinds["wif_kampfgruppen"]``.
"""
from __future__ import annotations

import msgspec

from turnlog.events import wif_losses as w

from .state import STATE_TYPES, GameState

KEY = "wif_kampfgruppen"


class Credit(msgspec.Struct, kw_only=True, omit_defaults=True):
    """A kampfgruppe's help toward one build, in its owner's production phase of ``turn`` (11.16.5-K2a/K2b)."""

    id: str
    unit: str
    unit_class: str
    faction: str
    turn: int
    spent: bool = False
    built: str = ""      # the class it helped build
    bp: int = 0
    turns: int = 0


class Kampfgruppen(msgspec.Struct, kw_only=True, omit_defaults=True):
    credits: dict[str, Credit] = {}


STATE_TYPES[KEY] = Kampfgruppen  # snapshots read the entry back as its Struct (projections/state.py load)


def credits(state: GameState) -> dict[str, Credit]:
    got = state.kinds.get(KEY)
    return got.credits if got is not None else {}


def _combat(state: GameState, pid: str):
    return state.kinds["wif"].procedures[pid]


def fold(state: GameState, event) -> None:
    """Fold one results event."""
    match event:
        case w.FirstLossTypeDesignated(procedure=p, kind=k):
            _combat(state, p).first_loss_type = k
        case w.LandCombatLossesTaken(procedure=p, side=side):
            combat = _combat(state, p)
            combat.settled = [*combat.settled, side]
        case w.KampfgruppeFormed(unit=u, pool=pool):
            state.units[u].pool = pool
        case w.RepairPoolEmptied(units=us):
            for u in us:
                state.units[u].pool = ""
        case w.KampfgruppeCredited():
            mine = state.kinds.setdefault(KEY, Kampfgruppen())
            mine.credits[event.credit] = Credit(id=event.credit, unit=event.unit, unit_class=event.unit_class,
                                                faction=event.faction, turn=event.turn)
        case w.KampfgruppeBuildRecorded(credit=cid):
            cr = state.kinds[KEY].credits[cid]
            cr.spent, cr.built, cr.bp, cr.turns = True, event.unit_class, event.bp, event.turns
