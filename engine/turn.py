"""The turn sequence and host-reported facts, with light validation.

The wider game (movement, supply tracing, offensives, airdrops) is not
simulated: the host tells turnlog what happened and turnlog records it, after
checking that every id exists and the value is possible (engine/host.py's steps).
"""
from __future__ import annotations

from typing import Callable, get_args

from turnlog.events import game as g
from turnlog.events.editions import Ruling, applies
from turnlog.events.setup import Season, Supply
from turnlog.projections.state import GameState

from . import commands as c
from . import claims, domains, host, identity, joint
from . import turn_seats as TS
from .dice import Dice
from .errors import CommandError, RuleViolation
from .host import need_faction
from .kit.choices import Choice, Option, choice
from .kit.sequence import AWAW, phases
from .kind import Actor

#: A World at War's sequence, the default; a game's own is ``phases(state.rules)``
#: (engine/kit/sequence.py).
PHASES = AWAW

#: Host facts that an open attrition's count, modifiers, losses or retreats read (14.22A, 14.11).
BOARD_FACTS = (c.MoveUnit, c.SetControl, c.SetSupply, c.MarkOffensive, c.PlaceFeature,
               c.RemoveFeature, c.SetWeather)


def _later(state: GameState) -> list[str]:
    """The phases of the game's sequence that may still start in this player turn."""
    seq, cur = phases(state.rules), state.turn.phase
    return [p for p in seq if cur not in seq or seq.index(p) > seq.index(cur)]


def _next_phase(state: GameState, p: str) -> str:
    """Return ``p`` if it may start now; refuse a phase outside the sequence or not after the current one."""
    seq = phases(state.rules)
    if p not in seq:
        raise RuleViolation("turn",
                            f"phase {p} is not in this game's turn sequence ({', '.join(seq)})")
    if p not in _later(state):
        raise RuleViolation("turn",
                            f"phase {p} cannot follow {state.turn.phase} in the same player turn")
    return p


#: The player turns of a game turn, in order (engine/turn_seats.py).
order = TS.order
_next_side = TS.next_side


def _all_played(state: GameState) -> None:
    """Refuse a new game turn while a player turn of this one is still to be played (rule ``turn``)."""
    due = _next_side(state)
    if due:
        raise RuleViolation("turn", f"{due}'s player turn of game turn {state.turn.turn} has not "
                            "been played; no player turn is skipped")


def reports(name: str) -> tuple | None:
    """The fields that make a command named ``name`` a report (empty: always), from the kinds' ``reports``."""
    for k in KINDS:
        fields = getattr(k, "reports", {}).get(name)
        if fields is not None:
            return tuple(fields)
    return None


#: Every registered kind, in order: engine/kinds.py binds its registry list here (it imports this
#: module, so this module cannot import it).
KINDS: list = []
#: The registered kinds that have a ``holds_board``, in KINDS' order: engine/kinds.py refills it as
#: it registers a kind (KINDS changes nowhere else), so a host command asks only them.
HOLDERS: list = []


def _held(state: GameState, what: str) -> RuleViolation | None:
    """Why the host command ``what`` must wait for an open procedure (a kind's ``holds_board``), or None."""
    for k in HOLDERS:
        blocked = k.holds_board(state, what)
        if blocked is not None:
            return blocked
    return None


def _procedure_open(state: GameState) -> bool:
    """Whether some kind holds the turn (its ``unfinished``), as Game.decide checks before a turn advance."""
    return any(k.unfinished(state) is not None for k in KINDS if k is not KIND)


def _claim(state: GameState, cmd, dice: Dice) -> list:
    # set when engine/kinds.py, which routes every command, loads
    assert claims.ROUTE is not None
    return claims.decide(state, cmd, dice, claims.ROUTE, reports)


def _game_turn(state: GameState, cmd: c.StartGameTurn, _dice) -> list:
    t, y = cmd.turn, cmd.year
    _in_domain(state, t, y)
    if t <= state.turn.turn:
        raise RuleViolation("turn", f"game turn {t} does not follow turn {state.turn.turn}")
    if claims.on(state):
        _all_played(state)
        TS.ended(state)
    return [g.GameTurnStarted(turn=t, season=cmd.season, year=y, weather=cmd.weather)]


def _player_turn(state: GameState, cmd: c.StartPlayerTurn, _dice) -> list:
    f = cmd.faction
    need_faction(state, f)
    if claims.on(state) and f != _next_side(state):
        due = _next_side(state) or "no one's (start the next game turn)"
        raise RuleViolation("turn", f"the next player turn is {due}, not {f}'s "
                            f"(order: {', '.join(order(state))})")
    TS.ended(state)
    return [g.PlayerTurnStarted(faction=f)]


def _phase(state: GameState, cmd: c.StartPhase, _dice) -> list:
    if state.turn.ended and TS.driven(state):
        raise RuleViolation("turn.seats", f"{state.turn.active}'s player turn has ended: no phase "
                            "of it starts again")
    return [g.PhaseStarted(phase=_next_phase(state, cmd.phase))]


