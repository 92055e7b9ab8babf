"""Board questions rule 9 asks: sides, units of a hex, modes, classes, covering terrain, rivers, reach.

Every answer is read from the scenario's vocabulary (docs/scenario.md): unit ``mode``, ``size``,
``unit_class``, the terrain-type table's ``war`` entry and ``prohibited_classes``, hex features and
hexside rivers. Nothing here is WaR map or counter data.
"""
from __future__ import annotations

from turnlog.projections.state import GameState, UnitState
from turnlog.events.editions import applies

from . import rulings
from .. import terrain
from ..hexgrid import grid
from ..kit.board import (by_hex, enemies, enemy_units, faction_of, friendly, neighbours,  # noqa: F401
                         on_board, side_units, unit_class)

#: 9.1.1a's covering kinds: a hex feature of one of them, or a terrain type of that id, covers (besides any
#: type the terrain table marks ``war.covering``).
COVERING_KINDS = frozenset({"location", "village", "town", "city", "woods", "forest", "fieldworks",
                            "fortification"})
#: 9.1.3: unit classes that never attack (read from ``unit_class``, else ``type``).
NEVER_ATTACK = frozenset({"artillery", "hq"})
PA, EXPLOIT, BATTALION = "pa", "exploit", "battalion"


def is_pa(u: UnitState) -> bool:
    return u.mode.lower() == PA


def terrain_of(state: GameState, hex_: str):
    """The terrain type of ``hex_`` as this game reads it (engine/terrain.py; ``terrain_words``)."""
    return terrain.of_hex(state, hex_, words=rulings.words(state))


def covering(state: GameState, hex_: str) -> bool:
    """9.1.1a: the hex holds covering terrain: its type is ``war.covering`` or named for a covering kind
    (before edition 3 only the flag counted), or a feature is.

    Under ``terrain_words`` the kinds are engine/terrain.py's COVERING, where a fortress or fortified
    feature is a fortification; before it, this module's COVERING_KINDS.
    """
    kinds = terrain.COVERING if rulings.words(state) else COVERING_KINDS
    t = terrain_of(state, hex_)
    if t.war.covering or (t.id.lower() in kinds and applies(state, rulings.COVERING_KINDS)):
        return True
    return any(f.kind.lower() in kinds for f in state.features.get(hex_, []))


def constricted(state: GameState, hex_: str) -> bool:
    """9.2.4: the hex's terrain type is constricted."""
    return terrain_of(state, hex_).war.constricted


def river_between(state: GameState, a: str, b: str) -> bool:
    """9.1.1: a river of any class on the hexside; a bridge or a ford does not change that (reading A11)."""
    return grid(state).side(a, b).river


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
    t = terrain_of(state, target)
    if cls in {c.lower() for c in t.prohibited_classes}:
        return "9.1.3", f"{target}'s terrain ({t.id}) is closed to {cls} units in movement, so {u.id} may not attack it"
    return None


def defence_rank(state: GameState, hex_: str) -> tuple[int, int]:
    """How well a hex's terrain serves a defender (9.2.1): the type's ``war.defence``, then covering."""
    return terrain_of(state, hex_).war.defence, int(covering(state, hex_))
