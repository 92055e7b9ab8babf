"""Tamper-harness find: verify raises when the truncated tail was an Undo.

engine/verify.py _commands handles an Undo command by ``state = game.at(last)``
with the command's recorded last_seq; if the log was cut inside that command,
Game.at raises CommandError ("seq: N is outside the log") out of verify(), and
`turnlog verify` exits 2 with that message instead of naming the missing seq.

Suggested fix (engine/verify.py _commands): check each command's recorded span
against the rows actually stored before replaying it (as is done for other
commands through the re-execution comparison), and report a Discrepancy at the
first missing seq.
"""
from __future__ import annotations

import sqlite3

import pytest

from engine import commands as c
from engine.game import Game
from engine.verify import verify
from reliability.common import SEED, new_game


@pytest.fixture
def truncated(tmp_path):
    g = new_game(tmp_path / "g.db")
    g.execute(c.MoveUnit(unit="us-inf-3", hex="0502"))
    g.undo()
    last = g.log.last()[0]
    g.close()
    conn = sqlite3.connect(tmp_path / "g.db")
    for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'").fetchall():
        conn.execute(f'DROP TRIGGER "{name}"')
    conn.execute("DELETE FROM events WHERE seq = ?", (last,))
    conn.commit()
    conn.close()
    return tmp_path / "g.db", last


def test_verify_reports_a_truncated_undo(truncated):
    path, missing = truncated
    with Game.open(path, seed=SEED) as g:
        rep = verify(g)
    assert not rep.ok and (rep.first_bad_seq == missing or (rep.discrepancy and rep.discrepancy.seq == missing))


def test_the_chain_alone_cannot_see_it(truncated):
    path, missing = truncated
    with Game.open(path, seed=SEED) as g:
        assert g.log.verify_chain() == (missing - 1, None, "")
