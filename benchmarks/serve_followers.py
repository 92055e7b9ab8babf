"""Many games and many live followers on one `turnlog serve` (SQLite, --dir in a temporary folder).

``python -m benchmarks.serve_followers [--games 1000 --followers 1 --commands 400 --drivers 8]
[--pg POOL]`` (``--pg``: the games in a throwaway PostgreSQL cluster, tests/support/pg_cluster.py,
served with ``--db`` and a pool of POOL; the server's connections to the database are then sampled
in pg_stat_activity every 10 ms from the followers' opening to the last push, and the most reported)
creates the games through the API (the quota flags raised: every creation comes from loopback),
opens one SSE follower per game and ``--followers`` (raw sockets, asyncio), then drives notes
through the API, ``--drivers`` at once, each driver on games of its own. It reads the server's
VmRSS after its first game, after all the games, and after the followers (RSS per game and per
follower), the server's CPU while it idles with and without the followers, each command's latency,
and each push's: from the command's 200 reaching its driver to the event reaching each follower
of that game. Writes benchmarks/results/serve_followers-STAMP.json and prints the Markdown table
docs/performance.md keeps ("Hosted play at scale").
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

from . import serve_common as C


def say(text: str) -> None:
    """A run's progress on stderr (a large run takes minutes)."""
    print(time.strftime("%H:%M:%S"), text, file=sys.stderr, flush=True)


def cpu_seconds(pid: int) -> float:
    """The process's user + system CPU time so far (/proc/PID/stat), in seconds."""
    import os

    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def idle_cpu(pid: int, seconds: float) -> float:
    """The server's CPU use while nothing is asked of it, in percent of one core."""
    before, t0 = cpu_seconds(pid), time.perf_counter()
    await asyncio.sleep(seconds)
    return round(100 * (cpu_seconds(pid) - before) / (time.perf_counter() - t0), 1)


async def create(api: httpx.AsyncClient, n: int, at_once: int = 4) -> list[tuple[str, str, int]]:
    """``n`` games made through the API: (id, alice's token, the setup's head) of each."""
    made: list[tuple[str, str, int]] = []
    left = iter(range(n))

    async def one() -> None:
        for _ in left:
            r = await api.post("/api/games", json={"scenario": C.SCENARIO, "seats": C.SEATS})
            r.raise_for_status()
            gid = r.json()["id"]
            head = (await api.get(f"/api/games/{gid}")).json()["seq"]
            made.append((gid, r.json()["tokens"]["alice"], head))

    await asyncio.gather(*(one() for _ in range(at_once)))
    return made


async def follow(port: int, made, per_game: int, at_once: int = 50) -> dict[str, list]:
    """Open ``per_game`` followers of every game, ``at_once`` connecting together."""
    out: dict[str, list[C.Follower]] = {gid: [] for gid, _t, _h in made}
    todo = [(gid, head) for gid, _t, head in made for _ in range(per_game)]
    for i in range(0, len(todo), at_once):
        chunk = [C.Follower(port, gid, head) for gid, head in todo[i:i + at_once]]
        await asyncio.gather(*(f.open() for f in chunk))
        for f in chunk:
            if b" 200 " not in f.status + b" ":
                raise RuntimeError(f"follower of {f.gid}: {f.status.decode()}")
            out[f.gid].append(f)
    return out


