"""Registering a kind whose command name another kind already decides is refused naming both kinds, before
anything changes (the parser reads a command by its name alone). The toy kind (tests/support/skirmish/)."""
from __future__ import annotations

import pytest

import turnlog
from turnlog.engine import kinds
from turnlog.kit import Command
from skirmish import procedure as T

turnlog.register_kind(T.KIND)


class RollSkirmish(Command, frozen=True):  # same name as the toy kind's, another class
    procedure: str


class Rival(T.SkirmishKind):
    name = "rival"
    commands = (RollSkirmish,)
    events = ()
    handlers = {RollSkirmish: "roll"}


def test_a_clashing_command_name_is_refused_naming_both_kinds_and_nothing_changes():
    before = (list(kinds.KINDS), dict(kinds.BY_COMMAND))
    with pytest.raises(ValueError) as err:
        kinds.register(Rival())
    text = str(err.value)
    assert "'rival'" in text and "'RollSkirmish'" in text and "kind 'skirmish'" in text
    assert (list(kinds.KINDS), dict(kinds.BY_COMMAND)) == before


def test_a_kind_listing_one_command_name_twice_is_refused():
    class Twice(Rival):
        name = "twice"
        commands = (RollSkirmish, RollSkirmish)
    with pytest.raises(ValueError, match="'RollSkirmish'"):
        kinds.register(Twice())
