"""Harness 7, determinism: the same log replayed under different PYTHONHASHSEEDs gives the same boards.

The parent plays a few random games (the fuzz scenario and the bundled demo
scenarios' scripts), then starts one child process per hash seed. Each child

- replays every log and hashes the board (sha256 of projections.state.dump)
  after every ``stride``-th seq and at the end, with and without snapshots;
- runs engine.verify on it (every command re-executed under this hash seed);
- re-plays the logged commands into a fresh game and hashes the events' JSON,
  so the command side (rules deciding events) is compared too.

Any difference between children, or with the parent, is a determinism bug.
"""
from __future__ import annotations

import hashlib
import json
import random
import subprocess
import sys
import tempfile
import time
from importlib import resources
from pathlib import Path

from turnlog.engine import commands as c
from turnlog.engine import scenario as S
from turnlog.engine.game import Game
from turnlog.engine.verify import verify
from turnlog.events.store import open_log

from . import play
from .common import SEED, board_hash, child

HASHSEEDS = ("0", "1", "4242", "random")


def boards(path: Path, stride: int) -> dict:
    """Board hashes of one log: every stride-th seq, and the end with and without snapshots."""
    with Game.open(path, seed=SEED) as g:
        last = g.log.last()[0]
        out = {str(s): board_hash(g.at(s)) for s in range(1, last + 1, stride)}
        out["end"] = board_hash(g.at())
        out["end_no_snapshots"] = board_hash(g.at(use_snapshots=False))
        out["verify_ok"] = verify(g).ok
        out["replayed_commands"] = replay_commands(g)
        out["logged_events"] = events_hash(g)
    return out


def events_hash(g: Game) -> str:
    h = hashlib.sha256()
    for r in g.log.rows():
        h.update(f"{r[0]}|{r[1]}|{r[2]}|{r[3]}|{r[5]}|".encode() + r[4].encode() + b"\n")
    return h.hexdigest()


def replay_commands(game: Game) -> str:
    """Issue the logged commands again into a copy of the setup alone; hash the events they give.

    A copy of the setup's rows, not a fork: a fork adds its own row (its identity) after the setup.
    """
    cmds = game.log.commands()
    with tempfile.TemporaryDirectory() as tmp:
        log = open_log(Path(tmp) / "again.db", create=True, log_format=game.log.format)
        log.copy_from(game.log, cmds[0][6])
        g = Game(log, SEED)
        for _cid, _actor, ctype, payload, *_rest in cmds[1:]:
            g.execute(c.Redo() if ctype == "Redo" else c.parse(payload))
        out = events_hash(g)
        g.close()
    return out


def main_child(args: list[str]) -> None:
    stride = int(args[0])
    print(json.dumps({p: boards(Path(p), stride) for p in args[1:]}, sort_keys=True))


def make_logs(tmp: Path, games: int, commands: int, rng: random.Random) -> list[Path]:
    paths = []
    for i in range(games):
        p = tmp / f"fuzz{i}.db"
        g = Game.create(p, play.fuzz_scenario(), seed=SEED)
        play.random_history(g, random.Random(rng.getrandbits(32)), commands)
        g.snapshot()
        g.close()
        paths.append(p)
    for name in S.bundled_names():
        p = tmp / f"{name}.db"
        g = Game.create(p, S.load(name), seed=SEED)
        script = resources.files("turnlog.engine.scenarios").joinpath(f"{name}.jsonl")
        if script.is_file():
            for line in script.read_text().splitlines():
                line = line.strip()
                if line and not line.startswith(("#", "//")):
                    try:
                        g.execute(line.lstrip("!").strip())
                    except Exception:  # scripted refusals ("!") are expected
                        pass
        play.random_history(g, random.Random(rng.getrandbits(32)), commands // 2)
        g.close()
        paths.append(p)
    return paths


def run(large: bool = False, games: int | None = None, commands: int | None = None, stride: int | None = None,
        seed: int = 7, workdir: Path | None = None) -> dict:
    games = games or (8 if large else 1)
    commands = commands or (400 if large else 40)
    stride = stride or (5 if large else 3)
    rng = random.Random(seed)
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(dir=workdir) as tmp:
        paths = make_logs(Path(tmp), games, commands, rng)
        mine = {str(p): boards(p, stride) for p in paths}
        procs = [child("determinism", "child", str(stride), *map(str, paths), hashseed=hs, stdout=subprocess.PIPE)
                 for hs in HASHSEEDS]
        theirs = {}
        for hs, p in zip(HASHSEEDS, procs):
            out, _ = p.communicate(timeout=3600)
            assert p.returncode == 0, f"child with PYTHONHASHSEED={hs} failed"
            theirs[hs] = json.loads(out)
        events = sum(Game.open(p, seed=SEED).log.last()[0] for p in paths)
    compared = mismatches = 0
    bad = []
    for hs, res in theirs.items():
        for path, hashes in res.items():
            for k, v in hashes.items():
                compared += 1
                if mine[path].get(k) != v:
                    mismatches += 1
                    bad.append(f"PYTHONHASHSEED={hs} {Path(path).name} {k}")
    return {
        "logs": len(paths), "events": events, "processes": len(HASHSEEDS) + 1,
        "hash_seeds": list(HASHSEEDS), "values_compared": compared, "mismatches": mismatches,
        "verify_ok_everywhere": all(h["verify_ok"] for res in [mine, *theirs.values()] for h in res.values()),
        "end_equals_no_snapshot_end": all(h["end"] == h["end_no_snapshots"] for h in mine.values()),
        "commands_replayed_give_the_logged_events": all(h["replayed_commands"] == h["logged_events"]
                                                        for h in mine.values()),
        "first_mismatches": bad[:5], "seconds": round(time.perf_counter() - t0, 1),
    }


def set_orders() -> set[str]:
    """The iteration order of one string set in each child: proof that the hash seeds really differ."""
    code = "print(','.join({f'unit-{i}' for i in range(30)}))"
    outs = set()
    for hs in HASHSEEDS[:3]:
        p = child("determinism", "exec", code, hashseed=hs, stdout=subprocess.PIPE)
        outs.add(p.communicate(timeout=60)[0].strip())
    return outs


if __name__ == "__main__":
    if sys.argv[1] == "child":
        main_child(sys.argv[2:])
    elif sys.argv[1] == "exec":
        exec(sys.argv[2])
