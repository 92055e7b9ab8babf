"""Storage contract: all events of a command are stored in one transaction, or none of them."""
from __future__ import annotations

import sqlite3

import pytest

from turnlog.engine.commands import AddNote
from turnlog.events.store import open_log

from fixtures.backbone import bridgehead


def test_a_row_refused_mid_command_leaves_nothing_of_it(store):
    target = store.new()
    bridgehead(target).close()
    with open_log(target) as log:
        before = log.last()
        rows = [("NoteAdded", 1, '{"text":"a"}', False), ("NoteAdded", 1, None, False)]  # data NOT NULL
        with pytest.raises(sqlite3.DatabaseError):
            log.append(rows, expected_seq=before[0], command_type="AddNote")
        assert log.last() == before
        assert len(log.commands()) == 1
        assert log.verify_chain()[1] is None


def test_a_batch_of_commands_is_one_transaction(store):
    target = store.new()
    bridgehead(target).close()
    with open_log(target) as log:
        seq = log.last()[0]
        note = ("", "AddNote", "{}", [("NoteAdded", 1, '{"text":"n"}', False)])
        bad = ("", "AddNote", "{}", [("NoteAdded", 1, None, False)])
        with pytest.raises(sqlite3.DatabaseError):
            log.append_batch([note, note, bad], expected_seq=seq)
        assert log.last()[0] == seq
        assert log.append_batch([note, note], expected_seq=seq) == seq + 2
        assert [c[0] for c in log.commands()] == [1, 2, 3]
        assert log.verify_chain()[1] is None


def test_the_game_after_a_failed_write_is_the_log(store):
    g = bridgehead(store.new())
    state = g.state
    g.log.append = lambda *a, **k: (_ for _ in ()).throw(sqlite3.OperationalError("disk gone"))
    with pytest.raises(sqlite3.OperationalError):
        g.execute(AddNote(text="lost"))
    del g.log.append
    assert g.state == state and g.log.last()[0] == state.seq
    g.close()
