"""What attrition (rule 14) shows on the board (the kind's view hook, engine/view.py): the hexes an
open attrition selected for occupation (14.61), hatched in the attacker's colour, and one line per
attrition with its result."""
from __future__ import annotations

from turnlog.projections.state import Attrition, GameState

from ..view import KindView, Overlay


def view(state: GameState) -> KindView:
    """The attrition kind's part of the board at ``state``."""
    out = KindView()
    for p in state.attritions.values():
        out.summaries[p.id] = (f"{p.id}: {p.attacker} vs {p.defender} in {p.zone}, "
                               f"phase {p.phase}, {p.factors} factors, result {result(p)}")
        if p.phase == "done" and p.turn != state.turn.turn:
            continue   # a done attrition's selections stay shown through its game turn
        for sel in p.selections:
            tip = f"{p.id}: selected for occupation by {', '.join(sel.units)} (14.61)"
            out.overlays.append(Overlay(hex=sel.hex, role="occupation", faction=p.attacker,
                                        procedure=p.id, title=tip))
    if any(u.offensive and u.hex for u in state.units.values()):
        out.legend.append("O by the factors: took offensive (14.23A)")
    return out


def result(p: Attrition) -> str:
    """An attrition's result with its die and row, or '-' before the roll."""
    if p.die is None:
        return "-"
    if p.hexes:
        res = f"{p.counters}C/{p.hexes}H"
    else:
        res = f"{p.counters}C" if p.counters else "no effect"
    return f"{res} (die {p.die}, row {p.row})"
