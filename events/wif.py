"""Events of World in Flames land combat: ARM points, the table's chooser and choice, the two dice, the cell.

Ids are the reading notes' (11.16.5-T1 ... -R1, 11.16.4, 16.3, 22.4.2; docs/rulings.md). Not in the
codec's static union: the kind (engine/wif/procedure.py) registers them, so a log that never used the
procedure holds none of them and encodes as before. ARM points are exact fractions written as strings
("5/2", reading W1). Losses, first-loss types and kampfgruppen are events/wif_losses.py's.
"""
from __future__ import annotations

from typing import Literal

import msgspec

from .base import Event, Modifier


class FactorMultiplier(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True):
    """A host fact: ``unit``'s combat factors are halved ("1/2") or doubled ("2") for ``reason``
    (river, invasion, chit, ...); its ARM points follow (11.16.5-T6; a chit: 16.3)."""

    unit: str
    factor: str
    reason: str


class TankBuster(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True):
    """A host fact: a tank-buster bomber flying ground support for ``side`` with ``factors`` tactical
    factors (11.16.4 option 33); air units, never land losses."""

    unit: str
    side: str
    factors: int


class ArmPoints(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One unit's ARM points (exact, as a string) and every rule that made them."""

    unit: str
    side: str
    points: str
    reasons: list[Modifier] = []


class LandCombatBegun(Event, frozen=True, kw_only=True):
    """A land combat ``L<n>`` against ``hex`` opened with the host's facts (reading notes §1.2).

    ``odds``: the final odds before any terrain shift; ``weather``: the hex's weather condition;
    the flags name units; ``notional``: the combat factors of a defending notional unit (0: none);
    ``ground_support``: the claimed tactical factors of bombers other than tank busters, by side.
    """

    procedure: str
    hex: str
    attacker: str
    defender: str
    turn: int
    attackers: list[str]
    defenders: list[str]
    odds: str
    weather: str
    multipliers: list[FactorMultiplier] = []
    tank_busters: list[TankBuster] = []
    invaders: list[str] = []
    paradropped: list[str] = []
    eng_used: list[str] = []
    notional: int = 0
    in_supply: dict[str, bool] = {}
    retreat_route: dict[str, bool] = {}
    ground_support: dict[str, int] = {}


class ArmPointsCounted(Event, frozen=True, kw_only=True):
    """Both sides' ARM totals (exact strings) with each unit's part (11.16.5-T4-T6, 11.16.4, 16.3, 22.4.2);
    ``contributors``: the attacking land units with ARM above 0 (reading W12)."""

    procedure: str
    attacker: str
    defender: str
    units: list[ArmPoints] = []
    contributors: list[str] = []


class TableChooserDetermined(Event, frozen=True, kw_only=True):
    """Who chooses the table (``attacker`` or ``defender``), under ``rule``, for ``reason`` (T3, T9d, T9f)."""

    procedure: str
    chooser: str
    rule: str
    reason: str


class CombatTableChosen(Event, frozen=True, kw_only=True):
    """The chooser took ``table`` (blitz or assault, T1); the column the odds read after the terrain shift
    (T8, T9) and the clamp (R1), and the ARM bonus on both dice (T7), each modifier with its rule."""

    procedure: str
    table: str
    by: str
    odds: str
    column: str
    modifiers: list[Modifier] = []
    notes: list[str] = []


class LandCombatResultDetermined(Event, frozen=True, kw_only=True):
    """The cell read at (``column``, ``row``) of the chosen table (R1) from the two dice (option 43);
    ``att_loss``/``def_loss``: each side's part of the cell (a number of casualty points, or "" / "-");
    ``flags``: its non-numeric parts, recorded for the host (R2)."""

    procedure: str
    table: str
    column: str
    attacker_die: int
    defender_die: int
    row: str
    cell: str
    att_loss: str = ""
    def_loss: str = ""
    flags: list[str] = []
    modifiers: list[Modifier] = []
    notes: list[str] = []


class LandCombatPhaseChanged(Event, frozen=True, kw_only=True):
    procedure: str
    phase: str


WifEvent = (LandCombatBegun | ArmPointsCounted | TableChooserDetermined | CombatTableChosen
            | LandCombatResultDetermined | LandCombatPhaseChanged)


# -- What a scenario says to WiF land combat: a terrain type's meaning, its tables, dice and readings.
# The shared specs of events/setup.py hold them as fields; msgspec encodes them by field name.


class WifTerrainSpec(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    """What a terrain type means to WiF land combat (11.16.5 T7-T9)."""

    blitz_shift: int = 0      # T8/T9: odds-column shift when the attacker chooses the blitz table here
    arm_bonus: bool = False   # T7: the ARM bonus may apply (clear, desert)


class BuildCostSpec(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    """What building one unit of a WiF class costs: build points and turns (the user's data, 11.16.5-K2b)."""

    unit_class: str
    bp: int
    turns: int


class WifRulesSpec(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    """World in Flames land combat: which of the scenario's tables and dice it reads, and its readings."""

    blitz_table: str = "wif-blitz"       # 11.16.5-T1, R1: the scenario's `tables` name of the blitz table
    assault_table: str = "wif-assault"   # the same for the assault table
    die: str = ""                        # option 43: each side's die, a named dice of one die ("" = the game's die)
    bonus_rounding: Literal["down", "floor", "half_up"] = "down"   # W2: one-fourth of the ARM difference
    production_phase: str = "production"   # K2a: the turn phase in which a faction's repair pool empties
    build_costs: list[BuildCostSpec] = []   # K2b: full cost and time per class (the user's); a build halves them
