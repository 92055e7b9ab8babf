"""Board specifications shared by scenario files and setup events.

The same Structs are decoded from a scenario file and carried by the setup
events, so a log replays without the file it came from.
"""
from __future__ import annotations

from typing import Literal

import msgspec

from .base import Event

Season = Literal["spring", "summer", "fall", "winter"]
Supply = Literal["full", "partial", "none"]


class Feature(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    """A marker printed on or placed in a hex (capital, IC, bridgehead...).

    ``owner`` is the faction the counter belongs to (defaults to the hex's
    controller when the board is built). ``origin`` qualifies bridgeheads:
    "river" (31.23) or "seaborne". ``launched_from`` names the supply source
    a seaborne bridgehead was launched from (14.52A).
    """

    kind: str
    owner: str = ""
    origin: str = ""
    launched_from: str = ""
    name: str = ""
    factories: int = 0       # WiF: the printed factory count (production, 11.16.5 K)
    defence_bonus: int = 0   # PzC and others: a bunker's or pillbox's defence bonus


class HexSpec(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    id: str
    col: int
    row: int
    terrain: str = "clear"
    front: str = ""
    weather_zone: str = ""
    mapboard: str = "europe"
    controller: str = ""
    region: str = ""
    pact_side: str = ""
    russian_winter_zone: bool = False
    supply_zone: str = ""
    stacking_limit: int = 0
    prohibited_to: list[str] = []
    features: list[Feature] = []


class HexsideSpec(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    a: str
    b: str
    river: bool = False
    crossing_arrow: bool = False
    all_water: bool = False
    impassable: bool = False
    fortified_by: str = ""
    river_class: str = "none"   # none/minor/major; minor or major needs river = true (checked at load)
    bridge: bool = False
    ford: bool = False
    road: bool = False
    assault_pct: int = 0        # PzC AS-TER.1: the hexside's assault modifier in percent


class AttritionTerrainSpec(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    """What a terrain type means to rule 14 (engine/terrain.py holds the default table)."""

    bars_occupation: bool = False   # 14.62D: no hex of this terrain is taken by attrition occupation
    jungle_only: bool = False       # 14.62D: only jungle-capable units (a nationality's jungle_attrition, chindits)


class WifTerrainSpec(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    """What a terrain type means to WiF land combat (11.16.5 T7-T9)."""

    blitz_shift: int = 0      # T8/T9: odds-column shift when the attacker chooses the blitz table here
    arm_bonus: bool = False   # T7: the ARM bonus may apply (clear, desert)


class PzcTerrainSpec(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    """What a terrain type means to Panzer Campaigns assault (AS-TER, AS-CAP, AS-BOC)."""

    assault_pct: int = 0    # AS-TER.2, AS-DIS.3: the terrain modifier in percent
    clear: bool = False     # AS-CAP.1: a Clear hex (no combined-arms penalty)
    bocage: bool = False    # AS-BOC.1


class WarTerrainSpec(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    """What a terrain type means to Wacht am Rhein II attack designation (9.1.1, 9.2.4)."""

    open: bool = False         # 9.1.1a: not covering terrain (units there must attack)
    constricted: bool = False  # 9.2.4: limits the units each adjacent hex may contribute
    covering: bool = False     # 9.1.1a: covering terrain (woods, forest...); every other type is Open
    defence: int = 0           # 9.2.1: how well the type serves a defender; the best of an assault's hexes is used


class TerrainTypeSpec(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    """One terrain type: its meaning to each combat system, and movement data by unit class.

    A hex's ``terrain`` names a type. The engine's default table (engine/terrain.py) gives today's
    attrition meanings; an entry a scenario gives replaces the default entry of the same id.
    """

    id: str
    name: str = ""
    frozen_as: str = ""   # the type this counts as while its weather zone's swamps are frozen
    move_cost: dict[str, int] = {}        # movement points to enter, by unit class
    prohibited_classes: list[str] = []    # unit classes that may not enter (WaR 9.1.3, PzC AS-MOVE)
    attrition: AttritionTerrainSpec = AttritionTerrainSpec()
    wif: WifTerrainSpec = WifTerrainSpec()
    pzc: PzcTerrainSpec = PzcTerrainSpec()
    war: WarTerrainSpec = WarTerrainSpec()


class PoolSpec(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    """A named off-map pool of one faction: its force pool, or WiF's repair pool (kampfgruppen)."""

    id: str
    faction: str
    kind: str = "force"   # force/repair
    name: str = ""


class FormationSpec(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    """A formation of the order of battle (PzC AS-ORG.1-2): a division, a corps, or a level between or above.

    A unit's ``formation`` names one; ``parent`` names the formation above it ("" at the top).
    """

    id: str
    level: str = "division"   # division/corps, or another word (brigade, army...) the organisation walk passes
    parent: str = ""
    name: str = ""


class FactionSpec(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    id: str
    name: str = ""
    side: str
    independent_minor: bool = False


class NationalitySpec(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    id: str
    faction: str
    name: str = ""
    ctl: int = 1
    winter_prep: int = 0
    status: Literal["major", "minor_ally", "associated", "independent_minor"] = "major"
    major: str = ""
    distinct_for_attrition: bool = False
    jungle_attrition: bool = False
    fanatical: bool = False   # PzC AS-FAN.1-2: the scenario marks this nation's units Fanatical


class BoxSpec(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    id: str
    name: str = ""
    offboard: bool = False
    zone_hex: str = ""


class SupplySourceSpec(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    id: str
    hex: str = ""
    box: str = ""
    faction: str
    unlimited: bool = True
    supply_zone: str = ""


class UnitSpec(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    id: str
    nationality: str
    type: str = "infantry"
    factors: int = 0
    hex: str = ""
    box: str = ""
    supply: Supply = "full"
    prev_supply: Supply = "full"
    prev_supply_source: str = ""
    oil_effect: bool = False
    airdropped_from: str = ""
    range: int = 0
    name: str = ""
    # The board vocabulary of issue 12: read by the combat systems after attrition; all default unused.
    pool: str = ""            # the pool a unit off the map starts in ("" = its faction's force pool)
    size: str = ""            # corps, division, brigade, battalion, company...
    unit_class: str = ""      # armour, infantry, artillery, hq, engineer...
    mode: str = ""            # PzC deployed/travel/rail; WaR tactical, pa...
    markers: list[str] = []   # disrupted, low_ammo, attack...
    strength: int = 0
    strength_kind: str = ""   # steps/points/factors/men/vehicles/guns
    quality: str = ""         # a rating letter or number (PzC A-F)
    fatigue: int = 0
    formation: str = ""       # the parent formation's id
    movement_allowance: int = 0
    movement_left: int = 0
    facing: int | None = None  # the hexside 0-5 it faces, or none
    ratings: dict[str, int] = {}  # system-specific numbers: name -> value (arm, assault...)


class RestrictionSpec(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    """One nationality may not attack another (resistance, neutrality...)."""

    attacker: str
    defender: str
    reason: str = ""


class WeatherSpec(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    zone: str
    winter_level: int = 0
    frozen_swamps: bool = False


class DieSpec(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    sides: int = 10
    lowest: int = 0


class DiceSpec(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    """A named set of dice a scenario declares (``[dice.pair]``): how many, their faces, how they combine.

    ``combine`` (sum/high/low/each, checked at load) makes one value of several faces; ``each`` keeps the
    faces apart for the rules to read, and its value is the first face (engine/dice.py).
    """

    count: int = 1
    sides: int
    lowest: int = 1
    combine: str = "sum"


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


class TurnSequenceSpec(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    """The phases of a player turn, in order (engine/kit/sequence.py); empty: A World at War's.

    ``preset`` names a sequence the engine knows; ``phases`` lists one. A game created from a preset
    records both, so a log replays under the list it was played with.
    """

    preset: str = ""
    phases: list[str] = []


class PzcRulesSpec(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    """Panzer Campaigns assault: the scenario's parameters and the readings the text leaves open.

    The numbers are the user's data (the commercial games' values are not shipped); every reading's
    default is the engine's ruling (docs/rulings.md, reading notes §2.6). All default, so a game that
    never assaults encodes as before.
    """

    manual_defensive_fire: bool = False                       # AS-COST.1: the optional rule is in force
    alternate_assault: bool = False                           # AS-HA0.1: optional rule (not in the text)
    combine: Literal["sum", "chain"] = "sum"                  # P2: how side percentages combine
    stack: Literal["multiply", "worst"] = "multiply"          # P3: several per-unit multipliers
    cap_support: Literal["at_least", "exceeds"] = "at_least"  # P6: the per-hex combined-arms test
    assault_low: float = 0.0     # AS-RES.2: the low combat value (Parameter Data)
    assault_high: float = 0.0    # AS-RES.2: the high combat value
    baseline: float = 1.0        # P1: the combat value at which the drawn value is the loss
    allocation: Literal["proportional", "owner"] = "proportional"   # P9: how a side's loss is shared
    disruption: Literal["host", "ratio"] = "host"                    # who decides Disrupted/Broken


class BuildCostSpec(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    """What building one unit of a WiF class costs: build points and turns (the user's data, 11.16.5-K2b)."""

    unit_class: str
    bp: int
    turns: int


class WifRulesSpec(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    """World in Flames land combat (issue 15): which of the scenario's tables and dice it reads, and its readings."""

    blitz_table: str = "wif-blitz"       # 11.16.5-T1, R1: the scenario's `tables` name of the blitz table
    assault_table: str = "wif-assault"   # the same for the assault table
    die: str = ""                        # option 43: each side's die, a named dice of one die ("" = the game's die)
    bonus_rounding: Literal["down", "floor", "half_up"] = "down"   # W2: one-fourth of the ARM difference
    production_phase: str = "production"   # K2a: the turn phase in which a faction's repair pool empties
    build_costs: list[BuildCostSpec] = []   # K2b: full cost and time per class (the user's); a build halves them


#: The rulings edition a new game is created under. 1: the readings before the rule-14 second reading
#: (issue 11); 2: with it; 3: with the corrections of the second reading of the three wave-2 systems
#: (docs/rulings.md, "Editions"). A log that names none is edition 1.
EDITION = 3
#: The edition from which those wave-2 corrections apply: a game created before them re-executes as played.
AUDITED = 3


class RulesSpec(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    stacking_limit: int = 3
    partial_supply_ctl_penalty: int = 1
    unsupplied_ctl_penalty: int = 1
    russian_winter: RussianWinterSpec = RussianWinterSpec()
    attrition: AttritionRulesSpec = AttritionRulesSpec()
    # 0 = not stated: a log written before editions existed (edition 1), or a scenario file (the current one).
    edition: int = 0
    turn_sequence: TurnSequenceSpec = TurnSequenceSpec()   # empty: AWAW's (issue 12); omitted from old logs
    # The procedure kinds this game uses (engine/procedures.py); empty: attrition alone, as every game
    # before rule 9 was. A registered kind the game does not name is refused and never offered.
    procedures: list[str] = []
    pzc: PzcRulesSpec = PzcRulesSpec()   # Panzer Campaigns assault (issue 16); omitted while default
    wif: WifRulesSpec = WifRulesSpec()   # World in Flames land combat (issue 15); omitted while default

    @property
    def era(self) -> int:
        """The rulings edition in force: 1 when the log names none."""
        return self.edition or 1


class DiceHolder(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    """One side's part of joint dice: its name and what checks its shares.

    A game created since shares are signatures registers the holder's RSA public key (``rsa``, the
    modulus in hex) and the proof that its signatures are unique (``proof``; engine/joint_keys.py).
    A game created before holds SHA-256 of the secret the holder alone kept (``sha256``;
    engine/joint.py). Each defaults, and so is omitted: older logs' holders encode as they did.
    """

    holder: str
    sha256: str = ""
    rsa: str = ""
    proof: list[str] = []


class TableRecord(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    """A combat table a scenario named: its name, SHA-256 of its text, where it comes from, and the text.

    The text travels in the log so that a mailed log replays alone (docs/design.md, "Combat tables in the
    log"); ``invented`` marks a synthetic table, which the narrative labels as such.
    """

    name: str
    sha256: str
    source: str
    licence: str
    invented: bool = False
    text: str


class SeatsSpec(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    """Who holds which side (issue 13); empty is a hot-seat game: one actor plays every side.

    ``factions`` maps a faction id to the actor who holds it (one actor may hold several); a faction left
    out is acted for by the host alone. The referee holds no faction and alone may override the dice
    barrier; the host (a program, or the game's organiser) may issue the host commands for any side.
    engine/seats.py reads it. ``keys`` (issue 13 item 4) maps each seated actor to its Ed25519 public key
    (64 hex digits): a game with keys is a signed game (engine/signatures.py); empty, and so omitted, otherwise.
    """

    factions: dict[str, str] = {}
    referee: str = ""
    host: str = ""
    keys: dict[str, str] = {}


class GameCreated(Event, kw_only=True):
    """The game's first event: its name, die, rules and how its dice are committed.

    ``seed_public`` marks a seed given by hand or published (a test or demo game): anyone may
    predict its rolls. ``joint_dice`` lists the holders of joint dice (engine/joint.py); such a
    game has no single seed and ``seed_sha256`` is empty. ``tables`` holds the combat tables the scenario
    named (engine/kit/tables.py). ``dice`` holds the scenario's named dice by name (``die`` stays the
    game's own die, name ""). All four default so older logs encode as before.
    """

    name: str
    seed_sha256: str
    die: DieSpec = DieSpec()
    rules: RulesSpec = RulesSpec()
    description: str = ""
    seed_public: bool = False
    joint_dice: list[DiceHolder] = []
    tables: list[TableRecord] = []
    dice: dict[str, DiceSpec] = {}
    # Seats (issue 13): empty, and so omitted, in a hot-seat game; every older log encodes as before.
    seats: SeatsSpec = SeatsSpec()
    # The game's identity (engine/identity.py): 32 random hex digits drawn at creation, covered by
    # every signature and joint-dice share; "", and so omitted, in a game created before identities.
    game_id: str = ""


class FactionDefined(Event, kw_only=True):
    faction: FactionSpec


class NationalityDefined(Event, kw_only=True):
    nationality: NationalitySpec


class HexDefined(Event, kw_only=True):
    hex: HexSpec


class HexsideDefined(Event, kw_only=True):
    hexside: HexsideSpec


class BoxDefined(Event, kw_only=True):
    box: BoxSpec


class SupplySourceDefined(Event, kw_only=True):
    source: SupplySourceSpec


class UnitPlaced(Event, kw_only=True):
    unit: UnitSpec


class RestrictionDefined(Event, kw_only=True):
    restriction: RestrictionSpec


class TerrainTypeDefined(Event, kw_only=True):
    """A scenario's terrain-type entry; written only when the scenario gives a table (issue 12)."""

    terrain_type: TerrainTypeSpec


class FormationDefined(Event, kw_only=True):
    """A scenario's formation (its level and parent); written only when the scenario gives formations (issue 16)."""

    formation: FormationSpec


class PoolDefined(Event, kw_only=True):
    """A scenario's explicit pool; written only when the scenario gives pools (issue 12)."""

    pool: PoolSpec


SetupEvent = (
    GameCreated
    | FactionDefined
    | NationalityDefined
    | HexDefined
    | HexsideDefined
    | BoxDefined
    | SupplySourceDefined
    | UnitPlaced
    | RestrictionDefined
    | TerrainTypeDefined
    | PoolDefined
    | FormationDefined
)
