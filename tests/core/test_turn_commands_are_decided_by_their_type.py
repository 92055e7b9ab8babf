"""The turn kind decides each of its commands by one lookup of the command's type (engine/turn.py).

Its commands are unrelated types, so a lookup finds the step that an isinstance test per case
found; a subclass of one of them (built in Python: the parser reads only registered tags) is
still decided as its base, and a command of another kind is refused by name.
"""
from __future__ import annotations

import pytest

from turnlog.engine import commands as c
from turnlog.engine import turn as T
from turnlog.engine.dice import Dice
from turnlog.engine.errors import CommandError
from turnlog.events.game import UnitMoved

from helpers import hexes, new_game, scenario, unit


class Ferried(c.MoveUnit, frozen=True):
    """A MoveUnit by another name (INVENTED): what isinstance called a MoveUnit."""


def test_each_turn_command_is_its_own_type_with_its_own_step():
    cmds = T.TurnKind.commands
    assert not [(a, b) for a in cmds for b in cmds if a is not b and issubclass(a, b)]
    assert all(T._step(t) is not None for t in cmds)


def test_a_subclass_of_a_host_fact_is_decided_and_held_as_its_base(tmp_path):
    g = new_game(tmp_path, scenario(hexes("0404:AX 0405:WA"), [unit("it-1", "IT", "0404")]))
    dice = Dice(None, g.state.die)
    events = T.KIND.decide(g.state, Ferried(unit="it-1", hex="0405"), dice)
    assert events == [UnitMoved(unit="it-1", to_hex="0405", from_hex="0404")]
    assert T._plan(Ferried)[0]   # a board fact, held as MoveUnit is
    with pytest.raises(CommandError, match="RollAttritionDie: not a turn command"):
        T.KIND.decide(g.state, c.parse('{"type": "RollAttritionDie", "procedure": "A1"}'), dice)
    g.close()
