"""The Ground Assault Segment's declarations (9.2.0-9.2.4) and what a required hex needs (9.1.1's Q&A).

The text leaves the resolution to rules 10-11: an assault is declared here (who attacks which hexes, who
defends, the defender's terrain) and its result is the host's report (r9_2_results.py).
"""
from __future__ import annotations

from typing import Iterable

from turnlog.events import designation as d
from turnlog.projections.designation import AttackDesignation
from turnlog.projections.state import GameState, UnitState
from turnlog.events.editions import applies

from . import rulings
from ..errors import CommandError, RuleViolation
from . import board as b
from .r9_1_designation import designated

#: 9.2.4: what each adjacent hex may send into a constricted hex.
CONSTRICTED_UNITS, CONSTRICTED_BATTALIONS = 2, 1


def _names(values: list[str], field: str, known) -> None:
    if not values:
        raise CommandError(f"{field}: name at least one")
    for i, v in enumerate(values):
        if v not in known:
            raise CommandError(f'{field}[{i}]: no {"unit" if field == "attackers" else "hex"} "{v}"')
        if v in values[:i]:
            raise CommandError(f'{field}[{i}]: "{v}" is named twice')


def _attacker(state: GameState, proc: AttackDesignation, uid: str) -> UnitState:
    u = state.units[uid]
    if not b.on_board(u) or not b.friendly(state, proc.active, b.faction_of(state, u)):
        raise RuleViolation("9.2.0",
                            f"{uid} is not a unit of the active side ({proc.active}) on the map")
    if b.unit_class(u) in b.NEVER_ATTACK:
        raise RuleViolation("9.1.3",
                            f"{uid} is {b.unit_class(u)}: artillery and HQ units never attack")
    if uid not in designated(proc):
        raise RuleViolation("9.1.0",
                            f"{uid} was not designated (no Attack marker, not in PA mode), "
                            "so it may not attack in this segment")
    if uid in proc.participated:
        raise RuleViolation("9.2.3",
                            f"{uid} has already taken part in a ground assault this segment")
    return u


def _target(state: GameState, proc: AttackDesignation, hex_: str, occ: dict) -> list[UnitState]:
    units = b.enemy_units(state, proc.active, hex_, occ)
    if not units:
        raise RuleViolation("9.2.0", f"{hex_} holds no enemy unit to attack")
    if all(u.id in proc.participated for u in units):
        raise RuleViolation("9.2.3", f"every unit in {hex_} has already taken part in a ground "
                                     "assault this segment")
    return units


def _origins(state: GameState, attackers: list[UnitState], hexes: list[str]) -> None:
    """9.2.0/9.2.1: every attacker reaches every target; several origin hexes need every attacker in PA.

    Each refusal names the clause whose condition the unit fails: adjacency to every defending hex of a
    multi-hex assault is 9.2.1's; a hexside the terrain closes is 9.2.0's, one hex or several; a class
    or terrain barred in movement is 9.1.3's.
    """
    for u in attackers:
        for h in hexes:
            bar = b.attack_bar(state, u, h)
            if bar is None:
                continue
            rule, why = bar
            if len(hexes) > 1 and h not in b.neighbours(state, u.hex):
                raise RuleViolation("9.2.1", f"{why} (every attacker must be adjacent to every "
                                             "defending hex)")
            raise RuleViolation(rule, why)
    if len({u.hex for u in attackers}) > 1:
        not_pa = [u.id for u in attackers if not b.is_pa(u)]
        if not_pa:
            raise RuleViolation("9.2.1", "units from several hexes attack together only if all "
                                f"are in PA mode (not PA: {', '.join(not_pa)})")


def _constricted(state: GameState, attackers: list[UnitState], hexes: list[str]) -> bool:
    """9.2.4 (reading A7): one constricted target caps every attacking hex for the whole assault."""
    tight = [h for h in hexes if b.constricted(state, h)]
    if not tight:
        return False
    for origin in sorted({u.hex for u in attackers}):
        here = [u for u in attackers if u.hex == origin]
        bns = [u.id for u in here if u.size.lower() == b.BATTALION]
        if len(here) > CONSTRICTED_UNITS or len(bns) > CONSTRICTED_BATTALIONS:
            raise RuleViolation("9.2.4", f"{', '.join(tight)} is constricted: each neighbouring "
                                f"hex sends it no more than {CONSTRICTED_UNITS} units, of which "
                                f"{CONSTRICTED_BATTALIONS} battalion at most ({origin} sends "
                                f"{len(here)} units, {len(bns)} battalions)")
    return True


