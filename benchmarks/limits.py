"""The raw limits: what SQLite and msgspec do with the same events and no engine at all.

Rows are the generated events already encoded by msgspec (the same JSON text
turnlog stores), in a plain table ``(seq INTEGER PRIMARY KEY, type, data)``:
no hash chain, no command table, no triggers. Connections use the pragmas
turnlog uses (WAL, the synchronous level under test).
"""
from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any, Callable

from turnlog.events.codec import decoder

RawRow = tuple[int, str, str]


def connect(path: Path, synchronous: str = "FULL") -> sqlite3.Connection:
    for suffix in ("", "-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute(f"PRAGMA synchronous = {synchronous}")
    conn.execute("CREATE TABLE events (seq INTEGER PRIMARY KEY, type TEXT NOT NULL, data TEXT NOT NULL)")
    return conn


def flatten(batch) -> list[RawRow]:
    """append_batch's input as plain rows."""
    out, seq = [], 0
    for _actor, _ctype, _payload, rows in batch:
        for type_, _version, data, _auto in rows:
            seq += 1
            out.append((seq, type_, data))
    return out


def executemany(conn: sqlite3.Connection, rows: list[RawRow]) -> None:
    """All rows in one transaction."""
    conn.execute("BEGIN")
    conn.executemany("INSERT INTO events VALUES (?,?,?)", rows)
    conn.execute("COMMIT")


def one_per_event(conn: sqlite3.Connection, rows: list[RawRow]) -> None:
    """One transaction per row: each commit is durable at the connection's synchronous level."""
    execute = conn.execute
    for row in rows:
        execute("BEGIN")
        execute("INSERT INTO events VALUES (?,?,?)", row)
        execute("COMMIT")


def read_fold(conn: sqlite3.Connection) -> dict:
    """Read every row, decode it into its typed Struct, fold the board into plain dicts."""
    decoders: dict[str, Callable[[str], Any]] = {}  # one decoder per type, as the replay keeps
    where: dict[str, str] = {}
    control: dict[str, str] = {}
    supply: dict[str, str] = {}
    rolls: dict[str, int] = {}
    notes: list[tuple[int, str]] = []
    other: dict[str, object] = {}
    for _seq, type_, data in conn.execute("SELECT seq, type, data FROM events ORDER BY seq"):
        dec = decoders.get(type_)
        if dec is None:
            dec = decoders[type_] = decoder(type_)
        ev = dec(data)
        if type_ == "UnitMoved":
            where[ev.unit] = ev.to_hex
        elif type_ == "SupplyChanged":
            supply[ev.unit] = ev.supply
        elif type_ == "ControlChanged":
            control[ev.hex] = ev.faction
        elif type_ == "DieRolled":
            rolls[ev.key] = ev.value
        elif type_ == "NoteAdded":
            notes.append((ev.at_seq, ev.text))
        else:
            other[type_] = ev
    return {"where": where, "control": control, "supply": supply, "rolls": rolls, "notes": notes,
            "other": other}


# -- the format's floor: turnlog's own rows and schema, no engine -------------------------

def stored(conn: sqlite3.Connection, first_cmd: int = 1) -> list[tuple[tuple | None, list[tuple]]]:
    """Every stored command from ``first_cmd`` with its event rows, exactly as a log holds them.

    In log format 3 the command lives on its first event row, so the command part is None.
    """
    fmt = int(conn.execute("SELECT value FROM meta WHERE key = 'format'").fetchone()[0])
    events = conn.execute("SELECT * FROM events ORDER BY seq").fetchall()
    spans = conn.execute("SELECT id, first_seq, last_seq FROM commands WHERE id >= ? ORDER BY first_seq",
                         (first_cmd,)).fetchall()
    cmds = ({r[0]: r for r in conn.execute("SELECT * FROM commands WHERE id >= ?", (first_cmd,))}
            if fmt < 3 else {})
    return [(cmds.get(cid), events[first - 1:last]) for cid, first, last in spans]


def _insert(conn: sqlite3.Connection, cmds: list[tuple | None], events: list[tuple]) -> None:
    cmds = [c for c in cmds if c is not None]
    if cmds:
        conn.executemany(f"INSERT INTO commands VALUES ({','.join('?' * len(cmds[0]))})", cmds)
    if events:
        conn.executemany(f"INSERT INTO events VALUES ({','.join('?' * len(events[0]))})", events)


def schema_executemany(conn: sqlite3.Connection, rows: list[tuple[tuple, list[tuple]]]) -> None:
    """Prebuilt rows (hashes and all) into a log's own tables, triggers and index: one transaction."""
    conn.execute("BEGIN IMMEDIATE")
    _insert(conn, [c for c, _ in rows], [e for _, es in rows for e in es])
    conn.execute("COMMIT")


def schema_one_per_command(conn: sqlite3.Connection, rows: list[tuple[tuple, list[tuple]]]) -> None:
    """Prebuilt rows into a log's own tables, one transaction per command."""
    execute = conn.execute
    for cmd, events in rows:
        execute("BEGIN IMMEDIATE")
        _insert(conn, [cmd], events)
        execute("COMMIT")
