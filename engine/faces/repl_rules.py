"""The REPL's rules commands: ``why``, ``legal``, ``odds``, ``diagram`` (engine/faces/repl.py).

A mixin of ``Shell``: the rules behind the event at the cursor, what the phase table allows,
the odds of a roll, the phase machine. It reads the board at the cursor and never writes.
"""
from __future__ import annotations

from turnlog.events import attrition as a

from .. import kinds
from ..attrition import machine
from ..errors import CommandError
from ..attrition.why import odds
from .explain import event_procedure, explain, legal_choices
from .repl_cursor import Mixin


def _head(entry) -> str:
    """A choice's head; explain.legal_choices puts a plain line where a kind cannot list its choices."""
    return getattr(entry, "head", str(entry))


def _odds_kind(state, pid: str):
    """The registered kind whose instances hold ``pid`` and that answers ``odds(state, pid)``, or None."""
    for kind in kinds.KINDS:
        if pid and hasattr(kind, "odds") and hasattr(kind, "instances") and pid in kind.instances(state):
            return kind
    return None


class RulesCommands(Mixin):
    """The rules behind what the cursor shows."""

    def do_why(self, arg: str) -> None:
        """why [SEQ]: the rules behind the event at the cursor: each modifier with its rule and reason, the
        die, the column and the row of an attrition roll; the rule of an elimination, retreat or advance;
        who was counted and who was not, and why; which transition a phase change took."""
        seq = int(arg) if arg.strip() else self.cursor
        row = self._row(seq)
        if row is None:
            self.say("no event at the cursor")
            return
        for text in explain(self.game, self.state, *row):
            self.say(text)

    def do_legal(self, arg: str) -> None:
        """legal: the commands legal at the cursor, each with the values its fields may take (which units,
        which hexes, how many), and per attrition procedure what its phase table allows."""
        st = self.state()
        if self.cursor != self.last:
            self.say(f"(as of seq {self.cursor}; 'do' acts at the live end, seq {self.last})")
        procs = [p for p in st.attritions.values() if p.phase != "done"]
        for p in procs:
            self.say(f"{p.id} ({p.attacker} vs {p.defender} in {p.zone}) is in phase '{p.phase}'; "
                     "the table allows:")
            for t in machine.TRANSITIONS:
                if t["source"] == p.phase:
                    name = next((k for k, v in machine.COMMAND_TRIGGER.items() if v == t["trigger"]),
                                f"(automatic: {t['trigger']})")
                    cond = t.get("conditions")
                    self.say(f"  {name:<22} -> {t['dest']}{'  if ' + cond if cond else ''}")
        offered = legal_choices(st)
        attr = [x for x in offered if _head(x).split()[0] in machine.COMMAND_TRIGGER
                or _head(x).startswith("BeginAttrition")]
        # a game without rule 14 hears nothing of it
        if attr or "attrition" in {k.name for k in kinds.active(st)}:
            self.say("legal now (rules and phase):" + ("" if attr else " no attrition command"))
        for x in attr:
            self.say(f"  {x}")
        shown = list(attr)
        # every other machine-driven kind (rule 9...): its open instances, its choices
        for kind in kinds.active(st):
            if kind.name in ("turn", "attrition") or not hasattr(kind, "open"):
                continue
            for inst in kind.open(st):
                self.say(f"{inst.id} ({kind.name}) is in phase '{inst.phase}'")
            names = {c.__name__ for c in kind.commands}
            mine = [x for x in offered if _head(x).split()[0] in names]
            if mine:
                self.say(f"legal now ({kind.name}):")
                for x in mine:
                    self.say(f"  {x}")
            shown += mine
        self.say("host and turn commands:")
        for x in offered:
            if x not in shown:
                self.say(f"  {x}")

    def do_odds(self, arg: str) -> None:
        """odds [PROC]: before an attrition roll, the exact chance of each result with the current modifiers
        (for a procedure already rolled: the odds it faced just before its roll); for another kind's
        procedure (a WiF land combat ``L<n>``), that kind's own answer: each cell's chance over both dice."""
        st, pid = self.state(), arg.strip()
        if not pid:
            rolling = [p.id for p in st.attritions.values() if p.phase == "roll"]
            pid = rolling[-1] if rolling else event_procedure(self._row(self.cursor)) or \
                (max(st.attritions, key=lambda k: (len(k), k)) if st.attritions else "")
        if pid not in st.attritions:
            # a kind's own procedure (a WiF land combat: its kind's odds hook)
            other = _odds_kind(st, pid)
            if other is not None:
                for text in other.odds(st, pid):
                    self.say(text)
                return
            raise CommandError(f'no attrition procedure "{pid}" at seq {self.cursor}' if pid else
                               f"no attrition procedure at seq {self.cursor}")
        before, actual = st, st.attritions[pid].die  # the cursor may sit on the roll itself
        if st.attritions[pid].phase != "roll":
            roll = self._roll_seq(pid)
            if roll is None:
                raise CommandError(f"{pid} is in phase '{st.attritions[pid].phase}' and has not "
                                   "rolled")
            seq, cid, ev = roll
            before, actual = self.state(self._command(cid)[5] - 1), ev.die
            self.say(f"{pid} rolled at seq {seq}; the odds just before that roll:")
        for text in odds(before, pid, actual):
            self.say(text)

    def _roll_seq(self, pid: str) -> tuple[int, int, a.AttritionResultDetermined] | None:
        undone = self.game.undone(self.cursor)
        for seq, cid, ev, _a in reversed(self.game.rows(1, self.cursor)):
            if isinstance(ev, a.AttritionResultDetermined) and ev.procedure == pid and cid not in undone:
                return seq, cid, ev
        return None

    def do_diagram(self, arg: str) -> None:
        """diagram [PROC]: the attrition phase machine (Mermaid), the procedure's current phase marked."""
        st, pid = self.state(), arg.strip()
        if not pid:
            pid = event_procedure(self._row(self.cursor)) or \
                (max(st.attritions, key=lambda k: (len(k), k)) if st.attritions else "")
        phase = st.attritions[pid].phase if pid in st.attritions else None
        if arg.strip() and phase is None:
            raise CommandError(f'no attrition procedure "{pid}" at seq {self.cursor}')
        self.say(f"%% {pid} is in phase '{phase}'" if phase else "%% no attrition procedure at the cursor")
        self.say(machine.MACHINE.mermaid(phase))
