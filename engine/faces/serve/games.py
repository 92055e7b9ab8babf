"""The games one server hosts: their ids, where each lives under --dir, and the open Game of each.

A game id is ``secrets.token_urlsafe(16)`` (128 random bits) and is checked against ``GAME_ID``
before any path or URL is built from it, so no id reaches outside the directory. A game is its log
and its entry in the registry: in --dir, the log ``ID.db``, its seed sidecar ``ID.db.seed`` and its
seat sidecar ``ID.seats.json`` (registry.py, auth.py); with --db, the log ``game=ID`` in that
PostgreSQL database and its seats and seed in the database's registry tables (pgregistry.py), so
servers sharing only the database serve every game. A log the registry does not name is not served
(a creation that stopped half way in --dir, a game `turnlog new --db` made).

At most ``keep`` games are kept open (their file, its -wal and -shm; with --db no connection: every
call of a game borrows one of the server's pool, ``lease``), the least recently used closed first,
and only when no request holds it (``take`` and ``give`` count the requests inside); a game closed
so is opened again on its next request. A game
open is one Game with a lock: requests for one game run one at a time, so the live board of this
process never races itself. A write from elsewhere (another server on the same
PostgreSQL database, a `turnlog play` on the file) is seen by comparing the log's head with the live
board's seq before each request and folding again when they differ; a write that loses a race
between two servers gets the store's ConcurrencyError, which the API answers 409.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import secrets
import tempfile
import threading
from collections import OrderedDict
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterator

from turnlog.events.store import is_url, redacted, split_url

from ... import dice as D
from ...errors import CommandError
from ...game import Game
from . import auth
from .registry import FileRegistry, Quota

if TYPE_CHECKING:
    from turnlog.events.pgpool import Pool

    from ..html.live import Live
    from .pgregistry import PgRegistry

#: What ``secrets.token_urlsafe(16)`` gives: 22 characters of the URL-safe base64 alphabet.
GAME_ID = re.compile(r"[A-Za-z0-9_-]{22}")
#: How many games a server keeps open by default (--max-open-games).
KEEP = 64
#: The database connections a server with --db holds at most (--pg-pool-size; its followers'
#: listener is one more), and how long a request waits for one before it is answered 503 busy.
POOL, POOL_WAIT = 10, 2.0
#: SET synchronous_commit for each --synchronous level (as the store's own, events/pglog.py).
SYNC = {"OFF": "off", "NORMAL": "local", "FULL": "on", "EXTRA": "on"}
#: The files a game is in --dir, after its id (a log in PostgreSQL has only the seed's and seats').
FILES = (".db", ".db-wal", ".db-shm", ".db-journal", ".db.seed", ".seed", auth.SUFFIX)
LOG = logging.getLogger("turnlog.serve")


class NoSuchGame(Exception):
    """No game is served under this id (malformed, unknown, or without its seat sidecar)."""


class Entry:
    """One hosted game: its Game (opened on first use, under ``lock``), its lock, its seat
    tokens' hashes and, with --db, its seed (None: the seed is in its sidecar, or joint dice)."""

    def __init__(self, gid: str, opener: Callable[[], Game], seats: auth.Seats,
                 seed: bytes | None = None):
        self.id = gid
        self._opener = opener
        self._game: Game | None = None
        self.seats = seats
        self.seed = seed
        self.lock = threading.Lock()
        self.live: Live | None = None  # the replay page's data, made when a page first asks (page.py)
        self.replay_answer: tuple[tuple, bytes] | None = None  # the last /replay answer, encoded (page.py)
        self.users = 0  # requests holding this entry (Games.take): it is closed only at none
        self.queued = 0  # requests waiting for or holding ``turn`` (app.py)
        self.turn: asyncio.Lock | None = None  # made on the event loop by its first request
        # whether its seats sign their lines (seat keys are declared when the game is made, never
        # after): read in its first command's turn, then known with no turn (app.py)
        self.signed: bool | None = None

    @property
    def game(self) -> Game:
        """The Game, opened (its log replayed) on first use: call under ``lock``, in the game's
        turn, so that a slow open keeps only this game's requests waiting."""
        if self._game is None:
            self._game = self._opener()
        return self._game

    def close(self) -> None:
        with self.lock:
            if self._game is not None:
                self._game.close()
                self._game = None

    def fresh(self) -> Game:
        """The Game with its live board at the log's head (call under ``lock``)."""
        g = self.game
        if g.log.last()[0] != g.state.seq:  # another process or server wrote: fold again
            g.state = g.at()
        return g


