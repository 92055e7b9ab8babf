"""Lines drawn over the SVG board's hexes: special hexsides and attrition zone outlines (engine/faces/svg/render.py).

A hexside is drawn on the shared edge of its two hexes; a zone's outline runs just inside its hexes,
so two neighbouring zones never draw on the same line.
"""
from __future__ import annotations

import math

from turnlog.projections.state import GameState

from .markup import escape, quoteattr
from .style import HEXSIDES, Colours, R, center, corners, safe_id


def hexsides(state: GameState, pos) -> list[str]:
    """Special hexsides on the shared edge of their two hexes: rivers, arrows, water, impassable, fortified."""
    out = ['<g class="hexsides">']
    for key in sorted(state.hexsides):
        hs = state.hexsides[key]
        if hs.a not in pos or hs.b not in pos:
            continue
        (x1, y1), (x2, y2) = pos[hs.a], pos[hs.b]
        d = math.hypot(x2 - x1, y2 - y1) or 1.0
        mx, my, px, py = (x1 + x2) / 2, (y1 + y2) / 2, -(y2 - y1) / d * R / 2, (x2 - x1) / d * R / 2
        kinds = [k for k in ("all_water", "impassable", "river", "crossing_arrow") if getattr(hs, k)]
        if hs.fortified_by:
            kinds.append("fortified")
        for kind in kinds:
            col, w, dash = HEXSIDES[kind]
            dash = f' stroke-dasharray="{dash}"' if dash else ""
            title = f"{hs.a}/{hs.b}: {kind.replace('_', ' ')}"
            title += f" by {hs.fortified_by}" if kind == "fortified" else ""
            out.append(f'<path class="hexside {kind}" '
                       f'd="M{mx - px:.1f},{my - py:.1f}L{mx + px:.1f},{my + py:.1f}" '
                       f'stroke="{col}" stroke-width="{w}"{dash} stroke-linecap="round">'
                       f'<title>{escape(title)}</title></path>')
    out.append("</g>")
    return out


def zone_outlines(state: GameState, pos, colours: Colours) -> list[str]:
    """Each zone's outline, drawn just inside its hexes so neighbouring zones do not overlap."""
    from ...hexgrid import neighbour_coords
    coord = {h.id: (h.col, h.row) for h in state.hexes.values()}
    out = ['<g class="zones">']
    for z in sorted(state.zones.values(), key=lambda z: z.id):
        inside = set(z.hexes)
        segs = []
        for hid in z.hexes:
            if hid not in pos:
                continue
            x, y = pos[hid]
            cs = corners(x, y, R - 7)
            col, row = coord[hid]
            around = {edge_towards(col, row, nc, nr) for nc, nr in neighbour_coords(col, row)
                      if _id_at(state, nc, nr) in inside}
            for i in range(6):
                if i not in around:
                    (x1, y1), (x2, y2) = cs[i], cs[(i + 1) % 6]
                    segs.append(f"M{x1:.1f},{y1:.1f}L{x2:.1f},{y2:.1f}")
        if segs:
            out.append(f'<path id="zone-{safe_id(z.id)}" class="zone" data-zone={quoteattr(z.id)} '
                       f'data-hexes={quoteattr(" ".join(h for h in z.hexes if h in pos))} '
                       f'd="{"".join(segs)}" fill="none" stroke="{colours.faction(z.faction)}" '
                       'stroke-width="3" stroke-dasharray="7 4" '
                       f'stroke-linecap="round"><title>{escape("attrition zone " + z.id)}</title></path>')
    out.append("</g>")
    return out


def _id_at(state: GameState, col: int, row: int) -> str:
    by = state.__dict__.get("_render_by_coord")
    if by is None or len(by) != len(state.hexes):
        by = {(h.col, h.row): h.id for h in state.hexes.values()}
        state.__dict__["_render_by_coord"] = by
    return by.get((col, row), "")


def edge_towards(col: int, row: int, nc: int, nr: int) -> int:
    """Which edge (0 = between corners 0 and 1) faces the neighbour (nc, nr)."""
    x0, y0 = center(col, row)
    x1, y1 = center(nc, nr)
    ang = math.degrees(math.atan2(y1 - y0, x1 - x0))
    return round((ang - 30) / 60) % 6
