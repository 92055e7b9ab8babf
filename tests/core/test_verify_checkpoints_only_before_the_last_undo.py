"""Verify copies the board for a checkpoint only where an undo can still rewind to it.

Only an undo rewinds to a checkpoint, so none is taken at or after the first seq of the log's last
undo: a game without undos is re-executed without copying its board, and one whose undos are early
copies it only before them; the rewinds still end on the board a fold from zero gives. Opening a
game reads the command rows only for the setup's span of a log that does not fold.
"""

from __future__ import annotations

from turnlog.engine import scenario
from turnlog.engine import verify as V
from turnlog.engine.commands import AddNote, MoveUnit
from turnlog.engine.game import Game
from turnlog.engine.verify import checkpoints as CP
from turnlog.events.log import EventLog


def _game(path, notes: int, undos_first: int = 0) -> None:
    with Game.create(
        path, scenario.load("bridgehead-14-65"), seed=b"\x07" * 32, public_seed=True
    ) as g:
        for i in range(undos_first):
            g.execute(MoveUnit(unit="us-inf-1", hex="0505" if i % 2 else "0605"))
            g.undo()
            g.redo()
        for i in range(notes):
            g.execute(AddNote(text=f"note {i}"))


def _copies(monkeypatch, path) -> list[int]:
    """The seqs at which verify copied the board for a checkpoint; the report must be clean."""
    taken: list[int] = []
    real = CP.copy_state

    def copy(state):
        taken.append(state.seq)
        return real(state)

    monkeypatch.setattr(CP, "copy_state", copy)
    monkeypatch.setattr(V, "CHECK_EVERY", 5)
    rep = V.verify_path(path)
    assert rep.ok and rep.replay_equal, rep
    return taken


def test_verify_of_a_game_without_undos_copies_no_checkpoint(tmp_path, monkeypatch):
    _game(tmp_path / "g.db", 60)
    assert _copies(monkeypatch, tmp_path / "g.db") == []


def test_verify_copies_checkpoints_only_before_the_last_undo(tmp_path, monkeypatch):
    path = tmp_path / "g.db"
    _game(path, 60, undos_first=12)
    log = EventLog(path)
    last_undo = max(r[5] for r in log.commands() if r[2] == "Undo")
    log.close()
    taken = _copies(monkeypatch, path)
    assert taken and max(taken) < last_undo


def test_opening_a_game_that_folds_reads_no_command_rows(tmp_path, monkeypatch):
    _game(tmp_path / "g.db", 5)
    read = []
    real = EventLog.commands
    monkeypatch.setattr(EventLog, "commands", lambda self: read.append(1) or real(self))
    Game.open(tmp_path / "g.db", readonly=True).close()
    assert read == []
