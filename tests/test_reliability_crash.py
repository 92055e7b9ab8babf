"""Harness 1 at CI scale: SIGKILL a writer mid-stream; no torn command, no acknowledged event lost."""
from __future__ import annotations

import sqlite3

import msgspec

from reliability import crash
from reliability.common import digest, new_game, torn_commands


def test_sigkilled_writer_loses_and_tears_nothing(tmp_path):
    fig = crash.run(trials=5, workdir=tmp_path)
    assert fig["killed_by_sigkill"] == 5
    assert fig["acked_commands"] > 0, "the writer never got to commit: the harness measured nothing"
    assert fig["torn_commands"] == 0, fig["problems"]
    assert fig["acked_events_lost"] == 0 and fig["acked_events_altered"] == 0
    assert fig["gaps"] == fig["integrity_not_ok"] == fig["chain_broken"] == 0
    assert fig["replay_differs"] == fig["reopen_failed"] == 0


def test_the_audit_sees_a_torn_command(tmp_path):
    # The harness's own check must be able to fail: a command row whose events stopped halfway.
    g = new_game(tmp_path / "g.db")
    last, h = g.log.last()
    g.close()
    conn = sqlite3.connect(tmp_path / "g.db")
    conn.execute("INSERT INTO commands (actor, type, payload, ts, first_seq, last_seq) VALUES "
                 "('', 'Batch', ?, 'now', ?, ?)", (msgspec.json.encode({"k": 3}).decode(), last + 1, last + 3))
    cid = conn.execute("SELECT max(id) FROM commands").fetchone()[0]
    conn.execute("INSERT INTO events VALUES (?, ?, 'NoteAdded', 1, '{}', 0, ?, 'x', 'now')", (last + 1, cid, h))
    conn.commit()
    assert [t.split(":")[0] for t in torn_commands(conn)] == [f"command {cid}"]
    conn.close()


def test_digest_tells_apart_what_was_acknowledged():
    assert digest(["a", "b"]) != digest(["ab"]) and digest(["a"]) == digest([b"a"])
