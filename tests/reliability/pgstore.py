"""Harness 10, the PostgreSQL store: many writer processes over many games in one database.

Each writer process executes AddNote commands, each tagged with its writer and number, on games drawn
at random (half of them on a few hot games, so that writers collide), opening the game for each command
as a stateless application server would. A ConcurrencyError is counted (the loser is told) and the
command retried; a command that fails because the server went away is counted and retried once the
server is back. A writer prints each acknowledgement as it gets it. The parent may SIGKILL writers
mid-run and restart the server (`pg_ctl restart`) mid-run, then checks every game: its chain verifies
(no gap, and no torn command: verify3 checks that each command holds exactly its rows; every other
command is one of PARTS rows, and its rows are counted too), every
acknowledged tag is stored exactly once, and nothing is stored that no writer asked for.
"""
from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
from collections import Counter
from pathlib import Path

from turnlog.engine import scenario as S
from turnlog.engine.game import Game
from turnlog.events.store import open_log

try:
    import pg_cluster  # tests/support/ on the path (pytest)
except ImportError:
    from tests.support import pg_cluster  # python -m tests.reliability.run

SEED = bytes(range(32))
PARTS = 5  # rows of every other command (the writer's odd-numbered ones)
WRITER = textwrap.dedent("""
    import json, random, sys, time
    from turnlog.engine.commands import AddNote
    from turnlog.engine.game import Game
    from turnlog.events.log import ConcurrencyError, LogError
    from turnlog.events.pgschema import StoreError
    from turnlog.events.codec import encode
    from turnlog.events.game import NoteAdded
    PARTS = 5
    base, games, n, wid, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
    rng, conflicts, failed = random.Random(seed), 0, 0
    print("READY", flush=True)
    sys.stdin.readline()
    for j in range(n):
        k = rng.randrange(min(4, games)) if rng.random() < 0.5 else rng.randrange(games)
        tag = f"w{wid}-{j}"
        while True:
            try:
                with Game.open(f"{base}&game=g{k}", seed=bytes(range(32))) as g:
                    if j % 2:  # one command of PARTS rows: a kill or a restart must not tear it
                        rows = [("NoteAdded", 1, encode(NoteAdded(text=f"{tag}/{i}")).decode(), False)
                                for i in range(PARTS)]
                        seq = g.log.append(rows, expected_seq=g.state.seq, command_type="AddNote")[1][-1]
                    else:
                        seq = g.execute(AddNote(text=tag))[-1][0]
                print(json.dumps({"ack": tag, "game": k, "seq": seq}), flush=True)
                break
            except ConcurrencyError:
                conflicts += 1
            except (StoreError, LogError):  # the server is restarting: nothing of this command was written
                failed += 1
                time.sleep(0.2)
    print(json.dumps({"done": wid, "conflicts": conflicts, "failed_cleanly": failed}), flush=True)
""")


def run(games: int = 6, writers: int = 4, commands: int = 15, kills: int = 0, restart: bool = False,
        workdir: Path | None = None, cluster: "pg_cluster.Cluster | None" = None) -> dict:
    """Run the writers; return the figures (see the module docstring)."""
    own = cluster is None
    cluster = cluster or pg_cluster.Cluster()
    try:
        db = f"rel{int(time.time() * 1000) % 10**9}"
        cluster.createdb(db)
        base = f"postgresql:///{db}?host={cluster.socket}&user={pg_cluster.SUPERUSER}"
        work = Path(workdir or tempfile.mkdtemp(prefix="turnlog-pgrel-"))
        t0 = time.monotonic()
        for k in range(games):
            Game.create(f"{base}&game=g{k}", S.load("bridgehead-14-65"), seed=SEED,
                        seed_file=work / f"g{k}.seed").close()
        created = time.monotonic() - t0
        fig = _race(base, games, writers, commands, kills, restart, cluster)
        fig.update(_check(base, games, fig.pop("acks"), fig.pop("killed_ids")))
        fig.update(games=games, writers=writers, commands_per_writer=commands, create_seconds=round(created, 1))
        return fig
    finally:
        if own:
            cluster.stop()


def run_scaled(large: bool = False) -> dict:
    """The runner's entry (tests/reliability/run.py): CI scale, or docs/reliability.md's large run, each with
    SIGKILLed writers and a server restart mid-run."""
    if large:
        return run(games=200, writers=16, commands=50, kills=4, restart=True)
    return run(games=5, writers=4, commands=25, kills=2, restart=True)


