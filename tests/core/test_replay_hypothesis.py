"""Property: replaying the log gives the live state, on random command sequences (hypothesis).

Commands are drawn from the host vocabulary (MoveUnit, SetControl, SetSupply, MarkOffensive, AddNote,
turn changes), from what ``game.legal()`` offers for attrition (entered dice; arguments mostly drawn from
what the rules could accept so games get past the roll, a quarter wholly at random), and undo/redo (with
and without a referee override). After every step the live state must equal a replay without snapshots;
a refused command must leave the log and the state as they were; at the end the reopened file must give
the same state, also with its snapshots deleted, and verify. Snapshots are taken every 7 events.

More examples: TURNLOG_HYPOTHESIS_EXAMPLES=500 pytest tests/core/test_replay_hypothesis.py --hypothesis-show-statistics
"""
from __future__ import annotations

import os
import tempfile
import tomllib
from importlib import resources
from pathlib import Path
from unittest import mock

import msgspec
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from turnlog.engine import commands as c
from turnlog.engine import game as game_module
from turnlog.engine import hexgrid
from turnlog.engine import scenario as S
from turnlog.engine.attrition import r14_5_losses as L
from turnlog.engine.attrition import r14_6_occupation as O
from turnlog.engine.attrition import r14_7_retreats as R
from turnlog.engine.errors import CommandError, RuleViolation
from turnlog.engine.game import Game
from turnlog.engine.verify import verify

SEED = bytes(range(32))


def scenario() -> S.Scenario:
    doc = tomllib.loads(resources.files("turnlog.engine.scenarios").joinpath("bridgehead-14-65.toml").read_text())
    doc["boxes"] = [{"id": "reserve", "name": "Reserve", "zone_hex": "0505"}]
    return S.parse(msgspec.json.encode(doc), "json", "hypothesis")


SCENARIO = scenario()
UNITS = sorted(u.id for u in SCENARIO.units)
HEXES = sorted(h.id for h in SCENARIO.hexes)
FACTIONS = sorted(f.id for f in SCENARIO.factions)


def parse_legal(entry: str) -> dict:
    """'BeginAttrition attacker=AX zone=...' -> {'type': 'BeginAttrition', 'attacker': 'AX', ...}."""
    name, *args = entry.split()
    out = {"type": name}
    for a in args:
        if "=" in a:
            k, v = a.split("=", 1)
            out[k] = v
        elif name == "StartPhase":
            out["phase"] = a
    return out


def attrition_command(data, g: Game) -> c.Command | None:
    """One of the attrition commands legal() offers, with arguments that are often (not always) acceptable."""
    offered = [e.head for e in g.legal() if e.fixed and e.command != "StartPhase"]
    if not offered:
        return None
    doc = parse_legal(data.draw(st.sampled_from(offered), label="legal"))
    state, kind = g.state, doc["type"]
    proc = state.attritions.get(doc.get("procedure", ""))
    zone = state.zones.get(proc.zone) if proc else None
    wild = data.draw(st.integers(0, 3), label="wild") == 0  # a quarter of the time, arguments at random
    if kind == "RollAttritionDie":
        doc["value"] = data.draw(st.integers(0, 9), label="die")
    elif kind == "TakeAttritionLosses":
        pool = UNITS if wild or zone is None else sorted(u.id for u in L.candidates(state, proc, zone))
        size = data.draw(st.integers(0, len(pool)), label="losses") if wild else L.best_possible(state, proc, zone)
        doc["units"] = data.draw(st.permutations(pool), label="loss units")[:size]
    elif kind == "SelectOccupation":
        options = [(h, movers) for h, movers in O.eligible_hexes(state, proc, zone)] if zone else []
        if wild or not options:
            options = [(h, list(proc.units) or UNITS) for h in HEXES]
        limit = len(options) if proc.zone_cleared else min(proc.hexes, len(options))
        chosen = data.draw(st.permutations(options), label="sel")[:data.draw(st.integers(0, limit), label="n")]
        doc["selections"] = [{"hex": h, "units": [data.draw(st.sampled_from(movers), label="mover")]}
                             for h, movers in chosen]
    elif kind == "RetreatUnits":
        grid = hexgrid.grid(state)
        doc["retreats"] = [{"unit": u.id, "to": data.draw(st.sampled_from((HEXES if wild else grid.adj[u.hex]) + [""]),
                                                          label="to")} for u in R.displaced(state, proc)]
    elif kind == "DesignateWinterHexes":
        doc["losses"], doc["occupation"] = [], []
    return c.parse(msgspec.json.encode(doc))


