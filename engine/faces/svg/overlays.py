"""The kinds' overlays on the SVG board (engine/view.py Overlay): each hex outlined in its role's
style, with its label on a chip at the hex's foot.

The style table is shared with the HTML replay's script (engine/faces/html/replay.py sends it as data), so
the two pictures draw an overlay alike. A role no entry names (a user's own kind) gets DEFAULT: a
kind is drawn without editing a face.
"""
from __future__ import annotations

from .markup import escape, quoteattr

import msgspec

from ...view import Overlay
from .style import H, R, Colours, corners, points, safe_id


class Style(msgspec.Struct, frozen=True, kw_only=True):
    """How an overlay of one role is drawn: its outline (none without ``stroke``) and its chip."""

    stroke: str = ""
    width: float = 3.0
    dash: str = ""
    inset: float = 4.0
    hatch: bool = False
    chip: str = "#fff8e6"     # the label chip's fill
    ink: str = "#7a1f1f"      # the label's colour
    cls: str = ""             # the classes the picture always gave this role (programs read them)


STYLES: dict[str, Style] = {
    "required": Style(stroke="#c00", dash="8 4", cls="required-target required"),
    "attacked": Style(stroke="#c00", dash="2 4", cls="required-target attacked"),
    "combat": Style(stroke="#7a1f1f", width=2.5, inset=3.0, cls="land-combat"),
    "combat-done": Style(stroke="#7a1f1f", width=2.5, inset=3.0, dash="2 4",
                         cls="land-combat done"),
    "defending": Style(stroke="#7a1010", width=2.5, dash="6 3", inset=3.0, cls="assault"),
    "result": Style(chip="#7a1010", ink="#ffffff", cls="assault-result"),
    "occupation": Style(stroke="faction", width=2.0, inset=1.0, hatch=True, cls="occupation"),
}
DEFAULT = Style(stroke="#6a3d9a", width=3.0, dash="4 2", inset=5.0, chip="#f3ecfa", ink="#4a1d7a")


def style(role: str) -> Style:
    return STYLES.get(role, DEFAULT)


def overlays(found: list[Overlay], pos, colours: Colours) -> list[str]:
    """Every overlay on a hex of the map as one group, its outline drawn under the counters.

    The group's data attributes name its hex, role, label and procedure; ``chips`` draws the labels.
    """
    out = ['<g class="overlays">']
    for i, o in enumerate(found):
        if o.hex not in pos:
            continue
        x, y = pos[o.hex]
        s = style(o.role)
        ident = f"{safe_id(o.role)}-{safe_id(o.procedure)}-{safe_id(o.hex)}" if o.procedure \
            else f"overlay-{i}"
        cls = f"overlay role-{safe_id(o.role)}" + (f" {s.cls}" if s.cls else "")
        parts = [f'<g id="{ident}" class="{cls}" data-hex={quoteattr(o.hex)} '
                 f'data-role={quoteattr(o.role)} data-label={quoteattr(o.label)} '
                 f'data-procedure={quoteattr(o.procedure)}>']
        if o.title:
            parts.append(f"<title>{escape(o.title)}</title>")
        if s.stroke:
            stroke = colours.faction(o.faction) if s.stroke == "faction" else s.stroke
            fill = "url(#hatch)" if s.hatch else "none"
            dash = f' stroke-dasharray="{s.dash}"' if s.dash else ""
            parts.append(f'<polygon points="{points(corners(x, y, R - s.inset))}" fill="{fill}" '
                         f'stroke="{stroke}" stroke-width="{s.width}"{dash}/>')
        parts.append("</g>")
        out.append("".join(parts))
    out.append("</g>")
    return out


def chips(found: list[Overlay], pos) -> list[str]:
    """The overlays' labels on chips at their hexes' feet, over the counters; a second one above."""
    out = ['<g class="overlay-chips">']
    seen: dict[str, int] = {}
    for o in found:
        if o.hex not in pos or not o.label:
            continue
        x, y = pos[o.hex]
        k = seen[o.hex] = seen.get(o.hex, -1) + 1
        s = style(o.role)
        w = len(o.label) * 5.4 + 8
        top = y + H / 2 - 16 - 13 * k
        tip = f"<title>{escape(o.title)}</title>" if o.title else ""
        out.append(f'<g class="overlay-chip role-{safe_id(o.role)}" data-hex={quoteattr(o.hex)}>'
                   f'{tip}<rect x="{x - w / 2:.1f}" y="{top:.1f}" width="{w:.1f}" height="12" '
                   f'rx="2.5" fill="{s.chip}" stroke="{s.ink}" stroke-width="0.6"/>'
                   f'<text x="{x:.1f}" y="{top + 9:.1f}" font-size="9" font-weight="bold" '
                   f'text-anchor="middle" fill="{s.ink}">{escape(o.label)}</text></g>')
    out.append("</g>")
    return out
