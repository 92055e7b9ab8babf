"""Events of attrition combat (rule 14)."""
from __future__ import annotations

from typing import Literal

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


class AttritionZonesDetermined(Event, frozen=True, kw_only=True):
    turn: int
    active: str
    zones: list[Zone]
    rule: str = "14.211"


class AttritionBegun(Event, frozen=True, kw_only=True):
    procedure: str
    attacker: str
    defender: str
    zone: str
    excluded: list[str] = []


class FactorsCounted(Event, frozen=True, kw_only=True):
    procedure: str
    units: list[str]
    factors: int
    contact: list[str]
    column: str
    rule: str = "14.21"


class AttritionResultDetermined(Event, frozen=True, kw_only=True):
    procedure: str
    die: int
    modifiers: list[Modifier]
    modified: int
    row: int
    column: str
    counters: int
    hexes: int
    notes: list[str] = []


class TwoCountersChosen(Event, frozen=True, kw_only=True):
    procedure: str
    rule: str = "14.44"


class WinterHexesDesignated(Event, frozen=True, kw_only=True):
    procedure: str
    losses: list[str] = []
    occupation: list[str] = []
    rule: str = "14.521"


class AttritionLossesTaken(Event, frozen=True, kw_only=True):
    procedure: str
    units: list[str]
    shortfall: int = 0
    immune_hexes: list[str] = []


class AttritionZoneCleared(Event, frozen=True, kw_only=True):
    procedure: str
    rule: str = "14.65"


class OccupationSelected(Event, frozen=True, kw_only=True):
    procedure: str
    selections: list[Selection]


class AttritionPhaseChanged(Event, frozen=True, kw_only=True):
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


# -- What a scenario says to rule 14: a terrain type's meaning, the readings the text leaves open.
# The shared specs of events/setup.py hold them as fields; msgspec encodes them by field name.


class AttritionTerrainSpec(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    """What a terrain type means to rule 14 (engine/terrain.py holds the default table)."""

    bars_occupation: bool = False   # 14.62D: no hex of this terrain is taken by attrition occupation
    jungle_only: bool = False       # 14.62D: only jungle-capable units (a nationality's jungle_attrition, chindits)


class RussianWinterSpec(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    attacker_nationality: str = ""
    axis_nationality: str = ""
    front: str = "eastern"
    exempt_nationalities: list[str] = []


class AttritionRulesSpec(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    """Readings of rule 14 the text leaves open; each default is the engine's ruling (docs/rulings.md).

    Recorded in GameCreated, so verify re-executes a game under the reading it was played with. A
    reading left None follows the game's rulings edition (``RulesSpec.edition``): the one it was
    created under, so a log written before a ruling changed keeps re-executing as it was played.
    """

    zone_contiguity: Literal["land", "adjacent"] = "land"              # 14.211
    die_rows: Literal["from_lowest", "face"] = "from_lowest"           # 14.41
    two_counters: Literal["table", "final"] | None = None              # 14.44 on the Pacific mapboard
    fortress_losses: bool | None = None                                # 14.23D note
    partisans_retreat: bool | None = None                              # 14.61, 14.71
    supply_route_units: Literal["contact", "zone"] = "contact"         # 14.52A
    winter_allowance: Literal["capped", "preparation"] | None = None   # 14.521D
    winter_distance: Literal["always", "designations"] = "always"      # 14.521G
    feature_owner: Literal["placed", "controller"] = "placed"          # 14.72A
