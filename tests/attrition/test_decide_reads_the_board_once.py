"""One decision works out where units stand once, however often its rules ask, and keeps nothing.

Deciding only reads the state (engine/kinds.py ``decide`` holds it ``still``); the rules' board readings
(``occupancy``, the enemy ZoC) are shared within that one decision and dropped when it ends, refused or not,
so the next command reads the board as its events left it.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from turnlog.engine import commands as c
from turnlog.engine import scenario as S
from turnlog.engine.attrition import common
from turnlog.engine.errors import RuleViolation
from turnlog.engine.game import Game
from turnlog.engine.kit.board import held, still

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # benchmarks/ is not an installed package
    sys.path.insert(0, str(ROOT))

from benchmarks import cases  # noqa: E402
from helpers import count_calls  # noqa: E402

SEED = bytes(range(32))


@pytest.fixture()
def game(tmp_path):
    with Game.create(tmp_path / "g.db", S.load("bridgehead-14-65"), seed=SEED, public_seed=True) as g:
        yield g


def test_each_command_of_a_procedure_scans_the_units_at_most_once_while_deciding(game, monkeypatch):
    scans = []
    real = common._occupancy
    monkeypatch.setattr(common, "_occupancy", lambda state: scans.append(1) or real(state))
    for cmd in cases.procedure():
        assert game.decide(game.state, cmd)
        assert len(scans) <= 1, type(cmd).__name__   # the retreat check alone asks about ten times
        game.execute(cmd)
        scans.clear()  # settling (the automatic occupation) reads the board as each event leaves it
    assert "_still" not in game.state.__dict__


def test_the_board_after_a_command_is_read_afresh(game):
    for cmd in cases.procedure():
        game.execute(cmd)
    occ = common.occupancy(game.state)
    assert [u.id for u in occ["0505"]] == ["ge-pz-1"]          # the advance, not the board before it
    assert "us-inf-1" not in [u.id for u in occ.get("0505", ())]


def test_a_refused_decision_keeps_no_reading(game):
    game.execute(cases.procedure()[0])
    with pytest.raises(RuleViolation):
        game.execute(c.TakeAttritionLosses(procedure="A1", units=["us-inf-3"]))  # losses before the roll
    assert "_still" not in game.state.__dict__


def test_held_outside_a_still_span_works_out_every_time(game):
    made = []
    assert held(game.state, "k", lambda: made.append(1) or len(made)) == 1
    assert held(game.state, "k", lambda: made.append(1) or len(made)) == 2
    with still(game.state):
        with still(game.state):  # a nested span shares the outer one
            assert held(game.state, "k", lambda: made.append(1) or len(made)) == 3
        assert held(game.state, "k", lambda: made.append(1) or len(made)) == 3
    assert "_still" not in game.state.__dict__


def test_the_retreat_decision_works_out_who_is_displaced_and_the_stacks_once(game, monkeypatch):
    from turnlog.engine.attrition import r14_7_retreats as retreats
    *before, retreat = cases.procedure()
    for cmd in before:
        game.execute(cmd)
    calls = count_calls(monkeypatch, retreats, "_displaced", "_count_stacks")
    assert game.decide(game.state, retreat)
    # Who is displaced: asked three times. The stacks: none here, both units are eliminated with every
    # neighbour barred (tests/attrition/test_decide_retreat_asks_only_what_its_answer_needs.py counts them once on moves).
    assert calls == {"_displaced": 1}   # _count_stacks never called
