"""Harness 2, concurrent writers: several processes append to one game through the public API.

Each writer opens the game with Game.open and executes AddNote/SetControl
commands, each tagged with its writer and number. A ConcurrencyError is
counted and the command retried (Game reloads its state from the log on any
failed commit). The parent then checks the log: seqs gapless and unique,
events stored = successful appends, every acknowledged command stored once
with the seq its writer was given, nothing stored that no writer asked for.
"""
from __future__ import annotations

import json
import random
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import msgspec

from turnlog.engine import commands as c
from turnlog.engine.game import Game
from turnlog.events.log import ConcurrencyError, EventLog

from .common import SEED, child, gapless, integrity, new_game, replay_equals_live, torn_commands


def writer(db: str, wid: int, n: int, rng_seed: int) -> None:
    """The child: ``n`` successful appends, retrying each on conflict; print a JSON summary."""
    rng = random.Random(rng_seed)
    game = Game.open(db, seed=SEED)
    ok, conflicts, other_errors, retries_max = [], 0, [], 0
    print("READY", flush=True)
    sys.stdin.readline()  # start together
    for j in range(n):
        tag = f"w{wid}-{j}"
        if rng.random() < 0.7:
            cmd = c.AddNote(text=tag)
        else:
            cmd = c.SetControl(hex=rng.choice(sorted(game.state.hexes)), faction=rng.choice(sorted(game.state.factions)))
        tries = 0
        while True:
            tries += 1
            try:
                pairs = game.execute(cmd, actor=tag)
                ok.append([tag, [s for s, _e in pairs]])
                break
            except ConcurrencyError:
                conflicts += 1
            except sqlite3.OperationalError as err:  # e.g. busy timeout
                other_errors.append(str(err))
                if len(other_errors) > 100:
                    raise
        retries_max = max(retries_max, tries - 1)
    game.close()
    print(json.dumps({"wid": wid, "ok": ok, "conflicts": conflicts, "other_errors": other_errors,
                      "retries_max": retries_max}), flush=True)


def run(large: bool = False, writers: int | None = None, appends: int | None = None, seed: int = 2,
        workdir: Path | None = None) -> dict:
    writers = writers or (8 if large else 3)
    appends = appends or (250 if large else 15)
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(dir=workdir) as tmp:
        db = Path(tmp) / "concurrent.db"
        with new_game(db) as g:
            setup = g.state.seq
        procs = [child("concurrent", "child", str(db), str(w), str(appends), str(rng.getrandbits(32)),
                       stdin=subprocess.PIPE, stdout=subprocess.PIPE) for w in range(writers)]
        for p in procs:
            assert p.stdout.readline().strip() == "READY"
        t0 = time.perf_counter()
        for p in procs:
            p.stdin.write("go\n")
            p.stdin.flush()
        results = []
        for p in procs:
            out, _ = p.communicate(timeout=600)
            results.append(json.loads(out.strip().splitlines()[-1]))
            assert p.returncode == 0, f"writer exited {p.returncode}"
        seconds = time.perf_counter() - t0
        acked = {tag: seqs for r in results for tag, seqs in r["ok"]}
        acked_seqs = [s for r in results for _t, seqs in r["ok"] for s in seqs]
        conn = sqlite3.connect(db)
        try:
            stored = conn.execute("SELECT count(*) FROM events WHERE seq > ?", (setup,)).fetchone()[0]
            by_actor = {}
            for actor, first, last in conn.execute("SELECT actor, first_seq, last_seq FROM commands WHERE id > 1"):
                by_actor.setdefault(actor, []).append(list(range(first, last + 1)))
            notes = [msgspec.json.decode(d)["text"] for (d,) in conn.execute(
                "SELECT data FROM events WHERE type = 'NoteAdded'")]
            torn = torn_commands(conn)
            is_gapless = gapless(conn)
            last = conn.execute("SELECT max(seq) FROM events").fetchone()[0]
        finally:
            conn.close()
        log = EventLog(db)
        _n, chain_bad, _why = log.verify_chain()
        log.close()
        with Game.open(db, seed=SEED) as g:
            replay_ok = replay_equals_live(g)
        fig = {
            "writers": writers, "appends_per_writer": appends, "seconds": round(seconds, 1),
            "successful_appends": len(acked), "events_stored": stored,
            "events_stored_equals_successful": stored == len(acked_seqs),
            "duplicate_seqs": len(acked_seqs) - len(set(acked_seqs)),
            "missing_seqs": 0 if is_gapless else (last - conn_count(db)),
            "acked_not_stored_as_acked": sum(1 for tag, seqs in acked.items() if by_actor.get(tag) != [seqs]),
            "stored_not_acked": sum(1 for actor in by_actor if actor not in acked),
            "notes_duplicated": len(notes) - len(set(notes)),
            "conflicts_raised": sum(r["conflicts"] for r in results),
            "max_retries_one_command": max(r["retries_max"] for r in results),
            "other_errors": sum(len(r["other_errors"]) for r in results),
            "torn_commands": len(torn), "integrity": integrity(db), "chain_bad_seq": chain_bad,
            "replay_equal": replay_ok,
        }
    return fig


def conn_count(db: Path) -> int:
    conn = sqlite3.connect(db)
    try:
        return conn.execute("SELECT count(*) FROM events").fetchone()[0]
    finally:
        conn.close()


if __name__ == "__main__":
    if sys.argv[1] == "child":
        writer(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]))
