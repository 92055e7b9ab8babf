"""The board as a picture (SVG) and as text, at any seq of the log.

Hexes are flat-topped, odd-q (odd columns half a hex down), filled by
terrain, with a band across the top in the controller's colour carrying the
hex id. Units are counters (nationality, type symbol, factors); a hex of five
or more units groups them into offset stacks per nationality with a count
badge and the total factors, so it stays legible. Overlays: attrition zones
(dashed outline inside their hexes), hexes selected for occupation (hatched),
the shown procedure's retreats and advances (arrows), the last command's
effect (yellow outline; eliminated units as crossed-out ghosts), a legend.

Every hex is one ``<g class="hex">`` and every on-map unit one
``<g class="unit">``, with ids, so programs and tests can read the picture.
"""
from __future__ import annotations

import math
import re

from turnlog.projections.state import GameState

from .. import diff as D
from ..board_text import board_text  # noqa: F401  (the text board, read here by older callers)
from .markup import escape, quoteattr
from ..kind_asks import legend_samples
from .context import Context
from .style import (
    BAND,
    CHANGED,
    MARGIN,
    MIN_MAP,
    PANEL,
    SEA,
    TOP,
    Colours,
    H,
    Legend,
    R,
    center,
    corners,
    defs,
    feature_label,
    ink_on,
    points,
    result,
    safe_id,
    terrain,
)
from .outlines import hexsides, zone_outlines
from .overlays import chips, overlays
from .units import arrows, hex_items, unit_counters
from ...kinds import view as board
from ...view import BoardView


# -- the SVG -------------------------------------------------------------------

def render_svg(game, state: GameState, at: int | None = None) -> str:
    """The board of ``state`` as a standalone SVG document (``game`` gives the log's context)."""
    ctx = Context(game, state)
    view = board(state)
    colours = Colours(state)
    if state.hexes:
        xy = {h.id: center(h.col, h.row) for h in state.hexes.values()}
        minx, miny = min(x for x, _ in xy.values()) - R, min(y for _, y in xy.values()) - H / 2
        maxx, maxy = max(x for x, _ in xy.values()) + R, max(y for _, y in xy.values()) + H / 2
    else:
        xy, minx, miny, maxx, maxy = {}, 0.0, 0.0, 4 * R, 4 * H
    mapw = max(maxx - minx + 2 * MARGIN, MIN_MAP)
    ox, oy = (mapw - (maxx - minx)) / 2 - minx, MARGIN + TOP - miny
    pos = {hid: (x + ox, y + oy) for hid, (x, y) in xy.items()}
    width = mapw + PANEL
    legend, legend_h = legend_panel(state, view, ctx, colours, mapw)
    height = max(maxy - miny + 2 * MARGIN + TOP, legend_h + MARGIN)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
           f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="DejaVu Sans, Helvetica, Arial, '
           'sans-serif">',
           defs(colours),
           f'<rect class="paper" x="0" y="0" width="{width:.0f}" height="{TOP:.0f}" '
           'fill="#fbfaf6"/>',
           f'<rect class="sea" x="0" y="{TOP:.0f}" width="{mapw:.0f}" height="{height - TOP:.0f}" '
           f'fill="{SEA}"/>',
           f'<rect class="panel" x="{mapw:.0f}" y="{TOP:.0f}" width="{PANEL:.0f}" '
           f'height="{height - TOP:.0f}" fill="#fbfaf6"/>']
    out += _title(state, ctx, width)
    out.append('<g class="hexes">')
    out += [hex_cell(state, hid, pos[hid]) for hid in sorted(state.hexes)]
    out.append('</g>')
    out += hexsides(state, pos)
    out += zone_outlines(state, pos, colours)
    out += overlays(view.overlays, pos, colours)
    out.append('<g class="units">')
    out += unit_counters(state, view, ctx, pos, colours)
    out.append('</g>')
    out.append('<g class="bands">')
    out += [_band(state, hid, pos[hid], colours, ctx) for hid in sorted(state.hexes)]
    out.append('</g>')
    crowd = {hid: len(items) for hid, items in hex_items(state, ctx, pos).items()}
    out += arrows(ctx, pos, crowd)  # over the bands they cross, under the ids and features
    out.append('<g class="labels">')  # last, so arrows crossing a hex's top edge never hide its id
    out += [_label(state, hid, pos[hid], colours, crowd.get(hid, 0)) for hid in sorted(state.hexes)]
    out.append('</g>')
    out += chips(view.overlays, pos)
    out += legend
    out.append("</svg>")
    return "\n".join(out)


