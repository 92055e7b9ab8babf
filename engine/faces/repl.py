"""`turnlog repl`: a pdb-like shell over a game's log and its live procedures.

A cursor walks the log (``step``, ``next``, ``back``, ``goto``); everything
shown (``board``, ``hex``, ``unit``, ``why``, ``legal``, ``odds``,
``diagram``) is the board *at the cursor*, rebuilt by ``game.at(cursor)``.
Browsing never writes. Only ``do``, ``undo``, ``redo`` and ``note`` append,
always at the live end of the log; ``do``, ``undo`` and ``redo`` then move the
cursor there, ``note`` leaves it where it was. A refused command prints its rule
and the shell keeps running.

The commands come in four modules: this one (the cursor, acting, completion),
repl_board.py (board, hex, unit, svg, diff), repl_rules.py (why, legal, odds,
diagram) and repl_break.py (break, clear, continue, reverse-continue, search),
joined as mixins of ``Shell``.
"""
from __future__ import annotations

import cmd
import os
import sqlite3
import sys
from collections import OrderedDict
from pathlib import Path

from msgspec import inspect as mi

from turnlog.events.log import ConcurrencyError, LogError
from turnlog.projections import narrative
from turnlog.projections.state import GameState

from .. import commands as c
from . import diff as D
from ..errors import CommandError, RuleViolation, sqlite_failure
from .explain import _payload
from .repl_board import BoardCommands
from .repl_break import BreakCommands
from .repl_rules import RulesCommands
from .shortform import parse_short  # noqa: F401  (re-exported: tests and hosts import it from here)
from ..kit.sequence import phases
from ..seats import seat_of

BROWSE_REPEAT = ("step", "s", "next", "n", "back", "b", "list", "l", "continue", "c", "cont",
                 "reverse-continue", "rc")
_HIDDEN = {"do_EOF", "do_b", "do_l", "do_n", "do_s", "do_q", "do_exit", "help_EOF", "do_c", "do_cont", "do_rc",
           "do_reverse_continue"}
HISTORY = os.environ.get("TURNLOG_HISTORY", str(Path.home() / ".turnlog_history"))


