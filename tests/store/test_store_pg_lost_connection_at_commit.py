"""PostgreSQL: a connection lost under a write is reported written only if the rows are there (never twice, never lost)."""
from __future__ import annotations

import contextlib

import pytest

from turnlog.engine.commands import AddNote
from turnlog.events.pgschema import StoreError

from fixtures.backbone import bridgehead


def notes(g) -> list[str]:
    return [ev.text for _s, ev in g.events() if type(ev).__name__ == "NoteAdded"]


def test_lost_before_commit_is_not_written(pg_store):
    import psycopg
    with bridgehead(pg_store.new()) as g:
        real = g.log._insert

        def insert_then_lose(out):
            real(out)
            raise psycopg.OperationalError("server closed the connection unexpectedly")
        g.log._insert = insert_then_lose
        with pytest.raises(StoreError, match="not written"):
            g.execute(AddNote(text="lost"))
        del g.log._insert
        assert notes(g) == [] and g.log.verify_chain()[1] is None
        g.execute(AddNote(text="retried"))
        assert notes(g) == ["retried"]


def test_lost_after_commit_is_acknowledged_once(pg_store):
    import psycopg
    with bridgehead(pg_store.new()) as g:
        conn = g.log.conn
        real = conn.transaction

        @contextlib.contextmanager
        def commit_then_lose():
            with real():
                yield
            conn.close()  # the reply to COMMIT never arrives
            raise psycopg.OperationalError("server closed the connection unexpectedly")
        g.log.conn.transaction = commit_then_lose
        events = g.execute(AddNote(text="committed"))
        assert [type(e).__name__ for _s, e in events] == ["NoteAdded"]
        assert g.log.conn is not conn  # reconnected to read the row back
        assert notes(g) == ["committed"] and g.state.seq == g.log.last()[0]
        assert g.log.verify_chain()[1] is None
