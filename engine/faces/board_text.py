"""The board as text: turn, hexes with their units, boxes, pools and open procedures (`turnlog show`).

Apart from engine/faces/svg/render.py's SVG, so that `show` and the REPL's `board` import no drawing code.
Each unit and procedure is drawn from its kind's view (engine/kinds.py ``view``), never by name.
"""
from __future__ import annotations

from turnlog.projections.narrative import printable
from turnlog.projections.state import GameState

from ..kinds import view as board
from ..view import unit_text


def board_text(state: GameState) -> str:
    """A plain-text board: turn, hexes with their units, boxes, pool and procedures."""
    t, view = state.turn, board(state)
    if not t.turn:  # time travel into the setup: no game turn has started yet
        lines = [f"{state.name or '(no game yet)'}: during the scenario's setup, before its first game turn, "
                 f"seq {state.seq}"]
    else:
        lines = [f"{state.name}: turn {t.turn} ({t.season} {t.year}), {t.active}'s player turn, "
                 f"{t.phase or '-'} phase, seq {state.seq}"]
    by_hex: dict[str, list] = {}
    for u in state.units.values():
        if u.hex:
            by_hex.setdefault(u.hex, []).append(u)
    for hid in sorted(state.hexes):
        h = state.hexes[hid]
        us = by_hex.get(hid, [])
        feats = ",".join(f.kind for f in state.features.get(hid, []))
        if not us and not feats:
            continue
        units = " ".join(f"{u.id}[{unit_text(u, view.units[u.id])}]" for u in us)
        lines.append(f"  {hid} {h.terrain:<8} {state.control.get(hid, '-'):<4} {feats and '{' + feats + '} '}{units}")
    boxed = [u for u in state.units.values() if u.box]
    if boxed:
        lines.append("  boxes: " + ", ".join(f"{u.id}@{u.box}" for u in boxed))
    repair = {pid for pid, p in state.pools.items() if p.kind == "repair"}
    pool = [u.id for u in state.units.values() if u.in_pool and u.pool not in repair]
    lines.append(f"  force pool: {', '.join(sorted(pool)) or '-'}")
    lines += [f"  {line}" for line in view.off_map]
    lines += [f"  {line}" for line in view.summaries.values()]
    return "\n".join(printable(line) for line in lines)  # a newline in a name stays on its line
