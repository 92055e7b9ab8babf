"""The REPL's breakpoints and search: ``break``, ``clear``, ``continue``, ``reverse-continue``, ``search``.

A mixin of ``Shell`` (engine/faces/repl/shell.py), in the spirit of pdb and gdb: a breakpoint is a question
asked of each event of the log (a die roll, a rule cited, an event type, who issued its command);
``continue`` and ``reverse-continue`` move the cursor to the next or previous event that answers yes.
Undone events are in the log, so they stop the cursor too (``list`` marks them ``~``): an undone roll
is exactly what a rules lawyer looks for. Everything here only reads the log and moves the cursor.
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Iterator

from turnlog.events import codec
from turnlog.events.base import Event
from turnlog.events.game import DieRolled
from turnlog.projections import narrative

from ...errors import CommandError
from .cursor import Mixin

KINDS = ("roll", "rule", "type", "actor")
USAGE = "usage: break [roll | rule NUMBER | type EVENTTYPE | actor NAME]"
CHUNK = 256  # rows decoded at a time: a hit near the cursor stops the scan early in a long log
SHOWN = 40   # search lists at most this many matches
# A rule number as the narrative cites it: 14.62, 14.62B, 14.521, T.2 (digits or a letter, then
# dotted parts).
RULE = re.compile(r"\b(?:\d+|[A-Z])(?:\.\d+)+[A-Za-z]*\b")


@dataclass(frozen=True)
class Breakpoint:
    """One condition on an event: ``kind`` is one of KINDS, ``value`` its argument ("" for roll)."""

    kind: str
    value: str = ""

    def __str__(self) -> str:
        return f"{self.kind} {self.value}".strip()

    def hit(self, ev, actor: str) -> bool:
        if self.kind == "roll":
            return isinstance(ev, DieRolled)
        if self.kind == "type":
            return type(ev).__name__ == self.value
        if self.kind == "actor":
            return actor == self.value
        return any(cites(r, self.value) for r in rules_of(ev))


def rules_of(ev) -> set[str]:
    """The rule numbers an event cites: its ``rule`` field and every number its narrative line names."""
    found = set(RULE.findall(narrative.line(ev)))
    rule = getattr(ev, "rule", "")
    return found | {rule} if isinstance(rule, str) and rule else found


def cites(cited: str, asked: str) -> bool:
    """Whether ``cited`` is rule ``asked`` or one of its parts (14.62 covers 14.62B and 14.621, 14 covers 14.x).

    Rule numbers nest by their digits after the first dot (14.521 is a part of 14.52), but not before
    it: rule 1 does not cover 14.62.
    """
    cited, asked = cited.upper(), asked.upper()
    if cited == asked:
        return True
    return cited.startswith(asked + ".") if "." not in asked else cited.startswith(asked)


class BreakCommands(Mixin):
    """Breakpoints over the log, continue / reverse-continue, and search over the narrative."""

    breaks: dict[int, Breakpoint]
    searched: str

    def _breakpoint(self, arg: str) -> Breakpoint:
        kind, _, value = arg.strip().partition(" ")
        value = value.strip()
        if kind not in KINDS:
            raise CommandError(USAGE)
        if kind == "roll":
            if value:
                raise CommandError(f"break roll takes nothing after it, not {value!r}")
            return Breakpoint("roll")
        if not value:
            raise CommandError(f"break {kind} needs a "
                               f"{'rule number' if kind == 'rule' else 'name'} ({USAGE})")
        if kind == "type" and value not in codec.TYPES:
            near = difflib.get_close_matches(value, list(codec.TYPES), n=3)
            raise CommandError(f"no event type {value!r}"
                               + (f"; did you mean {', '.join(near)}?" if near else ""))
        return Breakpoint(kind, value)

    def do_break(self, arg: str) -> None:
        """break [roll | rule NUMBER | type EVENTTYPE | actor NAME]: stop 'continue' and 'reverse-continue' at
        every die roll, every event citing the rule (14.62 also stops at 14.62B), every event of the type, or
        every event of a command NAME issued. Alone: the breakpoints, numbered for 'clear'."""
        if not arg.strip():
            for n, bp in self.breaks.items():
                self.say(f"  {n:>3}  {bp}")
            if not self.breaks:
                self.say(f"no breakpoints ({USAGE})")
            return
        bp = self._breakpoint(arg)
        same = [n for n, old in self.breaks.items() if old == bp]
        if same:
            self.say(f"breakpoint {same[0]} already stops at {bp}")
            return
        n = max(self.breaks, default=0) + 1
        self.breaks[n] = bp
        self.say(f"breakpoint {n}: {bp}{self._unused(bp)}")

    def _unused(self, bp: Breakpoint) -> str:
        """A warning when no event of the log meets ``bp`` (a mistyped rule or name stops nowhere)."""
        if bp.kind == "roll":
            return ""
        actors = self._actors()
        if any(bp.hit(row[2], actors.get(row[1], "")) for row in self._scan(True, start=0)):
            return ""
        what = {"rule": "cites it", "type": "is of it", "actor": "was issued by it"}[bp.kind]
        return f" (no event of the log {what} yet: it stops only at later events)"

    def do_clear(self, arg: str) -> None:
        """clear [N ...]: remove breakpoint N (numbers as 'break' lists them); alone: remove them all."""
        words = arg.split()
        if not words:
            self.say(f"cleared {len(self.breaks)} breakpoint{'s' * (len(self.breaks) != 1)}")
            self.breaks.clear()
            return
        bad = [w for w in words if not w.isdigit() or int(w) not in self.breaks]
        if bad:
            listed = ', '.join(map(str, self.breaks)) or 'none'
            raise CommandError(f"no breakpoint {bad[0]} (break lists them: {listed})")
        for w in words:
            self.say(f"cleared breakpoint {w}: {self.breaks.pop(int(w))}")

    def do_continue(self, arg: str) -> None:
        """continue: move the cursor forwards to the next event a breakpoint stops at (see break), naming the
        breakpoint; without a hit, to the live end."""
        self._run(forwards=True)

    def do_reverse_continue(self, arg: str) -> None:
        """reverse-continue: move the cursor backwards to the previous event a breakpoint stops at (see
        break), naming the breakpoint; without a hit, to the first event."""
        self._run(forwards=False)

    def _run(self, forwards: bool) -> None:
        actors = self._actors()
        for row in self._scan(forwards):
            hits = [f"{n} ({bp})" for n, bp in self.breaks.items() if bp.hit(row[2], actors.get(row[1], ""))]
            if hits:
                self.cursor = row[0]
                self.say(f"breakpoint{'s' * (len(hits) > 1)} {', '.join(hits)} at seq {row[0]}:")
                self._show_cursor()
                return
        end = self.last if forwards else min(1, self.last)
        why = "no breakpoint set" if not self.breaks else "no breakpoint hit"
        self.cursor = end
        self.say(f"{why}; at the {'live end' if forwards else 'first event'} of the log, seq {end}")

    def _scan(self, forwards: bool,
              start: int | None = None) -> Iterator[tuple[int, int, Event, bool]]:
        """Rows after (or before) the cursor, nearest first, decoded a chunk at a time."""
        at = self.cursor if start is None else start
        if forwards:
            for first in range(at + 1, self.last + 1, CHUNK):
                yield from self.game.rows(first, min(first + CHUNK - 1, self.last))
        else:
            for stop in range(at - 1, 0, -CHUNK):
                yield from reversed(self.game.rows(max(1, stop - CHUNK + 1), stop))

    def _actors(self) -> dict[int, str]:
        """Command id -> the actor recorded with it ("" when none was named)."""
        return {row[0]: row[1] or "" for row in self.game.log.commands()}

    def do_search(self, arg: str) -> None:
        """search [TEXT]: the events whose narrative line (as 'list' shows it) contains TEXT, any case, with
        their seqs; alone: move the cursor to the next event after it that matches the last TEXT."""
        text = arg.strip()
        if not text:
            self._search_next()
            return
        self.searched = text
        actors, undone = self._actors(), self.game.undone()
        found: list[tuple[int, int, Event, bool]] = []
        for row in self._scan(True, start=0):
            if self._matches(row, actors):
                found.append(row)
        self.say(f"{len(found)} event{'s' * (len(found) != 1)} match{'es' * (len(found) == 1)} "
                 f"{narrative.quoted(text)}"
                 + (f"; the first {SHOWN}:" if len(found) > SHOWN else ("" if not found else ":")))
        for row in found[:SHOWN]:
            self.say(self._line(*row, undone=undone))
        if found:
            self.say("('search' alone goes to the next one after the cursor)")

    def _search_next(self) -> None:
        if not self.searched:
            raise CommandError("usage: search TEXT (then 'search' alone goes to the next match)")
        actors = self._actors()
        for row in self._scan(True):
            if self._matches(row, actors):
                self.cursor = row[0]
                self._show_cursor()
                return
        self.say(f"no event after seq {self.cursor} matches {narrative.quoted(self.searched)} "
                 f"(the live end is seq {self.last})")

    def _matches(self, row, actors: dict[int, str]) -> bool:
        seq, cid, ev, _auto = row
        author = actors.get(cid, "") if type(ev).__name__ == "NoteAdded" else None
        return self.searched.casefold() in narrative.line(ev, author).casefold()

    def complete_break(self, text, line, begidx, endidx):
        words = line[:begidx].split()
        if len(words) <= 1:
            return [k + " " for k in KINDS if k.startswith(text)]
        if words[1] == "type":
            return sorted(t for t in codec.TYPES if t.startswith(text))
        if words[1] == "actor":
            return sorted({a for a in self._actors().values() if a and a.startswith(text)})
        return []

    def complete_clear(self, text, line, begidx, endidx):
        return [str(n) for n in self.breaks if str(n).startswith(text)]
