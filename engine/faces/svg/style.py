"""The look of the SVG board: sizes, colours, counter symbols, hex geometry and the legend's parts.

Hexes are flat-topped, odd-q (odd columns half a hex down), as engine/hexgrid.py lays them out.
"""
from __future__ import annotations

import math
import re

from turnlog.projections.state import GameState

from .markup import escape

R = 62.0                       # hex radius (centre to corner)
H = math.sqrt(3) * R           # flat-to-flat height
C = 34.0                       # counter side
BAND = 15.0                    # height of the controller band across a hex's top
MARGIN = 24.0
PANEL = 290.0                  # legend width
TOP = 94.0                     # title height
MIN_MAP = 560.0                # narrow maps still leave room for the title


# -- colours, symbols, legend ----------------------------------------------------

SEA = "#b9d3ea"
CHANGED = "#ffcc00"
#: How a special hexside is drawn: stroke colour, width, dash pattern ("" = solid).
HEXSIDES = {"river": ("#2f6fd0", 5, ""), "crossing_arrow": ("#2f6fd0", 3, "2 4"),
            "all_water": ("#7fb2e5", 7, ""), "impassable": ("#3a3a3a", 5, ""),
            "fortified": ("#8b1a1a", 4, "8 3")}
#: Each kind of arrow (engine/faces/arrows.py KINDS) and its colour.
ARROWS = {"advance": "#1f4fbf", "retreat": "#d2401e", "displaced": "#8a3fb0", "move": "#333333"}
TERRAIN = {"clear": "#ece7c8", "forest": "#8cbf73", "jungle": "#4f9142", "mountain": "#b39a78",
           "jungle_mountain": "#7d8f55", "swamp": "#9cc6b8", "desert": "#efd89a",
           "rough": "#cdb487", "hills": "#d2c08e", "city": "#c9c2bc", "marsh": "#9cc6b8",
           "lake": "#9fc3e6",
           # the invented maps' words (rule 9's ridge line, the assault's hedgerows): each its own
           # colour
           "woods": "#a9cf8e", "gorge": "#a58d7a", "bocage": "#b8c48a", "village": "#d9b8a0",
           "hamlet": "#e3c9b3", "town": "#c9b0a0"}
# Customary counter colours for the usual nationalities; others take their faction's colour,
# lightened.
NATIONS = {"GE": "#9aa7a6", "IT": "#a9c48b", "FI": "#e4ecf4", "HU": "#b7c79a", "RO": "#c9b27c",
           "BU": "#c2b08f", "JA": "#e6c84f", "US": "#8f9c58", "GB": "#d2bc84", "CW": "#e0cc98",
           "FR": "#7d9fe0", "SU": "#c26a52",
           "RU": "#c26a52", "CH": "#a7c0d8", "PO": "#e7a1a7"}
FACTIONS = {"AX": "#3f4a57", "WA": "#3b6b35", "RU": "#9e2b22", "CH": "#1f5f8b"}
_PALETTE = ["#6a3d9a", "#b15928", "#1f78b4", "#33a02c", "#e31a1c", "#ff7f00", "#cab2d6", "#a6761d"]
FEATURES = {"bridgehead": "BH", "capital": "★CAP", "ic": "IC", "fortress": "FORT",
            "fortification": "fort", "railhead": "RH", "port": "PORT", "airbase": "AB",
            "objective": "OBJ", "maginot": "MAG",
            "west_wall": "WW", "rocket_base": "RB", "city": "CITY", "resource": "RES"}


def terrain(name: str) -> str:
    return TERRAIN.get(name, "#dcdcdc")


def feature_label(kind: str) -> str:
    return FEATURES.get(kind, kind[:4].upper())


def result(p) -> str:
    res = f"{p.counters}C/{p.hexes}H" if p.hexes else (f"{p.counters}C" if p.counters else "no effect")
    return f"{res} (die {p.die})"


def ink_on(fill: str) -> str:
    """Black or white text, whichever reads better on ``fill``."""
    r, g_, b = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
    return "#111" if 0.299 * r + 0.587 * g_ + 0.114 * b > 140 else "#fff"


def generated(n: int) -> str:
    """The ``n``-th colour after the palette's: hues a golden angle apart, so any number of
    factions each get one, the same one on every run, and neighbours in the order differ."""
    import colorsys

    hue = (0.11 + n * 0.381966) % 1.0
    light = (0.38, 0.5, 0.3)[n % 3]  # dark enough that the control band reads on the terrain
    r, g_, b = colorsys.hls_to_rgb(hue, light, 0.6)
    return "#" + "".join(f"{round(v * 255):02x}" for v in (r, g_, b))


