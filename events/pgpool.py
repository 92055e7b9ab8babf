"""A bounded pool of connections to one PostgreSQL database, leased by a thread for one unit of work.

A server (`turnlog serve --db`) opens one Pool; every request's work runs inside ``lease()``: the
thread takes one connection (waiting at most ``wait`` seconds, then ``PoolBusy``), and every store
or registry call the thread makes meanwhile runs on it; at the end of the block the connection goes
back. A lease taken again in the same thread reuses the connection it holds, so a creation's
registry transaction and the new game's first append are one transaction on one connection.

A PgEventLog opened in a thread that holds a lease of the pool of its database borrows the lease's
connection for each call (``ambient``) instead of opening its own; it keeps no connection between
requests, so games kept open cost no connection. A log opened outside any lease (the CLI) opens its
own connection, as it always did.

One command is still one transaction (the log opens and commits it inside the lease); a connection
comes back idle (psycopg_pool rolls back what a failure left open, and drops a broken one).
"""
from __future__ import annotations

import contextlib
import threading
from typing import Any, Iterator

from .logbase import LogError
from .pgschema import StoreError, psycopg_module

#: What pg_stat_activity names a server's connections (a URL that sets application_name wins).
APPLICATION = "turnlog serve"


class PoolBusy(LogError):
    """Every connection of the pool is in use and none came back within the wait: try again soon."""


class Pool:
    """At most ``size`` connections to ``conninfo`` (a libpq URL without game=), opened on demand.

    ``configure(conn)`` runs once on each new connection (autocommit, the server's settings).
    """

    def __init__(self, conninfo: str, size: int, *, wait: float = 2.0, path: str = "",
                 synchronous: str = "on"):
        from psycopg_pool import ConnectionPool

        if size < 1:
            raise ValueError(f"size: at least 1 (got {size})")
        self.conninfo, self.size, self.wait, self.path = conninfo, size, wait, path
        self._sync = synchronous
        kwargs: dict[str, Any] = {"autocommit": True, "connect_timeout": 10}
        if "application_name" not in conninfo:
            kwargs["application_name"] = APPLICATION
        self._kwargs = kwargs
        self._pool = ConnectionPool(conninfo, min_size=1, max_size=size, kwargs=kwargs,
                                    configure=self._configure, open=False, name="turnlog",
                                    # a connection a database restart cut is dropped, not leased
                                    check=ConnectionPool.check_connection,
                                    timeout=wait, reconnect_timeout=30)
        self._local = threading.local()
        self._several = threading.Lock()

    def _configure(self, conn) -> None:
        conn.execute(f"SET synchronous_commit = {self._sync}")

    def open(self, timeout: float = 10.0) -> None:
        """Open the pool and its first connection, or StoreError (the reason without the URL)."""
        psycopg = psycopg_module()
        try:  # once by hand first: the pool's own failure says only that it timed out
            psycopg.connect(self.conninfo, **self._kwargs).close()
            self._pool.open(wait=True, timeout=timeout)
        except psycopg.Error as exc:
            self._pool.close()
            raise StoreError(f"the database cannot be reached ({reason(exc)})") from None

    def close(self) -> None:
        self._pool.close()

    def connect(self):
        """One connection outside the pool, with its settings and name (a server's one listener)."""
        return psycopg_module().connect(self.conninfo, **self._kwargs)

    def _held(self) -> list:
        held = getattr(self._local, "held", None)
        if held is None:
            held = self._local.held = []
        return held

    @contextlib.contextmanager
    def lease(self, n: int = 1) -> Iterator[Any]:
        """Hold ``n`` connections (the thread's own first, if it holds some) until the block ends."""
        held = self._held()
        start = len(held)  # a lease inside another gives back only what it took
        try:
            # two leases that each hold one and wait for a second would wait on each other: those
            # that take more than one take them one lease at a time
            several = n - start > 1
            if several and not self._several.acquire(timeout=self.wait):
                raise PoolBusy(f"all {self.size} database connections are in use")
            try:
                while len(held) < n:
                    held.append(self._get())
            finally:
                if several:
                    self._several.release()
            yield held[0]
        finally:
            for conn in held[start:]:  # as held now: renew() may have swapped one
                self._pool.putconn(conn)
            del held[start:]

    def _get(self):
        from psycopg_pool import PoolTimeout

        try:
            return self._pool.getconn(timeout=self.wait)
        except PoolTimeout:
            raise PoolBusy(f"all {self.size} database connections are in use") from None

    def leased(self) -> bool:
        """Whether this thread holds a connection of the pool now."""
        return bool(self._held())

    def current(self):
        """The connection this thread leases; a LogError outside a lease (a bug, said by name)."""
        held = self._held()
        if not held:
            raise LogError(f"{self.path}: a pooled game was used outside a lease of the pool")
        return held[0]

    def spare(self):
        """The thread's second leased connection (a verify's schema comparison), or None."""
        held = self._held()
        return held[1] if len(held) > 1 else None

    def renew(self):
        """Swap the thread's first connection, found lost, for another of the pool; return it."""
        held = self._held()
        if not held:
            raise LogError(f"{self.path}: a pooled game was used outside a lease of the pool")
        lost = held[0]
        held[0] = self._get()
        self._pool.putconn(lost)  # the pool drops a closed or broken connection
        return held[0]

    def stats(self) -> dict[str, int]:
        return dict(self._pool.get_stats())


_POOLS: list[Pool] = []
_POOLS_LOCK = threading.Lock()


def register(pool: Pool) -> None:
    """Let logs opened in a thread that leases ``pool`` borrow its connection (``ambient``)."""
    with _POOLS_LOCK:
        _POOLS.append(pool)


def unregister(pool: Pool) -> None:
    with _POOLS_LOCK:
        if pool in _POOLS:
            _POOLS.remove(pool)


def ambient(conninfo: str) -> Pool | None:
    """The pool of ``conninfo`` this thread holds a lease of, or None (the log opens its own)."""
    with _POOLS_LOCK:
        pools = list(_POOLS)
    for pool in pools:
        if pool.conninfo == conninfo and pool.leased():
            return pool
    return None


def reason(exc: BaseException) -> str:
    """The database's reason for a failure, without the socket path or address libpq puts first."""
    first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
    return first.rpartition(" failed: ")[2].replace("FATAL:  ", "FATAL: ") or type(exc).__name__
