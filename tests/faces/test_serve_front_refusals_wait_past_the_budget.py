"""A client address has a budget of refused requests (engine/faces/serve/front.py): past it each
refusal is answered ``LATE`` seconds later with nothing done meanwhile, an answer that is not a
refusal is never held, the rules' own refusals spend nothing, at most ``HELD`` answers of one
address wait at once, and the addresses kept are bounded. Counted on the middleware itself."""

from __future__ import annotations

import asyncio

from serve_helpers import needs_starlette

needs_starlette()

from turnlog.engine.faces.serve import front as F  # noqa: E402


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_an_address_spends_its_strikes_and_gets_them_back_at_its_rate():
    clock = Clock()
    budget = F.Budget(3, clock)
    assert [budget.strike("a") for _ in range(4)] == [True, True, True, False]
    assert budget.strike("b")  # another address has its own
    clock.now += 19.0  # 3 a minute: one back every 20 s
    assert not budget.strike("a")  # 0.95 of a strike: a refusal held spends nothing
    clock.now += 40.0
    assert [budget.strike("a") for _ in range(3)] == [True, True, False]
    clock.now += 3600.0  # never more than the budget
    assert [budget.strike("a") for _ in range(4)] == [True, True, True, False]


def test_a_budget_of_0_never_holds_and_the_addresses_kept_are_bounded(monkeypatch):
    assert all(F.Budget(0).strike("a") for _ in range(1000))
    monkeypatch.setattr(F, "ADDRESSES", 5)
    budget = F.Budget(1)
    for i in range(50):
        budget.strike(f"10.0.0.{i}")
    assert len(budget.left) == 5 and "10.0.0.49" in budget.left


def _app(status: int):
    async def app(scope, receive, send) -> None:
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json")]})
        await send({"type": "http.response.body", "body": b"{}"})

    return app


async def _call(front: F.Front, path: str = "/api/games/x/board", host: str = "10.1.1.1"):
    sent: list[dict] = []

    async def send(message) -> None:
        sent.append(message)

    async def receive() -> dict:
        return {"type": "http.request", "body": b""}

    scope = {"type": "http", "path": path, "client": (host, 5555), "method": "GET"}
    task = asyncio.ensure_future(front(scope, receive, send))
    return task, sent


async def _turns(n: int = 20) -> None:
    for _ in range(n):
        await asyncio.sleep(0)


def test_past_the_budget_a_refusal_waits_and_does_not_count_as_running(monkeypatch):
    monkeypatch.setattr(F, "LATE", 0.2)

    async def run():
        budget = F.Budget(2)
        refused, fine = F.Front(_app(400), budget), F.Front(_app(200), budget)
        for _ in range(2):  # within the budget: answered at once
            task, sent = await _call(refused)
            await _turns()
            assert task.done() and sent[0]["status"] == 400
        late, held = await _call(refused)
        await _turns()
        waiting = (late.done(), list(held), dict(budget.held), F.RUNNING.count)
        ok, sent = await _call(fine)  # the same address's answer that is no refusal: at once
        await _turns()
        at_once = ok.done() and sent[0]["status"] == 200
        await asyncio.wait_for(late, 5)
        return waiting, at_once, held, dict(budget.held), F.RUNNING.count

    waiting, at_once, held, after, running = asyncio.run(run())
    assert waiting == (False, [], {"10.1.1.1": 1}, 0)  # held, nothing sent, and not running
    assert at_once
    assert held[0]["status"] == 400 and (b"connection", b"close") not in held[0]["headers"]
    assert after == {} and running == 0


def test_a_refused_stream_spends_a_strike_and_waits_without_counting_as_running(monkeypatch):
    # else a flood of follows of games that do not exist would never be held
    monkeypatch.setattr(F, "LATE", 0.2)

    async def run():
        budget = F.Budget(1)
        front = F.Front(_app(404), budget)
        await asyncio.wait_for((await _call(front, "/api/games/nope/events"))[0], 5)
        late, sent = await _call(front, "/api/games/nope/events")
        await _turns()
        waiting = late.done(), list(sent), F.RUNNING.count
        await asyncio.wait_for(late, 5)
        return waiting, sent, F.RUNNING.count

    waiting, sent, after = asyncio.run(run())
    assert waiting == (False, [], 0)
    assert sent[0]["status"] == 404 and after == 0


def test_the_rules_own_refusals_spend_no_strike():
    async def run():
        budget = F.Budget(1)
        for status in (403, 409, 422, 503, 200, 201):
            task, _sent = await _call(F.Front(_app(status), budget))
            await _turns()
            assert task.done()
        return budget.strike("10.1.1.1")

    assert asyncio.run(run())  # the one strike is still there


def test_past_held_answers_waiting_a_refusal_is_sent_at_once_and_closes(monkeypatch):
    monkeypatch.setattr(F, "HELD", 2)
    monkeypatch.setattr(F, "LATE", 0.2)

    async def run():
        budget = F.Budget(1)
        front = F.Front(_app(404), budget)
        await asyncio.wait_for((await _call(front))[0], 5)  # the one strike
        waiting = [await _call(front) for _ in range(2)]
        await _turns()
        third, sent = await _call(front)
        await _turns()
        out = third.done(), sent[0]["headers"], [t.done() for t, _ in waiting]
        await asyncio.wait_for(asyncio.gather(*(t for t, _ in waiting)), 5)
        return out

    done, headers, others = asyncio.run(run())
    assert done and (b"connection", b"close") in headers
    assert others == [False, False]


def test_a_stream_is_not_counted_as_running_and_a_request_is_until_it_ends():
    async def run():
        gate = asyncio.Event()
        seen: list[int] = []

        async def app(scope, receive, send) -> None:
            seen.append(F.RUNNING.count)
            await gate.wait()
            await send({"type": "http.response.start", "status": 200, "headers": []})
            await send({"type": "http.response.body", "body": b""})

        front = F.Front(app, F.Budget(10))
        stream, _ = await _call(front, "/api/games/x/events")
        board, _ = await _call(front, "/api/games/x/board")
        await _turns()
        during = F.RUNNING.count
        gate.set()
        await asyncio.wait_for(asyncio.gather(stream, board), 5)
        return seen, during, F.RUNNING.count

    seen, during, after = asyncio.run(run())
    assert sorted(seen) == [0, 1] and during == 1 and after == 0
