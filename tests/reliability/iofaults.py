"""Harness 6, I/O faults: an error at each write step of the append path, and a full disk.

Faults are injected from outside the engine: ``game.log.conn`` is replaced by a
proxy whose execute/executemany raise at a chosen step of EventLog.append
(BEGIN IMMEDIATE, the expected-seq check, the events executemany -- before
the first row or midway -- and COMMIT; in an old format-2 file also the
commands insert, which format 3 no longer has), once, with an
sqlite3.OperationalError or a KeyboardInterrupt. The operation is a random
command, an undo or a redo on a game with a random history. A full disk is
``PRAGMA max_page_count`` set just above the file's size, then large commands
until SQLite says the disk is full.

After every fault: the error surfaced (the same exception object), nothing of
the command is stored, integrity is ok, the chain verifies, the live state
equals the log, and the same operation succeeds once the fault is gone.

The snapshot write after a commit is probed separately: it is outside the
append transaction, so a fault there surfaces for a command that *was*
committed (reported as ``committed_but_raised``).
"""
from __future__ import annotations

import random
import sqlite3
import tempfile
import time
from collections import Counter
from pathlib import Path

import turnlog.engine.game as engine_game
from turnlog.engine import commands as c
from turnlog.engine.errors import CommandError, RuleViolation
from turnlog.engine.game import Game
from turnlog.events.log import FORMAT
from turnlog.projections.state import dump

from . import play
from .common import SEED, gapless, integrity, torn_commands

#: The write steps of one append, by log format (format 3 keeps a command on its first event row).
STEPS_BY_FORMAT = {
    3: ("begin", "seq_check", "events_insert", "events_insert_midway", "commit"),
    2: ("begin", "seq_check", "commands_insert", "events_insert", "events_insert_midway", "commit"),
}
STEPS = STEPS_BY_FORMAT[FORMAT]


class Injected(sqlite3.OperationalError):
    """The fault this harness raises (an OperationalError, as a failing disk would give)."""


def classify(conn: sqlite3.Connection, sql: str) -> str:
    s = " ".join(sql.split()).upper()
    if s.startswith("BEGIN"):
        return "begin"
    if s.startswith("SELECT") and conn.in_transaction:  # the only read inside the append transaction
        return "seq_check"
    if s.startswith("INSERT INTO COMMANDS"):
        return "commands_insert"
    if s.startswith("INSERT INTO EVENTS"):
        return "events_insert"
    if s.startswith("COMMIT"):
        return "commit"
    if s.startswith("INSERT OR REPLACE INTO SNAPSHOTS"):
        return "snapshot_insert"
    return "other"


class FaultyConn:
    """A sqlite3 connection that raises ``exc`` once, at ``step``; everything else passes through."""

    def __init__(self, conn: sqlite3.Connection, step: str, exc: BaseException, midway_after: int = 1):
        self._conn, self.step, self.exc, self.midway_after = conn, step, exc, midway_after
        self.fired = False
        self.seen: list[str] = []
        self.failed_at: list[str] = []  # steps where SQLite itself raised

    def __getattr__(self, name):
        return getattr(self._conn, name)

    def _fire(self, step: str) -> None:
        self.seen.append(step)
        if not self.fired and step == self.step:
            self.fired = True
            raise self.exc

    def execute(self, sql, params=()):
        step = classify(self._conn, sql)
        self._fire(step)
        try:
            return self._conn.execute(sql, params)
        except sqlite3.Error:
            self.failed_at.append(step)
            raise

    def executemany(self, sql, rows):
        step = classify(self._conn, sql)
        if step == "events_insert" and self.step == "events_insert_midway" and not self.fired:
            self.seen.append("events_insert_midway")

            def feed():
                for i, row in enumerate(rows):
                    if i == self.midway_after:
                        self.fired = True
                        raise self.exc
                    yield row
            return self._conn.executemany(sql, feed())
        self._fire(step)
        try:
            return self._conn.executemany(sql, rows)
        except sqlite3.Error:
            self.failed_at.append(step)
            raise


def audit(game: Game) -> dict:
    """What the file and the live state look like now, through fresh connections."""
    conn = sqlite3.connect(game.log.path)
    try:
        torn = torn_commands(conn)
        gap_free = gapless(conn)
        n = conn.execute("SELECT count(*) FROM commands").fetchone()[0]
    finally:
        conn.close()
    return {"last": game.log.last(), "commands": n, "torn": torn, "gapless": gap_free,
            "integrity": integrity(game.log.path), "chain_bad": game.log.verify_chain()[1],
            "live_equals_log": game.state == game.at(use_snapshots=False)}


