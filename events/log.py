"""The append-only event log: one SQLite file per game.

Invariants kept here:
- ``seq`` is gapless from 1; appends name the last seq they saw, so a second
  writer gets ConcurrencyError instead of a fork (checked inside BEGIN
  IMMEDIATE, so the check and the insert are one write transaction).
- all events of one command land in one transaction or not at all;
- triggers refuse UPDATE and DELETE on ``events`` and ``commands``;
- each row's hash is SHA-256 over the previous hash and the exact stored text.
"""
from __future__ import annotations

import hashlib
import sqlite3
from datetime import datetime, timezone
from pathlib import Path
from typing import Iterable, Iterator, Sequence

import sqlite_utils

GENESIS = "0" * 64
FORMAT = 2  # 2: the commands table is chained through each command's first event
SYNC_LEVELS = ("OFF", "NORMAL", "FULL", "EXTRA")


class LogError(Exception):
    """The file is not a readable turnlog game."""


class ConcurrencyError(LogError):
    """Another writer appended since this one last read the log."""


def row_hash(prev: str, seq: int, command_id: int, type_: str, version: int,
             automatic: int, ts: str, data: str, command: str = "") -> str:
    """Chain one row: SHA-256 over the previous hash and the stored fields.

    ``command`` is the digest of the command row (who asked for what) and is
    given for the first event of each command only, so the commands table is
    inside the chain too (format 2; format-1 files chained events alone).
    The hashed text is prev, seq, command id, type, version, automatic, ts,
    [command,] data joined by \\x1f, hashed in one call (the append hot path).
    """
    tail = f"{command}\x1f{data}" if command else data
    return hashlib.sha256(
        f"{prev}\x1f{seq}\x1f{command_id}\x1f{type_}\x1f{version}\x1f{automatic}\x1f{ts}\x1f{tail}".encode()
    ).hexdigest()


def command_digest(actor: str, type_: str, payload: str, first: int, last: int) -> str:
    """SHA-256 of one commands row's content; chained through its first event's hash."""
    return hashlib.sha256(f"{actor}\x1f{type_}\x1f{first}\x1f{last}\x1f{payload}".encode()).hexdigest()


def digest_at(conn: sqlite3.Connection, seq: int, command_id: int) -> str:
    """The command digest that row ``seq`` chains: its command's, if it is that command's first event."""
    row = conn.execute("SELECT actor, type, payload, first_seq, last_seq FROM commands WHERE id = ?",
                       (command_id,)).fetchone()
    if row is None or row[3] != seq:
        return ""
    return command_digest(row[0], row[1], row[2], row[3], row[4])


_TRIGGERS = """
CREATE TRIGGER IF NOT EXISTS events_append_only_update BEFORE UPDATE ON events
BEGIN SELECT RAISE(ABORT, 'turnlog: events are append-only (UPDATE refused)'); END;
CREATE TRIGGER IF NOT EXISTS events_append_only_delete BEFORE DELETE ON events
BEGIN SELECT RAISE(ABORT, 'turnlog: events are append-only (DELETE refused)'); END;
CREATE TRIGGER IF NOT EXISTS commands_append_only_update BEFORE UPDATE ON commands
BEGIN SELECT RAISE(ABORT, 'turnlog: commands are append-only (UPDATE refused)'); END;
CREATE TRIGGER IF NOT EXISTS commands_append_only_delete BEFORE DELETE ON commands
BEGIN SELECT RAISE(ABORT, 'turnlog: commands are append-only (DELETE refused)'); END;
CREATE TRIGGER IF NOT EXISTS events_append_only_insert BEFORE INSERT ON events
WHEN NEW.seq IS NOT (SELECT coalesce(max(seq), 0) + 1 FROM events)
BEGIN SELECT RAISE(ABORT, 'turnlog: events are append-only (seq must be the next one: no REPLACE, no gap)'); END;
CREATE TRIGGER IF NOT EXISTS commands_append_only_insert BEFORE INSERT ON commands
WHEN EXISTS (SELECT 1 FROM commands WHERE id = NEW.id)
BEGIN SELECT RAISE(ABORT, 'turnlog: commands are append-only (REPLACE refused)'); END;
CREATE INDEX IF NOT EXISTS events_undo ON events(seq) WHERE type = 'CommandUndone';
"""
# REPLACE deletes the old row without firing DELETE triggers (recursive_triggers is off), so the
# INSERT triggers are what keep INSERT OR REPLACE from rewriting history.
_TRIGGER_NAMES = ("events_append_only_update", "events_append_only_delete", "events_append_only_insert",
                  "commands_append_only_update", "commands_append_only_delete", "commands_append_only_insert")


