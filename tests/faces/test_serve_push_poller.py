"""One poller thread per server watches every followed SQLite game: each tick it reads each game's
``data_version`` on that game's watch connection and wakes only the hubs whose version moved, so a
commit made by another connection (a `turnlog play` beside the server) still reaches the game's
followers, and 50 followed games cost one thread, not 50. The thread ends with the last follower
and starts again with the next. Counted, not timed: each wait below is a bound, never a measure."""

from __future__ import annotations

import asyncio
import shutil
import threading
from collections import Counter

from serve_helpers import needs_starlette

needs_starlette()

from turnlog.engine import scenario  # noqa: E402
from turnlog.engine.commands import AddNote  # noqa: E402
from turnlog.engine.faces.serve import push as P  # noqa: E402
from turnlog.engine.game import Game  # noqa: E402
from turnlog.events.log import EventLog  # noqa: E402

GAMES = 50
RETRY = b"retry: 1000\n\n"


async def _receive():
    await asyncio.Event().wait()  # a client that never leaves
    return {"type": "http.disconnect"}


def _games(tmp_path, n: int) -> tuple[list, int]:
    """``n`` copies of one new game's file (a copy is a game of its own) and their head seq."""
    first = tmp_path / "g0.db"
    Game.create(first, scenario.load("bridgehead-14-65"), seed=bytes(32), public_seed=True).close()
    with Game.open(first) as g:
        head = g.state.seq
    dbs = [first]
    for i in range(1, n):
        dbs.append(shutil.copyfile(first, tmp_path / f"g{i}.db"))
    return dbs, head


def _note(db, text: str) -> int:
    """Commit a note through a connection of its own, as another process would: no announcement."""
    with Game.open(db) as g:
        g.execute(AddNote(text=text))
        return g.state.seq


def _pollers() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == "turnlog-poller"]


async def _until(holds) -> None:
    """Wait for ``holds()`` a bounded number of looks (it fails the test, never hangs it)."""
    for _ in range(600):
        if holds():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("never came to hold")


async def _ended(thread: threading.Thread) -> bool:
    await asyncio.get_running_loop().run_in_executor(None, thread.join, 30)
    return not thread.is_alive()


def test_a_commit_by_another_connection_reaches_the_follower_through_the_poll(tmp_path):
    (db,), head = _games(tmp_path, 1)

    async def follow():
        push = P.Push()
        stream = push.stream("g", db, head, _receive)
        assert await stream.__anext__() == RETRY
        nxt = asyncio.ensure_future(stream.__anext__())
        await asyncio.sleep(0.2)  # the follower has read every row and waits
        seq = _note(db, "from beside the server")  # never announced with push.committed
        frame = await asyncio.wait_for(nxt, 30)
        await stream.aclose()
        push.close()
        return seq, frame

    seq, frame = asyncio.run(follow())
    assert frame.startswith(b"id: %d\n" % seq) and b'"text":"from beside the server"' in frame


def test_fifty_followed_games_share_one_poller_thread_that_wakes_only_the_game_moved(tmp_path,
                                                                                   monkeypatch):
    dbs, head = _games(tmp_path, GAMES)
    looked: list[str] = []  # the games whose head the poller read, one entry a read
    last = EventLog.last

    def counted(self):
        if threading.current_thread().name == "turnlog-poller":
            looked.append(self.path.name)
        return last(self)

    monkeypatch.setattr(EventLog, "last", counted)

    async def follow():
        push = P.Push()
        streams = [push.stream(f"g{i}", db, head, _receive) for i, db in enumerate(dbs)]
        for s in streams:
            assert await s.__anext__() == RETRY
        nxt = [asyncio.ensure_future(s.__anext__()) for s in streams]
        await _until(lambda: len(set(looked)) == GAMES)  # each game's first look read its head
        threads = _pollers()
        seq = _note(dbs[7], "to game 7 only")
        frame = await asyncio.wait_for(nxt[7], 30)
        await asyncio.sleep(0.3)  # several more ticks: no other game moved, none is woken
        woken = [i for i, f in enumerate(nxt) if f.done()]
        reads = Counter(looked)
        for f in nxt:
            f.cancel()  # a follower leaving mid-wait: its stream ends with the cancellation
        await asyncio.gather(*nxt, return_exceptions=True)
        for s in streams:
            await s.aclose()
        ended = await _ended(threads[0])
        push.close()
        return threads, seq, frame, woken, ended, reads

    threads, seq, frame, woken, ended, reads = asyncio.run(follow())
    assert len(threads) == 1
    assert reads == Counter({db.name: 2 if i == 7 else 1 for i, db in enumerate(dbs)})
    assert frame.startswith(b"id: %d\n" % seq) and b'"text":"to game 7 only"' in frame
    assert woken == [7]
    assert ended and not _pollers()


