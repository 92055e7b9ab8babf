"""The combined-organisation penalty: AS-ORG.1-2 with reading P15, on the scenario's ``formations``.

A unit's organisation is found by walking up from its ``formation`` through the parents: the first
``division`` reached is its divisional-level organisation; a ``corps`` reached first makes it a
corps-level unit of that corps. A unit whose chain names neither (or whose formation is not in the table)
counts its own ``formation`` as its divisional-level organisation, so two such units with different
formations are two organisations (docs/rulings.md). P15: no penalty only when every attacker is of one
division, or of that division and corps-level units of the division's own corps, or all corps-level of
one corps.
"""
from __future__ import annotations

from turnlog.events.base import Modifier
from turnlog.projections.state import GameState, UnitState

PENALTY = -20


def _up(state: GameState, fid: str, level: str) -> str | None:
    """The first formation at ``level`` from ``fid`` upward (``fid`` itself included), else None."""
    seen = set()
    while fid in state.formations and fid not in seen:
        seen.add(fid)
        f = state.formations[fid]
        if f.level == level:
            return fid
        fid = f.parent
    return None


def organisation(state: GameState, u: UnitState) -> tuple[str, str]:
    """("division", id) or ("corps", id): the unit's divisional-level organisation, or its corps if corps-level."""
    fid, seen = u.formation, set()
    while fid in state.formations and fid not in seen:
        seen.add(fid)
        f = state.formations[fid]
        if f.level in ("division", "corps"):
            return f.level, fid
        fid = f.parent
    return "division", u.formation


def penalty(state: GameState, attackers: list[UnitState]) -> list[Modifier]:
    """AS-ORG.1: -20% on the attackers when they mix organisations; AS-ORG.2's exception applied (P15)."""
    orgs = {organisation(state, u) for u in attackers}
    divisions = sorted(i for lv, i in orgs if lv == "division")
    corps = sorted(i for lv, i in orgs if lv == "corps")
    if len(divisions) > 1:
        why = f"attackers from the divisional-level organisations {', '.join(repr(d) for d in divisions)}"
    elif len(corps) > 1:
        why = f"corps-level attackers of different corps {', '.join(repr(c) for c in corps)}"
    elif divisions and corps and _up(state, divisions[0], "corps") != corps[0]:
        why = f"division {divisions[0]!r} with corps-level units of corps {corps[0]!r}, not its own"
    else:
        return []  # one organisation, or AS-ORG.2: a division with corps-level units of its own corps
    return [Modifier(value=PENALTY, rule="AS-ORG.1", kind="percent", applies_to="attacker", reason=why)]
