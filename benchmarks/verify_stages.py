"""Where verify's time goes: one ``verify_path`` with the functions of each stage timed.

Each stage's functions are wrapped for the run (and restored after); a wrapper counts the time of
its call less that of the wrapped calls inside it, so the stages add up to the whole and what no
wrapper covers (verify's own loops and comparisons) is the remainder, ``other``. The wrappers cost
a fraction of a microsecond a call, a few per command: the instrumented run is a little slower than
a plain one, and the breakdown reports both. Nothing is changed but the timing: the verdict is the
plain run's (checked by the caller).
"""

from __future__ import annotations

import contextlib
import os
import time
from collections import defaultdict
from typing import Callable

#: (stage, module path, object within it or "", attribute): the functions each stage's time is
#: spent in.
PARTS: list[tuple[str, str, str, str]] = [
    ("file", "turnlog.events.log", "EventLog", "integrity"),
    ("file", "turnlog.events.log", "EventLog", "schema_problems"),
    ("file", "turnlog.events.log", "EventLog", "commands"),
    ("chain", "turnlog.events.log", "EventLog", "verify_chain"),
    ("chain", "turnlog.engine.verify.anchor", "", "check"),
    ("open", "turnlog.engine.game", "Game", "__init__"),
    ("signatures", "turnlog.engine.verify.chain", "", "signatures"),
    ("signatures", "turnlog.engine.verify.chain", "", "identity"),
    ("signatures", "turnlog.engine.verify.chain", "", "tables"),
    ("dice", "turnlog.engine.verify.dice", "", "check"),
    ("dice", "turnlog.engine.verify.dice", "", "marks"),
    ("reexec.read", "turnlog.engine.verify.reexec", "_Spans", "take"),
    ("reexec.read", "turnlog.engine.verify.reexec", "_Slices", "take"),
    ("reexec.seats_claims", "turnlog.engine.seats", "", "verify_row"),
    ("reexec.seats_claims", "turnlog.engine.verify.reexec", "", "record"),
    ("reexec.parse_decode", "turnlog.engine.commands", "", "parse"),
    ("reexec.parse_decode", "turnlog.engine.verify.reexec", "", "decode"),
    ("reexec.dice", "turnlog.engine.verify.served", "LoggedDice", "__init__"),
    ("reexec.dice", "turnlog.engine.verify.reexec", "_Pass", "_no_dice"),
    ("reexec.rules", "turnlog.engine.game", "Game", "decide"),
    ("reexec.settle", "turnlog.engine.verify.reexec", "", "settle"),
    ("reexec.compare", "turnlog.engine.verify.reexec", "", "_compare"),
    ("reexec.compare", "turnlog.engine.verify.reexec", "", "_same"),
    ("reexec.setup_undo", "turnlog.engine.verify.reexec", "", "_setup"),
    ("reexec.setup_undo", "turnlog.engine.verify.reexec", "_Pass", "_undo"),
    ("reexec.setup_undo", "turnlog.engine.verify.reexec", "_Pass", "_redone"),
    ("checkpoints", "turnlog.engine.verify.checkpoints", "Rewind", "__init__"),
    ("checkpoints", "turnlog.engine.verify.checkpoints", "Rewind", "keep"),
    ("checkpoints", "turnlog.engine.verify.checkpoints", "Rewind", "passed"),
    ("checkpoints", "turnlog.engine.verify.checkpoints", "Rewind", "undo"),
    ("snapshots", "turnlog.engine.verify.setup", "SnapshotCheck", "__init__"),
    ("snapshots", "turnlog.engine.verify.setup", "SnapshotCheck", "reached"),
    ("snapshots", "turnlog.engine.verify.setup", "SnapshotCheck", "forged"),
    ("replay", "turnlog.engine.progress", "", "replay"),
]
#: The stages in the order verify runs them, with what each is.
STAGES = {
    "file": "the file: SQLite's integrity check, its schema against the store's, the command rows "
    "read",
    "chain": "the hash chain (SHA-256 of every row) and the anchors",
    "open": "Game.open: the kinds loaded, the newest snapshot and the tail folded",
    "signatures": "signatures, the game's identity, the combat tables",
    "dice": "every roll re-derived from the seed",
    "reexec.read": "re-execution: the event rows read, a command's span at a time",
    "reexec.seats_claims": "re-execution: each command's seat, fair play's record",
    "reexec.parse_decode": "re-execution: each command's payload parsed, its logged events decoded",
    "reexec.dice": "re-execution: the logged dice served",
    "reexec.rules": "re-execution: the rules' decide",
    "reexec.settle": "re-execution: the events applied, the kinds' reactions",
    "reexec.compare": "re-execution: the events encoded and compared with the rows",
    "reexec.setup_undo": "re-execution: the setup re-derived, undos and redos judged",
    "checkpoints": "verify's checkpoints (copies of the board) and undos' rewinds",
    "snapshots": "each bound snapshot held to the re-executed board",
    "replay": "the full replay from event 1",
    "other": "what no stage holds: verify's own loop, the boards compared, the report",
}
#: The wrappers' own cost (calls x the cost of one, measured on a no-op), taken out of ``other``.
INSTRUMENTATION = "instrumentation"


