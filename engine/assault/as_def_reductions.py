"""Each unit's own assault-value reductions: AS-ATK.4 (attackers), AS-DEF.1-6 (defenders); reading P3.

A bullet of the text applies once however many of its conditions hold (Disrupted and Low Ammo is one
x1/2). Different bullets multiply (``rules.pzc.stack = "multiply"``, the default) or only the harshest
applies (``"worst"``). Each is a Modifier ``kind="multiply"`` on ``assault:<unit>``.

Markers read (docs/scenario.md): ``low_ammo``, ``disrupted``, ``broken``, ``digging_in``,
``bridge_building``/``bridge_maintaining`` (with an engineer), ``mine_laying``/``mine_clearing``/``mine_work``.
A unit with a ``facing`` faces that hexside (0 the top side, clockwise); its rear hexsides are the three
away from it, ``facing+2`` to ``facing+4`` (ruling; the text names them without saying which they are).
"""
from __future__ import annotations

from fractions import Fraction

from turnlog.events.base import Modifier
from turnlog.events.editions import applies
from turnlog.projections.state import GameState, UnitState

from . import rulings
from ..hexgrid import direction
from .facts import engineer, travelling

BRIDGE_WORK = ("bridge_building", "bridge_maintaining")
MINE_WORK = ("mine_laying", "mine_clearing", "mine_work")


def _mul(uid: str, rule: str, den: int, reason: str, value: int = 1) -> Modifier:
    return Modifier(value=value, den=den, rule=rule, reason=reason, applies_to=f"assault:{uid}", kind="multiply")


def _stack(state: GameState, mods: list[Modifier]) -> list[Modifier]:
    """P3: every bullet (``multiply``), or only the harshest (``worst``; the first of equals, in text order)."""
    if state.rules.pzc.stack == "worst" and len(mods) > 1:
        return [min(mods, key=lambda m: m.amount)]
    return mods


def attacker(state: GameState, u: UnitState) -> list[Modifier]:
    """AS-ATK.4: an attacker in Travel Mode or with Low Ammo assaults at 1/4."""
    why = [w for w, hold in (("in Travel Mode", travelling(u)), ("Low Ammo", "low_ammo" in u.markers)) if hold]
    return [_mul(u.id, "AS-ATK.4", 4, f"{u.id} attacks {' and '.join(why)}: x1/4")] if why else []


def rear(facing: int) -> set[int]:
    """The rear-facing hexsides of a unit facing hexside ``facing`` (the module's ruling)."""
    return {(facing + k) % 6 for k in (2, 3, 4)}


def from_rear(state: GameState, u: UnitState, attack_hexes: list[str]) -> bool:
    """AS-DEF.6: ``u`` has a facing and every attacking hex lies beyond one of its rear hexsides."""
    if u.facing is None or not attack_hexes:
        return False
    at = state.hexes[u.hex]
    back = rear(u.facing)
    return all(direction((at.col, at.row), (state.hexes[h].col, state.hexes[h].row)) in back for h in attack_hexes)


def defender(state: GameState, u: UnitState, attack_hexes: list[str]) -> list[Modifier]:
    """AS-DEF.1-6: the defender's reductions, stacked as reading P3 says."""
    m = set(u.markers)
    out = []
    # Broken is the stage past Disrupted, and a Broken unit keeps its old `disrupted` marker
    # (disruption.hit): from edition 3 it is judged Broken (AS-DEF.5) only, not Disrupted as well.
    disrupted = "disrupted" in m and not ("broken" in m and applies(state, rulings.BROKEN_ONLY))
    one = [w for w, hold in (("Disrupted", disrupted), ("Low Ammo", "low_ammo" in m),
                             ("Digging-In", "digging_in" in m)) if hold]
    if one:
        out.append(_mul(u.id, "AS-DEF.1", 2, f"{u.id} defends {' and '.join(one)}: x1/2"))
    if u.mode.lower() in ("travel", "rail"):
        out.append(_mul(u.id, "AS-DEF.2", 4, f"{u.id} defends in {u.mode.title()} Mode: x1/4"))
    if engineer(u) and m.intersection(BRIDGE_WORK):
        out.append(_mul(u.id, "AS-DEF.3", 2, f"{u.id}, an engineer, is working on a bridge: x1/2"))
    if m.intersection(MINE_WORK):
        out.append(_mul(u.id, "AS-DEF.4", 2, f"{u.id} is laying or clearing mines: x1/2"))
    if "broken" in m:
        out.append(_mul(u.id, "AS-DEF.5", 4, f"{u.id} defends Broken: x1/4"))
    if from_rear(state, u, attack_hexes):
        out.append(_mul(u.id, "AS-DEF.6", 1, f"{u.id} (facing {u.facing}) is assaulted only through its rear "
                        "hexsides: x0", value=0))
    return _stack(state, out)


def factor(mods: list[Modifier]) -> Fraction:
    """The product of ``mods``' multipliers."""
    x = Fraction(1)
    for m in mods:
        x *= m.amount
    return x
