"""Verify a long log in ranges, each in a process of its own: one pass's report, on several cores.

A range ends at a bound snapshot (engine/snapshots.py) that sits where a command ends, past the log's
last undo and redo. The next range re-executes from that snapshot's board; the range before holds the
very same snapshot to the board it re-executed (setup.py SnapshotCheck), so each range's first board
is proven by the one before it, from the setup on. Each range also checks the hash chain of its own
rows from the stored hash before its first, and the ranges must meet: the hash one ends on is the one
the next begins from, so that rows read through another connection are the rows of this read view.

The report is the one pass's, merged in order: the first broken chain wins, then the first
discrepancy. Whatever the ranges cannot settle alone (a boundary snapshot that fails, a worker that
dies, ranges that do not meet) sends verify back to the one pass: a slower path, never another answer.
Workers are forked, so only where fork is safe: a platform that has it and a process running one thread.
"""
from __future__ import annotations

import multiprocessing
import os
import sys
import threading
from dataclasses import dataclass, field
from typing import Any, Callable

import msgspec

from turnlog.events.chain import GENESIS, verify3
from turnlog.events.log import is_open
from turnlog.events.store import is_url, open_log
from turnlog.projections.state import GameState, load

from .. import kinds as K
from .. import snapshots as SN
from ..game import Game
from . import chain, reexec
from .report import Discrepancy, Report, record
from .setup import SnapshotCheck

#: Below this many events a worker's start costs more than it saves.
MIN_EVENTS = 20_000
#: The share of the log the verifying process re-executes, against a worker's 1: it also runs the
#: integrity check, the signatures, the dice and the replay from event 1.
OWN_SHARE = 0.7
#: Where a forked child may go on running Python as its parent did (macOS's system frameworks may not
#: survive a fork; Windows has none).
FORKS = ("linux", "freebsd")
#: The environment variable that sets how many processes verify uses (1: one pass).
WORKERS_ENV = "TURNLOG_VERIFY_WORKERS"


#: What a row held for its range costs in memory (EventLog.rows3's tuple and its strings, measured
#: on the benchmark's log: about 820 bytes), with room to spare.
ROW_BYTES = 1024
#: The lowest seq SQLite's and PostgreSQL's integer keys hold.
LOWEST = -(2**63)


class Fallback(Exception):
    """The ranges cannot settle the report alone: run the one pass."""


@dataclass
class Done:
    """What one range found: its chain's verdict, where it met its neighbours, its re-execution."""

    first: int
    last: int
    verdict: tuple[int, int | None, str]
    prev: str                    # the stored hash before the range's first row, as it began from
    end: str | None              # the stored hash of its last row
    commands: int = 0
    checked: int = 0
    discrepancy: Discrepancy | None = None
    stage: str = ""
    forged: list[int] = field(default_factory=list)
    overrides: list[int] = field(default_factory=list)
    records: list[tuple] = field(default_factory=list)
    board: Any = None            # the verifying process's own range only: the board it ends on


def workers() -> int:
    """How many processes verify may use: WORKERS_ENV, else this process's cores; 1 where no child
    may be forked (another platform, or a process running threads: a fork copies one thread)."""
    if (not sys.platform.startswith(FORKS) or threading.active_count() > 1
            or multiprocessing.current_process().daemon):  # a daemonic process may have no child
        return 1
    told = os.environ.get(WORKERS_ENV, "")
    if told.isdigit() and int(told) > 0:
        return min(int(told), 16)
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(1, min(cores or 1, 8))


def plan(log, n: int, min_events: int | None = None) -> list[int] | None:
    """The last seq of every range but the last (each a usable bound snapshot's), or None: one pass."""
    total = log.last()[0]
    least = MIN_EVENTS if min_events is None else min_events
    if n < 2 or total < least or log.format < 3 or not log.has_snapshots or not _fits(total):
        return None
    heads = sorted(seq for seq, _undone in log.snapshot_headers(total) if seq < total)
    bounds = _cut(log, heads, total, n)
    if bounds:  # ranges begin past the last undo and redo: their rows are read past the first cut only
        after = log.last_command_of(("Undo", "Redo"), after=bounds[0])
        if after:
            bounds = _cut(log, [s for s in heads if s > after], total, n)
    return bounds or None


def _fits(total: int) -> bool:
    """Whether the ranges' rows, all held at once, take at most a quarter of the memory free now
    (one pass holds only its command rows: on a machine short of memory it is the safer path)."""
    try:
        free = os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return False
    return total * ROW_BYTES <= free // 4


def _cut(log, seqs: list[int], total: int, n: int) -> list[int]:
    """The seqs of ``seqs`` (snapshots') nearest to where ``n`` ranges of the log would end (each a
    command's end), the verifying process's range the smaller by OWN_SHARE."""
    weights = [1.0] * (n - 1) + [OWN_SHARE]
    bounds: list[int] = []
    done = 0.0
    for w in weights[:-1]:
        done += w
        target = int(total * done / sum(weights))
        pick = min((s for s in seqs if s > (bounds[-1] if bounds else 0)),
                   key=lambda s: abs(s - target), default=None)
        if pick is None or not log.command_ends(pick):
            break
        bounds.append(pick)
    return bounds


