"""The units on the SVG board: counters, stacks of a crowded hex, occupation hatching, the arrows
of retreats and advances (engine/faces/render.py draws the rest).

A counter shows nationality, type symbol and factors; a hex of five or more units groups them into
offset stacks per nationality with a count badge and the total factors. Every on-map unit is one
``<g class="unit">`` with its id, so programs and tests can read the picture.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape, quoteattr

from turnlog.projections.state import GameState, UnitState

from .render_style import (
    ARROWS,
    CHANGED,
    C,
    Colours,
    R,
    _pts,
    corners,
    ink_on,
    safe_id,
    symbol,
)

if TYPE_CHECKING:
    from .render_context import Context


def _occupation(state: GameState, ctx: Context, pos, colours: Colours) -> list[str]:
    out = ['<g class="occupations">']
    for p in state.attritions.values():
        if p.id != ctx.proc and p.phase == "done":
            continue
        for sel in p.selections:
            if sel.hex in pos:
                x, y = pos[sel.hex]
                out.append(f'<polygon id="occupy-{safe_id(p.id)}-{safe_id(sel.hex)}" class="occupation" '
                           f'data-hex={quoteattr(sel.hex)} points="{_pts(corners(x, y, R - 1))}" fill="url(#hatch)" '
                           f'stroke="{colours.faction(p.attacker)}" stroke-width="2"><title>'
                           f'{escape(p.id + ": selected for occupation by " + ", ".join(sel.units) + " (14.61)")}</title></polygon>')
    out.append("</g>")
    return out


def _required_targets(state: GameState, pos) -> list[str]:
    """Rule 9: each required hex of an open designation procedure, outlined; its title says who owes it."""
    got = state.kinds.get("designation")
    out = ['<g class="required-targets">']
    for p in (got.procedures.values() if got is not None else ()):
        if p.phase == "done":
            continue
        attacked = {h for g in p.assaults.values() for h in g.hexes}
        for h in p.required:
            if h in pos:
                x, y = pos[h]
                state_ = "attacked" if h in attacked else "required"
                tip = f"{p.id}: must be attacked (9.1.1), owed by {', '.join(p.duties.get(h, []))}; {state_}"
                out.append(f'<polygon id="required-{safe_id(p.id)}-{safe_id(h)}" class="required-target {state_}" '
                           f'data-hex={quoteattr(h)} points="{_pts(corners(x, y, R - 4))}" fill="none" '
                           f'stroke="#c00" stroke-width="3" stroke-dasharray="{"2 4" if h in attacked else "8 4"}">'
                           f'<title>{escape(tip)}</title></polygon>')
    out.append("</g>")
    return out


def _units(state: GameState, ctx: Context, pos, colours: Colours) -> list[str]:
    here: dict[str, list[UnitState]] = {}
    for u in state.units.values():
        if u.hex in pos:
            here.setdefault(u.hex, []).append(u)
    ghosts: dict[str, list[UnitState]] = {}
    if ctx.prev is not None:
        for ch in ctx.changes.units:
            if ch.kind == "eliminated" and ch.before in pos:
                ghosts.setdefault(ch.before, []).append(ctx.prev.units[ch.what])
    moved = ctx.changes.unit_ids()
    out = []
    for hid in sorted(set(here) | set(ghosts)):
        x, y = pos[hid]
        units = sorted(here.get(hid, []), key=lambda u: (u.nationality, -u.factors, u.id))
        items = [(u, False) for u in units] + [(u, True) for u in ghosts.get(hid, [])]
        if len(items) <= 4:
            slots = {1: [(0, 0)], 2: [(-19, 0), (19, 0)]}.get(len(items), [(-19, -17), (19, -17), (-19, 19), (19, 19)])
            for (u, ghost), (dx, dy) in zip(items, slots):
                out.append(_counter(state, u, x + dx, y + dy + 2, colours, ghost=ghost, changed=u.id in moved))
        else:
            out += _stacks(state, items, x, y, colours, moved)
    return out


def _stacks(state, items, x, y, colours, moved) -> list[str]:
    """Five or more counters: one offset stack per nationality (or one stack), badge = count, Σ = factors.

    Each stack is centred on its slot, counters offset by 3px (at most two steps),
    and with three or four stacks the counters shrink a little, so every
    counter stays inside its hex.
    """
    groups: dict[str, list] = {}
    for u, ghost in items:
        groups.setdefault("ghost" if ghost else u.nationality, []).append((u, ghost))
    if len(groups) > 4:
        groups = {"mixed": items}
    size = C if len(groups) <= 2 else 30.0
    slots = {1: [(0, 0)], 2: [(-20, 0), (20, 0)]}.get(len(groups), [(-17, -15), (17, -15), (-17, 19), (17, 19)])
    out = []
    for (key, members), (dx, dy) in zip(groups.items(), slots):
        n = len(members)
        steps = min(n - 1, 2)
        cx, cy = x + dx - steps * 1.5, y + dy - steps * 1.5
        for i, (u, ghost) in enumerate(members):
            off = min(i, steps) * 3.0
            top = i == n - 1
            label = None
            if top and n > 1:
                label = (key if key != "ghost" else "lost", f"Σ{sum(m.factors for m, _ in members)}")
            out.append(_counter(state, u, cx + off, cy + off, colours, ghost=ghost, changed=u.id in moved,
                                label=label, bare=not top, size=size))
        if n > 1:
            bx, by = cx + steps * 3.0 + size / 2 - 2, cy + steps * 3.0 - size / 2 + 2
            out.append(f'<g class="badge" data-count="{n}"><circle cx="{bx:.1f}" cy="{by:.1f}" r="8" fill="#b00" '
                       f'stroke="white" stroke-width="1.5"/><text x="{bx:.1f}" y="{by + 3.6:.1f}" font-size="10" '
                       f'font-weight="bold" text-anchor="middle" fill="white">{n}</text></g>')
    return out


def _counter(state: GameState, u: UnitState, cx: float, cy: float, colours: Colours, *, ghost=False,
             changed=False, label=None, bare=False, size: float = C) -> str:
    """One counter centred at (cx, cy): nationality top-left, type symbol, factors at the bottom."""
    fill = colours.nationality(u.nationality)
    ink = ink_on(fill)
    x0, y0 = cx - size / 2, cy - size / 2
    cls = "ghost" if ghost else "unit"
    cls += f" nat-{safe_id(u.nationality)} type-{safe_id(u.type)}" + (" changed" if changed else "")
    cls += f" supply-{u.supply}" if u.supply != "full" else ""
    ident = f'{"ghost" if ghost else "unit"}-{safe_id(u.id)}'
    tip = f"{u.id}: {u.nationality} {u.type} {u.factors}" + (f", supply {u.supply}" if u.supply != "full" else "") \
        + (", took offensive" if u.offensive else "") + (f", mode {u.mode}" if u.mode else "") \
        + (f", markers {', '.join(u.markers)}" if u.markers else "") + (" — eliminated by the last command" if ghost else "")
    stroke, sw = (CHANGED, 2.5) if changed else ("#222", 0.8)
    fade = ' opacity="0.55"' if ghost else ""
    p = [f'<g id="{ident}" class="{cls}" data-unit={quoteattr(u.id)}{fade}>',
         f"<title>{escape(tip)}</title>",
         f'<rect x="{x0:.1f}" y="{y0:.1f}" width="{size}" height="{size}" rx="2.5" fill="{fill}" stroke="{stroke}" stroke-width="{sw}"/>']
    if not bare:
        nat, fac = label or (u.nationality, str(u.factors))
        p.append(f'<text x="{x0 + 2.5:.1f}" y="{y0 + 8:.1f}" font-size="7" fill="{ink}">{escape(nat)}</text>')
        p.append(symbol(u.type, cx, y0 + (10.5 if size >= C else 8.5), ink))
        p.append(f'<text x="{cx:.1f}" y="{y0 + size - 2.5:.1f}" font-size="{10 if len(fac) > 2 or size < C else 11}" font-weight="bold" '
                 f'text-anchor="middle" fill="{ink}">{escape(fac)}</text>')
        if u.supply != "full":
            p.append(f'<circle cx="{x0 + size - 4:.1f}" cy="{y0 + 4:.1f}" r="3" fill="{"#e0a000" if u.supply == "partial" else "#d00"}"/>')
        if u.offensive:
            p.append(f'<text x="{x0 + size - 3:.1f}" y="{y0 + size - 3:.1f}" font-size="7" text-anchor="end" fill="{ink}">O</text>')
        if u.mode:   # a mode (WaR PA, Exploit...): its first letters, top right
            p.append(f'<text class="mode" x="{x0 + size - 2.5:.1f}" y="{y0 + 8:.1f}" font-size="6" text-anchor="end" '
                     f'fill="{ink}">{escape(u.mode[:3].upper())}</text>')
        if "attack" in u.markers:   # WaR's Attack marker (9.1.0): a spade on a white disc, bottom left
            p.append(f'<g class="marker attack"><circle cx="{x0 + 5:.1f}" cy="{y0 + size - 5:.1f}" r="4.5" fill="white" '
                     f'stroke="#222" stroke-width="0.6"/><text x="{x0 + 5:.1f}" y="{y0 + size - 2.6:.1f}" font-size="7" '
                     f'text-anchor="middle" fill="#000">\u2660</text></g>')
    if ghost:
        p.append(f'<path d="M{x0:.1f},{y0:.1f}L{x0 + size:.1f},{y0 + size:.1f}M{x0 + size:.1f},{y0:.1f}L{x0:.1f},{y0 + size:.1f}" '
                 f'stroke="#c00" stroke-width="3"/>')
    p.append("</g>")
    return "".join(p)


def _arrows(ctx: Context, pos) -> list[str]:
    """One arrow per (kind, from, to) of the shown procedure, edge to edge, with a count when several units went."""
    paths: dict[tuple[str, str, str], list] = {}
    for kind, ev in ctx.moves:
        if ev.from_hex in pos and ev.to_hex in pos:
            paths.setdefault((kind, ev.from_hex, ev.to_hex), []).append(ev)
    out = ['<g class="arrows">']
    for i, ((kind, a, b), evs) in enumerate(paths.items()):
        (x1, y1), (x2, y2) = pos[a], pos[b]
        dx, dy = x2 - x1, y2 - y1
        n = math.hypot(dx, dy) or 1.0
        sx, sy = x1 + dx / n * 30, y1 + dy / n * 30
        ex, ey = x2 - dx / n * 27, y2 - dy / n * 27
        mx, my = (sx + ex) / 2 - dy / n * 8, (sy + ey) / 2 + dx / n * 8
        dash = "" if kind == "advance" else ' stroke-dasharray="9 4"'
        units = ", ".join(e.unit for e in evs)
        tip = f"{kind} {a} -> {b}: {units} ({evs[0].rule})"
        out.append(f'<g id="arrow-{i}" class="arrow {kind}" data-units={quoteattr(units)}><title>{escape(tip)}</title>'
                   f'<path d="M{sx:.1f},{sy:.1f}Q{mx:.1f},{my:.1f} {ex:.1f},{ey:.1f}" fill="none" stroke="{ARROWS[kind]}" '
                   f'stroke-width="5" stroke-opacity="0.92"{dash} stroke-linecap="round" marker-end="url(#head-{kind})"/>')
        if len(evs) > 1:
            out.append(f'<circle cx="{mx:.1f}" cy="{my:.1f}" r="8" fill="white" stroke="{ARROWS[kind]}" stroke-width="2"/>'
                       f'<text x="{mx:.1f}" y="{my + 3.6:.1f}" font-size="10" font-weight="bold" text-anchor="middle" '
                       f'fill="{ARROWS[kind]}">{len(evs)}</text>')
        out.append("</g>")
    out.append("</g>")
    return out
