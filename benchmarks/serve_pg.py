"""Commands per second with 1, 2 and 4 `turnlog serve` processes on one PostgreSQL database.

``python -m benchmarks.serve_pg [--servers 1 2 4 --clients 8 --commands 100]`` starts a throwaway
PostgreSQL cluster (tests/support/pg_cluster.py: initdb and pg_ctl on a Unix socket, fsync on) and,
for each count of servers in turn, that many `turnlog serve --db` processes on loopback ports over
the one database. ``--clients`` clients (asyncio, httpx), each with a game of its own created
through the server it plays on (client i on server i mod P), post notes one after the other.
Reported per configuration: commands per second over all clients, and each command's p50 and p99.
Every server of a configuration shares the machine's cores with the database and the clients.
Writes benchmarks/results/serve_pg-STAMP.json and prints the Markdown table.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path

import httpx

from . import serve_common as C

DATABASE = "turnlog_bench"


def cluster():
    """A running throwaway PostgreSQL cluster (the tests' own), with the benchmark's database."""
    support = C.ROOT / "tests" / "support"
    if str(support) not in sys.path:
        sys.path.insert(0, str(support))
    import pg_cluster  # the tests' cluster helper, not an installed module

    c = pg_cluster.Cluster()
    c.createdb(DATABASE)
    return c


def start(url: str, n: int, work: Path, tag: str) -> list[C.Server]:
    """``n`` servers on ``url``; the first alone, so only it makes the registry's tables."""
    flags = ("--db", url, "--max-games-per-client", "100000", "--max-games", "100000")
    servers = [C.Server(*flags, log=work / f"{tag}-0.log")]
    try:  # the others start side by side
        servers += [C.Server(*flags, log=work / f"{tag}-{i}.log", wait=False) for i in range(1, n)]
        for s in servers[1:]:
            s.listening()
    except BaseException:
        for s in servers:
            s.stop()
        raise
    return servers


async def play(servers: list[C.Server], clients: int, commands: int) -> dict:
    """Every client creates its game on its server, then all post ``commands`` notes at once."""
    apis = [httpx.AsyncClient(base_url=s.base, timeout=120) for s in servers]
    try:
        games = []
        for i in range(clients):
            api = apis[i % len(apis)]
            r = await api.post("/api/games", json={"scenario": C.SCENARIO, "seats": C.SEATS})
            r.raise_for_status()
            games.append((api, r.json()["id"], r.json()["tokens"]["alice"]))
        latency: list[float] = []
        start = asyncio.Event()

        async def client(api, gid: str, token: str) -> None:
            auth = {"Authorization": f"Bearer {token}"}
            await api.get(f"/api/games/{gid}")  # its game open on its server before the clock
            await start.wait()
            for i in range(commands):
                t = time.perf_counter()
                r = await api.post(f"/api/games/{gid}/commands", headers=auth,
                                   content=json.dumps({"type": "AddNote", "text": f"n{i}"}))
                latency.append(time.perf_counter() - t)
                if r.status_code != 200:
                    raise RuntimeError(f"{gid}: {r.status_code} {r.text[:200]}")

        tasks = [asyncio.ensure_future(client(*g)) for g in games]
        await asyncio.sleep(0.5)
        t0 = time.perf_counter()
        start.set()
        await asyncio.gather(*tasks)
        took = time.perf_counter() - t0
    finally:
        for api in apis:
            await api.aclose()
    n = clients * commands
    return {"commands": n, "seconds": round(took, 2), "commands_per_s": round(n / took, 1),
            "p50_ms": C.ms(C.pct(latency, 0.5)), "p99_ms": C.ms(C.pct(latency, 0.99))}


def run(counts=(1, 2, 4), clients: int = 8, commands: int = 100, work: Path | None = None,
        url: str | None = None) -> dict:
    """Measure each count of servers (see the module's docstring); ``url``: a database of one's
    own (``postgresql:///DB?host=...``) instead of a throwaway cluster."""
    keep = work is not None
    work = Path(work or tempfile.mkdtemp(prefix="turnlog-serve-pg-"))
    made = None
    if url is None:
        made = cluster()
        url = f"postgresql:///{DATABASE}?host={made.socket}&user=postgres"
    out = {"clients": clients, "commands_per_client": commands, "runs": []}
    try:
        for n in counts:
            servers = start(url, n, work, f"p{n}")
            try:
                got = asyncio.run(play(servers, clients, commands))
                for s in servers:
                    s.alive()
            finally:
                for s in servers:
                    s.stop()
            out["runs"].append({"servers": n, **got})
    finally:
        if made is not None:
            made.stop()
    if not keep:  # kept when the run fails: the servers' stderr is in it
        shutil.rmtree(work, ignore_errors=True)
    return out


def markdown(r: dict) -> str:
    one = [x["commands_per_s"] for x in r["runs"] if x["servers"] == 1]
    return C.table(
        ["servers", "clients", "commands", "s", "commands/s", "× 1 server", "p50 ms", "p99 ms"],
        [[x["servers"], r["clients"], x["commands"], x["seconds"], x["commands_per_s"],
          round(x["commands_per_s"] / one[0], 2) if one else "", x["p50_ms"], x["p99_ms"]]
         for x in r["runs"]])


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--servers", type=int, nargs="+", default=[1, 2, 4])
    p.add_argument("--clients", type=int, default=8, help="clients, each on a game of its own")
    p.add_argument("--commands", type=int, default=100, help="notes each client posts")
    p.add_argument("--db", help="postgresql:///DB?host=... of one's own (default: a throwaway)")
    p.add_argument("--out", type=Path, help="the JSON (default benchmarks/results/...)")
    a = p.parse_args(argv)
    r = run(tuple(a.servers), a.clients, a.commands, url=a.db)
    print(f"wrote {C.write('serve_pg', r, a.out)}")
    print(markdown(r))
    return 0


if __name__ == "__main__":
    sys.exit(main())
