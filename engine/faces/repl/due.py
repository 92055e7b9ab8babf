"""The REPL's ``status``: whose move at the cursor, the engine's one answer (engine/due.py).

A mixin of ``Shell``: it reads ``self.state()``, ``self.cursor``, ``self.last``, ``self.actor`` and
``self.say``; it never writes.
"""
from __future__ import annotations

from ... import due as DUE
from ..cli.status import due_lines, seat_lines
from .cursor import Mixin


class DueCommands(Mixin):
    """Whose move it is."""

    def do_status(self, arg: str) -> None:
        """status [ACTOR]: whose move at the cursor: who may act, what is due from whom with its rule,
        whom the game waits for; with an actor (or after `as NAME`), that seat's part."""
        st = self.state()
        if self.cursor != self.last:
            self.say(f"(as of seq {self.cursor}; 'do' acts at the live end, seq {self.last})")
        d = DUE.at(st)
        actor = arg.strip() or self.actor
        lines = seat_lines(st, d, actor) if actor and not st.over else [
            line.strip() if i == 0 else line for i, line in enumerate(due_lines(st, d))]
        for line in lines:
            self.say(line)

    do_due = do_status
