"""What rule 9 shows on the board (the kind's view hook, engine/view.py): the Attack marker on the
units designated to attack (9.1.0), each hex an open Combat Phase must attack outlined (9.1.1)
until it is attacked, and one line per Combat Phase."""
from __future__ import annotations

from typing import Collection

from turnlog.events.designation import DesignationEvent
from turnlog.projections.designation import MARKER
from turnlog.projections.state import GameState

from ..view import KindView, Marker, Overlay, Touched, UnitView, units_named

ATTACK = Marker(name=MARKER, letter="\u2660", fill="#ffffff", rule="9.1.0")


_OWN = frozenset(DesignationEvent.__args__)


def view(state: GameState) -> KindView:
    """The designation kind's part of the board at ``state``."""
    out = part(state, state.units, True)
    if out.units:
        out.legend.append("\u2660 Attack marker (9.1.0)")
    if out.overlays:
        out.legend.append("red dashed hex: must be attacked (9.1.1)")
    return out


def touched(state: GameState, event) -> Touched:
    """What ``event`` changes of rule 9's view: at its own events, the units they name (the Attack marker
    is put on and taken off the units named) and its lines; a unit's marker is its own state otherwise."""
    if type(event) not in _OWN:
        return Touched()
    return Touched(units=units_named(state, event), board=True)


def part(state: GameState, units: Collection[str], board: bool) -> KindView:
    """The Attack markers of ``units``, and the required hexes and lines when ``board`` (no legend)."""
    got_units = state.units
    out = KindView(units={uid: UnitView(markers=(ATTACK,)) for uid in units
                          if uid in got_units and MARKER in got_units[uid].markers})
    if not board:
        return out
    got = state.kinds.get("designation")
    for p in (got.procedures.values() if got is not None else ()):
        out.summaries[p.id] = (f"{p.id}: {p.active}'s Combat Phase (turn {p.turn}), "
                               f"phase {p.phase}, {len(p.marked)} marked, "
                               f"required {', '.join(p.required) or '-'}, "
                               f"{len(p.assaults)} ground assaults")
        if p.phase == "done":
            continue
        attacked = {h for g in p.assaults.values() for h in g.hexes}
        for h in p.required:
            role = "attacked" if h in attacked else "required"
            owed = ", ".join(p.duties.get(h, []))
            out.overlays.append(Overlay(hex=h, role=role, procedure=p.id, title=(
                f"{p.id}: must be attacked (9.1.1), owed by {owed}; {role}")))
    return out
