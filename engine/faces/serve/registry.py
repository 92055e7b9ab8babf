"""Which games a server serves, kept in files under --dir: each game's seat sidecar ``ID.seats.json``.

The sidecar (auth.py) holds the seat tokens' hashes, the game's name and whether it is listed; its
seed stays in the seed sidecar the game was created with. The creation quota of a folder is this
process's memory (quota.py). With --db the same registry lives in the database (pgregistry.py), so
that servers sharing only the database serve every game.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Protocol

from . import auth

class Quota(Protocol):
    """What a registry asks of the creation quota (quota.py ``Quota``; named here, not imported:
    quota.py answers through bodies.py, which names the games)."""

    total: int
    per_client: int

    def take(self, client: str, existing: Callable[[], int]) -> None: ...
    def give_back(self, client: str) -> None: ...
    def over_client(self, made: int, wait: int) -> Exception: ...
    def over_total(self) -> Exception: ...


#: What a creation's ``make`` gives: the seats to register and the seed (None: joint dice).
Made = tuple[auth.Seats, "bytes | None"]


class FileRegistry:
    """The seat sidecars of ``folder``; a game is served once its sidecar is on disk."""

    def __init__(self, folder: Path, is_id: Callable[[str], bool]):
        self.dir, self._is_id = folder, is_id

    def read(self, gid: str) -> tuple[auth.Seats, bytes | None] | None:
        """The game's seats, and None for its seed (read from its seed sidecar); None if unserved."""
        seats = auth.read(self.dir, gid)
        return None if seats is None else (seats, None)

    def admit(self, gid: str, client: str, quota: Quota | None, make: Callable[[], Made]) -> None:
        """Count the creation against ``quota``, ``make()`` the game, then write its sidecar.

        A creation that fails is not counted; the caller removes what ``make`` wrote.
        """
        if quota is not None:
            quota.take(client, self.count)
        try:
            seats, _seed = make()  # the seed is in the sidecar Game.create wrote
            auth.write(self.dir, gid, seats)  # the game is served only once this is on disk
        except BaseException:
            if quota is not None:
                quota.give_back(client)
            raise

    def listed(self) -> list[tuple[str, auth.Seats]]:
        """The games created as listed (a private one is reached only by whoever has its id)."""
        out = []
        for path in sorted(self.dir.glob("*" + auth.SUFFIX)):
            gid = path.name[: -len(auth.SUFFIX)]
            seats = auth.read(self.dir, gid) if self._is_id(gid) else None
            if seats is not None and seats.listed:
                out.append((gid, seats))
        return out

    def count(self) -> int:
        """How many games the folder holds (their seat sidecars)."""
        return sum(1 for _ in self.dir.glob("*" + auth.SUFFIX)) if self.dir.is_dir() else 0

    def check(self) -> None:
        """Nothing to open before the first request: the folder was checked (run.py)."""

    def close(self) -> None:
        """Nothing is held open between requests."""