_HEAD = ("SELECT coalesce(max(seq), 0), (SELECT hash FROM events ORDER BY seq DESC LIMIT 1), "
         "(SELECT coalesce(max(id), 0) FROM commands) FROM events")


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="microseconds")


class EventLog:
    """Open (or create) one game's log file."""

    def __init__(self, path: str | Path, *, create: bool = False, synchronous: str = "FULL"):
        self.path = Path(path)
        if synchronous.upper() not in SYNC_LEVELS:
            raise ValueError(f"synchronous: expected one of {SYNC_LEVELS}, got {synchronous!r}")
        if not create and not self.path.exists():
            raise LogError(f"{self.path}: no such game file")
        if create and self.path.exists() and self.path.stat().st_size > 0:
            raise LogError(f"{self.path}: already exists; refusing to overwrite a game")
        if self.path.is_dir():
            raise LogError(f"{self.path}: a directory, not a turnlog game")
        if not create and self.path.stat().st_size == 0:
            raise LogError(f"{self.path}: empty file, not a turnlog game")
        try:
            self.conn = sqlite3.connect(self.path, isolation_level=None, timeout=10.0, check_same_thread=False)
        except sqlite3.Error as exc:
            raise LogError(f"{self.path}: cannot open ({exc})") from None
        try:
            self.conn.execute("PRAGMA busy_timeout = 10000")
            if not create:
                self._check()  # before WAL: never switch someone else's SQLite file to WAL mode
            self.conn.execute("PRAGMA journal_mode = WAL")
            self.conn.execute(f"PRAGMA synchronous = {synchronous.upper()}")
            if create:
                self._create()
        except sqlite3.DatabaseError as exc:
            self.conn.close()
            raise LogError(f"{self.path}: not a turnlog game ({exc})") from None
        self.db = sqlite_utils.Database(self.conn)

    def _create(self) -> None:
        db = sqlite_utils.Database(self.conn)
        with db.conn:
            db["meta"].create({"key": str, "value": str}, pk="key")
            db["commands"].create(
                {"id": int, "actor": str, "type": str, "payload": str, "ts": str,
                 "first_seq": int, "last_seq": int}, pk="id", not_null={"type", "payload", "ts"})
            db["events"].create(
                {"seq": int, "command_id": int, "type": str, "version": int, "data": str,
                 "automatic": int, "prev_hash": str, "hash": str, "ts": str},
                pk="seq", not_null={"command_id", "type", "version", "data", "prev_hash", "hash", "ts"})
            db["snapshots"].create({"seq": int, "undone": str, "data": bytes}, pk="seq")
            db["meta"].insert({"key": "format", "value": str(FORMAT)})
        self.format = FORMAT
        self.conn.executescript(_TRIGGERS)

    def _check(self) -> None:
        tables = {r[0] for r in self.conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        missing = {"events", "commands", "meta"} - tables
        if missing:
            raise LogError(f"{self.path}: not a turnlog game (missing tables: {', '.join(sorted(missing))})")
        row = self.conn.execute("SELECT value FROM meta WHERE key='format'").fetchone()
        if row is None or int(row[0]) > FORMAT:
            raise LogError(f"{self.path}: log format {row and row[0]} is newer than this turnlog reads ({FORMAT})")
        self.format = int(row[0])
        if "snapshots" not in tables:
            self.conn.execute("CREATE TABLE snapshots (seq INTEGER PRIMARY KEY, undone TEXT, data BLOB)")
        have = {r[0] for r in self.conn.execute("SELECT name FROM sqlite_master WHERE type='trigger'")}
        if not set(_TRIGGER_NAMES) <= have:
            self.conn.executescript(_TRIGGERS)  # files written before a trigger was added get it now

    def close(self) -> None:
        self.conn.close()

    # -- writing -----------------------------------------------------------

    def last(self) -> tuple[int, str]:
        row = self.conn.execute("SELECT seq, hash FROM events ORDER BY seq DESC LIMIT 1").fetchone()
        return (row[0], row[1]) if row else (0, GENESIS)

    def append(self, rows: Sequence[tuple[str, int, str, bool]], *, expected_seq: int,
               actor: str = "", command_type: str = "", payload: str = "{}") -> tuple[int, list[int]]:
        """Append one command's events; return (command id, their seqs).

        ``rows`` are (type, version, json data, automatic). Raises
        ConcurrencyError when the log's last seq is not ``expected_seq``.
        """
        last = self.append_batch([(actor, command_type, payload, rows)], expected_seq=expected_seq)
        return self._last_cid, list(range(last - len(rows) + 1, last + 1))

    def append_batch(self, batch: Sequence[tuple[str, str, str, Sequence[tuple[str, int, str, bool]]]], *,
                     expected_seq: int) -> int:
        """Append commands (actor, type, payload, rows) in one BEGIN IMMEDIATE transaction; return the last seq."""
        conn = self.conn
        ts = now()
        conn.execute("BEGIN IMMEDIATE")
        try:
            # One statement for the last event and the last command id: appends are per command.
            seq, prev, cid = conn.execute(_HEAD).fetchone()
            prev = prev or GENESIS
            if seq != expected_seq:
                raise ConcurrencyError(
                    f"{self.path}: another writer appended (log is at seq {seq}, this writer expected "
                    f"{expected_seq}); reload and retry")
            chained = self.format >= 2
            cmds, out = [], []
            add, chain = out.append, row_hash
            for actor, ctype, payload, rows in batch:
                cid += 1
                first = seq + 1
                cmds.append((cid, actor, ctype, payload, ts, first, seq + len(rows)))
                # An older file keeps its own chaining rules, so appending never breaks its chain.
                digest = command_digest(actor, ctype, payload, first, seq + len(rows)) if chained else ""
                for type_, version, data, auto in rows:
                    seq += 1
                    a = 1 if auto else 0
                    h = chain(prev, seq, cid, type_, version, a, ts, data, digest)
                    add((seq, cid, type_, version, data, a, prev, h, ts))
                    prev, digest = h, ""
            conn.executemany("INSERT INTO commands VALUES (?,?,?,?,?,?,?)", cmds)
            conn.executemany("INSERT INTO events VALUES (?,?,?,?,?,?,?,?,?)", out)
            conn.execute("COMMIT")
        except BaseException:
            self._abort()
            raise
        self._last_cid = cid
        return seq

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
        """Copy rows 1..upto and their commands verbatim (hashes included): a fork."""
        fmt = int(other.conn.execute("SELECT value FROM meta WHERE key='format'").fetchone()[0])
        self.import_rows(fmt, other.conn.execute(
            "SELECT id, actor, type, payload, ts, first_seq, last_seq FROM commands WHERE last_seq <= ? ORDER BY id",
            (upto,)), other.conn.execute(
            "SELECT seq, command_id, type, version, data, automatic, prev_hash, hash, ts FROM events "
            "WHERE seq <= ? ORDER BY seq", (upto,)))

    def import_rows(self, fmt: int, commands: Iterable[Sequence], events: Iterable[Sequence]) -> None:
        """Insert stored rows verbatim into this new, empty log, in one transaction (fork, import)."""
        if fmt > FORMAT:
            raise LogError(f"log format {fmt} is newer than this turnlog reads ({FORMAT})")
        conn = self.conn
        conn.execute("BEGIN IMMEDIATE")
        try:
            # The copy keeps the source's format: its rows were chained under that format's rules.
            conn.execute("UPDATE meta SET value = ? WHERE key = 'format'", (str(fmt),))
            conn.executemany("INSERT INTO commands VALUES (?,?,?,?,?,?,?)", commands)
            conn.executemany("INSERT INTO events VALUES (?,?,?,?,?,?,?,?,?)", events)
            conn.execute("COMMIT")
        except BaseException:
            self._abort()
            raise
        self.format = fmt

    # -- reading -----------------------------------------------------------

    def rows(self, start: int = 1, stop: int | None = None) -> Iterator[tuple]:
        """Yield (seq, command_id, type, version, data, automatic) in seq order."""
        if stop is None:
            return self.conn.execute(
                "SELECT seq, command_id, type, version, data, automatic FROM events WHERE seq >= ? ORDER BY seq",
                (start,))
        return self.conn.execute(
            "SELECT seq, command_id, type, version, data, automatic FROM events WHERE seq BETWEEN ? AND ? ORDER BY seq",
            (start, stop))

    def payloads(self, start: int, stop: int) -> Iterator[tuple[str, int, str]]:
        """Yield (type, version, data) of rows start..stop in seq order: all a replay needs."""
        return self.conn.execute(
            "SELECT type, version, data FROM events WHERE seq BETWEEN ? AND ? ORDER BY seq", (start, stop))

    def spans(self, commands: Iterable[int]) -> list[tuple[int, int]]:
        """(first_seq, last_seq) of the given command ids, in seq order."""
        ids = sorted(set(commands))
        out: list[tuple[int, int]] = []
        for i in range(0, len(ids), 500):  # stay under SQLite's bound-parameter limit
            chunk = ids[i:i + 500]
            out += self.conn.execute(
                f"SELECT first_seq, last_seq FROM commands WHERE id IN ({','.join('?' * len(chunk))})",
                chunk).fetchall()
        return sorted(out)

    def full_rows(self) -> Iterator[tuple]:
        return self.conn.execute(
            "SELECT seq, command_id, type, version, data, automatic, prev_hash, hash, ts FROM events ORDER BY seq")

    def undo_rows(self, upto: int | None = None) -> list[tuple[int, str]]:
        q = "SELECT seq, data FROM events WHERE type = 'CommandUndone'"
        if upto is None:
            return self.conn.execute(q + " ORDER BY seq").fetchall()
        return self.conn.execute(q + " AND seq <= ? ORDER BY seq", (upto,)).fetchall()

    def commands_newest_first(self) -> Iterator[tuple]:
        """Command rows from the latest back, read lazily (undo and redo look at the last few only)."""
        return self.conn.execute(
            "SELECT id, actor, type, payload, ts, first_seq, last_seq FROM commands ORDER BY id DESC")

    def snapshot_headers(self, seq: int) -> list[tuple[int, str]]:
        """(seq, undone) of every snapshot at or before ``seq``, newest first, without their data."""
        return self.conn.execute(
            "SELECT seq, undone FROM snapshots WHERE seq <= ? ORDER BY seq DESC", (seq,)).fetchall()

    def snapshot_data(self, seq: int) -> bytes:
        return self.conn.execute("SELECT data FROM snapshots WHERE seq = ?", (seq,)).fetchone()[0]

    def commands(self) -> list[tuple]:
        return self.conn.execute(
            "SELECT id, actor, type, payload, ts, first_seq, last_seq FROM commands ORDER BY id").fetchall()

    def command(self, cid: int) -> tuple | None:
        return self.conn.execute(
            "SELECT id, actor, type, payload, ts, first_seq, last_seq FROM commands WHERE id = ?", (cid,)).fetchone()

    def verify_chain(self) -> tuple[int, int | None, str]:
        """Check gaplessness, every hash and every command row; return (rows ok, first bad seq, why)."""
        fmt = int(self.conn.execute("SELECT value FROM meta WHERE key='format'").fetchone()[0])
        digests: dict[int, tuple[int, str]] = {}
        if fmt >= 2:
            digests = {first: (cid, command_digest(actor, ctype, payload, first, last))
                       for cid, actor, ctype, payload, _ts, first, last in self.commands()}
        prev, expect, last_cid = GENESIS, 1, None
        for seq, cid, type_, version, data, auto, prev_hash, h, ts in self.full_rows():
            if seq != expect:
                return expect - 1, expect, f"seq {expect} is missing (next row is seq {seq})"
            if prev_hash != prev:
                return expect - 1, seq, "previous-hash link broken (a row before it was removed or reordered)"
            command = ""
            if fmt >= 2 and (seq == 1 or cid != last_cid):
                owner = digests.get(seq)
                if owner is None or owner[0] != cid:
                    return expect - 1, seq, f"command {cid} has no matching row in the commands table"
                command = owner[1]
            if row_hash(prev, seq, cid, type_, version, auto, ts, data, command) != h:
                what = "its command row or the row" if command else "the row"
                return expect - 1, seq, f"content does not match its hash ({what} was edited)"
            prev, expect, last_cid = h, expect + 1, cid
        return expect - 1, None, ""

    # -- snapshots (a cache) ----------------------------------------------

    def save_snapshot(self, seq: int, undone: str, data: bytes) -> None:
        self.conn.execute("INSERT OR REPLACE INTO snapshots (seq, undone, data) VALUES (?,?,?)", (seq, undone, data))
