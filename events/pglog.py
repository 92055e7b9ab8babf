"""The append-only event log in PostgreSQL: many games in one database, each its own stream.

The same contract as events/log.py (docs/design.md, "Storage contract") and the same stored rows:
the columns of a format-3/4 row, keyed (game, seq), chained by the same code (log.stored_rows3), so
a game copied between the stores keeps every hash. Only formats 3 and 4 are stored here.

- A writer takes the game's advisory lock, reads the head and compares it with its expected seq inside
  one transaction: a concurrent writer waits, then gets ConcurrencyError; a writer that skips the lock
  still collides on the (game, seq) key. All rows of a batch commit together or not at all.
- Triggers refuse UPDATE, DELETE, TRUNCATE and an INSERT that is not the game's next seq; the writer
  role the operator grants (grant_writer) has no UPDATE or DELETE on the log at all.
- A command is acknowledged only after COMMIT returned. A connection lost meanwhile is reopened and the
  head read back: the command is reported written only if its last hash is there (never twice).
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Iterator, Sequence

from .chain import GENESIS, verify3
from .logbase import (FORMAT, FORMATS, SIGNED, SYNC_LEVELS, ConcurrencyError, Item, LogError, Row,
                      batch_item, check_batch, merged, now, stored_rows3)
from .pglisten import channel
from .pgread import PAGE, PgReads
from .pgpool import Pool, ambient
from .pgschema import TRIGGERS, StoreError, ensure_schema, psycopg_module
from .url import redacted, split_url


_SYNC = {"OFF": "off", "NORMAL": "local", "FULL": "on", "EXTRA": "on"}
_LOCK = "SELECT pg_advisory_xact_lock(hashtextextended('turnlog:' || %s, 0))"


class PgEventLog(PgReads):
    """Open (or create, in ``log_format``) one game's stream in a PostgreSQL database named by URL.

    ``create`` checks that no game of that id exists; the game's row is written with its first
    command, in the same transaction, so a creation that fails leaves no game behind.
    """

    has_snapshots = True

    def __init__(self, url: str, *, create: bool = False, synchronous: str = "FULL",
                 log_format: int = FORMAT, readonly: bool = False, pool: Pool | None = None):
        if synchronous.upper() not in SYNC_LEVELS:
            raise ValueError(f"synchronous: expected one of {SYNC_LEVELS}, got {synchronous!r}")
        if log_format not in FORMATS:
            raise ValueError(f"log_format: expected one of {FORMATS}, got {log_format!r}")
        self.url, self.path = url, redacted(url)
        self._conninfo, self.game = split_url(url)
        self._sync = _SYNC[synchronous.upper()]
        self.readonly = "opened read-only" if readonly and not create else ""
        self._spans: dict[int, tuple[int, int]] = {}
        # psycopg is imported only when a PostgreSQL game is opened: the connections are typed Any
        # here
        self._own: Any = None
        self._listener: Any = None
        # pooled: each call borrows the connection the calling thread leases (events/pgpool.py)
        self._pool = pool or ambient(self._conninfo)
        # followers LISTEN here
        self.channel = channel(self.game)
        self._connect()
        row = self._one("SELECT format FROM turnlog.games WHERE game = %s", (self.game,))
        if create:
            if row is not None:
                self.close()
                raise LogError(f"{self.path}: game {self.game!r} already exists; refusing to "
                               "overwrite a game")
            if log_format < 3:
                self.close()
                raise LogError(f"{self.path}: PostgreSQL stores log formats 3 and 4 (not "
                               f"{log_format})")
            self.format, self._new = log_format, True
        else:
            if row is None:
                self.close()
                raise LogError(f"{self.path}: no game {self.game!r} in this database")
            self.format, self._new = row[0], False
        have = {r[0] for r in self._run(
            "SELECT tgname FROM pg_trigger WHERE tgrelid IN ('turnlog.events'::regclass, "
            "'turnlog.games'::regclass)")}
        self.missing_triggers = tuple(t for t in TRIGGERS if t not in have)

    @property
    def conn(self) -> Any:
        """The connection of this call: the log's own, or (pooled) the one its thread leases."""
        return self._own if self._pool is None else self._pool.current()

    @property
    def pooled(self) -> bool:
        return self._pool is not None

    def _connect(self) -> None:
        psycopg = psycopg_module()
        if self._pool is not None:
            self._connect_pooled(psycopg)
            return
        try:
            self._own = psycopg.connect(self._conninfo, autocommit=True, connect_timeout=10)
            self.conn.execute(f"SET synchronous_commit = {self._sync}")
            if self.readonly:
                self.conn.execute("SET default_transaction_read_only = on")
            if self.conn.execute("SELECT to_regclass('turnlog.events')").fetchone()[0] is None:
                if self.readonly:  # a reader creates nothing
                    self.conn.close()
                    raise LogError(f"{self.path}: no game {self.game!r} here (the database holds "
                                   "no turnlog games)")
                ensure_schema(self.conn)
        except psycopg.Error as exc:
            raise LogError(f"{self.path}: cannot open ({str(exc).strip()})") from None

    def _connect_pooled(self, psycopg) -> None:
        """Take a fresh connection of the pool in place of one found lost (the session's settings
        are the pool's; a reader is held to reading by ``readonly`` and its READ ONLY views)."""
        assert self._pool is not None
        try:
            conn = self._pool.current()
            if conn.broken or conn.closed:
                conn = self._pool.renew()
            if conn.execute("SELECT to_regclass('turnlog.events')").fetchone()[0] is None:
                if self.readonly:
                    raise LogError(f"{self.path}: no game {self.game!r} here (the database holds "
                                   "no turnlog games)")
                ensure_schema(conn)
        except psycopg.Error as exc:
            raise LogError(f"{self.path}: cannot open ({str(exc).strip()})") from None

    def _run(self, sql: str, params: Sequence = ()):
        """Execute one read; a connection lost since the last statement is reopened once (a server restart)."""
        psycopg = psycopg_module()
        try:
            return self.conn.execute(sql, params)
        except psycopg.OperationalError as exc:
            if not self.conn.closed and not self.conn.broken:
                raise StoreError(f"{self.path}: the database refused a read ({str(exc).strip()})") from None
        # a schema changed by hand, a privilege missing: the database's word, by name
        except psycopg.Error as exc:
            raise StoreError(f"{self.path}: the database refused a read ({str(exc).strip()})") from None
        try:
            self._connect()
            return self.conn.execute(sql, params)
        except (psycopg.Error, LogError) as exc:
            raise StoreError(f"{self.path}: the database cannot be reached ({exc})") from None

    def _one(self, sql: str, params: Sequence = ()):
        return self._run(sql, params).fetchone()

    def close(self) -> None:
        """Close the log's own connections (a pooled log's calls borrowed theirs: nothing to give)."""
        for conn in (self._own, self._listener):
            if conn is not None:
                conn.close()

    def wait(self, after: int, timeout: float | None = None) -> bool:
        """Block until a row after seq ``after`` is committed (True) or ``timeout`` seconds pass (False).

        LISTEN on the game's channel (a connection of its own), then look: a commit between the two
        is seen by the look, every later one is notified. No polling.
        """
        psycopg = psycopg_module()
        try:
            if self._listener is None or self._listener.closed:
                self._listener = psycopg.connect(self._conninfo, autocommit=True,
                                                 connect_timeout=10)
                self._listener.execute(f"LISTEN {self.channel}")
            if self.last()[0] > after:
                return True
            for note in self._listener.notifies(timeout=timeout):
                if int(note.payload) > after:
                    return True
            return self.last()[0] > after
        except psycopg.OperationalError as exc:  # a restart: the next wait listens afresh
            if self._listener is not None:
                self._listener.close()
            raise StoreError(f"{self.path}: lost the database while following ({str(exc).strip()})") from None

    def __enter__(self) -> "PgEventLog":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def schema_problems(self) -> list[str]:
        """Objects of schema turnlog that are not this store's own (events/pgcatalog.py)."""
        from .pgcatalog import problems
        psycopg = psycopg_module()
        spare = self._pool.spare() if self._pool is not None else None
        if spare is not None:  # a server's verify leased two connections: the second compares
            try:
                return problems(self.conn, spare)
            except psycopg.Error as exc:
                return [f"the schema cannot be compared here ({str(exc).strip()})"]
        try:
            with psycopg.connect(self._conninfo, autocommit=True, connect_timeout=10) as scratch:
                return problems(self.conn, scratch)
        except psycopg.Error as exc:  # no TEMP privilege: say so rather than pass unchecked
            return [f"the schema cannot be compared here ({str(exc).strip()})"]

    def integrity(self) -> str:
        """"ok": the server keeps its own pages checked (verify's integrity stage is SQLite's)."""
        return "ok"

    # -- writing -----------------------------------------------------------

    def last(self) -> tuple[int, str]:
        row = self._one("SELECT seq, hash FROM turnlog.events WHERE game = %s ORDER BY seq DESC "
                        "LIMIT 1",
                        (self.game,))
        return (row[0], row[1]) if row else (0, GENESIS)

    def append(self, rows: Sequence[Row], *, expected_seq: int,
               actor: str = "", command_type: str = "", payload: str = "{}",
               sign: Callable[[str], str] | None = None) -> tuple[int, list[int]]:
        """Append one command's events; return (command id, their seqs). As EventLog.append."""
        item = batch_item(actor, command_type, payload, rows, sign)
        last = self.append_batch([item], expected_seq=expected_seq)
        return self._last_cid, list(range(last - len(rows) + 1, last + 1))

    def append_batch(self, batch: Sequence[Item], *, expected_seq: int) -> int:
        """Append commands (actor, type, payload, rows[, sign]) in one transaction; return the last seq."""
        check_batch(self.format, batch)
        if self.readonly:
            raise LogError(f"{self.path}: cannot write this game: {self.readonly}; nothing was "
                           "written")
        psycopg = psycopg_module()
        if self.conn.closed or self.conn.broken:
            self._reconnect_for_write()
        ts, out = now(), None
        try:
            with self.conn.transaction():
                self.conn.execute(_LOCK, (self.game,))
                self._create_game()
                head = self.conn.execute(
                    "SELECT seq, hash, command_id FROM turnlog.events WHERE game = %s ORDER BY seq "
                    "DESC LIMIT 1",
                    (self.game,)).fetchone() or (0, GENESIS, 0)
                if head[0] != expected_seq:
                    raise ConcurrencyError(
                        f"{self.path}: another writer appended (log is at seq {head[0]}, this "
                        f"writer expected {expected_seq}); reload and retry")
                out, seq, cid = stored_rows3(batch, head[0], head[1], head[2], ts,
                                             self.format >= SIGNED)
                self._insert(out)
                # sent at COMMIT
                self.conn.execute("SELECT pg_notify(%s, %s)", (self.channel, str(seq)))
        except psycopg.errors.UniqueViolation:
            raise ConcurrencyError(f"{self.path}: another writer appended (this writer expected "
                                   f"seq {expected_seq}); reload and retry") from None
        except psycopg.OperationalError as exc:
            if out is None or not self._landed(out[-1]):
                raise StoreError(f"{self.path}: the database connection failed "
                                 f"({str(exc).strip()}); the command was not written") from None
            seq, cid = out[-1][0], out[-1][1]
        except psycopg.Error as exc:
            raise StoreError(f"{self.path}: the database refused the write ({str(exc).strip()}); "
                             "nothing was written") from None
        self._new = False
        self._last_cid = cid
        return seq

    def _create_game(self) -> None:
        if self._new:
            try:
                self.conn.execute("INSERT INTO turnlog.games (game, format, created) VALUES (%s, "
                                  "%s, %s)",
                                  (self.game, self.format, now()))
            except psycopg_module().errors.UniqueViolation:
                raise LogError(f"{self.path}: game {self.game!r} was created meanwhile; nothing "
                               "written") from None

    def _insert(self, out: list[tuple]) -> None:
        cols = ("seq, command_id, type, version, data, automatic, hash, actor, command_type, "
                "payload, ts, last_seq")
        cols += ", signature" if self.format >= SIGNED else ""
        marks = ", ".join(["%s"] * (cols.count(",") + 2))
        with self.conn.cursor() as cur:
            cur.executemany(f"INSERT INTO turnlog.events (game, {cols}) VALUES ({marks})",
                            [(self.game, *row) for row in out])

    def _reconnect_for_write(self) -> None:
        try:
            self._connect()
        except LogError as exc:
            raise StoreError(f"{exc}; nothing was written") from None

    def _landed(self, row: tuple) -> bool:
        """After a lost connection: reconnect and tell whether the last row of the batch was committed."""
        try:
            self._connect()
            got = self.conn.execute("SELECT hash FROM turnlog.events WHERE game = %s AND seq = %s",
                                    (self.game, row[0])).fetchone()
        except (LogError, psycopg_module().Error):
            raise StoreError(f"{self.path}: the connection failed during COMMIT and the database "
                             "cannot be reached: reopen the game to see whether the command was "
                             "written") from None
        return got is not None and got[0] == row[6]

    def copy_from(self, other, upto: int) -> None:
        """Copy rows 1..upto and their commands verbatim (hashes included) into this new log: a fork or copy."""
        from itertools import takewhile
        self.import_rows(other.format, [c for c in other.commands() if c[6] <= upto],
                         takewhile(lambda r: r[0] <= upto, other.full_rows()))

    def import_rows(self, fmt: int, commands: Iterable[Sequence],
                    events: Iterable[Sequence]) -> None:
        """Insert stored rows verbatim into this new, empty game of the same format, in one transaction."""
        if fmt not in FORMATS:
            raise LogError(f"log format {fmt} is not one this turnlog reads ({FORMATS})")
        if fmt != self.format:
            raise LogError(f"{self.path}: rows of log format {fmt} go into a log created in that "
                           f"format (this one is format {self.format})")
        psycopg = psycopg_module()
        try:
            with self.conn.transaction():
                self.conn.execute(_LOCK, (self.game,))
                self._create_game()
                rows = list(merged(commands, events))
                _ok, bad, why = verify3(_as_verified(rows) if self.format >= SIGNED else rows)
                # checked before a row is stored: a database cannot take rows back
                if bad is not None:
                    raise LogError(f"{self.path}: the rows' chain breaks at seq {bad} ({why}); "
                                   "nothing written")
                for i in range(0, len(rows), PAGE):
                    self._insert(rows[i:i + PAGE])
        except psycopg.Error as exc:
            raise StoreError(f"{self.path}: the rows were refused ({str(exc).strip()}); nothing "
                             "written") from None
        self._new = False


def _as_verified(rows: list[tuple]) -> Iterator[tuple]:
    """Format-4 stored rows as verify3 reads them: the signature joined before the payload (as logread._ROWS4 does)."""
    for r in rows:
        sig, payload = r[12], r[9]
        joined = f"{sig}\x1f{payload}" if sig is not None and payload is not None else (payload if sig is None else sig)
        yield (*r[:9], joined, r[10], r[11])
