"""Verify's re-execution pass: every command re-decided on the board of its time with the dice it logged.

The events it gives must be the logged ones byte for byte (or equal once an older version is upcast);
the commands' spans must tile the log, and no undo may take back a die roll without a referee. Undos
rewind to verify's own checkpoints (checkpoints.py). The package's verify() runs it after the stages
on the log alone (chain.py, dice.py).
"""
from __future__ import annotations

from dataclasses import dataclass


from turnlog.events.base import Event
from turnlog.events.codec import decode, encode
from turnlog.events.game import DieRolled
from turnlog.projections import fold as F
from turnlog.projections.narrative import line
from turnlog.projections.state import GameState

from .. import claims as CL
from .. import commands as c
from .. import identity as ID
from .. import seats as S
from ..errors import CommandError, RuleViolation
from ..game import Game, settle
from .. import undo as U
from .checkpoints import CHECK_EVERY, Rewind
from .report import RECORDED, Discrepancy, Report, record
from .served import UNUSED_FROM, LoggedDice, enters
from .setup import SnapshotCheck, revealed, setup_problem


def run(game: Game, rep: Report, progress=None, commands: list[tuple] | None = None, *,
        every: int = CHECK_EVERY, part: Part | None = None) -> GameState | None:
    """Re-execute every command on the board of its time; stop at the first difference.

    Also checks that the commands' spans tile the log (no event outside a
    command) and that no undo took back a die roll without a referee. Returns
    the board the re-execution ends with, or None after a discrepancy. Linear in
    the log's length whatever the mix of commands (undos rewind to Rewind's checkpoints):
    the events are read in one pass, not one statement a command. ``every``: events between checkpoints.
    ``part``: one range of the log only (ranges.py), from the board it begins on.
    """
    commands = game.log.commands() if commands is None else commands
    run = _Pass(game, rep, commands, every, part)
    expect = part.first if part is not None else 1
    total = len(commands)
    for i, row in enumerate(commands):
        if progress:
            progress(i + 1, total)
        bad = run.check(row, expect)
        if bad is not None:
            rep.discrepancy = bad
            return None
        expect = row[6] + 1
    forged = run.cache.forged()
    if forged:
        rep.forged_snapshots = forged
    if part is not None and not part.last:
        return run.state  # the range's end: the next range's first board, checked by its snapshot
    if expect - 1 != rep.events and commands:
        rep.discrepancy = Discrepancy(seq=min(expect, rep.events), command_id=commands[-1][0], command=commands[-1][3],
                                      rule="log", message=f"the commands table covers seq 1..{expect - 1} but the "
                                                          f"log holds {rep.events} events")
        return None
    return run.state


@dataclass
class Part:
    """One range of the log re-executed apart (ranges.py): where it begins and on what board.

    ``board``/``undone``: the board and undone commands at seq ``first`` - 1 (None: the empty board of
    seq 0); ``rows``: the range's rows, gapless from ``first`` (its chain checked before), each as
    EventLog.rows gives it and the chain's columns after (EventLog.rows3); ``cache``: the bound
    snapshots to hold to the board on the way; ``records``: where a fair-play game's claim rows go
    (the merged report lists them in order); ``last``: the log's last range (its end is the log's).
    """

    first: int
    board: GameState | None
    undone: set[int]
    rows: list[tuple]
    cache: SnapshotCheck
    records: list[tuple]
    last: bool


