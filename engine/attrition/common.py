"""Board questions every part of rule 14 asks: who is whose enemy, what stands where."""
from __future__ import annotations

from collections import defaultdict

from turnlog.events.editions import applies
from turnlog.projections.state import GameState, UnitState

from .rulings import SECOND_READING, TERRAIN_WORDS
from ..kit.board import enemies, held, side  # noqa: F401  (attrition's modules read them from here)

NOT_GROUND = frozenset({"air", "naval", "flak"})
NEVER_COUNT = frozenset({"partisan", "replacement", "flak", "air", "naval"})  # 14.23F
AIRDROP_TYPES = frozenset({"airborne", "chindit"})
# 14.62D's terrain (the rough kinds, jungle, frozen swamps) is engine/terrain.py's default table.
NO_OCCUPY_FEATURES = frozenset({"capital", "objective", "ic", "fortress", "fortification", "railhead"})  # 14.62C
LINE_FORTS = frozenset({"maginot", "west_wall"})
FORTRESS = frozenset({"fortress", "fortification"})  # omnidirectional: never attritioned (14.23D note)
NO_RETREAT_FEATURES = frozenset({"airbase", "rocket_base", "bridgehead", "port", "railhead", "ic",
                                 "fortification", "fortress"})  # 14.72A


#: What a reading left open in the scenario means in each rulings edition (events/setup.py EDITION):
#: edition 1 is how games were played before the rule-14 second reading, so their logs re-execute as played.
_BY_EDITION = {
    1: {"two_counters": "final", "fortress_losses": True, "partisans_retreat": True, "winter_allowance": "preparation"},
    2: {"two_counters": "table", "fortress_losses": False, "partisans_retreat": False, "winter_allowance": "capped"},
}


def reading(state: GameState, name: str):
    """The game's reading ``name`` of rule 14: as its scenario set it, else its rulings edition's."""
    value = getattr(state.rules.attrition, name)
    return value if value is not None else _BY_EDITION[min(state.rules.era, max(_BY_EDITION))][name]


def second_reading(state: GameState) -> bool:
    """Whether the game was created under the rule-14 second reading (edition 2).

    Corrections without a scenario option (14.521A adjacency, 14.74, 14.77, the 14.22A/14.11 hold on an
    open attrition) apply from edition 2 on; older logs re-execute as they were played.
    """
    return applies(state, SECOND_READING)


def faction(state: GameState, unit: UnitState) -> str:
    return state.nationalities[unit.nationality].faction


def is_ground(unit: UnitState) -> bool:
    return unit.type not in NOT_GROUND


def is_combat_ground(unit: UnitState) -> bool:
    """A non-partisan ground unit: what attrition is counted against (14.22, 14.23E)."""
    return unit.type not in NOT_GROUND and unit.type != "partisan"


def occupancy(state: GameState) -> dict[str, list[UnitState]]:
    """Units on the map by hex (eliminated and boxed units are not on the map); read it, never change it.

    Worked out once per decision (``held``: the rules ask it many times while the state stands still).
    """
    return held(state, "occupancy", lambda: _occupancy(state))


def _occupancy(state: GameState) -> dict[str, list[UnitState]]:
    out: dict[str, list[UnitState]] = defaultdict(list)
    for u in state.units.values():
        if u.hex:
            out[u.hex].append(u)
    return out


def words(state: GameState) -> bool:
    """Whether the game reads terrain words without the scenario restating them (``terrain_words``)."""
    return applies(state, TERRAIN_WORDS)


def kind(state: GameState, feature) -> str:
    """The feature's kind as rule 14 reads it: under ``terrain_words`` a ``fortified`` is a fortification."""
    return "fortification" if feature.kind == "fortified" and words(state) else feature.kind


def features(state: GameState, hex_: str) -> set[str]:
    return {kind(state, f) for f in state.features.get(hex_, ())}


def restricted(state: GameState, attacker_nat: str, defender_nat: str) -> bool:
    """The scenario forbids this nationality to attack that one (14.23E)."""
    for r in state.restrictions:  # a loop, not any(): asked per counted unit, most often of no restriction
        if r.attacker == attacker_nat and r.defender == defender_nat:
            return True
    return False


def contact_group(state: GameState, nat: str) -> str:
    """The nationality whose contact count limits losses (14.52C, 14.522)."""
    n = state.nationalities[nat]
    seen = set()
    while n.major and not n.distinct_for_attrition and n.status == "major" and n.id not in seen:
        seen.add(n.id)
        n = state.nationalities[n.major]
    return n.id


def effective_ctl(state: GameState, unit: UnitState) -> int:
    """CTL with the supply penalty (30.522A as configured in the scenario's rules)."""
    ctl = state.nationalities[unit.nationality].ctl
    if unit.supply == "partial":
        ctl -= state.rules.partial_supply_ctl_penalty
    elif unit.supply == "none":
        ctl -= state.rules.unsupplied_ctl_penalty
    return max(0, ctl)


def stacking_limit(state: GameState, hex_: str) -> int:
    return state.hexes[hex_].stacking_limit or state.rules.stacking_limit
