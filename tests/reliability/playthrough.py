"""Harness "bots": one bot per seat plays every bundled scenario to its end, on random seeds.

The longer run of tests/core/test_bots_play_every_bundled_scenario_to_its_end.py (which plays one
fixed seed per scenario in CI): each game draws its own bot seed and its own dice seed, with no host and
with one, and must end (rule ``end``) with every refused draw on a choice whose note states the
condition, no state that leaves every seat without a move, and a log that verifies. A failing game is
reported with its scenario, host setting and bot seed, so that it can be played again.
Figures: games, ended, stuck, broken promises, verified, steps, refusals, claims, undos, redos.
"""
from __future__ import annotations

import random
import sys
import tempfile
import time
from pathlib import Path

from turnlog.engine import scenario
from turnlog.engine.game import Game
from turnlog.engine.seats import seat_scenario
from turnlog.engine.verify import verify

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))
from bots import Stuck, play  # noqa: E402


def one(work: Path, name: str, host: bool, seed: int) -> dict:
    """Play one game; its figures, and ``failure`` (a line) when it did not end as promised."""
    sc = scenario.load(name)
    seats: dict = {"factions": {f.id: f"p-{f.id.lower()}" for f in sc.factions}}
    if host:
        seats["host"] = "hq"
    g = Game.create(work / f"{name}-{int(host)}-{seed}.db", seat_scenario(sc, seats))
    try:
        run = play(g, seed, undo=0.08)
        ok = verify(g).ok
        return {"ended": True, "verified": ok, "steps": run.steps, "refused": len(run.refused),
                "claims": run.claims, "undos": run.undos, "redos": run.redos,
                "failure": "" if ok else f"{name} host={host} seed={seed}: does not verify"}
    except Stuck as err:
        return {"ended": False, "stuck": True, "failure": f"{name} host={host} seed={seed}: stuck: {err}"}
    except AssertionError as err:
        return {"ended": False, "failure": f"{name} host={host} seed={seed}: {str(err)[:300]}"}
    finally:
        g.close()


def run(large: bool = False, workdir: Path | None = None, games: int | None = None, **_kw) -> dict:
    """``games`` per scenario and host setting (default 1, 10 with ``large``), each on a random seed."""
    n = games or (10 if large else 1)
    rng, started = random.SystemRandom(), time.monotonic()
    out = {"games": 0, "ended": 0, "stuck": 0, "verified": 0, "steps": 0, "refused": 0, "claims": 0,
           "undos": 0, "redos": 0, "failures": []}
    with tempfile.TemporaryDirectory(dir=workdir) as tmp:
        for name in scenario.bundled_names():
            for host in (False, True):
                for _ in range(n):
                    fig = one(Path(tmp), name, host, rng.randrange(2**32))
                    out["games"] += 1
                    for k in ("ended", "stuck", "verified", "steps", "refused", "claims", "undos", "redos"):
                        out[k] += int(fig.get(k, 0))
                    if fig["failure"]:
                        out["failures"].append(fig["failure"])
    out["seconds"] = round(time.monotonic() - started, 1)
    return out


def headline(fig: dict) -> list[str]:
    """What is off: a game that did not end, stuck, broke legal()'s promise or does not verify."""
    off = [f"{fig['games'] - fig['ended']} of {fig['games']} games did not end"] \
        if fig["ended"] != fig["games"] else []
    off += [f"{fig['games'] - fig['verified']} games do not verify"] if fig["verified"] != fig["games"] else []
    return off + fig["failures"][:5]
