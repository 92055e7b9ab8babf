"""The turn sequence the seats drive (rules ``turn.seats`` and ``end``) as a phase table, to draw it.

``turnlog diagram --kind turn`` and the REPL draw it like a combat system's machine. The turn's own
deciders (engine/turn.py, engine/turn_seats.py) judge each step; a test plays every bundled scenario
and checks that every advance it made is an edge of this table, so the drawing cannot drift from them.

States: ``between`` (a game turn has started and no player turn is under way), ``phase`` (the phasing
side's player turn, in one of the game's phases), ``ended`` (the phasing side has ended it), ``over``
(the scenario's last game turn is done).
"""
from __future__ import annotations

from .kit.machine import build

STATES = ["between", "phase", "ended", "over"]

TRANSITIONS = [
    {"trigger": "start_player_turn", "source": "between", "dest": "phase"},       # the first side's own
    {"trigger": "start_phase", "source": "phase", "dest": "phase"},               # a later phase
    {"trigger": "end_player_turn", "source": "phase", "dest": "ended"},           # turn.seats
    {"trigger": "start_player_turn", "source": "ended", "dest": "phase",          # the next side's own
     "conditions": "next_side"},
    {"trigger": "start_game_turn", "source": "ended", "dest": "between",          # the first side starts it
     "conditions": "all_played", "unless": "last_turn"},
    {"trigger": "end", "source": "ended", "dest": "over",                         # rule end, automatic
     "conditions": ["all_played", "last_turn"]},
]

FACTS = {"next": False, "played": False, "last": False}

CONDITIONS = {
    "next_side": lambda f: f.next,
    "all_played": lambda f: f.played,
    "last_turn": lambda f: f.last,
}

ROLES = {"between": "active", "phase": "active", "ended": "active", "over": "none"}

COMMAND_TRIGGER = {
    "StartPlayerTurn": "start_player_turn",
    "StartPhase": "start_phase",
    "EndPlayerTurn": "end_player_turn",
    "StartGameTurn": "start_game_turn",
}

MACHINE = build("turn", states=STATES, transitions=TRANSITIONS, initial="between", final=("over",),
                facts=FACTS, conditions=CONDITIONS, roles=ROLES, commands=COMMAND_TRIGGER,
                rule="turn.seats")


def state_of(state) -> str:
    """The table's state of a game's board."""
    if state.over:
        return "over"
    t = state.turn
    if not t.active:
        return "between"
    return "ended" if t.ended else "phase"