def breakdown(run: Callable[[], object]) -> tuple[float, dict[str, float], object]:
    """``run()`` (a verify) with every stage's functions timed, in one pass.

    One pass: the ranges' workers (engine/verify/ranges.py) are other processes, which no wrapper
    here times. Returns (seconds in all, seconds by stage, its result)."""
    import importlib

    spent: dict[str, float] = defaultdict(float)
    stack: list[list[float]] = []  # [start, time of the wrapped calls inside] of each open call
    undo = []
    for stage, module, owner, name in PARTS:
        holder = importlib.import_module(module)
        if owner:
            holder = getattr(holder, owner)
        own = name in vars(holder)  # a class's method may be its base's: restored by deleting
        orig = getattr(holder, name)
        setattr(holder, name, _timed(orig, stage, spent, stack))
        undo.append((holder, name, orig if own else None))
    try:
        with one_pass():
            t0 = time.perf_counter()
            got = run()
            total = time.perf_counter() - t0
    finally:
        for holder, name, orig in reversed(undo):
            if orig is None:
                delattr(holder, name)
            else:
                setattr(holder, name, orig)
    calls = int(spent.pop("calls", 0))
    spent[INSTRUMENTATION] = calls * _overhead()
    spent["other"] = total - sum(spent.values())
    return total, {k: spent.get(k, 0.0) for k in (*STAGES, INSTRUMENTATION)}, got


@contextlib.contextmanager
def one_pass():
    """verify in one pass inside (engine/verify/ranges.py: no worker), whatever the machine's cores."""
    from turnlog.engine.verify.ranges import WORKERS_ENV
    told = os.environ.get(WORKERS_ENV)
    os.environ[WORKERS_ENV] = "1"
    try:
        yield
    finally:
        if told is None:
            os.environ.pop(WORKERS_ENV, None)
        else:
            os.environ[WORKERS_ENV] = told


def _overhead(n: int = 20_000, trials: int = 7) -> float:
    """Seconds a wrapper adds to a call: a wrapped no-op against the bare one, the least of
    ``trials``
    (a burst of load elsewhere only adds)."""

    def nothing():
        return None

    spent: dict[str, float] = defaultdict(float)
    wrapped = _timed(nothing, "x", spent, [])
    clock, best = time.perf_counter, float("inf")
    for _ in range(trials):
        t0 = clock()
        for _ in range(n):
            nothing()
        t1 = clock()
        for _ in range(n):
            wrapped()
        best = min(best, (clock() - t1) - (t1 - t0))
    return max(0.0, best) / n


def _timed(fn, stage: str, spent: dict[str, float], stack: list[list[float]]):
    """``fn`` counting its own time (less the wrapped calls' inside it) into ``spent[stage]``."""
    clock = time.perf_counter

    def wrapper(*args, **kw):
        frame = [clock(), 0.0]
        stack.append(frame)
        try:
            return fn(*args, **kw)
        finally:
            stack.pop()
            took = clock() - frame[0]
            spent[stage] += took - frame[1]
            spent["calls"] += 1
            if stack:
                stack[-1][1] += took

    return wrapper


def figures(fig, run: Callable[[], object], reps: int, ok: bool) -> None:
    """``verify.stage.<stage>`` figures: seconds of each stage in ``reps`` instrumented runs.

    ``fig(name, what)`` makes a figure (benchmarks/run.py); ``ok`` is the plain run's verdict, which
    the instrumented runs must give too. ``verify.instrumented`` is the whole instrumented run.
    """
    whole = fig("verify.instrumented", "the same verify with every stage's functions timed")
    made = {
        k: fig(f"verify.stage.{k}", f"verify's stage: {what}")
        for k, what in {
            **STAGES,
            INSTRUMENTATION: "the timing wrappers' own cost, out of 'other'",
        }.items()
    }
    for _ in range(reps):
        total, spent, rep = breakdown(run)
        if getattr(rep, "ok", None) != ok:
            raise RuntimeError("an instrumented verify gave another verdict than the plain one")
        whole.times.append(total)
        for k, f in made.items():
            f.times.append(max(spent[k], 0.0))
