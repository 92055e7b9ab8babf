"""`turnlog repl`: a pdb-like shell over a game's log and its live procedures.

A cursor walks the log (``step``, ``next``, ``back``, ``goto``); everything
shown (``board``, ``hex``, ``unit``, ``why``, ``legal``, ``odds``,
``diagram``) is the board *at the cursor*, rebuilt by ``game.at(cursor)``.
Browsing never writes. Only ``do``, ``undo``, ``redo`` and ``note`` append,
always at the live end of the log; ``do``, ``undo`` and ``redo`` then move the
cursor there, ``note`` leaves it where it was. A refused command prints its rule
and the shell keeps running.

The commands come in five modules: this one (the shell itself, quit, completion),
cursor.py (list, step, next, back, goto, where; do, as, undo, redo, note,
marks), board.py (board, hex, unit, svg, diff), rules.py (why, legal,
odds, diagram) and breakpoints.py (break, clear, continue, reverse-continue,
search), joined as mixins of ``Shell``.
"""
from __future__ import annotations

import cmd
import os
import sqlite3
import sys
from collections import OrderedDict
from pathlib import Path
from typing import Mapping

from msgspec import inspect as mi

from turnlog.events.log import ConcurrencyError, LogError
from turnlog.projections import narrative
from turnlog.projections.state import GameState

from ... import commands as c
from ... import kinds
from ...errors import CommandError, RuleViolation, sqlite_failure
from .board import BoardCommands
from .breakpoints import BreakCommands
from .cursor import CursorCommands
from .due import DueCommands
from .rules import RulesCommands
from .shortform import parse_short  # noqa: F401  (re-exported: tests and hosts import it from here)
from ...kit.sequence import phases

BROWSE_REPEAT = ("step", "s", "next", "n", "back", "b", "list", "l", "continue", "c", "cont",
                 "reverse-continue", "rc")
_HIDDEN = {"do_EOF", "do_b", "do_l", "do_n", "do_s", "do_q", "do_exit", "help_EOF", "do_c",
           "do_cont", "do_rc", "do_reverse_continue"}
HISTORY = os.environ.get("TURNLOG_HISTORY", str(Path.home() / ".turnlog_history"))


class Shell(CursorCommands, BoardCommands, RulesCommands, BreakCommands, DueCommands, cmd.Cmd):
    """The REPL; give ``stdin``/``stdout`` to drive it from tests (then input is echoed after the prompt)."""

    doc_header = "Commands (help NAME for one)"
    identchars = cmd.Cmd.identchars + "-"  # reverse-continue is one command name, as in gdb

    def __init__(self, game, stdin=None, stdout=None, *, history: str | None = HISTORY):
        self.interactive = stdin is None and sys.stdin.isatty()
        super().__init__(stdin=stdin if stdin is not None or self.interactive else sys.stdin,
                         stdout=stdout)
        self.game = game
        self.use_rawinput = self.interactive
        self.history = history if self.interactive else None
        self.cursor = self.last
        # who issues commands from here (`as NAME`); recorded in the log, checked in a seated game
        self.actor = ""
        self._states: OrderedDict[int, GameState] = OrderedDict()
        self.breaks = {}     # number -> Breakpoint (breakpoints.py)
        self.searched = ""  # the last TEXT of `search`, for `search` alone
        self._update_prompt()
        if self.interactive:
            self.intro = (f"turnlog repl: '{self.state().name}', {self.last} events; the cursor is "
                          "at the live end.\nhelp lists the commands, help NAME explains one; Tab "
                          "completes; Ctrl-D leaves.")

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
            # a transcript when driven from a pipe or a test
            self.say(f"{self.label}{line.rstrip()}")
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
        except OverflowError:  # a number typed for a seq or a count that no SQLite INTEGER holds
            self.say(f"error: {line.strip()}: a number too large here (a seq is at most "
                     f"{(1 << 63) - 1})")
        except ConcurrencyError as err:
            # another player appended: catch up, then let them retry
            self.game.state = self.game.at()
            self._states.clear()
            self.say(f"error: {err}\n(reloaded: the log now ends at seq {self.last}; nothing of "
                     "yours was written)")
        except KeyError as err:
            self.say(f"error: no such id {err}")
        except LogError as err:  # a read-only game: browsing goes on
            self.say(f"error: {err}")
        # a full disk: the command was rolled back, the live state reloaded
        except sqlite3.Error as err:
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

    # Cmd.onecmd returns what default returns, and True ends the loop (typeshed says None).
    def default(self, line: str) -> bool:  # type: ignore[override]
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

    # -- completion ------------------------------------------------------------

    def _ids(self, kind: str) -> list[str]:
        st = self.state(self.last)
        if kind == "proc":  # every kind's procedures (A1, C1, S1, L1 ...), not only attrition's
            return sorted(pid for k in kinds.active(st) if hasattr(k, "instances") for pid in k.instances(st))
        tables: dict[str, Mapping[str, object]] = {"unit": st.units, "hex": st.hexes,
                                                   "zone": st.zones,
                                                  "faction": st.factions}
        return sorted(tables[kind])

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
            return [n + " " for n in sorted(c.vocabulary()) if n.startswith(text)
                    and n not in ("Undo", "Redo")]
        name = before[1] if len(before) > 1 else ""
        cls = c.vocabulary().get(name)
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


# a hyphen cannot be written in a def
setattr(Shell, "do_reverse-continue", BreakCommands.do_reverse_continue)
