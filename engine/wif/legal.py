"""What a WiF land combat offers before it opens: the hexes the active side may attack; the tables.

``BeginLandCombat`` is offered for each hex holding the active side's enemies with at least one of
its units on the map next to it (11.16.5-T1: one table, one result per attacked hex, so a hex
already under an open combat is left out). The odds and the weather are the host's facts (reading
notes §1.2): open fields, with example values only. The tables offered are those the game can read
(R1).
"""
from __future__ import annotations

from turnlog.events.editions import applies

from turnlog.projections.state import GameState

from .. import claims
from ..errors import RuleViolation
from ..kit import sequence
from ..kit.board import by_hex, enemies, faction_of, friendly, neighbours, on_board
from ..kit.choices import Choice, Option, choice
from . import r1_table as tb
from . import rulings

#: Examples for the open fields (the host computes them; the texts do not).
ODDS = ["1:2", "1:1", "3:2", "2:1", "3:1", "4:1", "5:1"]
WEATHER = ["fine", "rain", "snow"]


def tables(state: GameState) -> list[str]:
    """The tables this game can read (R1 refuses a combat without both: none if one is missing)."""
    try:
        for kind in tb.TABLES:
            tb.loaded(state, kind)
    except RuleViolation:
        return []
    return list(tb.TABLES)


def _odds(state: GameState) -> Option:
    """The odds field: stated by the attacker, or (from edition 5) computed when left out (11.16.4)."""
    if applies(state, rulings.ODDS_FROM_BOARD):
        # where the board's odds are checked (fair play), none is offered: left out, they are computed
        return Option(field="odds", values=[] if _checked(state) else ODDS, optional=True,
                      domain="the final odds before terrain shifts, a:b (11.16.4: when left out, "
                             "computed from the units' factors, multipliers and claimed ground support)")
    return Option(field="odds", values=ODDS, domain="the final odds before terrain shifts, a:b")


def _checked(state: GameState) -> bool:
    """Whether given odds are held to the board's (a fair-play game whose reports need the other side)."""
    return claims.on(state) and state.seats.claims.get("report") != "any"


def begin_choices(state: GameState, busy: set[str]) -> list[Choice]:
    """One BeginLandCombat per hex the active side may attack now, with its adjacent units."""
    attacker = state.turn.active
    if not attacker or not tables(state):
        return []
    if "combat" in sequence.phases(state.rules) and state.turn.phase != "combat":
        return []
    occ = by_hex(state)
    out = []
    for hex_ in sorted(occ):
        held = any(enemies(state, attacker, faction_of(state, u)) for u in occ[hex_])
        if hex_ in busy or not held:
            continue
        near = sorted(u.id for h in neighbours(state, hex_) for u in occ.get(h, [])
                      if on_board(u) and friendly(state, attacker, faction_of(state, u)))
        if not near:
            continue
        opts = [Option(field="attackers", values=near, many=True, least=1, most=None),
                _odds(state),
                Option(field="weather", values=WEATHER, domain="the weather in the hex")]
        note = ("odds given must read the board's column on each table (11.16.4); left out, they are "
                "computed" if applies(state, rulings.ODDS_FROM_BOARD) and _checked(state) else "")
        out.append(choice("BeginLandCombat", {"hex": hex_}, opts, rule="11.16.5-T1",
                          role="attacker", faction=attacker, note=note))
    return out