def host_command(data, g: Game) -> c.Command:
    kind = data.draw(st.sampled_from(["move", "control", "supply", "offensive", "note", "player", "gameturn",
                                      "phase"]), label="host")
    if kind == "move":
        if data.draw(st.booleans(), label="to box"):
            return c.MoveUnit(unit=data.draw(st.sampled_from(UNITS)), box="reserve")
        return c.MoveUnit(unit=data.draw(st.sampled_from(UNITS)), hex=data.draw(st.sampled_from(HEXES)))
    if kind == "control":
        return c.SetControl(hex=data.draw(st.sampled_from(HEXES)), faction=data.draw(st.sampled_from(FACTIONS)))
    if kind == "supply":
        return c.SetSupply(unit=data.draw(st.sampled_from(UNITS)), supply=data.draw(st.sampled_from(["full", "partial", "none"])))
    if kind == "offensive":
        return c.MarkOffensive(units=data.draw(st.lists(st.sampled_from(UNITS), min_size=1, max_size=3, unique=True)))
    if kind == "note":
        return c.AddNote(text=data.draw(st.text(min_size=0, max_size=12), label="note"))
    if kind == "phase":
        return c.StartPhase(phase=data.draw(st.sampled_from(["movement", "combat", "attrition", "supply"])))
    if kind == "player":
        return c.StartPlayerTurn(faction=data.draw(st.sampled_from(FACTIONS)))
    t = g.state.turn
    return c.StartGameTurn(turn=t.turn + data.draw(st.integers(0, 1)), season=data.draw(
        st.sampled_from(["spring", "summer", "fall", "winter"])), year=t.year)


def step(data, g: Game) -> str:
    what = data.draw(st.sampled_from(["host", "attrition", "attrition", "attrition", "undo", "redo"]), label="step")
    if what == "host":
        cmd = host_command(data, g)
        return _run(g, lambda: g.execute(cmd), type(cmd).__name__)
    if what == "attrition":
        cmd = attrition_command(data, g)
        return _run(g, lambda: g.execute(cmd), type(cmd).__name__) if cmd else "none"
    if what == "undo":
        override = data.draw(st.booleans(), label="override")
        return _run(g, lambda: g.undo(override=override, referee="ref" if override else ""),
                    "Undo override" if override else "Undo")
    return _run(g, g.redo, "Redo")


def _run(g: Game, fn, label: str) -> str:
    last, commands = g.log.last(), len(g.log.commands())
    try:
        fn()
    except (RuleViolation, CommandError):
        assert g.log.last() == last and len(g.log.commands()) == commands  # refused: nothing written
        assert g.state == g.at(use_snapshots=False)
        event(f"{label}: refused")  # hypothesis statistics (pytest --hypothesis-show-statistics)
        return "refused"
    event(f"{label}: ok")
    return "ok"


@settings(max_examples=int(os.environ.get("TURNLOG_HYPOTHESIS_EXAMPLES", "25")), deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_replay_equals_live_state_on_random_games(data):
    n = data.draw(st.integers(1, 25), label="steps")
    # New games are log format 3; a game begun under format 2 goes on being played in it.
    log_format = data.draw(st.sampled_from([3, 3, 3, 2]), label="log format")
    with tempfile.TemporaryDirectory() as d, mock.patch.object(game_module, "SNAPSHOT_EVERY", 7):
        path = Path(d) / "g.db"
        g = Game.create(path, SCENARIO, seed=SEED, log_format=log_format)
        outcomes = []
        for _ in range(n):
            outcomes.append(step(data, g))
            assert g.state == g.at(use_snapshots=False)
            assert g.state == g.at()
        live = g.state
        g.close()
        with Game.open(path) as again:
            assert again.state == live
            assert again.at(use_snapshots=False) == live
            again.log.conn.execute("DELETE FROM snapshots")
            assert again.at() == live
            assert again.log.format == log_format
            rep = verify(again)
            assert rep.ok, rep
