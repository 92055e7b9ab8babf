"""Harness 1 at CI scale: SIGKILL a writer mid-stream; no torn command, no acknowledged event lost."""
from __future__ import annotations

import sqlite3

import msgspec
import pytest

from turnlog.events.log import FORMAT
from reliability import crash
from reliability.common import digest, new_game, torn_commands


@pytest.mark.parametrize("log_format", [FORMAT, 2])
def test_sigkilled_writer_loses_and_tears_nothing(tmp_path, log_format):
    # Format 2 (old files are still appended to) writes two tables per append: a kill between them would tear.
    trials = 5 if log_format == FORMAT else 3
    fig = crash.run(trials=trials, workdir=tmp_path, log_format=log_format)
    assert fig["log_format"] == log_format
    assert fig["killed_by_sigkill"] == trials
    assert fig["acked_commands"] > 0, "the writer never got to commit: the harness measured nothing"
    assert fig["torn_commands"] == 0, fig["problems"]
    assert fig["acked_events_lost"] == 0 and fig["acked_events_altered"] == 0
    assert fig["gaps"] == fig["integrity_not_ok"] == fig["chain_broken"] == 0
    assert fig["replay_differs"] == fig["reopen_failed"] == 0


def _batch_payload(k: int) -> str:
    return msgspec.json.encode({"k": k}).decode()


def test_the_audit_sees_a_torn_command(tmp_path):
    # The harness's own check must be able to fail. Format 3: a command's first row claims three rows
    # (its last_seq, and the Batch payload's k) but the rows stopped after the first.
    g = new_game(tmp_path / "g.db")
    last, _h = g.log.last()
    g.close()
    conn = sqlite3.connect(tmp_path / "g.db")
    cid = conn.execute("SELECT max(id) FROM commands").fetchone()[0] + 1
    conn.execute("INSERT INTO events VALUES (?, ?, 'NoteAdded', 1, '{}', 0, 'x', '', 'Batch', ?, 'now', ?)",
                 (last + 1, cid, _batch_payload(3), last + 3))
    conn.commit()
    assert [t.split(":")[0] for t in torn_commands(conn)] == [f"command {cid}"]
    conn.close()


def test_the_audit_sees_a_torn_command_in_a_format_2_file(tmp_path):
    # An old file: a commands row whose events stopped halfway.
    g = new_game(tmp_path / "g.db", log_format=2)
    last, h = g.log.last()
    g.close()
    conn = sqlite3.connect(tmp_path / "g.db")
    conn.execute("INSERT INTO commands (actor, type, payload, ts, first_seq, last_seq) VALUES "
                 "('', 'Batch', ?, 'now', ?, ?)", (_batch_payload(3), last + 1, last + 3))
    cid = conn.execute("SELECT max(id) FROM commands").fetchone()[0]
    conn.execute("INSERT INTO events VALUES (?, ?, 'NoteAdded', 1, '{}', 0, ?, 'x', 'now')", (last + 1, cid, h))
    conn.commit()
    assert [t.split(":")[0] for t in torn_commands(conn)] == [f"command {cid}"]
    conn.close()


def test_the_audit_sees_rows_without_their_command(tmp_path):
    # Format 3: a command whose first row (its columns) is lost leaves its other rows as orphans.
    g = new_game(tmp_path / "g.db")
    last, _h = g.log.last()
    g.close()
    conn = sqlite3.connect(tmp_path / "g.db")
    cid = conn.execute("SELECT max(id) FROM commands").fetchone()[0] + 1
    conn.execute("INSERT INTO events (seq, command_id, type, version, data, automatic, hash) VALUES "
                 "(?, ?, 'NoteAdded', 1, '{}', 0, 'x')", (last + 1, cid))
    conn.commit()
    assert torn_commands(conn) == ["1 events without a command row"]
    conn.close()


def test_digest_tells_apart_what_was_acknowledged():
    assert digest(["a", "b"]) != digest(["ab"]) and digest(["a"]) == digest([b"a"])