def operation(ch: play.Chooser, game: Game, multi: bool = False):
    """A random operation that reaches the append path if nothing refuses it: a command, undo or redo.

    ``multi``: a command of several events (a fault midway through the events needs a second row).
    """
    if multi:
        # Attrition commands give two or more events; so does StartPlayerTurn (the automatic zones).
        combat = play.attrition_choices(game.legal())
        if combat and ch.chance(0.7):
            cmd = play.concrete(ch, game, ch.choice(combat))
            return type(cmd).__name__, lambda: game.execute(cmd)
        if not game.state.attritions or all(p.phase == "done" for p in game.state.attritions.values()):
            cmd = c.StartPlayerTurn(faction=ch.choice(sorted(game.state.factions)))
            return type(cmd).__name__, lambda: game.execute(cmd)
    r = ch.rng.random()
    if r < 0.12:
        return "undo", lambda: game.undo(override=True, referee="umpire")
    if r < 0.18:
        return "redo", game.redo
    cmd = play.legal_command(ch, game)
    return type(cmd).__name__, lambda: game.execute(cmd)


def fault_trials(tmp: Path, trials: int, rng: random.Random, log_format: int = FORMAT) -> dict:
    fig: Counter = Counter()
    problems: list[str] = []
    ch = play.Chooser(rng)
    games = 0

    def fresh() -> Game:
        nonlocal games
        games += 1
        g = Game.create(tmp / f"faults{games}.db", play.fuzz_scenario(), seed=SEED, log_format=log_format)
        play.random_history(g, rng, 20)
        return g
    steps = STEPS_BY_FORMAT[log_format]
    game = fresh()
    done = 0
    while done < trials:
        if game.state.seq > 600:  # a new game now and then keeps each audit (a full replay) cheap
            with Game.open(game.log.path, seed=SEED) as again:
                fig["reopened_equals_live"] += again.state == game.state
            game.close()
            game = fresh()
        step = steps[done % len(steps)]
        exc = Injected(f"injected fault at {step}") if rng.random() < 0.8 else KeyboardInterrupt(f"at {step}")
        name, op = operation(ch, game, multi=step == "events_insert_midway")
        before, live = {"last": game.log.last(), "commands": len(game.log.commands())}, dump(game.state)
        real = game.log.conn
        game.log.conn = proxy = FaultyConn(real, step, exc, midway_after=1)
        raised = None
        try:
            op()
        except (RuleViolation, CommandError):
            raised = "refused"
        except BaseException as e:  # noqa: BLE001 - KeyboardInterrupt is one of the injected faults
            raised = e
        finally:
            game.log.conn = real
        if raised == "refused" or not proxy.fired:
            fig["not_reaching_the_fault"] += 1
            if fig["not_reaching_the_fault"] > 100 * trials:
                raise RuntimeError(f"the operations stopped reaching step {step}: the harness needs new ones")
            if raised is None and step == "events_insert_midway":
                fig["single_event_commands_skipped_midway"] += 1
            continue
        done += 1
        fig[f"step:{step}"] += 1
        fig["faults"] += 1
        after = audit(game)
        ok = {
            "surfaced": raised is exc,
            "nothing_stored": (after["last"], after["commands"]) == (before["last"], before["commands"]),
            "no_torn_command": not after["torn"] and after["gapless"],
            "integrity_ok": after["integrity"] == "ok",
            "chain_ok": after["chain_bad"] is None,
            "live_equals_log": after["live_equals_log"] and dump(game.state) == live,
            "no_open_transaction": not real.in_transaction,
        }
        for k, v in ok.items():
            fig[k] += v
        try:
            op()  # the fault is gone: the same operation now goes through
            fig["retry_succeeded"] += 1
        except (RuleViolation, CommandError) as e:
            problems.append(f"{name} after a fault at {step}: retry refused: {e}")
        if not all(ok.values()):
            problems.append(f"{name} at {step}: {[k for k, v in ok.items() if not v]}")
    with Game.open(game.log.path, seed=SEED) as again:
        fig["reopened_equals_live"] += again.state == game.state
    game.close()
    fig["games"] = games
    out = dict(fig)
    out["problems"] = problems[:10]
    return out


def snapshot_fault(tmp: Path, log_format: int = FORMAT) -> dict:
    """A fault while caching a snapshot after a commit: does the caller see a failure for a committed command?"""
    game = Game.create(tmp / "snap.db", play.fuzz_scenario(), seed=SEED, log_format=log_format)
    saved = engine_game.SNAPSHOT_EVERY
    engine_game.SNAPSHOT_EVERY = 1
    real = game.log.conn
    try:
        before = game.log.last()[0]
        exc = Injected("injected fault at snapshot_insert")
        game.log.conn = FaultyConn(real, "snapshot_insert", exc)
        try:
            game.execute(c.AddNote(text="cached"))
            raised = False
        except Injected:
            raised = True
    finally:
        game.log.conn = real
        engine_game.SNAPSHOT_EVERY = saved
    committed = game.log.last()[0] == before + 1
    out = {"raised": raised, "committed": committed, "committed_but_raised": raised and committed,
           "live_equals_log": game.state == game.at(use_snapshots=False), "integrity": integrity(game.log.path)}
    game.close()
    return out


