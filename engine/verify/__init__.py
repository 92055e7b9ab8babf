"""Verify a disputed game: the chain, every die, every command, the replay.

1. the hash chain and gapless seq, naming the first bad row;
2. in a signed game, every command's signature under its actor's key (engine/signatures.py);
   every seeded roll re-derived from the seed (revealed in the log, or this
   process's sidecar), entered rolls listed as such;
3. every command re-executed through the rules on the board of its time must
   give exactly the events that were logged;
4. a full replay from zero (no snapshots) equals the snapshot-assisted state.

The stages are this package's modules; verify and verify_path run them, and this module re-exports
what hosts, the CLI and tests import: report.py (Report, Roll, Discrepancy), chain.py (the stages on
the log alone: integrity, the chain and anchors, signatures, tables), dice.py (every roll; joint.py
for joint dice), reexec.py (the re-execution pass), checkpoints.py (its undo checkpoints), anchor.py.
"""
from __future__ import annotations

import sqlite3
from typing import Any, Callable, Sequence

import msgspec

from turnlog.events.codec import SchemaError, decode
from turnlog.events.log import LogError
from turnlog.events.store import open_log
from turnlog.projections.state import GameState

from ..errors import not_text
from ..game import Game
from . import anchor as A
from ..game_time import ReplayError
from . import chain, dice, ranges, reexec
# CHECK_EVERY is passed on by verify() at each call, so setting verify.CHECK_EVERY works.
from .checkpoints import CHECK_EVERY
from .report import Discrepancy, Report, Roll  # noqa: F401  (re-exported: hosts import them here)

#: The re-execution pass as ranges.py runs it: (game, report, progress, the replay from event 1
#: worked out once) -> the board it ends on.
Step = Callable[[Game, Report, Any, Callable[[], None]], GameState | None]


def verify_path(path, *, seed_file=None, synchronous: str = "FULL", progress=None,
                anchors: Sequence[A.Anchor] = (), secret_files=None,
                seed: bytes | None = None) -> Report:
    """Verify a game file: the chain first, on the raw log, before any replay can stumble on a bad row.

    ``anchors`` are (seq, hash prefix) pairs kept from an earlier verify (engine/verify/anchor.py). Every
    stage reads one moment of the log (its read view): a game being played verifies as of the start.
    A long log is checked in ranges on several cores (ranges.py) when this machine has them: the same
    report as one pass.
    ``seed``: the seed itself, when it is kept elsewhere than a file (a server's database).
    """
    opened = {"seed_file": seed_file, "secret_files": secret_files, "seed": seed}
    started = _start(path)  # before this process opens the file: the workers fork first
    try:
        log = open_log(path, synchronous=synchronous, readonly=True)  # verifying changes nothing
        try:
            with log.read_view():
                if started is not None:
                    done = ranges.verify(path, log, started, progress, anchors, opened, after_chain)
                    if done is not None:
                        return done
                return _verify_view(path, log, Report(), progress, anchors, **opened)
        except sqlite3.OperationalError as err:
            if not not_text(err):
                raise
            return _not_text(log, err)
        finally:
            log.close()
    finally:
        if started is not None:
            started.stop()


def _start(path) -> ranges.Started | None:
    """verify's ranges started, or None: the one pass (which meets whatever stopped the plan, and says
    so, as it would have)."""
    try:
        return ranges.start(path)
    except Exception:  # noqa: BLE001 - the one pass reads the same file in order
        return None


def _not_text(log, err: Exception) -> Report:
    """The report on a SQLite file whose event row holds bytes that are no UTF-8 text: edited outside
    the engine (which writes text only), named at its seq as a broken chain, since no hash covers it."""
    found = log.first_not_text()
    if found is None:
        raise err
    seq, column = found
    rep = Report(ok=False, stage="chain", first_bad_seq=seq, chain_ok_upto=seq - 1,
                 log_format=log.format, integrity=log.integrity())
    rep.problem = f"its {column} holds bytes that are no UTF-8 text (the row was edited outside the engine)"
    rep.events, rep.commands = log.last_seq(), log.command_count()
    return rep


def _verify_view(path, log, rep: Report, progress, anchors, **opened) -> Report:
    """verify_path's stages, on ``log`` inside its read view."""
    rep.missing_triggers = list(log.missing_triggers)
    commands = chain.check(log, rep, progress, anchors)
    if commands is None:
        return rep
    return after_chain(path, log, rep, progress, opened, commands)


