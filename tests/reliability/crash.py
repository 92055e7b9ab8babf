"""Harness 1, crash atomicity: SIGKILL a writer at random moments, then audit the file.

The child appends commands of 1 to 5 events forever (one-event host commands
through Game.execute, multi-event ones through EventLog.append) and prints
``ACK first last digest`` only after each commit returned. The parent kills it
with SIGKILL after a random delay, then checks the file with fresh
connections: no torn command, every acknowledged event stored with the same
bytes, integrity ok, the chain verifies, and the game reopens, equals its own
replay and accepts another command. All trials continue the same file, so
each one also recovers what the previous kill left behind.

``log_format`` picks the format of the file: 3 writes one table per append;
2 (an old file, still appended to) writes the commands table and the events
table in one transaction, the case where a kill between the two would tear.

A process kill loses nothing the OS already holds; power loss is not simulated.
"""
from __future__ import annotations

import os
import random
import signal
import subprocess
import sqlite3
import sys
import tempfile
import threading
import time
from pathlib import Path

import msgspec

from turnlog.engine import commands as c
from turnlog.engine import dice as D
from turnlog.engine import scenario as S
from turnlog.engine.game import Game
from turnlog.events.codec import encode
from turnlog.events.log import FORMAT, EventLog

from .common import (ROOT, SCENARIO, SEED, append_raw, child, digest, gapless, integrity, new_game, random_events,
                     random_host_command, replay_equals_live, torn_commands)


def writer(db: str, rng_seed: int, synchronous: str) -> None:
    """The child: append until killed; acknowledge each command after its commit."""
    rng = random.Random(rng_seed)
    game = Game.open(db, seed=SEED, synchronous=synchronous)
    print("READY", flush=True)
    n = 0
    while True:
        n += 1
        k = rng.choice((1, 1, 2, 3, 4, 5))
        print("W", flush=True)  # a command is in flight from here until its ACK
        if k == 1:
            pairs = game.execute(random_host_command(rng, game.state))
            seqs = [s for s, _e in pairs]
            texts = [encode(e).decode() for _s, e in pairs]
        else:
            events = random_events(rng, game.state, k, f"crash {rng_seed}/{n}")
            seqs = append_raw(game, events, {"type": "Batch", "k": k, "tag": f"{rng_seed}/{n}"})
            texts = [encode(e).decode() for e in events]
        print(f"ACK {seqs[0]} {seqs[-1]} {digest(texts)}", flush=True)


def _read(stream, lines: list[str]) -> None:
    for line in stream:
        lines.append(line)


def trial(db: Path, rng: random.Random, max_delay: float, synchronous: str) -> dict:
    """One kill; return what the audit found."""
    p = child("crash", "child", str(db), str(rng.getrandbits(32)), synchronous,
              stdout=subprocess.PIPE)
    assert p.stdout.readline().strip() == "READY", "the writer did not start"
    lines: list[str] = []
    reader = threading.Thread(target=_read, args=(p.stdout, lines), daemon=True)
    reader.start()
    time.sleep(rng.uniform(0, max_delay))
    p.send_signal(signal.SIGKILL)
    p.wait()
    reader.join(5)
    acks = [ln.split() for ln in lines if ln.endswith("\n") and ln.startswith("ACK ")]
    in_flight = bool(lines) and lines[-1].startswith("W")
    out = {"acked_commands": len(acks), "acked_events": 0, "lost": 0, "altered": 0, "torn": [],
           "killed_by_sigkill": p.returncode == -signal.SIGKILL, "in_flight": in_flight}
    conn = sqlite3.connect(db)
    try:
        for _ack, first, last, dig in acks:
            first, last = int(first), int(last)
            out["acked_events"] += last - first + 1
            rows = conn.execute("SELECT data FROM events WHERE seq BETWEEN ? AND ? ORDER BY seq",
                                (first, last)).fetchall()
            if len(rows) != last - first + 1:
                out["lost"] += last - first + 1 - len(rows)
            elif digest(r[0] for r in rows) != dig:
                out["altered"] += 1
        out["torn"] = torn_commands(conn)
        out["gapless"] = gapless(conn)
        stored = conn.execute("SELECT count(*) FROM commands").fetchone()[0]
    finally:
        conn.close()
    out["stored_commands"] = stored
    out["integrity"] = integrity(db)
    log = EventLog(db)
    try:
        _n, out["chain_bad"], _why = log.verify_chain()
    finally:
        log.close()
    with Game.open(db, seed=SEED) as g:
        out["replay_equal"] = replay_equals_live(g)
        before = g.state.seq
        g.execute(c.AddNote(text="after the crash"))
        out["continues"] = g.log.last()[0] == before + 1
    return out


