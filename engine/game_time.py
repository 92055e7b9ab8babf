"""Time travel for Game: the state as of any seq, its snapshots, and what was undone as of a seq.

A mixin of engine/game.py's Game, kept apart so the facade reads in one sitting. Everything here
reads the log (``self.log``) and never judges a rule: replay folds what was stored
(projections/fold.py).
"""
from __future__ import annotations

import sqlite3
from bisect import bisect_right
from itertools import islice
from typing import Iterator

import msgspec

from turnlog.events.codec import VERSIONS, decode
from turnlog.events.game import CommandUndone
from turnlog.events.setup import GameCreated
from turnlog.events.log import EventLog, LogError
from turnlog.projections import fold as F
from turnlog.projections.state import GameState

from . import progress as P
from . import snapshots as SN
from .errors import CommandError

_INF = float("inf")


class ReplayError(LogError):
    """The rows decode but do not fold into a board: written by something other than the engine."""

NEWEST = 8  # snapshot headers read at first by a time travel (see _headers)
SHORT_SPAN = 64  # live spans shorter than this on average are read in one statement (see at())


class TimeTravel:
    """Game's reading half: ``at(seq)``, snapshots, and the undone commands as of a seq."""

    # (log, seq read up to, [(undo seq, undone command id)], the set of those ids): see undone()
    _undos: tuple = (None, 0, [], frozenset())
    # the last at()'s (log, seq, undone as (JSON, set)): see undone()
    _undone_at: tuple = (None, -1, "[]", frozenset())
    _base_seq = 0  # the seq of the board at() last started from (a snapshot's, or 0)
    # Set per game (engine/game.py): the seqs of snapshots that gave another board than the log (a
    # forged cache, passed over).
    forged_snapshots: list[int]
    # The host's (engine/game.py's Game): the log read, and the live state.
    log: EventLog
    state: GameState

    def undone(self, upto: int | None = None) -> set[int]:
        """The ids of the commands undone by the log's undo rows at or before ``upto`` (default: all).

        What is undone as of a seq never changes (rows are only appended), so the set the last time
        travel found is reused for its seq: the live state's, once a game is open.
        """
        log, seq, text, ids = self._undone_at
        if log is self.log and seq == (self.log.last()[0] if upto is None else upto):
            return set(msgspec.json.decode(text)) | ids if text != "[]" else set(ids)
        if upto is None:
            return set(self._undone_ids())
        undos = self._undo_list()
        return {cid for _s, cid in undos[:bisect_right(undos, (upto, _INF))]}

    def _undone_ids(self) -> set[int]:
        """Every command the log's undo rows undo, kept with the rows read (the caller must not change it).

        Undo and redo ask this of the whole log each time: building it from the rows cost a game of K
        undos O(K) per command.
        """
        self._undo_list()
        return self._undos[3]

    def _undone_between(self, after: int, upto: int) -> set[int]:
        """The commands undone by the undo rows after seq ``after`` up to ``upto``."""
        log, read, undos, _ids = self._undos
        if log is self.log and read >= upto:
            return {cid for _s, cid in undos[bisect_right(undos, (after, _INF)):bisect_right(undos, (upto, _INF))]}
        return {_undone_id(d) for _s, d in self.log.undo_rows(upto, after=after)}

    def _undo_list(self) -> list[tuple[int, int]]:
        """(seq, undone command id) of every undo row, in seq order.

        A stored row never changes and rows are only appended, so the rows read are kept and only
        those past the last seq read are fetched and decoded (a game of K undos decoded K rows per
        call).
        """
        log, read, undos, ids = self._undos
        if log is not self.log:
            read, undos, ids = 0, [], set()
        last = self.log.last()[0]
        if last > read:
            new = [(s, _undone_id(d)) for s, d in self.log.undo_rows(last, after=read)]
            undos += new
            ids.update(cid for _s, cid in new)
            read = last
        self._undos = (self.log, read, undos, ids)
        return undos

    def at(self, seq: int | None = None, *, use_snapshots: bool = True, progress=None) -> GameState:
        """The state after event ``seq`` (default: the last), as of that point in the log.

        ``progress(done, total)`` is told how a long fold goes (engine/progress.py).
        """
        last = self.log.last()[0]
        seq = last if seq is None else seq
        if not 0 <= seq <= last:
            raise CommandError(f"seq: {seq} is outside the log (1..{last})")
        state, before, undone = self._base(seq) if use_snapshots else (GameState(), "[]", self.undone(seq))
        self._base_seq = state.seq
        self._undone_at = (self.log, seq, before, frozenset(undone))
        # what was undone before the base is not in it
        dead = self.log.spans(undone) if undone else []
        start, total = state.seq + 1, seq - state.seq
        report = progress if progress is not None and total >= P.REPLAY_QUIET_BELOW else None
        done = 0
        live = _live_spans(start, seq, dead)
        skip: frozenset[int] | None = None
        if len(live) > 1 and seq - start + 1 < SHORT_SPAN * len(live):
            # Many short live spans (a run of undo/redo cycles): one read skipping the undone rows
            # costs less than a statement per span.
            live, skip = [(start, seq)], frozenset(undone)
        for first, last in live:
            rows = self.log.payloads(first, last) if skip is None else _skipping(self.log.rows(first, last), skip)
            if report is not None:
                rows = P.counting(rows, last - first + 1,
                                  lambda d, _t, base=done: report(base + d, total))
            # A gap (a tampered file) folds the rows that are there, as a row-by-row fold would:
            # opening must still work so that verify can name the missing seq.
            try:
                F.fold_span(state, rows)
            # a row edited by hand into no event
            except (msgspec.DecodeError, msgspec.ValidationError):
                raise LogError(self._unreadable(first, last)) from None
            except (KeyError, AttributeError, TypeError, ValueError, IndexError) as err:
                # Rows a rogue client appended (an undo the engine never writes, say):
                # readers say so in one line; verify names the command.
                raise ReplayError(f"{self.log.path}: the log does not replay between seq "
                                  f"{first} and {last} ({type(err).__name__}: {err}): rows no "
                                  "honest engine writes? `turnlog verify` names it") from None
            done += last - first + 1
        if report is not None and done < total:
            report(total, total)  # the tail was undone: still say the fold is complete
        state.seq = seq
        return state

    def _unreadable(self, first: int, last: int) -> str:
        """Name the first row of first..last that does not decode as its event type."""
        for seq, _cid, type_, version, data, _auto in self.log.rows(first, last):
            try:
                decode(type_, version, data)
            except (msgspec.DecodeError, msgspec.ValidationError) as err:
                return (f"{self.log.path}: the event at seq {seq} cannot be read as a {type_} "
                        f"({err}): the row was edited? `turnlog verify` reports it")
        return f"{self.log.path}: an event between seq {first} and {last} cannot be read"

    def _base(self, seq: int) -> tuple[GameState, str, set[int]]:
        """The newest snapshot at or before ``seq`` that no later undo reaches back into (only its data is read),
        the commands undone before it (its JSON list) and those undone after it up to ``seq``.

        A snapshot records what was undone when it was taken, so only the undo rows after it are read:
        a game of thousands of undos does not read them all on every open.
        """
        for sseq, sundone in self._headers(seq):
            later = self._undone_between(sseq, seq)
            if self._snapshot_valid(sseq, later):
                # Bound to this chain and intact, or passed over:
                found = SN.usable(self.log, sseq, sundone)
                if found is not None and self._trusted(sseq, *found):
                    return self._in_order(found[0]), sundone, later
        return GameState(), "[]", self.undone(seq)

    def _in_order(self, board: GameState) -> GameState:
        """``board`` with its joint-dice holders in their registered order, as GameCreated lists them.

        A snapshot's bytes sort every mapping's keys, and the holders' order is the order their
        shares are logged and mixed in: a board read from a snapshot takes it back from seq 1.
        """
        if board.joint_dice:
            _s, _c, type_, version, data, _a = next(iter(self.log.rows(1, 1)))
            created = decode(type_, version, data)
            assert isinstance(created, GameCreated)  # seq 1 of every log
            order = [h.holder for h in created.joint_dice]
            board.joint_dice = {h: board.joint_dice[h] for h in order}
            board.joint_keys = {h: board.joint_keys[h] for h in order if h in board.joint_keys}
        return board

    def _headers(self, seq: int) -> Iterator[tuple[int, str]]:
        """The snapshot headers at or before ``seq``, newest first: the newest few read whole (the
        checks of each read the log meanwhile), the rest only when none of those is used.

        A long game holds thousands, and reading every one cost a time travel more than the rest of it.
        """
        newest = list(islice(self.log.snapshot_headers(seq), NEWEST))
        yield from newest
        if len(newest) == NEWEST:
            yield from list(self.log.snapshot_headers(seq))[NEWEST:]

    def _trusted(self, sseq: int, board: GameState, digest: str) -> bool:
        """Whether to build on a bound snapshot: never on a forged cache.

        Yes for one this user's turnlog wrote or confirmed, or one the log, folded from event 1
        to its seq here, gives too, byte for byte (then trusted).
        """
        if SN.trusted(digest):
            return True
        # Bytes, not ==: dict equality ignores the order rules walk the units in.
        if sseq in self.forged_snapshots or (
            SN.encoded(self.at(sseq, use_snapshots=False)) != SN.encoded(board)
        ):
            if sseq not in self.forged_snapshots:
                self.forged_snapshots.append(sseq)
            return False
        SN.trust(digest)
        return True

    def _snapshot_valid(self, sseq: int, later: set[int]) -> bool:
        """Whether no command undone after a snapshot was taken (``later``) has an event in it."""
        spans = self.log.spans(later)  # remembered by the log: a command's span never changes
        return len(spans) == len(later) and all(first > sseq for first, _last in spans)

    def _snapshot_quietly(self) -> None:
        try:
            self.snapshot()
        except sqlite3.Error:
            pass  # a cache: what was written is committed; a later command tries again

    def snapshot(self) -> None:
        """Cache the live state, bound to the chain (deleting snapshots changes only speed)."""
        self.save_snapshot(self.state.seq, self.state)
        self._snap_seq = self.state.seq

    def save_snapshot(self, seq: int, board: GameState, log=None) -> None:
        """Store ``board`` (the state at ``seq``) as a snapshot bound to the row hash there.

        engine/snapshots.py. ``log``: where to store it (default: this game's; a fork's or a copy's
        new log is the same chain).
        """
        log = self.log if log is None else log
        undone = msgspec.json.encode(sorted(self.undone(seq))).decode()
        data = SN.bind(log.hash_at(seq) or "", undone, board)
        log.save_snapshot(seq, undone, data)
        SN.trust(SN.digest(data))



def _undone_id(data: str) -> int:
    """The id of the command an undo row's data undoes."""
    event = decode("CommandUndone", VERSIONS["CommandUndone"], data)
    assert isinstance(event, CommandUndone)  # decoded by that type's own name
    return event.command_id


def _skipping(rows, undone: frozenset[int]):
    """(type, version, data) of the rows whose command is not undone."""
    return ((type_, version, data) for _s, cid, type_, version, data, _a in rows if cid not in undone)


def _live_spans(start: int, stop: int, dead: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Cut start..stop around the sorted seq ranges of undone commands."""
    out, at = [], start
    for first, last in dead:
        if first > at and at <= stop:
            out.append((at, min(first - 1, stop)))
        at = max(at, last + 1)
    if at <= stop:
        out.append((at, stop))
    return out
