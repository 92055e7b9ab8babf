"""The append-only event log: one SQLite file per game.

Invariants kept here:
- ``seq`` is gapless from 1; appends name the last seq they saw, so a second
  writer gets ConcurrencyError instead of a fork (checked inside BEGIN
  IMMEDIATE, so the check and the insert are one write transaction).
- all events of one command land in one transaction or not at all;
- triggers refuse UPDATE and DELETE, and an INSERT that is not the next seq;
- each row's hash is SHA-256 over the previous hash and the stored fields
  (events/chain.py). A file keeps the format it was created in.

Format 3 (new files) keeps each command's columns on its first event row,
so a durable append writes one B-tree, not two; ``commands`` is a view.
Formats 1 and 2 had a commands table; they are read, verified and appended
to under their own rules (docs/design.md, "Log format 3"). Format 4 is format 3
plus each command's signature on its first row, hashed with it: a signed game's
log (docs/design.md, "Log format 4"; docs/signatures.md).
"""
from __future__ import annotations

import os
import sqlite3
import time
import urllib.parse
import zlib
from collections import Counter
from itertools import takewhile
from pathlib import Path
from typing import Callable, Iterable, Sequence

from .chain import GENESIS, command_digest, command_text, digest_at, row_hash, row_hash3
from .logbase import (FOLLOW_POLL, FORMAT, FORMATS, SIGNED, SYNC_LEVELS, TAIL_ROWS,
                      ConcurrencyError, Item, LogError, Row, batch_item, check_batch, iter_rows3,
                      merged, now, stored_rows3)
from .logread import LogReads

# The log's one import for its callers: what moved to logbase/logread is re-exported here.
__all__ = ["GENESIS", "FORMAT", "FORMATS", "SIGNED", "SYNC_LEVELS", "TAIL_ROWS", "FOLLOW_POLL",
           "EventLog", "LogReads", "LogError", "ConcurrencyError", "row_hash", "row_hash3",
           "command_digest", "command_text", "digest_at",
           "now", "check_batch", "iter_rows3", "stored_rows3", "merged"]

_EVENT_TRIGGERS = """
CREATE TRIGGER IF NOT EXISTS events_append_only_update BEFORE UPDATE ON events
BEGIN SELECT RAISE(ABORT, 'turnlog: events are append-only (UPDATE refused)'); END;
CREATE TRIGGER IF NOT EXISTS events_append_only_delete BEFORE DELETE ON events
BEGIN SELECT RAISE(ABORT, 'turnlog: events are append-only (DELETE refused)'); END;
CREATE TRIGGER IF NOT EXISTS events_append_only_insert BEFORE INSERT ON events
WHEN NEW.seq IS NOT (SELECT coalesce(max(seq), 0) + 1 FROM events)
BEGIN SELECT RAISE(ABORT, 'turnlog: events are append-only (seq must be the next one: no REPLACE, no gap)'); END;
CREATE INDEX IF NOT EXISTS events_undo ON events(seq) WHERE type = 'CommandUndone';
"""
_COMMAND_TRIGGERS = """
CREATE TRIGGER IF NOT EXISTS commands_append_only_update BEFORE UPDATE ON commands
BEGIN SELECT RAISE(ABORT, 'turnlog: commands are append-only (UPDATE refused)'); END;
CREATE TRIGGER IF NOT EXISTS commands_append_only_delete BEFORE DELETE ON commands
BEGIN SELECT RAISE(ABORT, 'turnlog: commands are append-only (DELETE refused)'); END;
CREATE TRIGGER IF NOT EXISTS commands_append_only_insert BEFORE INSERT ON commands
WHEN EXISTS (SELECT 1 FROM commands WHERE id = NEW.id)
BEGIN SELECT RAISE(ABORT, 'turnlog: commands are append-only (REPLACE refused)'); END;
"""
# REPLACE deletes the old row without firing DELETE triggers (recursive_triggers is off), so the
# INSERT triggers are what keep INSERT OR REPLACE from rewriting history.
_TRIGGER_NAMES: dict[int, tuple[str, ...]] = {
    3: ("events_append_only_update", "events_append_only_delete", "events_append_only_insert")}