def run(large: bool = False, trials: int | None = None, max_delay: float = 0.4, seed: int = 1,
        workdir: Path | None = None, synchronous: str = "FULL", log_format: int = FORMAT) -> dict:
    trials = trials or (100 if large else 5)
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(dir=workdir) as tmp:
        db = Path(tmp) / "crash.db"
        new_game(db, log_format=log_format).close()
        fig = {"trials": trials, "log_format": log_format, "synchronous": synchronous, "killed_by_sigkill": 0,
               "acked_commands": 0, "acked_events": 0, "killed_mid_command": 0, "committed_unacked_commands": 0,
               "torn_commands": 0,
               "acked_events_lost": 0, "acked_events_altered": 0, "gaps": 0, "integrity_not_ok": 0,
               "chain_broken": 0, "replay_differs": 0, "reopen_failed": 0, "problems": []}
        prev_stored = 1
        t0 = time.perf_counter()
        for i in range(trials):
            r = trial(db, rng, max_delay, synchronous)
            fig["killed_by_sigkill"] += r["killed_by_sigkill"]
            fig["acked_commands"] += r["acked_commands"]
            fig["acked_events"] += r["acked_events"]
            fig["killed_mid_command"] += r["in_flight"]
            # +1: the audit's own AddNote after the reopen
            fig["committed_unacked_commands"] += r["stored_commands"] - prev_stored - r["acked_commands"]
            prev_stored = r["stored_commands"] + 1
            fig["torn_commands"] += len(r["torn"])
            fig["acked_events_lost"] += r["lost"]
            fig["acked_events_altered"] += r["altered"]
            fig["gaps"] += not r["gapless"]
            fig["integrity_not_ok"] += r["integrity"] != "ok"
            fig["chain_broken"] += r["chain_bad"] is not None
            fig["replay_differs"] += not r["replay_equal"]
            fig["reopen_failed"] += not r["continues"]
            fig["problems"] += [f"trial {i}: {t}" for t in r["torn"]]
        fig["seconds"] = round(time.perf_counter() - t0, 1)
        with Game.open(db, seed=SEED) as g:
            fig["final_events"] = g.state.seq
    return fig



# -- kill `turnlog new` mid-creation ---------------------------------------------------

CREATE_MODES = ("random delay", "when the temporary file appears", "when the seed file appears",
                "when the game appears")


def big_scenario(path: Path, side: int) -> Path:
    """The bundled scenario with ``side`` x ``side`` more hexes: a creation long enough to be killed inside."""
    doc = msgspec.to_builtins(S.load(SCENARIO))
    plain = {k: v for k, v in doc["hexes"][0].items() if k != "features"}
    doc["hexes"] += [{**plain, "id": f"{c:02d}{r:02d}", "col": c, "row": r}
                     for c in range(20, 20 + side) for r in range(20, 20 + side)]
    path.write_bytes(msgspec.json.encode(doc))
    return path


def _new(scenario: Path, db: Path) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "turnlog.engine.faces.cli", "new", str(scenario), "--db", str(db)],
                            cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep
                                               + os.environ.get("PYTHONPATH", "")),
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)


def _kill_when(p: subprocess.Popen, folder: Path, mode: str, delay: float) -> None:
    """SIGKILL ``p`` after ``delay`` (random mode) or as soon as the file the mode names appears."""
    want = {"when the temporary file appears": lambda n: ".creating-" in n,
            "when the seed file appears": lambda n: n == "g.db.seed",
            "when the game appears": lambda n: n == "g.db"}.get(mode)
    deadline = time.perf_counter() + (delay if want is None else 60)
    while p.poll() is None and time.perf_counter() < deadline:
        if want and any(map(want, os.listdir(folder))):
            break
        time.sleep(0.0005)
    p.send_signal(signal.SIGKILL)
    p.wait()