class Shell(BoardCommands, RulesCommands, BreakCommands, cmd.Cmd):
    """The REPL; give ``stdin``/``stdout`` to drive it from tests (then input is echoed after the prompt)."""

    doc_header = "Commands (help NAME for one)"
    identchars = cmd.Cmd.identchars + "-"  # reverse-continue is one command name, as in gdb

    def __init__(self, game, stdin=None, stdout=None, *, history: str | None = HISTORY):
        self.interactive = stdin is None and sys.stdin.isatty()
        super().__init__(stdin=stdin if stdin is not None or self.interactive else sys.stdin, stdout=stdout)
        self.game = game
        self.use_rawinput = self.interactive
        self.history = history if self.interactive else None
        self.cursor = self.last
        self.actor = ""  # who issues commands from here (`as NAME`); recorded in the log, checked in a seated game
        self._states: OrderedDict[int, GameState] = OrderedDict()
        self.breaks = {}     # number -> Breakpoint (repl_break.py)
        self.searched = ""  # the last TEXT of `search`, for `search` alone
        self._update_prompt()
        if self.interactive:
            self.intro = (f"turnlog repl: '{self.state().name}', {self.last} events; the cursor is at the live end.\n"
                          "help lists the commands, help NAME explains one; Tab completes; Ctrl-D leaves.")

    # -- plumbing --------------------------------------------------------------

    @property
    def last(self) -> int:
        return self.game.log.last()[0]

    def say(self, text: str = "") -> None:
        self.stdout.write(narrative.printable(text, keep="\n") + "\n")

    def state(self, seq: int | None = None) -> GameState:
        """The board after event ``seq`` (default: the cursor), cached."""
        seq = self.cursor if seq is None else seq
        st = self._states.get(seq)
        if st is None:
            st = self._states[seq] = self.game.at(seq)
            if len(self._states) > 16:
                self._states.popitem(last=False)
        return st

    def _update_prompt(self) -> None:
        at_end = self.cursor == self.last
        who = f" as {self.actor}" if self.actor else ""
        self.label = f"(turnlog {self.cursor}{'' if at_end else '/' + str(self.last)}{who}) "
        self.prompt = self.label if self.interactive else ""

    def preloop(self) -> None:
        if self.history:
            try:
                import readline
                readline.set_completer_delims(" \t\n=,;")
                if Path(self.history).exists():
                    readline.read_history_file(self.history)
                readline.set_history_length(2000)
            except (ImportError, OSError):
                self.history = None

    def postloop(self) -> None:
        if self.history:
            try:
                import readline
                readline.write_history_file(self.history)
            except (ImportError, OSError):
                pass

    def precmd(self, line: str) -> str:
        if not self.prompt and line.strip() != "EOF":
            self.say(f"{self.label}{line.rstrip()}")  # a transcript when driven from a pipe or a test
        return line

    def postcmd(self, stop: bool, line: str) -> bool:
        self._update_prompt()
        return stop

    def onecmd(self, line: str) -> bool:
        try:
            return super().onecmd(line)
        except RuleViolation as err:
            self.say(f"refused by rule {err.rule}: {err.message}")
        except (CommandError, ValueError) as err:
            self.say(f"error: {err}")
        except ConcurrencyError as err:
            self.game.state = self.game.at()  # another player appended: catch up, then let them retry
            self._states.clear()
            self.say(f"error: {err}\n(reloaded: the log now ends at seq {self.last}; nothing of yours was written)")
        except KeyError as err:
            self.say(f"error: no such id {err}")
        except LogError as err:  # a read-only game: browsing goes on
            self.say(f"error: {err}")
        except sqlite3.Error as err:  # a full disk: the command was rolled back, the live state reloaded
            self.say(f"error: {sqlite_failure(err)}")
        except Exception as err:  # a debugging shell outlives its bugs: say what broke and carry on
            self.say(f"internal error: {type(err).__name__}: {err}")
        return False

    def emptyline(self) -> bool:
        """An empty line repeats the last browsing command (step, next, back, list) and nothing else."""
        word = self.lastcmd.split(" ", 1)[0]
        if word in BROWSE_REPEAT:
            return self.onecmd(self.lastcmd)
        if word == "search":  # after a listing, Enter walks its matches
            return self.onecmd("search")
        return False

    def default(self, line: str) -> bool:
        if line.strip() == "EOF":
            return True
        self.say(f"unknown command {line.split()[0]!r}; type help")
        return False

    def do_EOF(self, arg: str) -> bool:
        """Leave the shell (end of input)."""
        if self.interactive:
            self.say()
        return True

    def do_quit(self, arg: str) -> bool:
        """quit: leave the shell (also: exit, q, Ctrl-D)."""
        return True

    do_exit = do_q = do_quit
    do_c = do_cont = BreakCommands.do_continue
    do_rc = BreakCommands.do_reverse_continue

    def get_names(self) -> list[str]:
        """Command names for help and completion, without the one-letter aliases and EOF."""
        return [n for n in super().get_names() if n not in _HIDDEN]

    # -- moving the cursor -----------------------------------------------------

    def _row(self, seq: int):
        rows = self.game.rows(seq, seq)
        return rows[0] if rows else None

    def _line(self, seq, cid, ev, auto, undone=frozenset()) -> str:
        mark = "->" if seq == self.cursor else "  "
        flags = ("~" if cid in undone else " ") + ("*" if auto else " ")
        author = self.game.log.command(cid)[1] if type(ev).__name__ == "NoteAdded" else None
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
        self._move(self.cursor + (int(arg) if arg.strip() else 1))
        self._show_cursor()

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
        self.say(f"command c{cid[0]} {cid[2]}{' by ' + cid[1] if cid[1] else ''}: {_payload(cid[3])}")
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
                raise CommandError(f"usage: goto SEQ | start | end (SEQ a number from 1 to {self.last}), not {arg!r}")
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
            cmdrow = self.game.log.command(cid)
            self.say(f"  event:   {narrative.line(ev)}{' (automatic)' if auto else ''}"
                     f"{' (undone by a later command)' if cid in self.game.undone() else ''}")
            seat = seat_of(self.game.state, cmdrow[1] or "")
            by = f" by {cmdrow[1] or '(no actor named)'}" + (f" ({seat})" if seat else "") if cmdrow[1] or seat else ""
            self.say(f"  command: c{cid} {cmdrow[2]}{by} at {cmdrow[4]}, "
                     f"seq {cmdrow[5]}-{cmdrow[6]}: {_payload(cmdrow[3])}")
        t = st.turn
        self.say(f"  turn:    {t.turn} ({t.season} {t.year}), {t.active or '-'}'s player turn, {t.phase or '-'} phase")
        for p in st.attritions.values():
            self.say(f"  {p.id}: {p.attacker} vs {p.defender} in {p.zone}, phase {p.phase}")
        if self.cursor:
            # The hash of the row at the cursor, as `turnlog verify --anchor` takes it.
            self.say(f"  anchor:  {self.cursor}:{(self.game.log.hash_at(self.cursor) or '')[:16]}")

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
            pairs = self.game.undo(override=True, referee=parts[1], reason=parts[2] if len(parts) > 2 else "",
                                   actor=self.actor)
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
        at = 0 if self.cursor == self.last else self.cursor  # 0: the end of the log when it is written
        # A note is a bookmark, not a move: the cursor stays on the event it marks (at the end it follows the end).
        self._acted(self.game.execute(c.AddNote(text=text, at=at), actor=self.actor), keep=True)

    def do_marks(self, arg: str) -> None:
        """marks: the notes in the log (seq written, the seq they mark, text); 'goto' the one you want."""
        notes = D.notes_of(self.game, self.last)  # read by type: not every event of the log decoded
        for seq, at, text in notes:
            self.say(f"{seq:>6}  marks seq {at:<6} {narrative.quoted(text)}")
        if not notes:
            self.say("no notes yet (note TEXT adds one)")

    # -- completion ------------------------------------------------------------

    def _ids(self, kind: str) -> list[str]:
        st = self.state(self.last)
        return sorted({"unit": st.units, "hex": st.hexes, "proc": st.attritions, "zone": st.zones,
                       "faction": st.factions}[kind])

    def complete_unit(self, text, line, begidx, endidx):
        return [x for x in self._ids("unit") if x.startswith(text)]

    def complete_hex(self, text, line, begidx, endidx):
        return [x for x in self._ids("hex") if x.startswith(text)]

    def complete_odds(self, text, line, begidx, endidx):
        return [x for x in self._ids("proc") if x.startswith(text)]

    complete_diagram = complete_odds

    def complete_goto(self, text, line, begidx, endidx):
        return [x for x in ("start", "end") if x.startswith(text)]

    def complete_do(self, text, line, begidx, endidx):
        before = line[:begidx].split()
        if len(before) <= 1 and not line[:begidx].rstrip().endswith("="):
            return [n + " " for n in sorted(c.NAMES) if n.startswith(text) and n not in ("Undo", "Redo")]
        name = before[1] if len(before) > 1 else ""
        cls = c.NAMES.get(name)
        if cls is None:
            return []
        # The field being filled: "field=" just before the cursor (readline splits on '=' and ',').
        head = line[:begidx]
        token = head.split()[-1] if head and not head[-1].isspace() else ""
        field = token.split("=", 1)[0] if "=" in token else ""
        if not field:
            names = [f.name + "=" for f in mi.type_info(cls).fields]
            return [n for n in names if n.startswith(text)] + [v for v in self._values("procedure", cls)
                                                               if v.startswith(text) and text]
        return [v for v in self._values(field, cls) if v.startswith(text)]

    def _values(self, field: str, cls) -> list[str]:
        if field in ("procedure",):
            return self._ids("proc")
        if field in ("unit", "units", "retreats", "exclude"):
            return self._ids("unit")
        if field in ("hex", "to", "from_hex", "selections", "losses", "occupation"):
            return self._ids("hex")
        if field == "zone":
            return self._ids("zone")
        if field in ("attacker", "faction"):
            return self._ids("faction")
        if field == "phase":
            return list(phases(self.state().rules))
        if field == "season":
            return ["spring", "summer", "fall", "winter"]
        if field == "supply":
            return ["full", "partial", "none"]
        return []


setattr(Shell, "do_reverse-continue", BreakCommands.do_reverse_continue)  # a hyphen cannot be written in a def
