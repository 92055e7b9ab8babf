"""What both stores share: the log formats, the errors, timestamps and the stored rows of a command.

Both stores (events/log.py for SQLite, events/pglog.py for PostgreSQL) build a command's rows here,
so its stored bytes and hashes are the same in either.
"""
from __future__ import annotations

import time
from datetime import datetime, timezone
from typing import Callable, Iterable, Iterator, Sequence, Union

from .chain import command_text, row_hash3, signed_payload

FORMAT = 3   # a new unsigned game's; a signed game is created in SIGNED
SIGNED = 4
FORMATS = (1, 2, 3, 4)
TAIL_ROWS = 64  # rows a writer re-checks before its first append (a cut or hand-edited tail)
SYNC_LEVELS = ("OFF", "NORMAL", "FULL", "EXTRA")
# seconds between a SQLite follower's looks (PostgreSQL's are told: LISTEN/NOTIFY)
FOLLOW_POLL = 0.05


#: One event to store: (type, version, JSON data, automatic).
Row = tuple[str, int, str, bool]
#: One command to append: (actor, type, payload, rows), then its signer in a signed game.
Item = Union[tuple[str, str, str, Sequence[Row]],
             tuple[str, str, str, Sequence[Row], Callable[[str], str]]]


def batch_item(actor: str, command_type: str, payload: str, rows: Sequence[Row],
               sign: Callable[[str], str] | None) -> Item:
    """One command's place in a batch; an unsigned one has no signer field at all."""
    if sign is None:
        return (actor, command_type, payload, rows)
    return (actor, command_type, payload, rows, sign)


class LogError(Exception):
    """The file is not a readable turnlog game."""


class ConcurrencyError(LogError):
    """Another writer appended since this one last read the log."""


# (unix second, its ISO text): formatting a datetime cost more than the hash
_SECOND: list = [None, ""]


def now() -> str:
    """The UTC time as ISO 8601 with microseconds, e.g. 2026-11-29T22:00:00.000123+00:00."""
    sec, micro = divmod(time.time_ns() // 1000, 1_000_000)
    if sec != _SECOND[0]:
        _SECOND[:] = [sec, datetime.fromtimestamp(sec, timezone.utc).strftime("%Y-%m-%dT%H:%M:%S")]
    return f"{_SECOND[1]}.{micro:06d}+00:00"


def stored_rows3(batch, seq: int, prev: str, cid: int, ts: str,
                 signed: bool) -> tuple[list[tuple], int, int]:
    """The format-3/4 rows of ``batch`` chained on (seq, prev hash, cid); return (rows, last seq, last cid).

    Shared by both stores (events/pglog.py), so a command's stored bytes and hashes are the same in each.
    """
    end: list = []
    out = list(iter_rows3(batch, seq, prev, cid, ts, signed, end))
    return out, end[0], end[1]


def iter_rows3(batch, seq: int, prev: str, cid: int, ts: str, signed: bool,
               end: list) -> Iterator[tuple]:
    """Yield stored_rows3()'s rows one by one; once exhausted, ``end`` holds [last seq, last cid].

    SQLite's append takes them as they are hashed: a bulk import of a million events held every row
    and hash at once before the insert began (~0.3 GB, and wall time the floor does not spend).
    """
    chain = row_hash3
    for actor, ctype, payload, rows, *sign in batch:
        cid += 1
        last = seq + len(rows)
        # the signer sees the hash of the row before the command, as this transaction reads it
        if signed:
            signature = sign[0](prev) if sign else ""
            cmd: tuple = (actor, ctype, payload, ts, last, signature)
            blank: tuple = (None,) * 6
            command = command_text(actor, ctype, ts, last, signed_payload(signature, payload))
        else:
            cmd, blank = (actor, ctype, payload, ts, last), (None,) * 5
            command = command_text(actor, ctype, ts, last, payload)
        for type_, version, data, auto in rows:
            seq += 1
            a = 1 if auto else 0
            prev = chain(prev, seq, cid, type_, version, a, data, command)
            if command:
                yield (seq, cid, type_, version, data, a, prev) + cmd
                command = ""
            else:
                yield (seq, cid, type_, version, data, a, prev) + blank
    end[:] = [seq, cid]


def check_batch(fmt: int, batch: Sequence[Item]) -> None:
    """Refuse a batch this format cannot store (a signature before format 4, a command with no events)."""
    if fmt < SIGNED and any(len(b) > 4 for b in batch):
        raise ValueError(f"log format {fmt} stores no signature (a signed game is format {SIGNED})")
    if fmt >= 3 and any(not b[3] for b in batch):
        raise ValueError("a command with no events cannot be stored (log format 3 keeps it on its "
                         "first event)")


def merged(commands: Iterable[Sequence], events: Iterable[Sequence]) -> Iterator[tuple]:
    """Format-3/4 stored rows: each command's columns joined onto the event row at its first seq.

    A format-4 full row carries its signature as an eighth field; it goes last, as the table keeps
    it.
    """
    by_first = {c[5]: c for c in commands}
    for row in events:
        cmd = by_first.pop(row[0], None)
        if cmd is not None and cmd[0] != row[1]:
            raise LogError(f"command {cmd[0]} starts at seq {row[0]}, which belongs to command "
                           f"{row[1]}")
        yield (*row[:7],
               *((cmd[1], cmd[2], cmd[3], cmd[4], cmd[6]) if cmd else (None,) * 5), *row[7:])
    if by_first:
        first = min(by_first)
        raise LogError(f"command {by_first[first][0]} starts at seq {first}, which is not among "
                       "the rows")