def audit_creation(db: Path) -> dict:
    """What a kill left at ``db``: nothing (and `new` works again), or a whole game with its own seed."""
    from turnlog.engine.verify import verify_path
    from turnlog.engine.errors import CommandError
    from turnlog.events.log import LogError
    seed = D.seed_path(db)
    out = {"game": db.exists(), "seed": seed.exists(), "problems": []}
    if not out["game"]:
        if out["seed"]:  # killed between the seed's fsync and the link: `new` names the leftover seed
            try:
                Game.create(db, S.load(SCENARIO)).close()
                out["problems"].append("new accepted a target beside a leftover seed")
            except (LogError, CommandError) as err:
                out["orphan_seed_named"] = f"no {db.name} beside it" in str(err) and str(seed) in str(err)
            seed.unlink()
        Game.create(db, S.load(SCENARIO)).close()  # the target is free again
        return out
    conn = sqlite3.connect(db)
    try:
        first = conn.execute("SELECT type FROM events WHERE seq = 1").fetchone()
    finally:
        conn.close()
    out["zero_events"] = first is None
    if first is None or first[0] != "GameCreated" or not out["seed"]:
        out["problems"].append(f"game at the target: seq 1 {first}, seed file {out['seed']}")
        return out
    rep = verify_path(db)
    with Game.open(db) as g:
        own = g.seed is not None and not getattr(g, "seed_problem", "") and D.commitment(g.seed) == g.state.seed_sha256
    if not rep.ok:
        out["problems"].append(f"the game does not verify: {rep.stage} {rep.problem}")
    if not own:
        out["problems"].append("the seed beside the game is not the one its log commits to")
    return out


def run_create(large: bool = False, trials: int | None = None, seed: int = 1, workdir: Path | None = None,
               side: int = 0) -> dict:
    """SIGKILL `turnlog new` at random moments and when each file appears; audit every target."""
    trials = trials or (48 if large else 8)
    side = side or (40 if large else 24)
    rng = random.Random(seed)
    fig = {"trials": trials, "setup_events": 0, "killed_by_sigkill": 0, "no_game_left": 0,
           "leftover_seed_named": 0, "whole_game_left": 0, "zero_event_games": 0, "games_without_seed": 0,
           "games_not_verifying_or_wrong_seed": 0, "temp_files_left": 0, "tracebacks": 0, "problems": []}
    with tempfile.TemporaryDirectory(dir=workdir) as tmp:
        sc = big_scenario(Path(tmp) / "big.json", side)
        t0 = time.perf_counter()
        calib = _new(sc, Path(tmp) / "calibrate.db")
        calib.wait()
        full = time.perf_counter() - t0
        with Game.open(Path(tmp) / "calibrate.db") as g:
            fig["setup_events"] = g.state.seq
        for i in range(trials):
            folder = Path(tmp) / f"t{i}"
            folder.mkdir()
            db = folder / "g.db"
            mode = CREATE_MODES[i % len(CREATE_MODES)]
            p = _new(sc, db)
            _kill_when(p, folder, mode, rng.uniform(0, 1.1 * full))
            fig["killed_by_sigkill"] += p.returncode == -signal.SIGKILL
            fig["tracebacks"] += "Traceback" in (p.stderr.read() if p.stderr else "")
            p.stderr and p.stderr.close()
            fig["temp_files_left"] += sum(".creating-" in n for n in os.listdir(folder))
            try:
                r = audit_creation(db)
            except Exception as exc:  # an older turnlog's game the audit cannot even open: a finding
                r = {"game": db.exists(), "seed": D.seed_path(db).exists(), "problems": [f"audit: {exc!r}"]}
            fig["no_game_left"] += not r["game"]
            fig["leftover_seed_named"] += bool(r.get("orphan_seed_named"))
            if r["seed"] and not r["game"] and not r.get("orphan_seed_named"):
                r["problems"].append("`new` beside the leftover seed did not name it")
            fig["whole_game_left"] += r["game"] and not r["problems"]
            fig["zero_event_games"] += bool(r.get("zero_events"))
            fig["games_without_seed"] += r["game"] and not r["seed"]
            fig["games_not_verifying_or_wrong_seed"] += r["game"] and r["seed"] and bool(r["problems"])
            fig["problems"] += [f"trial {i} ({mode}): {t}" for t in r["problems"]]
        fig["seconds"] = round(time.perf_counter() - t0, 1)
    return fig


if __name__ == "__main__":
    if sys.argv[1] == "child":
        writer(sys.argv[2], int(sys.argv[3]), sys.argv[4])
