"""What a Panzer Campaigns assault shows on the board (the kind's view hook, engine/view.py).

Units by their strength in men, vehicles or guns (AS-RES.1), with their Disrupted and Broken markers
(AS-DEF.1, AS-DEF.5, AS-RET.1); an open assault outlines its defending hex; a resolved assault of
the current player turn shows its two losses, the attacker's first, on a chip at the foot of that
hex (AS-MAP.1, men-equivalents, reading P9).
"""
from __future__ import annotations

from typing import Collection

from turnlog.events.assault import AssaultEvent
from turnlog.projections.state import GameState

from ..view import KindView, Marker, Overlay, Touched, UnitView, units_named

#: strength_kind -> the suffix after the strength shown (AS-RES.1's men, vehicles, guns).
STRENGTH = {"men": "", "vehicles": "v", "guns": "g"}
#: Status markers: marker word -> (letter, disc colour, rule).
STATUS = {"disrupted": ("D", "#f2c200", "AS-DEF.1"), "broken": ("B", "#dd0000", "AS-DEF.5")}


_OWN = frozenset(AssaultEvent.__args__)


def view(state: GameState) -> KindView:
    """The assault kind's part of the board at ``state``."""
    out = part(state, state.units, True)
    if any(u.strength_kind in STRENGTH for u in state.units.values()):
        out.legend.append("bottom: strength in men, v vehicles, g guns")
    if any(m in STATUS for u in state.units.values() for m in u.markers):
        out.legend.append("D disrupted, B broken (beside the symbol)")
    if out.overlays:
        out.legend.append("red chip a/d: assault losses, attacker/defender")
    return out


def touched(state: GameState, event) -> Touched:
    """What ``event`` changes of the assault view: at its own events, the units they name (strength,
    markers, mode) and its chips; a unit's strength and markers are its own state otherwise."""
    if type(event) not in _OWN:
        return Touched()
    return Touched(units=units_named(state, event), board=True)


def part(state: GameState, units: Collection[str], board: bool) -> KindView:
    """The strength and markers of ``units``, and the chips and lines when ``board`` (no legend)."""
    out, known = KindView(), state.units
    for uid in units:
        u = known.get(uid)
        if u is None:
            continue
        marks = tuple(Marker(name=m, letter=STATUS[m][0], fill=STATUS[m][1], rule=STATUS[m][2])
                      for m in STATUS if m in u.markers)
        strength = f"{u.strength}{STRENGTH[u.strength_kind]}" if u.strength_kind in STRENGTH else ""
        if strength or marks:
            out.units[uid] = UnitView(strength=strength, markers=marks)
    got = state.kinds.get("assault")
    t = state.turn
    for p in (got.procedures.values() if got is not None and board else ()):
        if (p.turn, p.attacker) != (t.turn, t.active):
            continue   # AS-MAP.1: the chips of the current player turn only
        if p.resolved:
            tip = f"{p.id}: the attackers lost {p.att_loss}, the defenders {p.def_loss} (AS-MAP.1)"
            label = f"{p.att_loss}/{p.def_loss}"
            out.overlays.append(Overlay(hex=p.hex, role="result", label=label, procedure=p.id,
                                        title=tip))
        else:
            tip = f"{p.id}: {p.attacker} assaults {p.hex}, phase {p.phase}"
            out.overlays.append(Overlay(hex=p.hex, role="defending", label=p.id, procedure=p.id,
                                        title=tip))
        out.summaries[p.id] = summary(p)
    return out


def summary(p) -> str:
    """One line of an assault: who, where, with what, its phase and result."""
    res = f"result {p.att_loss}/{p.def_loss}" if p.resolved else "not resolved yet"
    return (f"{p.id}: {p.attacker} assaults {p.hex} ({p.defender}) with "
            f"{', '.join(p.units) or '-'}, phase {p.phase}, {res}")
