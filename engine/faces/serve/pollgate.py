"""When the server's poller (push.py ``Poller``) asks a followed SQLite game whether it moved.

A ``PRAGMA data_version`` is a read transaction on the game's watch connection: a few microseconds
each, which at 20 ticks a second and 1,000 followed games was a fifth of a core with every game idle.
Every commit of a game goes through its ``-wal`` file (EventLog opens its files in WAL mode), so a look
first stats that file and queries only when its inode, size or mtime differ from those seen before the
last query. A file's mtime is coarse (two writes within one clock tick may carry the same one) and a
write after a checkpoint reuses the file without growing it, so an unchanged file is trusted only once
a query was made ``SETTLED`` seconds after its mtime: any write after that query carries a later one.
No ``-wal`` file (another journal mode, a file being replaced): every look queries.

A game no commit moved for ``ACTIVE_FOR`` seconds is looked at every ``IDLE_EVERY`` seconds instead of
every tick, and every game is queried at least every ``FORCED`` seconds whatever its file says, so a
commit the file's marks could not show is still found. The bounds (docs/serve.md, "Live push"): a
commit reaches the poll within one tick while its game is active, within ``IDLE_EVERY`` after that.
"""
from __future__ import annotations

from os import stat

ACTIVE_FOR = 10.0  # seconds after a commit during which the game is looked at every tick
IDLE_EVERY = 0.5   # seconds between the looks at a game idle longer than that
FORCED = 5.0       # seconds between queries however still the game's file is
SETTLED = 1.0      # a query this long after the file's mtime: any later write changes the mtime


class Gate:
    """One followed game's schedule and its ``-wal`` file's marks at its last query."""

    __slots__ = ("wal", "next", "moved", "queried", "mark", "settled", "seen")

    def __init__(self, path, now: float):
        self.wal = f"{path}-wal"
        self.next = now        # monotonic time of the next look
        self.moved = now       # monotonic time of the last commit seen (or of the first look)
        self.queried = now     # monotonic time of the last query
        self.mark: tuple | None = None   # (inode, size, mtime) before the last query; None: query
        self.settled = False   # that query came SETTLED seconds after the mtime
        self.seen: tuple | None = None   # the marks of the look under way

    def look(self, now: float, wall: float, every: float) -> bool:
        """Whether the look due now (``now`` monotonic, ``wall`` the clock files are stamped with)
        must query the game; schedules the next look."""
        self.next = now + (every if now - self.moved < ACTIVE_FOR else IDLE_EVERY)
        try:
            st = stat(self.wal)
        except OSError:
            self.seen = None
            return True
        self.seen = (st.st_ino, st.st_size, st.st_mtime_ns)
        if self.seen != self.mark or not self.settled or now - self.queried >= FORCED:
            self.settled = wall - st.st_mtime_ns / 1e9 > SETTLED
            return True
        return False

    def asked(self, now: float, moved: bool) -> None:
        """Keep what the query just made (after ``look`` said to) found: ``moved``, a commit since."""
        self.mark, self.queried = self.seen, now
        if moved:
            self.moved = self.next = now  # active again: looked at from the next tick on
