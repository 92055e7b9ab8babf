"""Verify a disputed game: the chain, every die, every command, the replay.

1. the hash chain and gapless seq, naming the first bad row;
2. in a signed game, every command's signature under its actor's key (engine/signatures.py);
   every seeded roll re-derived from the seed (revealed in the log, or this
   process's sidecar), entered rolls listed as such;
3. every command re-executed through the rules on the board of its time must
   give exactly the events that were logged;
4. a full replay from zero (no snapshots) equals the snapshot-assisted state.

The stages live beside this module, which runs them and re-exports what hosts, the CLI and tests import:
verify_types.py (Report, Roll, Discrepancy), verify_log.py (the stages on the log alone: the chain and
anchors, signatures, tables, dice), verify_commands.py (the re-execution pass) and verify_rewind.py (its
undo checkpoints).
"""
from __future__ import annotations

from typing import Sequence

import msgspec

from turnlog.events.codec import SchemaError, decode
from turnlog.events.store import open_log

from . import anchor as A
from .game import Game
from .verify_commands import _commands
from .verify_log import _dice, _head, _identity, _signatures, _stage, _tables
from .verify_rewind import CHECK_EVERY  # passed on by verify() at each call: setting verify.CHECK_EVERY works
from .verify_types import Discrepancy, Report, Roll  # noqa: F401  (re-exported: hosts and tests import them here)


def verify_path(path, *, seed_file=None, synchronous: str = "FULL", progress=None,
                anchors: Sequence[A.Anchor] = (), secret_files=None) -> Report:
    """Verify a game file: the chain first, on the raw log, before any replay can stumble on a bad row.

    ``anchors`` are (seq, hash prefix) pairs kept from an earlier verify (engine/anchor.py).
    """
    rep = Report()
    log = open_log(path, synchronous=synchronous, readonly=True)  # verifying changes nothing in the file
    try:
        rep.missing_triggers = list(log.missing_triggers)
        commands = _head(log, rep, progress, anchors)
        if commands is None:
            return rep
        first = next(iter(log.rows(1, 1)), None)
        if first is None or first[2] != "GameCreated":
            rep.ok, rep.stage, rep.first_bad_seq = False, "setup", 1
            rep.problem = ("the log holds no events: no game was ever set up in it" if first is None
                           else f"seq 1 is {first[2]}, not GameCreated: the log does not begin with a game's setup")
            return rep
    finally:
        log.close()
    try:
        game = Game.open(path, seed_file=seed_file, synchronous=synchronous, readonly=True,
                         secret_files=secret_files)
    except (SchemaError, msgspec.DecodeError, msgspec.ValidationError, TypeError, KeyError, AttributeError) as err:
        rep.ok, rep.stage = False, "schema"
        rep.first_bad_seq, rep.problem = _first_unreadable(path, err)
        return rep
    with game:
        return verify(game, progress, head=rep, commands=commands)


def _first_unreadable(path, err: Exception) -> tuple[int | None, str]:
    """The first row this code cannot decode, or the replay error when every row decodes."""
    log = open_log(path, readonly=True)
    try:
        for seq, _cid, type_, version, data, _a in log.rows():
            try:
                decode(type_, version, data)
            except (SchemaError, msgspec.DecodeError, msgspec.ValidationError) as bad:
                return seq, f"seq {seq}: {type_} v{version} cannot be read ({bad})"
    finally:
        log.close()
    return None, f"the log does not replay: {type(err).__name__}: {err}"


def verify(game: Game, progress=None, *, head: Report | None = None, commands: list[tuple] | None = None) -> Report:
    """Run every check; ``progress(done, total)`` (a Progress, say) is told how far each stage got.

    ``head``: the report of _head already run on the same file, with its ``commands`` (the log's command rows).
    """
    rep = head
    if rep is None:
        rep = Report()
        commands = _head(game.log, rep, progress)
        if commands is None:
            return rep
    log = game.log
    try:
        first = next(iter(log.rows(1, 1)), None)
        if first is not None:
            rep.name = getattr(decode(first[2], first[3], first[4]), "name", "")
        _stage(progress, "verify: signatures")
        forged = _signatures(game, rep)
        _identity(game, rep)
        _stage(progress, "verify: dice")
        _dice(game, rep)
        if rep.problem:
            rep.stage = "dice"
        elif first is not None and _tables(decode(first[2], first[3], first[4]), rep):
            rep.stage = "tables"
        elif forged is not None:
            rep.stage, (rep.first_bad_seq, rep.problem) = "signatures", forged
        _stage(progress, "verify: commands")
        executed = _commands(game, rep, progress, commands, every=CHECK_EVERY)
        if rep.discrepancy is None:
            _stage(progress, "verify: replay")
            from .progress import replay
            again = replay(game, use_snapshots=False, progress=progress)
            rep.replay_equal = again == game.at() and executed == again
        elif not rep.stage:
            rep.stage = "commands"
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
