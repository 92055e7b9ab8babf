"""The REPL's rules commands: ``why``, ``legal``, ``odds``, ``diagram`` (engine/faces/repl/shell.py).

A mixin of ``Shell``: the rules behind the event at the cursor, what the phase table allows,
the odds of a roll, the phase machine. It reads the board at the cursor and never writes. Every
answer is the kind's own (its ``machine``, its ``odds``, its ``legal``): no kind is named here.
"""
from __future__ import annotations

import inspect
from typing import Any

from turnlog.events import game as g

from ... import kinds
from ...errors import CommandError
from ..explain import event_procedure, explain, legal_choices
from ..kind_asks import owner, procedures
from .cursor import Mixin


def _head(entry) -> str:
    """A choice's head; explain.legal_choices puts a plain line where a kind cannot list its choices."""
    return getattr(entry, "head", str(entry))


def _when(t: dict) -> str:
    """A transition's conditions in words ("  if a, b, not c"); a table names one or a list of each."""
    def names(key: str) -> list[str]:
        got = t.get(key) or []
        return [got] if isinstance(got, str) else list(got)
    said = names("conditions") + [f"not {u}" for u in names("unless")]
    return f"  if {', '.join(said)}" if said else ""


def _table(machine, phase: str) -> list[str]:
    """What ``machine``'s table allows from ``phase``: each command (or automatic trigger), its target."""
    out = []
    for t in machine.transitions:
        if t["source"] == phase:
            name = machine.command_of(t["trigger"]) or f"(automatic: {t['trigger']})"
            out.append(f"  {name:<22} -> {t['dest']}{_when(t)}")
    return out


class RulesCommands(Mixin):
    """The rules behind what the cursor shows."""

    def do_why(self, arg: str) -> None:
        """why [SEQ]: the rules behind the event at the cursor: each modifier with its rule and reason, the
        die, the column and the row of a roll; the rule of an elimination, retreat or advance; who was
        counted and who was not, and why; which transition a phase change took (each kind's own answer)."""
        seq = int(arg) if arg.strip() else self.cursor
        row = self._row(seq)
        if row is None:
            self.say("no event at the cursor")
            return
        for text in explain(self.game, self.state, *row):
            self.say(text)

    def do_legal(self, arg: str) -> None:
        """legal: the commands legal at the cursor, each with the values its fields may take (which units,
        which hexes, how many): per kind, each open procedure's phase and what its table allows, then the
        kind's moves; the host and turn commands last."""
        st = self.state()
        if self.cursor != self.last:
            self.say(f"(as of seq {self.cursor}; 'do' acts at the live end, seq {self.last})")
        offered = legal_choices(st)
        shown: list = []
        for kind in kinds.legal_order(st):
            if kind.name == "turn":
                continue
            machine = getattr(kind, "machine", None)
            for inst in (kind.open(st) if hasattr(kind, "open") else ()):
                self.say(f"{inst.id} ({kind.name}) is in phase '{inst.phase}'"
                         + ("; the table allows:" if machine is not None else ""))
                for line in _table(machine, inst.phase) if machine is not None else ():
                    self.say(line)
            names = {c.__name__ for c in kind.commands}
            mine = [x for x in offered if _head(x).split()[0] in names
                    or _head(x).startswith(f"({kind.name}:")]
            self.say(f"legal now ({kind.name}):" + ("" if mine else f" no {kind.name} command"))
            for x in mine:
                self.say(f"  {x}")
            shown += mine
        self.say("host and turn commands:")
        for x in offered:
            if x not in shown:
                self.say(f"  {x}")

    def _procedure(self, st, arg: str, want: str) -> tuple[str, Any]:
        """The procedure ``arg`` names (default: the cursor's event's, else the latest open one, else
        the latest), with its kind, which must have the hook ``want``; CommandError naming what is missing."""
        pid = arg.strip() or event_procedure(self._row(self.cursor))
        if pid:
            kind = owner(st, pid)
            if kind is None:
                raise CommandError(f'no procedure "{pid}" at seq {self.cursor}')
            if not hasattr(kind, want):
                raise CommandError(f"{pid}: the {kind.name} kind gives no {want}")
            return pid, kind
        found = procedures(st, want)
        live = [(p, k) for p, k in found
                if hasattr(k, "machine") and k.instances(st)[p].phase not in k.machine.final]
        if not (live or found):
            raise CommandError(f"no procedure with {want} at seq {self.cursor}")
        return (live or found)[-1]

    def do_odds(self, arg: str) -> None:
        """odds [PROCEDURE]: the exact chance of each result of the procedure's roll with the current
        modifiers, as its kind works it out; for a procedure that rolled already, the odds it faced just
        before its roll (the face rolled marked, where its kind marks it)."""
        st = self.state()
        pid, kind = self._procedure(st, arg, "odds")
        hook = kind.odds
        roll = self._roll_seq(pid)
        if roll is None:
            for text in hook(st, pid):
                self.say(text)
            return
        seq, cid, ev = roll
        before = self.state(self._command(cid)[5] - 1)
        self.say(f"{pid} rolled at seq {seq}; the odds just before that roll:")
        marks = "actual" in inspect.signature(hook).parameters
        for text in (hook(before, pid, ev.value) if marks else hook(before, pid)):
            self.say(text)

    def _roll_seq(self, pid: str) -> tuple[int, int, g.DieRolled] | None:
        """The latest die rolled for ``pid`` up to the cursor by a command not undone."""
        undone = self.game.undone(self.cursor)
        for seq, cid, ev, _a in reversed(self.game.rows(1, self.cursor)):
            if isinstance(ev, g.DieRolled) and ev.procedure == pid and cid not in undone:
                return seq, cid, ev
        return None

    def do_diagram(self, arg: str) -> None:
        """diagram [KIND|PROCEDURE]: a kind's phase machine (Mermaid), a procedure's current phase marked;
        by default the procedure at the cursor, else the latest open one."""
        st, name = self.state(), arg.strip()
        machines = kinds.machines()
        kind: Any
        if name in machines:
            mine = [(p, k) for p, k in procedures(st, "machine") if k.name == name]
            pid, kind = mine[-1] if mine else ("", None)
            machine = machines[name]
        else:
            try:
                pid, kind = self._procedure(st, name, "machine")
            except CommandError:
                if name:
                    raise CommandError(f'no procedure or kind "{name}" at seq {self.cursor} (kinds with a '
                                       f'machine: {", ".join(machines)})') from None
                pid, kind = "", next((k for k in kinds.legal_order(st) if hasattr(k, "machine")), None)
            if kind is None:
                raise CommandError(f"no kind with a phase machine in this game at seq {self.cursor}")
            machine = kind.machine
        phase = kind.instances(st)[pid].phase if pid and kind is not None else None
        self.say(f"%% {pid} is in phase '{phase}'" if phase else f"%% no {machine.kind} procedure at the cursor")
        self.say(machine.mermaid(phase))