def test_the_poller_starts_again_when_a_game_is_followed_after_the_last_left(tmp_path):
    (db,), head = _games(tmp_path, 1)

    async def follow_once(push, after: int, text: str) -> bytes:
        stream = push.stream("g", db, after, _receive)
        assert await stream.__anext__() == RETRY
        nxt = asyncio.ensure_future(stream.__anext__())
        await _until(lambda: push.poller.games)
        (thread,) = _pollers()
        _note(db, text)
        frame = await asyncio.wait_for(nxt, 30)
        await stream.aclose()
        assert await _ended(thread)  # no one follows: the thread ends and closed the watch
        return frame

    async def follow():
        push = P.Push()
        first = await follow_once(push, head, "first")
        second = await follow_once(push, head + 1, "second")
        push.close()
        return first, second

    first, second = asyncio.run(follow())
    assert first.startswith(b"id: %d\n" % (head + 1)) and b'"text":"first"' in first
    assert second.startswith(b"id: %d\n" % (head + 2)) and b'"text":"second"' in second


def test_the_servers_own_commit_wakes_a_follower_the_poll_never_sees(tmp_path, monkeypatch):
    monkeypatch.setattr(EventLog, "data_version", lambda self: 1)  # the poll sees no commit
    (db,), head = _games(tmp_path, 1)

    async def follow():
        push = P.Push()
        stream = push.stream("g", db, head, _receive)
        assert await stream.__anext__() == RETRY
        nxt = asyncio.ensure_future(stream.__anext__())
        await _until(lambda: push.poller.games)
        seq = _note(db, "announced")
        await asyncio.sleep(0.3)  # several ticks: the blind poll wakes no one
        unseen = not nxt.done()
        push.committed("g", seq)
        frame = await asyncio.wait_for(nxt, 30)
        await stream.aclose()
        push.close()
        return unseen, seq, frame

    unseen, seq, frame = asyncio.run(follow())
    assert unseen
    assert frame.startswith(b"id: %d\n" % seq) and b'"text":"announced"' in frame


def test_a_game_the_poller_cannot_read_ends_its_watch_and_the_others_go_on(tmp_path, monkeypatch):
    dbs, head = _games(tmp_path, 2)
    version = EventLog.data_version
    bad = str(dbs[0])

    def reads(self):
        if str(self.path) == bad:
            raise OSError("disk gone")
        return version(self)

    monkeypatch.setattr(EventLog, "data_version", reads)

    async def follow():
        push = P.Push()
        streams = [push.stream(f"g{i}", db, head, _receive) for i, db in enumerate(dbs)]
        for s in streams:
            assert await s.__anext__() == RETRY
        nxt = asyncio.ensure_future(streams[1].__anext__())
        await _until(lambda: push.hubs["g0"].task is None)  # its watch ended with the error
        seq = _note(dbs[1], "still watched")
        frame = await asyncio.wait_for(nxt, 30)
        left = list(push.poller.games)
        for s in streams:
            await s.aclose()
        push.close()
        return seq, frame, left

    seq, frame, left = asyncio.run(follow())
    assert frame.startswith(b"id: %d\n" % seq) and b'"text":"still watched"' in frame
    assert [h.target for h in left] == [dbs[1]]
