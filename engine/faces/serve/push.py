"""Live push: Server-Sent Events per game, each event's ``id:`` its seq.

A followed game has a hub that wakes its subscribers on each commit. On SQLite one poller thread per
server (poller.py) reads every followed game's ``PRAGMA data_version`` on a watch connection of the
game's own. On PostgreSQL one listener per server (events/pglisten.py: one connection, its own
thread) LISTENs on the channel of every followed game, so a commit made through any server of the
database wakes the followers of every server; each time a game's LISTEN becomes active (first, and
after the listener connected again when the database restarted) its hub reads the head, so a commit
no notification told of is still found. This server's own commits wake them at once
(``Push.committed``, from the write routes): the poll and the listener are for other writers. A
subscriber reads the rows after the last seq it sent, so a client that reconnects with
``Last-Event-ID`` (or ``?after=``) gets every event after that seq once, in order, whatever it
missed while away. Subscribers at the same seq share one read of the rows after it (and its
frames) and one ``due`` answer per seq, so a commit costs a game's hub one read and one due however
many follow it. Those reads run in threads of their own limiter, never taking the request handlers'
threads; with --db each read leases a connection of the server's pool for its duration (``lease``)
and gives it back before anything is sent, so a follower holds no connection while it waits, and a
server holds at most its pool and its listener whatever it follows. A read that finds the pool busy
or the database gone is tried again a second later. A hub lasts only while someone follows the game
(the poller's thread and the listener's too: each starts again on demand), and at most ``most``
games are followed at once in a server (503 ``busy`` for one more).
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from typing import Any

import anyio
import msgspec
from anyio.to_thread import run_sync

from turnlog.events.logbase import LogError
from turnlog.events.pglisten import Listener, channel
from turnlog.events.pgpool import PoolBusy
from turnlog.events.pgschema import StoreError
from turnlog.events.store import open_log, split_url

from . import bodies as B
from .poller import Poller

#: Most rows read and sent at once; a subscriber far behind gets the rest in the next batch.
BATCH = 500
#: Seconds between keep-alive comments on an idle stream (proxies close silent connections).
KEEPALIVE = 15.0
#: How long a watcher waits before it looks whether anyone still follows.
WAIT = 1.0
#: Seconds before a read that found the pool busy or the database gone is tried again.
AGAIN = 1.0

_WATCHERS = anyio.CapacityLimiter(10_000)
#: Threads the followers' reads of new rows take (one read per hub and seq at a time).
_READERS = anyio.CapacityLimiter(8)
#: What a read may meet and outlive: the pool busy, the database restarting (--db only).
_PASSING = (PoolBusy, StoreError)


class Hub:
    """The watcher of one game and the subscribers it wakes."""

    def __init__(self, target, poller: Poller | None = None, listener: Listener | None = None,
                 pool=None):
        self.target = target
        self.poller = poller
        self.listener = listener
        self.pool = pool  # with --db: each read leases one of its connections (``lease``)
        self.head = 0
        self.subscribers = 0
        self.changed = asyncio.Event()
        self.task: asyncio.Task | None = None
        self.reader: Any = None  # opened by the first read (in its lease, with --db)
        self.closed = False
        self.read_lock = threading.Lock()
        self.looks: set[asyncio.Task] = set()  # the head reads under way (``look``)
        self.due: tuple[int, bytes] = (-1, b"")  # the last "whose move" frame, by its seq
        self.asking: dict[int, asyncio.Future] = {}  # the due answer being worked out, by seq
        # the read of the rows after a seq, by (that seq, the head announced when it began)
        self.reading: dict[tuple[int, int], asyncio.Future] = {}

    async def due_frame(self, seq: int, answer) -> bytes:
        """The ``due`` event at ``seq`` (whose move), worked out once per seq for every subscriber:
        those arriving while it is worked out wait for that answer rather than queue their own."""
        if self.due[0] != seq:
            got = await _shared(self.asking, seq, answer)
            if got is None:  # not to be had now (the game busy): a comment, and the next catch-up
                return b": due later\n\n"
            self.due = (seq, b"event: due\ndata: %s\n\n" % got)
        return self.due[1]

    async def after(self, seq: int) -> tuple[int, bytes]:
        """The last seq and the frames of the rows after ``seq`` (``(seq, b"")`` for none), read
        once for every subscriber asking at the same time. A read begun before the last wake is
        not joined (it may have missed that commit): it is keyed by the head announced then."""

        async def read() -> tuple[int, bytes]:
            rows = await run_sync(self.rows, seq, limiter=_READERS)
            return (rows[-1][0], b"".join(frame(row) for row in rows)) if rows else (seq, b"")

        return await _shared(self.reading, (seq, self.head), read)

    def close(self) -> None:
        """Close the reader once no read of it is under way."""
        self.closed = True
        busy = [f for f in (*self.reading.values(), *self.looks) if not f.done()]
        if busy:
            busy[0].add_done_callback(lambda _f: self.close())
        elif self.reader is not None:
            self.reader.close()

    def _log(self):
        """The game's reader, opened on first use (call under ``read_lock`` and the lease)."""
        if self.reader is None:
            if self.closed:
                raise LogError("no one follows this game any more")
            pooled = {"pool": self.pool} if self.pool is not None else {}
            self.reader = open_log(self.target, readonly=True, **pooled)
        return self.reader

    def lease(self) -> contextlib.AbstractContextManager:
        return self.pool.lease() if self.pool is not None else contextlib.nullcontext()

    def rows(self, after: int) -> list[tuple]:
        with self.read_lock, self.lease():
            out = []
            for row in self._log().rows(after + 1):
                out.append(row)
                if len(out) >= BATCH:
                    break
            return out

    def last(self) -> int:
        with self.read_lock, self.lease():
            return self._log().last()[0]

    async def watch(self) -> None:
        """Wake the subscribers on each commit while anyone follows: through the server's listener
        (PostgreSQL) or its poller (SQLite, which then owns the watch connection and closes it)."""
        try:
            if self.listener is not None:
                await self._listen(self.listener)
            else:
                await self._poll()
        finally:
            self.task = None

    async def _listen(self, listener: Listener) -> None:
        """Subscribe to the game's channel while anyone follows: each notified seq wakes, and each
        time the LISTEN becomes active the head is read (``look``); both from the listener's
        thread, handed to this event loop."""
        loop = asyncio.get_running_loop()
        ticket = listener.add(channel(split_url(self.target)[1]),
                              lambda seq: _soon(loop, self.wake, seq), lambda: _soon(loop, self.look))
        try:
            while self.subscribers:
                await asyncio.sleep(WAIT)
        finally:
            listener.drop(ticket)

    def look(self) -> None:
        """Read the head in a reader thread and wake on it (its LISTEN has just become active)."""

        async def read() -> None:
            while self.subscribers and not self.closed:
                try:
                    self.wake(await run_sync(self.last, limiter=_READERS))
                    return
                except _PASSING:  # the pool busy, the database not yet back: once more, later
                    await asyncio.sleep(AGAIN)

        task = asyncio.ensure_future(read())
        self.looks.add(task)
        task.add_done_callback(self.looks.discard)

    async def _poll(self) -> None:
        assert self.poller is not None
        waiter = open_log(self.target, readonly=True)
        handed = False  # once the poller has the connection, it closes it
        try:
            self.head = (await run_sync(waiter.last, limiter=_WATCHERS))[0]
            failed = self.poller.add(self, waiter)
            handed = True
            while self.subscribers and not failed.done():
                await asyncio.wait({failed}, timeout=WAIT)
            if failed.done():
                failed.result()  # the poller could not read this game: the watch ends with it
        finally:
            if handed:
                self.poller.drop(self)
            else:
                waiter.close()

    def wake(self, seq: int) -> None:
        """Wake every subscriber if the log's head ``seq`` is past the last one announced.

        A subscriber reads the rows after the last seq it sent, so a wake tells it only to look:
        one seq announced twice, or late, loses and doubles nothing."""
        if seq > self.head:
            self.head = seq
            self.changed.set()
            self.changed = asyncio.Event()


