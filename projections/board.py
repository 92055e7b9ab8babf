"""Fold setup and game events into the board: hexes, units, control, pools.

Projections record facts; they never judge rules (replay must not
re-validate). A unit is always in exactly one place: a hex, a box, or the
force pool (neither hex nor box).
"""
from __future__ import annotations

from typing import Any, Callable

from turnlog.events import game as g
from turnlog.events import setup as s
from turnlog.events.editions import Ruling, applies

from .state import Claim, GameState, TurnState, UnitState, side_key

#: A fold step: the state and an event of the type it is registered for. A table cannot tie each
#: key's type to its step's parameter, so the event is typed Any here and exactly in each step.
Step = Callable[[GameState, Any], None]

# What stacking counts (engine/attrition/r14_7_retreats.py): non-partisan ground units. Projections
# import no engine.
_NOT_STACKED = frozenset({"air", "naval", "flak", "partisan"})


#: UnitSpec fields of the board vocabulary, copied as they are (lists and maps copied: state is
#: mutable).
_VOCABULARY = ("pool", "size", "unit_class", "mode", "markers", "strength", "strength_kind",
               "quality", "fatigue", "formation", "movement_allowance", "movement_left", "facing",
               "ratings")


def _place(state: GameState, spec: s.UnitSpec) -> None:
    state.units[spec.id] = UnitState(
        id=spec.id, nationality=spec.nationality, type=spec.type, factors=spec.factors,
        hex=spec.hex, box=spec.box, supply=spec.supply, prev_supply=spec.prev_supply,
        prev_supply_source=spec.prev_supply_source, oil_effect=spec.oil_effect,
        airdropped_from=spec.airdropped_from, range=spec.range, name=spec.name,
        **{k: _copy(getattr(spec, k)) for k in _VOCABULARY})


def _copy(v):
    return list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v


def _move(state: GameState, unit: str, hex_: str, box: str = "") -> None:
    u = state.units[unit]
    u.hex, u.box = hex_, box


def _moved(state: GameState, e: g.UnitMoved) -> None:
    u = state.units[e.unit]
    u.hex, u.box = e.to_hex, e.to_box


def _eliminated(state: GameState, e: g.UnitEliminated) -> None:
    unit = state.units[e.unit]
    unit.hex = unit.box = ""
    unit.eliminated = True


def _relocated(state: GameState, e) -> None:
    _move(state, e.unit, e.to_hex)


def _control(state: GameState, e: g.ControlChanged) -> None:
    state.control[e.hex] = e.faction


def _rolled(state: GameState, e: g.DieRolled) -> None:
    """A roll changes nothing on the board; its result lives in the procedure's own events."""


def _offensive(state: GameState, e: g.UnitsTookOffensive) -> None:
    for u in e.units:
        state.units[u].offensive = True


def _supply(state: GameState, e: g.SupplyChanged) -> None:
    state.units[e.unit].supply = e.supply


def _airdropped(state: GameState, e: g.UnitAirdropped) -> None:
    state.units[e.unit].airdropped_from = e.from_hex


def _feature_placed(state: GameState, e: g.FeaturePlaced) -> None:
    state.features.setdefault(e.hex, []).append(e.feature)


def _feature_removed(state: GameState, e: g.FeatureRemoved) -> None:
    fs = state.features.get(e.hex, [])
    for i, f in enumerate(fs):
        if f.kind == e.kind:
            del fs[i]
            break


def _overstack(state: GameState, e: g.OverstackMarked) -> None:
    if e.hex not in state.overstacked:
        state.overstacked.append(e.hex)


def _game_turn(state: GameState, e: g.GameTurnStarted) -> None:
    state.turn = TurnState(turn=e.turn, season=e.season, year=e.year,
                           weather={x.zone: x for x in e.weather})
    state.counted = {}


