"""The PostgreSQL store's reading side: rows, commands, spans, the chain check, snapshots (events/pglog.py writes).

Every query names the game (``WHERE game = %s``): one database holds many games, each its own stream.
A long scan (verify, export, copy) reads PAGE rows at a time, so a long game is never all in memory and
the connection is free between pages.
"""
from __future__ import annotations

import zlib
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Sequence

from .chain import GENESIS, verify3
from .logbase import SIGNED, TAIL_ROWS

PAGE = 5000
_COLS = "seq, command_id, type, version, data, automatic"
_ROWS3 = "seq, command_id, type, version, data, automatic, hash, actor, command_type, {payload}, ts, last_seq"
_PAYLOAD4 = "coalesce(signature || chr(31) || payload, signature, payload)"  # as logread._ROWS4 joins them
_COMMANDS = "command_id, actor, command_type, payload, ts, seq, last_seq"


class PgReads:
    """What PgEventLog reads; it provides ``game``, ``format``, ``readonly`` and ``_run``/``_one`` (one
    query, reconnecting once after a lost connection)."""

    if TYPE_CHECKING:  # set by the PgEventLog that mixes these reads in (events/pglog.py)
        game: str
        format: int
        readonly: str
        _spans: dict[int, tuple[int, int]]

        def _run(self, sql: str, params: Sequence = ()) -> Any: ...
        def _one(self, sql: str, params: Sequence = ()) -> Any: ...
        def last(self) -> tuple[int, str]: ...

    @contextmanager
    def read_view(self):
        """Read one moment of the game: one REPEATABLE READ, READ ONLY transaction (as SQLite's)."""
        if self.conn.info.transaction_status != 0:  # inside a view already: that one holds
            yield self
            return
        self._run("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
        try:
            self._run("SELECT 1 FROM turnlog.games WHERE game = %s", (self.game,)).fetchall()
            yield self
        finally:
            if not self.conn.closed and self.conn.info.transaction_status != 0:  # 0: idle
                self.conn.execute("COMMIT")

    def rows(self, start: int = 1, stop: int | None = None) -> Iterator[tuple]:
        """Yield (seq, command_id, type, version, data, automatic) in seq order."""
        if stop is None:
            return self._run(f"SELECT {_COLS} FROM turnlog.events WHERE game = %s AND seq >= %s ORDER BY seq",
                             (self.game, start))
        return self._run(f"SELECT {_COLS} FROM turnlog.events WHERE game = %s AND seq BETWEEN %s AND %s "
                         "ORDER BY seq", (self.game, start, stop))

    def payloads(self, start: int, stop: int) -> Iterator[tuple[str, int, str]]:
        """Yield (type, version, data) of rows start..stop in seq order: all a replay needs."""
        return self._run("SELECT type, version, data FROM turnlog.events WHERE game = %s AND seq BETWEEN %s AND %s "
                         "ORDER BY seq", (self.game, start, stop))

    def spans(self, commands: Iterable[int]) -> list[tuple[int, int]]:
        """(first_seq, last_seq) of the given command ids, in seq order (remembered: a stored command never changes)."""
        known = self._spans
        missing = sorted(set(commands) - set(known))
        if missing:
            for cid, first, last in self._run(
                    "SELECT command_id, seq, last_seq FROM turnlog.events WHERE game = %s AND command_type IS NOT NULL "
                    "AND command_id = ANY(%s)", (self.game, missing)):
                known[cid] = (first, last)
        return sorted(known[cid] for cid in set(commands) if cid in known)

    def _pages(self, cols: str, start: int = 1) -> Iterator[tuple]:
        """Every row from ``start`` in seq order, read PAGE rows at a time (a long game is never all in memory)."""
        while True:
            page = self._run(f"SELECT {cols} FROM turnlog.events WHERE game = %s AND seq >= %s ORDER BY seq "
                             f"LIMIT {PAGE}", (self.game, start)).fetchall()
            yield from page
            if len(page) < PAGE:
                return
            start = page[-1][0] + 1

    def full_rows(self) -> Iterator[tuple]:
        """Every stored event row as format 3 (or 4, with its signature) keeps it, in seq order."""
        return self._pages(_COLS + ", hash" + (", signature" if self.format >= SIGNED else ""))

    def rows_of_type(self, type_: str, upto: int | None = None) -> Iterator[tuple]:
        """(seq, command_id, type, version, data) of one event type up to ``upto``, in seq order."""
        return self.rows_of_types((type_,), upto)

    def rows_of_types(self, types: Sequence[str], upto: int | None = None) -> Iterator[tuple]:
        """(seq, command_id, type, version, data) of the given event types up to ``upto``, in seq order."""
        return self._run("SELECT seq, command_id, type, version, data FROM turnlog.events WHERE game = %s "
                         "AND type = ANY(%s) AND seq <= %s ORDER BY seq",
                         (self.game, list(types), self.last()[0] if upto is None else upto))

    def hash_at(self, seq: int) -> str | None:
        row = self._one("SELECT hash FROM turnlog.events WHERE game = %s AND seq = %s", (self.game, seq))
        return row[0] if row else None

    def hashes(self) -> Iterator[tuple[int, str]]:
        return self._pages("seq, hash")

    def undo_rows(self, upto: int | None = None, after: int = 0) -> list[tuple[int, str]]:
        """(seq, data) of the CommandUndone rows after seq ``after`` up to ``upto`` (default: the end)."""
        return self._run("SELECT seq, data FROM turnlog.events WHERE game = %s AND type = 'CommandUndone' "
                         "AND seq > %s AND seq <= %s ORDER BY seq",
                         (self.game, after, 2 ** 62 if upto is None else upto)).fetchall()

    def commands_newest_first(self) -> Iterator[tuple]:
        return self._run(f"SELECT {_COMMANDS} FROM turnlog.events WHERE game = %s AND command_type IS NOT NULL "
                         "ORDER BY seq DESC", (self.game,))

    def commands(self) -> list[tuple]:
        """Every command as (id, actor, type, payload, ts, first_seq, last_seq), in order."""
        return self._run(f"SELECT {_COMMANDS} FROM turnlog.events WHERE game = %s AND command_type IS NOT NULL "
                         "ORDER BY seq", (self.game,)).fetchall()

    def command(self, cid: int) -> tuple | None:
        return self._one(f"SELECT {_COMMANDS} FROM turnlog.events WHERE game = %s AND command_type IS NOT NULL "
                         "AND command_id = %s", (self.game, cid))

    def snapshot_headers(self, seq: int) -> Iterator[tuple[int, str]]:
        return self._run("SELECT seq, undone FROM turnlog.snapshots WHERE game = %s AND seq <= %s ORDER BY seq DESC",
                         (self.game, seq))

    def snapshot_data(self, seq: int) -> bytes:
        data = self._one("SELECT data FROM turnlog.snapshots WHERE game = %s AND seq = %s", (self.game, seq))[0]
        return zlib.decompress(data)

    # -- checking ----------------------------------------------------------

    def _rows3(self) -> str:
        return _ROWS3.format(payload=_PAYLOAD4 if self.format >= SIGNED else "payload")

    def rows3(self, start: int, stop: int) -> list[tuple]:
        """Rows start..stop as verify_chain checks them; in format 4, the command's own payload after
        (as events/logread.py's)."""
        extra = ", payload" if self.format >= SIGNED else ""
        return self._run(f"SELECT {self._rows3()}{extra} FROM turnlog.events WHERE game = %s AND seq "
                         "BETWEEN %s AND %s ORDER BY seq", (self.game, start, stop)).fetchall()

    def last_command_of(self, types: Sequence[str], after: int = -(2**63)) -> int:
        """The first seq of the log's last command of one of ``types`` past seq ``after`` (0: none)."""
        row = self._one("SELECT max(seq) FROM turnlog.events WHERE game = %s AND seq > %s AND "
                        "command_type = ANY(%s)", (self.game, after, list(types)))
        return row[0] or 0

    def command_ends(self, seq: int) -> bool:
        """Whether a command's rows end at ``seq``: its first row says so and the next row begins one."""
        row = self._one("SELECT last_seq FROM turnlog.events WHERE game = %s AND seq <= %s AND "
                        "command_type IS NOT NULL ORDER BY seq DESC LIMIT 1", (self.game, seq))
        after = self._one("SELECT command_type FROM turnlog.events WHERE game = %s AND seq = %s",
                          (self.game, seq + 1))
        return row is not None and row[0] == seq and (after is None or after[0] is not None)

    def tail_problem(self, rows: int = TAIL_ROWS) -> tuple[int, str] | None:
        """(first bad seq, why) if the last rows do not verify, else None: a writer's check before appending."""
        last = self.last()[0]
        if last == 0:
            return None
        got = self._one("SELECT seq, command_id FROM turnlog.events WHERE game = %s AND seq <= %s "
                        "AND command_type IS NOT NULL ORDER BY seq DESC LIMIT 1", (self.game, max(1, last - rows + 1)))
        first, cid = got if got else (1, 1)
        prev = self.hash_at(first - 1) if first > 1 else GENESIS
        _ok, bad, why = verify3(self._pages(self._rows3(), first), (prev or "", first, cid - 1))
        return None if bad is None else (bad, why)

    def verify_chain(self, watch: Callable | None = None) -> tuple[int, int | None, str]:
        """Check gaplessness, every hash and every command row; return (rows ok, first bad seq, why)."""
        rows = self._pages(self._rows3())
        return verify3(watch(rows) if watch is not None else rows)

    def command_signatures(self) -> Iterator[tuple]:
        """(seq, command id, actor, type, payload, signature, hash of the row before) of every command (format 4)."""
        if self.format < SIGNED:
            return iter(())
        return self._run(
            "SELECT e.seq, e.command_id, e.actor, e.command_type, e.payload, e.signature, coalesce((SELECT p.hash "
            "FROM turnlog.events p WHERE p.game = e.game AND p.seq = e.seq - 1), %s) FROM turnlog.events e "
            "WHERE e.game = %s AND e.command_type IS NOT NULL ORDER BY e.seq", (GENESIS, self.game))

    # -- snapshots (a cache) ----------------------------------------------

    def copy_snapshots(self, other, upto: int) -> None:
        """Copy ``other``'s snapshots at or before ``upto`` as stored (either store: the data is the same bytes)."""
        for seq, undone in list(other.snapshot_headers(upto)):
            self.save_snapshot(seq, undone, other.snapshot_data(seq))

    def save_snapshot(self, seq: int, undone: str, data: bytes) -> None:
        """Cache an encoded state at ``seq``, compressed as the SQLite store does."""
        if self.readonly:
            return
        self._run("INSERT INTO turnlog.snapshots (game, seq, undone, data) VALUES (%s, %s, %s, %s) "
                  "ON CONFLICT (game, seq) DO UPDATE SET undone = EXCLUDED.undone, data = EXCLUDED.data",
                  (self.game, seq, undone, zlib.compress(data, 1)))
