"""What rule 9 shows on the board (the kind's view hook, engine/view.py): the Attack marker on the
units designated to attack (9.1.0), each hex an open Combat Phase must attack outlined (9.1.1)
until it is attacked, and one line per Combat Phase."""
from __future__ import annotations

from turnlog.projections.designation import MARKER
from turnlog.projections.state import GameState

from ..view import KindView, Marker, Overlay, UnitView

ATTACK = Marker(name=MARKER, letter="\u2660", fill="#ffffff", rule="9.1.0")


def view(state: GameState) -> KindView:
    """The designation kind's part of the board at ``state``."""
    out = KindView(units={uid: UnitView(markers=(ATTACK,)) for uid, u in state.units.items()
                          if MARKER in u.markers})
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
    if out.units:
        out.legend.append("\u2660 Attack marker (9.1.0)")
    if out.overlays:
        out.legend.append("red dashed hex: must be attacked (9.1.1)")
    return out
