"""What a board picture shows besides the state: the last command and its effect, the attrition shown in
the title, the arrows (engine/faces/arrows.py; engine/faces/svg/render.py and units.py draw from it).

Kept in its own module so that the two drawing modules need not import each other.
"""
from __future__ import annotations

from turnlog.events.codec import decode
from turnlog.projections.state import GameState

from ...kinds import view as board
from ...view import BoardView
from .. import diff as D
from ..arrows import Arrow, Arrows


class Context:
    """The last command, its effect, the attrition shown in the title and the arrows, for one board."""

    def __init__(self, game, state: GameState):
        self.command = None
        self.changes = D.Diff(before="", after="")
        self.prev: GameState | None = None
        self.prev_view: BoardView | None = None   # what the board showed before the last command
        self.proc = ""
        self.arrows: list[Arrow] = []
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
        self.arrows = Arrows.of(game, state.seq).shown()


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