class Push:
    """Every hub of this server, by game id; ``pool`` (with --db): the pool the followers' reads
    lease, whose settings the listener's one connection takes."""

    def __init__(self, most: int = 64, pool=None):
        self.hubs: dict[str, Hub] = {}
        self.most = most
        self.poller = Poller()
        self.pool = pool
        self.listener = Listener(pool.connect) if pool is not None else None

    def admit(self, gid: str) -> None:
        """Refuse (503) to follow one more game past the ``most`` this server follows."""
        if gid not in self.hubs and len(self.hubs) >= self.most:
            raise B.Refused(503, "busy", f"{self.most} games are followed on this server "
                            "already; try again later", headers={"Retry-After": "5"})

    def hub(self, gid: str, target) -> Hub:
        found = self.hubs.get(gid)
        if found is None:
            found = self.hubs[gid] = Hub(target, self.poller, self.listener, self.pool)
        if found.task is None:
            found.task = asyncio.get_running_loop().create_task(found.watch())
        return found

    def committed(self, gid: str, seq: int) -> None:
        """This server committed game ``gid`` up to ``seq``: its followers look now, not at the next
        poll (on the event loop, after the commit)."""
        found = self.hubs.get(gid)
        if found is not None:
            found.wake(seq)

    async def stream(self, gid: str, target, after: int, receive, due=None):
        """Yield SSE frames of every row after seq ``after``, then each new one as it commits.

        ``due`` (an async callable giving the JSON of Game.due()): each time the stream has caught up with the
        log, a ``due`` event (no ``id``) says whose move it is now, so a seat learns it is its move.

        It ends when the client goes: ``receive`` (the request's) answers ``http.disconnect``, which
        is awaited beside each wait for a commit, so an idle stream whose client left does not
        linger until its next keep-alive fails to send; the hub counts one subscriber less."""
        hub = self.hub(gid, target)
        hub.subscribers += 1
        gone = asyncio.ensure_future(_disconnect(receive))
        try:
            seq, told = after, -1
            yield b"retry: 1000\n\n"
            while not gone.done():
                changed = hub.changed
                try:
                    last, frames = await hub.after(seq)
                except _PASSING:  # the pool busy, the database restarting: the stream waits
                    yield b": read later\n\n"
                    await asyncio.wait({gone}, timeout=AGAIN)
                    continue
                if frames:  # one write per batch: a client gone mid-batch costs one failed send
                    seq = last
                    yield frames
                    continue
                if due is not None and told != seq:
                    told = seq
                    yield await hub.due_frame(seq, due)
                    continue
                if hub.task is None:  # the watcher ended between two subscribers
                    hub.task = asyncio.get_running_loop().create_task(hub.watch())
                wake = asyncio.ensure_future(changed.wait())
                done, _ = await asyncio.wait({wake, gone}, timeout=KEEPALIVE,
                                             return_when=asyncio.FIRST_COMPLETED)
                wake.cancel()
                if not done:
                    yield b": keep-alive\n\n"
        finally:
            gone.cancel()
            hub.subscribers -= 1
            if not hub.subscribers:  # no one follows: its reader closes, its watcher ends
                if self.hubs.get(gid) is hub:
                    del self.hubs[gid]
                hub.close()

    def close(self) -> None:
        for hub in self.hubs.values():
            if hub.task is not None:
                hub.task.cancel()
            hub.close()
        self.hubs.clear()
        self.poller.close()
        if self.listener is not None:
            self.listener.close()


