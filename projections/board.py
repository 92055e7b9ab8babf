"""Fold setup and game events into the board: hexes, units, control, pools.

Projections record facts; they never judge rules (replay must not
re-validate). A unit is always in exactly one place: a hex, a box, or the
force pool (neither hex nor box).
"""
from __future__ import annotations

from events import game as g
from events import setup as s

from .state import GameState, TurnState, UnitState, side_key


def _place(state: GameState, spec: s.UnitSpec) -> None:
    state.units[spec.id] = UnitState(
        id=spec.id, nationality=spec.nationality, type=spec.type, factors=spec.factors,
        hex=spec.hex, box=spec.box, supply=spec.supply, prev_supply=spec.prev_supply,
        prev_supply_source=spec.prev_supply_source, oil_effect=spec.oil_effect,
        airdropped_from=spec.airdropped_from, range=spec.range, name=spec.name)


def _move(state: GameState, unit: str, hex_: str, box: str = "") -> None:
    u = state.units[unit]
    u.hex, u.box = hex_, box


def apply(state: GameState, event) -> None:
    """Apply one setup or game event to ``state`` in place."""
    match event:
        case g.UnitMoved(unit=u, to_hex=h, to_box=b):
            _move(state, u, h, b)
        case g.UnitEliminated(unit=u):
            unit = state.units[u]
            unit.hex = unit.box = ""
            unit.eliminated = True
        case g.UnitRetreated(unit=u, to_hex=h) | g.UnitAdvanced(unit=u, to_hex=h) | g.UnitDisplaced(unit=u, to_hex=h):
            _move(state, u, h)
        case g.ControlChanged(hex=h, faction=f):
            state.control[h] = f
        case g.DieRolled(key=k, value=v):
            state.rolls[k] = v
        case g.UnitsTookOffensive(units=us):
            for u in us:
                state.units[u].offensive = True
        case g.SupplyChanged(unit=u, supply=sup):
            state.units[u].supply = sup
        case g.UnitAirdropped(unit=u, from_hex=h):
            state.units[u].airdropped_from = h
        case g.FeaturePlaced(hex=h, feature=f):
            state.features.setdefault(h, []).append(f)
        case g.FeatureRemoved(hex=h, kind=k):
            fs = state.features.get(h, [])
            for i, f in enumerate(fs):
                if f.kind == k:
                    del fs[i]
                    break
        case g.OverstackMarked(hex=h):
            if h not in state.overstacked:
                state.overstacked.append(h)
        case g.GameTurnStarted(turn=t, season=se, year=y, weather=w):
            state.turn = TurnState(turn=t, season=se, year=y, weather={x.zone: x for x in w})
            state.counted = {}
        case g.PlayerTurnStarted(faction=f):
            state.turn.active = f
            state.turn.phase = ""
            for unit in state.units.values():
                unit.offensive = False
            if f in state.factions:
                # The previous turn's airdrop flag only lasts one player turn (14.212).
                for unit in state.units.values():
                    if unit.airdropped_from and state.nationalities[unit.nationality].faction == f:
                        unit.airdropped_from = ""
        case g.PhaseStarted(phase=p):
            state.turn.phase = p
            if p == "movement":
                state.overstacked = []
        case g.WeatherSet(weather=w):
            state.turn.weather[w.zone] = w
        case g.NoteAdded(text=t, at_seq=at):
            state.notes.append((at, t))
        case g.SeedRevealed(seed=sd):
            state.seed = sd
        case g.CommandUndone():
            pass
        case s.GameCreated(name=n, seed_sha256=h, die=d, rules=r):
            state.name, state.seed_sha256, state.die, state.rules = n, h, d, r
        case s.FactionDefined(faction=f):
            state.factions[f.id] = f
        case s.NationalityDefined(nationality=n):
            state.nationalities[n.id] = n
        case s.HexDefined(hex=h):
            state.hexes[h.id] = h
            if h.controller:
                state.control[h.id] = h.controller
            if h.features:
                state.features[h.id] = [
                    f if f.owner else type(f)(**{**_fields(f), "owner": h.controller}) for f in h.features]
        case s.HexsideDefined(hexside=hs):
            state.hexsides[side_key(hs.a, hs.b)] = hs
        case s.BoxDefined(box=b):
            state.boxes[b.id] = b
        case s.SupplySourceDefined(source=src):
            state.sources[src.id] = src
        case s.UnitPlaced(unit=spec):
            _place(state, spec)
        case s.RestrictionDefined(restriction=r):
            state.restrictions.append(r)
        case _:
            raise TypeError(f"board projection has no case for {type(event).__name__}")


def _fields(struct) -> dict:
    return {f: getattr(struct, f) for f in struct.__struct_fields__}
