"""One LISTEN connection for every followed PostgreSQL game of a process (`turnlog serve --db`).

A writer's append sends ``pg_notify(channel(game), its last seq)`` in its transaction (events/pglog.py),
delivered at COMMIT: one channel a game, as every earlier version sent it. A Listener LISTENs on the
channel of each game someone follows, all on one connection of its own, and hands each notification's
seq to that game's callback. One thread owns the connection: callers only say which channels they want
(``add``, ``drop``), and a pipe wakes the thread to LISTEN or UNLISTEN at once. The thread runs while
some channel is wanted and closes the connection with the last.

A lost connection (the database restarted) is opened again, every ``retry`` seconds until it can be,
and every channel LISTENed afresh. Each subscription's ``listening`` callback runs whenever its LISTEN
becomes active (first, and after every reconnection), so its owner reads the head then: a commit made
while no LISTEN was active is found by that read, every later one is notified.
"""
from __future__ import annotations

import hashlib
import itertools
import logging
import os
import re
import select
import threading
from typing import Any, Callable

#: Seconds the thread waits on a silent connection before it asks the database whether it is there.
HEALTH = 10.0
#: Seconds between two attempts to connect again after the connection was lost.
RETRY = 1.0
_CHANNEL = re.compile(r"turnlog_[0-9a-f]{40}")
LOG = logging.getLogger("turnlog.events")


def channel(game: str) -> str:
    """The channel an append to ``game`` notifies: an identifier whatever the game id holds."""
    return "turnlog_" + hashlib.sha1(game.encode()).hexdigest()


class _Wanted:
    """One subscription: where a notified seq goes, and whom to tell its LISTEN is active."""

    __slots__ = ("channel", "on_seq", "listening")

    def __init__(self, name: str, on_seq: Callable[[int], None], listening: Callable[[], None]):
        self.channel, self.on_seq, self.listening = name, on_seq, listening


class Listener:
    """LISTEN on one connection (``connect()`` opens it) for every channel some subscriber wants."""

    def __init__(self, connect: Callable[[], Any], *, health: float = HEALTH, retry: float = RETRY):
        self._connect, self.health, self.retry = connect, health, retry
        self.lock = threading.Lock()  # guards the four below, never held while talking to the database
        self.wanted: dict[int, _Wanted] = {}
        self.thread: threading.Thread | None = None
        self._pipe: tuple[int, int] | None = None
        self.connections = 0  # how many times it connected (a reconnection counts)
        self._tickets = itertools.count(1)

    def add(self, name: str, on_seq: Callable[[int], None], listening: Callable[[], None]) -> int:
        """Call ``on_seq(seq)`` on each notification of channel ``name`` (in the listener's thread),
        ``listening()`` each time its LISTEN becomes active; return the ticket ``drop`` takes."""
        if not _CHANNEL.fullmatch(name):
            raise ValueError(f"channel: not a turnlog channel ({name!r})")
        with self.lock:
            ticket = next(self._tickets)
            self.wanted[ticket] = _Wanted(name, on_seq, listening)
            if self.thread is None:
                self._pipe = os.pipe()
                os.set_blocking(self._pipe[1], False)
                self.thread = threading.Thread(target=self._run, name="turnlog-listener",
                                               daemon=True)
                self.thread.start()
            else:
                self._poke()
        return ticket

    def drop(self, ticket: int) -> None:
        """End subscription ``ticket``; its channel is UNLISTENed once no one else wants it."""
        with self.lock:
            if self.wanted.pop(ticket, None) is not None and self.thread is not None:
                self._poke()

    def close(self) -> None:
        """Drop every subscription: the thread closes the connection and ends."""
        with self.lock:
            self.wanted.clear()
            if self.thread is not None:
                self._poke()

    def _poke(self) -> None:
        assert self._pipe is not None
        try:
            os.write(self._pipe[1], b".")
        except BlockingIOError:  # the pipe is full of pokes the thread has yet to read: it will look
            pass

    def _run(self) -> None:
        with self.lock:
            pipe = self._pipe  # this thread's own: a thread started after it ends makes another
            assert pipe is not None
        conn: Any = None
        active: set[str] = set()  # channels LISTENed on ``conn``
        told: set[int] = set()  # tickets whose listening() ran for ``conn``
        failing = False
        try:
            while True:
                with self.lock:
                    if not self.wanted:
                        self.thread, self._pipe = None, None
                        for fd in pipe:
                            os.close(fd)
                        return
                    wanted = dict(self.wanted)
                try:
                    if conn is None:
                        conn, active, told = self._connect(), set(), set()
                        self.connections += 1
                    self._step(conn, active, told, wanted, pipe[0])
                    failing = False
                except Exception as exc:  # noqa: BLE001 - the database went away: connect again
                    if not failing:
                        LOG.warning("turnlog listener: lost the database (%s); connecting again",
                                    type(exc).__name__)
                    failing = True
                    _close(conn)
                    conn = None
                    _sleep(pipe[0], None, self.retry)
        finally:
            _close(conn)

    def _step(self, conn, active: set[str], told: set[int], wanted: dict[int, _Wanted],
              wake: int) -> None:
        """LISTEN as wanted, tell the new subscriptions, deliver what came, then wait for more."""
        self._apply(conn, active, wanted)
        told.intersection_update(wanted)
        for ticket, want in wanted.items():
            if ticket not in told:
                told.add(ticket)
                want.listening()
        self._deliver(conn)
        if not _sleep(wake, conn.fileno(), self.health):
            conn.execute("SELECT 1")  # silent too long: a dead peer raises here

    @staticmethod
    def _apply(conn, active: set[str], wanted: dict[int, _Wanted]) -> None:
        """LISTEN on each wanted channel not yet active, UNLISTEN those no one wants any more."""
        names = {w.channel for w in wanted.values()}
        for name in sorted(names - active):
            conn.execute(f"LISTEN {name}")  # checked against _CHANNEL by ``add``
            active.add(name)
        for name in sorted(active - names):
            conn.execute(f"UNLISTEN {name}")
            active.discard(name)

    def _deliver(self, conn) -> None:
        """Hand every notification received so far to the subscribers of its channel."""
        for note in conn.notifies(timeout=0):
            try:
                seq = int(note.payload)
            except ValueError:  # not an append's: someone else's NOTIFY on the channel
                continue
            with self.lock:
                to = [w.on_seq for w in self.wanted.values() if w.channel == note.channel]
            for on_seq in to:
                on_seq(seq)

def _sleep(wake: int, fd: int | None, timeout: float) -> bool:
    """Wait until ``fd`` has data, a poke comes on ``wake`` or ``timeout`` passes; False: nothing."""
    ready, _, _ = select.select([wake] + ([fd] if fd is not None else []), [], [], timeout)
    if wake in ready:
        os.read(wake, 4096)
    return bool(ready)


def _close(conn) -> None:
    if conn is not None:
        try:
            conn.close()
        except Exception:  # noqa: BLE001 - a broken connection may fail to close; it is let go
            pass
