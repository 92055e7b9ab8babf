"""The log refuses to change the past: SQLite triggers, gapless seq, the hash chain.

Format 3 (new games) keeps each command's columns on its first event row and
``commands`` is a view; format 2 files (a commands table with its own
triggers, prev_hash on every row) are still written to, so both are checked.
"""
from __future__ import annotations

import hashlib
import sqlite3

import pytest

from turnlog.engine.commands import AddNote, MoveUnit
from turnlog.events.log import GENESIS, EventLog, command_text, digest_at, row_hash, row_hash3

from fixtures.backbone import bridgehead, rolled, table

FORMATS = pytest.mark.parametrize("fmt", [2, 3], ids=["format2", "format3"])
VIEW_REFUSES = "cannot modify commands because it is a view"


def make(path, fmt: int):
    """A game of ``fmt`` with a die rolled (command 3 starts at seq 27) and a note after it (command 4, seq 30)."""
    g = rolled(path, log_format=fmt)
    g.execute(AddNote(text="after the roll"))
    g.close()
    return path


@pytest.fixture(params=[2, 3], ids=["format2", "format3"])
def game_file(request, tmp_path):
    return make(tmp_path / "g.db", request.param)


def snapshot(path) -> tuple:
    return table(path, "SELECT * FROM events ORDER BY seq"), table(path, "SELECT * FROM commands ORDER BY id")


def refused(path, sql: str, match: str = "append-only") -> None:
    """``sql`` raises ``match`` on a fresh connection and leaves events and commands as they were."""
    before = snapshot(path)
    conn = sqlite3.connect(path, isolation_level=None)
    with pytest.raises(sqlite3.DatabaseError, match=match):
        conn.execute(sql)
    conn.close()
    assert snapshot(path) == before


@pytest.mark.parametrize("sql", [
    "UPDATE events SET data = data WHERE seq = 3",
    "UPDATE events SET hash = 'x' WHERE seq = 1",
    "DELETE FROM events WHERE seq = 3",
    "DELETE FROM events",
])
def test_update_and_delete_of_events_refused_by_triggers(game_file, sql):
    refused(game_file, sql)


@pytest.mark.parametrize("sql", [
    "UPDATE commands SET actor = 'mallory' WHERE id = 1",
    "DELETE FROM commands WHERE id = 2",
])
def test_update_and_delete_of_the_commands_table_refused_by_triggers_in_format_2(tmp_path, sql):
    refused(make(tmp_path / "g.db", 2), sql)


@pytest.mark.parametrize("sql", [
    # A command's own columns live on its first event row (command 3 starts at seq 27).
    "UPDATE events SET actor = 'mallory' WHERE seq = 27",
    "UPDATE events SET payload = '{}', ts = '2000-01-01' WHERE seq = 27",
    "UPDATE events SET last_seq = last_seq + 1 WHERE seq = 27",
    "UPDATE events SET command_type = NULL, actor = NULL, payload = NULL, ts = NULL, last_seq = NULL WHERE seq = 27",
    "DELETE FROM events WHERE seq = 30",  # the whole last command
])
def test_edit_or_delete_of_a_commands_first_row_refused_by_triggers_in_format_3(tmp_path, sql):
    refused(make(tmp_path / "g.db", 3), sql)


@pytest.mark.parametrize("sql", [
    "UPDATE commands SET actor = 'mallory' WHERE id = 1",
    "DELETE FROM commands WHERE id = 2",
    "INSERT INTO commands VALUES (9, 'mallory', 'AddNote', '{}', '2000-01-01', 31, 31)",
    "REPLACE INTO commands SELECT id, 'mallory', type, payload, ts, first_seq, last_seq FROM commands WHERE id = 1",
])
def test_commands_view_refuses_every_write_in_format_3(tmp_path, sql):
    path = make(tmp_path / "g.db", 3)
    assert table(path, "SELECT type FROM sqlite_master WHERE name = 'commands'") == [("view",)]
    refused(path, sql, VIEW_REFUSES)


REPLACE_EVENT = {
    2: "INSERT OR REPLACE INTO events SELECT seq, command_id, type, version, data, automatic, prev_hash, 'x', ts "
       "FROM events WHERE seq = 3",
    3: "INSERT OR REPLACE INTO events SELECT seq, command_id, type, version, data, automatic, 'x', actor, "
       "command_type, payload, ts, last_seq FROM events WHERE seq = 3",
}


@FORMATS
def test_replace_over_an_existing_event_refused(tmp_path, fmt):
    # REPLACE deletes the old row without firing DELETE triggers (recursive_triggers is off by default).
    refused(make(tmp_path / "g.db", fmt), REPLACE_EVENT[fmt])


def test_replace_over_an_existing_commands_row_refused_in_format_2(tmp_path):
    refused(make(tmp_path / "g.db", 2),
            "REPLACE INTO commands SELECT id, 'mallory', type, payload, ts, first_seq, last_seq FROM commands "
            "WHERE id = 1")