_TRIGGER_NAMES[4] = _TRIGGER_NAMES[3]
_TRIGGER_NAMES[1] = _TRIGGER_NAMES[2] = _TRIGGER_NAMES[3] + (
    "commands_append_only_update", "commands_append_only_delete", "commands_append_only_insert")

_HEAD = ("SELECT coalesce(max(seq), 0), (SELECT hash FROM events ORDER BY seq DESC LIMIT 1), "
         "(SELECT coalesce(max(id), 0) FROM commands) FROM events")
# Format 3: every command has a first row, so the last row names the last command too.
_HEAD3 = "SELECT seq, hash, command_id FROM events ORDER BY seq DESC LIMIT 1"


class EventLog(LogReads):
    """Open (or create, in ``log_format``) one game's log file.

    ``readonly`` opens it as SQLite's read-only mode does: nothing in the file changes (verify, the
    readers); missing triggers or a missing snapshots table are reported, not repaired.
    """

    def __init__(self, path: str | Path, *, create: bool = False, synchronous: str = "FULL",
                 log_format: int = FORMAT, readonly: bool = False):
        self.path = Path(path)
        self.missing_triggers: tuple[str, ...] = ()
        self.has_snapshots = True
        # command id -> (first, last) seq: never changes once stored
        self._spans: dict[int, tuple[int, int]] = {}
        if synchronous.upper() not in SYNC_LEVELS:
            raise ValueError(f"synchronous: expected one of {SYNC_LEVELS}, got {synchronous!r}")
        if log_format not in FORMATS:
            raise ValueError(f"log_format: expected one of {FORMATS}, got {log_format!r}")
        if not create and not self.path.exists():
            raise LogError(f"{self.path}: no such game file")
        if create and self.path.exists() and self.path.stat().st_size > 0:
            raise LogError(f"{self.path}: already exists; refusing to overwrite a game")
        if self.path.is_dir():
            raise LogError(f"{self.path}: a directory, not a turnlog game")
        if not create and self.path.stat().st_size == 0:
            raise LogError(f"{self.path}: empty file, not a turnlog game")
        # Why this handle may not write, or "": asked for (verify, readers), or this user cannot.
        self.readonly = "" if create else ("opened read-only" if readonly else _unwritable(self.path))
        if create and not os.access(self.path.parent or ".", os.W_OK):
            raise LogError(f"{self.path}: cannot create a game here: the directory is read-only")
        _no_linked_journal(self.path)
        try:
            self.conn = _connect(self.path, self.readonly)
        except sqlite3.Error as exc:  # the read-only probe may read a file that is no SQLite
            raise LogError(f"{self.path}: {_why(exc, 'cannot open')}") from None
        self._key: str | None = _key(self.path)
        OPEN[self._key] += 1
        try:
            self.conn.execute("PRAGMA busy_timeout = 10000")
            if not create:
                self._check()  # before WAL: never switch someone else's SQLite file to WAL mode
            if not self.readonly:
                self.conn.execute("PRAGMA journal_mode = WAL")
                self.conn.execute(f"PRAGMA synchronous = {synchronous.upper()}")
            if create:
                self._create(log_format)
        except sqlite3.DatabaseError as exc:
            self.close()
            failing = "cannot be created" if create else "cannot open"
            raise LogError(f"{self.path}: {_why(exc, failing)}") from None

    @property
    def db(self):
        """The file as a sqlite-utils Database (its tables stay readable with sqlite-utils and Datasette).

        Imported on first use: only creating a file needs it, and its import was a third of every
        command's start-up.
        """
        import sqlite_utils
        return sqlite_utils.Database(self.conn)

    def _create(self, fmt: int) -> None:
        # Plain SQL, written out as sqlite-utils writes it (tests/store/test_log_schema_as_sqlite_utils_writes_it.py
        # holds the two equal): the tables stay readable with sqlite-utils and Datasette, and creating a
        # game imports nothing more.
        with self.conn:
            self.conn.execute(_table("meta", (("key", "TEXT PRIMARY KEY"), ("value", "TEXT"))))
            if fmt >= 3:
                columns = _EVENTS3 + ((("signature", "TEXT"),) if fmt >= SIGNED else ())
                self.conn.execute(_table("events", columns))
                self.conn.execute(_COMMANDS_VIEW)
            else:
                self.conn.execute(_table("commands", _COMMANDS2))
                self.conn.execute(_table("events", _EVENTS2))
            self.conn.execute(_table("snapshots", (("seq", "INTEGER PRIMARY KEY"), ("undone", "TEXT"),
                                                   ("data", "BLOB"))))
            self.conn.execute("INSERT INTO meta (key, value) VALUES ('format', ?)", (str(fmt),))
        self.format = fmt
        self._triggers()

    def _triggers(self) -> None:
        self.conn.executescript(_EVENT_TRIGGERS + (_COMMAND_TRIGGERS if self.format < 3 else ""))

    def _check(self) -> None:
        names = {r[0] for r in self.conn.execute("SELECT name FROM sqlite_master WHERE type IN "
                                                 "('table', 'view')")}
        missing = {"events", "commands", "meta"} - names
        if missing:
            raise LogError(f"{self.path}: not a turnlog game (missing tables: "
                           f"{', '.join(sorted(missing))})")
        row = self.conn.execute("SELECT value FROM meta WHERE key='format'").fetchone()
        if row is None or not str(row[0]).isdigit() or int(row[0]) > FORMATS[-1]:
            raise LogError(f"{self.path}: log format {row and row[0]} is newer than this turnlog "
                           f"reads ({FORMATS[-1]})")
        self.format = int(row[0])
        have = {r[0] for r in self.conn.execute("SELECT name FROM sqlite_master WHERE "
                                                "type='trigger'")}
        self.missing_triggers = tuple(t for t in _TRIGGER_NAMES[self.format] if t not in have)
        if self.readonly:  # a reader changes nothing: it reports what is missing
            self.has_snapshots = "snapshots" in names
            return
        if "snapshots" not in names:
            self.conn.execute("CREATE TABLE snapshots (seq INTEGER PRIMARY KEY, undone TEXT, data "
                              "BLOB)")
        if self.missing_triggers:
            self._triggers()  # files written before a trigger was added get it now

    def schema_problems(self) -> list[str]:
        """The file's tables, triggers, indexes, views not the store's own (events/logschema.py)."""
        from .logschema import problems
        return problems(self.conn, self.format, _build_schema)

    def close(self) -> None:
        self.conn.close()
        key = getattr(self, "_key", None)
        if key is not None:
            OPEN[key] -= 1
            self._key = None

    def data_version(self) -> int:
        """This connection's ``PRAGMA data_version``: it changes when another connection commits.

        One value means nothing alone; compare two read on the same connection (``wait`` does, and a
        server polling many games at once from one thread)."""
        return self.conn.execute("PRAGMA data_version").fetchone()[0]

    def wait(self, after: int, timeout: float | None = None, poll: float = FOLLOW_POLL) -> bool:
        """Block until a row after seq ``after`` is committed (True) or ``timeout`` seconds pass (False).

        SQLite tells no one of a commit: this polls the file's data_version (changed by another
        connection's commit) every ``poll`` seconds, and reads the head only when it moved.
        """
        deadline = None if timeout is None else time.monotonic() + timeout
        seen = None
        while True:
            version = self.data_version()
            if version != seen:
                seen = version
                if self.last()[0] > after:
                    return True
            if deadline is not None and time.monotonic() >= deadline:
                return False
            time.sleep(poll if deadline is None else max(0.0,
                                                         min(poll, deadline - time.monotonic())))

    def __enter__(self) -> "EventLog":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- writing -----------------------------------------------------------

    def append(self, rows: Sequence[Row], *, expected_seq: int,
               actor: str = "", command_type: str = "", payload: str = "{}",
               sign: Callable[[str], str] | None = None) -> tuple[int, list[int]]:
        """Append one command's events; return (command id, their seqs).

        ``rows`` are (type, version, json data, automatic). Raises ConcurrencyError when the log's
        last seq is not ``expected_seq``. ``sign`` (format 4) is given the hash of the row before
        the command, read inside the write transaction, and returns the signature to store with it
        (engine/signatures.py).
        """
        item = batch_item(actor, command_type, payload, rows, sign)
        last = self.append_batch([item], expected_seq=expected_seq)
        return self._last_cid, list(range(last - len(rows) + 1, last + 1))

    def append_batch(self, batch: Sequence[Item], *, expected_seq: int) -> int:
        """Append commands (actor, type, payload, rows[, sign]) in one BEGIN IMMEDIATE transaction; return the last seq.

        ``sign`` as append()'s; only a format-4 log stores a signature.
        """
        check_batch(self.format, batch)
        if self.readonly:
            raise LogError(f"{self.path}: cannot write this game: {self.readonly}; nothing was "
                           "written (reading commands such as log, show and verify still work)")
        conn = self.conn
        ts = now()
        conn.execute("BEGIN IMMEDIATE")
        try:
            # One statement for the last event and the last command id: appends are per command.
            head = conn.execute(_HEAD3 if self.format >= 3 else _HEAD).fetchone() or (0, GENESIS, 0)
            seq, prev, cid = head[0], head[1] or GENESIS, head[2]
            if seq != expected_seq:
                raise ConcurrencyError(
                    f"{self.path}: another writer appended (log is at seq {seq}, this writer "
                    f"expected {expected_seq}); reload and retry")
            if self.format >= 3:
                seq, cid = self._insert3(batch, seq, prev, cid, ts)
            else:
                seq, cid = self._insert_legacy(batch, seq, prev, cid, ts)
            conn.execute("COMMIT")
        except BaseException:
            self._abort()
            raise
        self._last_cid = cid
        return seq

    def _insert3(self, batch, seq: int, prev: str, cid: int, ts: str) -> tuple[int, int]:
        end: list = []
        self.conn.executemany(_insert(self.format),
                              iter_rows3(batch, seq, prev, cid, ts, self.format >= SIGNED, end))
        return end[0], end[1]

    def _insert_legacy(self, batch, seq: int, prev: str, cid: int, ts: str) -> tuple[int, int]:
        chained = self.format >= 2  # an older file keeps its own chaining rules
        cmds: list[tuple] = []
        out: list[tuple] = []
        add, chain = out.append, row_hash
        for actor, ctype, payload, rows in batch:
            cid += 1
            first = seq + 1
            cmds.append((cid, actor, ctype, payload, ts, first, seq + len(rows)))
            digest = command_digest(actor, ctype, payload, first, seq + len(rows)) if chained else ""
            for type_, version, data, auto in rows:
                seq += 1
                a = 1 if auto else 0
                h = chain(prev, seq, cid, type_, version, a, ts, data, digest)
                add((seq, cid, type_, version, data, a, prev, h, ts))
                prev, digest = h, ""
        self.conn.executemany("INSERT INTO commands VALUES (?,?,?,?,?,?,?)", cmds)
        self.conn.executemany("INSERT INTO events VALUES (?,?,?,?,?,?,?,?,?)", out)
        return seq, cid

    def _abort(self) -> None:
        """Leave no transaction open after a failed write, even when ROLLBACK itself fails."""
        conn = self.conn
        try:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
        except BaseException:
            try:
                conn.rollback()
            except BaseException:
                pass

    def copy_from(self, other: "EventLog", upto: int) -> None:
        """Copy rows 1..upto and their commands verbatim (hashes included) into this new log: a fork."""
        self.import_rows(other.format, [c for c in other.commands() if c[6] <= upto],
                         # rows come in seq order
                         takewhile(lambda r: r[0] <= upto, other.full_rows()))

    def import_rows(self, fmt: int, commands: Iterable[Sequence],
                    events: Iterable[Sequence]) -> None:
        """Insert stored rows verbatim into this new, empty log of the same format, in one transaction.

        ``commands`` are (id, actor, type, payload, ts, first_seq, last_seq) in every format; ``events``
        are full_rows() of format ``fmt`` (fork, import). Format 3 puts each command on its first row
        (format 4: with the signature its full row carries).
        """
        if fmt not in FORMATS:
            raise LogError(f"log format {fmt} is not one this turnlog reads ({FORMATS})")
        if fmt != self.format:
            raise LogError(f"{self.path}: rows of log format {fmt} go into a log created in that "
                           f"format (this one is format {self.format})")
        conn = self.conn
        conn.execute("BEGIN IMMEDIATE")
        try:
            if fmt >= 3:
                conn.executemany(_insert(fmt), merged(commands, events))
            else:
                conn.executemany("INSERT INTO commands VALUES (?,?,?,?,?,?,?)", commands)
                conn.executemany("INSERT INTO events VALUES (?,?,?,?,?,?,?,?,?)", events)
            conn.execute("COMMIT")
        except BaseException:
            self._abort()
            raise

    # -- snapshots (a cache) ----------------------------------------------

    def copy_snapshots(self, other: "EventLog", upto: int) -> None:
        """Copy ``other``'s snapshots at or before ``upto`` as stored (a fork of rows copied verbatim)."""
        if other.has_snapshots and self.has_snapshots:
            if isinstance(other, EventLog):
                rows = other.conn.execute("SELECT seq, undone, data FROM snapshots WHERE seq <= ?", (upto,)).fetchall()
            # another store (events/pglog.py): its snapshots, compressed as this file keeps them
            else:
                rows = [(s, u, zlib.compress(other.snapshot_data(s), 1)) for s, u in list(other.snapshot_headers(upto))]
            self.conn.execute("BEGIN IMMEDIATE")
            try:
                self.conn.executemany("INSERT OR REPLACE INTO snapshots (seq, undone, data) VALUES "
                                      "(?,?,?)", rows)
                self.conn.execute("COMMIT")
            except BaseException:
                self._abort()
                raise

    def save_snapshot(self, seq: int, undone: str, data: bytes) -> None:
        """Cache an encoded state at ``seq``, compressed: a long game keeps thousands, and time travel
        reads one at random, often from disk (74 KB of JSON is 11 KB, 0.07 ms to inflate)."""
        if self.readonly:
            return  # a cache: a read-only file simply has none added
        self.conn.execute("INSERT OR REPLACE INTO snapshots (seq, undone, data) VALUES (?,?,?)",
                          (seq, undone, zlib.compress(data, 1)))


