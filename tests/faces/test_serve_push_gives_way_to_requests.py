"""A wake's fan-out gives way to the requests running (engine/faces/serve/hub.py, front.py): its
first slice of followers goes at once, the next only once no request runs, or ``GIVE`` seconds
later if requests keep running, so a request waits for one slice, never for the whole fan-out,
and a fan-out never waits on requests for long. Counted, not timed."""

from __future__ import annotations

import asyncio

from serve_helpers import needs_starlette, note_written

needs_starlette()

from turnlog.engine import scenario  # noqa: E402
from turnlog.engine.faces.serve import front as F  # noqa: E402
from turnlog.engine.faces.serve import hub as H  # noqa: E402
from turnlog.engine.game import Game  # noqa: E402


async def _due() -> bytes:
    return b'{"waiting":["alice"]}'


def _game(tmp_path):
    db = tmp_path / "g.db"
    Game.create(db, scenario.load("bridgehead-14-65"), seed=bytes(32), public_seed=True).close()
    with Game.open(db) as g:
        return db, g.state.seq


def _hub_waiting(db, head: int, n: int):
    """A hub at ``head`` and ``n`` followers waiting on it (made on the running loop)."""
    hub = H.Hub(db)
    hub.head, hub.answer = head, _due
    return hub, [hub.waiter() for _ in range(n)]


async def _woken(waiting, turns: int) -> list[int]:
    """How many of ``waiting`` are set after each of ``turns`` turns of the loop."""
    out = []
    for _ in range(turns):
        out.append(sum(f.done() for f in waiting))
        await asyncio.sleep(0)
    return out


def test_while_a_request_runs_a_wake_readies_one_slice_and_the_rest_when_it_ends(tmp_path,
                                                                                monkeypatch):
    monkeypatch.setattr(F, "GIVE", 30.0)  # no cap within the test: only the request's end
    db, head = _game(tmp_path)

    async def run():
        hub, waiting = _hub_waiting(db, head, 3 * H.SLICE)
        F.RUNNING.enter()  # a request is running
        try:
            hub.wake(note_written(db))
            while not waiting[0].done():  # the read ahead runs in a thread
                await asyncio.sleep(0)
            during = await _woken(waiting, 10)
        finally:
            F.RUNNING.leave()  # it ends
        after = await _woken(waiting, 4)
        hub.close()
        return during, after

    during, after = asyncio.run(asyncio.wait_for(run(), 10))
    assert during == [H.SLICE] * 10
    assert after == [H.SLICE, 2 * H.SLICE, 3 * H.SLICE, 3 * H.SLICE]


def test_requests_that_never_end_hold_each_slice_back_for_give_seconds_at_most(tmp_path,
                                                                               monkeypatch):
    monkeypatch.setattr(F, "GIVE", 0.05)
    db, head = _game(tmp_path)

    async def run():
        hub, waiting = _hub_waiting(db, head, 4 * H.SLICE)
        F.RUNNING.enter()
        try:
            hub.wake(note_written(db))
            while not waiting[0].done():
                await asyncio.sleep(0)
            first = await _woken(waiting, 10)
            await asyncio.wait_for(asyncio.gather(*waiting), 5)  # each slice after its GIVE
            return first, F.RUNNING.idle
        finally:
            F.RUNNING.leave()
            hub.close()

    first, idle = asyncio.run(asyncio.wait_for(run(), 10))
    assert first == [H.SLICE] * 10
    assert idle == {}  # a slice let go by its timer leaves no call behind
