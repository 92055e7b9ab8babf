"""Harness 3, tamper detection: random edits, deletions, reorderings and insertions of event rows.

Each trial copies a played game, drops the append-only triggers on the copy and
applies one mutation. The true first bad seq is the first position at which the
tampered ``events`` table differs from the original. Three verifiers are asked:
EventLog.verify_chain, engine.verify.verify (after Game.open), and the CLI
``turnlog verify --json`` run in-process; the CLI is asked once more with
``--anchor`` set to the head the untampered game's verify printed (figures
``anchored_*``), the outside anchor that sees what the chain cannot.

Classes come in two groups. *Chain* classes change rows without recomputing the
chain; a hash chain must catch every one at the exact seq. *Beyond the chain*
classes are reported for what they are: a forger who recomputes the tampered
row's own hash is caught one row later (the chain cannot tell which side of a
broken link was forged); removing whole trailing commands is invisible to a
chain with no external anchor (an anchor names it); the snapshots table is not
chained at all.

The classes (tests/reliability/forge.py) follow the log format of the source
game (``log_format``). Format 3 (new files) keeps a command's columns (actor,
command_type, payload, ts, last_seq) on its first event row and has no
per-event prev_hash or ts: the edits of those columns replace format 2's
edit_ts and edit_prev_hash, and the first row's last_seq makes a tail cut
inside a command, or a row appended past the last command, a chain finding.
Format 2 (old files: a commands table, events with prev_hash and ts) keeps its
own classes, still verified.
"""
from __future__ import annotations

import contextlib
import io
import json
import random
import shutil
import sqlite3
import tempfile
import time
from collections import Counter
from pathlib import Path

from turnlog.engine.verify.anchor import head as anchor_head
from turnlog.engine.faces.cli import main as cli_main
from turnlog.engine.game import Game
from turnlog.engine.verify import verify
from turnlog.events.log import FORMAT, EventLog

from . import play
from .common import SEED, file_format
from .forge import BEYOND, BEYOND2, CHAIN, CHAIN2, CLASSES, COLS, COLS_BY_FORMAT, mutate

__all__ = ["BEYOND", "BEYOND2", "CHAIN", "CHAIN2", "CLASSES", "COLS", "mutate", "first_difference",
           "ask_verifiers", "run"]

def source_game(path: Path, commands: int, seed: int, log_format: int = FORMAT) -> None:
    """A played game: the fuzz scenario, random legal/illegal commands, undos and redos."""
    g = Game.create(path, play.fuzz_scenario(), seed=SEED, log_format=log_format)
    play.random_history(g, random.Random(seed), commands)
    g.close()


def rows(path: Path) -> list[tuple]:
    """Every stored column of every event row (format 3: the command's columns too), in seq order."""
    conn = sqlite3.connect(path)
    try:
        return conn.execute(f"SELECT {COLS_BY_FORMAT[file_format(conn)]} FROM events ORDER BY seq").fetchall()
    finally:
        conn.close()


def first_difference(before: list[tuple], after: list[tuple]) -> int | None:
    for i in range(max(len(before), len(after))):
        if i >= len(before) or i >= len(after) or before[i] != after[i]:
            return i + 1
    return None


def _cli_verify(path: Path, *extra: str) -> tuple[int, int | None, bool, str]:
    """`turnlog verify --json` in-process: (exit, seq it names, traceback?, stderr)."""
    so, se = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(so), contextlib.redirect_stderr(se):
            code = cli_main(["verify", "--db", str(path), "--json", *extra])
        rep = json.loads(so.getvalue()) if so.getvalue().strip() else {}
        seq = rep.get("first_bad_seq") or ((rep.get("discrepancy") or {}).get("seq"))
        return code, seq, False, se.getvalue().strip()
    except Exception as exc:
        return 1, None, True, f"uncaught {type(exc).__name__}: {exc}"


def head(path: Path) -> str:
    """The anchor (SEQ:HASH of the last row) a player kept from verifying the untampered game."""
    with EventLog(path) as log:
        return anchor_head(log)


