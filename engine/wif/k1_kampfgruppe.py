"""World in Flames land combat: kampfgruppen (11.16.5-K1a to K2c).

A lost corps becomes a kampfgruppe (KG) and goes to its owner's repair pool instead of the force pool
when it is white print (K1a) or paid the half a division or gun left open (K1b), is not an HQ-A, HQ-I or
MIL, and three conditions hold: it was supplied, it could have retreated legally, and it is not a defender
lost to a shatter result (K1a/K1b; K1c). Supply and the retreat route are host facts of the combat
(``in_supply``, ``retreat_route`` per unit; reading W15); a unit the host gave no supply fact for
is read from the board's ``supply``, and one with no retreat fact has no route. At its owner's next
production phase every land unit leaves the repair pool for the force pool and each KG becomes a
credit (K2a, K2c; reading W17: the credit is spent or lapses in that phase). A credit builds a unit
of its own type, an INF or a MIL at half the build points and half the time, each rounded up (K2b),
from the scenario's build costs.
"""
from __future__ import annotations

from fractions import Fraction
from math import ceil

from turnlog.projections.state import GameState, UnitState

from ..errors import CommandError, RuleViolation
from .r3_casualties import is_corps, wif_class

K1A, K1B, K1C, K2A, K2B, K2C = (f"11.16.5-K{x}" for x in ("1a", "1b", "1c", "2a", "2b", "2c"))
NEVER_KG = frozenset({"HQ-A", "HQ-I", "MIL"})
WHITE_PRINT = "white_print"
#: The board's marker for a shatter result among a cell's flags (reading W16; what S does is not here).
SHATTER = "S"


def white_print(u: UnitState) -> bool:
    return WHITE_PRINT in u.markers


def supplied(combat, u: UnitState) -> bool:
    got = combat.in_supply.get(u.id)
    return got if got is not None else u.supply != "none"


def kampfgruppe_rule(state: GameState, combat, side: str, uid: str, half_payer: str) -> tuple[str, str]:
    """(clause, why) for a unit just lost: the clause that makes it a KG, or '' and why it is not one."""
    u = state.units[uid]
    if not is_corps(u):
        return "", ""
    if wif_class(u) in NEVER_KG:
        return "", f"an {wif_class(u)} never becomes a kampfgruppe ({K1A})"
    rule = K1A if white_print(u) else K1B if uid == half_payer else ""
    if not rule:
        return "", ""
    if not supplied(combat, u):
        return "", f"not in supply ({rule})"
    if not combat.retreat_route.get(uid, False):
        return "", f"no legal retreat route ({rule})"
    if side == "defender" and SHATTER in combat.flags:
        return "", f"a defender under a shatter result ({rule})"
    return rule, ""


def repair_pool(state: GameState, faction: str) -> str:
    """The id of ``faction``'s repair pool: the scenario's pool of kind repair, else ``<faction>-repair``."""
    for p in state.pools.values():
        if p.faction == faction and p.kind == "repair":
            return p.id
    return f"{faction}-repair"


def in_repair_pool(state: GameState, faction: str) -> list[str]:
    """The land units of ``faction`` in its repair pool, in id order (K2a)."""
    pool = repair_pool(state, faction)
    return sorted(u.id for u in state.units.values()
                  if u.pool == pool and not u.hex and not u.box
                  and state.nationalities[u.nationality].faction == faction)


def half_up(n: int) -> int:
    """Half of ``n``, a half rounded up (K2b)."""
    return ceil(Fraction(n, 2))


def check_build(state: GameState, credit, kind: str, costs: dict[str, tuple[int, int]],
                production_phase: str) -> tuple[int, int]:
    """Refuse a build with ``credit`` unless K2b allows it now; return its (build points, turns)."""
    if credit.spent:
        raise RuleViolation(K2B, f"kampfgruppe credit {credit.id} ({credit.unit}) was already used")
    t = state.turn
    if (t.turn, t.active, t.phase) != (credit.turn, credit.faction, production_phase):
        raise RuleViolation(K2A, f"credit {credit.id} serves only in {credit.faction}'s production phase of turn "
                            f"{credit.turn} (now: {t.active or 'no one'}'s {t.phase or 'no'} phase of turn {t.turn})")
    allowed = (credit.unit_class, "INF", "MIL")
    if kind.upper() not in allowed:
        raise RuleViolation(K2B, f"kampfgruppe {credit.id} ({credit.unit}, class "
                            f"{credit.unit_class}) helps build its own class, INF or MIL; not {kind}")
    cost = costs.get(kind.upper())
    if cost is None:
        raise CommandError(f'unit_class: the scenario gives no build cost for "{kind}" (rules.wif.build_costs)')
    return half_up(cost[0]), half_up(cost[1])