def test_replace_over_a_commands_first_row_refused_in_format_3(tmp_path):
    # The format-3 way to rewrite who asked: replace the first event row of command 3 with another actor.
    refused(make(tmp_path / "g.db", 3),
            "REPLACE INTO events SELECT seq, command_id, type, version, data, automatic, hash, 'mallory', "
            "command_type, payload, ts, last_seq FROM events WHERE seq = 27")


def test_insert_leaving_a_gap_refused_but_the_next_seq_accepted(game_file):
    last = table(game_file, "SELECT max(seq) FROM events")[0][0]
    cols = [c for (_i, c, *_r) in table(game_file, "PRAGMA table_info(events)") if c != "seq"]
    copy_of_last = f"INSERT INTO events SELECT seq + ?, {', '.join(cols)} FROM events WHERE seq = ?"
    conn = sqlite3.connect(game_file, isolation_level=None)
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        conn.execute(copy_of_last, (2, last))
    assert table(game_file, "SELECT max(seq) FROM events")[0][0] == last
    conn.execute("BEGIN")  # the trigger lets the very next seq through (that is how appends land)
    conn.execute(copy_of_last, (1, last))
    assert conn.execute("SELECT max(seq) FROM events").fetchone()[0] == last + 1
    conn.execute("ROLLBACK")
    conn.close()


def test_the_live_connection_is_refused_too(game_file):
    log = EventLog(game_file)
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        log.conn.execute("DELETE FROM events WHERE seq = 1")
    assert log.last()[0] == table(game_file, "SELECT count(*) FROM events")[0][0]
    log.close()


def test_seq_is_gapless_from_one_and_commands_cover_it(game_file):
    seqs = [s for (s,) in table(game_file, "SELECT seq FROM events ORDER BY seq")]
    assert seqs == list(range(1, len(seqs) + 1))
    spans = table(game_file, "SELECT id, first_seq, last_seq FROM commands ORDER BY id")
    assert [i for i, _f, _l in spans] == list(range(1, len(spans) + 1))
    covered = [s for _i, f, l in spans for s in range(f, l + 1)]
    assert covered == seqs
    for cid, f, l in spans:
        assert {c for (c,) in table(game_file, "SELECT command_id FROM events WHERE seq BETWEEN ? AND ?", (f, l))} == {cid}


def test_format_3_stores_a_commands_columns_on_its_first_row_only(tmp_path):
    path = make(tmp_path / "g.db", 3)
    cols = [c for (_i, c, *_r) in table(path, "PRAGMA table_info(events)")]
    assert cols == ["seq", "command_id", "type", "version", "data", "automatic", "hash",
                    "actor", "command_type", "payload", "ts", "last_seq"]  # no prev_hash, no per-event ts
    firsts = {f for (f,) in table(path, "SELECT first_seq FROM commands")}
    for seq, actor, ctype, payload, ts, last in table(
            path, "SELECT seq, actor, command_type, payload, ts, last_seq FROM events ORDER BY seq"):
        if seq in firsts:
            assert None not in (actor, ctype, payload, ts, last) and last >= seq
        else:
            assert (actor, ctype, payload, ts, last) == (None,) * 5
    assert table(path, "SELECT id, type, first_seq, last_seq FROM commands WHERE id >= 3 ORDER BY id") == [
        (3, "RollAttritionDie", 27, 29), (4, "AddNote", 30, 30)]


def test_hash_chain_is_sha256_over_the_stored_bytes_in_format_2(tmp_path):
    path = make(tmp_path / "g.db", 2)
    rows = table(path, "SELECT seq, command_id, type, version, data, automatic, prev_hash, hash, ts "
                       "FROM events ORDER BY seq")
    prev = GENESIS
    conn = sqlite3.connect(path)
    for seq, cid, type_, version, data, auto, prev_hash, h, ts in rows:
        assert prev_hash == prev
        # Recomputed here from the row as sqlite3 hands it back, independently of EventLog. The first
        # event of each command also chains the digest of its commands row (who asked for what).
        cmd = digest_at(conn, seq, cid)
        expect = hashlib.sha256(prev.encode())
        expect.update(f"\x1f{seq}\x1f{cid}\x1f{type_}\x1f{version}\x1f{auto}\x1f{ts}\x1f".encode())
        if cmd:
            expect.update(cmd.encode() + b"\x1f")
        expect.update(data.encode())
        assert h == expect.hexdigest() == row_hash(prev, seq, cid, type_, version, auto, ts, data, cmd)
        prev = h
    conn.close()
    assert EventLog(path).verify_chain() == (len(rows), None, "")


