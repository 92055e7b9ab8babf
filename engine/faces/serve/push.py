"""Live push: Server-Sent Events per game, each event's ``id:`` its seq.

Each followed game has a hub (hub.py). On PostgreSQL one listener per server (events/pglisten.py:
one connection, its own thread) LISTENs on the channel of every followed game, so a commit made
through any server of the database wakes the followers of every server, and the followers' reads
lease the server's pool: a server holds at most its pool and its listener whatever it follows. On
SQLite one poller thread per server (poller.py) reads every followed game's ``PRAGMA data_version``
on a watch connection of the game's own and wakes the games that moved. Either way every subscriber
of the game is woken. This server's own commits wake them at once (``Push.committed``, from the write
routes): the poll is for writers in other processes. A subscriber reads the rows after the last seq
it sent, so a client that reconnects with ``Last-Event-ID`` (or ``?after=``) gets every event after
that seq once, in order, whatever it missed while away. Once it has caught up, the rows and whose
move it is now go in one write: the hub reads both once before it wakes anyone, so a commit costs
each follower one wake-up and one write. A hub
lasts only while someone follows the game (the poller's thread and the listener's too: each starts
again on demand), and at most ``most`` games are followed at
once in a server (503 ``busy`` for one more).
"""

from __future__ import annotations

import asyncio

from turnlog.events.pglisten import Listener

from . import bodies as B
from .hub import AGAIN, PASSING, Hub
from .poller import Poller

__all__ = ["KEEPALIVE", "Hub", "Poller", "Push"]

#: Seconds between keep-alive comments on an idle stream (proxies close silent connections).
KEEPALIVE = 15.0


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

        ``due`` (an async callable giving the JSON of Game.due()): each time the stream has caught
        up with the log, a ``due`` event (no ``id``) says whose move it is now, in the same write as
        the rows that caught it up, so a seat learns it is its move.

        It ends when the client goes: ``receive`` (the request's) answers ``http.disconnect``, which
        wakes the stream (_Waits), so an idle stream whose client left does not linger until its
        next keep-alive fails to send; the hub counts one subscriber less."""
        hub = self.hub(gid, target)
        hub.subscribers += 1
        gone = asyncio.ensure_future(_disconnect(receive))
        waits = _Waits(hub, gone)
        try:
            seq, told = after, -1
            yield b"retry: 1000\n\n"
            while not gone.done():
                waits.arm()  # before the read: a commit announced meanwhile wakes the stream
                try:
                    last, out, whole = await hub.after(seq)
                except PASSING:  # the pool busy, the database restarting: the stream waits
                    yield b": read later\n\n"
                    await asyncio.wait({gone}, timeout=AGAIN)
                    continue
                seq = last
                if whole and due is not None and told != seq:  # caught up: whose move now
                    told = seq
                    out += await hub.due_frame(seq, due)
                if out:  # one write: a client gone mid-batch costs one failed send
                    waits.wrote = True
                    yield out
                if not whole:
                    continue
                if hub.task is None:  # the watcher ended between two subscribers
                    hub.task = asyncio.get_running_loop().create_task(hub.watch())
                # every row read was all there was when the read began: any later commit is
                # announced after the stream was armed, so it wakes it; no read again until then
                if await waits.wait():
                    yield b": keep-alive\n\n"
        finally:
            gone.cancel()
            waits.close()
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


async def _disconnect(receive) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass


class _Waits:
    """What wakes one stream: the hub's next wake, its client leaving, or its keep-alive tick.

    One future per wait, set by whichever comes first, and one timer per stream that ticks every
    ``KEEPALIVE`` seconds: no task, no timer and no callbacks made and undone per commit."""

    def __init__(self, hub: Hub, gone: asyncio.Future):
        self.hub = hub
        self.woken: asyncio.Future | None = None
        self.ticked = self.wrote = False
        self.loop = asyncio.get_running_loop()
        self.timer = self.loop.call_later(KEEPALIVE, self._tick)
        gone.add_done_callback(lambda _f: self._nudge())

    def arm(self) -> None:
        """Be woken by the hub's next wake (a set future is dropped from the hub's waiting)."""
        if self.woken is None or self.woken.done():
            if self.woken is not None:
                self.hub.waiting.pop(self.woken, None)
            self.woken = self.hub.waiter()

    async def wait(self) -> bool:
        """Wait to be woken; whether it was a tick with nothing written since the last one."""
        assert self.woken is not None
        await self.woken
        idle = self.ticked and not self.wrote
        if self.ticked:
            self.ticked = self.wrote = False
        return idle

    def close(self) -> None:
        self.timer.cancel()
        if self.woken is not None:
            self.hub.waiting.pop(self.woken, None)

    def _nudge(self) -> None:
        if self.woken is not None and not self.woken.done():
            self.woken.set_result(None)

    def _tick(self) -> None:
        self.ticked = True
        self._nudge()
        self.timer = self.loop.call_later(KEEPALIVE, self._tick)
