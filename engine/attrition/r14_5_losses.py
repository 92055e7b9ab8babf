"""14.5: the defender's counter losses (14.51, 14.52 A-C, 14.521, 14.522, 14.523)."""
from __future__ import annotations

from collections import Counter
from typing import Iterable

from turnlog.events import game as g
from turnlog.events.attrition import Zone
from turnlog.projections.state import Attrition, GameState, UnitState

from ..errors import RuleViolation
from ..hexgrid import grid
from ..kit import losses as kit
from . import r14_521_winter as winter
from .common import (FORTRESS, contact_group, faction, features, held, is_combat_ground, is_ground, occupancy,
                     reading)


def supply_zones(state: GameState, proc: Attrition, zone: Zone) -> dict[str, str]:
    """Supply zones open to losses under 14.52A: supply zone -> the unlimited source that opened it.

    Worked out once per decision (``held``: the check and the most the defender could lose both ask);
    callers only read it.
    """
    return held(state, ("supply_zones", id(proc), zone.id), lambda: (proc, _supply_zones(state, proc, zone)))[1]


def _supply_zones(state: GameState, proc: Attrition, zone: Zone) -> dict[str, str]:
    attritioned = _attritioned(state, proc, zone)
    if not attritioned or any(u.prev_supply != "full" or u.oil_effect for u in attritioned):
        return {}
    traced = {u.prev_supply_source for u in attritioned if u.prev_supply_source}
    launched = {f.launched_from for h in zone.hexes for f in state.features.get(h, ())
                if f.kind == "bridgehead" and f.origin == "seaborne" and f.launched_from}
    out = {}
    for src in state.sources.values():
        if src.unlimited and src.faction == proc.defender and src.supply_zone and src.id in traced | launched:
            out[src.supply_zone] = src.id
    return out


def _attritioned(state: GameState, proc: Attrition, zone: Zone) -> list[UnitState]:
    """14.52A's "units being attritioned": those in contact, or every defending unit of the zone (an option)."""
    if state.rules.attrition.supply_route_units == "contact":
        return [state.units[u] for u in proc.contact]
    hexes, boxes = set(zone.hexes), set(zone.boxes)
    return [u for u in state.units.values() if is_combat_ground(u) and faction(state, u) == proc.defender
            and (u.hex in hexes or u.box in boxes)]


def _where_allowed(state: GameState, proc: Attrition, zone: Zone, u: UnitState,
                   opened: dict[str, str]) -> str:
    """'' if ``u`` may be taken as a loss of this attrition, else the rule that forbids it."""
    if u.eliminated or u.in_pool or faction(state, u) != proc.defender or not is_combat_ground(u):
        return "14.51"
    if u.box:
        return "" if u.box in zone.boxes else "14.52B"
    if features(state, u.hex) & FORTRESS and not reading(state, "fortress_losses"):
        return "14.23D"  # never attritioned, so never an attrition loss (see rulings)
    if u.hex in zone.hexes:
        return ""
    src = opened.get(state.hexes[u.hex].supply_zone)
    if src and u.type in ("infantry", "replacement") and u.prev_supply == "full" and u.prev_supply_source == src:
        return ""
    return "14.52A"


def candidates(state: GameState, proc: Attrition, zone: Zone) -> list[UnitState]:
    """Every unit the defender could give up for this attrition (14.52 A, B)."""
    opened = supply_zones(state, proc, zone)
    return [u for u in state.units.values() if not _where_allowed(state, proc, zone, u, opened)]


def _winter_near(state: GameState, proc: Attrition) -> set[str] | None:
    """14.521G: hexes within three by land of an attritioned Axis unit, or None when unrestricted."""
    rw = state.rules.russian_winter
    # Reading: the three-hex limit binds every Russian winter attrition, designations made or not
    # (rules.attrition.winter_distance = "designations": only one that designated hexes).
    if not winter.applies(state, proc):
        return None
    if state.rules.attrition.winter_distance == "designations" and not (proc.winter_losses or proc.winter_occupation):
        return None
    if rw.axis_nationality and state.nationalities[rw.axis_nationality].winter_prep >= 6:
        return None
    starts = {state.units[u].hex for u in proc.contact if state.units[u].hex}
    return set(grid(state).within_by_land(starts, 3))


def best_possible(state: GameState, proc: Attrition, zone: Zone) -> int:
    """The most losses the defender can take: C, less what 14.51/14.52C make impossible."""
    limit = contact_limits(state, proc)
    near = _winter_near(state, proc)
    have: Counter = Counter()
    for u in candidates(state, proc, zone):
        if u.hex in proc.winter_occupation:
            continue
        if near is not None and u.hex not in near and u.hex not in proc.winter_losses:
            continue
        have[contact_group(state, u.nationality)] += 1
    return min(proc.counters, sum(min(n, limit[k]) for k, n in have.items()))


def check(state: GameState, proc: Attrition, zone: Zone, units: list[str]) -> int:
    """Refuse a loss list that breaks 14.51, 14.52 or 14.521G, naming the rule; return the shortfall (14.51)."""
    opened = supply_zones(state, proc, zone)

    def judge(uid: str) -> kit.Candidate | None:
        if uid not in state.units:
            return None
        why = _where_allowed(state, proc, zone, state.units[uid], opened)
        return kit.Candidate(uid, why, _WHY[why].format(u=uid) if why else "")

    spec = kit.LossSpec(rule="14.51", required=proc.counters, judge=judge,
                        too_many="{taken} units offered but the result calls for {required}",
                        too_few="the defender must lose {most} units here, not {taken}")
    return int(kit.check(spec, units, most=lambda: best_possible(state, proc, zone),
                         extra=lambda _: _check_contact_and_winter(state, proc, units)))