def _unwritable(path: Path) -> str:
    """Why this user cannot write the game (file, directory, or a -wal/-shm left by someone else), or ""."""
    parent = path.parent
    if not os.access(path, os.W_OK):
        return "the file is read-only"
    for suffix in ("-wal", "-shm"):
        side = Path(f"{path}{suffix}")
        if side.exists() and not os.access(side, os.W_OK):
            return f"{side.name} (left by another user or process) is read-only"
    if not os.access(parent, os.W_OK):
        return "its directory is read-only"
    return ""


#: SQLite's result codes that say the file's content is no database (the rest are the disk's or the
#: system's).
_NOT_A_DATABASE = (11, 26)  # SQLITE_CORRUPT, SQLITE_NOTADB


def _why(exc: sqlite3.Error, failing: str) -> str:
    """Why SQLite could not open a game: not a game, or the disk (full, failing), by result code."""
    code = getattr(exc, "sqlite_errorcode", None)
    code = None if code is None else code & 0xFF
    if code in _NOT_A_DATABASE or (code is None and not isinstance(exc, sqlite3.OperationalError)):
        return f"not a turnlog game ({exc})"
    if code == 13:  # SQLITE_FULL
        return (f"{failing}: the disk is full ({exc}); nothing was changed: free some space and "
                "run it again")
    # SQLITE_IOERR: opening, a -shm or -wal that cannot be made (a full disk, mostly)
    if code == 10:
        return f"{failing}: a disk I/O error ({exc}): is the disk full or failing? Nothing changed"
    return f"{failing} ({exc})"


