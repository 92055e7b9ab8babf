"""The turn sequence the seats drive (rule ``turn.seats``) and a game's end (rule ``end``).

From rulings edition 6 a seated game needs nobody but its seats: the phasing side starts its phases
and ends its player turn (EndPlayerTurn), the next side in the order starts its own player turn once
the one before has ended, and the first side in the order starts the next game turn once every player
turn of this one has ended. A named host may still issue each of these, and is never needed. A game
whose scenario names a last game turn (``rules.end.last_turn``) ends when the last player turn of that
game turn ends: GameEnded is its automatic consequence, and after it only notes (and the seed's
reveal) are played. docs/design.md, "Whose move", defines host, phasing side, active seat and "due".

An earlier edition's seated game keeps the judgement it was played under: the phasing side or the host
advanced everything (``seats.host``), and verify re-executes its log as played.
"""
from __future__ import annotations

from turnlog.events import game as g
from turnlog.events.editions import Ruling, applies
from turnlog.projections.state import GameState

from . import commands as c
from .errors import RuleViolation
from .kind import Actor

#: Edition 6: the seats advance the sequence; the phasing side moves its own units without a claim.
SEATS_DRIVE = Ruling("seats-drive-turn", 6, "turn.seats",
                     "the seats advance the turn sequence (the phasing side its phases and the end of "
                     "its player turn, the next side its own player turn, the first side the next game "
                     "turn); a host may, and is never needed; a side's own MoveUnit in its own player "
                     "turn is no claim")
#: What may still be issued once the game is over.
AFTER_END = ("AddNote", "RevealSeed")


def driven(state: GameState) -> bool:
    """Whether the seats drive this game's turn sequence: seated with claims, edition 6 on."""
    return bool(state.seats.claims) and applies(state, SEATS_DRIVE)


def order(state: GameState) -> list[str]:
    """The player turns of a game turn, in order: the scenario's factions but the independent minors."""
    return [f for f, spec in state.factions.items() if not spec.independent_minor]


def next_side(state: GameState) -> str:
    """The faction whose player turn comes next in this game turn, or "" when each has had its own."""
    seq, played = order(state), state.turn.played
    if not played:
        return seq[0] if seq else ""
    last = played[-1]
    i = seq.index(last) + 1 if last in seq else len(seq)
    return seq[i] if i < len(seq) else ""


def who(state: GameState, cmd: c.Command) -> Actor | None:
    """Who advances the sequence with ``cmd`` in a game the seats drive (with the host), or None."""
    if isinstance(cmd, (c.StartPhase, c.EndPlayerTurn)):
        return Actor("host", state.turn.active, SEATS_DRIVE.rule)
    if isinstance(cmd, c.StartPlayerTurn):
        return Actor("host", cmd.faction, SEATS_DRIVE.rule)
    if isinstance(cmd, c.StartGameTurn):
        first = order(state)
        return Actor("host", first[0] if first else "", SEATS_DRIVE.rule)
    return None


def end_player_turn(state: GameState, _cmd: c.EndPlayerTurn, _dice) -> list:
    """The phasing side's end of its player turn (``turn.seats``)."""
    t = state.turn
    if not t.active:
        raise RuleViolation("turn.seats", f"no player turn is under way in game turn {t.turn}: the "
                            f"next is {next_side(state) or 'a new game turn'}'s to start")
    if t.ended:
        raise RuleViolation("turn.seats", f"{t.active}'s player turn has already ended; the next is "
                            f"{next_side(state) or 'a new game turn'}'s to start")
    return [g.PlayerTurnEnded(faction=t.active)]


def ended(state: GameState) -> None:
    """Refuse the next player turn or game turn before the phasing side ended its own (``turn.seats``)."""
    t = state.turn
    if driven(state) and t.active and not t.ended:
        raise RuleViolation("turn.seats", f"{t.active}'s player turn has not ended: its side ends it "
                            "(EndPlayerTurn) before the next one starts")


def react(state: GameState, event) -> list:
    """GameEnded, when the last player turn of the scenario's last game turn has just ended (``end``)."""
    last = state.rules.end.last_turn
    if (isinstance(event, g.PlayerTurnEnded) and last and state.turn.turn >= last
            and not next_side(state) and not state.over):
        return [g.GameEnded(turn=state.turn.turn,
                            reason=f"game turn {last} was the scenario's last, and its last "
                                   "player turn has ended")]
    return []


def over(state: GameState, cmd: c.Command) -> None:
    """Refuse anything but a note or the reveal once the game has ended (rule ``end``)."""
    if state.over and type(cmd).__name__ not in AFTER_END:
        raise RuleViolation("end", f"the game is over ({state.over}); only notes and the seed's "
                            "reveal may follow")


def own_move(state: GameState, command, held: list[str]) -> bool:
    """Whether ``command`` is a MoveUnit of the phasing side's own unit by its seat (no claim, ed. 6)."""
    if not isinstance(command, c.MoveUnit) or not applies(state, SEATS_DRIVE):
        return False
    unit = state.units.get(command.unit)
    nat = state.nationalities.get(unit.nationality) if unit is not None else None
    return (nat is not None and state.turn.active in held and nat.faction == state.turn.active
            and not state.turn.ended)
