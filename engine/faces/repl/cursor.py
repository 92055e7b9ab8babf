"""The REPL's cursor and acting commands: ``list``, ``step``, ``next``, ``back``, ``goto``, ``where``;
``do``, ``as``, ``undo``, ``redo``, ``note``, ``marks`` (engine/faces/repl/shell.py).

A mixin of ``Shell``: it reads ``self.game``, ``self.cursor``, ``self.last``, ``self.state()`` and
``self.say``, and keeps ``self.actor``. Browsing only moves the cursor; acting appends at the live end
of the log, and drops the Shell's cached boards (``self._states``) that the new events outdate.
"""
from __future__ import annotations

from collections import OrderedDict
from typing import TYPE_CHECKING, Protocol

from turnlog.events.base import Event
from turnlog.projections import narrative
from turnlog.projections.state import GameState

from ...verify import anchor as A
from ... import commands as c
from .. import diff as D
from ...errors import CommandError
from ..explain import command_args
from .shortform import parse_short
from ...seats import seat_of

if TYPE_CHECKING:
    from ...game import Game


class ShellHost(Protocol):
    """What the command mixins read of the Shell they are mixed into (engine/faces/repl/shell.py)."""

    game: Game
    cursor: int
    actor: str
    _states: OrderedDict[int, GameState]

    @property
    def last(self) -> int: ...

    def say(self, text: str = "") -> None: ...

    def state(self, seq: int | None = None) -> GameState: ...

    def _row(self, seq: int) -> tuple[int, int, Event, bool] | None: ...

    def _command(self, cid: int) -> tuple: ...

    def _line(self, seq, cid, ev, auto, undone=frozenset()) -> str: ...

    def _show_cursor(self) -> None: ...


# Each mixin is checked as a part of a ShellHost; at run time it derives from object alone.
if TYPE_CHECKING:
    Mixin = ShellHost
else:
    Mixin = object