def headline(fig: dict) -> list[str]:
    """What is off in a run's figures: every chain whole, nothing torn, lost, doubled or stored unasked."""
    off = []
    if not fig["acked_commands"]:
        off.append("no command was acknowledged: the harness measured nothing")
    for k in ("torn_or_broken_chains", "torn_commands", "gaps", "duplicates", "acked_lost", "acked_elsewhere",
              "stored_unasked"):
        if fig[k]:
            off.append(f"{k} = {fig[k]}")
    if not fig["multi_row_commands"]:
        off.append("no multi-row command was stored: a torn command could not have been seen")
    return off


def _race(base: str, games: int, writers: int, commands: int, kills: int, restart: bool, cluster) -> dict:
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, base, str(games), str(commands), str(w), str(w)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True) for w in range(writers)]
    for p in procs:
        assert p.stdout.readline().strip() == "READY"
    t0 = time.monotonic()
    for p in procs:
        p.stdin.write("go\n")
        p.stdin.flush()
    victims = random.Random(7).sample(range(writers), kills)
    restarted = 0
    if kills or restart:
        _until_stored(base, writers * commands // 3, procs)  # mid-run: a third of the commands are in
        for w in victims:
            procs[w].send_signal(signal.SIGKILL)
        if restart:
            cluster.restart()
            restarted = 1
    acks, summary = [], Counter()
    for w, p in enumerate(procs):
        out, _err = p.communicate(timeout=1800)
        for line in out.splitlines():
            rec = json.loads(line)
            if "ack" in rec:
                acks.append(rec)
            else:
                summary.update(conflicts=rec["conflicts"], failed_cleanly=rec["failed_cleanly"])
    seconds = time.monotonic() - t0
    return {"acks": acks, "killed_ids": victims, "killed_by_sigkill": len(victims), "server_restarts": restarted,
            "acked_commands": len(acks), "losers_told": summary["conflicts"],
            "failed_cleanly": summary["failed_cleanly"], "seconds": round(seconds, 1),
            "commands_per_second": round(len(acks) / seconds, 1) if seconds else 0.0}


def _until_stored(base: str, n: int, procs: list) -> None:
    """Wait until ``n`` notes are committed (or every writer has ended)."""
    import psycopg
    with psycopg.connect(base, autocommit=True) as conn:
        while all(p.poll() is None for p in procs):
            if conn.execute("SELECT count(*) FROM turnlog.events WHERE type = 'NoteAdded'").fetchone()[0] >= n:
                return
            time.sleep(0.05)


def _check(base: str, games: int, acks: list[dict], killed: list[int]) -> dict:
    stored: Counter = Counter()
    where: dict[str, tuple[int, int]] = {}
    broken = gaps = 0
    for k in range(games):
        with open_log(f"{base}&game=g{k}", readonly=True) as log:
            ok, bad, _why = log.verify_chain()
            broken += bad is not None
            seqs = [r[0] for r in log.rows()]
            gaps += seqs != list(range(1, len(seqs) + 1))
            for seq, _cid, type_, _v, data, _a in log.rows():
                if type_ == "NoteAdded":
                    tag = json.loads(data)["text"].split("/")[0]  # a command of PARTS rows: w1-3/0 .. w1-3/4
                    stored[tag] += 1
                    where[tag] = (k, seq)
    acked = {a["ack"]: (a["game"], a["seq"]) for a in acks}
    unasked = [t for t in stored if not (t in acked or int(t[1:].split("-")[0]) in killed)]
    parts = {t: PARTS if int(t.split("-")[1]) % 2 else 1 for t in stored}  # rows each command must hold
    return {"torn_or_broken_chains": broken, "gaps": gaps,
            "torn_commands": sum(1 for t, n in stored.items() if n % parts[t]),
            "multi_row_commands": sum(1 for t in stored if parts[t] > 1),
            "duplicates": sum(n // parts[t] - 1 for t, n in stored.items() if n > parts[t]),
            "acked_lost": sum(1 for t in acked if t not in stored),
            "acked_elsewhere": sum(1 for t, place in acked.items() if t in where and where[t] != place),
            "stored_unasked": len(unasked), "stored_commands": len(stored)}


if __name__ == "__main__":
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--writers", type=int, default=16)
    ap.add_argument("--commands", type=int, default=50)
    ap.add_argument("--kills", type=int, default=0)
    ap.add_argument("--restart", action="store_true")
    a = ap.parse_args()
    print(json.dumps(run(a.games, a.writers, a.commands, a.kills, a.restart), indent=1))