def _note(state: GameState, cmd: c.AddNote, _dice) -> list:
    t, at = cmd.text, cmd.at
    if not t.strip():
        raise CommandError("text: a note needs some text")
    if len(t) > MAX_NOTE and applies(state, NOTES_BOUNDED):  # earlier: any length
        raise CommandError(f"text: {len(t)} characters, more than the limit of {MAX_NOTE} for "
                           "a note")
    if not 0 <= at <= state.seq:
        raise CommandError(f"at: {at} is outside the log (0..{state.seq})")
    return [g.NoteAdded(text=t, at_seq=at or state.seq)]


def _fork(state: GameState, cmd: c.ForkGame, _dice) -> list:
    return identity.forked(state, cmd.nonce, cmd.own_dice)


def _reveal(state: GameState, _cmd: c.RevealSeed, dice: Dice) -> list:
    if state.joint_dice:
        return joint.reveal(state, dice)
    if state.seed:
        raise RuleViolation("dice", "the seed is already revealed")
    if dice.seed is None:
        raise RuleViolation("dice", "the seed is not available to this process")
    return [g.SeedRevealed(seed=dice.seed.hex())]


#: command type -> the step of TurnKind.decide that gives its events, one lookup a command (a
#: ``match`` tried an isinstance per case before it, each miss ~100 ns). In the order the cases
#: were tried, which _step keeps for a subclass of one of them.
_STEPS: dict[type, Callable[..., list]] = {
    c.MakeClaim: _claim, c.AcceptClaim: _claim, c.DisputeClaim: _claim,
    c.StartGameTurn: _game_turn, c.StartPlayerTurn: _player_turn, c.StartPhase: _phase,
    c.EndPlayerTurn: TS.end_player_turn,
    **host.STEPS,
    c.AddNote: _note, c.ForkGame: _fork, c.RevealSeed: _reveal,
}


def _step(t: type) -> Callable[..., list] | None:
    """The step for command type ``t``: its own, else the first whose type ``t`` subclasses."""
    got = _STEPS.get(t)
    if got is None:  # as isinstance matched: a subclass of a turn command is decided as it is
        got = next((f for cls, f in _STEPS.items() if issubclass(t, cls)), None)
    return got


Plan = tuple[bool, "Callable[..., list] | None"]
#: command type -> whether it is one of BOARD_FACTS (isinstance's answer) and its step: a class's
#: bases never change, so both are worked out once per type (one lookup a command, not two tests).
_PLANS: dict[type, Plan] = {}


def _plan(t: type) -> Plan:
    """``t``'s entry in _PLANS, made the first time a command of type ``t`` is decided."""
    got = _PLANS[t] = (issubclass(t, BOARD_FACTS), _step(t))
    return got


class TurnKind:
    name = "turn"
    commands = (c.StartGameTurn, c.StartPlayerTurn, c.StartPhase, c.EndPlayerTurn, c.SetWeather, c.MoveUnit,
                c.MarkOffensive, c.SetControl, c.SetSupply, c.MarkAirdropped, c.PlaceFeature,
                c.RemoveFeature, c.AddNote,
                c.RevealSeed, c.ForkGame, c.MakeClaim, c.AcceptClaim, c.DisputeClaim)

    def decide(self, state: GameState, cmd: c.Command, dice: Dice) -> list:
        fact, step = _PLANS.get(type(cmd)) or _plan(type(cmd))
        if fact:
            blocked = _held(state, type(cmd).__name__)
            if blocked is not None:
                raise blocked
        if step is None:
            raise CommandError(f"{type(cmd).__name__}: not a turn command")
        return step(state, cmd, dice)

    #: the sequence as a phase table, for the diagrams (engine/turn_machine.py); loaded on first use
    @property
    def machine(self):
        from .turn_machine import MACHINE
        return MACHINE

    #: the one event the turn answers: the end of the last player turn ends the game (rule ``end``)
    reacts_to = (g.PlayerTurnEnded,)

    def react(self, state: GameState, event) -> list:
        return TS.react(state, event)

    def legal(self, state: GameState) -> list[Choice]:
        """The turn and host commands that may be issued now, with their fields' values where finite."""
        if state.over:  # the game has ended (rule ``end``): notes only
            return [ch for ch in _host_choices(state) if ch.command == "AddNote"]
        held = {k.__name__ for k in BOARD_FACTS} if _held(state, "") is not None else set()
        # the turn moves on only once every open procedure is done (14.11, 9.0...)
        if _procedure_open(state):
            held |= {"StartGameTurn", "StartPlayerTurn", "StartPhase", "EndPlayerTurn"}
        held |= _sequence_held(state)
        out = [ch for ch in _host_choices(state) if ch.command not in held]
        out += [choice("StartPhase", {"phase": p}, positional=True, rule="turn", role="phasing",
                       faction=state.turn.active) for p in _later(state) if "StartPhase" not in held]
        if "EndPlayerTurn" not in held:
            out.append(choice("EndPlayerTurn", rule="turn.seats", role="phasing",
                              faction=state.turn.active))
        return out

    def unfinished(self, state: GameState) -> None:
        return None

    def who(self, state: GameState, cmd: c.Command) -> Actor:
        """Notes and the seed's reveal are anyone's seated; the rest are host commands."""
        if isinstance(cmd, (c.AcceptClaim, c.DisputeClaim)):
            return Actor("seated", "", "claims.answer")
        if isinstance(cmd, (c.AddNote, c.RevealSeed)):
            return Actor("seated", "", "seats.notes")
        if TS.driven(state):
            got = TS.who(state, cmd)
            if got is not None:
                return got
        return Actor("host", state.turn.active, "seats.host")