def test_hash_chain_is_sha256_over_the_stored_bytes_in_format_3(tmp_path):
    path = make(tmp_path / "g.db", 3)
    rows = table(path, "SELECT seq, command_id, type, version, data, automatic, hash, "
                       "actor, command_type, payload, ts, last_seq FROM events ORDER BY seq")
    prev, firsts = "0" * 64, 0
    for seq, cid, type_, version, data, auto, h, actor, ctype, payload, ts, last in rows:
        # Recomputed here from the row as sqlite3 hands it back, independently of events/chain.py: the
        # previous row's hash, the event's fields and, on a command's first row, who asked for what, when,
        # which rows the command owns and its payload. Nothing else: no per-event timestamp.
        command = "" if ctype is None else "\x1f".join((actor, ctype, ts, str(last), payload))
        firsts += ctype is not None
        text = "\x1f".join((prev, str(seq), str(cid), type_, str(version), str(auto), command, data))
        assert h == hashlib.sha256(text.encode()).hexdigest(), seq
        prev = h
    assert firsts == 4 and len(rows) == 30
    assert EventLog(path).verify_chain() == (len(rows), None, "")


def test_stored_data_is_the_json_the_hash_covers_in_format_2(tmp_path):
    # The stored text is readable JSON; a single changed byte changes the hash.
    path = make(tmp_path / "g.db", 2)
    seq, cid, type_, version, data, auto, prev, h, ts = table(
        path, "SELECT seq, command_id, type, version, data, automatic, prev_hash, hash, ts FROM events "
              "WHERE type = 'DieRolled'")[0]
    assert data.startswith('{"type":"DieRolled"')
    conn = sqlite3.connect(path)
    cmd = digest_at(conn, seq, cid)
    conn.close()
    assert cmd  # the roll is its command's first event, so the commands row is chained through it
    assert row_hash(prev, seq, cid, type_, version, auto, ts, data, cmd) == h
    assert row_hash(prev, seq, cid, type_, version, auto, ts, data.replace('"value":', '"value": '), cmd) != h
    assert row_hash(prev, seq, cid, type_, version + 1, auto, ts, data, cmd) != h
    assert row_hash(prev, seq, cid, type_, version, 1 - auto, ts, data, cmd) != h
    assert row_hash(prev, seq, cid, type_, version, auto, ts, data) != h


def test_stored_data_and_command_columns_are_what_the_hash_covers_in_format_3(tmp_path):
    # The stored text is readable JSON; a single changed byte, in the event or its command's columns, changes the hash.
    path = make(tmp_path / "g.db", 3)
    seq, cid, type_, version, data, auto, h, actor, ctype, payload, ts, last = table(
        path, "SELECT seq, command_id, type, version, data, automatic, hash, actor, command_type, payload, ts, "
              "last_seq FROM events WHERE type = 'DieRolled'")[0]
    (prev,), = table(path, "SELECT hash FROM events WHERE seq = ?", (seq - 1,))
    assert data.startswith('{"type":"DieRolled"')
    assert ctype == "RollAttritionDie"  # the roll is its command's first event: the command rides on it
    assert '"procedure":"A1"' in payload
    cmd = command_text(actor, ctype, ts, last, payload)
    assert row_hash3(prev, seq, cid, type_, version, auto, data, cmd) == h
    assert row_hash3(prev, seq, cid, type_, version, auto, data.replace('"value":', '"value": '), cmd) != h
    assert row_hash3(prev, seq, cid, type_, version + 1, auto, data, cmd) != h
    assert row_hash3(prev, seq, cid, type_, version, 1 - auto, data, cmd) != h
    assert row_hash3(prev, seq, cid, type_, version, auto, data) != h  # the command's columns are chained
    for edited in (command_text("mallory", ctype, ts, last, payload),
                   command_text(actor, "AddNote", ts, last, payload),
                   command_text(actor, ctype, ts + "0", last, payload),
                   command_text(actor, ctype, ts, last + 1, payload),
                   command_text(actor, ctype, ts, last, payload.replace("A1", "A2"))):
        assert row_hash3(prev, seq, cid, type_, version, auto, data, edited) != h


def test_refused_command_appends_nothing(tmp_path):
    g = bridgehead(tmp_path / "g.db")
    last = g.log.last()
    n_commands = len(g.log.commands())
    with pytest.raises(Exception):
        g.execute(MoveUnit(unit="no-such-unit", hex="0505"))
    assert g.log.last() == last and len(g.log.commands()) == n_commands
    g.close()


TRIGGERS = {2: {"events_append_only_insert", "events_append_only_delete", "commands_append_only_update"},
            3: {"events_append_only_insert", "events_append_only_delete", "events_append_only_update"}}


@FORMATS
def test_file_missing_a_trigger_gets_it_back_on_open(tmp_path, fmt):
    # A file written before a trigger existed (or copied with triggers dropped) is guarded again once opened.
    path = make(tmp_path / "g.db", fmt)
    conn = sqlite3.connect(path, isolation_level=None)
    for name in TRIGGERS[fmt]:
        conn.execute(f"DROP TRIGGER {name}")
    conn.close()
    EventLog(path).close()
    names = {n for (n,) in table(path, "SELECT name FROM sqlite_master WHERE type = 'trigger'")}
    assert TRIGGERS[fmt] <= names
