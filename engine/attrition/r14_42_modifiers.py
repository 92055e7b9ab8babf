"""14.4: the attrition die roll's modifiers (14.42 A-C), limits (14.43) and the table read."""
from __future__ import annotations

from collections import defaultdict
from typing import Callable, Iterable

from turnlog.events.attrition import Zone
from turnlog.events.base import Modifier
from turnlog.projections.state import GameState, UnitState

from ..kit.modifiers import total
from . import r14_41_table as table
from .common import effective_ctl


def _level_of_largest(units: Iterable[UnitState], level: Callable[[UnitState], int]) -> tuple[int, int]:
    """(level, factors) of the group holding the most factors; ties go to the lower level (14.42B, C)."""
    by: dict[int, int] = defaultdict(int)
    for u in units:
        by[level(u)] += u.factors
    if not by:
        return 0, 0
    best = max(by.values())
    lvl = min(k for k, v in by.items() if v == best)
    return lvl, best


def factors_modifier(factors: int) -> Modifier | None:
    """14.42A: +1 for each full ten factors beyond 61 (71-80 +1, 81-90 +2, ...)."""
    value = max(0, (factors - 61) // 10)
    return Modifier(value=value, rule="14.42A", reason=f"{factors} factors") if value else None


def ctl_modifier(state: GameState, attackers: list[UnitState], defenders: list[UnitState]) -> Modifier:
    """14.42B: difference of the CTLs of each side's largest factor group."""
    a, af = _level_of_largest(attackers, lambda u: effective_ctl(state, u))
    d, df = _level_of_largest(defenders, lambda u: effective_ctl(state, u))
    return Modifier(value=a - d, rule="14.42B",
                    reason=f"attacker CTL {a} ({af} factors) vs defender CTL {d} ({df} factors)")


def winter_level(state: GameState, zone: Zone) -> int:
    w = state.turn.weather.get(zone.weather_zone)
    return w.winter_level if w else 0


def winter_modifier(state: GameState, zone: Zone, attackers: list[UnitState],
                    defenders: list[UnitState]) -> Modifier | None:
    """14.42C: winter preparation difference, each capped at the defending area's winter level."""
    cap = winter_level(state, zone)
    if cap <= 0:
        return None
    prep = lambda u: min(state.nationalities[u.nationality].winter_prep, cap)  # noqa: E731
    a, _ = _level_of_largest(attackers, prep)
    d, _ = _level_of_largest(defenders, prep)
    return Modifier(value=a - d, rule="14.42C",
                    reason=f"winter preparation {a} vs {d} (capped at winter level {cap} of {zone.weather_zone})")


def resolve(state: GameState, zone: Zone, factors: int, attackers: list[UnitState], defenders: list[UnitState],
            die: int) -> tuple[list[Modifier], int, int, int, int, list[str]]:
    """Modifiers, modified roll, table row, counters, hexes and notes for one roll."""
    mods = [m for m in (factors_modifier(factors), ctl_modifier(state, attackers, defenders),
                        winter_modifier(state, zone, attackers, defenders)) if m is not None]
    notes = []
    if winter_level(state, zone) <= 0:
        notes.append(f"14.42C: no winter effects in {zone.weather_zone or 'this area'}, no winter modifier")
    modified = die + total(mods)  # 14.42's modifiers all add to the die
    row = table.clamp(modified)
    if row != modified:
        notes.append(f"14.43: modified roll {modified} read as {row if row < 11 else '11+'}")
    counters, hexes = table.TABLE[row][table.column(factors)]
    if hexes and state.hexes[zone.hexes[0]].mapboard == "pacific":
        notes.append(f"14.41: Pacific mapboard, {hexes}H halved to {hexes // 2}H")
        hexes //= 2
    return mods, modified, row, counters, hexes, notes