def _mix(c: str, t: float) -> str:
    """``c`` moved a fraction ``t`` towards white."""
    r, g_, b = (int(c[i:i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{int(v + (255 - v) * t):02x}" for v in (r, g_, b))


class Colours:
    """Faction (control band, zones) and nationality (counters) colours of one scenario."""

    def __init__(self, state: GameState):
        self._fac: dict[str, str] = {}
        n = 0
        for fid in sorted(state.factions):
            if fid not in FACTIONS:  # the palette first, then as many generated as are needed
                n += 1
            self._fac[fid] = FACTIONS.get(fid) or (
                _PALETTE[n - 1] if n <= len(_PALETTE) else generated(n - len(_PALETTE)))
        self._nat: dict[str, str] = {}
        seen: dict[str, int] = {}
        for nid in sorted(state.nationalities):
            fac = state.nationalities[nid].faction
            n = seen[fac] = seen.get(fac, -1) + 1
            self._nat[nid] = NATIONS.get(nid) or _mix(self._fac.get(fac, "#888888"),
                                                      0.45 + 0.12 * (n % 4))

    def faction(self, fid: str) -> str:
        return self._fac.get(fid, "#9a9a9a")

    def nationality(self, nid: str) -> str:
        return self._nat.get(nid, "#cccccc")


def symbol(type_: str, cx: float, y: float, ink: str, h: float = 7.0) -> str:
    """A small NATO-style unit symbol (2h x h) centred on cx with its top at y.

    Seven pixels high on a counter, so the unit id under it has room for type a reader can read.
    """
    x0, x1, y1, mid = cx - h, cx + h, y + h, y + h / 2
    pen = f'stroke="{ink}" stroke-width="0.9"/>'  # every stroke of the symbol
    box = f'<rect x="{x0:.1f}" y="{y:.1f}" width="{2 * h:.1f}" height="{h:.1f}" fill="none" {pen}'
    cross = (f'<path d="M{x0:.1f},{y:.1f}L{x1:.1f},{y1:.1f}M{x1:.1f},{y:.1f}L{x0:.1f},{y1:.1f}" '
             f'{pen}')
    oval = (f'<ellipse cx="{cx:.1f}" cy="{mid:.1f}" rx="{h * 0.53:.1f}" ry="{h * 0.29:.1f}" '
            f'fill="none" {pen}')
    t = type_.lower()
    if t in ("armor", "armour", "panzer", "tank"):
        return box + oval
    if t in ("mech", "mechanized", "motorized", "panzergrenadier"):
        return box + cross + oval
    if t in ("airborne", "paratroop", "parachute", "chindit"):
        arc = (f'<path d="M{cx - 3.5:.1f},{y1 - 1:.1f}q1.75,-2.2 3.5,0q1.75,-2.2 3.5,0" '
               f'fill="none" {pen}')
        return box + cross + arc
    if t in ("infantry", "inf", "marine", "partisan", "militia"):
        return box + cross
    if t in ("cavalry", "cav"):
        return (box + f'<path d="M{x0:.1f},{y1:.1f}L{x1:.1f},{y:.1f}" stroke="{ink}" '
                      'stroke-width="0.9"/>')
    if t in ("mountain", "alpine"):
        return (box + '<path '
                      f'd="M{cx - 3:.1f},{y1:.1f}L{cx:.1f},{y + h / 3:.1f}L{cx + 3:.1f},{y1:.1f}Z" '
                      f'fill="{ink}"/>')
    if t in ("artillery", "flak"):
        return box + f'<circle cx="{cx:.1f}" cy="{mid:.1f}" r="1.6" fill="{ink}"/>'
    return (f'<text x="{cx:.1f}" y="{y + h - 0.5:.1f}" font-size="7" text-anchor="middle" '
            f'fill="{ink}">{escape(type_[:3].upper())}</text>')


def defs(colours: Colours) -> str:
    heads = "".join(
        f'<marker id="head-{k}" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="4" '
        'markerHeight="4" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" '
        f'fill="{c}"/></marker>' for k, c in ARROWS.items())
    hatch = ('<pattern id="hatch" width="8" height="8" patternUnits="userSpaceOnUse" '
             'patternTransform="rotate(45)"><rect width="8" height="8" fill="#ffffff" '
             'fill-opacity="0.12"/><line x1="0" y1="0" x2="0" y2="8" stroke="#c0392b" '
             'stroke-width="2.2" stroke-opacity="0.55"/></pattern>')
    return f"<defs>{heads}{hatch}</defs>"


class Legend:
    """The legend panel, laid out top to bottom."""

    def __init__(self, x: float, y: float):
        self.x, self.y, self.out = x, y, ['<g class="legend">']

    def head(self, text: str) -> None:
        self.y += 20
        self.out.append(f'<text x="{self.x:.1f}" y="{self.y:.1f}" font-size="12" '
                        f'font-weight="bold">{escape(text)}</text>')
        self.y += 4

    def text(self, text: str) -> None:
        self.y += 14
        self.out.append(f'<text x="{self.x:.1f}" y="{self.y:.1f}" font-size="10.5" fill="#333">'
                        f'{escape(text)}</text>')

    def wrap(self, text: str, width: int = 44) -> None:
        line = ""
        for word in text.split(" "):
            if line and len(line) + 1 + len(word) > width:
                self.text(line)
                line = "   " + word
            else:
                line = f"{line} {word}" if line else word
        if line:
            self.text(line)

    def swatch(self, fill: str, label: str) -> None:
        self.y += 16
        self.out.append(f'<rect x="{self.x:.1f}" y="{self.y - 10:.1f}" width="18" height="12" '
                        f'fill="{fill}" stroke="#666" stroke-width="0.7"/><text '
                        f'x="{self.x + 26:.1f}" y="{self.y:.1f}" '
                        f'font-size="10.5">{escape(label)}</text>')

    def line(self, kind: str, label: str) -> None:
        self.y += 17
        x, y = self.x, self.y - 4
        if kind in ARROWS:
            dash = "" if kind == "advance" else ' stroke-dasharray="6 3"'
            mark = (f'<path d="M{x:.1f},{y:.1f}L{x + 22:.1f},{y:.1f}" stroke="{ARROWS[kind]}" '
                    f'stroke-width="3"{dash} marker-end="url(#head-{kind})"/>')
        elif kind == "zone":
            mark = (f'<path d="M{x:.1f},{y:.1f}L{x + 26:.1f},{y:.1f}" stroke="#555" '
                    'stroke-width="3" stroke-dasharray="7 4"/>')
        elif kind in HEXSIDES:
            col, w, dash = HEXSIDES[kind]
            dash = f' stroke-dasharray="{dash}"' if dash else ""
            mark = (f'<path d="M{x:.1f},{y:.1f}L{x + 26:.1f},{y:.1f}" stroke="{col}" '
                    f'stroke-width="{w}"{dash} stroke-linecap="round"/>')
        elif kind == "hatch":
            mark = (f'<rect x="{x:.1f}" y="{y - 7:.1f}" width="26" height="13" fill="url(#hatch)" '
                    'stroke="#555"/>')
        elif kind == "changed":
            mark = (f'<rect x="{x + 1:.1f}" y="{y - 6:.1f}" width="24" height="12" fill="none" '
                    f'stroke="{CHANGED}" stroke-width="3"/>')
        else:
            mark = (f'<rect x="{x + 6:.1f}" y="{y - 7:.1f}" width="14" height="14" fill="#bbb" '
                    f'opacity="0.55"/><path d="M{x + 6:.1f},{y - 7:.1f}l14,14m0,-14l-14,14" '
                    'stroke="#c00" stroke-width="2"/>')
        self.out.append(mark + f'<text x="{x + 34:.1f}" y="{self.y:.1f}" '
                               f'font-size="10.5">{escape(label)}</text>')

    def close(self) -> list[str]:
        return self.out + ["</g>"]


def center(col: int, row: int) -> tuple[float, float]:
    """Pixel centre of hex (col, row) before the map offset: odd columns half a hex down."""
    return col * 1.5 * R, row * H + (H / 2 if col & 1 else 0.0)


def corners(x: float, y: float, r: float = R) -> list[tuple[float, float]]:
    """Corners of a flat-topped hex, starting east and turning clockwise (SVG y points down)."""
    return [(x + r * math.cos(math.radians(60 * i)), y + r * math.sin(math.radians(60 * i))) for i in range(6)]


def points(ps) -> str:
    """An SVG ``points`` attribute's value for the (x, y) pairs ``ps``."""
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in ps)


def safe_id(text: str) -> str:
    """An XML id made from any unit or hex id (other characters become '_')."""
    return re.sub(r"[^A-Za-z0-9_.-]", "_", text)


# -- what the picture shows besides the board ---------------------------------
