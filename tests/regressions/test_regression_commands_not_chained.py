"""Tamper-harness find (fixed in fd0fea3, log format 2): the `commands` table was outside the hash chain.

An edit of commands.actor (or ts) on a copy with the triggers dropped passed both
EventLog.verify_chain and engine.verify: the events were intact, so re-execution
agreed. In a disputed game "who issued this command" could therefore be forged.

Format 2 chains a digest of each commands row (actor, type, payload, span) through
its command's first event. Format 3 (new games) has no commands table: a command's
columns (actor, type, payload, ts, last seq) sit on its first event row and are
hashed with it. Either way the edit is named at the command's first seq.
"""
from __future__ import annotations

import pytest

from turnlog.engine import commands as c
from turnlog.engine.game import Game
from turnlog.engine.verify import verify

from fixtures.backbone import bridgehead, copy_game, table, tamper


def noted(tmp_path, fmt: int):
    """A copy of a game whose last command (one note row) alice issued; returns (copy, the note's seq)."""
    g = bridgehead(tmp_path / "orig.db", log_format=fmt)
    g.execute(c.AddNote(text="mine"), actor="alice")
    seq = g.log.last()[0]
    g.close()
    return copy_game(tmp_path / "orig.db", tmp_path / "copy.db"), seq


def changed(tmp_path, sql: str, seq: int) -> bool:
    """The edit did change the row (so a pass below is not a no-op edit going unnoticed)."""
    return table(tmp_path / "copy.db", sql, (seq,)) != table(tmp_path / "orig.db", sql, (seq,))


def caught_at(path, seq: int) -> None:
    with Game.open(path) as copy:
        assert copy.log.verify_chain()[:2] == (seq - 1, seq)
        rep = verify(copy)
    assert not rep.ok and rep.stage == "chain" and rep.first_bad_seq == seq


@pytest.mark.parametrize("edit", [
    "UPDATE commands SET actor = 'mallory' WHERE actor = 'alice'",
    "UPDATE commands SET type = 'MoveUnit' WHERE actor = 'alice'",
    "UPDATE commands SET payload = replace(payload, 'mine', 'yours') WHERE actor = 'alice'",
], ids=["actor", "type", "payload"])
def test_edited_commands_row_is_detected_in_format_2(tmp_path, edit):
    path, seq = noted(tmp_path, 2)
    tamper(path, edit)
    assert changed(tmp_path, "SELECT * FROM commands WHERE first_seq = ?", seq)
    caught_at(path, seq)


def test_edited_commands_ts_is_detected_in_format_2(tmp_path):
    path, seq = noted(tmp_path, 2)
    tamper(path, "UPDATE commands SET ts = '2000-01-01T00:00:00.000000+00:00' WHERE actor = 'alice'")
    assert changed(tmp_path, "SELECT * FROM commands WHERE first_seq = ?", seq)
    caught_at(path, seq)


@pytest.mark.parametrize("edit", [
    "UPDATE events SET actor = 'mallory' WHERE actor = 'alice'",
    "UPDATE events SET command_type = 'MoveUnit' WHERE actor = 'alice'",
    "UPDATE events SET payload = replace(payload, 'mine', 'yours') WHERE actor = 'alice'",
    "UPDATE events SET ts = '2000-01-01T00:00:00.000000+00:00' WHERE actor = 'alice'",
    "UPDATE events SET last_seq = last_seq + 1 WHERE actor = 'alice'",
], ids=["actor", "type", "payload", "ts", "last_seq"])
def test_edited_command_columns_on_the_first_row_are_detected_in_format_3(tmp_path, edit):
    path, seq = noted(tmp_path, 3)
    assert table(path, "SELECT seq FROM events WHERE actor = 'alice'") == [(seq,)]
    tamper(path, edit)
    assert changed(tmp_path, "SELECT * FROM events WHERE seq = ?", seq)
    caught_at(path, seq)
