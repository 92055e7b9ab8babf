"""A commit costs each follower of the game one write (its rows and whose move together) and its
hub one read (no empty read after it); a wake reads the rows and whose move once, before it wakes
anyone, then makes the waiting followers ready a slice at a time, so 300 of them are not queued at
once ahead of every other request (engine/faces/serve/hub.py). Counted, not timed."""

from __future__ import annotations

import asyncio

from serve_helpers import blind_watchers, needs_starlette, never_leaves, note_written

needs_starlette()

from turnlog.engine import scenario  # noqa: E402
from turnlog.engine.faces.serve import hub as H  # noqa: E402
from turnlog.engine.faces.serve import push as P  # noqa: E402
from turnlog.engine.game import Game  # noqa: E402

FOLLOWERS = 5
DUE = b'event: due\ndata: {"waiting":["alice"]}\n\n'


def _game(tmp_path) -> tuple:
    db = tmp_path / "g.db"
    Game.create(db, scenario.load("bridgehead-14-65"), seed=bytes(32), public_seed=True).close()
    with Game.open(db) as g:
        return db, g.state.seq


async def _due() -> bytes:
    return b'{"waiting":["alice"]}'


def test_a_commit_is_one_write_to_each_follower_and_one_read_of_the_log(tmp_path, monkeypatch):
    blind_watchers(monkeypatch)
    db, head = _game(tmp_path)
    reads: list[int] = []
    rows = P.Hub.rows
    monkeypatch.setattr(P.Hub, "rows", lambda self, after: reads.append(after) or rows(self, after))

    async def follow():
        push = P.Push()
        streams = [push.stream("g", db, head, never_leaves, _due) for _ in range(FOLLOWERS)]
        for s in streams:
            assert await s.__anext__() == b"retry: 1000\n\n"
            assert await s.__anext__() == DUE  # caught up at once: whose move
        nxt = [asyncio.ensure_future(s.__anext__()) for s in streams]
        await asyncio.sleep(0.3)  # every follower waits for a commit
        reads.clear()
        seq = note_written(db)
        push.committed("g", seq)
        writes = await asyncio.wait_for(asyncio.gather(*nxt), 10)
        after = [asyncio.ensure_future(s.__anext__()) for s in streams]
        await asyncio.sleep(0.3)  # back to waiting: nothing more is read or written
        written_after = [f for f in after if f.done()]
        for f in after:
            f.cancel()
        await asyncio.gather(*after, return_exceptions=True)
        push.close()
        return seq, writes, written_after

    seq, writes, written_after = asyncio.run(follow())
    assert reads == [head]
    for w in writes:
        assert w.startswith(b"id: %d\n" % seq) and w.endswith(DUE)
    assert written_after == []


def test_a_wake_reads_once_then_readies_the_followers_a_slice_per_turn_of_the_loop(tmp_path):
    db, head = _game(tmp_path)

    async def wake() -> tuple[list[int], object, object]:
        hub = H.Hub(db)
        hub.head = head
        hub.answer = _due
        waiting = [hub.waiter() for _ in range(5 * H.SLICE + 3)]
        seq = note_written(db)
        hub.wake(seq)
        while not waiting[0].done():  # the read runs in a thread: one turn of the loop at a time
            await asyncio.sleep(0)
        read, due = hub.read, hub.due  # what the first follower woken finds
        ready = []
        for _ in range(7):
            ready.append(sum(f.done() for f in waiting))
            await asyncio.sleep(0)
        hub.close()
        return ready, read, due, seq

    ready, read, due, seq = asyncio.run(asyncio.wait_for(wake(), 10))
    assert read[0] == (head, seq) and read[1][0] == seq  # the rows after the last head, read once
    assert due == (seq, DUE)  # and whose move after them, before anyone was woken
    assert ready[:7] == [H.SLICE * k for k in range(1, 6)] + [5 * H.SLICE + 3] * 2


def test_an_idle_stream_gets_a_keep_alive_each_tick_and_its_hub_keeps_one_wait_of_it(tmp_path,
                                                                                   monkeypatch):
    blind_watchers(monkeypatch)
    monkeypatch.setattr(P, "KEEPALIVE", 0.05)
    db, head = _game(tmp_path)

    async def idle():
        push = P.Push()
        stream = push.stream("g", db, head, never_leaves)
        assert await stream.__anext__() == b"retry: 1000\n\n"
        comments = [await asyncio.wait_for(stream.__anext__(), 5) for _ in range(6)]
        waiting = len(push.hubs["g"].waiting)
        await stream.aclose()
        push.close()
        return comments, waiting

    comments, waiting = asyncio.run(idle())
    assert comments == [b": keep-alive\n\n"] * 6
    assert waiting == 1  # one wait armed at a time, not one more per tick


def test_a_stream_whose_client_leaves_ends_without_waiting_for_a_tick(tmp_path, monkeypatch):
    blind_watchers(monkeypatch)
    db, head = _game(tmp_path)

    async def leave():
        left = asyncio.Event()

        async def receive() -> dict:
            await left.wait()
            return {"type": "http.disconnect"}

        push = P.Push()
        stream = push.stream("g", db, head, receive)
        assert await stream.__anext__() == b"retry: 1000\n\n"
        nxt = asyncio.ensure_future(stream.__anext__())
        await asyncio.sleep(0.2)  # waiting for a commit
        left.set()
        try:
            await asyncio.wait_for(nxt, 5)  # far less than KEEPALIVE
        except StopAsyncIteration:
            ended = True
        else:
            ended = False
        followed = "g" in push.hubs
        push.close()
        return ended, followed

    assert asyncio.run(leave()) == (True, False)