def _title(state: GameState, ctx: Context, width: float) -> list[str]:
    t = state.turn
    when = (f"turn {t.turn}, {t.season} {t.year} · {t.active or '-'} player turn · "
            f"{t.phase or '-'} phase"
            # no turn 0 of year 0
            if t.turn else "the scenario's setup, before its first game turn")
    lines = [(state.name or "turnlog", 16, "bold", "#111"),
             (f"{when} · board at seq {state.seq}", 12.5, "normal", "#222")]
    if ctx.command:
        cid, _a, ctype, payload = ctx.command[:4]
        args = _short(payload) if ctype != "LoadScenario" else "{}"
        lines.append((f"last command c{cid} {ctype}" + (f" {args}" if args != "{}" else ""),
                      11.5, "normal", "#444"))
    if ctx.proc:
        p = state.attritions[ctx.proc]
        res = f", result {result(p)}" if p.die is not None else ""
        lines.append((f"{p.id}: {p.attacker} vs {p.defender} in {p.zone}, {p.factors} factors, "
                      f"phase {p.phase}{res}",
                      11.5, "normal", "#444"))
    out, y = [], 8.0
    for i, (text, size, weight, ink) in enumerate(lines):
        y += size + 5
        # DejaVu Sans: about 0.6 em a character, 0.66 bold; a line longer than the picture ends in
        # "…"
        room = int((width - 2 * MARGIN) / (size * (0.66 if weight == "bold" else 0.6)))
        if len(text) > room:
            text = text[: room - 1] + "…"
        cls = "title" if i == 0 else "subtitle"
        out.append(f'<text class="{cls}" x="{MARGIN}" y="{y:.1f}" font-size="{size}" '
                   f'font-weight="{weight}" fill="{ink}">{escape(text)}</text>')
    return out


def _short(payload: str) -> str:
    return re.sub(r'"type":"[^"]*",?', "", payload)


def hex_cell(state: GameState, hid: str, xy) -> str:
    """The hex itself (terrain); its band, labels and highlight come later, above the zone outlines."""
    h = state.hexes[hid]
    x, y = xy
    ctrl = state.control.get(hid, "")
    cls = f"hex terrain-{safe_id(h.terrain)}" + (f" ctrl-{safe_id(ctrl)}" if ctrl else "")
    return (f'<g id="hex-{safe_id(hid)}" class="{cls}" data-hex={quoteattr(hid)}>'
            f'<title>{escape(_hex_title(state, hid))}</title>'
            f'<polygon points="{points(corners(x, y))}" fill="{terrain(h.terrain)}" '
            f'stroke="#6b6b6b" stroke-width="1"/></g>')


def _band(state: GameState, hid: str, xy, colours: Colours, ctx: Context) -> str:
    """The controller band across the top and the change highlight (drawn under the arrows)."""
    x, y = xy
    dx = BAND / math.sqrt(3)
    top = y - H / 2
    band = [(x - R / 2, top), (x + R / 2, top), (x + R / 2 + dx, top + BAND),
            (x - R / 2 - dx, top + BAND)]
    parts = [f'<polygon class="control" points="{points(band)}" '
             f'fill="{colours.faction(state.control.get(hid, ""))}"/>']
    if hid in ctx.changes.hex_ids() or hid in _unit_hexes(ctx):
        parts.append(f'<polygon class="highlight" data-hex={quoteattr(hid)} '
                     f'points="{points(corners(x, y, R - 2))}" fill="none" stroke="{CHANGED}" '
                     'stroke-width="4"/>')
    return "".join(parts)


