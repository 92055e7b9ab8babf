"""Fuzz find: a command for an attrition whose zone no longer exists crashes with KeyError.

Shrunk from the stateful fuzzer (tests/reliability/fuzz.py): an attrition is begun,
the zone changes hands, a new player turn re-determines the zones (14.211), and the
open procedure is still offered by game.legal() although its zone id is gone.
"""
from __future__ import annotations

import pytest

from engine import commands as c
from engine.errors import CommandError, RuleViolation

from reliability.common import new_game


@pytest.fixture
def game(tmp_path):
    g = new_game(tmp_path / "g.db")
    g.execute(c.BeginAttrition(attacker="AX", zone="WA/western/0505"))
    g.execute(c.SetControl(hex="0505", faction="AX"))
    g.execute(c.StartPlayerTurn(faction="AX"))
    assert "WA/western/0505" not in g.state.zones
    yield g
    g.close()


def test_stale_attrition_roll_is_refused_not_crashed(game):
    seq = game.log.last()[0]
    with pytest.raises((RuleViolation, CommandError)):
        game.execute(c.RollAttritionDie(procedure="A1", value=3))
    assert game.log.last()[0] == seq


def test_stale_attrition_not_offered_by_legal(game):
    assert "RollAttritionDie procedure=A1" not in game.legal()


def test_stale_attrition_crash_writes_nothing(game):
    # Whatever the exception, the command wrote nothing and the live state is the log's.
    seq = game.log.last()[0]
    with pytest.raises(Exception):
        game.execute(c.RollAttritionDie(procedure="A1", value=3))
    assert game.log.last()[0] == seq and game.state == game.at(use_snapshots=False)
