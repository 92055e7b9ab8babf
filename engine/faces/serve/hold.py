"""How a request holds a game: the entry kept open while the request runs, a place in the game's
queue, and the verify reports kept per head.

Requests for one game take turns on an asyncio lock of the game's on the event loop, and only the
one whose turn it is runs in a pool thread: no pool thread ever waits on a game's lock, so a game
flooded with requests cannot take the threads every other game needs. At most ``queue`` requests
wait for one game; past that the answer is 503 ``busy`` with ``Retry-After``. A verify re-executes
the whole log, so at most ``verifies`` run at once in a server (503 ``busy`` past that), and the
report of each game's head is kept (``reports`` of them, the least recently asked dropped first)
and answered again until the log moves on.

With --db a game's turn runs on one connection leased from the server's pool for the turn (a
verify on two), given back when it ends; a request that finds none free within the pool's wait is
answered 503 ``busy`` with ``Retry-After`` (bodies.py), so no request waits past that.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import OrderedDict
from dataclasses import dataclass
from typing import AsyncIterator, Callable, TypeVar

from starlette.concurrency import run_in_threadpool

from . import bodies as B
from .games import Entry, Games

T = TypeVar("T")


@dataclass(frozen=True)
class Limits:
    """The bounds on one request's work (docs/serve.md "Limits")."""

    read_timeout: float = B.READ_TIMEOUT  # seconds for each part of a body
    queue: int = 16  # requests waiting for one game
    verifies: int = 2  # verifies running at once in the server
    reports: int = 256  # verify reports kept, one per game
    refusals: int = 600  # refused requests a minute per client address before they wait (front.py)


def busy(what: str) -> B.Refused:
    return B.Refused(503, "busy", f"{what}; try again in a second", headers={"Retry-After": "1"})


class Hold:
    """The games of a server as its requests hold them (see the module's docstring)."""

    def __init__(self, games: Games, limits: Limits):
        self.games, self.limits = games, limits
        self.verifying = 0
        self.reports: OrderedDict[str, object] = OrderedDict()
        self.verified = 0  # how many verifies ran (a test counts them)

    @contextlib.asynccontextmanager
    async def entry(self, gid: str) -> AsyncIterator[Entry]:
        """The game ``gid``, kept open until the block ends (its seat file is read off the event
        loop; its log is opened in its turn, ``run``)."""
        # a game already open is taken and given back on the event loop: no thread for either
        found = self.games.held(gid)
        if found is None:
            found = await run_in_threadpool(self.games.take, gid)
        try:
            yield found
        finally:
            if not self.games.let_go(found):
                await run_in_threadpool(self.games.give, found)

    async def run(self, entry: Entry, fn: Callable[[Entry], T]) -> T:
        """``fn(entry)`` in a pool thread once the game's turn comes; 503 when its queue is full."""
        if entry.queued >= self.limits.queue:
            raise busy(f"{self.limits.queue} requests are waiting for this game already")
        entry.queued += 1
        try:
            if entry.turn is None:
                entry.turn = asyncio.Lock()
            async with entry.turn:

                def locked() -> T:  # one database connection for the whole turn (--db)
                    with entry.lock, self.games.lease():
                        return fn(entry)

                return await run_in_threadpool(locked)
        finally:
            entry.queued -= 1

    async def verify(self, entry: Entry):
        """The verify report of the game's head: the one kept if the head has not moved."""
        from ...verify import verify_path

        seq, digest = await self.run(entry, lambda e: e.game.log.last())
        kept = self.reports.get(entry.id)
        if kept is not None and _of_head(kept, seq, digest):
            self.reports.move_to_end(entry.id)
            return kept
        if self.verifying >= self.limits.verifies:
            raise busy(f"{self.limits.verifies} verifies are running on this server already")
        self.verifying += 1
        try:
            def verify() -> object:  # --db: two connections, the log's view and the schema's
                with self.games.lease(2):
                    return verify_path(self.games.target(entry.id), seed=entry.seed,
                                       seed_file=self.games.seed_file(entry.id))

            report = await run_in_threadpool(verify)
            self.verified += 1
        finally:
            self.verifying -= 1
        self.reports[entry.id] = report
        self.reports.move_to_end(entry.id)
        while len(self.reports) > self.limits.reports:
            self.reports.popitem(last=False)
        return report


def _of_head(report, seq: int, digest: str) -> bool:
    """Whether ``report`` verified the log up to this head (it names the hash by a prefix)."""
    at, _sep, prefix = getattr(report, "head", "").partition(":")
    return at == str(seq) and bool(prefix) and digest.startswith(prefix)
