"""`turnlog serve` as a client meets it: a real server process (uvicorn) on a loopback port.

Figures (benchmarks/run.py adds them; docs/performance.md reads them):

- ``serve.command``: one AddNote posted as a seat and answered (the server's default
  synchronous=FULL: on disk before the answer), one game, one client on a kept connection;
- ``serve.direct``: ``Game.execute`` of the same note as the same seat on a game of the same setup,
  SQLite, synchronous=FULL, in this process;
- ``serve.roundtrip``: one HTTP request and its answer over loopback to a bare ASGI app under the
  same uvicorn (no turnlog, no disk); ``serve.direct_plus_roundtrip`` is the two, sample by sample
  (the three alternate, one sample of each in turn);
- ``serve.games.G``: G games played at once, one client thread per game posting notes one after
  the other: the rate is commands per second over all of them;
- ``serve.push``: from a note's POST being sent to its event reaching a follower of the game's
  Server-Sent Events stream (the command's own latency included).

The clients run in this process (threads; httpx): with 16 games they share its interpreter with
each other, and both processes share the machine's cores with whatever else runs.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SEATS = {"AX": "alice", "WA": "bob"}


async def bare(scope, receive, send) -> None:
    """An ASGI app that answers every request with an empty 200: the round trip's floor."""
    if scope["type"] == "lifespan":
        while True:
            msg = await receive()
            if msg["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
            elif msg["type"] == "lifespan.shutdown":
                await send({"type": "lifespan.shutdown.complete"})
                return
    if scope["type"] != "http":
        return
    more = True
    while more:  # read the body, as a real route does
        more = (await receive()).get("more_body", False)
    await send(
        {
            "type": "http.response.start",
            "status": 200,
            "headers": [(b"content-type", b"application/json"), (b"content-length", b"2")],
        }
    )
    await send({"type": "http.response.body", "body": b"{}"})


def _bare_server(port: int, log: Path) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "uvicorn",
            "benchmarks.serve_figures:bare",
            "--port",
            str(port),
            "--log-level",
            "warning",
            "--no-access-log",
            "--lifespan",
            "on",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=open(log, "wb"),
    )  # noqa: SIM115 (the child's)
    from .serve_load import listening

    return listening(proc, port, "uvicorn with the bare app")


def available() -> bool:
    """Whether the serve extra and httpx are installed."""
    try:
        import httpx  # noqa: F401
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        return False
    return True


def figures(fig, work: Path, samples: int, per_game: int, sizes=(1, 4, 16)) -> None:
    """Measure every figure of the module's docstring into ``fig(name, what, per)``'s figures."""
    from . import serve_load as SL

    folder = work / "served"
    folder.mkdir()
    port, bare_port = SL.free_port(), SL.free_port()
    server = SL.start(folder, port)
    floor = _bare_server(bare_port, work / "bare.server.log")
    base = f"http://127.0.0.1:{port}"
    try:
        _latency(fig, work, base, f"http://127.0.0.1:{bare_port}", samples)
        for g in sizes:
            made = [_create(base) for _ in range(g)]
            f = fig(
                f"serve.games.{g}",
                f"{g} games at once, one client each posting {per_game} notes "
                "one after the other (rate: commands/s over all)",
                g * per_game,
            )
            f.times.append(_concurrent(base, made, per_game))
        _push(fig, base, samples)
    finally:
        for proc in (server, floor):
            proc.terminate()
            proc.wait(10)


def _create(base: str) -> tuple[str, dict[str, str]]:
    import httpx

    r = httpx.post(
        base + "/api/games", json={"scenario": "bridgehead-14-65", "seats": SEATS}, timeout=60
    )
    r.raise_for_status()
    return r.json()["id"], r.json()["tokens"]


def _direct_game(path: Path):
    from turnlog.engine import scenario as SC
    from turnlog.engine.game import Game
    from turnlog.engine.seats import seat_scenario

    sc = seat_scenario(
        SC.load("bridgehead-14-65"), {"factions": SEATS, "referee": "", "host": "", "claims": {}}
    )
    return Game.create(path, sc, synchronous="FULL")