async def drive(api: httpx.AsyncClient, made, commands: int, drivers: int) -> dict:
    """Post ``commands`` notes, ``drivers`` at once, each driver on every ``drivers``-th game
    (its games taken in turn, so the commands spread over up to ``commands`` games)."""
    answered: dict[tuple[str, int], float] = {}
    latency: list[float] = []
    clock = time.perf_counter

    async def driver(k: int) -> None:
        mine = made[k::drivers] or made
        for i in range(k, commands, drivers):
            gid, token, _head = mine[(i // drivers) % len(mine)]
            t = clock()
            r = await api.post(f"/api/games/{gid}/commands", headers={"Authorization":
                               f"Bearer {token}"}, content=json.dumps(
                               {"type": "AddNote", "text": f"d{k} {i}"}))
            done = clock()
            if r.status_code != 200:
                raise RuntimeError(f"{gid}: {r.status_code} {r.text[:200]}")
            latency.append(done - t)
            answered[(gid, r.json()["seq"])] = done

    t0 = clock()
    await asyncio.gather(*(driver(k) for k in range(drivers)))
    return {"answered": answered, "latency": latency, "seconds": clock() - t0}


async def pushes(followers: dict[str, list], answered: dict, wait: float = 30.0) -> tuple:
    """Each follower's delay for each command of its game; and how many never arrived."""
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        if all(seq in f.got for (gid, seq) in answered for f in followers[gid]):
            break
        await asyncio.sleep(0.05)
    delays = [f.got[seq] - t for (gid, seq), t in answered.items()
              for f in followers[gid] if seq in f.got]
    missing = sum(seq not in f.got for (gid, seq) in answered for f in followers[gid])
    return delays, missing


class Connections:
    """The most connections to the database of ``dsn`` seen at once while sampling, this one's
    own not counted (only the server connects to it)."""

    def __init__(self, dsn: str):
        self.dsn, self.most = dsn, 0
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._sample, daemon=True)

    def _sample(self) -> None:
        import psycopg

        with psycopg.connect(self.dsn, autocommit=True) as conn:
            while not self.stop.is_set():
                got = conn.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = "
                                   "current_database() AND pid <> pg_backend_pid()").fetchone()[0]
                self.most = max(self.most, got)
                self.stop.wait(0.01)

    def __enter__(self) -> "Connections":
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop.set()
        self.thread.join(10)


async def measure(server: C.Server, games: int, per_game: int, commands: int, drivers: int,
                  idle: float, dsn: str | None = None) -> dict:
    limits = httpx.Limits(max_connections=drivers + 4, max_keepalive_connections=drivers + 4)
    async with httpx.AsyncClient(base_url=server.base, timeout=600, limits=limits) as api:
        made = await create(api, 1)
        rss_one = server.rss_kib()
        t0 = time.perf_counter()
        made += await create(api, games - 1)
        creating = time.perf_counter() - t0
        rss_games = server.rss_kib()
        say(f"{games} games made in {creating:.0f} s; idle CPU, {commands} commands unfollowed ...")
        cpu_bare = await idle_cpu(server.pid, idle)
        alone = await drive(api, made, commands, drivers)
        with Connections(dsn) if dsn else contextlib.nullcontext() as held:
            followers = await follow(server.port, made, per_game)
            await asyncio.sleep(min(1.0, idle))  # every hub's watcher started
            rss_followers = server.rss_kib()
            say(f"{games * per_game} followers open; idle CPU ...")
            cpu_followed = await idle_cpu(server.pid, idle)
            say(f"driving {commands} commands ...")
            driven = await drive(api, made, commands, drivers)
            delays, missing = await pushes(followers, driven["answered"])
        rss_end = server.rss_kib()
        for fs in followers.values():
            for f in fs:
                f.close()
    server.alive()
    n_followers = games * per_game
    lat = driven["latency"]
    return {
        "games": games, "followers": n_followers, "commands": commands, "drivers": drivers,
        "create_s": round(creating, 1),
        "rss_kib": {"first_game": rss_one, "games": rss_games, "followers": rss_followers,
                    "end": rss_end},
        "rss_per_game_kib": round((rss_games - rss_one) / max(1, games - 1), 1),
        "rss_per_follower_kib": round((rss_followers - rss_games) / max(1, n_followers), 1),
        "idle_cpu_pct": {"no_followers": cpu_bare, "followers": cpu_followed},
        "unfollowed": {"commands_per_s": round(commands / alone["seconds"], 1),
                       "command_p50_ms": C.ms(C.pct(alone["latency"], 0.5)),
                       "command_p99_ms": C.ms(C.pct(alone["latency"], 0.99))},
        "commands_per_s": round(commands / driven["seconds"], 1),
        "command_p50_ms": C.ms(C.pct(lat, 0.5)), "command_p99_ms": C.ms(C.pct(lat, 0.99)),
        "pushes": len(delays), "missing_pushes": missing,
        "push_p50_ms": C.ms(C.pct(delays, 0.5)), "push_p99_ms": C.ms(C.pct(delays, 0.99)),
        "push_negative": sum(d < 0 for d in delays),
        **({"db_connections_most": held.most} if held is not None else {}),
    }


