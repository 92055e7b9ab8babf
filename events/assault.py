"""Events of Panzer Campaigns assault (reading notes §2; invented ids AS-*).

Not in the codec's static union: the kind (engine/assault/procedure.py) registers them, so a log
that never used the procedure holds none of them and encodes as before.
"""
from __future__ import annotations

from typing import Literal

import msgspec

from .base import Event, Modifier


class AssaultDeclared(Event, frozen=True, kw_only=True):
    """An assault on ``hex`` opened by ``units`` of ``attacker`` (AS-GEN.1); ``defenders``: the enemy there."""

    procedure: str
    hex: str
    attacker: str
    defender: str
    turn: int
    units: list[str]
    defenders: list[str] = []


class AssaultUnitsAdded(Event, frozen=True, kw_only=True):
    """More attackers joined a forming assault (AS-GEN.1-2)."""

    procedure: str
    units: list[str]


class AssaultMovementSpent(Event, frozen=True, kw_only=True):
    """A unit paid ``amount`` movement points to assault (AS-COST.3): the larger of 2/3 of its allowance
    (rounded up) and ``entry``, its cost to enter the defending hex."""

    procedure: str
    unit: str
    amount: int
    entry: int = 0
    rule: str = "AS-COST.3"


class AssaultPhaseChanged(Event, frozen=True, kw_only=True):
    procedure: str
    phase: str


class AssaultResolved(Event, frozen=True, kw_only=True):
    """The two Combat Results of AS-RES.2 (reading P1), with every modifier the totals rest on.

    Values are exact fractions written as strings (``"41/3"``), so the log holds no float.
    ``att_loss`` is what the defenders' assault cost the attackers, ``def_loss`` what the attackers'
    cost the defenders, both in men-equivalents (reading P9: a vehicle or gun strength point is 10).
    ``low``/``high`` are the scenario's combat values; ``night`` is the host's fact for AS-DIS.2.
    The draws are the DieRolled events logged just before.
    """

    procedure: str
    att_value: str
    att_defence: str
    def_value: str
    def_defence: str
    low: str
    high: str
    baseline: str
    att_loss: int
    def_loss: int
    modifiers: list[Modifier] = []
    night: bool = False


class UnitStrengthReduced(Event, frozen=True, kw_only=True):
    """``unit`` lost ``amount`` strength points of its own kind under ``rule``; ``captured`` when they
    surrendered (AS-RET.5: reported as captured)."""

    procedure: str
    unit: str
    amount: int
    rule: str
    captured: bool = False


class AssaultLossesAllocated(Event, frozen=True, kw_only=True):
    """One side's loss is shared out (reading P9: ``by`` "proportional", or "owner" as its owner chose)."""

    procedure: str
    side: str
    by: str = "proportional"


class AttackerDisruptionScaled(Event, frozen=True, kw_only=True):
    """The attackers' loss as it counts for their disruption (AS-DIS.1-3), each step a Modifier."""

    procedure: str
    loss: int
    scaled: str
    modifiers: list[Modifier] = []


class UnitStatusChanged(Event, frozen=True, kw_only=True):
    """``unit`` became ``status`` (``disrupted`` or ``broken``) under ``rule`` (reported or modelled)."""

    procedure: str
    unit: str
    status: str
    rule: str


class UnitModeChanged(Event, frozen=True, kw_only=True):
    """``unit`` is now in ``mode`` (AS-SRR.2: a towed anti-tank gun goes into Travel Mode)."""

    procedure: str
    unit: str
    mode: str
    rule: str


class AssaultRetreatForced(Event, frozen=True, kw_only=True):
    """AS-RET.1 held: ``units`` must retreat; ``stay``: Fanatical units that hold a bunker or pillbox
    (AS-FAN.2); ``eliminated``: units that move only in Travel Mode (AS-SRR.1)."""

    procedure: str
    units: list[str] = []
    stay: list[str] = []
    eliminated: list[str] = []


AssaultEvent = (AssaultDeclared | AssaultUnitsAdded | AssaultMovementSpent | AssaultPhaseChanged
                | AssaultResolved | AssaultLossesAllocated | UnitStrengthReduced | AttackerDisruptionScaled
                | UnitStatusChanged | UnitModeChanged | AssaultRetreatForced)


# -- What a scenario says to the assault: a terrain type's meaning, its parameters and readings.
# The shared specs of events/setup.py hold them as fields; msgspec encodes them by field name.


class PzcTerrainSpec(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True,
                     forbid_unknown_fields=True):
    """What a terrain type means to Panzer Campaigns assault (AS-TER, AS-CAP, AS-BOC)."""

    assault_pct: int = 0    # AS-TER.2, AS-DIS.3: the terrain modifier in percent
    clear: bool = False     # AS-CAP.1: a Clear hex (no combined-arms penalty)
    bocage: bool = False    # AS-BOC.1


class PzcRulesSpec(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True,
                   forbid_unknown_fields=True):
    """Panzer Campaigns assault: the scenario's parameters and the readings the text leaves open.

    The numbers are the user's data (the commercial games' values are not shipped); every reading's
    default is the engine's ruling (docs/rulings.md, reading notes §2.6). All default, so a game
    that never assaults encodes as before.
    """

    # AS-COST.1: the optional rule is in force
    manual_defensive_fire: bool = False
    # AS-HA0.1: optional rule (not in the text)
    alternate_assault: bool = False
    combine: Literal["sum", "chain"] = "sum"                  # P2: how side percentages combine
    stack: Literal["multiply", "worst"] = "multiply"          # P3: several per-unit multipliers
    cap_support: Literal["at_least", "exceeds"] = "at_least"  # P6: the per-hex combined-arms test
    assault_low: float = 0.0     # AS-RES.2: the low combat value (Parameter Data)
    assault_high: float = 0.0    # AS-RES.2: the high combat value
    baseline: float = 1.0        # P1: the combat value at which the drawn value is the loss
    # P9: how a side's loss is shared
    allocation: Literal["proportional", "owner"] = "proportional"
    disruption: Literal["host", "ratio"] = "host"                    # who decides Disrupted/Broken
