"""Reading a SQLite log: rows, spans, commands, the chain's checks (a mixin of EventLog).

Kept apart from the writer (events/log.py) as PostgreSQL's reads are (events/pgread.py); every
method reads ``self.conn``, ``self.format`` and the few attributes EventLog sets on open.
"""
from __future__ import annotations

import os
import sqlite3
import zlib
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable, Iterator, Sequence

from .chain import GENESIS, verify3, verify_legacy
from .logbase import SIGNED, TAIL_ROWS

_COMMANDS3 = ("SELECT command_id, actor, command_type, payload, ts, seq, last_seq FROM events "
              "WHERE command_type IS NOT NULL")
_COMMANDS = "SELECT id, actor, type, payload, ts, first_seq, last_seq FROM commands"
_ROWS3 = ("SELECT seq, command_id, type, version, data, automatic, hash, actor, command_type, "
          "payload, ts, last_seq FROM events")
# Format 4 hashes the signature just before the payload (chain.signed_payload): joined here, verify3
# serves both formats. A signature stored on a row that is no command's first shows as a payload
# there (refused); a command row whose signature is NULL hashes without it (refused: it was appended
# with one, maybe empty).
_ROWS4 = _ROWS3.replace(" payload,",
                        " coalesce(signature || char(31) || payload, signature, payload),")
_ROWS = "SELECT seq, command_id, type, version, data, automatic, prev_hash, hash, ts FROM events"
_SIGNED4 = ("SELECT e.seq, e.command_id, e.actor, e.command_type, e.payload, e.signature, "
            "coalesce((SELECT hash FROM events p WHERE p.seq = e.seq - 1), ?) FROM events e "
            "WHERE e.command_type IS NOT NULL ORDER BY e.seq")

#: The lowest seq an integer key holds.
LOWEST = -(2**63)

#: a binary search for one command row (~13 statements) costs about as much as scanning this many
#: rows
SCAN_PER_SEARCH = 100