KIND = TurnKind()


def _sequence_held(state: GameState) -> set[str]:
    """The advances the sequence does not allow now: no end before a player turn, none twice, and, where
    the seats drive it, no next player turn or game turn before the phasing side ended its own."""
    t = state.turn
    out = set() if t.active and not t.ended else {"EndPlayerTurn"}
    if TS.driven(state):
        out |= {"StartGameTurn", "StartPlayerTurn"} if t.active and not t.ended else set()
        out |= {"StartPhase"} if t.ended or not t.active else set()
    return out


def _host_choices(state: GameState) -> list[Choice]:
    """What the host may report, in the order legal() always gave; ids and enums listed, the rest open.

    RemoveFeature is offered only while some hex holds a feature, each hex with the kinds it holds; a
    command with a field nothing can fill (a unit, on a map without one) is not offered.
    """
    t, units, hexes, facs = state.turn, sorted(state.units), sorted(state.hexes), sorted(state.factions)
    placed = sorted(u.id for u in state.units.values() if not (u.eliminated or u.in_pool))
    wzones = sorted({h.weather_zone for h in state.hexes.values() if h.weather_zone})
    features = {h: sorted({f.kind for f in fs}) for h, fs in sorted(state.features.items()) if fs}

    def one(field: str, values: list) -> Option:
        return Option(field=field, values=values)

    def host(command: str, *options: Option, **kw) -> Choice:
        return choice(command, options=list(options), rule="turn", role="host", **kw)

    out = [
        host("StartGameTurn",
             Option(field="turn", values=[t.turn + 1], domain=f"a game turn after {t.turn}"),
             one("season", list(get_args(Season))),
             Option(field="year", values=[t.year, t.year + 1], domain="the calendar year"),
             Option(field="weather", domain="a list of zones' weather", optional=True)),
        host("StartPlayerTurn", one("faction", [_next_side(state)] if claims.on(state) else facs)),
        host("MoveUnit", one("unit", placed), one("hex", hexes),
             *([one("box", sorted(state.boxes))] if state.boxes else []),
             one_of=["hex", "box"] if state.boxes else []),
        host("MarkOffensive", Option(field="units", values=units, many=True, most=None)),
        host("SetControl", one("hex", hexes), one("faction", facs)),
        host("SetSupply", one("unit", units), one("supply", list(get_args(Supply)))),
        host("MarkAirdropped", one("unit", units), one("from_hex", hexes)),
        host("PlaceFeature", one("hex", hexes), Option(
            field="feature", values=[{"kind": "airbase"},
                                     {"kind": "bridgehead", "origin": "river"}],
            domain="a feature: kind, owner, origin")),
        host("RemoveFeature", one("hex", sorted(features)),
             *[Option(field="kind", values=kinds, when={"hex": h}) for h, kinds in features.items()]),
        host("SetWeather", Option(field="weather", values=[{"zone": z} for z in wzones],
                                  domain="a zone's winter level and frozen swamps")),
        host("AddNote", Option(field="text", values=["note"],
                               domain=f"any text, 1-{MAX_NOTE} characters"),
             Option(field="at", domain=f"a seq of the log, 0..{state.seq}", optional=True)),
    ]
    if claims.on(state):  # the player turns in the game's order, none skipped
        nxt = _next_side(state)
        out = [ch for ch in out if not (ch.command == "StartPlayerTurn" and not nxt)
               and not (ch.command == "StartGameTurn" and nxt)]
    return [ch for ch in out if all(o.values or o.optional or o.domain for o in ch.options if not o.when)]


#: The longest note (characters), from rulings edition 4 on: as long as a scenario's description.
MAX_NOTE = 10_000
#: Edition 4's corrections of the turn's own commands (docs/rulings.md "Editions").
NOTES_BOUNDED = Ruling("notes-bounded", 4, "AddNote",
                       f"a note holds at most {MAX_NOTE:,} characters (earlier: bounded only by "
                       "the line)")
DOMAINS_AT_PLAY = Ruling("domains-at-play", 4, "domains",
                         "StartGameTurn's turn and year are held to the scenario's domains when "
                         "played")


def _in_domain(state: GameState, turn: int, year: int) -> None:
    """Refuse a game turn or a year outside the scenario's domain (TurnSpec), from edition 4 on.

    An earlier game accepted any number here and re-executes as it was played (docs/rulings.md).
    """
    if not applies(state, DOMAINS_AT_PLAY):
        return
    for field, value in (("turn", turn), ("year", year)):
        why = domains.out_of_range("TurnSpec", field, value)
        if why:
            raise CommandError(f"StartGameTurn.{field}: {why}")
