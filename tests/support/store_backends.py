"""The storage contract's two backends for the tests: a SQLite file, or a game in a throwaway PostgreSQL server.

The fixtures that hand them to a test are tests/store/conftest.py's. The server is
started once per test process (tests/support/pg_cluster.py) and stopped at its exit. Under CI (CI=true) a server
that cannot be started fails the tests loudly; on a developer's machine they skip, saying why.
"""
from __future__ import annotations

import atexit
import itertools
import os
import uuid
from pathlib import Path

import pytest

import pg_cluster

DATABASE = "turnlog_tests"
_cluster: list = []  # [Cluster] once started, [Exception] if it could not be
_n = itertools.count(1)


def cluster() -> pg_cluster.Cluster:
    """The running test server (started on first use); fails under CI, skips elsewhere, if there is none."""
    if not _cluster:
        try:
            import psycopg  # noqa: F401 - the postgres extra
            c = pg_cluster.Cluster()
            c.createdb(DATABASE)
            atexit.register(c.stop)
            _cluster.append(c)
        except Exception as exc:  # noqa: BLE001 - reported below, by name
            _cluster.append(exc)
    got = _cluster[0]
    if isinstance(got, Exception):
        why = f"no PostgreSQL server for the storage contract: {type(got).__name__}: {got}"
        if os.environ.get("CI") == "true":
            pytest.fail(why + " (CI must run these: .ci/run installs postgresql)", pytrace=False)
        pytest.skip(why)
    return got


class Backend:
    """Where new games go: ``new()`` names a fresh game (a file under tmp, or a URL of a new game id)."""

    def __init__(self, kind: str, tmp: Path):
        self.kind, self.tmp = kind, tmp
        self.pg = cluster() if kind == "postgres" else None

    def new(self, stem: str = "g") -> str | Path:
        if self.pg is None:
            return self.tmp / f"{stem}{next(_n)}.db"
        return self.pg.url(DATABASE, f"{stem}-{uuid.uuid4().hex[:12]}")

    def __repr__(self) -> str:
        return self.kind


def raw(target, sqlite_sql: str, pg_sql: str, params: tuple = ()) -> list[tuple]:
    """Run SQL on the store underneath the engine (autocommit); PostgreSQL's gets the game id first."""
    from turnlog.events.store import is_url, split_url
    if not is_url(target):
        import sqlite3
        conn = sqlite3.connect(target, isolation_level=None)
        try:
            return conn.execute(sqlite_sql, params).fetchall()
        finally:
            conn.close()
    import psycopg
    conninfo, game = split_url(target)
    with psycopg.connect(conninfo, autocommit=True) as conn:
        cur = conn.execute(pg_sql, (game, *params) if "%s" in pg_sql else params)
        return cur.fetchall() if cur.description else []