class LogReads:
    """The reading half of EventLog: what verify, time travel, fork and the faces ask of a file."""

    if TYPE_CHECKING:  # set by the EventLog that mixes these reads in (events/log.py)
        conn: sqlite3.Connection
        path: Path
        format: int
        has_snapshots: bool
        _spans: dict[int, tuple[int, int]]

    @contextmanager
    def read_view(self):
        """Read one moment of the log: every read inside is of the rows committed when it began.

        One read transaction (WAL keeps its snapshot while writers append), so verify, export and
        copy of a game being played see one log, not rows from two moments.
        """
        if self.conn.in_transaction:  # inside a view already (or a write): that one holds
            yield self
            return
        self.conn.execute("BEGIN")
        try:
            # The first read takes the snapshot.
            self.conn.execute("SELECT count(*) FROM meta").fetchone()
            yield self
        finally:
            if self.conn.in_transaction:
                self.conn.execute("COMMIT")

    def last(self) -> tuple[int, str]:
        row = self.conn.execute("SELECT seq, hash FROM events ORDER BY seq DESC LIMIT 1").fetchone()
        return (row[0], row[1]) if row else (0, GENESIS)

    def rows(self, start: int = 1, stop: int | None = None) -> Iterator[tuple]:
        """Yield (seq, command_id, type, version, data, automatic) in seq order."""
        if stop is None:
            return self.conn.execute(
                "SELECT seq, command_id, type, version, data, automatic FROM events WHERE seq >= ? "
                "ORDER BY seq",
                (start,))
        return self.conn.execute(
            "SELECT seq, command_id, type, version, data, automatic FROM events WHERE seq BETWEEN "
            "? AND ? ORDER BY seq",
            (start, stop))

    def payloads(self, start: int, stop: int) -> Iterator[tuple[str, int, str]]:
        """Yield (type, version, data) of rows start..stop in seq order: all a replay needs."""
        return self.conn.execute(
            "SELECT type, version, data FROM events WHERE seq BETWEEN ? AND ? ORDER BY seq", (start, stop))

    def spans(self, commands: Iterable[int]) -> list[tuple[int, int]]:
        """(first_seq, last_seq) of the given command ids, in seq order.

        Remembered per id: a stored command never changes, and every time travel asks again for
        every undone command (a binary search each in format 3).
        """
        known = self._spans
        wanted = sorted(set(commands))
        missing = [cid for cid in wanted if cid not in known]
        if len(missing) > 1 and self.format >= 3:
            self._scan_spans(missing)
        out = []
        for cid in wanted:
            span = known.get(cid)
            if span is None:
                row = self.command(cid)
                if row is None:
                    continue
                span = known[cid] = (row[5], row[6])
            out.append(span)
        return sorted(out)

    def _scan_spans(self, missing: list[int]) -> None:
        """Find the spans of many commands (a game of many undos) by one search and a bounded pass.

        The first is searched for; the rest are read off the command rows that follow it, for as
        many rows as their binary searches would have cost; any not reached are searched for after.
        """
        row = self.command(missing[0])
        if row is None:
            return
        self._spans[missing[0]] = (row[5], row[6])
        ids, start = set(missing[1:]), row[6] + 1
        for cid, first, last in self.conn.execute(
                "SELECT command_id, seq, last_seq FROM events WHERE seq BETWEEN ? AND ? AND "
                "command_type IS NOT NULL",
                (start, start + len(ids) * SCAN_PER_SEARCH)):
            if cid in ids:
                self._spans[cid] = (first, last)
                ids.discard(cid)
                if not ids:
                    break

    def full_rows(self) -> Iterator[tuple]:
        """Every stored event row as its format keeps it, in seq order (verify, export, fork)."""
        if self.format >= 3:
            sig = ", signature" if self.format >= SIGNED else ""
            return self.conn.execute("SELECT seq, command_id, type, version, data, automatic, "
                                     f"hash{sig} FROM events ORDER BY seq")
        return self.conn.execute(_ROWS + " ORDER BY seq")

    def rows_of_type(self, type_: str, upto: int | None = None) -> Iterator[tuple]:
        """(seq, command_id, type, version, data) of one event type up to ``upto``, in seq order."""
        return self.conn.execute(
            "SELECT seq, command_id, type, version, data FROM events WHERE type = ? AND seq <= ? "
            "ORDER BY seq",
            (type_, self.last()[0] if upto is None else upto))

    def rows_of_types(self, types: Sequence[str], upto: int) -> Iterator[tuple]:
        """(seq, command_id, type, version, data) of the given event types up to ``upto``, in seq order."""
        marks = ", ".join("?" * len(types))
        return self.conn.execute("SELECT seq, command_id, type, version, data FROM events WHERE "
                                 f"seq <= ? AND type IN ({marks}) ORDER BY seq", (upto, *types))

    def integrity(self) -> str:
        """SQLite's integrity check of the file: "ok", or what is damaged (verify's first stage)."""
        return self.conn.execute("PRAGMA integrity_check").fetchone()[0]

    def hash_at(self, seq: int) -> str | None:
        """The stored hash of row ``seq``, or None."""
        row = self.conn.execute("SELECT hash FROM events WHERE seq = ?", (seq,)).fetchone()
        return row[0] if row else None

    def hashes(self) -> Iterator[tuple[int, str]]:
        """(seq, hash) of every row in seq order: where two copies of a log part."""
        return self.conn.execute("SELECT seq, hash FROM events ORDER BY seq")

    def undo_rows(self, upto: int | None = None, after: int = 0) -> list[tuple[int, str]]:
        """(seq, data) of the CommandUndone rows after seq ``after`` up to ``upto`` (default: the end)."""
        q = "SELECT seq, data FROM events WHERE type = 'CommandUndone' AND seq > ?"
        if upto is None:
            return self.conn.execute(q + " ORDER BY seq", (after,)).fetchall()
        return self.conn.execute(q + " AND seq <= ? ORDER BY seq", (after, upto)).fetchall()

    def commands_newest_first(self) -> Iterator[tuple]:
        """Command rows from the latest back, read lazily (undo and redo look at the last few only)."""
        if self.format >= 3:
            return self.conn.execute(_COMMANDS3 + " ORDER BY seq DESC")
        return self.conn.execute(_COMMANDS + " ORDER BY id DESC")

    def snapshot_headers(self, seq: int) -> Iterator[tuple[int, str]]:
        """(seq, undone) of the snapshots at or before ``seq``, newest first, read lazily, without their data.

        Lazily: a long game holds thousands of snapshots and time travel wants the newest valid one.
        """
        if not self.has_snapshots:
            return iter(())
        return self.conn.execute(
            "SELECT seq, undone FROM snapshots WHERE seq <= ? ORDER BY seq DESC", (seq,))

    def snapshot_data(self, seq: int) -> bytes:
        """The snapshot's encoded state (stored compressed; older files stored the JSON itself)."""
        data = self.conn.execute("SELECT data FROM snapshots WHERE seq = ?", (seq,)).fetchone()[0]
        return data if data[:1] == b"{" else zlib.decompress(data)

    def commands(self) -> list[tuple]:
        """Every command as (id, actor, type, payload, ts, first_seq, last_seq), in order."""
        if self.format >= 3:
            return self.conn.execute(_COMMANDS3 + " ORDER BY seq").fetchall()
        return self.conn.execute(_COMMANDS + " ORDER BY id").fetchall()

    def command(self, cid: int) -> tuple | None:
        """One command row by id, or None."""
        if self.format < 3:
            return self.conn.execute(_COMMANDS + " WHERE id = ?", (cid,)).fetchone()
        # Command ids climb with seq and every command has a row, so its first row is at seq >= cid:
        # a binary search over the rowid instead of an index every append would have to write.
        lo, hi = max(cid, 1), self.last()[0]
        while lo < hi:
            mid = (lo + hi) // 2
            got = self.conn.execute("SELECT command_id FROM events WHERE seq = ?", (mid,)).fetchone()
            if got is None or got[0] >= cid:
                hi = mid
            else:
                lo = mid + 1
        return self.conn.execute(_COMMANDS3 + " AND seq = ? AND command_id = ?", (lo, cid)).fetchone()

    def tail_problem(self, rows: int = TAIL_ROWS) -> tuple[int, str] | None:
        """(first bad seq, why) if the log's last rows do not verify, else None: a writer's check on open.

        Cheap: the file's size in whole pages, then the chain from the first row of the command that
        holds the ``rows``-th row from the end (a cut file, rows inserted or edited by hand).
        """
        last = self.last()[0]
        page = self.conn.execute("PRAGMA page_size").fetchone()[0]
        try:
            size = os.stat(self.path).st_size
        except OSError as exc:
            return last, f"the file cannot be examined ({exc.strerror or exc})"
        if page and size % page:
            return (last, f"the file is {size} bytes, not a whole number of {page}-byte pages: it "
                          "was cut or padded")
        if last == 0:
            return None
        try:
            return self._tail_chain(max(1, last - rows + 1))
        except sqlite3.DatabaseError as exc:
            return last, f"the file is damaged ({exc})"

    def _tail_chain(self, from_seq: int) -> tuple[int, str] | None:
        conn = self.conn
        if self.format >= 3:
            got = conn.execute("SELECT seq, command_id FROM events WHERE seq <= ? AND command_type "
                               "IS NOT NULL ORDER BY seq DESC LIMIT 1", (from_seq,)).fetchone()
            first, cid = got if got else (1, 1)
            prev = self.hash_at(first - 1) if first > 1 else GENESIS
            rows = conn.execute(self._rows3() + " WHERE seq >= ? ORDER BY seq", (first,))
            _ok, bad, why = verify3(rows, (prev or "", first, cid - 1))
        else:
            cmds = conn.execute(_COMMANDS + " WHERE last_seq >= ? ORDER BY id", (from_seq,)).fetchall()
            first = min((c[5] for c in cmds), default=from_seq)
            before = conn.execute("SELECT hash, command_id FROM events WHERE seq = ?", (first - 1,)).fetchone()
            start = (before[0], first, before[1]) if before else (GENESIS, first, None)
            rows = conn.execute(_ROWS + " WHERE seq >= ? ORDER BY seq", (first,))
            _ok, bad, why = verify_legacy(self.format, rows, cmds, start)
        return None if bad is None else (bad, why)

    def verify_chain(self, watch: Callable[[Iterator[tuple]], Iterable[tuple]] | None = None
                     ) -> tuple[int, int | None, str]:
        """Check gaplessness, every hash and every command row; return (rows ok, first bad seq, why).

        ``watch`` wraps the row stream (a progress counter, say) without changing the check.
        """
        query = (self._rows3() if self.format >= 3 else _ROWS) + " ORDER BY seq"
        rows: Iterator[tuple] = iter(self.conn.execute(query))
        if watch is not None:
            rows = iter(watch(rows))
        if self.format >= 3:
            return verify3(rows)
        return verify_legacy(self.format, rows, self.commands())

    def _rows3(self) -> str:
        return _ROWS4 if self.format >= SIGNED else _ROWS3

    def rows3(self, start: int, stop: int) -> list[tuple]:
        """Rows start..stop as verify_chain checks them; in format 4, the command's own payload after.

        What verify checks and re-executes one range of the log from (engine/verify/ranges.py): in
        format 4 the 10th column joins the signature to the payload, as the chain hashes them, and a
        13th holds the payload alone, as the command was issued (format 3's 10th is that payload).
        """
        query = self._rows3()
        if self.format >= SIGNED:
            query = query.replace(" FROM events", ", payload FROM events")
        return self.conn.execute(query + " WHERE seq BETWEEN ? AND ? ORDER BY seq",
                                 (start, stop)).fetchall()

    def first_not_text(self) -> tuple[int, str] | None:
        """(seq, column) of the first event row whose text column holds bytes that are no UTF-8 (the
        engine writes text only: such a row was edited outside it); None when every one reads."""
        cols = ("type", "data", "hash", "actor", "command_type", "payload", "ts")
        cast = ", ".join(f"CAST({c} AS BLOB)" for c in cols)
        for seq, *raw in self.conn.execute(f"SELECT seq, {cast} FROM events ORDER BY seq"):
            for name, value in zip(cols, raw):
                try:
                    if value is not None:
                        bytes(value).decode("utf-8")
                except UnicodeDecodeError:
                    return seq, name
        return None

    def command_count(self) -> int:
        """How many commands the log holds, read without any text column."""
        row = self.conn.execute("SELECT count(*) FROM events WHERE command_type IS NOT NULL").fetchone()
        return row[0]

    def last_seq(self) -> int:
        """The last seq, read without any text column."""
        row = self.conn.execute("SELECT max(seq) FROM events").fetchone()
        return row[0] or 0

    def last_command_of(self, types: Sequence[str], after: int = LOWEST) -> int:
        """The first seq of the log's last command of one of ``types`` past seq ``after`` (0: none)."""
        marks = ", ".join("?" for _ in types)
        row = self.conn.execute(f"SELECT max(seq) FROM events WHERE seq > ? AND command_type IN ({marks})",
                                (after, *types)).fetchone()
        return row[0] or 0

    def command_ends(self, seq: int) -> bool:
        """Whether a command's rows end at ``seq``: its first row says so and the next row begins one."""
        row = self.conn.execute("SELECT last_seq FROM events WHERE seq <= ? AND command_type IS NOT "
                                "NULL ORDER BY seq DESC LIMIT 1", (seq,)).fetchone()
        after = self.conn.execute("SELECT command_type FROM events WHERE seq = ?", (seq + 1,)).fetchone()
        return row is not None and row[0] == seq and (after is None or after[0] is not None)

    def command_signatures(self) -> Iterator[tuple]:
        """(seq, command id, actor, type, payload, signature, hash of the row before) of every command, in order.

        Format 4 only (an older file holds no signature): what verify's signature stage checks.
        """
        if self.format < SIGNED:
            return iter(())
        return self.conn.execute(_SIGNED4, (GENESIS,))
