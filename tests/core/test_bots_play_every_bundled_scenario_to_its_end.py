"""Proven by play: one bot per seat, choosing only from ``legal()`` as the actor it names, takes every
bundled scenario to its end (rules ``turn.seats`` and ``end``), with no host and with one.

The bots answer claims, undo and redo now and then, and open procedures beside what is due
(tests/support/bots.py). No state may leave every seat without a move while the game goes on, and
every refused draw must be one whose choice's ``note`` states the condition. The game then verifies.
A longer run with random seeds is the reliability harness's (tests/reliability/playthrough.py).
"""
from __future__ import annotations

import pytest

from turnlog.engine import scenario
from turnlog.engine.game import Game
from turnlog.engine.seats import seat_scenario
from turnlog.engine.turn_machine import MACHINE
from turnlog.engine.verify import verify

from bots import play

BUNDLED = sorted(scenario.bundled_names())


def seated(tmp_path, name: str, host: bool) -> Game:
    sc = scenario.load(name)
    seats: dict = {"factions": {f.id: f"p-{f.id.lower()}" for f in sc.factions}}
    if host:
        seats["host"] = "hq"
    return Game.create(tmp_path / f"{name}.db", seat_scenario(sc, seats))


@pytest.mark.parametrize("host", [False, True], ids=["no-host", "host"])
@pytest.mark.parametrize("name", BUNDLED)
def test_bots_play_the_scenario_to_its_end(tmp_path, name, host):
    g = seated(tmp_path, name, host)
    assert g.state.rules.end.last_turn == g.state.turn.turn + 1
    run = play(g, seed=sum(map(ord, name)) + host, undo=0.08)
    assert g.state.over and g.state.turn.turn == g.state.rules.end.last_turn
    assert run.steps > 0
    rep = verify(g)
    assert rep.ok, rep
    _advances_are_edges_of_the_drawn_table(run.advances)


def _advances_are_edges_of_the_drawn_table(advances) -> None:
    """Every advance the engine accepted is an edge of the turn's table (the end: through ``ended``)."""
    edges = {(src, trig, dest) for src, dest, trig, _cond in MACHINE.edges()}
    for before, command, after in advances:
        trig = MACHINE.commands[command]
        if after == "over":
            assert (before, trig, "ended") in edges and ("ended", "end", "over") in edges
        else:
            assert (before, trig, after) in edges, (before, command, after)
