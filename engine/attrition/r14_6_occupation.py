"""14.6: hexes the attacker may select for attrition occupation (14.61-14.65, 14.521C, H)."""
from __future__ import annotations

from turnlog.events.attrition import Selection, Zone
from turnlog.projections.state import Attrition, GameState

from ..errors import CommandError, RuleViolation
from ..hexgrid import grid
from ..terrain import of_hex
from .common import (LINE_FORTS, NO_OCCUPY_FEATURES, enemies, faction, features, is_combat_ground,
                     is_ground, kind, occupancy, words)


def hex_refusal(state: GameState, proc: Attrition, zone: Zone, hex_: str, *, cleared: bool = False,
                designated: bool = False) -> tuple[str, str] | None:
    """The (rule, why) that bars ``hex_`` whoever advances, or None (14.61, 14.62 A-C, D's terrain, 14.64)."""
    if hex_ not in state.hexes:
        raise CommandError(f'hex: no hex "{hex_}"')
    if hex_ not in zone.hexes:
        return "14.61", f"{hex_} is not in the attritioned zone {zone.id}"
    here = occupancy(state).get(hex_, ())
    defenders = [u for u in here if is_combat_ground(u) and faction(state, u) == proc.defender]
    others = sorted(u.id for u in here if is_ground(u) and faction(state, u) != proc.defender
                    and enemies(state, proc.attacker, faction(state, u)))
    if others:
        # Only the attritioned faction retreats (14.71); units of another enemy faction would stay (see rulings).
        return "14.64", f"{hex_} also holds {', '.join(others)}, not of {proc.defender}: no unit can advance into it"
    if not cleared and not defenders:
        return "14.62A", f"{hex_} holds no non-partisan defending ground unit"
    if not cleared and hex_ in proc.immune and not (designated or hex_ in proc.winter_losses):
        return "14.62B", f"the defender took all the losses from {hex_}, largest units first"
    feats = state.features.get(hex_, ())
    for f in feats:
        if kind(state, f) in NO_OCCUPY_FEATURES or (
                f.kind == "bridgehead" and f.origin != "seaborne"):
            return "14.62C", f"{hex_} holds a {f.kind}{' (river/crossing arrow)' if f.kind == 'bridgehead' else ''}"
    terrain = of_hex(state, hex_, frozen=_frozen(state, hex_), words=words(state))
    if terrain.attrition.bars_occupation:
        return "14.62D", f"{hex_} is {terrain.id.replace('_', '/')}"
    return None


def _frozen(state: GameState, hex_: str) -> bool:
    w = state.turn.weather.get(state.hexes[hex_].weather_zone)
    return bool(w and w.frozen_swamps)


def unit_refusal(state: GameState, proc: Attrition, hex_: str, uid: str) -> tuple[str, str] | None:
    """Whether one unit may advance into ``hex_`` (14.61, 14.62C-E, 14.64)."""
    g = grid(state)
    u = state.units.get(uid)
    if u is None:
        raise CommandError(f'units: no unit "{uid}"')
    if uid not in proc.units:
        return "14.61", f"{uid} did not take part in this attrition"
    if u.supply == "none":
        return "14.61", f"{uid} was unsupplied at initial supply determination"
    if not u.hex or hex_ not in g.adj.get(u.hex, ()):
        return "14.64", f"{uid} is not adjacent to {hex_}"
    if not g.passable(u.hex, hex_):
        return "14.64", f"{uid} cannot cross the impassable or all-water hexside into {hex_}"
    side_ = g.side(u.hex, hex_)
    if side_.fortified_by and features(state, hex_) & LINE_FORTS:
        return "14.62C", f"{uid} attritions {hex_} across a fortified hexside of a Maginot/West Wall hex"
    if side_.river or side_.crossing_arrow:
        return "14.62E", f"{uid} would enter {hex_} across a {'river' if side_.river else 'crossing arrow'}"
    terrain = of_hex(state, hex_, words=words(state))
    if terrain.attrition.jungle_only and not (
            u.type == "chindit" or state.nationalities[u.nationality].jungle_attrition):
        return "14.62D", f"only Japanese units and the Chindit may take {hex_} ({terrain.id}) by attrition"
    return None


def check(state: GameState, proc: Attrition, zone: Zone, selections: list[Selection]) -> None:
    """Refuse a selection breaking 14.6 or 14.521H; name the rule."""
    hexes = [s.hex for s in selections]
    if len(set(hexes)) != len(hexes):
        raise CommandError("selections: a hex is selected twice")
    movers = [u for s in selections for u in s.units]
    if len(set(movers)) != len(movers):
        raise RuleViolation("14.64", "a unit can advance into one hex only")
    if not proc.zone_cleared and len(hexes) > proc.hexes:
        raise RuleViolation("14.61", f"{len(hexes)} hexes selected but the result allows {proc.hexes}H")
    near = _near(state, proc) if proc.zone_cleared else set()  # 14.65 asks it of a cleared zone only
    for s in selections:
        bar = hex_refusal(state, proc, zone, s.hex, cleared=proc.zone_cleared)
        if bar:
            raise RuleViolation(*bar)
        if proc.zone_cleared and s.hex not in near:
            raise RuleViolation("14.65", f"{s.hex} is not adjacent to an attritioning unit")
        if not s.units:
            raise RuleViolation("14.64", f"at least one unit must advance into {s.hex}")
        for uid in s.units:
            bar = unit_refusal(state, proc, s.hex, uid)
            if bar:
                raise RuleViolation(*bar)
    missing = [h for h in proc.winter_occupation if h not in hexes]
    if missing:
        raise RuleViolation("14.521H", f"hexes designated for occupation must be occupied: {', '.join(missing)}")


def _near(state: GameState, proc: Attrition) -> set[str]:
    """Hexes adjacent to an attritioning unit (14.61, 14.65)."""
    g = grid(state)
    return {n for u in proc.units if state.units[u].hex for n in g.adj[state.units[u].hex]}


def eligible_hexes(state: GameState, proc: Attrition, zone: Zone) -> list[tuple[str, list[str]]]:
    """Hexes that could be selected now, each with the units that could advance into it."""
    out = []
    for h in sorted(_near(state, proc)):
        if hex_refusal(state, proc, zone, h, cleared=proc.zone_cleared):
            continue
        movers = [u for u in proc.units if not unit_refusal(state, proc, h, u)]
        if movers:
            out.append((h, movers))
    return out
