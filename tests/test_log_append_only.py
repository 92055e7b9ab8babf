"""The log refuses to change the past: SQLite triggers, gapless seq, the hash chain."""
from __future__ import annotations

import hashlib
import sqlite3

import pytest

from engine.commands import AddNote, MoveUnit
from events.log import GENESIS, EventLog, digest_at, row_hash

from fixtures.backbone import bridgehead, rolled, table


@pytest.fixture
def game_file(tmp_path):
    g = rolled(tmp_path / "g.db")
    g.execute(AddNote(text="after the roll"))
    g.close()
    return tmp_path / "g.db"


@pytest.mark.parametrize("sql", [
    "UPDATE events SET data = data WHERE seq = 3",
    "UPDATE events SET hash = 'x' WHERE seq = 1",
    "DELETE FROM events WHERE seq = 3",
    "DELETE FROM events",
    "UPDATE commands SET actor = 'mallory' WHERE id = 1",
    "DELETE FROM commands WHERE id = 2",
])
def test_update_and_delete_refused_by_triggers(game_file, sql):
    before = table(game_file, "SELECT * FROM events ORDER BY seq"), table(game_file, "SELECT * FROM commands")
    conn = sqlite3.connect(game_file, isolation_level=None)
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        conn.execute(sql)
    conn.close()
    assert (table(game_file, "SELECT * FROM events ORDER BY seq"), table(game_file, "SELECT * FROM commands")) == before


@pytest.mark.parametrize("sql", [
    "INSERT OR REPLACE INTO events SELECT seq, command_id, type, version, data, automatic, prev_hash, 'x', ts "
    "FROM events WHERE seq = 3",
    "REPLACE INTO commands SELECT id, 'mallory', type, payload, ts, first_seq, last_seq FROM commands WHERE id = 1",
])
def test_replace_over_an_existing_row_refused(game_file, sql):
    # REPLACE deletes the old row without firing DELETE triggers (recursive_triggers is off by default).
    before = table(game_file, "SELECT * FROM events ORDER BY seq"), table(game_file, "SELECT * FROM commands")
    conn = sqlite3.connect(game_file, isolation_level=None)
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        conn.execute(sql)
    conn.close()
    assert (table(game_file, "SELECT * FROM events ORDER BY seq"), table(game_file, "SELECT * FROM commands")) == before


def test_insert_leaving_a_gap_refused(game_file):
    last = table(game_file, "SELECT max(seq) FROM events")[0][0]
    conn = sqlite3.connect(game_file, isolation_level=None)
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        conn.execute("INSERT INTO events SELECT seq + 2, command_id, type, version, data, automatic, prev_hash, hash, ts "
                     "FROM events WHERE seq = ?", (last,))
    conn.close()
    assert table(game_file, "SELECT max(seq) FROM events")[0][0] == last


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


def test_hash_chain_is_sha256_over_the_stored_bytes(game_file):
    rows = table(game_file, "SELECT seq, command_id, type, version, data, automatic, prev_hash, hash, ts "
                            "FROM events ORDER BY seq")
    prev = GENESIS
    conn = sqlite3.connect(game_file)
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
    assert EventLog(game_file).verify_chain() == (len(rows), None, "")


def test_stored_data_is_the_json_the_hash_covers(game_file):
    # The stored text is readable JSON; a single changed byte changes the hash.
    seq, cid, type_, version, data, auto, prev, h, ts = table(
        game_file, "SELECT seq, command_id, type, version, data, automatic, prev_hash, hash, ts FROM events "
                   "WHERE type = 'DieRolled'")[0]
    assert data.startswith('{"type":"DieRolled"')
    conn = sqlite3.connect(game_file)
    cmd = digest_at(conn, seq, cid)
    conn.close()
    assert cmd  # the roll is its command's first event, so the commands row is chained through it
    assert row_hash(prev, seq, cid, type_, version, auto, ts, data, cmd) == h
    assert row_hash(prev, seq, cid, type_, version, auto, ts, data.replace('"value":', '"value": '), cmd) != h
    assert row_hash(prev, seq, cid, type_, version + 1, auto, ts, data, cmd) != h
    assert row_hash(prev, seq, cid, type_, version, 1 - auto, ts, data, cmd) != h
    assert row_hash(prev, seq, cid, type_, version, auto, ts, data) != h


def test_refused_command_appends_nothing(tmp_path):
    g = bridgehead(tmp_path / "g.db")
    last = g.log.last()
    n_commands = len(g.log.commands())
    with pytest.raises(Exception):
        g.execute(MoveUnit(unit="no-such-unit", hex="0505"))
    assert g.log.last() == last and len(g.log.commands()) == n_commands
    g.close()


def test_file_missing_a_trigger_gets_it_back_on_open(game_file):
    # A file written before a trigger existed (or copied with triggers dropped) is guarded again once opened.
    conn = sqlite3.connect(game_file, isolation_level=None)
    conn.execute("DROP TRIGGER events_append_only_insert")
    conn.execute("DROP TRIGGER events_append_only_delete")
    conn.close()
    EventLog(game_file).close()
    names = {n for (n,) in table(game_file, "SELECT name FROM sqlite_master WHERE type = 'trigger'")}
    assert {"events_append_only_insert", "events_append_only_delete"} <= names
