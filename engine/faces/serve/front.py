"""What the server does with every request before its route: count it while it runs, and answer
it late when it is refused and its client's address has spent its budget of refusals.

**Requests running.** The followers' pushes give way to requests (hub.py): a wake sets its next
slice of streams going only once no request is running, or after ``GIVE`` seconds, so a request
that arrives during a fan-out to hundreds of streams waits for one slice, not for all of them, and
its worker thread is not kept waiting for the interpreter by the event loop's sends. Streams
(``/events``) are not counted: they run for as long as their clients follow (a refused one
spends a strike all the same).

**Refusals.** A request refused as input (``STRIKES``: malformed, unauthorised, unknown, too
large, over the quota) spends one of its address's ``per_minute`` strikes, which come back at
``per_minute`` a minute. Past them its answer waits ``LATE`` seconds before it is sent: the
connection is held and no work is done meanwhile, so a client sending refused requests back to
back gets one answer per connection a second instead of hundreds, and its flood stops taking the
turns of the event loop other requests need. The rules' own refusals (403 of a seat, 409, 422)
are play, not strikes; an answer that is not a refusal is never delayed, so a player who shares
an address (behind one NAT) with a flooding client loses nothing but the speed of its own
refusals. At most ``HELD`` answers per address wait at once: one past that is sent at once and
closes its connection. ``per_minute`` 0 turns the budget off (``--refusals-per-minute``).
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from typing import Callable

#: The statuses that spend a strike: the answers to input no rule of a game judges.
STRIKES = frozenset({400, 401, 404, 405, 408, 411, 413, 414, 415, 429, 431})
#: Seconds a refusal past its address's budget waits before it is sent.
LATE = 1.0
#: Answers of one address waiting at once; past that, sent at once with ``Connection: close``.
HELD = 64
#: Addresses whose budgets are kept (the least recently refused forgotten first).
ADDRESSES = 65_536
#: Seconds a wake's next slice of streams waits at most for the requests running to end.
GIVE = 0.01


class Running:
    """How many requests run now (streams aside), and what to do once none does."""

    def __init__(self) -> None:
        self.count = 0
        self.idle: dict[Callable[[], None], None] = {}  # in the order they came

    def enter(self) -> None:
        self.count += 1

    def leave(self) -> None:
        self.count -= 1
        if self.count <= 0 and self.idle:
            calls, self.idle = self.idle, {}
            for call in calls:
                call()

    def after(self, call: Callable[[], None]) -> None:
        """``call()`` in a later turn of this event loop, once no request runs (or ``GIVE``
        seconds from now, whichever comes first): a push never waits on requests for long."""
        loop = asyncio.get_running_loop()
        if self.count <= 0:
            loop.call_soon(call)
            return
        done = False

        def once() -> None:
            nonlocal done
            if not done:
                done = True
                timer.cancel()
                self.idle.pop(once, None)  # let go by its timer: nothing left behind
                loop.call_soon(call)

        timer = loop.call_later(GIVE, once)
        self.idle[once] = None


#: The requests of this process's server (one event loop serves them all).
RUNNING = Running()


class Budget:
    """The strikes each client address has left (see the module's docstring)."""

    def __init__(self, per_minute: int, clock: Callable[[], float] = time.monotonic):
        self.per_minute, self.clock = per_minute, clock
        self.left: OrderedDict[str, tuple[float, float]] = OrderedDict()  # strikes, when counted
        self.held: dict[str, int] = {}

    def strike(self, host: str) -> bool:
        """Spend one of ``host``'s strikes; False when it had none left (answer it late)."""
        if not self.per_minute:
            return True
        now = self.clock()
        left, then = self.left.pop(host, (float(self.per_minute), now))
        left = min(float(self.per_minute), left + (now - then) * self.per_minute / 60.0)
        spent = left >= 1.0
        self.left[host] = (left - 1.0 if spent else left, now)
        if len(self.left) > ADDRESSES:
            self.left.popitem(last=False)
        return spent

    def hold(self, host: str) -> bool:
        """Count one more answer of ``host`` held back; False when ``HELD`` wait already."""
        if self.held.get(host, 0) >= HELD:
            return False
        self.held[host] = self.held.get(host, 0) + 1
        return True

    def let_go(self, host: str) -> None:
        self.held[host] -= 1
        if not self.held[host]:
            del self.held[host]

    async def late(self, host: str, running: bool = True) -> bool:
        """Wait ``LATE`` seconds before ``host``'s refusal is sent; False (no wait) when ``HELD``
        of its answers wait already: that one is sent at once and closes its connection.
        ``running``: the request is counted in ``RUNNING`` (uncounted while it waits)."""
        if not self.hold(host):
            return False
        if running:
            RUNNING.leave()  # a held answer does no work: pushes need not give way to it
        try:
            await asyncio.sleep(LATE)
        finally:
            if running:
                RUNNING.enter()
            self.let_go(host)
        return True


class Front:
    """The ASGI middleware that counts each request running and times its refusals."""

    def __init__(self, app, budget: Budget):
        self.app, self.budget = app, budget

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        host = (scope.get("client") or ("",))[0]
        budget = self.budget
        # a stream runs for as long as its client follows: not counted, but its refusal is one
        stream = scope["path"].endswith("/events")

        async def sending(message) -> None:
            if (message["type"] == "http.response.start" and message["status"] in STRIKES
                    and not budget.strike(host) and not await budget.late(host, not stream)):
                message = {**message, "headers": [*message.get("headers", ()),
                                                  (b"connection", b"close")]}
            await send(message)

        if stream:
            await self.app(scope, receive, sending)
            return
        RUNNING.enter()
        try:
            await self.app(scope, receive, sending)
        finally:
            RUNNING.leave()
