"""What every kind provides to the Game facade: the protocol a combat system implements.

A kind is a combat system as a plug-in (docs/glossary.md); each procedure is one instance of it in a
game (``A1``, ``C1``). A kind owns some commands. ``decide`` is pure: it reads the state
and returns events, or raises RuleViolation naming the rule. ``react`` looks
at one event just applied and returns automatic consequences (appended in
the same transaction, marked automatic). ``legal`` lists what may be issued
now, for the REPL and the fuzzer, as Choices with their concrete values
(engine/kit/choices.py). ``who`` says which seat must issue a command
(engine/seats.py). New combat systems plug in here (engine/kinds.py registers them).
"""
from __future__ import annotations

from typing import NamedTuple, Protocol

from turnlog.projections.state import GameState

from .commands import Command
from .dice import Dice
from .errors import RuleViolation
from .kit.choices import Choice


class Actor(NamedTuple):
    """Who must issue a command: a role, the faction it is, and the rule that gives the turn to it.

    ``role`` is a machine role (attacker, defender, owner, active: the seat of ``faction``), ``host``
    (the phasing faction's seat or the game's host) or ``seated`` (anyone holding a seat).
    """

    role: str
    faction: str
    rule: str


class Kind(Protocol):
    name: str
    commands: tuple[type[Command], ...]

    def decide(self, state: GameState, command: Command, dice: Dice) -> list: ...

    def react(self, state: GameState, event) -> list: ...

    def legal(self, state: GameState) -> list[Choice]: ...

    def unfinished(self, state: GameState) -> "RuleViolation | None":
        """Why the turn may not move on yet (a procedure still open), or None."""

    def who(self, state: GameState, command: Command) -> "Actor | None":
        """Who must issue ``command`` now; None (or no ``who`` at all): the phasing side or the host."""


def silent(react):
    """Mark a ``react`` that never answers anything, so settle need not call it (kinds.reactors)."""
    react.silent = True
    return react
