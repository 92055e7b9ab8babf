"""Who a ground assault's result reaches (9.2.0, 9.2.2, 9.2.3), and the end of the segment (9.1.1 Q&A).

The result itself belongs to rules 10-11, which are not in the text: the host reports it (a label, the
units eliminated and the retreats) and this module checks that each unit it names is one the result may
reach, then writes the board's events.
"""
from __future__ import annotations

from turnlog.events import designation as d
from turnlog.events.game import UnitEliminated, UnitRetreated
from turnlog.projections.designation import Assault, AttackDesignation
from turnlog.projections.state import GameState
from turnlog.events.editions import applies

from . import rulings
from ..errors import CommandError, RuleViolation
from . import board as b
from .r9_2_ground_assault import able_units, lapse, unattacked


def affected(state: GameState, proc: AttackDesignation, g: Assault) -> dict[str, str]:
    """unit -> the rule that puts it under the result of ``g``.

    Every unit now in a defending hex (9.2.0; those that retreated in add nothing but are reached, 9.2.3);
    the attackers; an active unit outside the assault only if it retreated this phase into an attacking hex
    (9.2.2).
    """
    occ = b.by_hex(state)
    out: dict[str, str] = {}
    for h in g.hexes:
        for u in b.enemy_units(state, proc.active, h, occ):
            out[u.id] = "9.2.3" if u.id in g.retreated_in else "9.2.0"
    origins = set()
    for uid in g.attackers:
        u = state.units[uid]
        if b.on_board(u):
            out[uid] = "9.2.2"
            origins.add(u.hex)
    for u in b.side_units(state, proc.active):
        if u.id not in out and u.hex in origins and proc.retreated_into.get(u.id) == u.hex:
            out[u.id] = "9.2.2"
    return out


def report(state: GameState, proc: AttackDesignation, assault: str, result: str,
           eliminated: list[str], retreats: list) -> list:
    """Check the host's result of ``assault`` and return its events."""
    g = proc.assaults.get(assault)
    if g is None:
        raise CommandError(f'assault: no ground assault "{assault}" in {proc.id} '
                           f'(declared: {", ".join(proc.assaults) or "none"})')
    if g.result is not None:
        raise RuleViolation("9.2.3", f"{assault}'s result was already reported: an assault is resolved once")
    reach = affected(state, proc, g)
    moves = {}
    for i, uid in enumerate(eliminated):
        if uid in eliminated[:i] and applies(state, rulings.NAMED_ONCE):  # edition 2 wrote it twice
            raise CommandError(f'eliminated[{i}]: "{uid}" is named twice')
        _reached(state, proc, reach, uid, f"eliminated[{i}]", assault)
    for i, r in enumerate(retreats):
        _reached(state, proc, reach, r.unit, f"retreats[{i}].unit", assault)
        if r.unit in eliminated or r.unit in moves:
            raise CommandError(f'retreats[{i}].unit: "{r.unit}" is already named in this result')
        if r.to not in state.hexes:
            raise CommandError(f'retreats[{i}].to: no hex "{r.to}"')
        moves[r.unit] = r.to
    out: list = [d.GroundAssaultResolved(procedure=proc.id, assault=assault, result=result, affected=sorted(reach),
                                         eliminated=list(eliminated), retreated=moves)]
    out += [UnitEliminated(unit=u, rule=reach[u], procedure=proc.id) for u in eliminated]
    out += [UnitRetreated(unit=u, from_hex=state.units[u].hex, to_hex=to, rule=reach[u], procedure=proc.id)
            for u, to in moves.items()]
    return out


def barrage_retreats(state: GameState, proc: AttackDesignation, retreats: list) -> list:
    """The barrage's retreats (12.0, the host's report): each a unit on the map, once, into a hex of the map.

    Nothing is written for none, so a report without retreats gives the events it always gave.
    """
    moves: dict[str, str] = {}
    for i, r in enumerate(retreats):
        u = state.units.get(r.unit)
        if u is None or not b.on_board(u):
            raise CommandError(f'retreats[{i}].unit: "{r.unit}" is ' + ("no unit" if u is None else "not on the map"))
        if r.unit in moves:
            raise CommandError(f'retreats[{i}].unit: "{r.unit}" is named twice')
        if r.to not in state.hexes or r.to == u.hex:
            raise CommandError(f'retreats[{i}].to: "{r.to}" is ' + ("already its hex" if r.to == u.hex else "no hex"))
        moves[r.unit] = r.to
    if not moves:
        return []
    return [d.BarrageRetreatsReported(procedure=proc.id, retreated=moves),
            *(UnitRetreated(unit=uid, from_hex=state.units[uid].hex, to_hex=to, rule="12.0", procedure=proc.id)
              for uid, to in moves.items())]


def _reached(state: GameState, proc: AttackDesignation, reach: dict[str, str], uid: str, field: str,
             assault: str) -> None:
    """Refuse a unit the result does not reach: an unknown id by its field; a defender-side unit outside the
    defending hexes under 9.2.0; an active unit outside the assault under 9.2.2."""
    if uid in reach:
        return
    u = state.units.get(uid)
    if u is None:
        raise CommandError(f'{field}: no unit "{uid}"')
    if not b.friendly(state, proc.active, b.faction_of(state, u)):
        raise RuleViolation("9.2.0", f"{field}: {uid} is not in {assault}'s defending hexes, so its result does "
                            "not reach it")
    raise RuleViolation("9.2.2", f"{field}: {uid} is not reached by {assault}'s result (only its attackers and "
                        "active units that retreated into an attacking hex this phase)")


def end(state: GameState, proc: AttackDesignation) -> d.GroundAssaultSegmentEnded:
    """Refuse the end while a required hex is unattacked and some designated unit could still attack it."""
    open_ = [g.id for g in proc.assaults.values() if g.result is None]
    if open_:
        raise RuleViolation("9.0", f"the result of {', '.join(open_)} is not yet reported")
    owed = unattacked(state, proc)
    able = {h: able_units(state, proc, h, set(proc.participated)) for h in owed}
    still = [h for h in owed if able[h]]
    if still:
        raise RuleViolation("9.1.1", "these required hexes are still enemy-held and unattacked: " + "; ".join(
            f"{h} (by {', '.join(able[h])})" for h in still))
    attacked = sorted({h for g in proc.assaults.values() for h in g.hexes})
    # The rest lapse because no designated unit is left able to attack them, and only designated units may
    # (9.1.0): 9.1.3 never is the reason here, since a hex closed to a unit laid no duty on it to begin with.
    rest = "9.1.0" if applies(state, rulings.LAPSE_UNDER_9_1_0) else "9.1.3"   # edition 2 named 9.1.3
    lapsed = {h: lapse(state, proc, h) or rest for h in proc.required if h not in attacked}
    cleared = [u for u in proc.marked if "attack" in state.units[u].markers]
    return d.GroundAssaultSegmentEnded(procedure=proc.id, attacked=attacked, lapsed=lapsed, cleared=cleared)
