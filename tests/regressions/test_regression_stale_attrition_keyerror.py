"""Fuzz find: a command for an attrition whose zone no longer exists crashed with KeyError.

Shrunk from the stateful fuzzer (tests/reliability/fuzz.py): an attrition was begun,
the zone changed hands, a new player turn re-determined the zones (14.211), and the
open procedure was still offered by game.legal() although its zone id was gone.

Fixed three times over: the turn may no longer move on while an attrition is open (14.11),
every attrition command is gated on the current player turn's attrition phase (14.12), and
the zone can no longer change hands while the attrition is open (14.22A).
"""
from __future__ import annotations

import pytest

from turnlog.engine import commands as c
from turnlog.engine.errors import RuleViolation

from reliability.common import new_game


@pytest.fixture
def game(tmp_path):
    g = new_game(tmp_path / "g.db")
    g.execute(c.BeginAttrition(attacker="AX", zone="WA/western/0505"))
    with pytest.raises(RuleViolation) as err:
        g.execute(c.SetControl(hex="0505", faction="AX"))
    assert err.value.rule == "14.22A" and "A1" in err.value.message
    yield g
    g.close()


def test_new_player_turn_refused_while_the_attrition_is_open(game):
    seq = game.log.last()[0]
    with pytest.raises(RuleViolation) as err:
        game.execute(c.StartPlayerTurn(faction="AX"))
    assert err.value.rule == "14.11" and game.log.last()[0] == seq
    assert "WA/western/0505" in game.state.zones


def test_open_attrition_still_offered_and_playable(game):
    assert "RollAttritionDie procedure=A1" in [x.head for x in game.legal()]
    game.execute(c.RollAttritionDie(procedure="A1", value=3))
    assert game.state == game.at(use_snapshots=False)