class Games:
    """The hosted games: in a folder (``--dir``), or in a PostgreSQL database (``--db``), where
    the folder, if one is given, holds only the seeds and seat files of games registered before."""

    def __init__(self, folder: str | Path | None, db: str | None = None,
                 synchronous: str = "FULL", keep: int = KEEP, pool_size: int = POOL,
                 pool_wait: float = POOL_WAIT):
        if db is not None and ("game=" in db or not is_url(db)):
            raise CommandError(
                "--db: a postgresql:// URL of the database, without game= (the server names "
                "each game)"
            )
        if folder is None and db is None:
            raise CommandError("serve: give --dir (a folder of games) or --db (a database of them)")
        self.dir = Path(folder).resolve() if folder is not None else None
        files = FileRegistry(self.dir, self.is_id) if self.dir is not None else None
        self.registry: FileRegistry | PgRegistry
        self.pool: Pool | None = None
        if db is None:
            assert files is not None
            self.registry = files
        else:
            from turnlog.events import pgpool

            from .pgregistry import PgRegistry

            conninfo = split_url(db + ("&" if "?" in db else "?") + "game=_")[0]
            self.pool = pgpool.Pool(conninfo, pool_size, wait=pool_wait, path=redacted(db),
                                    synchronous=SYNC[synchronous.upper()])
            self.pool.open()
            pgpool.register(self.pool)
            self.registry = PgRegistry(self.pool)
        self._earlier = files if db is not None else None  # sidecars of games served before --db
        self.db = db
        self.synchronous = synchronous
        self.keep = keep
        self._open: OrderedDict[str, Entry] = OrderedDict()
        self._guard = threading.Lock()
        self.opened = 0  # how many times a game was opened (the tests count reopenings)

    def lease(self, n: int = 1) -> contextlib.AbstractContextManager:
        """Hold ``n`` of the pool's connections for one piece of work in this thread (with --db;
        nothing without): every game and the registry it touches meanwhile use them."""
        return self.pool.lease(n) if self.pool is not None else contextlib.nullcontext()

    def is_id(self, gid: str) -> bool:
        return GAME_ID.fullmatch(gid) is not None

    def check_id(self, gid: str) -> str:
        if not GAME_ID.fullmatch(gid):
            raise NoSuchGame(gid)
        return gid

    def target(self, gid: str) -> str | Path:
        """Where game ``gid``'s log is: a file in --dir or a game in --db's database."""
        self.check_id(gid)
        if self.db:
            return f"{self.db}{'&' if '?' in self.db else '?'}game={gid}"
        assert self.dir is not None  # a folder or a database: Games requires one
        return self.dir / f"{gid}.db"

    def seed_file(self, gid: str) -> Path | None:
        """The seed sidecar of a game in --dir (with --db: of a game served before the registry
        moved into the database); None without a folder."""
        if self.dir is None:
            return None
        return self.dir / (f"{self.check_id(gid)}.seed" if self.db else f"{gid}.db.seed")

    def create(self, scenario, *, listed: bool = False, joint: dict | None = None,
               client: str = "", quota: Quota | None = None) -> tuple[str, dict[str, str]]:
        """A new game of ``scenario`` (seated); return its id and each seat's token, shown once.

        ``joint``: joint dice, holder -> the public record of its key (no seed: the server holds
        no share of any roll). ``quota`` counts the creation as ``client``'s, atomically with the
        game's registration. A creation that fails part way removes the files it wrote."""
        gid = new_id()
        tokens = {actor: auth.new_token() for actor in auth.actors(scenario.seats)}
        seats = auth.Seats.of(tokens, listed=listed, name=scenario.name)

        def make() -> tuple[auth.Seats, bytes | None]:
            seed = D.new_seed()
            with self._seed_place(gid) as seed_file:
                Game.create(self.target(gid), scenario, seed=seed, seed_file=seed_file,
                            synchronous=self.synchronous, joint=joint or None).close()
            return seats, None if joint else seed

        try:
            self.registry.admit(gid, client, quota, make)
        except BaseException:
            self._remove(gid)
            raise
        return gid, tokens

    @contextlib.contextmanager
    def _seed_place(self, gid: str) -> Iterator[Path]:
        """Where Game.create writes the seed: the sidecar in --dir, or (with --db, whose registry
        keeps it) a file in a private temporary folder, removed once the game is made."""
        if self.db is None:
            assert self.dir is not None
            self.dir.mkdir(parents=True, exist_ok=True)
            yield self.dir / f"{gid}.db.seed"
            return
        with tempfile.TemporaryDirectory(prefix="turnlog-seed-") as tmp:  # mode 0700
            yield Path(tmp) / f"{gid}.seed"

    def _remove(self, gid: str) -> None:
        """Remove what a failed creation wrote in --dir (in PostgreSQL its transaction left nothing)."""
        if self.db is not None or self.dir is None:
            return
        for suffix in FILES:
            try:
                (self.dir / (gid + suffix)).unlink(missing_ok=True)
            except OSError as err:
                LOG.error("a failed creation left %s%s: %s", gid, suffix, err)

    def take(self, gid: str) -> Entry:
        """The game ``gid``, held until ``give``; or NoSuchGame. Only its registry entry is read
        here: its log is opened by its first request's turn (``Entry.game``)."""
        self.check_id(gid)
        known = None
        while True:
            with self._guard:
                found = self._open.get(gid)
                if found is None and known is not None:
                    found = self._open[gid] = self._entry(gid, *known)
                if found is not None:
                    self._open.move_to_end(gid)
                    found.users += 1
                    closing = self._over()
                    break
            known = self.registry.read(gid)  # a small file or a query, outside the guard
            if known is None and self._earlier is not None:
                known = self._earlier.read(gid)
            if known is None:
                raise NoSuchGame(gid)
        _close(closing)
        return found

    def _entry(self, gid: str, seats: auth.Seats, seed: bytes | None) -> Entry:
        return Entry(gid, lambda: self._game(gid, seed), seats, seed)

    def _game(self, gid: str, seed: bytes | None) -> Game:
        game = Game.open(self.target(gid), seed=seed, seed_file=self.seed_file(gid),
                         synchronous=self.synchronous)
        self.opened += 1
        return game

    def held(self, gid: str) -> Entry | None:
        """``take`` of a game already open, when that is all it takes (nothing read, nothing to
        close): the event loop's fast way, with no thread; None when ``take`` must run."""
        self.check_id(gid)
        with self._guard:
            found = self._open.get(gid)
            if found is None or len(self._open) > self.keep:
                return None
            self._open.move_to_end(gid)
            found.users += 1
            return found

    def let_go(self, entry: Entry) -> bool:
        """``give`` when it closes nothing (the event loop's fast way); False: call ``give``."""
        with self._guard:
            if len(self._open) > self.keep:
                return False
            entry.users -= 1
            return True

    def give(self, entry: Entry) -> None:
        """The request holding ``entry`` is done with it; close what is past the bound."""
        with self._guard:
            entry.users -= 1
            closing = self._over()
        _close(closing)

    def _over(self) -> list[Entry]:
        """Take out the least recently used games no request holds, past ``keep`` (under guard)."""
        out = []
        for gid in list(self._open):
            if len(self._open) <= self.keep:
                break
            if self._open[gid].users == 0:
                out.append(self._open.pop(gid))
        return out

    def is_open(self, gid: str) -> bool:
        return gid in self._open

    def listed(self) -> list[tuple[str, auth.Seats]]:
        """The games created as listed (a private one is reached only by whoever has its id)."""
        return self.registry.listed()

    def count(self) -> int:
        """How many games are registered."""
        return self.registry.count()

    def close(self) -> None:
        with self._guard:
            closing = list(self._open.values())
            self._open.clear()
        _close(closing)
        self.registry.close()
        if self.pool is not None:
            from turnlog.events import pgpool

            pgpool.unregister(self.pool)
            self.pool.close()


def new_id() -> str:
    """A fresh game id; never one that begins with '-', which a command line reads as an option."""
    while True:
        gid = secrets.token_urlsafe(16)
        if not gid.startswith("-"):
            return gid


def _close(entries: list[Entry]) -> None:
    for found in entries:
        found.close()