def _no_linked_journal(path: Path) -> None:
    """Refuse a game whose -wal or -shm is a symbolic link: SQLite would go through it."""
    for suffix in ("-wal", "-shm", "-journal"):
        side = Path(f"{path}{suffix}")
        if side.is_symlink():
            raise LogError(f"{side}: a symbolic link (to {os.readlink(side)}) beside the game, "
                           "where SQLite keeps its journal; turnlog will not read or write "
                           "through it: remove it (nothing was changed)")


#: The columns of a log's tables, each with its type and constraints, in order (events/log.py _create).
_EVENTS3 = (("seq", "INTEGER PRIMARY KEY"), ("command_id", "INTEGER NOT NULL"), ("type", "TEXT NOT NULL"),
            ("version", "INTEGER NOT NULL"), ("data", "TEXT NOT NULL"), ("automatic", "INTEGER NOT NULL"),
            ("hash", "TEXT NOT NULL"), ("actor", "TEXT"), ("command_type", "TEXT"), ("payload", "TEXT"),
            ("ts", "TEXT"), ("last_seq", "INTEGER"))
_COMMANDS2 = (("id", "INTEGER PRIMARY KEY"), ("actor", "TEXT"), ("type", "TEXT NOT NULL"),
              ("payload", "TEXT NOT NULL"), ("ts", "TEXT NOT NULL"), ("first_seq", "INTEGER"),
              ("last_seq", "INTEGER"))