class CursorCommands(Mixin):
    """Walking the log with the cursor, and acting at its live end."""

    # -- moving the cursor -----------------------------------------------------

    def _row(self, seq: int) -> tuple[int, int, Event, bool] | None:
        rows = self.game.rows(seq, seq)
        return rows[0] if rows else None

    def _command(self, cid: int) -> tuple:
        """The row of command ``cid``, which an event of the log names."""
        row = self.game.log.command(cid)
        if row is None:  # a damaged log: its events name a command it does not hold
            raise CommandError(f"command {cid} has no row in this log; `turnlog verify` names the "
                               "damage")
        return row

    def _line(self, seq, cid, ev, auto, undone=frozenset()) -> str:
        mark = "->" if seq == self.cursor else "  "
        flags = ("~" if cid in undone else " ") + ("*" if auto else " ")
        author = self._command(cid)[1] if type(ev).__name__ == "NoteAdded" else None
        return f"{mark}{seq:>6} c{cid:<4}{flags} {narrative.line(ev, author)}"

    def _show_cursor(self) -> None:
        row = self._row(self.cursor)
        if row is None:
            self.say("-> seq 0: before the first event")
            return
        self.say(self._line(*row, undone=self.game.undone()))

    def _move(self, seq: int) -> None:
        self.cursor = max(0, min(self.last, seq))

    def do_list(self, arg: str) -> None:
        """list [FIRST [LAST]]: the events around the cursor (or FIRST..LAST) with seq, command and narrative.
        '->' marks the cursor, '~' an undone command's event, '*' an automatic consequence."""
        parts = arg.split()
        if parts:
            first = int(parts[0])
            last = int(parts[1]) if len(parts) > 1 else first + 10
        else:
            first, last = max(1, self.cursor - 5), self.cursor + 5
        undone = self.game.undone()
        rows = self.game.rows(max(1, first), min(last, self.last))
        if not rows:
            self.say("no events there")
        for row in rows:
            self.say(self._line(*row, undone=undone))

    do_l = do_list

    def do_step(self, arg: str) -> None:
        """step [N]: move the cursor to the next event (or N events on) and show it."""
        want = self.cursor + (int(arg) if arg.strip() else 1)
        if want > self.last and self.cursor == self.last:  # nothing new to show: say so
            self.say(f"end of the log: seq {self.last} is its last event")
            return
        self._move(want)
        self._show_cursor()
        if want > self.last:
            self.say(f"end of the log: seq {self.last} is its last event")

    do_s = do_step

    def do_next(self, arg: str) -> None:
        """next: move the cursor to the last event of the next command (over its automatic consequences)."""
        ends = [r[6] for r in self.game.log.commands() if r[6] > self.cursor]
        if not ends:
            self.say("at the live end of the log")
            return
        cid = next(r for r in self.game.log.commands() if r[6] == min(ends))
        first = max(cid[5], self.cursor + 1)
        self.cursor = cid[6]
        self.say(f"command c{cid[0]} {cid[2]}{' by ' + cid[1] if cid[1] else ''}: "
                 f"{command_args(cid[3])}")
        undone = self.game.undone()
        for row in self.game.rows(first, cid[6]):
            self.say(self._line(*row, undone=undone))

    do_n = do_next

    def do_back(self, arg: str) -> None:
        """back [N]: move the cursor back one event (or N) and show it."""
        self._move(self.cursor - (int(arg) if arg.strip() else 1))
        self._show_cursor()

    do_b = do_back

    def do_goto(self, arg: str) -> None:
        """goto SEQ | start | end: put the cursor after event SEQ."""
        arg = arg.strip()
        if not arg:
            raise CommandError("goto needs a seq (or start, end)")
        seq = {"start": 1, "end": self.last, "$": self.last}.get(arg)
        if seq is None:
            if not arg.isdigit():
                raise CommandError("usage: goto SEQ | start | end (SEQ a number from 1 to "
                                   f"{self.last}), not {arg!r}")
            seq = int(arg)
            if not 0 <= seq <= self.last:
                raise CommandError(f"seq {seq} is outside the log (1..{self.last})")
        self._move(seq)
        self._show_cursor()

    def do_where(self, arg: str) -> None:
        """where: the cursor's seq, the command that wrote it, the turn and the procedures at that point."""
        st = self.state()
        row = self._row(self.cursor)
        where = "the live end" if self.cursor == self.last else f"{self.last - self.cursor} events before the live end"
        self.say(f"seq {self.cursor} of {self.last} ({where})")
        if row:
            seq, cid, ev, auto = row
            cmdrow = self._command(cid)
            self.say(f"  event:   {narrative.line(ev)}{' (automatic)' if auto else ''}"
                     f"{' (undone by a later command)' if cid in self.game.undone() else ''}")
            seat = seat_of(self.game.state, cmdrow[1] or "")
            by = f" by {cmdrow[1] or '(no actor named)'}" + (f" ({seat})" if seat else "") if cmdrow[1] or seat else ""
            self.say(f"  command: c{cid} {cmdrow[2]}{by} at {cmdrow[4]}, "
                     f"seq {cmdrow[5]}-{cmdrow[6]}: {command_args(cmdrow[3])}")
        t = st.turn
        self.say(f"  turn:    {t.turn} ({t.season} {t.year}), {t.active or '-'}'s player turn, "
                 f"{t.phase or '-'} phase")
        for p in st.attritions.values():
            self.say(f"  {p.id}: {p.attacker} vs {p.defender} in {p.zone}, phase {p.phase}")
        if self.cursor:
            # The hash of the row at the cursor, as `turnlog verify --anchor` takes it.
            at = (self.game.log.hash_at(self.cursor) or "")[:A.HEAD_DIGITS]
            self.say(f"  anchor:  {self.cursor}:{at}")

    # -- acting (at the live end) -------------------------------------------------

    def _acted(self, pairs, keep: bool = False) -> None:
        """Print what a command appended; move the cursor to the live end (``keep``: leave it, as a note does)."""
        moved = self.cursor != self.last - len(pairs)
        self._states.clear()
        if not keep or not moved:
            self.cursor = self.last
        for seq, ev in pairs:
            self.say(f"  {seq:>6}  {narrative.line(ev)}")
        if moved and not keep:
            self.say(f"(cursor moved to the live end, seq {self.cursor})")

    def do_do(self, arg: str) -> None:
        """do COMMAND: execute a command at the live end. COMMAND is a JSON object
        ({"type": "RollAttritionDie", "procedure": "A1"}) or a short form: the command's name, then
        field=value pairs or its required fields in order, as 'legal' prints them, e.g.
          do RollAttritionDie procedure=A1 value=4
          do StartPhase attrition
          do TakeAttritionLosses A1 units=us-inf-1,us-inf-2
          do SelectOccupation A1 selections=0505:ge-pz-1+ge-inf-1
          do RetreatUnits A1 retreats=us-inf-1:0406,us-inf-2      (no hex: the unit is eliminated)
        A refused command prints the rule that forbids it; nothing is written."""
        command = parse_short(arg)
        self.say("> " + c.encode(command).decode())
        self._acted(self.game.execute(command, actor=self.actor))

    def do_as(self, arg: str) -> None:
        """as [NAME]: issue the commands that follow as NAME (do, undo, redo, note), recorded in the log with
        each; in a seated game NAME must hold the seat a command is due from. Without NAME: who it is now."""
        name = arg.strip()
        if name:
            self.actor = name
        self.say(f"acting as {self._who()}")

    def do_key(self, arg: str) -> None:
        """key FILE: in a signed game, sign the current actor's commands with the private key in FILE (from
        `turnlog keygen`); the key must be the one registered for that actor. Kept for this session only."""
        path = arg.strip()
        if not path:
            raise CommandError("usage: key FILE (the private key `turnlog keygen` wrote)")
        keys = self.game.state.seats.keys
        if not keys:
            raise CommandError("this game is not signed: its commands need no key")
        if not self.actor:
            raise CommandError("name the actor first (`as NAME`): a key signs its own actor's "
                               "commands")
        from ...signatures import Signer, signer_for
        signer = Signer.from_file(path)
        signer_for(keys, self.actor, signer)  # refused now, not at the next command
        self.game.signers[self.actor] = signer
        self.say(f"signing {self._who()}'s commands with key {signer.public[:16]}...")

    def _who(self) -> str:
        """The actor and, in a seated game, its seat: "alice (AX)"."""
        seat = seat_of(self.game.state, self.actor)
        return (self.actor or "(no actor named)") + (f" ({seat})" if seat else "")

    def do_undo(self, arg: str) -> None:
        """undo [override REFEREE [REASON]]: undo the latest command (a die roll needs a referee's override)."""
        parts = arg.split(None, 2)
        if parts and parts[0] == "override":
            if len(parts) < 2:
                raise CommandError("undo override needs the referee's name")
            pairs = self.game.undo(override=True, referee=parts[1],
                                   reason=parts[2] if len(parts) > 2 else "", actor=self.actor)
        else:
            pairs = self.game.undo(actor=self.actor)
        self._acted(pairs)

    def do_redo(self, arg: str) -> None:
        """redo: re-issue the latest undone command through the rules."""
        self._acted(self.game.redo(actor=self.actor))

    def do_note(self, arg: str) -> None:
        """note TEXT: append an annotation (a bookmark) as an event, marking the seq at the cursor; the cursor
        stays where it was (at the live end it stays at the live end)."""
        text = arg.strip()
        if not text:
            raise CommandError("note needs some text")
        # 0: the end of the log when it is written
        at = 0 if self.cursor == self.last else self.cursor
        # A note is a bookmark, not a move: the cursor stays on the event it marks (at the end it
        # follows the end).
        self._acted(self.game.execute(c.AddNote(text=text, at=at), actor=self.actor), keep=True)

    def do_marks(self, arg: str) -> None:
        """marks: the notes in the log (seq written, the seq they mark, text); 'goto' the one you want."""
        notes = D.notes_of(self.game, self.last)  # read by type: not every event of the log decoded
        for seq, at, text in notes:
            self.say(f"{seq:>6}  marks seq {at:<6} {narrative.quoted(text)}")
        if not notes:
            self.say("no notes yet (note TEXT adds one)")