def run(games: int = 1000, per_game: int = 1, commands: int = 400, drivers: int = 8,
        idle: float = 5.0, work: Path | None = None, pg: int = 0, url: str | None = None) -> dict:
    """Start the server, measure (see the module's docstring), stop it; answer the figures.
    ``pg``: the pool size of a server of a PostgreSQL database (0: SQLite in --dir): ``url``'s
    (``postgresql:///DB?host=...``, no other client on it), or a throwaway cluster's."""
    files = C.raise_files()
    keep = work is not None
    work = Path(work or tempfile.mkdtemp(prefix="turnlog-serve-followers-"))
    room = games + 16  # every game open and followed at once
    cluster = None
    if pg:
        from .serve_pg import DATABASE
        from .serve_pg import cluster as new_cluster

        if url is None:
            cluster = new_cluster()
            url = f"postgresql:///{DATABASE}?host={cluster.socket}&user=postgres"
        where: tuple[str, ...] = ("--db", url, "--pg-pool-size", str(pg))
    else:
        where = ("--dir", str(work / "games"))
    try:
        server = C.Server(*where, "--max-games", str(games + 10),
                          "--max-games-per-client", str(games + 10), "--max-open-games",
                          str(room), "--max-connections", str(games * per_game + 64),
                          log=work / "server.log")
        try:
            out = asyncio.run(measure(server, games, per_game, commands, drivers, idle,
                                      url if pg else None))
        finally:
            server.stop()
    finally:
        if cluster is not None:
            cluster.stop()
    if not keep:  # kept when the run fails: the server's stderr is in it
        shutil.rmtree(work, ignore_errors=True)
    out["benchmark_nofile"] = list(files)
    out["server_flags"] = {"max_open_games": room, "max_connections": games * per_game + 64,
                           **({"pg_pool_size": pg} if pg else {})}
    return out


def markdown(r: dict) -> str:
    mib = 1024
    memory = C.table(
        ["games", "followers", "RSS 1 game MiB", "RSS games MiB", "RSS + followers MiB",
         "KiB / game", "KiB / follower", "idle CPU % of a core (unfollowed / followed)"],
        [[r["games"], r["followers"], r["rss_kib"]["first_game"] / mib,
          r["rss_kib"]["games"] / mib, r["rss_kib"]["followers"] / mib, r["rss_per_game_kib"],
          r["rss_per_follower_kib"],
          f"{r['idle_cpu_pct']['no_followers']} / {r['idle_cpu_pct']['followers']}"]])
    u = r["unfollowed"]
    work = C.table(
        ["commands over the games", "followers", "commands/s", "command p50 ms",
         "command p99 ms", "push p50 ms", "push p99 ms", "pushes", "missing"],
        [[r["commands"], 0, u["commands_per_s"], u["command_p50_ms"], u["command_p99_ms"],
          "", "", "", ""],
         [r["commands"], r["followers"], r["commands_per_s"], r["command_p50_ms"],
          r["command_p99_ms"], r["push_p50_ms"], r["push_p99_ms"], r["pushes"],
          r["missing_pushes"]]])
    held = ""
    if "db_connections_most" in r:
        held = (f"\n\nDatabase connections the server held at most, followers open and commands "
                f"pushed: {r['db_connections_most']} (pool {r['server_flags']['pg_pool_size']}, "
                "and the listener)")
    return memory + "\n\n" + work + held


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--followers", type=int, default=1, help="SSE followers per game")
    p.add_argument("--commands", type=int, default=400, help="notes posted in all")
    p.add_argument("--drivers", type=int, default=8, help="clients posting at once")
    p.add_argument("--idle", type=float, default=5.0, help="seconds of each idle CPU reading")
    p.add_argument("--pg", type=int, default=0, metavar="POOL",
                   help="serve from a throwaway PostgreSQL cluster with this pool size")
    p.add_argument("--out", type=Path, help="the JSON (default benchmarks/results/...)")
    a = p.parse_args(argv)
    r = run(a.games, a.followers, a.commands, a.drivers, a.idle, pg=a.pg)
    print(f"wrote {C.write('serve_followers', r, a.out)}")
    print(markdown(r))
    return 0


if __name__ == "__main__":
    sys.exit(main())
