"""Game.decide takes a command as Game.execute does: a Struct, a dict such as Choice.example() gives, or a JSON
line; a bad one is a CommandError naming the field, and nothing is written."""
from __future__ import annotations

import random

import pytest

from turnlog.engine.errors import CommandError
from turnlog.events.attrition import AttritionBegun

from helpers import hexes, new_game, scenario, unit


@pytest.fixture
def game(tmp_path):
    g = new_game(tmp_path, scenario(hexes("0101:AX 0102:WA"), [unit("ge-1", "GE", "0101"),
                                                               unit("us-1", "US", "0102")]))
    yield g
    g.close()


def test_decide_takes_a_choice_example_dict_and_a_json_line(game):
    begin = next(c for c in game.legal() if c.command == "BeginAttrition")
    doc = begin.example(random.Random(0))
    last = game.log.last()
    assert any(isinstance(e, AttritionBegun) for e in game.decide(game.state, doc))
    line = '{"type": "BeginAttrition", "attacker": "%s", "zone": "%s"}' % (doc["attacker"], doc["zone"])
    assert game.decide(game.state, line) == game.decide(game.state, doc)
    assert game.log.last() == last


def test_decide_names_the_bad_field_of_a_dict(game):
    with pytest.raises(CommandError, match="zone"):
        game.decide(game.state, {"type": "BeginAttrition", "attacker": "AX", "zone": 5})
