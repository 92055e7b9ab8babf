"""The arrows a board picture draws at a seq: the SVG board and the HTML replay draw the same ones.

Shown at a seq: every retreat, advance and displacement so far of the shown procedure, and the moves
of the command at that seq that belong to no procedure (a host's UnitMoved). The shown procedure is
the one the latest event of the current game turn naming a procedure names (an event's ``procedure``
field): the procedure of the event at the seq when it names one, none once a new game turn starts.
An undone command's events count for nothing. One arrow per (kind, from, to), naming its units in
the order they went.

Both faces fold the log's events into an ``Arrows`` (the replay event by event as it builds its
steps, `show --svg` the rows up to its seq), so the two pictures cannot disagree on what they draw.
Only a move that names its first hex draws an arrow (a UnitMoved of the first log format names none).
"""
from __future__ import annotations

import msgspec

from turnlog.events import game as g

#: A move an arrow is drawn for.
Move = g.UnitRetreated | g.UnitAdvanced | g.UnitDisplaced | g.UnitMoved

#: The moves drawn as arrows, by event type: the kind of arrow (its style in svg/style.py ARROWS).
KINDS: dict[type, str] = {g.UnitRetreated: "retreat", g.UnitAdvanced: "advance", g.UnitDisplaced: "displaced",
         g.UnitMoved: "move"}


class Arrow(msgspec.Struct, frozen=True, kw_only=True):
    """One arrow: the units that went from ``frm`` to ``to`` in moves of one kind, and the first's rule."""

    kind: str
    frm: str
    to: str
    units: tuple[str, ...]
    rule: str = ""


class Arrows:
    """The moves of a log folded so far, event by event (``add``); ``shown`` the arrows at its last seq."""

    def __init__(self) -> None:
        self._turns: list[tuple[int, int]] = [(0, 0)]   # (command, game turn) of each turn started
        self._named: list[tuple[int, int, str]] = []    # (command, game turn, procedure), latest last
        self._moves: dict[str, list[tuple[int, str, Move]]] = {}   # a procedure's (command, kind, move)
        self._plain: list[tuple[str, Move]] = []     # the current command's moves of no procedure
        self._cid = 0

    @classmethod
    def of(cls, game, seq: int) -> "Arrows":
        """The arrows of ``game``'s log up to ``seq``."""
        out = cls()
        for _seq, cid, ev, _auto in game.rows(1, seq) if seq else ():
            out.add(cid, ev)
        return out

    def add(self, cid: int, ev) -> None:
        """Fold the next event of the log (of command ``cid``)."""
        if cid != self._cid:
            self._cid, self._plain = cid, []
        if isinstance(ev, g.CommandUndone):
            self._undo(ev.command_id)
            return
        if isinstance(ev, g.GameTurnStarted):
            self._turns.append((cid, ev.turn))
        pid = getattr(ev, "procedure", "")
        pid = pid if isinstance(pid, str) else ""
        if pid:
            named = (cid, self._turns[-1][1], pid)
            if not self._named or self._named[-1] != named:
                self._named.append(named)
        kind = KINDS.get(type(ev))
        if kind is None or not isinstance(ev, Move) or not ev.from_hex or not ev.to_hex or ev.from_hex == ev.to_hex:
            return
        if pid:
            self._moves.setdefault(pid, []).append((cid, kind, ev))
        else:
            self._plain.append((kind, ev))

    def _undo(self, cid: int) -> None:
        self._turns = [t for t in self._turns if t[0] != cid or t == (0, 0)]
        self._named = [n for n in self._named if n[0] != cid]
        for pid, moves in self._moves.items():
            self._moves[pid] = [m for m in moves if m[0] != cid]

    def procedure(self) -> str:
        """The shown procedure: the one the current game turn's latest event naming one names, or ''."""
        if self._named and self._named[-1][1] == self._turns[-1][1]:
            return self._named[-1][2]
        return ""

    def shown(self) -> list[Arrow]:
        """The arrows drawn now: one per (kind, from, to), in the order of their first moves."""
        moves = [(kind, ev) for _cid, kind, ev in self._moves.get(self.procedure(), [])] + self._plain
        paths: dict[tuple[str, str, str], list] = {}
        for kind, ev in moves:
            paths.setdefault((kind, ev.from_hex, ev.to_hex), []).append(ev)
        return [Arrow(kind=k, frm=a, to=b, units=tuple(e.unit for e in evs), rule=getattr(evs[0], "rule", ""))
                for (k, a, b), evs in paths.items()]
