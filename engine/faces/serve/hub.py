"""The hub of one followed game: its watcher, the reads its followers share, and their wake-ups.

Subscribers at the same seq share one read of the rows after it (and its frames) and one ``due``
answer per seq, so a commit costs a game's hub one read and one due however many follow it; a read
stays answered for those who ask after it is done (the followers woken later in a wake, below).
Watchers and those reads run in threads of their own limiters, never taking the request handlers'
threads. With --db each read leases a connection of the server's pool for its duration (``lease``)
and gives it back before anything is sent, so a follower holds no connection while it waits; a read
that finds the pool busy or the database gone is tried again a second later.

A SQLite game is watched by the server's poller (poller.py); a PostgreSQL game through the server's
one listener (events/pglisten.py), and each time the game's LISTEN becomes active (first, and after
the listener connected again when the database restarted) its head is read (``look``), so a commit
no notification told of is still found.

A wake sets the futures the waiting subscribers registered, ``SLICE`` of them at a time, the next
slice in a later turn of the event loop once no request is running (or ``front.GIVE`` seconds on):
300 followers of one game are not 300 tasks made ready at once, queued ahead of every other
request's next step, but a few at a time while the server has nothing else to do.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from typing import TYPE_CHECKING, Any

import anyio
import msgspec
from anyio.to_thread import run_sync

from turnlog.events.logbase import LogError
from turnlog.events.pglisten import Listener, channel
from turnlog.events.pgpool import PoolBusy
from turnlog.events.pgschema import StoreError
from turnlog.events.store import open_log, split_url

from .front import RUNNING

if TYPE_CHECKING:
    from .poller import Poller

#: Most rows read and sent at once; a subscriber far behind gets the rest in the next batch.
BATCH = 500
#: How long a watcher blocks in one wait before it looks whether anyone still follows.
WAIT = 1.0
#: Subscribers woken in one turn of the event loop.
SLICE = 4
#: Seconds before a read that found the pool busy or the database gone is tried again.
AGAIN = 1.0

_WATCHERS = anyio.CapacityLimiter(10_000)
#: Threads the followers' reads of new rows take (one read per hub and seq at a time).
_READERS = anyio.CapacityLimiter(8)
#: What a read may meet and outlive: the pool busy, the database restarting (--db only).
PASSING = (PoolBusy, StoreError)


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
        self.waiting: dict[asyncio.Future, None] = {}  # set at the next wake, a slice at a time
        self.task: asyncio.Task | None = None
        self.reader: Any = None  # opened by the first read (in its lease, with --db)
        self.closed = False
        self.read_lock = threading.Lock()
        self.looks: set[asyncio.Task] = set()  # the head reads under way (``look``, ``wake``)
        self.due: tuple[int, bytes] = (-1, b"")  # the last "whose move" frame, by its seq
        self.answer = None  # how a stream asks whose move it is (the first stream's, all alike)
        self.asking: dict[int, asyncio.Future] = {}  # the due answer being worked out, by seq
        # the read of the rows after a seq, by (that seq, the head announced when it began)
        self.reading: dict[tuple[int, int], asyncio.Future] = {}
        self.left = asyncio.Event()  # set by ``close``: no one follows the game any more
        self.read: tuple[tuple[int, int], tuple[int, bytes, bool]] | None = None  # the last done

    def waiter(self) -> asyncio.Future:
        """A future the next wake sets (a subscriber takes it before it reads, so a commit
        announced while it reads is not missed)."""
        woken = asyncio.get_running_loop().create_future()
        self.waiting[woken] = None
        return woken

    async def due_frame(self, seq: int, answer) -> bytes:
        """The ``due`` event at ``seq`` (whose move), worked out once per seq for every subscriber:
        those arriving while it is worked out wait for that answer rather than queue their own."""
        self.answer = self.answer or answer
        if self.due[0] != seq:
            got = await _shared(self.asking, seq, answer)
            if got is None:  # not to be had now (the game busy): a comment, and the next catch-up
                return b": due later\n\n"
            self.due = (seq, b"event: due\ndata: %s\n\n" % got)
        return self.due[1]

    async def after(self, seq: int) -> tuple[int, bytes, bool]:
        """The last seq and the frames of the rows after ``seq`` (``(seq, b"")`` for none), and
        whether they are all there were (not cut at ``BATCH``), read once for every subscriber
        asking at the same time or after, until the next wake. A read begun before the last wake
        is not joined (it may have missed that commit): it is keyed by the head announced then."""
        key = (seq, self.head)
        if self.read is not None and self.read[0] == key:
            return self.read[1]

        async def read() -> tuple[int, bytes, bool]:
            rows = await run_sync(self.rows, seq, limiter=_READERS)
            got = ((rows[-1][0], b"".join(frame(row) for row in rows), len(rows) < BATCH) if rows
                   else (seq, b"", True))
            self.read = (key, got)
            return got

        return await _shared(self.reading, key, read)

    def close(self) -> None:
        """Close the reader once no read of it is under way; a watcher on the poller ends."""
        self.closed = True
        self.left.set()
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
                except PASSING:  # the pool busy, the database not yet back: once more, later
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
            # woken by the poller's failure or by the last subscriber leaving (``close``), never
            # by a timer: a thousand idle followed games cost no wake-up a second each
            left = asyncio.ensure_future(self.left.wait())
            try:
                while self.subscribers and not failed.done() and not left.done():
                    await asyncio.wait({failed, left}, return_when=asyncio.FIRST_COMPLETED)
            finally:
                left.cancel()
            if failed.done():
                failed.result()  # the poller could not read this game: the watch ends with it
        finally:
            if handed:
                self.poller.drop(self)
            else:
                waiter.close()

    def wake(self, seq: int) -> None:
        """Wake every waiting subscriber if the log's head ``seq`` is past the last one announced.

        A subscriber reads the rows after the last seq it sent, so a wake tells it only to look:
        one seq announced twice, or late, loses and doubles nothing."""
        if seq > self.head:
            before, self.head = self.head, seq
            woken, self.waiting = list(self.waiting), {}
            if len(woken) < 2:
                _release(woken)
                return
            # what the subscribers caught up at the last head will ask for, read before they are
            # woken: each then finds it ready, one step of its own per commit rather than three
            ready = asyncio.ensure_future(self._ready(before))
            self.looks.add(ready)  # held (the loop keeps a weak reference only); close waits on it
            ready.add_done_callback(self.looks.discard)
            ready.add_done_callback(lambda _f: _release(woken))

    async def _ready(self, before: int) -> None:
        """Read the rows after ``before`` and whose move after them, once for every subscriber."""
        with contextlib.suppress(Exception):  # a subscriber reading again meets it for itself
            last, _out, whole = await self.after(before)
            if whole and self.answer is not None:
                await self.due_frame(last, self.answer)


def _soon(loop: asyncio.AbstractEventLoop, call, *args) -> None:
    """``call(*args)`` on ``loop`` (from the listener's thread); nothing once the loop closed."""
    try:
        loop.call_soon_threadsafe(call, *args)
    except RuntimeError:  # its event loop closed: the server is stopping
        pass


def _release(woken: list[asyncio.Future]) -> None:
    """Set the first ``SLICE`` of ``woken``, and the rest from a later turn of the loop, once no
    request runs (front.py: a request waits for one slice of a fan-out, not for all of it)."""
    for f in woken[:SLICE]:
        if not f.done():
            f.set_result(None)
    if len(woken) > SLICE:
        RUNNING.after(lambda: _release(woken[SLICE:]))


async def _shared(pending: dict, key, make):
    """``await make()``, or the same call already under way for ``key``: one answer for all.

    Each caller waits on a future of its own, all set in one pass when the call ends, so one
    subscriber leaving does not cancel the work the others wait for (as ``asyncio.shield`` would
    ensure at the cost of a future and two callbacks per caller on the call itself)."""
    got = pending.get(key)
    if got is None:
        got = pending[key] = asyncio.ensure_future(make())
        waiters: list[asyncio.Future] = []
        _WAITERS[got] = waiters

        def done(f: asyncio.Future) -> None:
            if pending.get(key) is f:
                del pending[key]
            del _WAITERS[f]
            failed = None if f.cancelled() else f.exception()  # looked at: never logged unseen
            for w in waiters:
                if w.done():  # its subscriber left
                    continue
                if f.cancelled():
                    w.cancel()
                elif failed is not None:
                    w.set_exception(failed)
                else:
                    w.set_result(f.result())

        got.add_done_callback(done)
    if got.done():
        return got.result()
    mine = got.get_loop().create_future()
    _WAITERS[got].append(mine)
    return await mine


#: The callers waiting on each shared call under way (``_shared``).
_WAITERS: dict[asyncio.Future, list[asyncio.Future]] = {}


def frame(row: tuple) -> bytes:
    """One SSE event: ``id:`` the seq, data the row as the log route gives it (no narrative)."""
    seq, cid, type_, _version, data, automatic = row[:6]
    head = msgspec.json.encode(
        {"seq": seq, "command_id": cid, "type": type_, "automatic": bool(automatic)}
    )
    body = head[:-1] + b',"event":' + (data.encode() if isinstance(data, str) else data) + b"}"
    return b"id: %d\nevent: event\ndata: %s\n\n" % (seq, body)
