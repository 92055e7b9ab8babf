"""14.2: attrition zones (14.211, 14.212) and who counts (14.21-14.23, 14.3).

Zones are fixed at the start of the attritioning player's turn, before ground
movement, and kept for that turn (stored by AttritionZonesDetermined).
"""
from __future__ import annotations

from collections import defaultdict

from turnlog.events.attrition import Zone
from turnlog.projections.state import GameState

from ..hexgrid import grid
from .common import (AIRDROP_TYPES, FORTRESS, NEVER_COUNT, enemies, faction, features,
                     is_combat_ground, is_ground, occupancy, restricted, side)

_TURKEY_EUROPE = frozenset({"balkans", "european_turkey"})
_FAR_EAST = frozenset({"siberia", "manchuria", "mongolia", "tannu_tuva"})


def _linked(state: GameState, season: str, hexes_in: list[str]):
    """Whether two neighbouring hexes may share a zone: the seasonal splits of 14.211."""
    hexes, control, closed = state.hexes, state.control, grid(state).closed
    if state.rules.attrition.zone_contiguity == "adjacent":
        # any two neighbours are contiguous, water or impassable hexside between them
        closed = frozenset()
    # What must be equal on both sides, gathered once: the walk asks for every pair of neighbours.
    key = {h: (control.get(h), hexes[h].front, hexes[h].weather_zone) for h in hexes_in}
    if season not in ("fall", "winter"):
        return lambda a, b: key[a] == key[b] and (a, b) not in closed

    def same(a: str, b: str) -> bool:
        if key[a] != key[b] or (a, b) in closed:
            return False
        ha, hb = hexes[a], hexes[b]
        if season == "winter":
            if ha.front == "eastern" and ha.pact_side and hb.pact_side and ha.pact_side != hb.pact_side:
                return False
            ra, rb = ha.region, hb.region
            if (ra in _TURKEY_EUROPE and rb == "asiatic_turkey") or (rb in _TURKEY_EUROPE and ra == "asiatic_turkey"):
                return False
        # fall and winter both split here
        return (ha.region in _FAR_EAST) == (hb.region in _FAR_EAST)
    return same


def determine(state: GameState) -> list[Zone]:
    """Every faction's attrition zones as the board stands now (14.211, 14.212)."""
    g = grid(state)
    if state.turn.season in ("fall", "winter"):
        controlled = [h for h in state.hexes if state.control.get(h)]
        groups = g.components(controlled, _linked(state, state.turn.season, controlled))
        label = [-1] * len(g.ids)
        for i, grp in enumerate(groups):
            for h in grp:
                label[g.index[h]] = i
    else:  # _linked's plain case, walked over the grid's indices: the same groups
        pool = ((h, c) for h, c in state.control.items() if c)
        groups, label = g.zone_labels(pool, state.rules.attrition.zone_contiguity == "adjacent")

    def where(h: str) -> int | None:
        i = g.index.get(h)
        return None if i is None or label[i] < 0 else label[i]

    merged_into, airdrop = _airdrops(state, groups, where)
    boxes: dict[int, list[str]] = defaultdict(list)
    for b in state.boxes.values():
        if (at := where(b.zone_hex)) is not None:
            boxes[at].append(b.id)
    zones = []
    for i, grp in enumerate(groups):
        if i in merged_into:
            continue
        first = state.hexes[grp[0]]
        owner = state.control[grp[0]]
        zones.append(Zone(id=f"{owner}/{first.front or '-'}/{grp[0]}", faction=owner,
                          front=first.front, weather_zone=first.weather_zone,
                          hexes=sorted(grp + airdrop[i]) if airdrop[i] else grp,
                          boxes=sorted(boxes[i]), airdrop_hexes=sorted(airdrop[i])))
    return zones


