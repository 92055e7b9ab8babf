"""Attrition combat (rule 14): the commands of the attrition kind.

Each is a tagged Struct on the core's ``Command`` (engine/commands.py); the kind lists them
(``COMMANDS``); registering it teaches ``parse`` their tags (docs/commands.md: their fields).
"""
from __future__ import annotations

from turnlog.events.attrition import Selection

from ..commands import Command, RetreatCommand


class BeginAttrition(Command, frozen=True):
    """Open an attrition by ``attacker`` against the zone ``zone`` (14.11A)."""

    attacker: str
    zone: str
    exclude: list[str] = []


class RollAttritionDie(Command, frozen=True):
    """Roll for the procedure: seeded, ``value`` entered by hand, or joint dice with the others' ``shares``."""

    procedure: str
    value: int | None = None
    shares: dict[str, str] = {}


class TakeTwoCounters(Command, frozen=True):
    """Take 2C in place of a 1C/1H result (14.44)."""

    procedure: str


class DesignateWinterHexes(Command, frozen=True):
    """Russian winter designations (14.521)."""

    procedure: str
    losses: list[str] = []
    occupation: list[str] = []


class TakeAttritionLosses(Command, frozen=True):
    procedure: str
    units: list[str]


class SelectOccupation(Command, frozen=True):
    procedure: str
    selections: list[Selection] = []


class RetreatUnits(RetreatCommand, frozen=True):
    """Attrition's retreats (14.7): the tag and fields every log since the first holds."""


#: The commands of an open procedure, each naming it (``procedure``).
OF_PROCEDURE = (RollAttritionDie, TakeTwoCounters, DesignateWinterHexes, TakeAttritionLosses,
                SelectOccupation, RetreatUnits)

#: The commands this kind decides, in the order it lists them.
COMMANDS = (BeginAttrition, RollAttritionDie, TakeTwoCounters, DesignateWinterHexes,
            TakeAttritionLosses, SelectOccupation, RetreatUnits)
