"""The commands a game executes, for ``Game.execute`` (docs/commands.md lists each with its fields).

Also ``parse`` (one JSON command, as ``turnlog play`` reads it; bad input raises CommandError naming the
field), ``encode``, ``NAMES`` (type name -> class) and ``AnyCommand`` (the tagged union). The classes
live in turnlog.engine.commands; this module is the stable name for them
(tests/test_api_namespace.py fails when a command is added there and not here).
"""
from __future__ import annotations

from .engine.commands import (
    AddNote,
    AnyCommand,
    BeginAttrition,
    Command,
    DesignateWinterHexes,
    MarkAirdropped,
    MarkOffensive,
    MoveUnit,
    NAMES,
    PlaceFeature,
    Redo,
    RemoveFeature,
    Retreat,
    RetreatCommand,
    RetreatUnits,
    RevealSeed,
    RollAttritionDie,
    SelectOccupation,
    SetControl,
    SetSupply,
    SetWeather,
    StartGameTurn,
    StartPhase,
    StartPlayerTurn,
    TakeAttritionLosses,
    TakeTwoCounters,
    Undo,
    encode,
    parse,
)

__all__ = [
    "AddNote",
    "AnyCommand",
    "BeginAttrition",
    "Command",
    "DesignateWinterHexes",
    "MarkAirdropped",
    "MarkOffensive",
    "MoveUnit",
    "NAMES",
    "PlaceFeature",
    "Redo",
    "RemoveFeature",
    "Retreat",
    "RetreatCommand",
    "RetreatUnits",
    "RevealSeed",
    "RollAttritionDie",
    "SelectOccupation",
    "SetControl",
    "SetSupply",
    "SetWeather",
    "StartGameTurn",
    "StartPhase",
    "StartPlayerTurn",
    "TakeAttritionLosses",
    "TakeTwoCounters",
    "Undo",
    "encode",
    "parse",
]
