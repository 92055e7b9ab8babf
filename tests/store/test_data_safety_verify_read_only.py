"""`turnlog verify` is read-only: the file it checks keeps every byte.

It opens the file read-only; dropped append-only triggers (or a dropped snapshots table) are a
finding in its text and in JSON `missing_triggers`, never re-created, and the chain is still checked.
"""
from __future__ import annotations

import hashlib
import json
import sqlite3

import pytest

from fixtures.backbone import bridgehead, cli

TRIGGERS = ["events_append_only_update", "events_append_only_delete", "events_append_only_insert"]


def sha(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def schema(db) -> list:
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return sorted(conn.execute("SELECT type, name FROM sqlite_master").fetchall())
    finally:
        conn.close()


@pytest.fixture
def game(tmp_path):
    g = bridgehead(tmp_path / "g.db")
    g.execute({"type": "AddNote", "text": "one"})
    g.snapshot()
    g.close()
    return tmp_path / "g.db"


def stripped(db, *, edit: bool = False):
    conn = sqlite3.connect(db)
    for t in TRIGGERS:
        conn.execute(f"DROP TRIGGER {t}")
    conn.execute("DROP TABLE snapshots")
    if edit:
        conn.execute("UPDATE events SET data = replace(data, 'one', 'two') WHERE seq = 24")
    conn.commit()
    conn.close()


def test_verify_leaves_an_intact_file_byte_identical(game):
    before = sha(game)
    for args in ((), ("--json",)):
        r = cli("verify", "--db", game, *args)
        assert r.returncode == 0, r.stdout + r.stderr
    assert sha(game) == before


def test_verify_reports_dropped_triggers_and_snapshots_without_recreating_them(game):
    stripped(game)
    before, tables = sha(game), schema(game)
    r = cli("verify", "--db", game)
    assert r.returncode == 0 and "VERIFIED" in r.stdout, r.stdout + r.stderr
    assert "lacks its append-only triggers" in r.stdout and all(t in r.stdout for t in TRIGGERS)
    assert "chain     intact up to seq 24" in r.stdout
    j = json.loads(cli("verify", "--db", game, "--json").stdout)
    assert j["missing_triggers"] == TRIGGERS and j["ok"] and j["chain_ok_upto"] == 24
    assert sha(game) == before and schema(game) == tables
    assert ("table", "snapshots") not in tables


def test_without_its_triggers_the_chain_is_still_checked(game):
    stripped(game, edit=True)
    before = sha(game)
    r = cli("verify", "--db", game)
    assert r.returncode == 1 and "altered at seq 24" in r.stdout and "lacks its append-only triggers" in r.stdout
    assert sha(game) == before