def ask_verifiers(path: Path, anchor: str = "") -> dict:
    """What EventLog.verify_chain, engine.verify and `turnlog verify --json` say about the file.

    With ``anchor`` (the untampered file's head), also `turnlog verify --json --anchor` (``anchored_*``).
    """
    out: dict = {}
    log = EventLog(path)
    try:
        _n, out["chain_bad"], _why = log.verify_chain()
    finally:
        log.close()
    try:
        with Game.open(path, seed=SEED) as g:
            rep = verify(g)
        out["verify_ok"] = rep.ok
        out["verify_seq"] = rep.first_bad_seq if rep.first_bad_seq is not None else (
            rep.discrepancy.seq if rep.discrepancy else None)
        out["verify_open_error"] = None
    except Exception as exc:  # Game.open replays before anything is verified
        out["verify_ok"], out["verify_seq"] = False, None
        out["verify_open_error"] = f"{type(exc).__module__}.{type(exc).__name__}"
    out["cli_exit"], out["cli_seq"], out["cli_traceback"], out["cli_message"] = _cli_verify(path)
    if anchor:
        out["anchored_exit"], out["anchored_seq"], out["anchored_traceback"], _msg = _cli_verify(
            path, "--anchor", anchor)
    return out


def run(large: bool = False, per_class: int | None = None, commands: int | None = None, seed: int = 3,
        workdir: Path | None = None, classes: tuple[str, ...] | None = None, log_format: int = FORMAT) -> dict:
    chain, beyond = CLASSES[log_format]
    classes = classes or chain + beyond
    per_class = per_class or (60 if large else 3)
    commands = commands or (150 if large else 30)
    rng = random.Random(seed)
    t0 = time.perf_counter()
    by_class: dict[str, Counter] = {}
    examples: dict[str, list[str]] = {}
    with tempfile.TemporaryDirectory(dir=workdir) as tmp:
        tmp = Path(tmp)
        sources = []
        for i in range(3 if large else 1):
            src = tmp / f"source{i}.db"
            source_game(src, commands, seed + i, log_format)
            sources.append((src, rows(src), head(src)))
        for kind in classes:
            tally = by_class.setdefault(kind, Counter())
            for t in range(per_class):
                src, original, anchor = sources[t % len(sources)]
                copy = tmp / f"{kind}-{t}.db"
                shutil.copy(src, copy)
                shutil.copy(str(src) + ".seed", str(copy) + ".seed")  # the CLI reads the dice seed from here
                truth = mutate(rng, copy, kind) or first_difference(original, rows(copy))
                ans = ask_verifiers(copy, anchor)
                tally["trials"] += 1
                tally["chain_detected"] += ans["chain_bad"] is not None
                tally["chain_named_exactly"] += ans["chain_bad"] == truth and truth is not None
                tally["chain_named_next_row"] += truth is not None and ans["chain_bad"] == truth + 1
                tally["verify_detected"] += not ans["verify_ok"]
                tally["verify_named_exactly"] += ans["verify_seq"] == truth and truth is not None
                tally["verify_open_failed"] += ans["verify_open_error"] is not None
                tally["cli_exit_nonzero"] += ans["cli_exit"] != 0
                tally["cli_named_exactly"] += ans["cli_seq"] == truth and truth is not None
                tally["cli_traceback"] += ans["cli_traceback"] + ans["anchored_traceback"]
                tally["anchored_exit_nonzero"] += ans["anchored_exit"] != 0
                tally["anchored_named_exactly"] += ans["anchored_seq"] == truth and truth is not None
                if ans["verify_open_error"] or ans["cli_traceback"]:
                    examples.setdefault(kind, []).append(
                        f"open: {ans['verify_open_error']}; cli: {ans['cli_message'][:120]}")
                copy.unlink()
                Path(str(copy) + ".seed").unlink()
    total = Counter()
    for kind in chain:
        total.update(by_class.get(kind, Counter()))
    pct = lambda k: round(100 * total[k] / total["trials"], 1) if total["trials"] else None  # noqa: E731
    return {
        "log_format": log_format, "trials_chain_classes": total["trials"],
        "chain_detected_pct": pct("chain_detected"), "chain_named_exactly_pct": pct("chain_named_exactly"),
        "verify_detected_pct": pct("verify_detected"), "verify_named_exactly_pct": pct("verify_named_exactly"),
        "cli_exit_nonzero_pct": pct("cli_exit_nonzero"), "cli_named_exactly_pct": pct("cli_named_exactly"),
        "anchored_exit_nonzero_pct": pct("anchored_exit_nonzero"),
        "verify_open_failed": total["verify_open_failed"], "cli_tracebacks": total["cli_traceback"],
        "seconds": round(time.perf_counter() - t0, 1),
        "by_class": {k: dict(v) for k, v in by_class.items()},
        "open_failures": {k: sorted(set(v))[:3] for k, v in examples.items()},
    }
