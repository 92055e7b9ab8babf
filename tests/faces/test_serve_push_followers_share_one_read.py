"""Many followers of one game cost its hub one read per commit and one ``due`` answer per seq: a
subscriber arriving while the rows after its seq are read, or while whose move is worked out, waits
for that work instead of queueing its own (300 followers of one game otherwise each took a request
thread per commit, and each asked the game's queue for whose move until it answered 503 to the
game's own seat). Counted, not timed."""

from __future__ import annotations

import asyncio

from serve_helpers import blind_watchers, needs_starlette, never_leaves, note_written

needs_starlette()

from turnlog.engine import scenario  # noqa: E402
from turnlog.engine.faces.serve import push as P  # noqa: E402
from turnlog.engine.game import Game  # noqa: E402

FOLLOWERS = 12



def _game(tmp_path) -> tuple:
    db = tmp_path / "g.db"
    Game.create(db, scenario.load("bridgehead-14-65"), seed=bytes(32), public_seed=True).close()
    with Game.open(db) as g:
        return db, g.state.seq


def test_one_commit_is_read_once_for_every_follower_of_the_game(tmp_path, monkeypatch):
    blind_watchers(monkeypatch)
    db, head = _game(tmp_path)
    reads = []
    rows = P.Hub.rows
    monkeypatch.setattr(P.Hub, "rows", lambda self, after: reads.append(after) or rows(self, after))

    async def follow():
        push = P.Push()
        streams = [push.stream("g", db, head, never_leaves) for _ in range(FOLLOWERS)]
        for s in streams:
            assert await s.__anext__() == b"retry: 1000\n\n"
        nxt = [asyncio.ensure_future(s.__anext__()) for s in streams]
        await asyncio.sleep(0.3)  # every follower read the log and waits for a commit
        reads.clear()
        seq = note_written(db)
        push.committed("g", seq)
        frames = await asyncio.wait_for(asyncio.gather(*nxt), 10)
        push.close()
        for s in streams:
            await s.aclose()
        return seq, frames

    seq, frames = asyncio.run(follow())
    assert reads == [head]
    assert {f.split(b"\n")[0] for f in frames} == {b"id: %d" % seq}


def test_whose_move_is_worked_out_once_per_seq_for_followers_arriving_meanwhile(tmp_path,
                                                                               monkeypatch):
    blind_watchers(monkeypatch)
    db, head = _game(tmp_path)
    asked = []

    async def due():
        asked.append(1)
        await asyncio.sleep(0.2)  # the game's turn takes a while: the others arrive meanwhile
        return b'{"waiting":["alice"]}'

    async def follow():
        push = P.Push()
        streams = [push.stream("g", db, head, never_leaves, due) for _ in range(FOLLOWERS)]
        for s in streams:
            assert await s.__anext__() == b"retry: 1000\n\n"
        frames = await asyncio.wait_for(asyncio.gather(*(s.__anext__() for s in streams)), 10)
        push.close()
        for s in streams:
            await s.aclose()
        return frames

    frames = asyncio.run(follow())
    assert len(asked) == 1
    assert set(frames) == {b'event: due\ndata: {"waiting":["alice"]}\n\n'}
