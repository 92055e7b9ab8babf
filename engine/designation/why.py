"""What the REPL's ``why`` and ``hex`` say about rule 9: the checks behind an event, a hex's standing.

Read-only answers from the board before the event (``why``) or at the cursor (``hex_lines``); the faces
print them (engine/faces/explain.py, repl/board.py), so a host program can print the same.
"""
from __future__ import annotations

from turnlog.events import designation as d
from turnlog.projections.state import GameState

from . import board as b
from . import machine
from . import r9_1_designation as s91
from .r9_2_ground_assault import lapse


def _proc(state: GameState, pid: str):
    got = state.kinds.get("designation")
    return got.procedures.get(pid) if got is not None else None


def _open_why(state: GameState, proc, uid: str) -> str:
    u = state.units[uid]
    if uid in proc.pa:
        return f"{uid} is in PA mode: designated, so Open (9.1.0, 9.1.1a)"
    if uid in proc.marked:
        return f"{uid} has an Attack marker: it left cover, so Open (9.1.1a)"
    return f"{uid} stands in Open terrain at {u.hex} (9.1.1a)"


def _required(state: GameState, proc, ev: d.RequiredTargetsDetermined) -> list[str]:
    out = []
    for h, units in ev.duties.items():
        out.append(f"  {h} required: " + "; ".join(_open_why(state, proc, uid) for uid in units) + " (9.1.1)")
    occ = b.by_hex(state)
    chosen = set(s91.designated(proc))
    for u in b.side_units(state, proc.active):
        if not (u.id in chosen or not b.covering(state, u.hex)) or b.unit_class(u) in b.NEVER_ATTACK:
            continue
        for h in b.neighbours(state, u.hex):
            if not b.enemy_units(state, proc.active, h, occ):
                continue
            bar = b.attack_bar(state, u, h)
            why = f"{bar[1]} ({bar[0]})" if bar else s91.exemption(state, proc.active, u, h, occ)
            if why:
                out.append(f"  {h} owes nothing to {u.id}: {why}" + ("" if bar else " (9.1.1)"))
    return out or ["  no Open active unit is next to an enemy hex it must attack (9.1.1)"]


def _declared(state: GameState, ev: d.GroundAssaultDeclared) -> list[str]:
    origins = sorted({state.units[u].hex for u in ev.attackers})
    out = [f"  attackers from {', '.join(origins)}, each designated and adjacent to every defending hex (9.1.0, 9.2.1)"]
    if len(origins) > 1:
        out.append("  several origin hexes: every attacker is in PA mode (9.2.1)")
    ranks = ", ".join(f"{h} {state.hexes[h].terrain} (rank {b.defence_rank(state, h)[0]}"
                      f"{', covering' if b.covering(state, h) else ''})" for h in ev.hexes)
    out.append(f"  defender's terrain: {ev.terrain}{f' of {ev.terrain_hex}' if ev.terrain_hex else ''}, "
               f"the best of {ranks} (9.2.1)")
    if ev.constricted:
        out.append("  a constricted target: at most two units, one battalion, from each hex (9.2.4)")
    if ev.retreated_in:
        out.append(f"  {', '.join(ev.retreated_in)} retreated in or already fought: they add nothing (9.2.3)")
    return out


def why(state: GameState, ev) -> list[str]:
    """Lines naming the rules behind one designation event, read on the board just before it."""
    proc = _proc(state, getattr(ev, "procedure", ""))
    match ev:
        case d.AttackDesignationBegun():
            return [f"  PA units of {ev.active} designated by their mode: {', '.join(ev.pa) or 'none'} (9.1.0)"]
        case d.RequiredTargetsDetermined() if proc is not None:
            return _required(state, proc, ev)
        case d.GroundAssaultDeclared():
            return _declared(state, ev)
        case d.GroundAssaultResolved():
            return [f"  reached: {', '.join(ev.affected)}: the attackers, every unit in the defending hexes (9.2.0, "
                    "9.2.3) and active units that retreated into an attacking hex this phase (9.2.2)",
                    "  the result itself is the host's report (rules 10-11, outside the text)"]
        case d.GroundAssaultSegmentEnded():
            gone = [f"  {h} lapsed under {r}" for h, r in ev.lapsed.items()]
            done = f"  attacked: {', '.join(ev.attacked) or 'none'}"
            return [done] + (gone or ["  every required hex was attacked (9.1.1)"])
        case d.DesignationPhaseChanged():
            src = proc.phase if proc is not None else "designation"
            ts = [t["trigger"] for t in machine.TRANSITIONS if t["source"] == src and t["dest"] == ev.phase]
            return [f"  phase table: {src} --{'/'.join(ts) or '?'}--> {ev.phase} (9.0)"]
    return [f"  {type(ev).__name__}: rule 9 (see its narrative)"]


def hex_lines(state: GameState, hex_: str) -> list[str]:
    """What rule 9 says about one hex now: cover, constriction, required status, units' modes and markers."""
    out = [f"  rule 9: {'covering' if b.covering(state, hex_) else 'Open'} terrain (9.1.1a)"
           + (", constricted (9.2.4)" if b.constricted(state, hex_) else "")]
    for u in (u for _h, us in b.by_hex(state).items() if _h == hex_ for u in us):
        if u.mode or u.markers or u.size:
            out.append(f"  {u.id}: {u.size or 'size ?'}, mode {u.mode or 'none'}"
                       + (f", markers {', '.join(u.markers)}" if u.markers else ""))
    got = state.kinds.get("designation")
    for p in (got.procedures.values() if got is not None else ()):
        if p.phase != "done" and hex_ in p.required:
            done = any(hex_ in g.hexes for g in p.assaults.values())
            gone = lapse(state, p, hex_)
            out.append(f"  required target of {p.id} (by {', '.join(p.duties.get(hex_, []))}): "
                       + ("attacked" if done else f"lapsed under {gone}" if gone else "not yet attacked") + " (9.1.1)")
    return out
