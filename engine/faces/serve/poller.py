"""The poller of `turnlog serve`: one thread reads every followed SQLite game's ``data_version``.

SQLite has no notification. ``PRAGMA data_version`` changes on any connection's commit (this
server's, or a `turnlog play` beside it), so one thread per server reads it on each followed game's
watch connection every 50 ms and reads the head only of a game whose version moved: one thread
however many games are followed, not one each, so 1,000 followed games do not fight for the GIL.
"""

from __future__ import annotations

import asyncio
import functools
import threading
import time
from typing import Protocol

from turnlog.events.log import EventLog
from turnlog.events.logbase import FOLLOW_POLL


class Hub(Protocol):
    """What the poller asks of a followed game's hub (push.py's): to wake on a new head."""

    def wake(self, seq: int) -> None: ...


class _Polled:
    """One followed SQLite game as the poller sees it: its watch connection and where to wake it."""

    __slots__ = ("waiter", "loop", "failed", "version")

    def __init__(self, waiter: EventLog, loop: asyncio.AbstractEventLoop, failed: asyncio.Future):
        self.waiter, self.loop, self.failed = waiter, loop, failed
        self.version: int | None = None  # none yet: the first look reads the head (a commit since)


class Poller:
    """One thread that polls every followed SQLite game of a server and wakes those that moved.

    Each tick (``every`` seconds) it reads each game's ``data_version`` on that game's watch
    connection, and only where it changed the game's head, handed to the hub on its event loop. The
    thread runs while some game is followed and ends with the last; ``add`` starts it again. A
    dropped game's connection is closed by the thread at its next tick (never while in use)."""

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
            for hub, polled in games:
                if not polled.failed.done():
                    self._look(hub, polled)
            time.sleep(self.every)

    @staticmethod
    def _look(hub: Hub, polled: _Polled) -> None:
        try:
            version = polled.waiter.data_version()
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
