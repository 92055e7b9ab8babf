"""Which games a server serves, kept in its PostgreSQL database (--db), so that any number of servers
sharing only that database serve every game of it.

Four tables in the ``turnlog`` schema, beside the logs (events/pgschema.py ``REGISTRY_DDL``, so that
verify's schema check knows them), made by the first server that finds them missing:

- ``served``: one row per served game (its id, name, whether it is listed, when it was registered);
  a game's log with no row here (one `turnlog new --db` made) is not served.
- ``seat_tokens``: each seat's token as its SHA-256 (never the token), and the actor it stands for.
- ``seeds``: each game's dice seed (hex), the secret the server rolls from; none for joint dice.
- ``creations``: one row per creation (the client's address, when), for the hourly quota.

A creation is one transaction under an advisory lock: the quota counted (the client's rows of the
last hour, the served games), the game's log written (its first command's transaction a savepoint
of this one, on the same leased connection), its rows inserted. So two servers never both pass one
count, and a creation refused or failed counts and leaves nothing. The writer role (pgschema.py
``grant_server``) may read and insert these rows, and delete creations (those older than an hour).
"""

from __future__ import annotations

from typing import Any, Callable

from turnlog.events.pgpool import Pool, reason
from turnlog.events.pgschema import StoreError, ensure_registry, psycopg_module

from . import auth
from .registry import Made, Quota

_LOCK = "SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))"
_HOUR = "clock_timestamp() - interval '1 hour'"


class PgRegistry:
    """The registry in the database of ``pool`` (events/pgpool.py): each call leases a connection
    of the server's pool, or uses the one its thread leases already."""

    def __init__(self, pool: Pool):
        self.pool = pool
        self._ready = False  # the registry's tables made or found, once per server

    def do(self, fn: Callable[[Any], Any], *, again: bool = True):
        """``fn(connection)`` on a leased connection; ``again``: once more on one found lost."""
        psycopg = psycopg_module()
        with self.pool.lease() as conn:
            for attempt in (1, 2):
                try:
                    if not self._ready:
                        ensure_registry(conn)
                        self._ready = True
                    return fn(conn)
                except psycopg.OperationalError as exc:
                    if attempt == 2 or not (again and (conn.closed or conn.broken)):
                        raise self._failed(exc) from None
                    conn = self.pool.renew()
                except psycopg.Error as exc:  # a privilege or a table missing: the database's word
                    raise self._failed(exc) from None

    def _failed(self, exc: Exception) -> StoreError:
        # the database's reason, never its URL or socket: a server names one database only
        return StoreError(f"the registry failed ({reason(exc)})")

    def check(self) -> None:
        """Make the registry's tables if missing: a server whose database refuses says so before
        it listens."""
        self.do(lambda conn: None)

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

        return self.do(fetch)

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

        # never twice: a creation whose connection was lost may have made its game. The game's
        # log, opened by make() in this thread, appends on this same leased connection: its first
        # command and the registry's rows commit together
        self.do(create, again=False)

    def listed(self) -> list[tuple[str, auth.Seats]]:
        rows = self.do(lambda conn: conn.execute(
            "SELECT game, name FROM turnlog.served WHERE listed ORDER BY game").fetchall())
        return [(gid, auth.Seats(tokens={}, listed=True, name=name)) for gid, name in rows]

    def count(self) -> int:
        return self.do(lambda c: c.execute("SELECT count(*) FROM turnlog.served").fetchone()[0])

    def close(self) -> None:
        """Nothing of its own: the pool is the server's (Games closes it)."""


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
