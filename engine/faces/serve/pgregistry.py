"""Which games a server serves, kept in its PostgreSQL database (--db), so that any number of servers
sharing only that database serve every game of it.

Four tables in the ``turnlog`` schema, beside the logs (events/pgschema.py ``REGISTRY_DDL``, so that
verify's schema check knows them), made by the first server that finds them missing:

- ``served``: one row per served game (its id, name, whether it is listed, when it was registered);
  a game's log with no row here (a creation that stopped half way) is not served.
- ``seat_tokens``: each seat's token as its SHA-256 (never the token), and the actor it stands for.
- ``seeds``: each game's dice seed (hex), the secret the server rolls from; none for joint dice.
- ``creations``: one row per creation (the client's address, when), for the hourly quota.

A creation is one transaction under an advisory lock: the quota counted (the client's rows of the
last hour, the served games), the game's log written, its rows inserted. So two servers never both
pass one count, and a creation refused or failed counts nothing. The writer role (pgschema.py
``grant_server``) may read and insert these rows, and delete creations (those older than an hour).
"""

from __future__ import annotations

import threading
from typing import Any, Callable

from turnlog.events.pgschema import StoreError, ensure_registry, psycopg_module
from turnlog.events.url import redacted, split_url

from . import auth
from .registry import Made, Quota

_LOCK = "SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))"
_HOUR = "clock_timestamp() - interval '1 hour'"


class _Connection:
    """One connection of the registry, used by one thread at a time, opened again once if lost."""

    def __init__(self, conninfo: str, path: str):
        self._conninfo, self.path = conninfo, path
        self._conn: Any = None
        self._lock = threading.Lock()

    def _open(self):
        if self._conn is None or self._conn.closed or self._conn.broken:
            psycopg = psycopg_module()
            self._conn = psycopg.connect(self._conninfo, autocommit=True, connect_timeout=10)
            ensure_registry(self._conn)
        return self._conn

    def do(self, fn: Callable[[Any], Any], *, again: bool = True):
        """``fn(connection)``, under the lock; ``again``: once more on a connection found lost."""
        psycopg = psycopg_module()
        with self._lock:
            for attempt in (1, 2):
                try:
                    return fn(self._open())
                except psycopg.OperationalError as exc:
                    lost = self._conn is None or self._conn.closed or self._conn.broken
                    if attempt == 2 or not (lost and again):
                        raise self._failed(exc) from None
                except psycopg.Error as exc:  # a privilege or a table missing: the database's word
                    raise self._failed(exc) from None

    def _failed(self, exc: Exception) -> StoreError:
        # the URL last, after a space: a redacted password runs to the next space
        why = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
        return StoreError(f"the registry failed ({why}) in {self.path}")

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None


class PgRegistry:
    """The registry in the database of ``url`` (a postgresql:// URL without ``game=``): one
    connection for reads, one for creations (a slow creation keeps no read waiting)."""

    def __init__(self, url: str):
        conninfo = split_url(url + ("&" if "?" in url else "?") + "game=_")[0]
        self._reads = _Connection(conninfo, redacted(url))
        self._creations = _Connection(conninfo, redacted(url))

    def check(self) -> None:
        """Open the reads' connection and make the registry's tables if missing: a server whose
        database cannot be reached says so before it listens."""
        self._reads.do(lambda conn: None)

    def read(self, gid: str) -> tuple[auth.Seats, bytes | None] | None:
        """The game's seats and its seed, or None when no server registered it."""

        def fetch(conn):
            row = conn.execute("SELECT name, listed FROM turnlog.served WHERE game = %s",
                               (gid,)).fetchone()
            if row is None:
                return None
            tokens = conn.execute("SELECT digest, actor FROM turnlog.seat_tokens WHERE game = %s",
                                  (gid,)).fetchall()
            seed = conn.execute("SELECT seed FROM turnlog.seeds WHERE game = %s",
                                (gid,)).fetchone()
            seats = auth.Seats(tokens=dict(tokens), listed=row[1], name=row[0])
            return seats, bytes.fromhex(seed[0]) if seed else None

        return self._reads.do(fetch)

    def admit(self, gid: str, client: str, quota: Quota | None, make: Callable[[], Made]) -> None:
        """Count the creation against ``quota`` and register what ``make()`` created, as one
        transaction under the creation lock; a refusal or a failure counts and registers nothing."""

        def create(conn):
            with conn.transaction():
                conn.execute(_LOCK, ("turnlog:serve-creation",))
                if quota is not None:
                    _count(conn, client, quota)
                seats, seed = make()
                conn.execute("INSERT INTO turnlog.served (game, name, listed) VALUES (%s, %s, %s)",
                             (gid, seats.name, seats.listed))
                with conn.cursor() as cur:
                    cur.executemany(
                        "INSERT INTO turnlog.seat_tokens (game, digest, actor) VALUES (%s, %s, %s)",
                        [(gid, d, actor) for d, actor in seats.tokens.items()])
                if seed is not None:
                    conn.execute("INSERT INTO turnlog.seeds (game, seed) VALUES (%s, %s)",
                                 (gid, seed.hex()))
                conn.execute("INSERT INTO turnlog.creations (client) VALUES (%s)", (client,))

        # never twice: a creation whose connection was lost may have made its game
        self._creations.do(create, again=False)

    def listed(self) -> list[tuple[str, auth.Seats]]:
        rows = self._reads.do(lambda conn: conn.execute(
            "SELECT game, name FROM turnlog.served WHERE listed ORDER BY game").fetchall())
        return [(gid, auth.Seats(tokens={}, listed=True, name=name)) for gid, name in rows]

    def count(self) -> int:
        return self._reads.do(lambda c: c.execute("SELECT count(*) FROM turnlog.served").fetchone()[0])

    def close(self) -> None:
        self._reads.close()
        self._creations.close()


def _count(conn, client: str, quota: Quota) -> None:
    """Refuse (429) a creation past the client's hourly count or the served games' total."""
    conn.execute(f"DELETE FROM turnlog.creations WHERE at < {_HOUR}")
    made, oldest = conn.execute(
        "SELECT count(*), extract(epoch FROM min(at) + interval '1 hour' - clock_timestamp()) "
        f"FROM turnlog.creations WHERE client = %s AND at >= {_HOUR}", (client,)).fetchone()
    if made >= quota.per_client:
        raise quota.over_client(made, int(oldest) + 1)
    if conn.execute("SELECT count(*) FROM turnlog.served").fetchone()[0] >= quota.total:
        raise quota.over_total()
