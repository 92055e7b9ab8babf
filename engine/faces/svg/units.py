"""The units on the SVG board: counters, stacks of a crowded hex, occupation hatching, the arrows
of retreats and advances (engine/faces/svg/render.py draws the rest).

A counter shows what the board's view (engine/view.py) says of its unit: nationality, type symbol,
the strength text (factors, or a kind's own: a Panzer Campaigns unit's men), mode and markers; a
hex of five or more units groups them into offset stacks per nationality with a count badge and the
total factors. Every on-map unit is one
``<g class="unit">`` with its id, so programs and tests can read the picture.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

from turnlog.projections.state import GameState, UnitState

from ...view import BoardView, UnitView

from .markup import escape, quoteattr
from .style import (
    ARROWS,
    CHANGED,
    C,
    Colours,
    ink_on,
    safe_id,
    symbol,
)

if TYPE_CHECKING:
    from .context import Context


def hex_items(state: GameState, ctx: Context, pos) -> dict[str, list[tuple[UnitState, bool]]]:
    """Per hex, what is drawn there: its units, then (ghost=True) the units the last command eliminated."""
    here: dict[str, list[UnitState]] = {}
    for u in state.units.values():
        if u.hex in pos:
            here.setdefault(u.hex, []).append(u)
    ghosts: dict[str, list[UnitState]] = {}
    if ctx.prev is not None:
        for ch in ctx.changes.units:
            if ch.kind == "eliminated" and ch.before in pos:
                ghosts.setdefault(ch.before, []).append(ctx.prev.units[ch.what])
    return {hid: [(u, False) for u in sorted(here.get(hid, []),
                                             key=lambda u: (u.nationality, -u.factors, u.id))]
            + [(u, True) for u in ghosts.get(hid, [])] for hid in sorted(set(here) | set(ghosts))}


def unit_counters(state: GameState, view: BoardView, ctx: Context, pos,
                  colours: Colours) -> list[str]:
    """Every on-map unit's counter, stacked per nationality in a crowded hex."""
    moved = ctx.changes.unit_ids()
    out = []
    for hid, items in hex_items(state, ctx, pos).items():
        x, y = pos[hid]
        if len(items) <= 4:
            slots = {1: [(0, 0)], 2: [(-19, 0), (19, 0)]}.get(len(items), [(-19, -17), (19, -17), (-19, 19), (19, 19)])
            for (u, ghost), (dx, dy) in zip(items, slots):
                out.append(counter(u, _view_of(view, ctx, u, ghost), x + dx, y + dy + 2, colours,
                                   ghost=ghost, changed=u.id in moved))
        else:
            out += _stacks(view, ctx, items, x, y, colours, moved)
    return out


def _view_of(view: BoardView, ctx: Context, u: UnitState, ghost: bool) -> UnitView:
    """The view a counter draws: the board's, or for a ghost the board's before the last command."""
    got = (ctx.prev_view if ghost and ctx.prev_view is not None else view).units.get(u.id)
    return got if got is not None else UnitView(strength=str(u.factors), mode=u.mode)


