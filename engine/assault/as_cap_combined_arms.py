"""The combined-arms penalty: AS-CAP.1-5; readings P6 (the per-hex test), P7 (which vehicles), P8 (who counts).

Infantry and vehicles are counted as facts.py says. Per attacking hex holding vehicles, the supporting
infantry is the hex's infantry up to 10 per vehicle (AS-CAP.3). A hex "passes" when its infantry reaches
10 per vehicle (``rules.pzc.cap_support = "at_least"``, P6) or exceeds it (``"exceeds"``, the literal
text). The penalised vehicles, one per 10 defending infantry or part beyond the support (AS-CAP.5), are
shared over the failing hexes' vehicle units in proportion to their vehicles, largest remainders first,
ties to the earlier unit (P7: deterministic, no choice); each such unit gets
``x(2n - k)/2n`` (k of its n vehicles at half strength).
"""
from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from turnlog.events.base import Modifier
from turnlog.projections.state import GameState, UnitState

from . import rulings
from .facts import infantry, vehicles


def _hexes(attackers: list[UnitState]) -> dict[str, tuple[int, int]]:
    """Attacking hex -> (its infantry, its vehicles)."""
    out: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for u in attackers:
        out[u.hex][0] += infantry(u)
        out[u.hex][1] += vehicles(u)
    return {h: (i, v) for h, (i, v) in out.items()}


def share(k: int, units: list[UnitState]) -> dict[str, int]:
    """P7: ``k`` penalised vehicles over ``units`` in proportion to their vehicles (largest remainder)."""
    total = sum(vehicles(u) for u in units)
    k = min(k, total)
    if not k:
        return {}
    exact = {u.id: Fraction(k * vehicles(u), total) for u in units}
    got = {uid: int(x) for uid, x in exact.items()}
    order = sorted(units, key=lambda u: -(exact[u.id] - got[u.id]))  # stable: ties keep the given order
    for u in order[:k - sum(got.values())]:
        got[u.id] += 1
    return {uid: n for uid, n in got.items() if n}


def penalty(state: GameState, hex_: str, attackers: list[UnitState], defenders: list[UnitState]) -> list[Modifier]:
    """AS-CAP.1-5: the per-unit halving of the vehicles that lack infantry support (empty: no penalty)."""
    if rulings.terrain_of(state, hex_).pzc.clear or not any(vehicles(u) for u in attackers):
        return []  # AS-CAP.1: only vehicles assaulting a non-Clear hex
    by_hex = _hexes(attackers)
    support = sum(min(i, 10 * v) for i, v in by_hex.values() if v)          # AS-CAP.3
    against = sum(infantry(u) for u in defenders)
    if support >= against:
        return []                                                           # AS-CAP.2
    exceeds = state.rules.pzc.cap_support == "exceeds"
    failing = {h for h, (i, v) in by_hex.items() if v and not (i > 10 * v if exceeds else i >= 10 * v)}  # AS-CAP.4
    k = -(-(against - support) // 10)                                       # AS-CAP.5
    hit = share(k, [u for u in attackers if u.hex in failing and vehicles(u)])
    out = []
    for uid, n in hit.items():
        v = vehicles(state.units[uid])
        out.append(Modifier(value=2 * v - n, den=2 * v, rule="AS-CAP.5", kind="multiply", applies_to=f"assault:{uid}",
                            reason=f"{uid}: {n} of its {v} vehicles lack infantry support ({against} defending "
                            f"infantry against {support} supporting) and attack at half strength"))
    return out
