"""Events of Panzer Campaigns assault (reading notes §2; invented ids AS-*).

Not in the codec's static union: the kind (engine/assault/procedure.py) registers them, so a log that
never used the procedure holds none of them and encodes as before.
"""
from __future__ import annotations

from .base import Event


class AssaultDeclared(Event, kw_only=True):
    """An assault on ``hex`` opened by ``units`` of ``attacker`` (AS-GEN.1); ``defenders``: the enemy there."""

    procedure: str
    hex: str
    attacker: str
    defender: str
    turn: int
    units: list[str]
    defenders: list[str] = []


class AssaultUnitsAdded(Event, kw_only=True):
    """More attackers joined a forming assault (AS-GEN.1-2)."""

    procedure: str
    units: list[str]


class AssaultMovementSpent(Event, kw_only=True):
    """A unit paid ``amount`` movement points to assault (AS-COST.3): the larger of 2/3 of its allowance
    (rounded up) and ``entry``, its cost to enter the defending hex."""

    procedure: str
    unit: str
    amount: int
    entry: int = 0
    rule: str = "AS-COST.3"


class AssaultPhaseChanged(Event, kw_only=True):
    procedure: str
    phase: str


AssaultEvent = AssaultDeclared | AssaultUnitsAdded | AssaultMovementSpent | AssaultPhaseChanged
