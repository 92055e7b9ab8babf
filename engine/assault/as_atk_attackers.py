"""Who may assault, and what it costs: AS-GEN.1, AS-ATK.1-3, AS-MOVE.1, AS-COST.1-3 (reading notes §2.1).

Every fact is the scenario's vocabulary (docs/scenario.md), none of it commercial data:

* assault factor: ``ratings["assault"]``; a unit that can move only in Travel Mode (a towed gun) has
  ``ratings["travel_only"]`` non-zero (AS-ATK.2);
* status: ``markers`` ``fixed``, ``broken``, ``disrupted``, ``digging_in``, ``bridge_building``;
* ``fatigue`` holds the band (0 none, 1 Medium, 2 High, 3 Maximum: AS-UNIT.1's bands, stored on the unit
  as reading notes §2.3 allows);
* ``mode``: ``deployed``, ``travel`` or ``rail``; the movement class is ``unit_class`` (else ``type``);
* the defending hex's terrain type: ``move_cost[class]`` and ``prohibited_classes``;
* the hexside between the two hexes: ``river``, ``bridge``, ``road`` (and the grid's passability).
"""
from __future__ import annotations

from typing import Collection

from turnlog.events.editions import applies
from turnlog.projections.state import GameState, UnitState

from . import rulings
from ..errors import CommandError, RuleViolation
from ..hexgrid import grid
from ..kit.board import (by_hex, enemy_units, faction_of, friendly, neighbours, on_board, side_units,
                         unit_class)

MAX_FATIGUE = 3
#: AS-ATK.1: a status marker that bars an attacker, with the words a refusal uses.
BARRING = {"fixed": "Fixed", "broken": "Broken", "disrupted": "Disrupted",
           "digging_in": "Digging-In", "bridge_building": "building a bridge"}


def defenders(state: GameState, attacker: str, hex_: str) -> list[str]:
    """The enemy units in ``hex_`` (AS-GEN.1's defending units)."""
    return [u.id for u in enemy_units(state, attacker, hex_)]


def unplayable(state: GameState) -> str | None:
    """AS-HA0.1 (reading P19): why no assault can be played in this game, or None.

    The optional Alternate Assault rule's formula is not in the text; a game that turns it on is
    refused at the declaration, so no assault is opened that could never be resolved.
    """
    if state.rules.pzc.alternate_assault:
        return ("the optional Alternate Assault rule (rules.pzc.alternate_assault) is not in the "
                "text, so this engine cannot resolve an assault under it")
    return None


def check_target(state: GameState, attacker: str, hex_: str) -> list[str]:
    """AS-GEN.1: ``hex_`` exists and holds enemy units; returns them. AS-HA0.1: the game can play assaults."""
    why = unplayable(state)
    if why:
        raise RuleViolation("AS-HA0.1", why)
    if hex_ not in state.hexes:
        raise CommandError(f'hex: no hex "{hex_}"')
    found = defenders(state, attacker, hex_)
    if not found:
        raise RuleViolation("AS-GEN.1", f"{hex_} holds no unit of {attacker}'s enemies to assault")
    return found


def bar(state: GameState, attacker: str, u: UnitState, hex_: str) -> tuple[str, str] | None:
    """(id, why) if ``u`` may not assault ``hex_`` for ``attacker``, else None.

    Judged in text order: side and adjacency (AS-GEN.1), the unit's own state (AS-ATK.1-2), the
    hexside and terrain (AS-ATK.3, AS-MOVE.1), then its movement points (AS-COST.2-3).
    """
    if not on_board(u) or faction_of(state, u) != attacker:
        return "AS-GEN.1", f"{u.id} is not a unit of {attacker} on the map"
    if hex_ not in neighbours(state, u.hex):
        return "AS-GEN.1", f"{u.id} in {u.hex} is not adjacent to {hex_}"
    other = committed(state, u.id, hex_) if applies(state, rulings.ONE_FORMING) else None
    if other:
        return ("AS-GEN.1", f"{u.id} already assaults {other[1]} in {other[0]}, which is not "
                            "resolved yet")
    return own_bar(u) or crossing_bar(state, u, hex_) or cost_bar(state, u, hex_)


def committed(state: GameState, uid: str, hex_: str) -> tuple[str, str] | None:
    """(assault, hex) of a still-forming assault on another hex that ``uid`` has joined, else None.

    AS-GEN.1 sends a unit from its hex into one defending hex; without this, AS-COST.1's free
    assault would let one unit count its full value in two assaults at once (the cost of AS-COST.2-3
    bars it otherwise).
    """
    got = state.kinds.get("assault")
    for p in (got.procedures.values() if got is not None else ()):
        if p.phase == "forming" and p.hex != hex_ and uid in p.units:
            return p.id, p.hex
    return None


def own_bar(u: UnitState) -> tuple[str, str] | None:
    """AS-ATK.1-2: the unit's rating, status, fatigue, mode and class."""
    if u.ratings.get("assault", 0) <= 0:
        return "AS-ATK.1", f"{u.id} has no assault factor"
    for marker, words in BARRING.items():
        if marker in u.markers:
            return "AS-ATK.1", f"{u.id} is {words}"
    if u.fatigue >= MAX_FATIGUE:
        return "AS-ATK.1", f"{u.id} is at Maximum Fatigue"
    if u.mode.lower() == "rail":
        return "AS-ATK.1", f"{u.id} is in Rail Mode"
    if u.ratings.get("travel_only", 0):
        return "AS-ATK.2", f"{u.id} can move only in Travel Mode, so it never assaults"
    return None


