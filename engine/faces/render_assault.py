"""The Panzer Campaigns assault results on the SVG board: attacker/defender losses over the defending hex.

AS-MAP.1: a resolved assault of the current player turn shows its two losses, the attacker's first, on a
chip at the foot of the defending hex (men-equivalents, reading P9); its title names the procedure.
"""
from __future__ import annotations

from turnlog.projections.state import GameState

from .markup import escape, quoteattr
from .render_style import H, safe_id


def assault_results(state: GameState, pos) -> list[str]:
    """One chip per resolved assault of this player turn, over its defending hex."""
    got = state.kinds.get("assault")
    out = ['<g class="assault-results">']
    t = state.turn
    for p in (got.procedures.values() if got is not None else ()):
        if not p.resolved or p.hex not in pos or (p.turn, p.attacker) != (t.turn, t.active):
            continue
        x, y = pos[p.hex]
        text = f"{p.att_loss}/{p.def_loss}"
        w = len(text) * 6.6 + 8
        tip = f"{p.id}: the attackers lost {p.att_loss}, the defenders {p.def_loss} (AS-MAP.1)"
        out.append(f'<g id="assault-result-{safe_id(p.id)}" class="assault-result" data-hex={quoteattr(p.hex)}>'
                   f'<title>{escape(tip)}</title><rect x="{x - w / 2:.1f}" y="{y + H / 2 - 17:.1f}" width="{w:.1f}" '
                   f'height="13" rx="3" fill="#7a1010"/><text x="{x:.1f}" y="{y + H / 2 - 7:.1f}" font-size="10" '
                   f'font-weight="bold" text-anchor="middle" fill="#fff">{escape(text)}</text></g>')
    out.append("</g>")
    return out