def full_disk(tmp: Path, trials: int, rng: random.Random, log_format: int = FORMAT) -> dict:
    """PRAGMA max_page_count just above the file's size; append big commands until the disk is full."""
    fig: Counter = Counter()
    problems = []
    for t in range(trials):
        game = Game.create(tmp / f"full{t}.db", play.fuzz_scenario(), seed=SEED, log_format=log_format)
        play.random_history(game, rng, 10)
        conn = game.log.conn
        game.log.conn = spy = FaultyConn(conn, "never", RuntimeError())  # only records the steps
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
        conn.execute(f"PRAGMA max_page_count = {pages + rng.randint(1, 6)}")
        big = rng.randint(500, 6000)
        n = 0
        while True:
            before, live = audit(game), dump(game.state)
            cmd = c.AddNote(text=f"{n} " + "x" * big)
            try:
                game.execute(cmd)
                n += 1
                if n > 10_000:
                    problems.append("the disk never filled")
                    break
                continue
            except sqlite3.OperationalError as e:
                fig["full_disk_errors"] += 1
                fig[f"full_at:{spy.failed_at[0] if spy.failed_at else '?'}"] += 1
                fig["message_says_full"] += "full" in str(e)
            after = audit(game)
            fig["nothing_stored"] += (after["last"], after["commands"]) == (before["last"], before["commands"])
            fig["no_torn_command"] += not after["torn"] and after["gapless"]
            fig["integrity_ok"] += after["integrity"] == "ok"
            fig["chain_ok"] += after["chain_bad"] is None
            fig["live_equals_log"] += after["live_equals_log"] and dump(game.state) == live
            conn.execute("PRAGMA max_page_count = 1073741823")  # space freed
            game.execute(cmd)
            fig["retry_succeeded"] += 1
            fig["commands_before_full"] += n
            break
        game.log.conn = conn
        game.close()
    out = dict(fig)
    out["problems"] = problems
    return out


def cli_full_disk(tmp: Path, log_format: int = FORMAT) -> dict:
    """`turnlog play` and `turnlog reveal` on a full disk: exit 1, a message saying so, nothing stored.

    ``engine.cli.Game.open`` is wrapped from outside: play's game gets ``max_page_count`` at its size (every
    new page refused), reveal's gets the proxy raising SQLite's "database or disk is full" at COMMIT.
    """
    import contextlib
    import io
    import json

    import turnlog.engine.faces.cli as cli
    fig: Counter = Counter()
    real_open = Game.open
    for verb in ("play", "reveal"):
        db = tmp / f"cli-full-{verb}.db"
        Game.create(db, play.fuzz_scenario(), seed=SEED, log_format=log_format).close()
        (tmp / "big.jsonl").write_text("\n".join(json.dumps({"type": "AddNote", "text": "n" * 4000})
                                                  for _ in range(4)) + "\n")
        before = sqlite3.connect(db).execute("SELECT count(*) FROM events").fetchone()[0]

        def full(*a, _verb=verb, **k):
            g = real_open(*a, **k)
            if _verb == "play":
                pages = g.log.conn.execute("PRAGMA page_count").fetchone()[0]
                g.log.conn.execute(f"PRAGMA max_page_count = {pages}")
            else:
                g.log.conn = FaultyConn(g.log.conn, "commit", Injected("database or disk is full"))
            return g
        argv = ["play", "--db", str(db), str(tmp / "big.jsonl")] if verb == "play" else ["reveal", "--db", str(db)]
        err = io.StringIO()
        cli.Game.open = full
        try:
            with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
                code = cli.main(argv)
        except Exception:  # a traceback: counted, never raised
            code = None
            fig["tracebacks"] += 1
        finally:
            cli.Game.open = real_open
        conn = sqlite3.connect(db)
        after = conn.execute("SELECT count(*) FROM events").fetchone()[0]
        ok = conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        conn.close()
        fig["cases"] += 1
        fig["exit_1"] += code == 1
        fig["message_says_full"] += "disk is full" in err.getvalue() and "nothing of it is written" in err.getvalue()
        fig["nothing_stored"] += after == before
        fig["integrity_ok"] += ok
    fig.setdefault("tracebacks", 0)
    return dict(fig)


#: The CLI's creations on a full disk: argv, and the file the message must name.
LIMITED = [(["new", "bridgehead-14-65", "--db", "n.db"], "n.db"), (["fork", "--db", "g.db", "--at", "23", "--to",
           "f.db"], "f.db"), (["copy", "g.db", "c.db"], "c.db"), (["import", "x.jsonl", "--db", "i.db"], "i.db"),
           (["export", "--db", "g.db", "--html", "p.html"], "p.html"), (["play", "--db", "g.db", "-"], "g.db")]


