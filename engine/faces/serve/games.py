"""The games one server hosts: their ids, where each lives under --dir, and the open Game of each.

A game id is ``secrets.token_urlsafe(16)`` (128 random bits) and is checked against ``GAME_ID``
before any path or URL is built from it, so no id reaches outside the directory. A game is its log
(``ID.db`` in --dir, or ``game=ID`` in the PostgreSQL database of --db), its seed sidecar
(``ID.db.seed`` or ``ID.seed``) and its seat sidecar ``ID.seats.json`` (auth.py), all in --dir; a
log without a seat sidecar is not served (a creation that stopped half way).

One Game is kept open per game, with a lock: requests for one game run one at a time, so the live
board of this process never races itself. A write from elsewhere (another server on the same
PostgreSQL database, a `turnlog play` on the file) is seen by comparing the log's head with the live
board's seq before each request and folding again when they differ; a write that loses a race
between two servers gets the store's ConcurrencyError, which the API answers 409.
"""

from __future__ import annotations

import re
import secrets
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from turnlog.events.store import is_url

from ...errors import CommandError
from ...game import Game
from . import auth

if TYPE_CHECKING:
    from ..html_live import Live

#: What ``secrets.token_urlsafe(16)`` gives: 22 characters of the URL-safe base64 alphabet.
GAME_ID = re.compile(r"[A-Za-z0-9_-]{22}")


class NoSuchGame(Exception):
    """No game is served under this id (malformed, unknown, or without its seat sidecar)."""


class Entry:
    """One hosted game: the open Game, its lock and its seat tokens' hashes."""

    def __init__(self, gid: str, game: Game, seats: auth.Seats):
        self.id = gid
        self.game = game
        self.seats = seats
        self.lock = threading.Lock()
        self.live: Live | None = None  # the replay page's data, made when a page first asks (page.py)

    def fresh(self) -> Game:
        """The Game with its live board at the log's head (call under ``lock``)."""
        g = self.game
        if g.log.last()[0] != g.state.seq:  # another process or server wrote: fold again
            g.state = g.at()
        return g


class Games:
    """The folder of hosted games (``--dir``), their logs there or in PostgreSQL (``--db``)."""

    def __init__(self, folder: str | Path, db: str | None = None, synchronous: str = "FULL"):
        self.dir = Path(folder).resolve()
        if db is not None and ("game=" in db or not is_url(db)):
            raise CommandError(
                "--db: a postgresql:// URL of the database, without game= (the server names "
                "each game)"
            )
        self.db = db
        self.synchronous = synchronous
        self._open: dict[str, Entry] = {}
        self._guard = threading.Lock()

    def check_id(self, gid: str) -> str:
        if not GAME_ID.fullmatch(gid):
            raise NoSuchGame(gid)
        return gid

    def target(self, gid: str) -> str | Path:
        """Where game ``gid``'s log is: a file in --dir or a game in --db's database."""
        self.check_id(gid)
        if self.db:
            return f"{self.db}{'&' if '?' in self.db else '?'}game={gid}"
        return self.dir / f"{gid}.db"

    def seed_file(self, gid: str) -> Path:
        return self.dir / (f"{self.check_id(gid)}.seed" if self.db else f"{gid}.db.seed")

    def create(
        self, scenario, *, listed: bool = False, joint: dict | None = None
    ) -> tuple[str, dict[str, str]]:
        """A new game of ``scenario`` (seated); return its id and each seat's token, shown once.

        ``joint``: joint dice, holder -> the public record of its key (no seed: the server holds
        no share of any roll)."""
        self.dir.mkdir(parents=True, exist_ok=True)
        gid = secrets.token_urlsafe(16)
        actors = auth.actors(scenario.seats)
        game = Game.create(
            self.target(gid),
            scenario,
            seed_file=self.seed_file(gid),
            synchronous=self.synchronous,
            joint=joint or None,
        )
        tokens = {actor: auth.new_token() for actor in actors}
        seats = auth.Seats.of(tokens, listed=listed, name=scenario.name)
        auth.write(self.dir, gid, seats)  # the game is served only once this is on disk
        with self._guard:
            self._open[gid] = Entry(gid, game, seats)
        return gid, tokens

    def entry(self, gid: str) -> Entry:
        """The open game ``gid`` (opened on first use), or NoSuchGame."""
        self.check_id(gid)
        with self._guard:
            found = self._open.get(gid)
            if found is not None:
                return found
            seats = auth.read(self.dir, gid)
            if seats is None:
                raise NoSuchGame(gid)
            game = Game.open(
                self.target(gid), seed_file=self.seed_file(gid), synchronous=self.synchronous
            )
            found = self._open[gid] = Entry(gid, game, seats)
            return found

    def listed(self) -> list[tuple[str, auth.Seats]]:
        """The games created as listed (a private one is reached only by whoever has its id)."""
        out = []
        for path in sorted(self.dir.glob("*" + auth.SUFFIX)):
            gid = path.name[: -len(auth.SUFFIX)]
            seats = auth.read(self.dir, gid) if GAME_ID.fullmatch(gid) else None
            if seats is not None and seats.listed:
                out.append((gid, seats))
        return out

    def count(self) -> int:
        """How many games the folder holds (their seat sidecars)."""
        return sum(1 for _ in self.dir.glob("*" + auth.SUFFIX)) if self.dir.is_dir() else 0

    def close(self) -> None:
        with self._guard:
            for found in self._open.values():
                found.game.close()
            self._open.clear()
