"""The commands a game executes, for ``Game.execute`` (docs/commands.md lists each with its fields).

Also ``parse`` (one JSON command, as ``turnlog play`` reads it; bad input raises CommandError naming the
field), ``encode``, ``NAMES`` (type name -> class) and ``AnyCommand`` (the tagged union of them all).
The names are gathered from the kinds (engine/kinds.py): the core's commands live in
turnlog.engine.commands, each kind's in its folder (``turnlog.engine.<kind>.commands``); asking this
module for a command, ``NAMES``, ``AnyCommand`` or ``__all__`` loads every installed kind first, so
a plugin's commands are here too. This module is the stable name for them.
"""
from __future__ import annotations

from typing import Union

from .engine.commands import Command as Command  # the names below are this module's own: re-exported
from .engine.commands import Retreat as Retreat
from .engine.commands import RetreatCommand as RetreatCommand
from .engine.commands import encode as encode
from .engine.commands import parse as parse
from .engine.commands import vocabulary

_OWN = ("AnyCommand", "Command", "NAMES", "Retreat", "RetreatCommand", "encode", "parse")


def __getattr__(name: str):
    if name == "NAMES":
        return vocabulary()
    if name == "AnyCommand":
        return Union[tuple(vocabulary().values())]  # type: ignore[misc]
    if name == "__all__":
        return sorted({*vocabulary(), *_OWN})
    if not name.startswith("_") and name in vocabulary():
        return vocabulary()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *vocabulary(), *_OWN})
