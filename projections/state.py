"""The read model every projection folds into.

GameState is a mutable msgspec Struct so that a snapshot is one encode and a
restore one decode, and so that two states compare with ``==`` (the replay
invariant). ``dict=True`` lets the engine hang derived caches (the hex grid)
on an instance; they are not part of equality or of snapshots.
"""
from __future__ import annotations

from typing import Any

import msgspec

from turnlog.events.attrition import Selection, Zone
from turnlog.events.base import Modifier
from turnlog.events.setup import (BoxSpec, DiceSpec, DieSpec, FactionSpec, Feature, FormationSpec, HexSpec, HexsideSpec,
                          NationalitySpec, PoolSpec, RestrictionSpec, RulesSpec, SeatsSpec, SupplySourceSpec,
                          TableRecord, TerrainTypeSpec, WeatherSpec)


class UnitState(msgspec.Struct, kw_only=True, omit_defaults=True):
    """One unit as the log has left it: where it is, its factors, mode, markers and supply."""

    id: str
    nationality: str
    type: str
    factors: int
    hex: str = ""
    box: str = ""
    eliminated: bool = False
    supply: str = "full"
    prev_supply: str = "full"
    prev_supply_source: str = ""
    oil_effect: bool = False
    airdropped_from: str = ""
    offensive: bool = False
    range: int = 0
    name: str = ""
    # the board vocabulary (events/setup.py UnitSpec): defaults are omitted from snapshots.
    pool: str = ""
    size: str = ""
    unit_class: str = ""
    mode: str = ""
    markers: list[str] = []
    strength: int = 0
    strength_kind: str = ""
    quality: str = ""
    fatigue: int = 0
    formation: str = ""
    movement_allowance: int = 0
    movement_left: int = 0
    facing: int | None = None
    ratings: dict[str, int] = {}

    @property
    def in_pool(self) -> bool:
        return not self.hex and not self.box


class TurnState(msgspec.Struct, kw_only=True, omit_defaults=True):
    turn: int = 0
    season: str = ""
    year: int = 0
    active: str = ""
    phase: str = ""
    weather: dict[str, WeatherSpec] = {}
    played: list[str] = []  # the factions whose player turn began in this game turn, in order
    ended: bool = False  # the active side ended its player turn (PlayerTurnEnded); omitted while not


class Claim(msgspec.Struct, kw_only=True, omit_defaults=True):
    """One claim (engine/claims.py): pending until accepted or disputed."""

    by: str
    cls: str
    command: str
    status: str = "pending"  # pending/accepted/disputed
    answered_by: str = ""


class Attrition(msgspec.Struct, kw_only=True, omit_defaults=True):
    """One attrition combat procedure (rule 14) in progress or done."""

    id: str
    attacker: str
    defender: str
    zone: str
    turn: int
    phase: str = "count"
    excluded: list[str] = []
    units: list[str] = []
    factors: int = 0
    contact: list[str] = []
    column: str = ""
    die: int | None = None
    modifiers: list[Modifier] = []
    row: int | None = None
    counters: int = 0
    hexes: int = 0
    notes: list[str] = []
    two_counters: bool = False
    winter_losses: list[str] = []
    winter_occupation: list[str] = []
    losses: list[str] = []
    loss_hexes: dict[str, str] = {}
    shortfall: int = 0
    immune: list[str] = []
    zone_cleared: bool = False
    selections: list[Selection] = []


