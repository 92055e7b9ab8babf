"""Tamper-harness find (fixed in fd0fea3, log format 2): the `commands` table was outside the hash chain.

An edit of commands.actor (or ts) on a copy with the triggers dropped passes both
EventLog.verify_chain and engine.verify: the events are intact, so re-execution
agrees. In a disputed game "who issued this command" can therefore be forged.

The fix (events/log.py append/append_batch/row_hash): fold the command's
actor, type, payload and ts into the hash of its first event (e.g. hash them into
the chained text of that row, or chain a per-command digest), and have
verify_chain recompute it from the `commands` row.
"""
from __future__ import annotations

import shutil
import sqlite3

import pytest

from engine import commands as c
from engine.game import Game
from engine.verify import verify
from reliability.common import SEED, new_game


def test_edited_command_actor_is_detected(tmp_path):
    g = new_game(tmp_path / "orig.db")
    g.execute(c.AddNote(text="mine"), actor="alice")
    g.close()
    path = tmp_path / "copy.db"
    shutil.copy(tmp_path / "orig.db", path)
    conn = sqlite3.connect(path)
    for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'").fetchall():
        conn.execute(f'DROP TRIGGER "{name}"')
    conn.execute("UPDATE commands SET actor = 'mallory' WHERE actor = 'alice'")
    conn.commit()
    conn.close()
    with Game.open(path, seed=SEED) as copy:
        assert copy.log.verify_chain()[1] is not None or not verify(copy).ok
