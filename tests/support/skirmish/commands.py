"""The toy kind's commands: open a skirmish against one enemy unit, roll its die (T.1, T.2)."""
from __future__ import annotations

from turnlog.commands import Command


class BeginSkirmish(Command):
    attacker: str
    target: str


class RollSkirmish(Command):
    procedure: str
    value: int | None = None


#: The commands this kind decides.
COMMANDS = (BeginSkirmish, RollSkirmish)
