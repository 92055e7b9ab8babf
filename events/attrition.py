"""Events of attrition combat (rule 14)."""
from __future__ import annotations

import msgspec

from .base import Event, Modifier


class Zone(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One attrition zone (14.211) as determined at the start of a player turn."""

    id: str
    faction: str
    front: str
    weather_zone: str
    hexes: list[str]
    boxes: list[str] = []
    airdrop_hexes: list[str] = []


class Selection(msgspec.Struct, frozen=True, kw_only=True):
    """A hex chosen for attrition occupation and who advances into it (14.64)."""

    hex: str
    units: list[str]


class AttritionZonesDetermined(Event, kw_only=True):
    turn: int
    active: str
    zones: list[Zone]
    rule: str = "14.211"


class AttritionBegun(Event, kw_only=True):
    procedure: str
    attacker: str
    defender: str
    zone: str
    excluded: list[str] = []


class FactorsCounted(Event, kw_only=True):
    procedure: str
    units: list[str]
    factors: int
    contact: list[str]
    column: str
    rule: str = "14.21"


class AttritionResultDetermined(Event, kw_only=True):
    procedure: str
    die: int
    modifiers: list[Modifier]
    modified: int
    row: int
    column: str
    counters: int
    hexes: int
    notes: list[str] = []


class TwoCountersChosen(Event, kw_only=True):
    procedure: str
    rule: str = "14.44"


class WinterHexesDesignated(Event, kw_only=True):
    procedure: str
    losses: list[str] = []
    occupation: list[str] = []
    rule: str = "14.521"


class AttritionLossesTaken(Event, kw_only=True):
    procedure: str
    units: list[str]
    shortfall: int = 0
    immune_hexes: list[str] = []


class AttritionZoneCleared(Event, kw_only=True):
    procedure: str
    rule: str = "14.65"


class OccupationSelected(Event, kw_only=True):
    procedure: str
    selections: list[Selection]


class AttritionPhaseChanged(Event, kw_only=True):
    procedure: str
    phase: str


AttritionEvent = (
    AttritionZonesDetermined
    | AttritionBegun
    | FactorsCounted
    | AttritionResultDetermined
    | TwoCountersChosen
    | WinterHexesDesignated
    | AttritionLossesTaken
    | AttritionZoneCleared
    | OccupationSelected
    | AttritionPhaseChanged
)