_EVENTS2 = (("seq", "INTEGER PRIMARY KEY"), ("command_id", "INTEGER NOT NULL"), ("type", "TEXT NOT NULL"),
            ("version", "INTEGER NOT NULL"), ("data", "TEXT NOT NULL"), ("automatic", "INTEGER"),
            ("prev_hash", "TEXT NOT NULL"), ("hash", "TEXT NOT NULL"), ("ts", "TEXT NOT NULL"))
_COMMANDS_VIEW = ('CREATE VIEW "commands" AS SELECT command_id AS id, actor, command_type AS type, payload, '
                  "ts, seq AS first_seq, last_seq FROM events WHERE command_type IS NOT NULL")


def _table(name: str, columns: tuple[tuple[str, str], ...]) -> str:
    """CREATE TABLE laid out as sqlite-utils lays it out (the file's schema text is the same)."""
    body = ",\n".join(f'   "{col}" {kind}' for col, kind in columns)
    return f'CREATE TABLE "{name}" (\n{body}\n)'


def _build_schema(conn: sqlite3.Connection, fmt: int) -> None:
    """Create a new file's schema of log format ``fmt`` on ``conn`` (what verify compares with)."""
    ref = EventLog.__new__(EventLog)
    ref.conn = conn
    ref._create(fmt)


