"""Board specifications shared by scenario files and setup events.

The same Structs are decoded from a scenario file and carried by the setup
events, so a log replays without the file it came from.
"""
from __future__ import annotations

from typing import Any, Literal

import msgspec

from .assault import PzcRulesSpec, PzcTerrainSpec
from .attrition import AttritionRulesSpec, AttritionTerrainSpec, RussianWinterSpec
from .base import Event
from .designation import WarTerrainSpec
from .wif import BuildCostSpec, WifRulesSpec, WifTerrainSpec  # noqa: F401  (BuildCostSpec: s.BuildCostSpec)

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
    # The board vocabulary: read by the combat systems after attrition; all default unused.
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


class TurnSequenceSpec(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    """The phases of a player turn, in order (engine/kit/sequence.py); empty: A World at War's.

    ``preset`` names a sequence the engine knows; ``phases`` lists one. A game created from a preset
    records both, so a log replays under the list it was played with.
    """

    preset: str = ""
    phases: list[str] = []


#: The rulings edition a new game is created under (docs/rulings.md, "Editions"). 1: the readings of
#: rule 14 before its second reading; 2: with that second reading; 3: with the corrections the audit of
#: rule 9, WiF land combat and the assault made; 4: with the hardening of verify, fair play between seats
#: and the edges (each a named ruling of edition 4); 5: WiF land combat odds from the board (engine/wif/
#: rulings.py ODDS_FROM_BOARD); 6: the turn sequence the seats drive, a game's end and one terrain
#: model every kind reads (named rulings of edition 6). A log that names none is edition 1
#: (``RulesSpec.era``).
EDITION = 6
#: The edition of the audit's corrections: each is a named ruling of this edition in its system's
#: engine/<system>/rulings.py, asked through events/editions.py ``applies``. A game created under an
#: earlier edition is judged as it was played, so its log keeps re-executing byte for byte.
AUDITED = 3


class EndSpec(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    """When the game ends (rule ``end``): after the last player turn of game turn ``last_turn``.

    0 (the default, and every log written before ends existed): the game has no end of its own.
    """

    last_turn: int = 0


class RulesSpec(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    stacking_limit: int = 3
    partial_supply_ctl_penalty: int = 1
    unsupplied_ctl_penalty: int = 1
    russian_winter: RussianWinterSpec = RussianWinterSpec()
    attrition: AttritionRulesSpec = AttritionRulesSpec()
    # 0 = not stated: a log written before editions existed (edition 1), or a scenario file (the current one).
    edition: int = 0
    turn_sequence: TurnSequenceSpec = TurnSequenceSpec()   # empty: AWAW's; omitted from old logs
    # The kinds this game uses (engine/kinds.py); empty: attrition alone, as every game
    # before rule 9 was. A registered kind the game does not name is refused and never offered.
    procedures: list[str] = []
    pzc: PzcRulesSpec = PzcRulesSpec()   # Panzer Campaigns assault; omitted while default
    wif: WifRulesSpec = WifRulesSpec()   # World in Flames land combat; omitted while default
    end: EndSpec = EndSpec()   # when the game ends; omitted while default (no end)

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
    """Who holds which side; empty is a hot-seat game: one actor plays every side.

    ``factions`` maps a faction id to the actor who holds it (one actor may hold several); a faction left
    out is acted for by the host alone. The referee holds no faction and alone may override the dice
    barrier; the host (a program, or the game's organiser) may issue the host commands for any side.
    engine/seats.py reads it. ``keys`` maps each seated actor to its Ed25519 public key
    (64 hex digits): a game with keys is a signed game (engine/signatures.py); empty, and so omitted, otherwise.
    """

    factions: dict[str, str] = {}
    referee: str = ""
    host: str = ""
    keys: dict[str, str] = {}
    # Fair play (engine/claims.py): claim class (die, host-fact, report, reveal) -> who may make it alone
    # (nobody/host/referee/any). Filled with safe defaults when a seated game is created; empty, and so
    # omitted, in every seated game created before, which keeps the judgement it was played under.
    claims: dict[str, str] = {}


class GameCreated(Event, frozen=True, kw_only=True):
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
    # Seats: empty, and so omitted, in a hot-seat game; every older log encodes as before.
    seats: SeatsSpec = SeatsSpec()
    # The game's identity (engine/identity.py): 32 random hex digits drawn at creation, covered by
    # every signature and joint-dice share; "", and so omitted, in a game created before identities.
    game_id: str = ""
    # Each kind's scenario section (``[kinds.NAME]``) in the plain form its Struct gave it
    # (engine/kind_sections.py); empty, and so omitted, in a game whose kinds take none.
    kinds: dict[str, dict[str, Any]] = {}


class FactionDefined(Event, frozen=True, kw_only=True):
    faction: FactionSpec


class NationalityDefined(Event, frozen=True, kw_only=True):
    nationality: NationalitySpec


class HexDefined(Event, frozen=True, kw_only=True):
    hex: HexSpec


class HexsideDefined(Event, frozen=True, kw_only=True):
    hexside: HexsideSpec


class BoxDefined(Event, frozen=True, kw_only=True):
    box: BoxSpec


class SupplySourceDefined(Event, frozen=True, kw_only=True):
    source: SupplySourceSpec


class UnitPlaced(Event, frozen=True, kw_only=True):
    unit: UnitSpec


class RestrictionDefined(Event, frozen=True, kw_only=True):
    restriction: RestrictionSpec


class TerrainTypeDefined(Event, frozen=True, kw_only=True):
    """A scenario's terrain-type entry; written only when the scenario gives a table."""

    terrain_type: TerrainTypeSpec


class FormationDefined(Event, frozen=True, kw_only=True):
    """A scenario's formation (its level and parent); written only when the scenario gives formations."""

    formation: FormationSpec


class PoolDefined(Event, frozen=True, kw_only=True):
    """A scenario's explicit pool; written only when the scenario gives pools."""

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