def _player_turn(state: GameState, e: g.PlayerTurnStarted) -> None:
    f = e.faction
    state.turn.active = f
    # rebound, never mutated: a copied TurnState shares it
    state.turn.played = [*state.turn.played, f]
    state.turn.phase = ""
    state.turn.ended = False
    for unit in state.units.values():
        unit.offensive = False
    if f in state.factions:
        # The previous turn's airdrop flag only lasts one player turn (14.212).
        for unit in state.units.values():
            if unit.airdropped_from and state.nationalities[unit.nationality].faction == f:
                unit.airdropped_from = ""


def _turn_ended(state: GameState, e: g.PlayerTurnEnded) -> None:
    state.turn.ended = True


def _game_ended(state: GameState, e: g.GameEnded) -> None:
    state.over = e.reason


#: The board's one edition gate: 14.74's marks are the board's, folded here, not an attrition's
#: state.
OVERSTACK_LAPSE = Ruling("overstack_lapse", 2, "14.74",
                         "a mark lapses at the movement phase of the faction overstacked there")


def _phase(state: GameState, e: g.PhaseStarted) -> None:
    state.turn.phase = e.phase
    if e.phase == "movement":
        # Edition 1 logs (docs/rulings.md, "Editions") were played with every mark lapsing here.
        state.overstacked = ([h for h in state.overstacked if not _remedied_now(state, h)]
                             if applies(state, OVERSTACK_LAPSE) else [])


def _remedied_now(state: GameState, hex_: str) -> bool:
    """14.74: a mark lapses at the movement phase of the faction whose units stand overstacked there.

    The owner is read from the hex (the retreating defender's units are in it), not stored, so the state
    and its snapshots keep their shape; a hex with no stacked unit left has nothing to remedy.
    """
    here = [u for u in state.units.values() if u.hex == hex_ and u.type not in _NOT_STACKED]
    return not here or any(state.nationalities[u.nationality].faction == state.turn.active for u in here)


def _weather(state: GameState, e: g.WeatherSet) -> None:
    state.turn.weather[e.weather.zone] = e.weather


def _note(state: GameState, e: g.NoteAdded) -> None:
    """A note changes nothing on the board; readers find notes in the log (engine/faces/diff.py notes_of)."""


def _seed(state: GameState, e: g.SeedRevealed) -> None:
    state.seed = e.seed


def _secret(state: GameState, e: g.SecretRevealed) -> None:
    state.revealed[e.holder] = e.secret


def _forked(state: GameState, e: g.GameForked) -> None:
    state.game_id = e.game_id
    if e.own_dice:
        state.dice_id = e.game_id


def _claim(state: GameState, e: g.ClaimMade) -> None:
    state.claims = {**state.claims, e.claim: Claim(by=e.by, cls=e.cls, command=e.command)}


def _answered(state: GameState, e) -> None:
    """The claim's answer; the dict and claim are rebuilt, never changed in place (a copied state shares them)."""
    was = state.claims[e.claim]
    status = "accepted" if isinstance(e, g.ClaimAccepted) else "disputed"
    state.claims = {**state.claims, e.claim: Claim(by=was.by, cls=was.cls, command=was.command,
                                                   status=status, answered_by=e.by)}


def _undone(state: GameState, e: g.CommandUndone) -> None:
    pass


def _created(state: GameState, e: s.GameCreated) -> None:
    state.name, state.seed_sha256, state.die, state.rules = e.name, e.seed_sha256, e.die, e.rules
    if e.dice:
        state.dice = dict(e.dice)
    # a procedure reads its table from the state (WiF land combat, engine/wif/r1_table.py)
    if e.tables:
        state.tables = {t.name: t for t in e.tables}
    if e.joint_dice:
        state.joint_dice = {h.holder: h.sha256 for h in e.joint_dice}
        state.joint_keys = {h.holder: h.rsa for h in e.joint_dice if h.rsa}
    if e.seats.factions:
        state.seats = e.seats
    state.game_id = e.game_id
    if e.kinds:  # each kind's scenario section (engine/kind_sections.py)
        state.scenario_kinds = dict(e.kinds)


