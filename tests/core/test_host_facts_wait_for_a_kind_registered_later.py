"""A host fact waits for every registered kind's ``holds_board``, a kind registered late included.

engine/turn.py asks only the kinds that have a ``holds_board`` (a list engine/kinds.py refills at
each registration), not every kind on every host command: a kind registered after games have
played must be asked all the same, and a game that does not name it must not be held by it.

The holding kind is INVENTED (a stand-in that holds the board in every game naming it).
"""
from __future__ import annotations

from turnlog.engine import commands as c
from turnlog.engine import kinds
from turnlog.engine.errors import CommandError, RuleViolation
from turnlog.engine.kind import silent
from turnlog.engine.verify import verify_path

from helpers import hexes, new_game, refused, scenario, unit


class Sentry:
    """Holds every host fact in a game that names it; decides no command of its own."""

    name = "sentry"
    commands = ()

    def decide(self, state, cmd, dice) -> list:
        raise CommandError(f"{type(cmd).__name__}: the sentry decides nothing")

    @silent
    def react(self, state, event) -> list:
        return []

    def legal(self, state) -> list:
        return []

    def unfinished(self, state) -> None:
        return None

    def holds_board(self, state, what: str) -> RuleViolation | None:
        if self.name in state.rules.procedures:
            return RuleViolation("S.1", f"{what} waits for the sentry")
        return None


def _game(tmp_path, procedures: list[str]):
    return new_game(tmp_path, scenario(hexes("0404:AX 0405:WA"), [unit("it-1", "IT", "0404")],
                                       rules={"procedures": procedures}))


def test_a_kind_registered_after_play_holds_the_host_facts_of_a_game_naming_it(tmp_path):
    before = _game(tmp_path, ["attrition"])
    before.execute(c.MoveUnit(unit="it-1", hex="0405"))   # the kinds' holds asked before
    kinds.register(Sentry())
    guarded = _game(tmp_path, ["attrition", "sentry"])
    refused(guarded, c.MoveUnit(unit="it-1", hex="0405"), "S.1")
    refused(guarded, c.SetSupply(unit="it-1", supply="none"), "S.1")
    guarded.execute(c.AddNote(text="not a board fact"))   # a note is no host fact: not held
    before.execute(c.MoveUnit(unit="it-1", hex="0404"))   # the game that does not name it moves on
    for g in (before, guarded):
        g.close()
        assert verify_path(g.log.path).ok
