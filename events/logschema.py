"""The game file's schema held against the store's own: every table, trigger, index and view.

A file whose append-only triggers were replaced by no-ops under the same names, or that carries a
trigger, view or table the store never creates, is named by verify (engine/verify/chain.py): the
chain proves the rows, and this proves nothing in the file acts on them unseen. The reference is
what this code creates for the file's log format (events/log.py), built in memory. Tables are
compared by their columns' names and types (older files differ in NOT NULL only, which can refuse a
write but never change a row); triggers, views and indexes by their SQL. An index the file lacks is
only slower; a missing trigger is reported as ``missing_triggers``.
"""

from __future__ import annotations

import re
import sqlite3
from functools import lru_cache

_OWN = ("sqlite_stat",)  # SQLite's planner statistics (ANALYZE): they change no row


def _normal(sql: str | None) -> str:
    return re.sub(r"\s+", " ", (sql or "").strip()).replace('"', "").lower()


def objects(conn) -> dict[tuple[str, str], tuple]:
    """(type, name) -> what is compared: a table's columns, else its SQL normalised."""
    out: dict[tuple[str, str], tuple] = {}
    for type_, name, sql in conn.execute("SELECT type, name, sql FROM sqlite_master"):
        if type_ == "table":
            cols = tuple(
                (r[1].lower(), r[2].upper(), r[5])
                for r in conn.execute(f"PRAGMA table_info('{name}')")
            )
            out[(type_, name)] = cols
        else:
            out[(type_, name)] = (_normal(sql),)
    return out


@lru_cache(maxsize=None)
def reference(fmt: int, build) -> dict[tuple[str, str], tuple]:
    """The objects ``build(conn, fmt)`` (events/log.py's creation) makes in memory."""
    conn = sqlite3.connect(":memory:")
    try:
        build(conn, fmt)
        return objects(conn)
    finally:
        conn.close()


def problems(conn, fmt: int, build) -> list[str]:
    """Each object of the file that the store does not create, or creates otherwise, in words.

    ``build(conn, fmt)`` creates the store's schema on an empty connection (events/log.py).
    """
    want, have = reference(fmt, build), objects(conn)
    out = []
    for (type_, name), shape in sorted(have.items()):
        if name.startswith(_OWN):
            continue
        if (type_, name) not in want:
            out.append(f"{type_} {name} is not one this store creates")
        elif shape != want[(type_, name)]:
            out.append(f"{type_} {name} differs from the one this store creates")
    return out
