"""The poller of `turnlog serve`: one thread that wakes the followers of every followed SQLite game.

``PRAGMA data_version`` changes on any connection's commit (this server's, or a `turnlog play`
beside it), so one thread reading it for the followed games finds the games that moved and reads
the head of those only; it queries a game only where pollgate.py says its file may have moved (every
50 ms while the game is active, less often once idle): one thread however many games are followed, not one each, so
1,000 followed games do not fight for the GIL. A PostgreSQL game is woken by its LISTEN instead
(hub.py ``Hub.watch``).
"""

from __future__ import annotations

import asyncio
import functools
import threading
import time
from typing import Protocol

from turnlog.events.log import EventLog
from turnlog.events.logbase import FOLLOW_POLL

from .pollgate import Gate


class Hub(Protocol):
    """What the poller wakes: a followed game's hub (hub.py), told the game's new head."""

    def wake(self, seq: int) -> None: ...


class _Polled:
    """One followed SQLite game as the poller sees it: its watch connection and where to wake it."""

    __slots__ = ("waiter", "loop", "failed", "version", "gate")

    def __init__(self, waiter: EventLog, loop: asyncio.AbstractEventLoop, failed: asyncio.Future):
        self.waiter, self.loop, self.failed = waiter, loop, failed
        self.version: int | None = None  # none yet: the first look reads the head (a commit since)
        self.gate = Gate(waiter.path, time.monotonic())  # when to look, and whether to query


class Poller:
    """One thread that polls every followed SQLite game of a server and wakes those that moved.

    Each tick (``every`` seconds) it looks at the games due (pollgate.py: every tick while a game is
    active, less often once idle), reads the ``data_version`` of those whose ``-wal`` file changed on
    their watch connection, and only where it changed the game's head, handed to the hub on its event
    loop. The thread runs while some game is followed and ends with the last; ``add`` starts it
    again. A dropped game's connection is closed by the thread at its next tick (never in use)."""

    def __init__(self, every: float = FOLLOW_POLL):
        self.every = every
        self.lock = threading.Lock()  # guards the three below, never held while polling
        self.games: dict[Hub, _Polled] = {}
        self.leaving: list[EventLog] = []
        self.thread: threading.Thread | None = None

    def add(self, hub: Hub, waiter: EventLog) -> asyncio.Future:
        """Poll ``hub``'s game on ``waiter``; the future returned fails if it cannot be read."""
        loop = asyncio.get_running_loop()
        failed = loop.create_future()
        with self.lock:
            self.games[hub] = _Polled(waiter, loop, failed)
            if self.thread is None:
                self.thread = threading.Thread(target=self._run, name="turnlog-poller", daemon=True)
                self.thread.start()
        return failed

    def drop(self, hub: Hub) -> None:
        """Stop polling ``hub``'s game; its connection is closed by the thread, or now if none runs."""
        with self.lock:
            polled = self.games.pop(hub, None)
            if polled is not None:
                self.leaving.append(polled.waiter)
            if self.thread is None:
                self._close_leaving()

    def close(self) -> None:
        """Drop every game: the thread closes their connections and ends."""
        with self.lock:
            self.leaving.extend(p.waiter for p in self.games.values())
            self.games.clear()
            if self.thread is None:
                self._close_leaving()

    def _close_leaving(self) -> None:
        for waiter in self.leaving:
            waiter.close()
        self.leaving.clear()

    def _run(self) -> None:
        while True:
            with self.lock:
                self._close_leaving()
                if not self.games:
                    self.thread = None
                    return
                games = list(self.games.items())
            self.tick(games, time.monotonic())
            time.sleep(self.every)

    def tick(self, games: list[tuple[Hub, _Polled]], now: float, wall: float | None = None) -> None:
        """Look at each of ``games`` due at ``now`` (monotonic; ``wall``: the clock files are stamped
        with, now's), querying those their gate asks."""
        wall = time.time() if wall is None else wall
        for hub, polled in games:
            gate = polled.gate
            if now >= gate.next and not polled.failed.done() and gate.look(now, wall, self.every):
                self._look(hub, polled, now)

    @staticmethod
    def _look(hub: Hub, polled: _Polled, now: float) -> None:
        try:
            version = polled.waiter.data_version()
            polled.gate.asked(now, version != polled.version)
            if version == polled.version:
                return
            seq = polled.waiter.last()[0]
        except Exception as exc:  # noqa: BLE001 - handed to the hub's watch, which ends with it
            call = functools.partial(_fail, polled.failed, exc)
        else:
            polled.version = version
            call = functools.partial(hub.wake, seq)
        try:
            polled.loop.call_soon_threadsafe(call)
        except RuntimeError:  # its event loop closed: the server is stopping, and drops it
            pass


def _fail(future: asyncio.Future, exc: BaseException) -> None:
    if not future.done():
        future.set_exception(exc)