def _extent(n: int) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of what ``unit_counters`` draws for ``n`` counters, from the hex's
    centre (badges too)."""
    if n == 0:
        return (0.0, 0.0, 0.0, 0.0)
    if n == 1:
        return (-C / 2, 2 - C / 2, C / 2, 2 + C / 2)
    if n == 2:
        return (-19 - C / 2, 2 - C / 2, 19 + C / 2, 2 + C / 2)
    if n <= 4:
        return (-19 - C / 2, -15 - C / 2, 19 + C / 2, 21 + C / 2)
    # stacks (_stacks): the widest of its layouts, badges included
    return (-40.0, -36.0, 40.0, 38.0)


def _clear_of(box: tuple[float, float, float, float], ux: float, uy: float) -> float:
    """How far from the centre a ray in direction (ux, uy) leaves ``box``."""
    left, top, right, bottom = box
    tx = (right / ux if ux > 0 else left / ux) if abs(ux) > 1e-9 else math.inf
    ty = (bottom / uy if uy > 0 else top / uy) if abs(uy) > 1e-9 else math.inf
    return max(0.0, min(tx, ty))


def _stacks(view, ctx, items, x, y, colours, moved) -> list[str]:
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
    slots = {1: [(0, 0)], 2: [(-20, 0), (20, 0)]}.get(len(groups),
                                                      [(-17, -15), (17, -15), (-17, 19), (17, 19)])
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
                label = (key if key != "ghost" else "lost",
                         f"Σ{sum(m.factors for m, _ in members)}")
            out.append(counter(u, _view_of(view, ctx, u, ghost), cx + off, cy + off, colours,
                               ghost=ghost, changed=u.id in moved, label=label, bare=not top,
                               size=size))
        if n > 1:
            bx, by = cx + steps * 3.0 + size / 2 - 2, cy + steps * 3.0 - size / 2 + 2
            out.append(f'<g class="badge" data-count="{n}"><circle cx="{bx:.1f}" cy="{by:.1f}" '
                       f'r="8" fill="#b00" stroke="white" stroke-width="1.5"/><text x="{bx:.1f}" '
                       f'y="{by + 3.6:.1f}" font-size="10" font-weight="bold" text-anchor="middle" '
                       f'fill="white">{n}</text></g>')
    return out


def counter(u: UnitState, v: UnitView, cx: float, cy: float, colours: Colours, *, ghost=False,
            changed=False, label=None, bare=False, size: float = C) -> str:
    """One counter centred at (cx, cy) as the view ``v`` shows ``u``: nationality top-left, mode top-right,
    type symbol, unit id, strength at the bottom, markers on discs round the symbol.

    Its data attributes (unit, hex, strength, mode, markers) say what it shows, for programs and tests.
    """
    fill = colours.nationality(u.nationality)
    ink = ink_on(fill)
    x0, y0 = cx - size / 2, cy - size / 2
    cls = "ghost" if ghost else "unit"
    cls += f" nat-{safe_id(u.nationality)} type-{safe_id(u.type)}" + (" changed" if changed else "")
    cls += f" supply-{u.supply}" if u.supply != "full" else ""
    ident = f'{"ghost" if ghost else "unit"}-{safe_id(u.id)}'
    tip = f"{u.id}: {u.nationality} {u.type}, strength {v.strength}" \
        + (f", supply {u.supply}" if u.supply != "full" else "") \
        + (", took offensive" if u.offensive else "") + (f", mode {v.mode}" if v.mode else "") \
        + (", markers " + ", ".join(f"{m.name} ({m.rule})" if m.rule else m.name for m in v.markers)
           if v.markers else "") \
        + (" — eliminated by the last command" if ghost else "")
    stroke, sw = (CHANGED, 2.5) if changed else ("#222", 0.8)
    fade = ' opacity="0.55"' if ghost else ""
    data = (f' data-unit={quoteattr(u.id)} data-hex={quoteattr(u.hex)} '
            f'data-strength={quoteattr(v.strength)} data-mode={quoteattr(v.mode)} '
            f'data-markers={quoteattr(" ".join(v.marker_names))}')
    p = [f'<g id="{ident}" class="{cls}"{data}{fade}>',
         f"<title>{escape(tip)}</title>",
         f'<rect x="{x0:.1f}" y="{y0:.1f}" width="{size}" height="{size}" rx="2.5" fill="{fill}" '
         f'stroke="{stroke}" stroke-width="{sw}"/>']
    if not bare:
        p += _face(u, v, x0, y0, size, ink, label)
    if ghost:
        x1, y1 = x0 + size, y0 + size
        p.append('<path '
                 f'd="M{x0:.1f},{y0:.1f}L{x1:.1f},{y1:.1f}M{x1:.1f},{y0:.1f}L{x0:.1f},{y1:.1f}" '
                 'stroke="#c00" stroke-width="3"/>')
    p.append("</g>")
    return "".join(p)


def _face(u: UnitState, v: UnitView, x0: float, y0: float, size: float, ink: str,
          label) -> list[str]:
    """What is printed on a counter: the texts, the supply dot, the offensive O, the markers."""
    cx = x0 + size / 2
    nat, fac = label or (u.nationality, v.strength)
    p = [f'<text x="{x0 + 2.5:.1f}" y="{y0 + 8:.1f}" font-size="7" '
         f'fill="{ink}">{escape(nat)}</text>',
         symbol(u.type, cx, y0 + (9.5 if size >= C else 8.5), ink)]
    if label is None:  # a single counter names its unit; a stack's top counter stands for the stack
        p.append(_unit_id(u.id, cx, y0 + 23.6, size, ink))
    font = 10 if len(fac) > 2 or size < C else 10.5
    p.append(f'<text class="factors" x="{cx:.1f}" y="{y0 + size - 1.8:.1f}" font-size="{font}" '
             f'font-weight="bold" text-anchor="middle" fill="{ink}">{escape(fac)}</text>')
    if u.supply != "full":
        dot = "#e0a000" if u.supply == "partial" else "#d00"
        p.append(f'<circle cx="{x0 + size - 4:.1f}" cy="{y0 + 4:.1f}" r="3" fill="{dot}"/>')
    if u.offensive:
        p.append(f'<text x="{x0 + size - 3:.1f}" y="{y0 + size - 3:.1f}" font-size="7" '
                 f'text-anchor="end" fill="{ink}">O</text>')
    if v.mode:   # a mode (WaR PA, Exploit, PzC Travel...): its first letters, top right
        p.append(f'<text class="mode" x="{x0 + size - 2.5:.1f}" y="{y0 + 8:.1f}" font-size="6" '
                 f'text-anchor="end" fill="{ink}">{escape(v.mode[:3].upper())}</text>')
    return p + _markers(v.markers, x0, y0, size)


#: Where a counter's markers go, in order: beside the symbol right then left, bottom left, top
#: centre.
_SLOTS = ((1.0, 0.42), (0.0, 0.42), (0.0, 1.0), (0.5, 0.0))


def _markers(markers, x0: float, y0: float, size: float) -> list[str]:
    """Each marker a lettered disc in its colour, in the slots round the symbol (a fifth is not drawn)."""
    out = []
    for m, (fx, fy) in zip(markers, _SLOTS):
        x = x0 + 5 + fx * (size - 10)
        y = y0 + 5 + fy * (size - 10) if fy in (0.0, 1.0) else y0 + size * fy
        out.append(f'<g class="marker {safe_id(m.name)}"><circle cx="{x:.1f}" cy="{y:.1f}" r="4.5" '
                   f'fill="{m.fill}" stroke="#222" stroke-width="0.6"/><text x="{x:.1f}" '
                   f'y="{y + 2.4:.1f}" font-size="6.5" font-weight="bold" text-anchor="middle" '
                   f'fill="{ink_on(m.fill)}">{escape(m.letter)}</text></g>')
    return out


def _unit_id(uid: str, cx: float, y: float, size: float, ink: str) -> str:
    """The unit's id under its symbol, as large as the room there allows, squeezed to the counter's width
    when it is long (a map of many hexes is drawn small: the id must stay readable)."""
    room = size - 3
    # bold: ~0.62 em a glyph
    font = max(5.5, math.floor(min(7.6, room / (0.62 * max(len(uid), 1))) * 10) / 10)
    fit = f' textLength="{room:.1f}" lengthAdjust="spacingAndGlyphs"' if len(uid) * 0.62 * font > room else ""
    return (f'<text class="unit-id" x="{cx:.1f}" y="{y:.1f}" font-size="{font:.1f}" '
            f'font-weight="bold" text-anchor="middle" fill="{ink}"{fit}>{escape(uid)}</text>')


def arrows(ctx: Context, pos, crowd: dict[str, int]) -> list[str]:
    """One arrow per (kind, from, to) shown (engine/faces/arrows.py), with a count when several units went.

    An arrow runs from where it leaves the counters of its first hex to where it meets those of the
    last, so it never covers a counter at either end (a crowded hex's labels stay readable); the
    count sits near its tail, away from the hex id band it crosses. ``crowd``: counters drawn per
    hex.
    """
    out = ['<g class="arrows">']
    shown = [a for a in ctx.arrows if a.frm in pos and a.to in pos]
    for i, arrow in enumerate(shown):
        kind, a, b = arrow.kind, arrow.frm, arrow.to
        (x1, y1), (x2, y2) = pos[a], pos[b]
        dx, dy = x2 - x1, y2 - y1
        n = math.hypot(dx, dy) or 1.0
        ux, uy = dx / n, dy / n
        t1 = _clear_of(_extent(crowd.get(a, 0)), ux, uy) + 3        # the round cap reaches 2.5 back
        t2 = n - _clear_of(_extent(crowd.get(b, 0)), -ux, -uy) - 6  # the head's tip reaches 6 on
        if t2 - t1 < 12:  # no room between two crowded hexes: a short arrow centred between them
            t1, t2 = (t1 + t2) / 2 - 6, (t1 + t2) / 2 + 6
        sx, sy, ex, ey = x1 + ux * t1, y1 + uy * t1, x1 + ux * t2, y1 + uy * t2
        mx, my = (sx + ex) / 2 - uy * 8, (sy + ey) / 2 + ux * 8
        dash = "" if kind == "advance" else ' stroke-dasharray="9 4"'
        units, n_units = ", ".join(arrow.units), len(arrow.units)
        tip = f"{kind} {a} -> {b}: {units}" + (f" ({arrow.rule})" if arrow.rule else "")
        out.append(f'<g id="arrow-{i}" class="arrow {kind}" data-units={quoteattr(units)} '
                   f'data-from={quoteattr(a)} '
                   f'data-to={quoteattr(b)}><title>{escape(tip)}</title><path '
                   f'd="M{sx:.1f},{sy:.1f}Q{mx:.1f},{my:.1f} {ex:.1f},{ey:.1f}" fill="none" '
                   f'stroke="{ARROWS[kind]}" stroke-width="5" stroke-opacity="0.92"{dash} '
                   f'stroke-linecap="round" marker-end="url(#head-{kind})"/>')
        if n_units > 1:
            # A quarter of the way along the curve: B(t) = (1-t)^2 S + 2t(1-t) M + t^2 E.
            bx = 0.5625 * sx + 0.375 * mx + 0.0625 * ex
            by = 0.5625 * sy + 0.375 * my + 0.0625 * ey
            out.append(f'<g class="count" data-count="{n_units}"><circle cx="{bx:.1f}" '
                       f'cy="{by:.1f}" r="8" fill="white" stroke="{ARROWS[kind]}" '
                       f'stroke-width="2"/><text x="{bx:.1f}" y="{by + 3.6:.1f}" font-size="10" '
                       'font-weight="bold" text-anchor="middle" '
                       f'fill="{ARROWS[kind]}">{n_units}</text></g>')
        out.append("</g>")
    out.append("</g>")
    return out
