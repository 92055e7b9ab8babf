"""SQLite beside PostgreSQL in one run: per-command latency and commands/s across N games with M writers, and replay.

    python -m benchmarks.stores [--games N] [--writers M] [--commands K] [--replay R] [--pg URL] [--out FILE]

Each store gets N games (the bundled 14.65 scenario). M writer processes each own the games k with
k % M == w, keep them open, and execute K AddNote commands round-robin over them, timing each
``Game.execute`` (the rules, the append and its durable commit). Commands/s is all acknowledged commands
over the wall time from the common start to the last writer's end. Replay: one game of R commands is
written to SQLite, copied verbatim to PostgreSQL (`turnlog copy`), and each is folded from seq 1 (rows
read + decoded + applied, no snapshot) and chain-verified. Without --pg a throwaway cluster is started
(tests/support/pg_cluster.py); figures are of this machine and its file system, within one run only.
"""
from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

from turnlog.engine import scenario as S
from turnlog.engine.faces.transfer import copy_game
from turnlog.engine.game import Game
from turnlog.events.store import open_log
from turnlog.projections import fold as F
from turnlog.projections.state import GameState

SEED = bytes(range(32))
WRITER = textwrap.dedent("""
    import json, sys, time
    from turnlog.engine.commands import AddNote
    from turnlog.engine.game import Game
    targets, n = json.loads(sys.argv[1]), int(sys.argv[2])
    games = [Game.open(t, seed=bytes(range(32)), seed_file=sf) for t, sf in targets]
    print("READY", flush=True)
    sys.stdin.readline()
    lat = []
    for i in range(n):
        g = games[i % len(games)]
        t = time.perf_counter()
        g.execute(AddNote(text=f"n{i}"))
        lat.append(time.perf_counter() - t)
    print(json.dumps(lat), flush=True)
""")


def writers(targets: list[tuple[str, str]], m: int, k: int) -> dict:
    """Run ``m`` writer processes over ``targets`` (k commands each); return the latency and throughput figures."""
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, json.dumps(targets[w::m]), str(k)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True) for w in range(m)]
    for p in procs:
        assert p.stdout.readline().strip() == "READY"
    t0 = time.perf_counter()
    for p in procs:
        p.stdin.write("go\n")
        p.stdin.flush()
    lat = [x for p in procs for x in json.loads(p.communicate(timeout=3600)[0])]
    wall = time.perf_counter() - t0
    lat.sort()
    q = lambda f: round(lat[min(len(lat) - 1, int(f * len(lat)))] * 1000, 2)  # noqa: E731 - ms at a quantile
    return {"commands": len(lat), "seconds": round(wall, 2), "commands_per_s": round(len(lat) / wall, 1),
            "latency_ms_median": round(statistics.median(lat) * 1000, 2), "latency_ms_p90": q(0.9),
            "latency_ms_p99": q(0.99)}


def replay(target) -> dict:
    """Fold the game from seq 1 (no snapshot) and verify its chain; events/s of each."""
    with open_log(target, readonly=True) as log:
        last = log.last()[0]
        t = time.perf_counter()
        state = F.fold(GameState(), log.rows(1, last))
        fold_s = time.perf_counter() - t
        t = time.perf_counter()
        assert log.verify_chain()[1] is None
        verify_s = time.perf_counter() - t
    assert state.seq == last
    return {"events": last, "fold_events_per_s": round(last / fold_s), "verify_rows_per_s": round(last / verify_s)}


def run(games: int, m: int, k: int, r: int, pg_base: str | None, work: Path) -> dict:
    cluster = None
    if pg_base is None:
        sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "support"))
        import pg_cluster
        cluster = pg_cluster.Cluster()
        cluster.createdb("bench")
        pg_base = f"postgresql:///bench?host={cluster.socket}&user={pg_cluster.SUPERUSER}"
    try:
        stamp = int(time.time())
        targets = {"sqlite": [(str(work / f"g{i}.db"), str(work / f"g{i}.db.seed")) for i in range(games)],
                   "postgres": [(f"{pg_base}&game=b{stamp}-{i}", str(work / f"b{i}.seed")) for i in range(games)]}
        for store in targets.values():
            for t, sf in store:
                Game.create(t, S.load("bridgehead-14-65"), seed=SEED, seed_file=sf).close()
        out = {"games": games, "writers": m, "commands_per_writer": k}
        for name, store in targets.items():
            out[name] = writers(store, m, k)
        long = str(work / "long.db")
        with Game.create(long, S.load("bridgehead-14-65"), seed=SEED) as g:
            from turnlog.engine.commands import AddNote
            for i in range(r):
                g.execute(AddNote(text=f"r{i}"))
        url = f"{pg_base}&game=long{stamp}"
        with contextlib.chdir(work):  # a PostgreSQL game's seed sidecar is named in the working directory
            copy_game(long, url)
        out["replay"] = {"sqlite": replay(long), "postgres": replay(url)}
        return out
    finally:
        if cluster is not None:
            cluster.stop()


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.stores", description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=64)
    p.add_argument("--writers", type=int, default=4)
    p.add_argument("--commands", type=int, default=200, help="per writer")
    p.add_argument("--replay", type=int, default=3000, help="commands in the replayed game")
    p.add_argument("--pg", help="postgresql:///DB?host=... of an existing server (default: a throwaway cluster)")
    p.add_argument("--out", type=Path, help="write the figures as JSON here")
    a = p.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="turnlog-stores-") as tmp:
        fig = run(a.games, a.writers, a.commands, a.replay, a.pg, Path(tmp))
    text = json.dumps(fig, indent=1)
    print(text)
    if a.out:
        a.out.write_text(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