def cli_file_limit(tmp: Path) -> dict:
    """The CLI's creations on a disk with no room (a file-size limit: writes past it fail as ENOSPC would).

    A real process each, with RLIMIT_FSIZE (SIGXFSZ ignored): the game file fits, the new file does not;
    for `play` the limit is below the game's WAL index, so even opening must fail. Counted: exit 1, the
    message names the file being made (never a temporary name, never "not a turnlog game") and says
    "disk", no file left at the target, no traceback.
    """
    import os
    import resource
    import signal
    import subprocess
    import sys
    fig: Counter = Counter()
    d = tmp / "limited"
    d.mkdir()
    from turnlog.engine import scenario as S
    from turnlog.engine.faces.cli import main as cli_main
    Game.create(d / "g.db", S.load("bridgehead-14-65"), seed=SEED).close()  # its setup ends at seq 23
    import contextlib
    import io
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        cli_main(["export", "--db", str(d / "g.db"), "-o", str(d / "x.jsonl")])
    root = Path(__file__).resolve().parents[2]
    for argv, target in LIMITED:
        limit = 3_000 if argv[0] == "play" else max((d / "g.db").stat().st_size, 33_000) + 512

        def cap(limit=limit):
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
        for side in ("g.db-wal", "g.db-shm"):
            (d / side).unlink(missing_ok=True)
        r = subprocess.run([sys.executable, "-m", "turnlog.engine.faces.cli", *argv], cwd=d, preexec_fn=cap,
                           env={**os.environ, "PYTHONPATH": str(root)}, capture_output=True, text=True,
                           timeout=300, stdin=subprocess.DEVNULL)
        fig["cases"] += 1
        fig["exit_1"] += r.returncode == 1
        fig["names_the_file"] += r.stderr.startswith(f"error: {target}: ")
        fig["says_disk"] += "disk" in r.stderr and "not a turnlog game" not in r.stderr
        fig["nothing_left"] += target == "g.db" or not (d / target).exists()
        fig["tracebacks"] += "Traceback" in r.stderr
    fig.setdefault("tracebacks", 0)
    return dict(fig)


def double_fault(tmp: Path, log_format: int = FORMAT) -> dict:
    """COMMIT fails and so does the ROLLBACK after it: the connection is left inside the transaction."""
    game = Game.create(tmp / "double.db", play.fuzz_scenario(), seed=SEED, log_format=log_format)
    real = game.log.conn

    class Double(FaultyConn):
        def execute(self, sql, params=()):
            if classify(self._conn, sql) == "commit" or sql.strip().upper().startswith("ROLLBACK"):
                raise Injected(f"injected fault at {sql.strip()}")
            return self._conn.execute(sql, params)
    committed = game.log.last()[0]
    game.log.conn = Double(real, "commit", None)
    try:
        game.execute(c.AddNote(text="twice unlucky"))
    except Injected:
        pass
    finally:
        game.log.conn = real
    out = {"left_in_transaction": real.in_transaction}
    other = sqlite3.connect(game.log.path)
    seen_by_others = other.execute("SELECT max(seq) FROM events").fetchone()[0]
    other.close()
    out["live_seq"], out["committed_seq"] = game.state.seq, seen_by_others
    out["live_shows_uncommitted"] = game.state.seq != seen_by_others == committed
    try:
        game.execute(c.AddNote(text="and again"))
        out["next_command"] = "ok"
    except sqlite3.Error as e:
        out["next_command"] = f"{type(e).__name__}: {e}"
    game.close()
    return out


def run(large: bool = False, trials: int | None = None, disks: int | None = None, seed: int = 6,
        workdir: Path | None = None, log_format: int = FORMAT) -> dict:
    trials = trials or (600 if large else 4 * len(STEPS_BY_FORMAT[log_format]))
    disks = disks or (40 if large else 4)
    rng = random.Random(seed)
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(dir=workdir) as tmp:
        tmp = Path(tmp)
        faults = fault_trials(tmp, trials, rng, log_format)
        disk = full_disk(tmp, disks, rng, log_format)
        snap = snapshot_fault(tmp, log_format)
        double = double_fault(tmp, log_format)
        cli_disk = cli_full_disk(tmp, log_format)
        limited = cli_file_limit(tmp) if log_format == FORMAT else {}
    return {"log_format": log_format, "steps": list(STEPS_BY_FORMAT[log_format]), "faults": faults,
            "full_disk": disk, "snapshot_fault": snap, "double_fault": double, "cli_full_disk": cli_disk,
            "cli_file_limit": limited,
            "seconds": round(time.perf_counter() - t0, 1)}
