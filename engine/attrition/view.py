"""What attrition (rule 14) shows on the board (the kind's view hook, engine/view.py): the hexes an
open attrition selected for occupation (14.61), hatched in the attacker's colour, and one line per
attrition with its result."""
from __future__ import annotations

from typing import Collection, get_args

from turnlog.events.attrition import AttritionEvent
from turnlog.projections.state import Attrition, GameState

from ..view import KindView, Overlay, Touched

#: Attrition's own events: they change its procedures, the zones and the counted units, never a unit drawn.
_OWN = frozenset(get_args(AttritionEvent))


def view(state: GameState) -> KindView:
    """The attrition kind's part of the board at ``state``."""
    out = part(state, (), True)
    if any(u.offensive and u.hex for u in state.units.values()):
        out.legend.append("O by the factors: took offensive (14.23A)")
    return out


def touched(state: GameState, event) -> Touched:
    """What ``event`` changes of attrition's view: its lines and overlays at its own events (no unit
    carries a mark of it; the faces redraw every kind's lines at each turn event)."""
    return Touched(board=type(event) in _OWN)


def part(state: GameState, units: Collection[str], board: bool) -> KindView:
    """Attrition's overlays and lines when ``board`` (no unit entry, no legend)."""
    out = KindView()
    if not board:
        return out
    for p in state.attritions.values():
        out.summaries[p.id] = (f"{p.id}: {p.attacker} vs {p.defender} in {p.zone}, "
                               f"phase {p.phase}, {p.factors} factors, result {result(p)}")
        if p.phase == "done" and p.turn != state.turn.turn:
            continue   # a done attrition's selections stay shown through its game turn
        for sel in p.selections:
            tip = f"{p.id}: selected for occupation by {', '.join(sel.units)} (14.61)"
            out.overlays.append(Overlay(hex=sel.hex, role="occupation", faction=p.attacker,
                                        procedure=p.id, title=tip))
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


#: The overlay samples attrition adds to the SVG legend (style name, text): only a game using it shows them.
LEGEND_SAMPLES = (("zone", "attrition zone (dashed)"), ("hatch", "selected for occupation"))


def unit_facts(state: GameState, uid: str) -> list[str]:
    """What rule 14 reads of a unit beyond its counter: its nationality's CTL and winter preparation
    (14.42B, 14.42C), and the attrition it was counted in this turn (14.21)."""
    u = state.units[uid]
    nat = state.nationalities.get(u.nationality)
    out = [f"CTL {nat.ctl}, winter preparation {nat.winter_prep}"] if nat else []
    if uid in state.counted:
        out.append(f"counted in {state.counted[uid]} this turn")
    return out


def may_begin(state: GameState, mine: list) -> list[str]:
    """The `show` lines of the zones the active player may begin attrition in (14.12), from attrition's
    own legal choices ``mine``; in the attrition phase with none left and none open, that none is left."""
    begin = [x for x in mine if x.command == "BeginAttrition"]
    if begin:
        by = ", ".join(sorted({x.faction for x in begin if x.faction})) or state.turn.active
        return [f"  {by} may begin attrition in: {', '.join(x.fixed.get('zone', '?') for x in begin)} "
                f"(command: BeginAttrition attacker={by} zone=ZONE)"]
    if state.turn.phase == "attrition" and not any(x.fixed.get("procedure") for x in mine):
        return ["  no zone left to attrition in this phase"]
    return []
