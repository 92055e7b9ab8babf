"""The attacks of benchmarks/serve_hostile.py, each run in a process of its own (asyncio).

An attack gets the server's address and what it aims at (``aim``), sets ``ready`` once it is
under way, sets ``first`` once the server has answered one of its requests 200 (a replay's page
data built, a verify's report made), and runs until ``stop`` is set; it then puts its tally of
answers by status in ``tally``. Every attacker is anonymous unless it says otherwise.
"""

from __future__ import annotations

import asyncio
import json
import os
import time
from collections import Counter

import httpx

from .serve_common import Follower


def attack(kind: str, base: str, aim: dict, ready, first, stop, tally, nice: int = 0,
           cpus: set[int] | None = None) -> None:
    """The child process's body: run attack ``kind`` until ``stop``; report its tally.

    ``nice``: added to the process's niceness first, so that on a machine of few cores the attack
    takes only the CPU the server leaves (a real attacker's clients run on machines of their
    own); ``cpus``: the only CPUs it may run on."""
    if nice:
        os.nice(nice)
    if cpus:
        os.sched_setaffinity(0, cpus)
    count: Counter = Counter()
    asyncio.run(ATTACKS[kind](base, aim, ready, first, stop, count))
    tally.put(dict(count))


async def _until(stop) -> None:
    while not stop.is_set():
        await asyncio.sleep(0.05)


async def _loops(n: int, base: str, one, ready, first, stop, count: Counter) -> None:
    """``n`` clients, each sending ``one(client)`` again as soon as it is answered."""
    limits = httpx.Limits(max_connections=n, max_keepalive_connections=n)
    async with httpx.AsyncClient(base_url=base, timeout=300, limits=limits) as api:

        async def loop() -> None:
            while not stop.is_set():
                try:
                    r = await one(api)
                except httpx.HTTPError as err:
                    count[type(err).__name__] += 1
                    continue
                count[r.status_code] += 1
                if r.status_code == 200:
                    first.set()
                elif r.status_code == 503:  # busy: the client waits as it is told
                    await asyncio.sleep(float(r.headers.get("retry-after", "1")))

        tasks = [asyncio.ensure_future(loop()) for _ in range(n)]
        ready.set()
        await _until(stop)
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


async def replays(base, aim, ready, first, stop, count) -> None:
    """``aim["n"]`` anonymous clients asking the whole page data of ``aim["gid"]`` again and again."""
    url = f"/api/games/{aim['gid']}/replay"
    zero = {"steps": 0, "commands": 0, "faces": 0, "strings": 0}
    await _loops(aim["n"], base, lambda api: api.get(url, params=zero), ready, first, stop, count)


async def verifies(base, aim, ready, first, stop, count) -> None:
    """``aim["n"]`` anonymous clients asking the verify report of ``aim["gid"]`` again and again."""
    url = f"/api/games/{aim['gid']}/verify"
    await _loops(aim["n"], base, lambda api: api.get(url), ready, first, stop, count)


def _bad(gid: str, token: str) -> list[tuple[str, str, dict]]:
    """Requests every one of which the server must refuse (method, url, httpx arguments)."""
    auth = {"Authorization": f"Bearer {token}"}
    cmds = f"/api/games/{gid}/commands"
    return [
        ("POST", cmds, {"headers": auth, "content": b"{not json"}),
        ("POST", cmds, {"headers": auth, "content": b'{"type": "NoSuchCommand"}'}),
        ("POST", cmds, {"headers": auth, "content": b'{"type": "AddNote", "text": 7}'}),
        ("POST", cmds, {"headers": auth, "content": b"[" * 5000 + b"]" * 5000}),
        ("POST", cmds, {"headers": auth, "content": b'{"x": "' + b"a" * 70_000 + b'"}'}),
        ("POST", cmds, {"headers": {"Authorization": "Bearer nope"}, "content": b"{}"}),
        ("GET", f"/api/games/{gid}/board", {"params": {"at": "x1"}}),
        ("GET", f"/api/games/{gid}/log", {"params": {"start": "-1", "limit": "99999999"}}),
        ("GET", "/api/games/../../etc/passwd", {}),
        ("GET", "/api/games/" + "A" * 22, {}),
        ("POST", "/api/games", {"content": b"scenario=x", "headers": {"Content-Type":
                                                                     "text/plain"}}),
        ("DELETE", f"/api/games/{gid}", {}),
    ]


