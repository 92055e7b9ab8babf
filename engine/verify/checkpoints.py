"""Verify's own checkpoints of the re-executed board, so an undo rewinds instead of replaying.

Used by the re-execution pass (reexec.py); docs/design.md, "Verify re-executes".
"""
from __future__ import annotations

from turnlog.events.codec import decode
from turnlog.events.game import DieRolled
from turnlog.projections import fold as F
from turnlog.projections.state import GameState

from ..game import Game
from ..hexgrid import share
from ..search import copy_state


CHECK_EVERY = 250  # events between verify's own checkpoints of the re-executed board


class Rewind:
    """Verify's own checkpoints, so an undo costs what folds back from the last one: linear overall.

    An undo takes back the latest command still in effect, so every checkpoint taken before that
    command's first seq holds no event an undo has since removed; those after it are dropped. The
    board after the undo is the newest checkpoint left, with the live rows since folded onto it.
    (Game.at would validate snapshots against every undone command on each call: quadratic.)
    """

    def __init__(self, game: Game, every: int = CHECK_EVERY, until: int | None = None):
        self.log, self.every = game.log, every
        # The first seq of the log's last undo (None: not known, every mark kept): only an undo
        # rewinds, so a mark at or past it is never used, and no copy is taken there (a log without
        # undos takes none).
        self.until = until
        # (seq, board, taken after an undo); None = the empty board. A board is a copy_state copy, which
        # shares what no event changes in place: a tenth of a dump's cost, and a load's.
        self.marks: list[tuple[int, GameState | None, bool]] = [(0, None, False)]
        self.undone: set[int] = set()  # the commands undone so far
        self.recent: list[tuple] = []  # the log's rows since the newest mark, as the commands stage passed them
        self._rolled: dict[int, tuple] | None = None  # command id -> its first DieRolled row

    def passed(self, rows: list[tuple]) -> None:
        """Hold a command's rows until the next mark: an undo folds them from memory, not from a new read."""
        if self.until is None or (rows and rows[0][0] <= self.until):
            self.recent += [r[:6] for r in rows]  # as folded: a range's rows carry more columns

    def keep(self, state: GameState, *, undone: bool = False) -> None:
        """Checkpoint every ``every`` events (CHECK_EVERY unless told), and after an undo (``undone``).

        After an undo, so that undoing the next command (a redo, in a run of undo/redo cycles) folds
        from here, not from up to CHECK_EVERY events back; such a mark replaces the previous one when
        nothing else came between, so they add one checkpoint, not one per undo.
        """
        if self.until is not None and state.seq >= self.until:
            self.recent = []  # no undo follows: no mark is ever rewound to from here
        elif undone:
            if self.marks[-1][2]:
                self.marks.pop()
            self.marks.append((state.seq, copy_state(state), True))
            self.recent = []
        elif state.seq - self.marks[-1][0] >= self.every:
            self.marks.append((state.seq, copy_state(state), False))
            self.recent = []

    def undo(self, command: tuple, upto: int, board: GameState) -> GameState:
        """The board after undoing ``command`` (its row), as of seq ``upto`` (the undo's last row).

        ``board`` is the board before the undo: the map's grid cached on it is kept (the same setup).
        """
        self.undone.add(command[0])
        while self.marks[-1][0] >= command[5]:
            self.marks.pop()
        seq, mark, after_undo = self.marks[-1]
        if after_undo:  # the mark of the previous undo: keep(undone=True) replaces it next, so take it, no copy
            self.marks.pop()
            assert mark is not None  # an undo's mark holds its board
            state = mark
        else:
            state = share(board, GameState()) if mark is None else copy_state(mark)  # the mark stays as it was
        # The rows from the checkpoint on (held if it is the newest, else one read), undone commands' skipped.
        held = self.recent and self.recent[0][0] == seq + 1 and self.recent[-1][0] == upto
        return F.fold(state, self.recent if held else self.log.rows(seq + 1, upto), self.undone)

    def roll(self, cid: int) -> str:
        """The first die command ``cid`` rolled, as "key = value", or "" (the rolls read once)."""
        if self._rolled is None:
            self._rolled = {}
            for _s, rcid, type_, version, data in self.log.rows_of_type("DieRolled"):
                self._rolled.setdefault(rcid, (type_, version, data))
        row = self._rolled.get(cid)
        if row is None:
            return ""
        ev = decode(*row)
        assert isinstance(ev, DieRolled)  # the rows were read by that type
        return f"{ev.key} = {ev.value}"