class GameState(msgspec.Struct, kw_only=True, dict=True, omit_defaults=True):
    """The board folded from the log: the scenario's specs, units, hexes, turn, and each kind's state."""

    name: str = ""
    seed_sha256: str = ""
    seed: str = ""
    joint_dice: dict[str, str] = {}   # joint dice: holder -> SHA-256 of its secret, in commitment order
    revealed: dict[str, str] = {}     # joint dice: holder -> its revealed secret (hex)
    joint_keys: dict[str, str] = {}   # joint dice, signed shares: holder -> its RSA modulus (hex)
    die: DieSpec = DieSpec()
    dice: dict[str, DiceSpec] = {}    # the scenario's named dice (GameCreated.dice); omitted when none
    tables: dict[str, TableRecord] = {}  # the scenario's combat tables by name (GameCreated.tables); omitted when none
    rules: RulesSpec = RulesSpec()
    seq: int = 0
    factions: dict[str, FactionSpec] = {}
    nationalities: dict[str, NationalitySpec] = {}
    hexes: dict[str, HexSpec] = {}
    hexsides: dict[str, HexsideSpec] = {}
    boxes: dict[str, BoxSpec] = {}
    sources: dict[str, SupplySourceSpec] = {}
    restrictions: list[RestrictionSpec] = []
    terrain_types: dict[str, TerrainTypeSpec] = {}  # the scenario's entries only (engine/terrain.py)
    pools: dict[str, PoolSpec] = {}
    formations: dict[str, FormationSpec] = {}   # the scenario's order of battle (PzC AS-ORG); omitted when none
    units: dict[str, UnitState] = {}
    control: dict[str, str] = {}
    features: dict[str, list[Feature]] = {}
    overstacked: list[str] = []
    turn: TurnState = msgspec.field(default_factory=TurnState)
    counted: dict[str, str] = {}
    zones: dict[str, Zone] = {}
    zones_turn: int = 0
    zones_active: str = ""
    attritions: dict[str, Attrition] = {}
    # The own state of each kind registered through engine/kinds.py, keyed by kind name
    # (its type in STATE_TYPES); empty, and so omitted, in a game that uses only the built-in kinds.
    kinds: dict[str, Any] = {}
    # Each kind's scenario section as GameCreated.kinds logged it (engine/kind_sections.py section()).
    scenario_kinds: dict[str, dict[str, Any]] = {}
    game_id: str = ""  # the identity: GameCreated's, or the latest GameForked's; "" in older games
    dice_id: str = ""  # the fork identity seeded dice derive from (engine/dice.py keyed); "" = the seed's
    claims: dict[str, Claim] = {}  # the claims made, by id (engine/claims.py); omitted when none
    seats: SeatsSpec = SeatsSpec()  # who holds which side; empty in a hot-seat game, so omitted
    over: str = ""  # why the game ended (GameEnded's reason); "" while it goes on, and so omitted
    # No notes: they annotate the log, the rules never read them, and kept here they made every
    # snapshot (and so every time travel) grow with the length of the game. Read them from the log.


def side_key(a: str, b: str) -> str:
    """Key of the hexside between hexes a and b, independent of order."""
    return f"{a}|{b}" if a < b else f"{b}|{a}"


_enc = msgspec.json.Encoder(order="sorted")
_exact = msgspec.json.Encoder()  # every dict in its insertion order
_dec = msgspec.json.Decoder(GameState)


def dump(state: GameState) -> bytes:
    """Canonical bytes of a state (sorted keys): what `state` prints and a scratch copy's order.

    load() of these is equal (==) to the state but walks its dicts in key order: never a snapshot.
    """
    return _enc.encode(state)


def dump_exact(state: GameState) -> bytes:
    """The bytes load() turns back into this very state, every dict in its order: a snapshot's.

    Rules walk the board's dicts (``units`` above all) in the order the events added their entries,
    and that order decides the order of a command's automatic consequences (14.76, 14.77): a board
    read from a snapshot must walk them as the board folded from the log does.
    """
    return _exact.encode(state)


#: kind name -> the Struct type of its entry in ``GameState.kinds`` (engine/kinds.py ``register``).
STATE_TYPES: dict[str, type] = {}


def load(data: bytes) -> GameState:
    """The state a snapshot holds; a registered kind's entry is read back as its own Struct."""
    state = _dec.decode(data)
    for name, raw in state.kinds.items():
        typ = STATE_TYPES.get(name)
        if typ is not None:
            state.kinds[name] = msgspec.convert(raw, typ)
    return state