def _label(state: GameState, hid: str, xy, colours: Colours, crowd: int) -> str:
    """The hex id on its band, the feature marks and the overstack mark (drawn over the arrows), one group
    per hex.

    Features sit on light chips in the hex's upper half: at the hex's foot, or at or below a side
    corner, a mark would sit against a neighbour's band and read as that hex's. Over one or two
    counters (one row) the chips stand in a row above them; otherwise in the west part, stacked
    upwards, ending left of where the ``crowd`` counters begin (a long mark in a crowded hex may
    reach them, never past the hex's edge).
    """
    x, y = xy
    ctrl = state.control.get(hid, "")
    parts = [f'<g class="label" data-hex={quoteattr(hid)}>'
             f'<text x="{x:.1f}" y="{y - H / 2 + 11.5:.1f}" font-size="10" text-anchor="middle" '
             f'fill="{ink_on(colours.faction(ctrl))}">{escape(hid)}{" " + escape(ctrl) if ctrl else ""}</text>']
    feats = [feature_label(f.kind) for f in state.features.get(hid, [])]
    # beside a crowd the room is narrow
    font, em, pad = (8.5, 5.6, 4) if crowd <= 2 else (6.5, 4.3, 3)
    row = x - (sum(len(m) * em + pad for m in feats) + 3 * (len(feats) - 1)) / 2
    for i, mark in enumerate(feats):
        w, size = len(mark) * em + pad, font
        # one row of counters, their tops 15px above the centre: the chips in a row above
        if 1 <= crowd <= 2:
            fy, left = y - 22, row
            row += w + 3
        else:
            # just above the west corner, where the hex is widest
            fy = y - (12 if crowd == 0 else 8) - 12 * i
            right = x + (-6 if crowd == 0 else -37)
            edge = x - R + 1 + (y - fy + 5.5) / math.sqrt(3)   # inside the hex's slanted edge
            # a long mark beside a crowd: smaller type, never on a counter
            if crowd and right - w < edge:
                scale = max(right - edge - pad, 1.0) / (len(mark) * em)
                w, size = right - edge, round(font * scale, 1)
            left = max(edge, right - w)
        parts.append(f'<g class="feature"><rect x="{left:.1f}" y="{fy - 5.5:.1f}" width="{w:.1f}" '
                     f'height="11" rx="2" fill="#fbfaf6" fill-opacity="0.85"/>'
                     f'<text class="features" x="{left + w / 2:.1f}" y="{fy + 3:.1f}" '
                     f'font-size="{size}" font-weight="bold" text-anchor="middle" fill="#222">'
                     f'{escape(mark)}</text></g>')
    # the mirror place on the east side, clear of the south-east neighbour's band
    if hid in state.overstacked:
        parts.append(f'<text x="{x + R * 0.7:.1f}" y="{y - 7:.1f}" font-size="14" '
                     'font-weight="bold" fill="#c00" text-anchor="middle">!</text>')
    return "".join(parts) + "</g>"


def _unit_hexes(ctx: Context) -> set[str]:
    out = set()
    for c in ctx.changes.units:
        for v in (c.before, c.after):
            if v and v[0].isdigit():
                out.add(v)
    return out


def _hex_title(state: GameState, hid: str) -> str:
    h = state.hexes[hid]
    feats = ", ".join(f.kind + (f" ({f.name})" if f.name else "") for f in state.features.get(hid, []))
    return (f"{hid}: {h.terrain}, controlled by {state.control.get(hid) or 'nobody'}"
            f"{', ' + h.front + ' front' if h.front else ''}{'; ' + feats if feats else ''}")


def legend_panel(state: GameState, view: BoardView, ctx: Context, colours: Colours, x0: float,
                 off_map: bool = True) -> tuple[list[str], float]:
    """The legend beside the map at ``x0``: its SVG parts and the height they take.

    ``off_map`` False leaves out the units off the map (the HTML replay draws them per step).
    """
    lines = Legend(x0 + 14, TOP - 6)
    lines.head("Terrain")
    for t in sorted({h.terrain for h in state.hexes.values()}):
        lines.swatch(terrain(t), t)
    lines.head("Control (band with hex id)")
    for f in sorted(state.factions.values(), key=lambda f: f.id):
        lines.swatch(colours.faction(f.id), f"{f.id} {f.name}".strip())
    lines.head("Units")
    lines.text("counter: nationality, type, unit id, factors")
    lines.text("5+ units: stacks, badge = units, Σ = factors")
    lines.text("dot: partial (amber) / no supply (red)")
    if any(v.mode for v in view.units.values()):
        lines.text("top right: mode (PA, EXP, TRA...)")
    for line in view.legend:
        lines.text(line)
    used = sorted({f.kind for fs in state.features.values() for f in fs})
    if used:
        lines.head("Features")
        lines.text(", ".join(f"{feature_label(k)} {k}" for k in used))
    lines.head("Overlays")
    for style, text in legend_samples(state):  # the used kinds' own (attrition: zones, occupation)
        lines.line(style, text)
    sides = state.hexsides.values()
    drawn = {k for hs in sides for k in ("river", "crossing_arrow", "all_water", "impassable") if getattr(hs, k)}
    for kind in sorted(drawn | ({"fortified"} if any(hs.fortified_by for hs in sides) else set())):
        lines.line(kind, f"hexside: {kind.replace('_', ' ')}")
    for kind in ("advance", "retreat", "displaced", "move"):
        lines.line(kind, kind if kind != "move" else "move (the host's)")
    lines.text("number on an arrow: units that went that way")
    lines.line("changed", "changed by the last command")
    lines.line("ghost", "eliminated by the last command")
    if off_map and view.pools + view.off_map:
        lines.head("Off the map")
        for line in view.pools + view.off_map:
            lines.wrap(line)
    if ctx.changes.units or ctx.changes.hexes:
        lines.head("Last command changed")
        for c in (ctx.changes.units + ctx.changes.hexes)[:8]:
            lines.wrap(f"{c.what}: {D.phrase(c)}")
    return lines.close(), lines.y