async def bad_inputs(base, aim, ready, first, stop, count) -> None:
    """``aim["n"]`` clients sending, over and over, requests the server must refuse (4xx)."""
    bad = _bad(aim["gid"], aim["token"])
    turn = iter(range(10**12))

    def one(api):
        method, url, kw = bad[next(turn) % len(bad)]
        return api.request(method, url, **kw)

    first.set()  # there is no 200 to wait for
    await _loops(aim["n"], base, one, ready, first, stop, count)


async def bad_tokens(base, aim, ready, first, stop, count) -> None:
    """``aim["n"]`` anonymous clients posting commands with tokens no seat has to game
    ``aim["gid"]``, the very game whose seat is measured."""
    url = f"/api/games/{aim['gid']}/commands"
    auth = {"Authorization": "Bearer not-a-seat"}
    body = b'{"type": "AddNote", "text": "x"}'
    first.set()  # there is no 200 to wait for
    await _loops(aim["n"], base, lambda api: api.post(url, headers=auth, content=body), ready,
                 first, stop, count)


async def nested_bodies(base, aim, ready, first, stop, count) -> None:
    """``aim["n"]`` anonymous clients posting creations of ``aim["bytes"]`` of nested brackets
    (the most a creation may send), which the server must refuse before parsing them."""
    half = aim["bytes"] // 2 - 1
    body = b"[" * half + b"]" * half
    kind = {"Content-Type": "application/json"}
    first.set()  # there is no 200 to wait for
    await _loops(aim["n"], base, lambda api: api.post("/api/games", headers=kind, content=body),
                 ready, first, stop, count)


async def slowloris(base, aim, ready, first, stop, count) -> None:
    """``aim["n"]`` connections that each send a request's head a header every second, never
    ending it; one the server closes is opened again."""
    port = int(base.rsplit(":", 1)[1])

    async def one(i: int) -> None:
        while not stop.is_set():
            try:
                _r, w = await asyncio.open_connection("127.0.0.1", port)
                w.write(f"GET /api/games/{aim['gid']}/board HTTP/1.1\r\nHost: x\r\n".encode())
                count["opened"] += 1
                while not stop.is_set():
                    await asyncio.sleep(1.0)
                    w.write(b"X-Slow-%d: a\r\n" % i)
                    await w.drain()
            except (ConnectionError, OSError):
                count["closed by the server"] += 1
                await asyncio.sleep(0.5)

    tasks = [asyncio.ensure_future(one(i)) for i in range(aim["n"])]
    while count["opened"] < aim["n"] and not stop.is_set():
        await asyncio.sleep(0.05)
    ready.set()
    first.set()
    await _until(stop)
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


async def followers(base, aim, ready, first, stop, count) -> None:
    """``aim["n"]`` followers of game ``aim["gid"]`` while its seat posts a note every
    ``aim["every"]`` seconds, so every note is pushed to all of them."""
    port = int(base.rsplit(":", 1)[1])
    fs = [Follower(port, aim["gid"], 0) for _ in range(aim["n"])]
    for i in range(0, len(fs), 50):
        await asyncio.gather(*(f.open() for f in fs[i:i + 50]))
    count.update(f.status.decode().split(" ", 2)[1] for f in fs)
    ready.set()
    first.set()
    auth = {"Authorization": f"Bearer {aim['token']}"}
    async with httpx.AsyncClient(base_url=base, timeout=120, headers=auth) as api:
        while not stop.is_set():
            t = time.perf_counter()
            r = await api.post(f"/api/games/{aim['gid']}/commands",
                               content=json.dumps({"type": "AddNote", "text": "pushed"}))
            count[f"note {r.status_code}"] += 1
            await asyncio.sleep(max(0.0, aim["every"] - (time.perf_counter() - t)))
    count["events received"] = sum(len(f.got) for f in fs)
    for f in fs:
        f.close()


ATTACKS = {"replay": replays, "verify": verifies, "slowloris": slowloris,
           "bad_input": bad_inputs, "bad_token": bad_tokens, "nested_body": nested_bodies,
           "followers": followers}
