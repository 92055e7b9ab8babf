"""What World in Flames land combat shows on the board (the kind's view hook, engine/view.py).

Each combat's hex outlined (open, or done) with its ARM totals and chosen table (11.16.5-T3 to
T6), the kampfgruppen waiting in a repair pool off the map (K1c, K2a), and one line per combat.
"""
from __future__ import annotations

from typing import Collection

from turnlog.events import setup as s
from turnlog.events import wif as w
from turnlog.events import wif_losses as wl
from turnlog.projections.state import GameState

from ..view import KindView, Overlay, Touched, units_named

_OWN = frozenset((*w.WifEvent.__args__, *wl.WifLossEvent.__args__))


def view(state: GameState) -> KindView:
    """The wif kind's part of the board at ``state``."""
    out = part(state, (), True)
    if out.overlays:
        out.legend.append("dark red hex: land combat, ARM att:def, table")
    return out


def touched(state: GameState, event) -> Touched:
    """What ``event`` changes of the wif view (no unit carries a mark of it): its overlays and lines at
    its own events, and the repair pool's line when a pool or faction is defined or a unit with a pool
    is placed, moved or eliminated."""
    if type(event) in _OWN or isinstance(event, (s.PoolDefined, s.FactionDefined)):
        return Touched(units=units_named(state, event), board=True)
    if isinstance(event, s.UnitPlaced):
        return Touched(board=bool(event.unit.pool))
    return Touched(board=any(state.units[u].pool for u in units_named(state, event)))


def part(state: GameState, units: Collection[str], board: bool) -> KindView:
    """The wif kind's combats and repair pools when ``board`` (no unit entry, no legend)."""
    if not board:
        return KindView()
    out = KindView(off_map=repair_pool(state))
    got = state.kinds.get("wif")
    for p in (got.procedures.values() if got is not None else ()):
        label = f"ARM {p.arm_attacker}:{p.arm_defender}" + (f" {p.table}" if p.table else "")
        title = (f"{p.id}: {p.attacker} attacks {p.hex}; ARM attacker {p.arm_attacker}, defender "
                 f"{p.arm_defender} (11.16.5-T4-T6); the {p.chooser or '?'} chooses (T3)"
                 + (f"; {p.table} table, column {p.column}" if p.table else "")
                 + (f"; cell {p.cell}" if p.cell else "") + f"; phase {p.phase}")
        role = "combat-done" if p.phase == "done" else "combat"
        out.overlays.append(Overlay(hex=p.hex, role=role, label=label, title=title, procedure=p.id))
        out.summaries[p.id] = (f"{p.id}: {p.attacker} vs {p.defender} at {p.hex}, phase {p.phase}, "
                               f"ARM {p.arm_attacker}:{p.arm_defender}, "
                               f"{p.chooser or '?'} chooses, table {p.table or '-'}, "
                               f"column {p.column or '-'}, cell {p.cell or '-'}")
    return out


def repair_pool(state: GameState) -> list[str]:
    """The units in each faction's repair pool: kampfgruppen waiting for their production phase
    (K1c, K2a).

    A faction with no repair pool in the scenario keeps its kampfgruppen in ``<faction>-repair``
    (k1_kampfgruppe.repair_pool), which is shown the same way. The units are grouped by pool once, so
    the lines cost the units plus the pools and factions, never their product (an upload may hold
    10,000 factions).
    """
    pooled: dict[str, list[str]] = {}
    for u in state.units.values():
        if u.pool and u.in_pool:
            pooled.setdefault(u.pool, []).append(u.id)
    if not pooled:
        return []
    repair: dict[str, str] = {}   # faction -> its first repair pool, as k1_kampfgruppe.repair_pool finds it
    for p in state.pools.values():
        if p.kind == "repair":
            repair.setdefault(p.faction, p.id)
    out = []
    for faction in sorted(state.factions):
        pid = repair.get(faction, f"{faction}-repair")
        units = sorted(pooled.get(pid, ()))
        if units:
            out.append(f"repair pool {pid} ({faction}), kampfgruppen: {', '.join(units)}")
    return out
