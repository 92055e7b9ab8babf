"""AS-RET.1-5, AS-FAN.1-2, AS-SRR.1-2: the defenders' forced retreat, where they may go, and what it costs.

RET.1 is judged once both sides' disruption is settled (reading P18), counting units Disrupted or Broken
before the assault. Then (``due``) Fanatical units in a bunker or pillbox hex stay (FAN.2); units that
move only in Travel Mode are eliminated (SRR.1) except a towed anti-tank gun that is not immobile (SRR.2:
it loses half, retreats and goes into Travel Mode). The rest retreat one hex each, the defender choosing
per unit (reading P11), with the kit's one retreat shape (engine/kit/retreat.py). A unit with no legal hex
names '' and loses half its remaining strength as captured (RET.5, reading P13) and stays; a Fanatical one
stays with no loss (FAN.1, reading P16). The engine never advances the attackers (reading P12).
"""
from __future__ import annotations

from fractions import Fraction

import msgspec

from turnlog.events import assault as a
from turnlog.events import game as g
from turnlog.events.editions import applies
from turnlog.projections.assault import Assault
from turnlog.projections.state import GameState, UnitState

from . import rulings
from ..dice import Dice
from ..kit import retreat as kr
from ..kit.board import by_hex, enemies, faction_of, friendly, neighbours
from .allocation import reduce
from .as_atk_attackers import crossing
from .as_res2_results import random_round

FORTS = ("bunker", "pillbox")
BEATEN = ("disrupted", "broken")


def alive(state: GameState, ids: list[str], hex_: str = "") -> list[UnitState]:
    """The units still on the map (in ``hex_`` when given)."""
    return [u for u in (state.units[k] for k in ids) if u.hex and not u.eliminated and (not hex_ or u.hex == hex_)]


def forced(state: GameState, proc: Assault) -> bool:
    """AS-RET.1: every defender left in the hex is Disrupted or Broken, and some attacker left is neither."""
    dfd, att = alive(state, proc.defenders, proc.hex), alive(state, proc.units)
    beaten = lambda u: any(m in u.markers for m in BEATEN)  # noqa: E731
    return bool(dfd) and all(beaten(u) for u in dfd) and any(not beaten(u) for u in att)


def fanatical(state: GameState, u: UnitState) -> bool:
    return state.nationalities[u.nationality].fanatical


def flag(u: UnitState, name: str) -> bool:
    return bool(u.ratings.get(name, 0))


def towed_at_gun(u: UnitState) -> bool:
    """AS-SRR.2's exception: a towed (travel-only) anti-tank gun that is not immobile."""
    return flag(u, "travel_only") and flag(u, "at_gun") and not flag(u, "immobile")


def due(state: GameState, proc: Assault) -> list:
    """The retreat RET.1 forces: who stays (FAN.2), who is eliminated (SRR.1), who must move."""
    fort = any(f.kind in FORTS for f in state.features.get(proc.hex, []))
    stay, gone, move = [], [], []
    for u in alive(state, proc.defenders, proc.hex):
        if fort and fanatical(state, u):
            stay.append(u.id)
        elif flag(u, "travel_only") and not towed_at_gun(u):
            gone.append(u.id)
        else:
            move.append(u.id)
    out: list = [a.AssaultRetreatForced(procedure=proc.id, units=move, stay=stay, eliminated=gone)]
    out += [g.UnitEliminated(unit=k, rule="AS-SRR.1", procedure=proc.id, reason="forced to retreat, it can move "
                             "only in Travel Mode") for k in gone]
    return out


def zoc(state: GameState, u: UnitState, hex_: str, occ: dict) -> bool:
    """Reading (docs/rulings.md): a hex next to a unit of the retreating unit's enemies is in their ZoC."""
    me = faction_of(state, u)
    return any(enemies(state, me, faction_of(state, o)) for n in neighbours(state, hex_) for o in occ.get(n, []))


def forbidden(state: GameState, u: UnitState, to: str) -> kr.Bar | None:
    """RET.2-4 (and reading P11: one hex) for one unit's destination."""
    occ = by_hex(state)
    me = faction_of(state, u)
    if to not in state.hexes or to not in neighbours(state, u.hex):
        return "AS-RET.3", f"{u.id} retreats one hex, into a hex next to {u.hex}; {to} is not (reading P11)"
    # A towed anti-tank gun goes into Travel Mode to retreat (AS-SRR.2), so it moves as one that travels;
    # before edition 3 a retreat was not asked for Travel Mode at all (docs/rulings.md).
    travel = u.mode.lower() == "travel" or towed_at_gun(u) \
        or not applies(state, rulings.RETREAT_TRAVEL)
    bar = crossing(state, u, u.hex, to, travel)
    if bar is not None:
        return "AS-RET.3", f"{bar[1]} ({bar[0]}), so it cannot retreat there"
    if any(enemies(state, me, faction_of(state, o)) for o in occ.get(to, [])):
        return "AS-RET.3", f"{to} holds enemy units"
    if any(f.kind == "minefield" for f in state.features.get(to, [])):
        return "AS-RET.4", f"{to} holds a minefield"
    held = any(friendly(state, me, faction_of(state, o)) for o in occ.get(to, []))
    if not held and zoc(state, u, to, occ):
        return "AS-RET.2", f"{to} is in an enemy Zone of Control and no friendly unit holds it"
    return None


def open_hexes(state: GameState, u: UnitState) -> list[str]:
    """Where ``u`` may retreat now."""
    return sorted(h for h in neighbours(state, u.hex) if forbidden(state, u, h) is None)


def spec(state: GameState, proc: Assault) -> kr.RetreatSpec:
    def prefer(_board: GameState, u: UnitState, to: str) -> kr.Bar | None:
        free = open_hexes(state, u) if not to else []
        if free:
            return "AS-RET.5", f"{u.id} has a legal retreat ({', '.join(free)}); only a unit with none stays"
        return None
    return kr.RetreatSpec(rule="AS-RET.1", must=frozenset(proc.retreating), forbidden=forbidden, prefer=prefer,
                          wrong_units="every unit forced to retreat is listed once; missing {missing}, "
                          "not forced {extra}")


def half(dice: Dice, proc: Assault, u: UnitState, strength: int, slot: str, rule: str,
         captured: bool = False) -> tuple[int, list]:
    """Reading P13: half the strength left, randomly rounded; (what is left, the events)."""
    n, rolls = random_round(dice, proc.id, f"{slot}/{u.id}", Fraction(strength, 2), rule)
    lost = reduce(proc.id, msgspec.structs.replace(u, strength=strength), n, rule, captured)
    return strength - min(n, strength), rolls + lost


def events(state: GameState, dice: Dice, proc: Assault, moves: list[kr.Move]) -> list:
    """Every move's events, judged on the board as it stood before any unit moved."""
    out: list = []
    for uid, to in moves:
        u = state.units[uid]
        left = u.strength
        if towed_at_gun(u):
            left, evs = half(dice, proc, u, left, "srr", "AS-SRR.2")
            out += evs
        if to and left > 0:
            out.append(g.UnitRetreated(unit=uid, from_hex=u.hex, to_hex=to, rule="AS-RET.1", procedure=proc.id))
            if towed_at_gun(u) and u.mode.lower() != "travel":
                out.append(a.UnitModeChanged(procedure=proc.id, unit=uid, mode="travel", rule="AS-SRR.2"))
        elif not to and left > 0 and not fanatical(state, u):
            out += half(dice, proc, u, left, "captured", "AS-RET.5", captured=True)[1]
    return out