def crossing_bar(state: GameState, u: UnitState, hex_: str) -> tuple[str, str] | None:
    """AS-ATK.3 and AS-MOVE.1: the unit could move from its hex into ``hex_`` as it stands."""
    return crossing(state, u, u.hex, hex_, u.mode.lower() == "travel")


def crossing(state: GameState, u: UnitState, from_: str, to: str,
             travel: bool) -> tuple[str, str] | None:
    """(id, why) if ``u``, in Travel Mode or not, could not move from ``from_`` into ``to``, else None.

    The movement the assault asks for (AS-ATK.3, AS-MOVE.1) and the one a retreat asks for (AS-RET.3 names
    any such bar as its own, as_ret_retreat.py): a side land units cannot cross or an unbridged river bars it; a
    bridge, or a road into terrain the unit's class may not enter, needs Travel Mode.
    """
    g = grid(state)
    side = g.side(from_, to)
    if not g.passable(from_, to):
        return "AS-ATK.3", f"no land move from {from_} into {to}"
    if side.river and not side.bridge:
        return "AS-ATK.3", f"the river between {from_} and {to} has no bridge"
    # Edition 3: any bridged side, flagged a river or not (the clause names the bridge); before,
    # only a river's.
    if (side.bridge if applies(state, rulings.BRIDGE_TRAVEL) else side.river) and not travel:
        return "AS-MOVE.1", f"{u.id} crosses the bridge into {to} only in Travel Mode"
    if unit_class(u) in rulings.terrain_of(state, to).prohibited_classes:
        if not side.road:
            return "AS-ATK.3", f"{u.id} ({unit_class(u)}) cannot move into {to}'s terrain"
        if not travel:
            return ("AS-MOVE.1", f"{u.id} ({unit_class(u)}) may take the road into {to} only in "
                                 "Travel Mode")
    return None


def entry_cost(state: GameState, u: UnitState, hex_: str) -> int:
    """The movement points ``u`` pays to enter ``hex_`` (its class's ``move_cost``; 0 when not given)."""
    return rulings.terrain_of(state, hex_).move_cost.get(unit_class(u), 0)


def free(state: GameState) -> bool:
    """AS-COST.1: under the optional Manual Defensive Fire rule an assault costs no movement at all."""
    return state.rules.pzc.manual_defensive_fire


def cost(state: GameState, u: UnitState, hex_: str) -> int:
    """AS-COST.3: the larger of 2/3 of the allowance (rounded up, reading P10) and the entry cost; 0 under
    AS-COST.1."""
    if free(state):
        return 0
    return max(-(-2 * u.movement_allowance // 3), entry_cost(state, u, hex_))


def cost_bar(state: GameState, u: UnitState, hex_: str) -> tuple[str, str] | None:
    """AS-COST.2: at least 2/3 of the allowance left (exact, reading P10); AS-COST.3: enough for the cost.
    Neither under AS-COST.1."""
    if free(state):
        return None
    if 3 * u.movement_left < 2 * u.movement_allowance:
        return "AS-COST.2", (f"{u.id} has {u.movement_left} of its {u.movement_allowance} movement "
                             "points left; an assault needs two thirds of the allowance")
    need = cost(state, u, hex_)
    if need > u.movement_left:
        return ("AS-COST.3", f"{u.id} has {u.movement_left} movement points left; assaulting "
                             f"{hex_} costs {need}")
    return None


def check_units(state: GameState, attacker: str, hex_: str, units: list[str],
                taken: Collection[str] = ()) -> None:
    """Refuse a malformed list (CommandError naming ``units[i]``) or the first unit that may not assault."""
    if not units:
        raise CommandError("units: name at least one unit")
    seen: set[str] = set()
    for i, uid in enumerate(units):
        if uid not in state.units:
            raise CommandError(f'units[{i}]: no unit "{uid}"')
        if uid in seen:
            raise CommandError(f'units[{i}]: "{uid}" is named twice')
        seen.add(uid)
        if uid in taken:
            raise RuleViolation("AS-GEN.2", f"{uid} is already in this assault")
        why = bar(state, attacker, state.units[uid], hex_)
        if why is not None:
            raise RuleViolation(*why)


def able(state: GameState, attacker: str, hex_: str, taken: Collection[str] = (),
         occ: dict[str, list[UnitState]] | None = None) -> list[str]:
    """The units that may join an assault on ``hex_`` now: the same checks, one unit at a time.

    ``occ``: a ``by_hex`` already made, so that asking for every target reads only the units next to
    each (legal() asks once per hex an assault may target: the units times the targets otherwise).
    """
    near = set(neighbours(state, hex_))
    if occ is None:
        here = side_units(state, attacker)
    else:
        here = sorted((u for h in near for u in occ.get(h, ())
                       if friendly(state, attacker, faction_of(state, u))), key=lambda u: u.id)
    return [u.id for u in here if u.hex in near and u.id not in taken
            and bar(state, attacker, u, hex_) is None]


def targets(state: GameState, attacker: str) -> list[str]:
    """Hexes holding enemy units next to at least one of ``attacker``'s units (candidates for AS-GEN.1); none
    when AS-HA0.1 bars every assault."""
    if unplayable(state):
        return []
    occ = by_hex(state)
    own = {u.hex for u in side_units(state, attacker) if faction_of(state, u) == attacker}
    return sorted(h for h in occ if enemy_units(state, attacker, h, occ)
                  and any(n in own for n in neighbours(state, h)))