class _Pass:
    """The re-execution pass's running board, its checkpoints (Rewind), the log's rows read once.

    ``seen`` are the command rows passed so far and ``undid`` each undo's target: undo and redo are
    judged on them by engine/undo.py's rules, the live game's own.
    """

    def __init__(self, game: Game, rep: Report, commands: list[tuple], every: int,
                 part: Part | None = None):
        self.game, self.rep, self.part = game, rep, part
        self.state = GameState() if part is None or part.board is None else part.board
        last_undo = max((r[5] for r in commands if r[2] == "Undo"), default=0)
        self.rewind = Rewind(game, every, until=last_undo)
        # Only an undo rewinds: with none to come, Rewind's passed and keep change nothing.
        self.rewinds = last_undo > 0
        self.rows = _Spans(game.log.rows()) if part is None else _Slices(part.rows, part.first)
        self.seen: list[tuple] = []
        # The rows an undo or redo looks back on: none to keep when the pass meets neither.
        self.keep_seen = any(r[2] in ("Undo", "Redo") for r in commands)
        self.by_id = {row[0]: row for row in commands} if self.keep_seen else {}
        self.empty: tuple[tuple, LoggedDice] | None = None  # _no_dice's
        self.empty_dice: LoggedDice | None = None
        self.undid: dict[int, int] = {}
        self.issued: dict[int, frozenset[str]] = {}  # command id -> its issuers (seats.issuers)
        self.cache = SnapshotCheck(game.log) if part is None else part.cache
        if part is not None:
            self.rewind.undone = set(part.undone)

    def check(self, row: tuple, expect: int) -> Discrepancy | None:
        """Check one command row whose span must start at seq ``expect``; the first difference, or None.

        Its span, its seat, then its events; ``state`` is the board after it (or after the undo).
        """
        cid, actor, ctype, payload, _ts, first, last = row
        if first != expect:
            return Discrepancy(seq=min(first, expect), command_id=cid, command=payload, rule="log",
                               message=f"command {cid} starts at seq {first} but the previous one ended at "
                                       f"seq {expect - 1}: events outside any command, or two commands overlap")
        logged = self.rows.take(first, last)
        if self.rewinds:
            self.rewind.passed(logged)
        if len(logged) != last - first + 1:
            missing = next((s for s, r in zip(range(first, last + 1), logged) if r[0] != s), first + len(logged))
            return Discrepancy(seq=missing, command_id=cid, command=payload, rule="log",
                               message=f"command {cid} recorded events {first}-{last}, but seq {missing} "
                                       "is not in the log (cut or deleted)")
        forked = ID.not_as_forked(row) if ctype == "ForkGame" else None
        if forked is not None:
            return Discrepancy(seq=first, command_id=cid, command=payload, rule=ID.RULE,
                               message=forked)
        seat = None if ctype in ("Undo", "Redo") else S.verify_row(self.state, row)
        if seat is not None:  # a seated game's command from someone not holding its seat
            self.rep.stage = self.rep.stage or "seats"
            return Discrepancy(seq=first, command_id=cid, command=payload, rule=seat.rule,
                               message=f"issued out of turn by {actor or '(no actor named)'}: {seat.message}")
        if CL.on(self.state):  # a fair-play game's record; an older game reports as before
            if self.part is None:
                record(self.rep, logged)
            else:
                self.part.records += [r for r in logged if r[2] in RECORDED]
        if ctype == "LoadScenario":
            bad = _setup(row, logged, self.state)
        elif ctype == "Undo":
            bad = self._undo(row, logged)
        else:
            bad = self._again(row, logged)
        if bad is None:
            if self.keep_seen:
                self.seen.append(row)
            if last in self.cache.pending:  # a bound snapshot here: held to this board
                self.cache.reached(last, self.state, self.rewind.undone)
        elif bad.rule.startswith("seats."):
            self.rep.stage = self.rep.stage or "seats"
        return bad

    def _undo(self, row: tuple, logged: list[tuple]) -> Discrepancy | None:
        """Re-decide a logged undo by the live rules (engine/undo.py); rewind past its target."""
        cid, actor, _ctype, payload, _ts, first, last = row
        target = U.undo_target(reversed(self.seen), self.rewind.undone)
        try:
            command = c.parse(payload)
            if not isinstance(command, c.Undo):
                raise CommandError(f"the payload is a {type(command).__name__}, not an Undo")
            issuers = (S.issuers(target, self.by_id.get, self.issued) if target is not None
                       else set())
            roll = self.rewind.roll(target[0]) if target is not None else ""
            ev = U.decide_undo(self.state, target, issuers, roll, command, actor)
        except (RuleViolation, CommandError) as err:
            return Discrepancy(seq=first, command_id=cid, command=payload,
                               rule=getattr(err, "rule", "undo"),
                               message=getattr(err, "message", str(err)))
        bad = _compare([(ev, False)], logged, cid, first, payload)
        if bad is not None:
            return bad
        assert target is not None  # decide_undo refuses an undo with nothing to undo
        if ev.override:
            self.rep.overrides.append(first)
        self.undid[cid] = target[0]
        self.state = self.rewind.undo(target, last, self.state)
        self.rewind.keep(self.state, undone=True)
        return None

    def _redone(self, row: tuple) -> str:
        """The command a logged redo re-issues, by the live rules (RuleViolation if refused)."""
        cid, actor, _ctype, payload = row[:4]
        target = U.redo_target(reversed(self.seen), lambda undo: self.undid.get(undo[0]),
                               self.by_id.get)
        if target is None:
            raise RuleViolation("redo", f"command {cid} is a Redo, but no undo is pending here: "
                                "nothing to redo")
        U.check_redo(self.state, actor, target, S.issuers(target, self.by_id.get, self.issued))
        want = U.redo_payload(target)
        if payload != want:
            raise RuleViolation("redo", f"a redo here re-issues command {target[0]} ({target[2]}) "
                                f"as {want}; the log's redo is {payload}")
        return U.reissued(target)

    def _no_dice(self, state: GameState) -> LoggedDice:
        """The dice of a command that enters none and logged no roll: every roll and draw refused.

        One for as long as the game's dice are the same: a roll or draw asked of it raises before
        anything in it changes, so it answers every such command as a new one would.
        """
        if self.empty is None or self.empty[0] != (state.die, state.dice):
            self.empty = ((state.die, dict(state.dice)), LoggedDice(state, []))
            self.empty_dice = self.empty[1]
        return self.empty[1]

    def _again(self, row: tuple, logged: list[tuple]) -> Discrepancy | None:
        """Re-decide a command (a redo: the command it re-issues) with its logged dice; compare the events."""
        cid, _actor, ctype, payload, _ts, first, last = row
        state = self.state
        try:
            if ctype == "Redo":
                payload = self._redone(row)
            command = c.parse(payload)
            if type(command).__name__ != ctype and ctype != "Redo":
                raise CommandError(f"command {cid} is logged as {ctype} but its payload is a "
                                   f"{type(command).__name__}")
            source = CL.dice_source(state, command)  # an accepted claim rolls with the claimed command's dice
            shown: tuple = ()
            if isinstance(source, c.RevealSeed):
                events = [decode(r[2], r[3], r[4]) for r in logged]
                shown = revealed(state, events)
            else:  # only the rolls are served; every row is held to the re-executed events below
                events = [decode(r[2], r[3], r[4]) for r in logged if r[2] == "DieRolled"]
            if events or shown or enters(source):
                dice = LoggedDice(state, [e for e in events if isinstance(e, DieRolled)], source,
                                   *shown)
            else:
                dice = self._no_dice(state)
            events = self.game.decide(state, command, dice)
            if dice is not self.empty_dice and state.rules.era >= UNUSED_FROM:
                dice.unused()  # as play refuses a value entered for no roll (Game.decide)
            done = settle(state, events)
        except (RuleViolation, CommandError) as err:
            return Discrepancy(seq=first, command_id=cid, command=payload,
                               rule=getattr(err, "rule", ""), message=getattr(err, "message", str(err)))
        if not _same(done, logged):  # else equal once an older version is upcast, or a difference
            bad = _difference(done, logged, cid, first, payload)
            if bad is not None:
                return bad
        state.seq = last
        self.rep.commands_checked += 1
        if self.rewinds:
            self.rewind.keep(state)
        return None