@dataclass
class Started:
    """The workers forked for a verify, and what they begin from."""

    bounds: list[int]
    read: dict[int, tuple[str, bytes]]   # each boundary snapshot's (undone, bytes), as planned
    jobs: list[tuple[Any, Any]]          # (process, the end of its pipe), one per range but the last

    def stop(self) -> None:
        for proc, conn in self.jobs:
            if proc.is_alive():
                proc.kill()
            proc.join()
            conn.close()


def start(path, n: int | None = None, min_events: int | None = None) -> Started | None:
    """Plan the ranges and fork a worker for each but the last, or None: one pass.

    Forked while this process holds no connection to the file: SQLite keeps its locks per process,
    and a child must not begin with its parent's (the plan's own connection is closed first).
    """
    n = workers() if n is None else n
    if n < 2 or (not is_url(path) and is_open(path)):
        return None
    log = open_log(path, readonly=True)
    try:
        with log.read_view():
            bounds = plan(log, n, min_events)
            if bounds is None:
                return None
            read = {b: (undone, log.snapshot_data(b)) for b, undone in _headers(log, bounds)}
            if len(read) != len(bounds) or any(_body(log, b, *read[b]) is None for b in bounds):
                return None
            K.load_for_log(log)  # the workers inherit the kinds, decoders and fold steps
    finally:
        log.close()
    starts = [1] + [b + 1 for b in bounds[:-1]]
    started = Started(bounds, read, [])
    try:
        for first, last in zip(starts, bounds):
            started.jobs.append(_fork(path, first, last, read, bounds))
    except (OSError, AssertionError):  # no process to be had (a limit, a daemonic parent): one pass
        started.stop()
        return None
    return started


def verify(path, log, started: Started, progress, anchors, opened: dict,
           after_chain: Callable[..., Report]) -> Report | None:
    """The report of verifying ``log`` (in its read view) with the ranges ``started``, or None: run
    the one pass. ``after_chain``: the package's stages after the chain, given the re-execution step.
    """
    bounds, read = started.bounds, started.read
    total = log.last()[0]
    rep = Report(missing_triggers=list(log.missing_triggers))
    found: list[Done] = []
    try:
        if total <= bounds[-1] or any(_body(log, b, *read[b]) is None or not log.command_ends(b)
                                      for b in bounds):
            raise Fallback("the log this process reads is not the one the ranges were planned on")

        def chain_verdict() -> tuple[int, int | None, str]:
            own, rows = _chain(log, bounds[-1] + 1, total)
            if own.verdict[1] is None:  # re-executed while the workers finish their chains (kept
                # for the step after the stages between; a broken chain anywhere drops it)
                game = Game.open(path, readonly=True, log=log)
                _reexec(game, own, rows, read, bounds, progress)
            found.extend(_join(job) for job in started.jobs)
            found.append(own)
            rep.commands = sum(d.commands for d in found)
            return verdict(found, total)
        if not chain.checked(log, rep, progress, anchors, chain_verdict):
            if not found:  # refused before the chain (the file's schema): the one pass counts
                raise Fallback("refused before the chain was read")
            return rep
        return after_chain(path, log, rep, progress, opened, None, _merge(found, started.jobs, read, bounds))
    except Exception:  # noqa: BLE001 - Fallback, or a row only the one pass reads in order
        return None  # the one pass: its answer, or the same error where it meets that row


def _headers(log, bounds: list[int]) -> list[tuple[int, str]]:
    want = set(bounds)
    return [(seq, undone) for seq, undone in log.snapshot_headers(max(bounds)) if seq in want]


def _body(log, seq: int, undone: str, data: bytes) -> bytes | None:
    return SN.body(data, log.hash_at(seq), undone)


def _fork(path, first: int, last: int, read: dict, bounds: list[int]) -> tuple[Any, Any]:
    """A forked worker verifying rows first..last; (process, the end of its pipe)."""
    ctx = multiprocessing.get_context("fork")
    mine, theirs = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_work, args=(path, first, last, read, bounds, theirs), daemon=True)
    proc.start()
    theirs.close()
    return proc, mine


def _work(path, first: int, last: int, read: dict, bounds: list[int], conn) -> None:
    """A worker's whole life: verify its range in a log of its own opening; send what the chain
    showed as soon as it is known, then what re-execution did."""
    try:
        log = open_log(path, readonly=True)
        try:
            with log.read_view():
                done, rows = _chain(log, first, last)
                conn.send(done)
                if done.verdict[1] is None:
                    game = Game.open(path, readonly=True, log=log)  # its board from a snapshot
                    _reexec(game, done, rows, read, bounds)
                    done.board = None  # the next range begins from the snapshot, proven equal
                    conn.send(done)
        finally:
            log.close()
    except BaseException as err:  # noqa: BLE001 - any failure sends the parent to the one pass
        conn.send(f"{type(err).__name__}: {err}")
    finally:
        conn.close()