def _latency(fig, work: Path, base: str, bare_base: str, samples: int) -> None:
    """serve.command, serve.direct, serve.roundtrip: one sample of each in turn."""
    import httpx

    from turnlog.engine.commands import AddNote

    gid, tokens = _create(base)
    game = _direct_game(work / "direct.db")
    fc = fig(
        "serve.command",
        "one AddNote POSTed and answered by `turnlog serve` (SQLite, synchronous=FULL)",
    )
    fd = fig(
        "serve.direct",
        "Game.execute of the same note as the same seat, same setup, in process (FULL)",
    )
    fr = fig(
        "serve.roundtrip",
        "one HTTP POST and its answer over loopback to a bare ASGI app, same uvicorn",
    )
    fs = fig("serve.direct_plus_roundtrip", "serve.direct + serve.roundtrip, sample by sample")
    clock = time.perf_counter
    with (
        httpx.Client(
            base_url=base, timeout=60, headers={"Authorization": f"Bearer {tokens['alice']}"}
        ) as api,
        httpx.Client(base_url=bare_base, timeout=60) as floor,
    ):
        for i in range(samples + 3):  # the first three warm both sides' caches, untimed
            body = json.dumps({"type": "AddNote", "text": f"note {i}"})
            t0 = clock()
            game.execute(AddNote(text=f"note {i}"), actor="alice")
            t1 = clock()
            r = api.post(f"/api/games/{gid}/commands", content=body)
            t2 = clock()
            floor.post("/", content=body)
            t3 = clock()
            r.raise_for_status()
            if i >= 3:
                fd.times.append(t1 - t0)
                fc.times.append(t2 - t1)
                fr.times.append(t3 - t2)
                fs.times.append(t1 - t0 + t3 - t2)
    game.close()
    for f in (fc, fd, fr, fs):
        f.extra["p99_s"] = _p99(f.times)


def _concurrent(base: str, made: list[tuple[str, dict[str, str]]], n: int) -> float:
    """Seconds for every game's client to post ``n`` notes, all games at once."""
    import httpx

    errors: list[str] = []
    start = threading.Barrier(len(made) + 1)

    def play(gid: str, token: str) -> None:
        with httpx.Client(
            base_url=base, timeout=120, headers={"Authorization": f"Bearer {token}"}
        ) as c:
            c.get(f"/api/games/{gid}")  # the connection made before the clock starts
            start.wait()
            for i in range(n):
                r = c.post(
                    f"/api/games/{gid}/commands",
                    content=json.dumps({"type": "AddNote", "text": f"n{i}"}),
                )
                if r.status_code != 200:
                    errors.append(f"{gid}: {r.status_code} {r.text[:200]}")
                    return

    threads = [threading.Thread(target=play, args=(gid, tokens["alice"])) for gid, tokens in made]
    for t in threads:
        t.start()
    start.wait()
    t0 = time.perf_counter()
    for t in threads:
        t.join()
    took = time.perf_counter() - t0
    if errors:
        raise RuntimeError(errors[0])
    return took


def _push(fig, base: str, samples: int) -> None:
    """serve.push: a follower's receipt of each note's event, from the note's POST being sent."""
    import httpx

    gid, tokens = _create(base)
    head = httpx.get(f"{base}/api/games/{gid}", timeout=60).json()["seq"]
    got: dict[int, float] = {}
    ready = threading.Event()

    def follow() -> None:
        with httpx.stream(
            "GET", f"{base}/api/games/{gid}/events?after={head}", timeout=httpx.Timeout(60.0)
        ) as r:
            ready.set()
            for line in r.iter_lines():
                if line.startswith("id: "):
                    got[int(line[4:])] = time.perf_counter()
                    if len(got) >= samples:
                        return

    follower = threading.Thread(target=follow, daemon=True)
    follower.start()
    ready.wait(30)
    sent: dict[int, float] = {}
    with httpx.Client(
        base_url=base, timeout=60, headers={"Authorization": f"Bearer {tokens['alice']}"}
    ) as api:
        for i in range(samples):
            t = time.perf_counter()
            r = api.post(
                f"/api/games/{gid}/commands",
                content=json.dumps({"type": "AddNote", "text": f"p{i}"}),
            )
            r.raise_for_status()
            sent[r.json()["seq"]] = t
    follower.join(60)
    f = fig(
        "serve.push", "a note's event reaching an SSE follower, from the note's POST being sent"
    )
    f.times = [got[s] - t for s, t in sorted(sent.items()) if s in got]
    f.extra["received"], f.extra["sent"] = len(f.times), len(sent)
    f.extra["p99_s"] = _p99(f.times) if f.times else float("nan")


def _p99(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[max(0, int(round(0.99 * len(ordered))) - 1)]