#: Connections this process holds open, by file: SQLite's locks are the process's, so a forked child
#: must not open a file its parent holds open (engine/verify/ranges.py forks only when none is).
OPEN: Counter[str] = Counter()


def _key(path: Path) -> str:
    """The file a path names, as OPEN counts it."""
    return os.path.realpath(path)


def is_open(path: str | Path) -> bool:
    """Whether this process holds a connection to the file at ``path``."""
    return OPEN[_key(Path(path))] > 0


def _connect(path: Path, readonly: str) -> sqlite3.Connection:
    """A connection to the game; read-only when this user cannot write it.

    A read-only WAL file still needs its -shm; where none exists and none can be made (a read-only
    directory), no writer can exist either, so the file is read as immutable.
    """
    if not readonly:
        return sqlite3.connect(path, isolation_level=None, timeout=10.0, check_same_thread=False)
    uri = "file:" + urllib.parse.quote(str(path.resolve())) + "?mode=ro"
    conn = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=10.0,
                           check_same_thread=False)
    try:
        conn.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchall()
        return conn
    except sqlite3.OperationalError:
        conn.close()  # its file stays open otherwise
        if Path(f"{path}-wal").exists():
            raise
    return sqlite3.connect(uri + "&immutable=1", uri=True, isolation_level=None, timeout=10.0,
                           check_same_thread=False)


def _insert(fmt: int) -> str:
    """The INSERT of one format-3 or format-4 event row (format 4 has the signature column too)."""
    return "INSERT INTO events VALUES (?,?,?,?,?,?,?,?,?,?,?,?" + (",?)" if fmt >= SIGNED else ")")
