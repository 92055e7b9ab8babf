"""Storage contract: the database itself refuses to change or remove a stored row, or to skip a seq."""
from __future__ import annotations

import sqlite3

import pytest

from turnlog.events.store import split_url

from fixtures.backbone import bridgehead
from store_backends import raw

REFUSALS = [  # (SQLite, PostgreSQL): each must be refused by the database
    ("UPDATE events SET data = '{}' WHERE seq = 1",
     "UPDATE turnlog.events SET data = '{}' WHERE game = %s AND seq = 1"),
    ("DELETE FROM events WHERE seq = 2", "DELETE FROM turnlog.events WHERE game = %s AND seq = 2"),
    ("INSERT INTO events (seq, command_id, type, version, data, automatic, hash) "
     "VALUES ((SELECT max(seq) + 2 FROM events), 99, 'NoteAdded', 1, '{}', 0, 'x')",
     "INSERT INTO turnlog.events (game, seq, command_id, type, version, data, automatic, hash) "
     "SELECT game, max(seq) + 2, 99, 'NoteAdded', 1, '{}', 0, 'x' FROM turnlog.events WHERE game = %s GROUP BY game"),
    ("INSERT OR REPLACE INTO events SELECT * FROM events WHERE seq = 1",
     "UPDATE turnlog.games SET format = 4 WHERE game = %s"),
]


@pytest.mark.parametrize("sqlite_sql, pg_sql", REFUSALS)
def test_the_database_refuses(store, sqlite_sql, pg_sql):
    target = store.new()
    bridgehead(target).close()
    before = raw(target, "SELECT seq, hash FROM events ORDER BY seq",
                 "SELECT seq, hash FROM turnlog.events WHERE game = %s ORDER BY seq")
    with pytest.raises(Exception, match="append-only"):
        raw(target, sqlite_sql, pg_sql)
    assert raw(target, "SELECT seq, hash FROM events ORDER BY seq",
               "SELECT seq, hash FROM turnlog.events WHERE game = %s ORDER BY seq") == before


def test_postgres_refuses_truncate(pg_store):
    store = pg_store
    target = store.new()
    bridgehead(target).close()
    with pytest.raises(Exception, match="append-only"):
        raw(target, "", "TRUNCATE turnlog.events CASCADE")


def test_the_writer_role_has_no_update_or_delete_even_without_triggers(pg_store):
    """The operator's role (pgschema.grant_writer) plays a game, and cannot rewrite one with the triggers gone."""
    import psycopg

    from turnlog.engine.commands import AddNote
    from turnlog.engine.game import Game
    from turnlog.events.pgschema import grant_writer
    store = pg_store
    admin = store.pg.dsn("turnlog_tests")
    with psycopg.connect(admin, autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_roles WHERE rolname = 'turnlog_writer'").fetchone():
            conn.execute("CREATE ROLE turnlog_writer LOGIN")
        grant_writer(conn, "turnlog_writer")
    target = store.new().replace("user=postgres", "user=turnlog_writer")
    with bridgehead(target) as g:  # the role creates and plays a game
        g.execute(AddNote(text="by the writer role"))
        g.snapshot()
    _conninfo, game = split_url(target)
    with psycopg.connect(store.pg.dsn("turnlog_tests", user="turnlog_writer"), autocommit=True) as conn:
        for sql in ("UPDATE turnlog.events SET data = '{}' WHERE game = %s", "DELETE FROM turnlog.events WHERE game = %s",
                    "ALTER TABLE turnlog.events DISABLE TRIGGER USER"):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                conn.execute(sql, (game,) if "%s" in sql else ())