def _airdrops(state: GameState, groups: list[list[str]],
              where) -> tuple[dict[int, int], dict[int, list[str]]]:
    """14.212: the groups held only by units airdropped there, merged into the zone each dropped from.

    Only a group holding an airdropped unit of its own faction can qualify, so the units are read once
    to find those (usually none) and only their hexes are looked at as a whole.
    """
    merged_into: dict[int, int] = {}
    airdrop: dict[int, list[str]] = defaultdict(list)
    maybe = sorted({i for u in state.units.values() if u.hex and u.airdropped_from
                    and u.type in AIRDROP_TYPES
                    and (i := where(u.hex)) is not None
                    and faction(state, u) == state.control[groups[i][0]]})
    occ = occupancy(state) if maybe else {}
    for i in maybe:
        grp = groups[i]
        fac = state.control[grp[0]]
        units = [u for h in grp for u in occ.get(h, ()) if is_ground(u)
                 and faction(state, u) == fac]
        if units and all(u.airdropped_from and u.type in AIRDROP_TYPES for u in units):
            origin = where(units[0].airdropped_from)
            if origin is not None and origin != i and state.control[groups[origin][0]] == fac \
                    and state.hexes[groups[origin][0]].front == state.hexes[grp[0]].front:
                merged_into[i] = origin  # 14.212: part of the zone it dropped from
                airdrop[origin] += grp
    return merged_into, airdrop


class Count:
    """The outcome of counting one attrition (14.21): who counts, who is in contact, who does not and why."""

    def __init__(self):
        self.units: list[str] = []
        self.contact: list[str] = []
        self.refused: dict[str, str] = {}
        self.factors = 0


def count(state: GameState, attacker: str, zone: Zone, exclude: frozenset[str] = frozenset(),
          occ: dict[str, list] | None = None) -> Count:
    """Attacker's eligible ground units adjacent to the zone's defending units (14.21-14.23, 14.3).

    ``occ`` is ``occupancy(state)`` when the caller counts several zones of one board.
    """
    g, out = grid(state), Count()
    occ = occupancy(state) if occ is None else occ
    defender = zone.faction
    my_side = side(state, attacker)
    contact: set[str] = set()
    # Only units next to a zone hex holding a defending unit can count: look there, not at the map.
    held = set()
    for h in zone.hexes:  # most hexes are empty: no generator made for them
        here = occ.get(h)
        if here and any(faction(state, d) == defender for d in here):
            held.add(h)
    near = {n for h in held for n in g.adj.get(h, ())}
    # sort only these
    mine = [u for n in near for u in occ.get(n, ()) if faction(state, u) == attacker]
    for u in sorted(mine, key=lambda x: x.id):
        if u.type in NEVER_COUNT:
            out.refused[u.id] = "14.23F"
            continue
        # Any defending unit makes a hex "touched", so that a unit facing only flak, air or naval
        # units is recorded as refused under 14.23E rather than silently skipped.
        # the zone's hexes holding a defending unit
        touching = [n for n in g.adj[u.hex] if n in held]
        if not touching:
            continue
        if u.id in exclude:
            out.refused[u.id] = "14.213"
            continue
        if u.offensive:
            out.refused[u.id] = "14.23A"
            continue
        if u.id in state.counted:
            out.refused[u.id] = "14.23B"
            continue
        reason, found = "", []
        for n in touching:
            if not g.passable(u.hex, n):
                reason = reason or "14.23C"
                continue
            side_ = g.side(u.hex, n)
            if side_.fortified_by and side(state, side_.fortified_by) != my_side:
                reason = reason or "14.23D"
                continue
            if features(state, n) & FORTRESS:
                reason = reason or "14.23D"
                continue
            targets = [d.id for d in occ[n] if faction(state, d) == defender and is_combat_ground(d)
                       and not (state.restrictions
                                and restricted(state, u.nationality, d.nationality))]
            if not targets:
                reason = reason or "14.23E"
                continue
            found += targets
        if found:
            out.units.append(u.id)
            out.factors += u.factors
            contact.update(found)
        else:
            out.refused[u.id] = reason
    out.contact = sorted(contact)
    return out


def zone_of(state: GameState, zone_id: str) -> Zone | None:
    return state.zones.get(zone_id)


def attackable(state: GameState, attacker: str, zone: Zone) -> bool:
    return enemies(state, attacker, zone.faction)
