"""What a board picture shows besides the state: the last command and its effect, the procedure shown
and its moves (engine/faces/svg/render.py and engine/faces/svg/units.py both draw from it).

Kept in its own module so that the two drawing modules need not import each other.
"""
from __future__ import annotations

from turnlog.events.codec import decode
from turnlog.events.game import UnitAdvanced, UnitDisplaced, UnitRetreated
from turnlog.projections.state import GameState

from ...kinds import view as board
from ...view import BoardView
from .. import diff as D

#: A unit's move a picture draws as an arrow.
Move = UnitRetreated | UnitAdvanced | UnitDisplaced


class Context:
    """The last command, its effect, the shown procedure and its moves, for one board."""

    def __init__(self, game, state: GameState):
        self.command = None
        self.changes = D.Diff(before="", after="")
        self.prev: GameState | None = None
        self.prev_view: BoardView | None = None   # what the board showed before the last command
        self.proc = ""
        self.moves: list[tuple[str, Move]] = []   # (kind, event)
        if game is None:
            return
        rows = [r for r in game.log.commands() if r[5] <= state.seq]
        if rows:
            self.command = rows[-1]
            first = self.command[5]
            if self.command[2] != "LoadScenario" and first > 1:
                self.prev = game.at(first - 1)
                self.prev_view = board(self.prev)
                self.changes = D.diff(self.prev, state)
        self.proc = _shown_procedure(game, state)
        if self.proc:
            self.moves = _moves(game, state, self.proc)


def _shown_procedure(game, state: GameState) -> str:
    """The procedure of the event at the shown seq, else the latest of the current turn."""
    if state.seq:
        row = next(iter(game.log.rows(state.seq, state.seq)), None)
        if row is not None:
            pid = getattr(decode(row[2], row[3], row[4]), "procedure", "")
            if pid in state.attritions:
                return pid
    current = [p for p in state.attritions.values() if p.turn == state.turn.turn]
    return max(current, key=lambda p: (len(p.id), p.id)).id if current else ""


def _moves(game, state: GameState, pid: str) -> list[tuple[str, Move]]:
    undone = game.undone(state.seq)
    out: list[tuple[str, Move]] = []
    for _seq, cid, type_, version, data in game.log.rows_of_types(
            ("UnitRetreated", "UnitAdvanced", "UnitDisplaced"), state.seq):
        if cid in undone:
            continue
        ev = decode(type_, version, data)
        # the rows of those types
        assert isinstance(ev, (UnitRetreated, UnitAdvanced, UnitDisplaced))
        if ev.procedure == pid:
            out.append(({"UnitRetreated": "retreat", "UnitAdvanced": "advance"}.get(type_, "displaced"), ev))
    return out