def after_chain(path, log, rep: Report, progress, opened: dict, commands: list[tuple] | None,
                step: Step | None = None) -> Report:
    """The stages after the chain: the setup's first row, the game opened, then verify()."""
    first = next(iter(log.rows(1, 1)), None)
    if first is None or first[2] != "GameCreated":
        rep.ok, rep.stage, rep.first_bad_seq = False, "setup", 1
        rep.problem = ("the log holds no events: no game was ever set up in it" if first is None
                       else f"seq 1 is {first[2]}, not GameCreated: the log does not begin with a "
                            "game's setup")
        return rep
    try:
        try:
            game = Game.open(path, readonly=True, log=log, **opened)
        except ReplayError:  # rows that decode but do not fold: the re-execution names the command
            game = Game.open(path, readonly=True, log=log, board=False, **opened)
    except (SchemaError, msgspec.DecodeError, msgspec.ValidationError, TypeError, KeyError,
            AttributeError, LogError) as err:
        rep.ok, rep.stage = False, "schema"
        rep.first_bad_seq, rep.problem = _first_unreadable(log, err)
        return rep
    return verify(game, progress, head=rep, commands=commands, step=step)


class _Replay:
    """The replay from event 1 (no snapshots), worked out once: when asked, or early by the ranges'
    step while its workers finish (dropped if a range names a discrepancy). Whatever it raises is
    raised when verify asks for it, never earlier, so the report is the one it was."""

    def __init__(self, game: Game, progress):
        self.game, self.progress = game, progress
        self.done: GameState | ReplayError | None = None
        self.error: Exception | None = None

    def __call__(self) -> None:
        if self.done is None and self.error is None:
            chain.stage(self.progress, "verify: replay")
            from ..progress import replay
            try:
                self.done = replay(self.game, use_snapshots=False, progress=self.progress)
            except ReplayError as err:
                self.done = err
            except Exception as err:  # noqa: BLE001 - raised when verify asks (result)
                self.error = err

    def result(self) -> GameState | ReplayError:
        self()
        if self.error is not None:
            raise self.error
        assert self.done is not None  # worked out above
        return self.done


def _first_unreadable(log, err: Exception) -> tuple[int | None, str]:
    """The first row this code cannot decode, or the replay error when every row decodes."""
    for seq, _cid, type_, version, data, _a in log.rows():
        try:
            decode(type_, version, data)
        except (SchemaError, msgspec.DecodeError, msgspec.ValidationError) as bad:
            return seq, f"seq {seq}: {type_} v{version} cannot be read ({bad})"
    return None, f"the log does not replay: {type(err).__name__}: {err}"


def verify(game: Game, progress=None, *, head: Report | None = None, commands: list[tuple] | None = None,
           step: Step | None = None) -> Report:
    """Run every check; ``progress(done, total)`` (a Progress, say) is told how far each stage got.

    ``head``: the report of chain.check already run on the same file, with its ``commands`` (the
    log's command rows). ``step``: the re-execution pass in ranges (ranges.py) instead of one.
    """
    rep = head
    if rep is None:
        rep = Report()
        commands = chain.check(game.log, rep, progress)
        if commands is None:
            return rep
    log = game.log
    try:
        first = next(iter(log.rows(1, 1)), None)
        if first is not None:
            rep.name = getattr(decode(first[2], first[3], first[4]), "name", "")
        chain.stage(progress, "verify: signatures")
        forged = chain.signatures(game, rep)
        marked = dice.marks(log)  # the setup, reveals, forks' cuts and rolls: read once for both
        chain.identity(game, rep, marked)
        chain.stage(progress, "verify: dice")
        dice.check(game, rep, marked)
        if rep.problem:
            rep.stage = "dice"
        elif first is not None and chain.tables(decode(first[2], first[3], first[4]), rep):
            rep.stage = "tables"
        elif forged is not None:
            rep.stage, (rep.first_bad_seq, rep.problem) = "signatures", forged
        chain.stage(progress, "verify: commands")
        replayed = _Replay(game, progress)
        executed = (step(game, rep, progress, replayed) if step is not None
                    else reexec.run(game, rep, progress, commands, every=CHECK_EVERY))
        if rep.discrepancy is None:
            again = replayed.result()
            if isinstance(again, ReplayError):
                rep.replay_equal, rep.problem = False, str(again)
            else:
                rep.replay_equal = again == game.at() and executed == again
        elif not rep.stage:
            rep.stage = "commands"
        if rep.forged_snapshots and not rep.problem and rep.discrepancy is None:
            rep.stage, rep.first_bad_seq = "snapshots", rep.forged_snapshots[0]
            bad = rep.forged_snapshots[0]
            rep.problem = (f"the snapshot cache at seq {bad} holds another board than the log "
                           "gives there: a forged cache (never used once found; delete it or "
                           "copy the game)")
    except SchemaError as err:
        rep.problem = str(err)
        rep.stage = rep.stage or "schema"
    rep.ok = (not rep.problem and not rep.rolls_unchecked and rep.discrepancy is None and bool(rep.replay_equal))
    if rep.replay_equal is False and not rep.stage:
        rep.stage = "replay"
    if rep.rolls_unchecked and not rep.problem:
        rep.problem = "seeded rolls cannot be checked until the seed is revealed"
        rep.stage = rep.stage or "dice"
    return rep
