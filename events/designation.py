"""Events of Wacht am Rhein II attack designation and ground-assault declaration (rules 9.0-9.2.4).

Not in the codec's static union: the kind (engine/designation/procedure.py) registers them, so a log
that never used the procedure holds none of them and encodes as before. Each event names what
happened, in the past tense; a rule a decision rests on is named in the event.
"""
from __future__ import annotations

import msgspec

from .base import Event


class AttackDesignationBegun(Event, frozen=True, kw_only=True):
    """The Combat Phase's designation segment opened (9.0); ``pa``: units designated by their PA mode (9.1.0)."""

    procedure: str
    active: str
    turn: int
    pa: list[str] = []
    arty_shift_option: bool = False   # the optional rule of 9.1.1's Q&A, off unless the host turns it on


class AttackersDesignated(Event, frozen=True, kw_only=True):
    """Attack markers placed on non-PA units (9.1.0, 9.1.2)."""

    procedure: str
    units: list[str]


class AttackersUndesignated(Event, frozen=True, kw_only=True):
    """Attack markers taken back before the segment closed (reading 9.1.0-A12)."""

    procedure: str
    units: list[str]


class RequiredTargetsDetermined(Event, frozen=True, kw_only=True):
    """The enemy hexes that must be attacked this Combat Phase (9.1.1, 9.1.1a), each with the units whose
    duty it is; ``attackers``: every designated unit (Attack marker or PA)."""

    procedure: str
    hexes: list[str]
    duties: dict[str, list[str]] = {}
    attackers: list[str] = []


class ArtilleryShiftsReported(Event, frozen=True, kw_only=True):
    """Enemy hexes the barrage gave an artillery shift marker (host-reported; read by the 9.1.1 Q&A option)."""

    procedure: str
    hexes: list[str]


class BarrageRetreatsReported(Event, frozen=True, kw_only=True):
    """Units the barrage (12.0, host-reported) made retreat, unit -> hex: read by 9.2.2 and 9.2.3 later in
    the phase. The moves follow as UnitRetreated."""

    procedure: str
    retreated: dict[str, str]


class GroundAssaultDeclared(Event, frozen=True, kw_only=True):
    """One ground assault (9.2.0-9.2.4): who attacks which hexes, who defends, the defender's terrain.

    ``defenders`` contribute to the defence; ``retreated_in`` retreated into a defending hex this phase and
    contribute nothing, though the result reaches them (9.2.3); ``terrain`` is the defending terrain most
    favourable to the defender (9.2.1), and ``terrain_hex`` the defending hex it is read from when there are
    several (a feature, such as a village, can make one of two hexes of the same type the better);
    ``constricted``: a target is constricted, so 9.2.4's cap applied.
    """

    procedure: str
    assault: str
    attackers: list[str]
    hexes: list[str]
    defenders: list[str] = []
    retreated_in: list[str] = []
    terrain: str = ""
    constricted: bool = False
    terrain_hex: str = ""   # added after the first rule-9 logs: empty (omitted) for a one-hex assault


class GroundAssaultResolved(Event, frozen=True, kw_only=True):
    """The host's result of a ground assault (rules 10-11, outside the text) and who it reached (9.2.0, 9.2.2,
    9.2.3); the moves and eliminations follow as UnitRetreated and UnitEliminated."""

    procedure: str
    assault: str
    result: str = ""
    affected: list[str] = []
    eliminated: list[str] = []
    retreated: dict[str, str] = {}


class GroundAssaultSegmentEnded(Event, frozen=True, kw_only=True):
    """The segment closed with every required hex attacked or lapsed (9.1.1); ``lapsed``: hex -> the rule."""

    procedure: str
    attacked: list[str] = []
    lapsed: dict[str, str] = {}
    cleared: list[str] = []   # units whose Attack marker came off


class DesignationPhaseChanged(Event, frozen=True, kw_only=True):
    procedure: str
    phase: str


DesignationEvent = (AttackDesignationBegun | AttackersDesignated | AttackersUndesignated | RequiredTargetsDetermined
                    | ArtilleryShiftsReported | BarrageRetreatsReported | GroundAssaultDeclared | GroundAssaultResolved
                    | GroundAssaultSegmentEnded | DesignationPhaseChanged)


# -- What a scenario says to rule 9: a terrain type's meaning.
# The shared specs of events/setup.py hold them as fields; msgspec encodes them by field name.


class WarTerrainSpec(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    """What a terrain type means to Wacht am Rhein II attack designation (9.1.1, 9.2.4)."""

    open: bool = False         # 9.1.1a: not covering terrain (units there must attack)
    constricted: bool = False  # 9.2.4: limits the units each adjacent hex may contribute
    covering: bool = False     # 9.1.1a: covering terrain (woods, forest...); every other type is Open
    defence: int = 0           # 9.2.1: how well the type serves a defender; the best of an assault's hexes is used
