"""The server's poller (poller.py ``Poller``, pollgate.py) queries a followed SQLite game's
``data_version`` only when the game's ``-wal`` file changed, looks at a game idle for a while every
``IDLE_EVERY`` seconds instead of every tick, and queries every game at least every ``FORCED`` seconds:
idle games cost a stat now and then, not a query per tick, and no commit is missed (one by another
connection reaches the hub within a tick while its game is active, within ``IDLE_EVERY`` once idle,
within ``FORCED`` even when the file's marks hide it). Counted: the clock is the test's, the ticks are
called one by one, no thread and no sleep."""

from __future__ import annotations

import os
import shutil
import time

import pytest

from serve_helpers import needs_starlette

needs_starlette()

from turnlog.engine import scenario  # noqa: E402
from turnlog.engine.commands import AddNote  # noqa: E402
from turnlog.engine.faces.serve import pollgate as G  # noqa: E402
from turnlog.engine.faces.serve import poller as P  # noqa: E402
from turnlog.engine.game import Game  # noqa: E402
from turnlog.events.log import EventLog  # noqa: E402
from turnlog.events.store import open_log  # noqa: E402

GAMES = 40
EVERY = P.FOLLOW_POLL


class _Hub:
    def __init__(self) -> None:
        self.woken: list[int] = []

    def wake(self, seq: int) -> None:
        self.woken.append(seq)


class _Loop:
    """Runs what the poller hands to a hub's event loop at once."""

    def call_soon_threadsafe(self, call) -> None:
        call()


class _Pending:
    def done(self) -> bool:
        return False


class _Clock:
    """The poller's two clocks moved together by the test: monotonic, and the wall clock files carry."""

    def __init__(self) -> None:
        self.now, self.wall = 1000.0, time.time()

    def ticks(self, poller: P.Poller, games: list, n: int = 1) -> None:
        for _ in range(n):
            self.now += EVERY
            self.wall += EVERY
            poller.tick(games, self.now, self.wall)


@pytest.fixture
def followed(tmp_path, monkeypatch):
    """``GAMES`` followed games (copies of one new game) on a poller, their wal files an hour old;
    yields (poller, games, hubs, dbs, queries, clock): ``queries`` lists each game queried."""
    first = tmp_path / "g0.db"
    Game.create(first, scenario.load("bridgehead-14-65"), seed=bytes(32), public_seed=True).close()
    dbs = [first] + [shutil.copyfile(first, tmp_path / f"g{i}.db") for i in range(1, GAMES)]
    queries: list[str] = []
    version = EventLog.data_version

    def counted(self):
        queries.append(self.path.name)
        return version(self)

    monkeypatch.setattr(EventLog, "data_version", counted)
    clock, poller = _Clock(), P.Poller(EVERY)
    hubs = [_Hub() for _ in dbs]
    waiters = [open_log(db, readonly=True) for db in dbs]
    games = [(hub, P._Polled(w, _Loop(), _Pending())) for hub, w in zip(hubs, waiters)]  # type: ignore[arg-type]
    for _hub, polled in games:
        polled.gate = G.Gate(polled.waiter.path, clock.now)
        _age(polled.waiter.path)
    yield poller, games, hubs, dbs, queries, clock
    for w in waiters:
        w.close()


def _age(db) -> None:
    """Stamp the game's wal file an hour back (as if its last write were that old)."""
    old = time.time() - 3600
    os.utime(f"{db}-wal", (old, old))


def _note(db, text: str) -> int:
    """Commit a note through a connection of its own, as another process would."""
    with Game.open(db) as g:
        g.execute(AddNote(text=text))
        return g.state.seq


def test_active_idle_games_are_queried_once_then_only_stat_until_their_file_changes(followed):
    poller, games, hubs, dbs, queries, clock = followed
    clock.ticks(poller, games)
    assert len(queries) == GAMES and all(len(h.woken) == 1 for h in hubs)  # the first look: each head
    queries.clear()
    clock.ticks(poller, games, 20)
    assert queries == []  # a second of ticks, no game moved: no query at all
    seq = _note(dbs[7], "to game 7")
    clock.ticks(poller, games)
    assert queries == ["g7.db"] and hubs[7].woken[-1] == seq
    assert [len(h.woken) for i, h in enumerate(hubs) if i != 7] == [1] * (GAMES - 1)


def test_idle_games_are_looked_at_every_idle_interval_and_queried_every_forced_interval(followed,
                                                                                      monkeypatch):
    poller, games, hubs, dbs, queries, clock = followed
    looks: list[str] = []
    look = G.Gate.look

    def counted(self, now, wall, every):
        looks.append(self.wal)
        return look(self, now, wall, every)

    monkeypatch.setattr(G.Gate, "look", counted)
    clock.ticks(poller, games, round(G.ACTIVE_FOR / EVERY) + 1)  # every game idle from now on
    looks.clear()
    queries.clear()
    idle_ticks = round(G.FORCED / EVERY)
    clock.ticks(poller, games, idle_ticks)
    per_tick = len(queries) / idle_ticks
    assert len(looks) <= GAMES * (G.FORCED / G.IDLE_EVERY + 1)  # a stat per game per idle interval
    assert 0 < len(queries) <= GAMES and per_tick <= GAMES * EVERY / G.FORCED + 1, (len(queries), per_tick)
    seq = _note(dbs[3], "to an idle game")
    ticks = 0
    while hubs[3].woken[-1] != seq and ticks <= G.IDLE_EVERY / EVERY + 1:
        clock.ticks(poller, games)
        ticks += 1
    assert hubs[3].woken[-1] == seq and ticks * EVERY <= G.IDLE_EVERY + EVERY, ticks


def test_a_commit_the_files_marks_hide_is_found_by_the_forced_query(followed, monkeypatch):
    poller, games, hubs, dbs, queries, clock = followed
    clock.ticks(poller, games)
    real_stat = os.stat
    frozen = {str(db) + "-wal": real_stat(f"{db}-wal") for db in dbs}
    monkeypatch.setattr(G, "stat", lambda path: frozen.get(str(path)) or real_stat(path))
    seq = _note(dbs[5], "hidden from the stat")
    clock.ticks(poller, games, round(G.FORCED / EVERY) - 2)
    assert len(hubs[5].woken) == 1  # the file looks unchanged: no query yet
    clock.ticks(poller, games, 3)
    assert hubs[5].woken[-1] == seq
