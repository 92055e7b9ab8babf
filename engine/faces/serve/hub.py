"""The hub of one followed game: its watcher, the reads its followers share, and their wake-ups.

Subscribers at the same seq share one read of the rows after it (and its frames) and one ``due``
answer per seq, so a commit costs a game's hub one read and one due however many follow it; a read
stays answered for those who ask after it is done (the followers woken later in a wake, below).
Watchers and those reads run in threads of their own limiters, never taking the request handlers'
threads.

A wake sets the futures the waiting subscribers registered, ``SLICE`` of them at a time, the next
slice in the next turn of the event loop: 300 followers of one game are not 300 tasks made ready
at once, queued ahead of every other request's next step, but a few at a time between them.
"""

from __future__ import annotations

import asyncio
import threading
from typing import TYPE_CHECKING

import anyio
import msgspec
from anyio.to_thread import run_sync

from turnlog.events.log import EventLog
from turnlog.events.store import open_log

if TYPE_CHECKING:
    from .poller import Poller

#: Most rows read and sent at once; a subscriber far behind gets the rest in the next batch.
BATCH = 500
#: How long a watcher blocks in one wait before it looks whether anyone still follows.
WAIT = 1.0
#: Subscribers woken in one turn of the event loop.
SLICE = 16

_WATCHERS = anyio.CapacityLimiter(10_000)
#: Threads the followers' reads of new rows take (one read per hub and seq at a time).
_READERS = anyio.CapacityLimiter(8)


class Hub:
    """The watcher of one game and the subscribers it wakes."""

    def __init__(self, target, poller: Poller | None = None):
        self.target = target
        self.poller = poller
        self.head = 0
        self.subscribers = 0
        self.waiting: dict[asyncio.Future, None] = {}  # set at the next wake, a slice at a time
        self.task: asyncio.Task | None = None
        self.reader = open_log(target, readonly=True)
        self.read_lock = threading.Lock()
        self.due: tuple[int, bytes] = (-1, b"")  # the last "whose move" frame, by its seq
        self.asking: dict[int, asyncio.Future] = {}  # the due answer being worked out, by seq
        # the read of the rows after a seq, by (that seq, the head announced when it began)
        self.reading: dict[tuple[int, int], asyncio.Future] = {}
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
        """Close the reader once no read of it is under way."""
        busy = [f for f in self.reading.values() if not f.done()]
        if busy:
            busy[0].add_done_callback(lambda _f: self.close())
        else:
            self.reader.close()

    def rows(self, after: int) -> list[tuple]:
        with self.read_lock:
            out = []
            for row in self.reader.rows(after + 1):
                out.append(row)
                if len(out) >= BATCH:
                    break
            return out

    async def watch(self) -> None:
        """Wake the subscribers on each commit while anyone follows: a SQLite game through the
        server's poller (which then owns the connection and closes it), any other in ``log.wait``."""
        waiter = open_log(self.target, readonly=True)
        poller = self.poller if isinstance(waiter, EventLog) else None
        handed = False  # once the poller has the connection, it closes it
        try:
            self.head = (await run_sync(waiter.last, limiter=_WATCHERS))[0]
            if poller is not None:
                failed = poller.add(self, waiter)
                handed = True
                while self.subscribers and not failed.done():
                    await asyncio.wait({failed}, timeout=WAIT)
                if failed.done():
                    failed.result()  # the poller could not read this game: the watch ends with it
            while self.subscribers and poller is None:
                moved = await run_sync(waiter.wait, self.head, WAIT, limiter=_WATCHERS)
                if moved:  # a commit this server announced already (``committed``) wakes no one
                    self.wake((await run_sync(waiter.last, limiter=_WATCHERS))[0])
        finally:
            if poller is not None and handed:
                poller.drop(self)
            else:
                waiter.close()
            self.task = None

    def wake(self, seq: int) -> None:
        """Wake every waiting subscriber if the log's head ``seq`` is past the last one announced.

        A subscriber reads the rows after the last seq it sent, so a wake tells it only to look:
        one seq announced twice, or late, loses and doubles nothing."""
        if seq > self.head:
            self.head = seq
            woken, self.waiting = list(self.waiting), {}
            _release(woken)


def _release(woken: list[asyncio.Future]) -> None:
    """Set the first ``SLICE`` of ``woken``, and the rest from the next turn of the loop."""
    for f in woken[:SLICE]:
        if not f.done():
            f.set_result(None)
    if len(woken) > SLICE:
        asyncio.get_running_loop().call_soon(_release, woken[SLICE:])


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


def frame(row: tuple) -> bytes:
    """One SSE event: ``id:`` the seq, data the row as the log route gives it (no narrative)."""
    seq, cid, type_, _version, data, automatic = row[:6]
    head = msgspec.json.encode(
        {"seq": seq, "command_id": cid, "type": type_, "automatic": bool(automatic)}
    )
    body = head[:-1] + b',"event":' + (data.encode() if isinstance(data, str) else data) + b"}"
    return b"id: %d\nevent: event\ndata: %s\n\n" % (seq, body)