def _faction(state: GameState, e: s.FactionDefined) -> None:
    state.factions[e.faction.id] = e.faction


def _nationality(state: GameState, e: s.NationalityDefined) -> None:
    state.nationalities[e.nationality.id] = e.nationality


def _hex(state: GameState, e: s.HexDefined) -> None:
    h = e.hex
    state.hexes[h.id] = h
    if h.controller:
        state.control[h.id] = h.controller
    if h.features:
        state.features[h.id] = [
            f if f.owner else type(f)(**{**_fields(f), "owner": h.controller}) for f in h.features]


def _hexside(state: GameState, e: s.HexsideDefined) -> None:
    hs = e.hexside
    state.hexsides[side_key(hs.a, hs.b)] = hs


def _box(state: GameState, e: s.BoxDefined) -> None:
    state.boxes[e.box.id] = e.box


def _source(state: GameState, e: s.SupplySourceDefined) -> None:
    state.sources[e.source.id] = e.source


def _placed(state: GameState, e: s.UnitPlaced) -> None:
    _place(state, e.unit)


def _restriction(state: GameState, e: s.RestrictionDefined) -> None:
    state.restrictions.append(e.restriction)


def _terrain_type(state: GameState, e: s.TerrainTypeDefined) -> None:
    state.terrain_types[e.terrain_type.id] = e.terrain_type


def _pool(state: GameState, e: s.PoolDefined) -> None:
    state.pools[e.pool.id] = e.pool


def _formation(state: GameState, e: s.FormationDefined) -> None:
    state.formations[e.formation.id] = e.formation


#: event type -> its fold step. A dict lookup by type: replay's hot path (a long ``match`` tests
#: the cases in order, so a late case paid for every earlier one).
HANDLERS: dict[type, Step] = {
    g.UnitMoved: _moved, g.UnitEliminated: _eliminated, g.UnitRetreated: _relocated,
    g.UnitAdvanced: _relocated, g.UnitDisplaced: _relocated, g.ControlChanged: _control, g.DieRolled: _rolled,
    g.UnitsTookOffensive: _offensive, g.SupplyChanged: _supply, g.UnitAirdropped: _airdropped,
    g.FeaturePlaced: _feature_placed, g.FeatureRemoved: _feature_removed, g.OverstackMarked: _overstack,
    g.GameTurnStarted: _game_turn, g.PlayerTurnStarted: _player_turn, g.PhaseStarted: _phase,
    g.PlayerTurnEnded: _turn_ended, g.GameEnded: _game_ended,
    g.WeatherSet: _weather, g.NoteAdded: _note, g.SeedRevealed: _seed, g.SecretRevealed: _secret,
    g.CommandUndone: _undone, g.GameForked: _forked,
    g.ClaimMade: _claim, g.ClaimAccepted: _answered, g.ClaimDisputed: _answered,
    s.GameCreated: _created, s.FactionDefined: _faction, s.NationalityDefined: _nationality, s.HexDefined: _hex,
    s.HexsideDefined: _hexside, s.BoxDefined: _box, s.SupplySourceDefined: _source, s.UnitPlaced: _placed,
    s.RestrictionDefined: _restriction, s.TerrainTypeDefined: _terrain_type, s.PoolDefined: _pool,
    s.FormationDefined: _formation,
}


def handler(cls: type) -> Step:
    """The fold step for events of ``cls`` (or of the event class it derives from)."""
    for base in cls.__mro__:
        fn = HANDLERS.get(base)
        if fn is not None:
            return fn
    raise TypeError(f"board projection has no case for {cls.__name__}")


def apply(state: GameState, event) -> None:
    """Apply one setup or game event to ``state`` in place."""
    fn = HANDLERS.get(type(event))
    if fn is None:
        fn = handler(type(event))
    fn(state, event)


def _fields(struct) -> dict:
    return {f: getattr(struct, f) for f in struct.__struct_fields__}
