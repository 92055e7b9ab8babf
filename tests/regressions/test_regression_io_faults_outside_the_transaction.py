"""I/O-fault-harness finds (both fixed in fd0fea3): two failures outside the append transaction.

1. Game._commit caches a snapshot (every SNAPSHOT_EVERY events) *after* the append
   committed. If that INSERT OR REPLACE fails (disk full, I/O error) the exception
   reaches the caller although the command is committed; a caller that retries a
   "failed" command applies it twice. Snapshots are a cache, so a failure to write
   one should not fail the command. Suggested fix (engine/game.py _commit): wrap
   ``self.snapshot()`` in ``try/except sqlite3.Error`` (warn, and leave
   ``_snap_seq`` unchanged so it is retried later).

2. When COMMIT fails and the ROLLBACK in EventLog.append's handler fails too, the
   ROLLBACK's error propagates, the connection stays inside the transaction, and
   Game._commit's reload (``self.at()``) reads the uncommitted rows through that
   same connection: the live state shows a command no other connection sees, and
   every later append fails with "cannot start a transaction within a transaction".
   Suggested fix (events/log.py append): if ROLLBACK raises, close and reopen the
   connection (or at least re-raise the original error after ensuring
   ``not conn.in_transaction``); Game._commit then reloads from committed data.
"""
from __future__ import annotations

import sqlite3

import pytest

import turnlog.engine.game as engine_game
from turnlog.engine.commands import AddNote
from reliability.common import new_game
from reliability.iofaults import FaultyConn, Injected, classify


def test_failed_snapshot_does_not_fail_a_committed_command(tmp_path, monkeypatch):
    monkeypatch.setattr(engine_game, "SNAPSHOT_EVERY", 1)
    g = new_game(tmp_path / "g.db")
    seq = g.log.last()[0]
    real = g.log.conn
    g.log.conn = FaultyConn(real, "snapshot_insert", Injected("disk full while caching"))
    try:
        g.execute(AddNote(text="committed"))  # must not raise: the command is in the log
    finally:
        g.log.conn = real
        assert g.log.last()[0] == seq + 1
        g.close()


class _CommitAndRollbackFail(FaultyConn):
    def execute(self, sql, params=()):
        if classify(self._conn, sql) == "commit" or sql.strip().upper().startswith("ROLLBACK"):
            raise Injected(f"injected fault at {sql.strip()}")
        return self._conn.execute(sql, params)


def test_double_fault_leaves_a_usable_game(tmp_path):
    g = new_game(tmp_path / "g.db")
    committed = g.log.last()[0]
    real = g.log.conn
    g.log.conn = _CommitAndRollbackFail(real, "commit", None)
    with pytest.raises(Injected):
        g.execute(AddNote(text="lost"))
    g.log.conn = real
    try:
        assert g.state.seq == committed
        g.execute(AddNote(text="the next command works"))
    finally:
        g.close()


def test_double_fault_never_reaches_the_file(tmp_path):
    # Whatever the live object believed, the file only holds committed commands once it is closed.
    g = new_game(tmp_path / "g.db")
    committed = g.log.last()[0]
    real = g.log.conn
    g.log.conn = _CommitAndRollbackFail(real, "commit", None)
    with pytest.raises(Injected):
        g.execute(AddNote(text="lost"))
    g.log.conn = real
    g.close()
    conn = sqlite3.connect(tmp_path / "g.db")
    assert conn.execute("SELECT max(seq) FROM events").fetchone()[0] == committed
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()