def _chain(log, first: int, last: int) -> tuple[Done, list[tuple]]:
    """Check the chain of rows first..last, which begin a command; the rows too, read once for both."""
    if first == 1:  # from the lowest seq a row may hold: one before 1 is named as the one pass does
        prev, cid = GENESIS, 0
        rows = log.rows3(LOWEST, last)
    else:
        before = log.rows3(first - 1, first - 1)
        prev, cid = (before[0][6], before[0][1]) if before else ("", 0)
        rows = log.rows3(first, last)
    chained = [r[:12] for r in rows] if rows and len(rows[0]) > 12 else rows  # format 4's payload
    done = Done(first=first, last=last, verdict=verify3(chained, (prev, first, cid)), prev=prev,
                end=rows[-1][6] if rows else None)
    done.commands = sum(1 for r in rows if r[8] is not None)
    if done.verdict[1] is None and (not rows or rows[-1][0] != last):
        raise Fallback(f"rows {first}..{last} end early")  # the one pass names the missing rows
    return done, rows


def _reexec(game: Game, done: Done, rows: list[tuple], read: dict, bounds: list[int],
            progress=None) -> None:
    """Re-execute a range's commands from its first board; fill ``done`` (the board it ends on too)."""
    alone = 12 if rows and len(rows[0]) > 12 else 9  # the payload as issued (format 4: after the chain's)
    commands = [(r[1], r[7], r[8], r[alone], r[10], r[0], r[11]) for r in rows if r[8] is not None]
    begin = done.first - 1
    board, undone = (None, set()) if begin == 0 else _begin(game.log, begin, *read[begin])
    ends = {b: read[b] for b in bounds if b == done.last}
    done.records = []
    part = reexec.Part(first=done.first, board=board, undone=undone, rows=rows,
                       cache=SnapshotCheck(game.log, within=(done.first, done.last), read=ends),
                       records=done.records, last=done.last not in bounds)
    rep = Report(events=done.last)
    done.board = reexec.run(game, rep, progress, commands, part=part)
    done.checked, done.discrepancy, done.stage = rep.commands_checked, rep.discrepancy, rep.stage
    done.forged = list(rep.forged_snapshots or [])
    done.overrides = list(rep.overrides)


def _begin(log, seq: int, undone: str, data: bytes) -> tuple[GameState, set[int]]:
    """The board a range begins on: the snapshot at ``seq`` (the range before proves it)."""
    body = _body(log, seq, undone, data)
    if body is None:
        raise Fallback(f"the snapshot at seq {seq} is not this log's")
    board = load(body)
    return board, set(msgspec.json.decode(undone, type=list[int]))


def _join(job: tuple[Any, Any]) -> Done:
    """The worker's next message: its range's Done (Fallback if it failed or died)."""
    _proc, conn = job
    try:
        got = conn.recv()
    except EOFError:
        got = None
    if not isinstance(got, Done):
        raise Fallback(f"a worker failed: {got}")
    return got


def verdict(found: list[Done], total: int) -> tuple[int, int | None, str]:
    """The chain's verdict of the ranges ``found`` (in order) on a log of ``total`` events: the one
    pass's (Fallback when they do not meet)."""
    _meet(found, total)
    return next((d.verdict for d in found if d.verdict[1] is not None), (total, None, ""))


def _meet(found: list[Done], total: int) -> None:
    """The ranges make one chain: each begins from the hash the one before ends on."""
    prev = GENESIS
    for d in found:
        if d.verdict[1] is not None:
            return  # a broken range names itself; those after it are not reached
        if d.prev != prev:
            raise Fallback(f"the range from seq {d.first} does not meet the one before")
        prev = d.end or ""
    if found[-1].last != total:
        raise Fallback("the ranges do not reach the log's end")


def _merge(found: list[Done], jobs: list, read: dict, bounds: list[int]):
    """verify()'s re-execution step: every range's re-execution (this process's own done with its
    chain) merged in order."""
    def step(_game: Game, rep: Report, _progress, replayed: Callable[[], None]) -> GameState | None:
        own = found[-1]  # re-executed with its chain (verify above)
        if own.discrepancy is None and any(not conn.poll() for _p, conn in jobs):
            replayed()  # while the workers finish: dropped if a range names a discrepancy
        found[:-1] = [_join(job) for job in jobs]  # each worker's second message: its re-execution
        forged: list[int] = []
        for d in found:
            rep.commands_checked += d.checked
            record(rep, d.records)
            rep.overrides += d.overrides
            rep.stage = rep.stage or d.stage
            if d.discrepancy is not None:
                rep.discrepancy = d.discrepancy
                return None
            if d is not own and d.last in d.forged:
                raise Fallback(f"the snapshot at seq {d.last} fails: the next range begins unproven")
            forged += d.forged
        if forged:
            rep.forged_snapshots = sorted(forged)
        return own.board
    return step
