"""The Attack Designation Segment (9.1.0-9.1.3): who may be designated, and which hexes must be attacked.

Openness is per unit (9.1.2's note): a unit is Open when its hex is not covering terrain (9.1.1a), or once
it is designated, by marker or by PA mode (9.1.1a's second paragraph). Duties are per pair of hexes: a
river between them, or an enemy hex wholly in Exploit mode, imposes none (9.1.1); nor does an enemy hex the
unit could not attack at all (9.1.3 wins over 9.1.1: reading A13).
"""
from __future__ import annotations

from turnlog.projections.designation import AttackDesignation
from turnlog.projections.state import GameState, UnitState

from ..errors import CommandError, RuleViolation
from . import board as b


def pa_units(state: GameState, active: str) -> list[str]:
    """9.1.0: the active side's PA units are designated by their mode (artillery and HQ never are, 9.1.3)."""
    return [u.id for u in b.side_units(state, active) if b.is_pa(u) and b.unit_class(u) not in b.NEVER_ATTACK]


def designated(proc: AttackDesignation) -> list[str]:
    """Every designated unit: by PA mode, then by Attack marker."""
    return [*proc.pa, *(u for u in proc.marked if u not in proc.pa)]


def _unit(state: GameState, proc: AttackDesignation, uid: str, i: int) -> UnitState:
    u = state.units.get(uid)
    if u is None:
        raise CommandError(f'units[{i}]: no unit "{uid}"')
    if not b.on_board(u) or not b.friendly(state, proc.active, b.faction_of(state, u)):
        raise RuleViolation("9.1.0", f"{uid} is not a unit of the active side ({proc.active}) on the map")
    return u


def _listed_once(units: list[str]) -> None:
    if not units:
        raise CommandError("units: name at least one unit")
    for i, uid in enumerate(units):
        if uid in units[:i]:
            raise CommandError(f'units[{i}]: "{uid}" is named twice')


def check_designate(state: GameState, proc: AttackDesignation, units: list[str]) -> None:
    """Refuse an Attack marker the rules do not allow (9.1.0, 9.1.2, 9.1.3)."""
    _listed_once(units)
    occ = b.by_hex(state)
    for i, uid in enumerate(units):
        u = _unit(state, proc, uid, i)
        if b.unit_class(u) in b.NEVER_ATTACK:
            raise RuleViolation("9.1.3", f"{uid} is {b.unit_class(u)}: artillery and HQ units are never designated")
        if uid in proc.pa:
            raise RuleViolation("9.1.0", f"{uid} is in PA mode: its mode already designates it")
        if uid in proc.marked:
            raise RuleViolation("9.1.0", f"{uid} already has an Attack marker")
        if not targets(state, proc.active, u, occ):
            raise RuleViolation("9.1.0", f"{uid} in {u.hex} has no adjacent enemy hex it could attack")


def check_undesignate(state: GameState, proc: AttackDesignation, units: list[str]) -> None:
    """Only a marker placed in this segment comes off; a PA unit's mode is its designation (9.1.0)."""
    _listed_once(units)
    for i, uid in enumerate(units):
        _unit(state, proc, uid, i)
        if uid in proc.pa:
            raise RuleViolation("9.1.0", f"{uid} is in PA mode: its mode designates it, no marker comes off")
        if uid not in proc.marked:
            raise RuleViolation("9.1.0", f"{uid} has no Attack marker to remove")


def targets(state: GameState, active: str, u: UnitState, occ: dict) -> list[str]:
    """Adjacent enemy-held hexes ``u`` could attack at all (9.1.3, 9.2.0)."""
    return [h for h in b.neighbours(state, u.hex)
            if b.enemy_units(state, active, h, occ) and b.attack_bar(state, u, h) is None]


def exemption(state: GameState, active: str, u: UnitState, target: str, occ: dict) -> str:
    """Why ``target`` imposes no duty on ``u`` under 9.1.1 ('' when it does)."""
    if b.river_between(state, u.hex, target):
        return "a river lies between (bridges and fords do not matter)"
    if all(m.mode.lower() == b.EXPLOIT for m in b.enemy_units(state, active, target, occ)):
        return "every enemy unit there is in Exploit mode"
    return ""


def duties(state: GameState, proc: AttackDesignation) -> tuple[dict[str, list[str]], list[str]]:
    """(required hex -> the Open units whose duty it is, undesignated Open units that must be marked).

    9.1.1 with 9.1.1a: a designated unit counts as Open wherever it stands, so the required set is read
    over the final designations in one pass (the cascade needs no iteration: a duty marks no unit by
    itself, it only refuses the end of the segment until the player has marked it).
    """
    occ = b.by_hex(state)
    chosen = set(designated(proc))
    required: dict[str, list[str]] = {}
    unmarked: list[str] = []
    for u in b.side_units(state, proc.active):
        if b.unit_class(u) in b.NEVER_ATTACK or not (u.id in chosen or not b.covering(state, u.hex)):
            continue
        owed = [h for h in targets(state, proc.active, u, occ) if not exemption(state, proc.active, u, h, occ)]
        for h in owed:
            required.setdefault(h, []).append(u.id)
        if owed and u.id not in chosen:
            unmarked.append(u.id)
    return {h: required[h] for h in sorted(required)}, unmarked


def owed_unopened(state: GameState, active: str) -> dict[str, list[str]]:
    """The duties 9.1.1 lays on ``active`` before any designation: Open units by terrain, and PA units.

    What the segment would require if it were opened now with no marker placed (an empty procedure).
    """
    return duties(state, AttackDesignation(id="", active=active, turn=state.turn.turn,
                                           pa=pa_units(state, active)))[0]


def check_end(state: GameState, proc: AttackDesignation) -> dict[str, list[str]]:
    """9.1.1: every Open unit next to a hex it must attack carries a marker; return the required hexes."""
    required, unmarked = duties(state, proc)
    if unmarked:
        why = "; ".join(f"{uid} (in Open terrain at {state.units[uid].hex}, next to "
                        f"{', '.join(h for h, us in required.items() if uid in us)})" for uid in unmarked)
        raise RuleViolation("9.1.1", f"these units must be designated to attack before the segment ends: {why}")
    return required
