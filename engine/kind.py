"""What every kind provides to the Game facade: the protocol a combat system implements.

A kind is a combat system as a plug-in (docs/glossary.md); each procedure is one instance of it in a
game (``A1``, ``C1``). A kind owns some commands. ``decide`` is pure: it reads the state
and returns events, or raises RuleViolation naming the rule. ``react`` looks
at one event just applied and returns automatic consequences (appended in
the same transaction, marked automatic). ``legal`` lists what may be issued
now, for the REPL and the fuzzer, as Choices with their concrete values
(engine/kit/choices.py). ``who`` says which seat must issue a command
(engine/seats.py). ``view`` (optional) says what the kind's state shows on the board, as plain
data (engine/view.py KindView): every face draws from it, so a kind is drawn everywhere without
editing a face; ``view_touched`` and ``view_part`` (optional) let a face that follows the game event by
event redraw only what an event changed. New combat systems plug in here (engine/kinds.py registers them).
"""
from __future__ import annotations

from typing import Collection, NamedTuple, Protocol

from turnlog.projections.state import GameState

from .commands import Command
from .dice import Dice
from .errors import RuleViolation
from .kit.choices import Choice
from .view import KindView, Touched


class Actor(NamedTuple):
    """Who must issue a command: a role, the faction it is, and the rule that gives the turn to it.

    ``role`` is a machine role (attacker, defender, owner, active: the seat of ``faction``), ``host``
    (the phasing faction's seat or the game's host) or ``seated`` (anyone holding a seat).
    """

    role: str
    faction: str
    rule: str


class Kind(Protocol):
    """A combat system as the registry sees it: its name, its commands and the hooks below."""

    name: str
    commands: tuple[type[Command], ...]

    def decide(self, state: GameState, command: Command, dice: Dice) -> list: ...

    def react(self, state: GameState, event) -> list: ...

    def legal(self, state: GameState) -> list[Choice]: ...

    def unfinished(self, state: GameState) -> "RuleViolation | None":
        """Why the turn may not move on yet (a procedure still open), or None."""

    def who(self, state: GameState, command: Command) -> "Actor | None":
        """Who must issue ``command`` now; None (or no ``who`` at all): the phasing side or the host."""

    def words(self, state: GameState, choice: Choice) -> "str | None":
        """``choice`` in its issuer's words for the "whose move" sentences (optional; engine/due.py).

        None (or no ``words`` at all): the command's name and the counts its options fix.
        """

    def view(self, state: GameState) -> KindView:
        """What this kind's state shows on the board at ``state`` (optional: no view, none drawn).

        Per-unit values and markers (``UnitView``: a strength text, a mode, lettered markers),
        overlays on hexes (``Overlay``: a role, a label, a title), legend lines, off-map lines and
        one summary line per procedure. The SVG and text boards, the HTML replay (per step),
        ``diff``, the REPL's ``unit`` and ``hex`` and the demo draw them; an overlay role the faces
        do not know gets a default style.
        """

    def view_touched(self, state: GameState, event) -> "Touched | None":
        """What of this kind's view ``event``, just folded into ``state``, may have changed (optional).

        Asked for every event a face follows step by step (the HTML replay and the served page), the
        core's and every kind's. None (or no ``view_touched``): anything; the kind's whole view is
        rebuilt at that event, and at its own events the whole board. With it and ``view_part``, a
        step costs what the event changes, not the number of units.
        """

    def view_part(self, state: GameState, units: "Collection[str]", board: bool) -> KindView:
        """This kind's view at ``state`` for ``units`` only, and its board part when ``board`` (optional).

        ``units`` of the result: the entries ``view(state).units`` holds for those ids; overlays,
        off-map lines and summaries as ``view`` gives them when ``board`` (else they may be left
        empty); the legend may be left empty. Without it, ``view`` is asked whenever a unit or the
        board part may have changed.
        """


def silent(react):
    """Mark a ``react`` that never answers anything, so settle need not call it (kinds.reactors)."""
    react.silent = True
    return react