def _check_contact_and_winter(state: GameState, proc: Attrition, units: list[str]) -> None:
    """14.52C/14.522: no more losses of a nationality than it has units in contact; then 14.521G."""
    limit = contact_limits(state, proc)
    taken = _tally(contact_group(state, state.units[u].nationality) for u in units)
    for nat, n in taken.items():
        if n > limit[nat]:
            raise RuleViolation(limit_rule(state, nat),
                                f"{n} {nat} units offered but only {limit[nat]} {nat} units are in contact")
    _check_winter(state, proc, units)


def _check_winter(state: GameState, proc: Attrition, units: list[str]) -> None:
    if not winter.applies(state, proc):
        return
    hexes = Counter(state.units[u].hex for u in units)
    for h in proc.winter_losses:
        if not hexes[h] and any(is_combat_ground(u) and faction(state, u) == proc.defender
                                for u in occupancy(state).get(h, ())):
            raise RuleViolation("14.521G", f"hex {h} was designated for losses: one unit there must be lost")
    near = _winter_near(state, proc)
    for u in units:
        h = state.units[u].hex
        if h in proc.winter_occupation:
            raise RuleViolation("14.521G", f"{u} is in {h}, designated for occupation: losses may not come from it")
        if near is not None and h not in near and h not in proc.winter_losses:
            raise RuleViolation("14.521G", f"{u} is more than three hexes by land from every attritioned unit")


_WHY = {
    "14.51": "{u} is not a defending ground unit that can be lost",
    "14.52A": "{u} is neither in the attrition zone nor in a supply zone 14.52A opens to losses",
    "14.52B": "{u} is in a box or off-board area that is not part of this attrition zone",
    "14.23D": "{u} is in a fortress or omnidirectional fortification, whose units are never attritioned",
}


def events(state: GameState, proc: Attrition, units: list[str]) -> tuple[list, list[str]]:
    """UnitEliminated for each loss, bases lost with their hex's last ground unit (14.523); and 14.62B immunity."""
    occ = occupancy(state)
    out: list = [g.UnitEliminated(unit=u, rule="14.51", procedure=proc.id, reason="attrition loss") for u in units]
    lost = set(units)
    by_hex = _tally(state.units[u].hex for u in units if state.units[u].hex)
    for h in by_hex:
        left = [u for u in occ[h] if is_ground(u) and u.id not in lost]
        if not left:
            for kind in sorted(features(state, h) & {"airbase", "rocket_base"}):
                out.append(g.FeatureRemoved(hex=h, kind=kind, rule="14.523"))
    immune = []
    if len(by_hex) == 1 and len(units) == sum(by_hex.values()):
        (h,) = by_hex
        rest = [u.factors for u in occ[h] if is_combat_ground(u) and u.id not in lost
                and faction(state, u) == proc.defender]
        # Only matters while units remain: an emptied hex is barred by 14.62A anyway.
        if rest and min(state.units[u].factors for u in units) >= max(rest):
            immune.append(h)  # 14.62B
    return out, immune


def zone_cleared(state: GameState, proc: Attrition, zone: Zone, units: list[str]) -> bool:
    """14.65: no non-partisan defending ground unit is left anywhere in the zone, its attached boxes included."""
    lost, hexes, boxes = set(units), set(zone.hexes), set(zone.boxes)
    return not any(is_combat_ground(u) and faction(state, u) == proc.defender and u.id not in lost
                   and (u.hex in hexes or u.box in boxes) for u in state.units.values())


def eligible(state: GameState, proc: Attrition, zone: Zone) -> list[UnitState]:
    """The candidates that 14.521G leaves open: not in a hex designated for occupation, within reach.

    The same filter ``best_possible`` counts with, as a list (what legal() offers, engine/attrition/choices.py).
    """
    near = _winter_near(state, proc)
    return [u for u in candidates(state, proc, zone) if u.hex not in proc.winter_occupation
            and (near is None or u.hex in near or u.hex in proc.winter_losses)]


def _tally(keys: Iterable[str]) -> dict[str, int]:
    """How often each key occurs, in first-seen order, as a Counter gives it (a plain dict: made for every loss
    list, where a Counter cost a microsecond to make)."""
    out: dict[str, int] = {}
    for k in keys:
        out[k] = out.get(k, 0) + 1
    return out


def contact_limits(state: GameState, proc: Attrition) -> Counter:
    """How many units each contact group may lose: as many as it has in contact (14.52C, 14.522).

    Worked out once per decision (``held``); callers only read it.
    """
    return held(state, ("contact_limits", id(proc)), lambda: (proc, _contact_limits(state, proc)))[1]


def _contact_limits(state: GameState, proc: Attrition) -> Counter:
    return Counter(contact_group(state, state.units[u].nationality) for u in proc.contact)


def limit_rule(state: GameState, group: str) -> str:
    """The rule that caps a contact group's losses: 14.522 for a minor or distinct ally, else 14.52C."""
    n = state.nationalities[group]
    return "14.522" if n.status != "major" or n.distinct_for_attrition else "14.52C"
