"""A new game file's schema is written in plain SQL, exactly as sqlite-utils would write it.

Given each log format, when a log is created (events/log.py) and the same tables, view and meta row are
made through sqlite-utils, then sqlite_master holds the same objects with the same SQL, in the same
order: the tables stay readable with sqlite-utils and Datasette, and a file made before this change and
one made after compare equal (events/logschema.py).
"""
from __future__ import annotations

import sqlite3

import pytest

from turnlog.events import log as L

sqlite_utils = pytest.importorskip("sqlite_utils")

VIEW = ("SELECT command_id AS id, actor, command_type AS type, payload, ts, seq AS first_seq, last_seq "
        "FROM events WHERE command_type IS NOT NULL")


def _through_sqlite_utils(conn: sqlite3.Connection, fmt: int) -> None:
    db = sqlite_utils.Database(conn)
    with conn:
        db["meta"].create({"key": str, "value": str}, pk="key")
        if fmt >= 3:
            columns = {"seq": int, "command_id": int, "type": str, "version": int, "data": str,
                       "automatic": int, "hash": str, "actor": str, "command_type": str, "payload": str,
                       "ts": str, "last_seq": int}
            if fmt >= L.SIGNED:
                columns["signature"] = str
            db["events"].create(columns, pk="seq", not_null={"command_id", "type", "version", "data",
                                                             "automatic", "hash"})
            db.create_view("commands", VIEW)
        else:
            db["commands"].create({"id": int, "actor": str, "type": str, "payload": str, "ts": str,
                                   "first_seq": int, "last_seq": int}, pk="id",
                                  not_null={"type", "payload", "ts"})
            db["events"].create({"seq": int, "command_id": int, "type": str, "version": int, "data": str,
                                 "automatic": int, "prev_hash": str, "hash": str, "ts": str}, pk="seq",
                                not_null={"command_id", "type", "version", "data", "prev_hash", "hash",
                                          "ts"})
        db["snapshots"].create({"seq": int, "undone": str, "data": bytes}, pk="seq")
        db["meta"].insert({"key": "format", "value": str(fmt)})


def _master(conn: sqlite3.Connection) -> list[tuple]:
    return conn.execute("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY rowid").fetchall()


@pytest.mark.parametrize("fmt", L.FORMATS)
def test_a_new_log_has_the_schema_sqlite_utils_would_write(fmt):
    ours = sqlite3.connect(":memory:")
    L._build_schema(ours, fmt)
    theirs = sqlite3.connect(":memory:")
    _through_sqlite_utils(theirs, fmt)
    ref = L.EventLog.__new__(L.EventLog)
    ref.conn, ref.format = theirs, fmt
    ref._triggers()
    assert _master(ours) == _master(theirs)
    assert ours.execute("SELECT * FROM meta").fetchall() == [("format", str(fmt))]
    assert sqlite_utils.Database(ours)["events"].pks == ["seq"]  # still a sqlite-utils table
