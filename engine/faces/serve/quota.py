"""How many games a server creates: at most ``per_client`` per client address in any hour, and at
most ``total`` in its folder or database; past either, creation is refused 429 (rule ``quota``).

The client is the connection's address (Starlette's ``request.client``): a server behind a reverse
proxy sees the proxy's unless --forwarded-allow-ips names that proxy (docs/serve.md "Deployment").
Here the hourly counts are this process's memory (a restart forgets them; the total is read from
the folder, so it holds across restarts). With --db both are counted in the database instead, under
one lock, so they hold across every server of it (pgregistry.py).
"""

from __future__ import annotations

import threading
import time
from collections import deque
from typing import Callable

from . import bodies as B

HOUR = 3600.0
#: The defaults of `turnlog serve` (--max-games, --max-games-per-client).
TOTAL, PER_CLIENT = 10_000, 20


class Quota:
    """The creation counts; ``clock``: seconds, monotonic (a test moves it)."""

    def __init__(self, total: int = TOTAL, per_client: int = PER_CLIENT,
                 clock: Callable[[], float] = time.monotonic):
        self.total, self.per_client, self.clock = total, per_client, clock
        self._made: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def take(self, client: str, existing: Callable[[], int]) -> None:
        """Count one creation by ``client``, or refuse it (429) and count nothing.

        ``existing()``: how many games the folder holds now.
        """
        with self._lock:
            now = self.clock()
            times = self._made.setdefault(client, deque())
            while times and now - times[0] >= HOUR:
                times.popleft()
            if len(times) >= self.per_client:
                raise self.over_client(len(times), int(HOUR - (now - times[0])) + 1)
            if existing() >= self.total:
                raise self.over_total()
            times.append(now)
            if len(self._made) > 4 * self.total:  # many addresses: forget those an hour old
                self._made = {k: v for k, v in self._made.items() if now - v[-1] < HOUR}

    def over_client(self, made: int, wait: int) -> B.Refused:
        """The refusal of a client past its hourly count; ``wait``: seconds until one more passes."""
        return B.Refused(
            429, "quota", f"quota: this address made {made} games in the last hour, the most a "
            f"server allows (--max-games-per-client); try again in {wait} s", retry_after=wait)

    def over_total(self) -> B.Refused:
        """The refusal of a creation past the games the server (or its database) may hold."""
        return B.Refused(429, "quota", f"quota: this server holds {self.total} games, the most it "
                         "allows (--max-games)")

    def give_back(self, client: str) -> None:
        """Uncount the last creation of ``client`` (it failed: nothing was created)."""
        with self._lock:
            times = self._made.get(client)
            if times:
                times.pop()
