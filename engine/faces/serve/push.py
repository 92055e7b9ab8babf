"""Live push: Server-Sent Events per game, each event's ``id:`` its seq.

Each followed game has a watch connection of its own. On PostgreSQL its watcher blocks in the store's
``log.wait`` (a LISTEN, so a commit made through any server of the database wakes it). On SQLite one
poller thread per server (``Poller``) reads the followed games' ``PRAGMA data_version`` (it changes on
any connection's commit: this server's, or a `turnlog play` beside it) where pollgate.py says a game's
file may have moved, and reads the head only of a game whose version moved: one thread however many
games are followed, not one each, so 1,000 followed games do not fight for the GIL. Either way every
subscriber of the game is woken.
This server's own commits wake them at once (``Push.committed``, from the write routes): the poll is
for writers in other processes. A
subscriber reads the rows after the last seq it sent, so a client that reconnects with
``Last-Event-ID`` (or ``?after=``) gets every event after that seq once, in order, whatever it
missed while away. Subscribers at the same seq share one read of the rows after it (and its
frames) and one ``due`` answer per seq, so a commit costs a game's hub one read and one due however
many follow it. Watchers and those reads run in threads of their own limiters, never taking the
request handlers' threads. A hub and its two connections last only while someone follows the game
(the poller thread only while some SQLite game is followed; it starts again on demand), and at most
``most`` games are followed at once in a server (503 ``busy`` for one more).
"""

from __future__ import annotations

import asyncio
import functools
import threading
import time

import anyio
import msgspec
from anyio.to_thread import run_sync

from turnlog.events.log import EventLog
from turnlog.events.logbase import FOLLOW_POLL
from turnlog.events.store import open_log

from . import bodies as B
from .pollgate import Gate

#: Most rows read and sent at once; a subscriber far behind gets the rest in the next batch.
BATCH = 500
#: Seconds between keep-alive comments on an idle stream (proxies close silent connections).
KEEPALIVE = 15.0
#: How long a watcher blocks in one wait before it looks whether anyone still follows.
WAIT = 1.0

_WATCHERS = anyio.CapacityLimiter(10_000)
#: Threads the followers' reads of new rows take (one read per hub and seq at a time).
_READERS = anyio.CapacityLimiter(8)


class Hub:
    """The watcher of one game and the subscribers it wakes."""

    def __init__(self, target, poller: "Poller | None" = None):
        self.target = target
        self.poller = poller
        self.head = 0
        self.subscribers = 0
        self.changed = asyncio.Event()
        self.task: asyncio.Task | None = None
        self.reader = open_log(target, readonly=True)
        self.read_lock = threading.Lock()
        self.due: tuple[int, bytes] = (-1, b"")  # the last "whose move" frame, by its seq
        self.asking: dict[int, asyncio.Future] = {}  # the due answer being worked out, by seq
        # the read of the rows after a seq, by (that seq, the head announced when it began)
        self.reading: dict[tuple[int, int], asyncio.Future] = {}
        self.left = asyncio.Event()  # set by ``close``: no one follows the game any more

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
        """Close the reader once no read of it is under way; a watcher on the poller ends."""
        self.left.set()
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
        """Wake every subscriber if the log's head ``seq`` is past the last one announced.

        A subscriber reads the rows after the last seq it sent, so a wake tells it only to look:
        one seq announced twice, or late, loses and doubles nothing."""
        if seq > self.head:
            self.head = seq
            self.changed.set()
            self.changed = asyncio.Event()


class Push:
    """Every hub of this server, by game id."""

    def __init__(self, most: int = 64):
        self.hubs: dict[str, Hub] = {}
        self.most = most
        self.poller = Poller()

    def admit(self, gid: str) -> None:
        """Refuse (503) to follow one more game past the ``most`` this server follows."""
        if gid not in self.hubs and len(self.hubs) >= self.most:
            raise B.Refused(503, "busy", f"{self.most} games are followed on this server "
                            "already; try again later", headers={"Retry-After": "5"})

    def hub(self, gid: str, target) -> Hub:
        found = self.hubs.get(gid)
        if found is None:
            found = self.hubs[gid] = Hub(target, self.poller)
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
                last, frames = await hub.after(seq)
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
            hub.reader.close()
        self.hubs.clear()
        self.poller.close()


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
    loop. The thread runs while some game is followed and ends with the last; ``add`` starts it again. A
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
