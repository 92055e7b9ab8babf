"""WiF land combat on the SVG board: each combat's hex outlined with its ARM totals and chosen table, and
the kampfgruppen waiting in a repair pool (11.16.5-T3, T1, K1c). engine/faces/render.py calls it."""
from __future__ import annotations

from turnlog.projections.state import GameState

from .markup import escape
from .render_style import R, corners, points, safe_id


DOTTED = ' stroke-dasharray="2 4"'


def combats(state: GameState, pos) -> list[str]:
    """Each land combat's hex, outlined (open: solid; done: dotted), with 'ARM a:d' and the table under it."""
    got = state.kinds.get("wif")
    out = ['<g class="land-combats">']
    for p in (got.procedures.values() if got is not None else ()):
        if p.hex not in pos:
            continue
        x, y = pos[p.hex]
        done = p.phase == "done"
        label = f"ARM {p.arm_attacker}:{p.arm_defender}" + (f" {p.table}" if p.table else "")
        title = (f"{p.id}: {p.attacker} attacks {p.hex}; ARM attacker {p.arm_attacker}, defender {p.arm_defender} "
                 f"(11.16.5-T4-T6); the {p.chooser} chooses (T3)"
                 + (f"; {p.table} table, column {p.column}" if p.table else "")
                 + (f"; cell {p.cell}" if p.cell else "") + f"; phase {p.phase}")
        out.append(f'<g id="land-combat-{safe_id(p.id)}" class="land-combat{" done" if done else ""}">'
                   f'<title>{escape(title)}</title>'
                   f'<polygon points="{points(corners(x, y, R - 3))}" fill="none" stroke="#7a1f1f" stroke-width="2.5"'
                   f'{DOTTED if done else ""}/>'
                   f'<rect x="{x - 30:.1f}" y="{y + R * 0.86 - 13:.1f}" width="60" height="11" rx="2" fill="#fff8e6" '
                   f'stroke="#7a1f1f" stroke-width="0.6"/>'
                   f'<text class="arm" x="{x:.1f}" y="{y + R * 0.86 - 5:.1f}" font-size="8" text-anchor="middle" '
                   f'fill="#7a1f1f">{escape(label)}</text></g>')
    out.append("</g>")
    return out


def repair_pool(state: GameState) -> list[str]:
    """The units in each faction's repair pool: kampfgruppen waiting for their production phase (K1c, K2a).

    A faction with no repair pool in the scenario keeps its kampfgruppen in ``<faction>-repair``
    (k_kampfgruppe.repair_pool), which is drawn the same way.
    """
    if "wif" not in state.kinds and "wif" not in state.rules.procedures:
        return []  # kampfgruppen are land combat's (K1): another game's board imports none of its rules
    from ..wif import k1_kampfgruppe as kg
    out = []
    for faction in sorted(state.factions):
        pid = kg.repair_pool(state, faction)
        units = sorted(u.id for u in state.units.values() if u.pool == pid and u.in_pool)
        if units:
            out.append(f"repair pool {pid} ({faction}), kampfgruppen: {', '.join(units)}")
    return out


def board_lines(state: GameState) -> list[str]:
    """One line per land combat for the text board: hex, ARM totals, chooser, table and cell."""
    got = state.kinds.get("wif")
    return [f"{p.id}: {p.attacker} vs {p.defender} at {p.hex}, phase {p.phase}, ARM {p.arm_attacker}:{p.arm_defender}, "
            f"{p.chooser or '?'} chooses, table {p.table or '-'}, column {p.column or '-'}, cell {p.cell or '-'}"
            for p in (got.procedures.values() if got is not None else ())]
