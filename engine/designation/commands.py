"""Wacht am Rhein II attack designation (9.0-9.2.4): the commands of the designation kind.

Each is a tagged Struct on the core's ``Command`` (engine/commands.py); the kind lists them
(``COMMANDS``); registering it teaches ``parse`` their tags (docs/commands.md: their fields).
"""
from __future__ import annotations

from ..commands import Command, Retreat


class BeginAttackDesignation(Command, frozen=True):
    """Open the active side's Attack Designation Segment (9.0); PA units are designated by their mode.

    ``arty_shift_option`` turns on the optional rule of 9.1.1's Q&A (artillery-shifted hexes may be ignored).
    """

    arty_shift_option: bool = False


class DesignateAttackers(Command, frozen=True):
    """Place Attack markers on ``units`` (9.1.0, 9.1.2)."""

    procedure: str
    units: list[str]


class UndesignateAttackers(Command, frozen=True):
    """Take Attack markers off ``units`` before the designation segment ends."""

    procedure: str
    units: list[str]


class EndAttackDesignation(Command, frozen=True):
    """Close the designation segment; the required hexes are fixed (9.1.1, 9.1.1a)."""

    procedure: str


class ReportArtilleryShifts(Command, frozen=True):
    """Report the enemy hexes the barrage gave an artillery shift marker (12.0; read by 9.1.1's optional rule).

    ``retreats``: units the barrage made retreat, and where to. A retreat earlier in the Combat Phase is
    what 9.2.2 (an active unit reached by a result it did not fight in) and 9.2.3 (a defender that adds
    nothing) read, and the barrage is part of that phase.
    """

    procedure: str
    hexes: list[str]
    retreats: list[Retreat] = []


class StartGroundAssaultSegment(Command, frozen=True):
    """Close the barrage segment and open the Ground Assault Segment (9.0)."""

    procedure: str


class DeclareGroundAssault(Command, frozen=True):
    """Declare one ground assault by ``attackers`` on ``hexes`` (9.2.0-9.2.4)."""

    procedure: str
    attackers: list[str]
    hexes: list[str]


class ReportGroundAssaultResult(Command, frozen=True):
    """Report an assault's result from rules 10-11: a label, the units eliminated, the retreats (9.2.0, 9.2.2)."""

    procedure: str
    assault: str
    result: str = ""
    eliminated: list[str] = []
    retreats: list[Retreat] = []


class EndGroundAssaultSegment(Command, frozen=True):
    """Close the Ground Assault Segment; refused while a required hex is owed an attack (9.1.1)."""

    procedure: str


#: The commands this kind decides, in the order it lists them.
COMMANDS = (BeginAttackDesignation, DesignateAttackers, UndesignateAttackers, EndAttackDesignation,
            ReportArtilleryShifts, StartGroundAssaultSegment, DeclareGroundAssault,
            ReportGroundAssaultResult, EndGroundAssaultSegment)