def unattacked(state: GameState, proc: AttackDesignation, also: Iterable[str] = ()) -> list[str]:
    """Required hexes not yet attacked (nor in ``also``) that have not lapsed (see ``lapse``)."""
    done = {h for g in proc.assaults.values() for h in g.hexes} | set(also)
    return [h for h in proc.required if h not in done and not lapse(state, proc, h)]


def lapse(state: GameState, proc: AttackDesignation, hex_: str) -> str:
    """The rule under which a required hex no longer needs attacking ('' while it does; docs/rulings.md 9.1.1)."""
    units = b.enemy_units(state, proc.active, hex_)
    if not units:
        return "9.1.1"   # emptied or taken during the phase: nothing left to attack (reading A5)
    if all(u.id in proc.participated for u in units):
        return "9.2.3"   # its units have all fought this segment: it cannot be attacked again
    if proc.arty_shift_option and hex_ in proc.shifted:
        return "9.1.1-QA"  # the optional rule: an artillery-shifted hex may be ignored
    return ""


def able_units(state: GameState, proc: AttackDesignation, hex_: str, used: set[str]) -> list[str]:
    """Designated units not yet used that could still attack ``hex_``."""
    return [uid for uid in designated(proc) if uid not in used and b.on_board(state.units[uid])
            and b.attack_bar(state, state.units[uid], hex_) is None]


def _stranding(state: GameState, proc: AttackDesignation, attackers: list[str],
               hexes: list[str]) -> None:
    """9.1.1 Q&A (reading A4): refuse an assault that leaves a required hex no designated unit to attack it."""
    used, before = set(proc.participated) | set(attackers), set(proc.participated)
    # Only the hexes this assault strands: one that had lost its attackers already is the end's to
    # judge.
    left = [h for h in unattacked(state, proc, hexes)
            if not able_units(state, proc, h, used) and able_units(state, proc, h, before)]
    if left:
        raise RuleViolation("9.1.1", f"{', '.join(left)} must still be attacked, and this assault "
                            "would use the last designated units able to attack "
                            f"{'it' if len(left) == 1 else 'them'}")


def declare(state: GameState, proc: AttackDesignation, attackers: list[str],
            hexes: list[str]) -> d.GroundAssaultDeclared:
    """Check one ground assault (9.1.0, 9.1.3, 9.2.0-9.2.4, 9.1.1 Q&A) and return its event."""
    waiting = [g.id for g in proc.assaults.values() if g.result is None]
    # 9.1.0: targets are named as each attack's resolution begins, so one attack at a time
    if waiting:
        raise RuleViolation("9.1.0", f"{waiting[0]} awaits its result; report it before declaring "
                                     "the next assault")
    _names(attackers, "attackers", state.units)
    _names(hexes, "hexes", state.hexes)
    units = [_attacker(state, proc, uid) for uid in attackers]
    occ = b.by_hex(state)
    defending = [u for h in hexes for u in _target(state, proc, h, occ)]
    _origins(state, units, hexes)
    tight = _constricted(state, units, hexes)
    _stranding(state, proc, attackers, hexes)
    came_in = [u.id for u in defending if u.id in proc.retreated_into or u.id in proc.participated]
    best = max(hexes, key=lambda h: b.defence_rank(state, h))   # max keeps the first of equals
    return d.GroundAssaultDeclared(procedure=proc.id, assault=f"G{len(proc.assaults) + 1}",
                                   attackers=list(attackers), hexes=list(hexes),
                                   defenders=[u.id for u in defending if u.id not in came_in],
                                   retreated_in=came_in, terrain=state.hexes[best].terrain,
                                   constricted=tight,
                                   terrain_hex=best if len(hexes) > 1
                                   and applies(state, rulings.TERRAIN_HEX) else "")
