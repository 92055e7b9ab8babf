"""After a ConcurrencyError every writing method has reloaded; simply retrying works.

Two Game objects on one file: B writes, A's stale write fails, A's identical retry succeeds and
lands after B's command (execute, undo and redo all go through Game._write).
"""
from __future__ import annotations

import pytest

from turnlog.engine.commands import AddNote, MarkAirdropped
from turnlog.engine.game import Game
from turnlog.events.log import ConcurrencyError

from fixtures.backbone import SEED, bridgehead

AIRDROP = MarkAirdropped(unit="us-inf-3", from_hex="0502")  # undoable; no open attrition reads it (14.22A)


@pytest.fixture
def pair(tmp_path):
    """Two writers A and B on one game; the last command is an undoable one, and an undone one before it."""
    g = bridgehead(tmp_path / "g.db")
    g.execute(AIRDROP)
    g.close()
    a, b = Game.open(tmp_path / "g.db", seed=SEED), Game.open(tmp_path / "g.db", seed=SEED)
    yield a, b
    a.close()
    b.close()


def retried(a: Game, b: Game, call) -> None:
    """B writes; A's call fails once with ConcurrencyError, then succeeds as is; both agree with the log."""
    b.execute(AddNote(text="B was here"))
    b_seq = b.state.seq
    with pytest.raises(ConcurrencyError):
        call()
    assert a.state == a.at() and a.state.seq == b_seq  # reloaded: A now sees B's command
    call()
    assert a.state.seq > b_seq and a.log.last()[0] == a.state.seq
    assert a.state == a.at(use_snapshots=False)
    b.state = b.at()
    assert b.state == a.state


def test_execute_retries_after_a_conflict(pair):
    a, _b = pair
    retried(*pair, lambda: a.execute(AddNote(text="A's note")))


def test_undo_retries_after_a_conflict(pair):
    a, _b = pair
    retried(*pair, a.undo)
    assert a.log.commands()[-1][2] == "Undo"


def test_redo_retries_after_a_conflict(pair):
    a, b = pair
    a.undo()
    b.state = b.at()
    retried(a, b, a.redo)
    assert a.log.commands()[-1][2] == "Redo"


def test_undo_then_execute_then_redo_each_recover_in_turn(pair):
    a, b = pair
    for call in (a.undo, a.redo, lambda: a.execute(AddNote(text="again"))):
        retried(a, b, call)
