"""Board questions rule 9 asks: sides, units of a hex, modes, classes, covering terrain, rivers, reach.

Every answer is read from the scenario's vocabulary (docs/scenario.md): unit ``mode``, ``size``,
``unit_class``, the terrain-type table's ``war`` entry and ``prohibited_classes``, hex features and
hexside rivers. Nothing here is WaR map or counter data.
"""
from __future__ import annotations

from collections import defaultdict

from turnlog.projections.state import GameState, UnitState

from .. import terrain
from ..hexgrid import grid

#: 9.1.1a's covering kinds, as hex features (the terrain kinds are the terrain table's ``war.covering``).
COVERING_FEATURES = frozenset({"location", "village", "town", "city", "woods", "forest", "fieldworks",
                               "fortification"})
#: 9.1.3: unit classes that never attack (read from ``unit_class``, else ``type``).
NEVER_ATTACK = frozenset({"artillery", "hq"})
PA, EXPLOIT, BATTALION = "pa", "exploit", "battalion"


def faction_of(state: GameState, u: UnitState) -> str:
    return state.nationalities[u.nationality].faction


def _side(state: GameState, f: str) -> str:
    return state.factions[f].side if f in state.factions else ""


def enemies(state: GameState, a: str, b: str) -> bool:
    """Factions of opposite sides are enemies; a unit of no faction (a neutral minor) is nobody's enemy."""
    return bool(a and b) and _side(state, a) != _side(state, b)


def friendly(state: GameState, a: str, b: str) -> bool:
    """Factions of the same side; a unit of no faction is nobody's friend either."""
    return bool(a and b) and _side(state, a) == _side(state, b)


def unit_class(u: UnitState) -> str:
    return (u.unit_class or u.type).lower()


def is_pa(u: UnitState) -> bool:
    return u.mode.lower() == PA


def on_board(u: UnitState) -> bool:
    return bool(u.hex) and not u.eliminated


def by_hex(state: GameState) -> dict[str, list[UnitState]]:
    """Units on the map, by hex, in id order."""
    out: dict[str, list[UnitState]] = defaultdict(list)
    for uid in sorted(state.units):
        u = state.units[uid]
        if on_board(u):
            out[u.hex].append(u)
    return out


def side_units(state: GameState, active: str) -> list[UnitState]:
    """The active side's units on the map (its own faction and its allies)."""
    return [u for u in (state.units[k] for k in sorted(state.units))
            if on_board(u) and friendly(state, active, faction_of(state, u))]


def enemy_units(state: GameState, active: str, hex_: str, occ: dict | None = None) -> list[UnitState]:
    occ = by_hex(state) if occ is None else occ
    return [u for u in occ.get(hex_, []) if enemies(state, active, faction_of(state, u))]


def covering(state: GameState, hex_: str) -> bool:
    """9.1.1a: the hex holds covering terrain (its type's ``war.covering``, or a covering feature)."""
    if terrain.of_hex(state, hex_).war.covering:
        return True
    return any(f.kind.lower() in COVERING_FEATURES for f in state.features.get(hex_, []))


def constricted(state: GameState, hex_: str) -> bool:
    """9.2.4: the hex's terrain type is constricted."""
    return terrain.of_hex(state, hex_).war.constricted


def river_between(state: GameState, a: str, b: str) -> bool:
    """9.1.1: a river of any class on the hexside; a bridge or a ford does not change that (reading A11)."""
    return grid(state).side(a, b).river


def neighbours(state: GameState, hex_: str) -> list[str]:
    return grid(state).adj.get(hex_, [])


def attack_bar(state: GameState, u: UnitState, target: str) -> tuple[str, str] | None:
    """(rule, why) if ``u`` cannot attack ``target`` at all, else None (9.1.3, 9.2.0).

    Class first (artillery and HQ never attack), then adjacency across a side land units can cross,
    then the target's terrain closed to the unit's class in movement.
    """
    cls = unit_class(u)
    if cls in NEVER_ATTACK:
        return "9.1.3", f"{u.id} is {cls} and may not attack"
    if target not in neighbours(state, u.hex):
        return "9.2.0", f"{u.id} in {u.hex} is not adjacent to {target}"
    if not grid(state).passable(u.hex, target):
        return "9.2.0", f"{u.id} cannot attack {target} across the hexside from {u.hex}"
    t = terrain.of_hex(state, target)
    if cls in {c.lower() for c in t.prohibited_classes}:
        return "9.1.3", f"{target}'s terrain ({t.id}) is closed to {cls} units in movement, so {u.id} may not attack it"
    return None


def defence_rank(state: GameState, hex_: str) -> tuple[int, int]:
    """How well a hex's terrain serves a defender (9.2.1): the type's ``war.defence``, then covering."""
    return terrain.of_hex(state, hex_).war.defence, int(covering(state, hex_))