def _soon(loop: asyncio.AbstractEventLoop, call, *args) -> None:
    """``call(*args)`` on ``loop`` (from the listener's thread); nothing once the loop closed."""
    try:
        loop.call_soon_threadsafe(call, *args)
    except RuntimeError:  # its event loop closed: the server is stopping
        pass


async def _shared(pending: dict, key, make):
    """``await make()``, or the same call already under way for ``key``: one answer for all.

    Shielded, so one subscriber leaving does not cancel the work the others wait for."""
    got = pending.get(key)
    if got is None:
        got = pending[key] = asyncio.ensure_future(make())

        def done(f: asyncio.Future) -> None:
            if pending.get(key) is f:
                del pending[key]
            if not f.cancelled():
                f.exception()  # looked at: an error no subscriber awaits any more is not logged

        got.add_done_callback(done)
    return await asyncio.shield(got)


async def _disconnect(receive) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass


def frame(row: tuple) -> bytes:
    """One SSE event: ``id:`` the seq, data the row as the log route gives it (no narrative)."""
    seq, cid, type_, _version, data, automatic = row[:6]
    head = msgspec.json.encode(
        {"seq": seq, "command_id": cid, "type": type_, "automatic": bool(automatic)}
    )
    body = head[:-1] + b',"event":' + (data.encode() if isinstance(data, str) else data) + b"}"
    return b"id: %d\nevent: event\ndata: %s\n\n" % (seq, body)