def _setup(row: tuple, logged: list[tuple], state: GameState) -> Discrepancy | None:
    """The setup re-derived (engine/verify_setup.py) and folded; the first difference, or None."""
    bad = setup_problem(row, logged)
    if bad is not None:
        return Discrepancy(seq=bad[0], command_id=row[0], command=row[3], rule="setup",
                           message=bad[1])
    F.fold(state, [r[:6] for r in logged])  # a range's rows carry the chain's columns too
    return None


def _compare(done: list[tuple[Event, bool]], logged: list[tuple], cid: int, first: int,
             payload: str) -> Discrepancy | None:
    """None when the re-executed events are the logged rows (byte for byte, or once upcast).

    Else the first difference."""
    return None if _same(done, logged) else _difference(done, logged, cid, first, payload)


class _Spans:
    """The log's rows read once, in seq order, handed out a command's span at a time."""

    def __init__(self, rows):
        self.rows, self.next = iter(rows), None

    def take(self, first: int, last: int) -> list[tuple]:
        """The rows with seq first..last (fewer when some are missing); rows before ``first`` are passed over."""
        out, row = [], self.next
        if row is None:
            row = next(self.rows, None)
        while row is not None and row[0] <= last:
            if row[0] >= first:
                out.append(row)
            row = next(self.rows, None)
        self.next = row
        return out


class _Slices:
    """A range's rows, gapless from seq ``first`` (its chain was checked first), a span a slice.

    The same spans _Spans hands out of such rows: those of first..last that the range holds.
    """

    def __init__(self, rows: list[tuple], first: int):
        self.rows, self.base = rows, first

    def take(self, first: int, last: int) -> list[tuple]:
        """The rows with seq first..last (fewer when the range ends before ``last``)."""
        return self.rows[max(first - self.base, 0):max(last - self.base + 1, 0)]


def _same(done: list[tuple[Event, bool]], logged: list[tuple]) -> bool:
    """Whether the re-executed events are the logged rows byte for byte: type, current version, data, flag.

    A logged row of an older version is upcast and compared by _difference instead.
    """
    if len(done) != len(logged):
        return False
    for (e, auto), r in zip(done, logged):
        name = type(e).__name__
        if r[2] != name or r[3] != e.version or bool(r[5]) != auto or encode(e).decode() != r[4]:
            return False
    return True


def _difference(done: list[tuple[Event, bool]], logged: list[tuple], cid: int, first: int,
                payload: str) -> Discrepancy | None:
    """The first re-executed event that differs from the logged one once decoded and encoded again, or None."""
    events = [decode(r[2], r[3], r[4]) for r in logged]
    again = [(encode(e), a) for e, a in done]
    were = [(encode(e), bool(r[5])) for e, r in zip(events, logged)]
    if again == were:
        return None
    j = next((j for j, (x, y) in enumerate(zip(again, were)) if x != y), min(len(again), len(were)))
    return Discrepancy(
        seq=first + j, command_id=cid, command=payload,
        message="re-executing the command gives different events than were logged",
        logged=line(events[j]) if j < len(events) else "(no event: the log ends the command here)",
        again=line(done[j][0]) if j < len(done) else "(no event: re-execution ends the command here)")
