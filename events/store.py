"""Which store holds a game: a plain path is one SQLite file, a ``postgresql://`` URL one stream in a shared database.

Both classes keep the storage contract (docs/design.md, "Storage contract"): everything Game, verify,
undo/redo/fork and the faces call on ``game.log``. The PostgreSQL class is imported only for a URL, so
psycopg (the ``postgres`` extra) is never needed by a SQLite game.
"""
from __future__ import annotations

from .url import SCHEMES, is_url, local_name, redacted, split_url

__all__ = ["SCHEMES", "is_url", "local_name", "open_log", "redacted", "split_url"]


def open_log(target, **kw):
    """The log at ``target``: EventLog for a path, PgEventLog for a URL (same keyword arguments)."""
    if is_url(target):
        from .pglog import PgEventLog
        return PgEventLog(target, **kw)
    from .log import EventLog
    return EventLog(target, **kw)
