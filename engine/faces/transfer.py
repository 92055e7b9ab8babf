"""Export a game to JSON lines and import it back: the log as text, for mailing a disputed game.

The export holds every stored row verbatim (commands and events, hashes and
timestamps included), so the imported file has the same hash chain and
`turnlog verify` judges it exactly as the original. The dice seed and joint-dice
secrets are never exported (there is no flag for it: an export is what is mailed); a game whose
seed was revealed carries it in the log anyway. ``copy`` takes the seed along only when asked.

Format: a header line ``{"turnlog": "export", "format": N, "events": E, "commands": C}``, then for each
command a line ``{"command": [id, actor, type, payload, ts, first_seq, last_seq]}`` followed by its
events as the log's format N stores them: ``{"event": [seq, command_id, type, version, data, automatic,
hash]}`` (format 3), ``[..., hash, signature]`` (format 4, a signed game: the signature on a command's
first row, null on the others), ``[..., automatic, prev_hash, hash, ts]`` (formats 1 and 2).
"""
from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path
from typing import IO, Iterable

import msgspec

from turnlog.events.log import FORMATS, EventLog, LogError
from turnlog.events.store import is_url, open_log

from .. import inputs
from ..errors import CommandError

_COMMAND = tuple[int, str, str, str, str, int, int]
_EVENT = tuple[int, int, str, int, str, int, str, str, str]  # formats 1 and 2
_EVENT3 = tuple[int, int, str, int, str, int, str]
_EVENT4 = tuple[int, int, str, int, str, int, str, str | None]


class _Line(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    command: _COMMAND | None = None
    event: _EVENT | None = None


class _Line3(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    command: _COMMAND | None = None
    event: _EVENT3 | None = None


class _Line4(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    command: _COMMAND | None = None
    event: _EVENT4 | None = None


class _Header(msgspec.Struct, forbid_unknown_fields=True):
    turnlog: str
    format: int
    events: int
    commands: int


_enc = msgspec.json.Encoder()
_lines = {1: msgspec.json.Decoder(_Line), 2: msgspec.json.Decoder(_Line), 3: msgspec.json.Decoder(_Line3),
          4: msgspec.json.Decoder(_Line4)}
_header = msgspec.json.Decoder(_Header)


def export(log: EventLog, out: IO[str], progress=None) -> int:
    """Write the whole log to ``out`` as of one moment (its read view); return the count.

    Refused (LogError, nothing written) when the file does not verify its own chain: an export
    holds the rows verbatim, and one that silently left out a broken row (a duplicated seq, say)
    would be imported as an intact game.
    """
    with log.read_view():
        check_chain(log, "exported")
        return _export(log, out, progress)


def _export(log: EventLog, out: IO[str], progress=None) -> int:
    fmt = log.format
    commands = log.commands()
    total = log.last()[0]
    out.write(_enc.encode({"turnlog": "export", "format": fmt, "events": total, "commands": len(commands)}).decode()
              + "\n")
    rows = log.full_rows()
    done = 0
    for cmd in commands:
        out.write(_enc.encode({"command": list(cmd)}).decode() + "\n")
        for _ in range(cmd[6] - cmd[5] + 1):
            row = next(rows, None)
            if row is None:
                break
            out.write(_enc.encode({"event": list(row)}).decode() + "\n")
            done += 1
            if progress and not done & 1023:
                progress(done, total)
    if progress:
        progress(total, total)
    return done


def check_chain(log: EventLog, done: str) -> None:
    """Refuse a log whose own chain does not verify, naming the first bad seq; nothing ``done``."""
    _ok, bad, why = log.verify_chain()
    if bad is not None:
        raise LogError(f"{log.path}: does not verify at seq {bad} ({why}); nothing {done} "
                       "(`turnlog verify` names the damage; `turnlog fork` saves what is before it)")


def import_file(src: Path | str, db: Path, progress=None) -> int:
    """Create ``db`` from an export (``-``: stdin); refuse a malformed file or a broken chain.

    Nothing is written when it is refused.
    """
    stream = inputs.stdin_bytes() if str(src) == "-" else inputs.open_input(src, "export")
    src = "stdin" if str(src) == "-" else src
    # read a line at a time, each line and the file bounded (engine/inputs.py)
    with stream if src != "stdin" else contextlib.nullcontext(stream):
        inputs.check_size(stream, str(src), inputs.MAX_EXPORT_FILE)
        text = (line for _n, line in inputs.lines(stream, str(src), max_bytes=inputs.MAX_EXPORT_FILE))
        try:
            head = _header.decode(next(text, ""))
        except msgspec.DecodeError as err:
            raise CommandError(f"{src}: line 1: not a turnlog export header ({err})") from None
        if head.turnlog != "export":
            raise CommandError(f"{src}: line 1: not a turnlog export")
        if head.format not in FORMATS:
            raise CommandError(f"{src}: line 1: log format {head.format} is not one this turnlog reads {FORMATS}")
        commands: list[tuple] = []
        events = _read(src, text, commands, head.events, progress, _lines[head.format])
        first = next((e for e in events if e[0] == 1), None)
        if first is None or first[2] != "GameCreated":  # a log with no setup is no game
            raise CommandError(f"{src}: seq 1 is {'missing' if first is None else first[2]}, not GameCreated: "
                               "not a game's export; nothing imported")
        return _create(src, db, head.format, commands, events)


def _create(src, db, fmt: int, commands: list, events: list) -> int:
    """Make the game ``db`` from the rows, all or nothing: a temporary name, linked when complete.

    A kill or a full disk midway leaves no file at ``db`` (engine/gamefiles.py), so the import can
    be run again; a database refuses a broken chain inside its one transaction.
    """
    from .. import gamefiles as GF
    made: list[int] = []

    def fill(tmp) -> None:
        with open_log(tmp, create=True, log_format=fmt) as log:
            try:
                log.import_rows(fmt, commands, events)
            except (LogError, sqlite3.DatabaseError, OverflowError) as err:
                if _full(err):
                    raise
                raise CommandError(f"{src}: the rows do not fit together ({err}); nothing imported") from None
            _ok, bad, why = log.verify_chain()
            if bad is not None:
                raise CommandError(f"{src}: the imported chain breaks at seq {bad}: {why}; nothing imported")
            made.append(log.last()[0])
            _snapshot(log)
    GF.build(db if is_url(db) else Path(db), None, None, fill, "importing")
    return made[0]


def _full(err: Exception) -> bool:
    """A failure of the disk, not of the rows: reported as such by the caller (the disk is full)."""
    from ..errors import SQLITE_FULL, SQLITE_IOERR, sqlite_code
    return sqlite_code(err) in (SQLITE_IOERR, SQLITE_FULL)


def _snapshot(log: EventLog) -> None:
    """Snapshot the imported (or copied) game at its end, folded from its rows.

    So no command replays it from event 1.

    A cache: the fold that writes it is the one the first command would do anyway; a log that does
    not fold (an event no longer readable) is imported all the same, for verify to report.
    """
    from turnlog.engine.game import Game
    try:
        Game(log, None, setup=False).snapshot()
    except Exception:  # noqa: BLE001 - a cache never fails an import; verify reports a log that does not fold
        pass


def _read(src: Path | str, text: Iterable[str], commands: list, total: int, progress, decoder) -> list[tuple]:
    events: list[tuple] = []
    for n, raw in enumerate(text, 2):
        try:
            line = decoder.decode(raw)
        except (msgspec.DecodeError, msgspec.ValidationError) as err:
            raise CommandError(f"{src}: line {n}: {err}") from None
        if line.command is not None:
            commands.append(line.command)
        elif line.event is not None:
            events.append(line.event)
            if progress and not len(events) & 1023:
                progress(len(events), total)
        else:
            raise CommandError(f"{src}: line {n}: neither a command nor an event")
    if progress:
        progress(len(events), max(total, len(events)))
    if len(events) != total:
        raise CommandError(f"{src}: the header announces {total} events but the file holds {len(events)}")
    return events


def copy_game(src: str, dst: str, with_seed: bool = False) -> tuple[int, str, bool]:
    """Copy the game at ``src`` into a new game at ``dst``, either store, rows and hashes verbatim;
    return (events, head, whether a seed stayed behind).

    The seed sidecar goes with it only ``with_seed`` (the user asked): a copy is a file to hand on,
    and whoever holds the seed knows every future roll. Joint-dice secrets are never copied (each
    holder keeps its own). Refused, with nothing left at ``dst``, unless the copy's chain verifies
    and every (seq, hash) equals the source's.
    """
    from .. import dice as D
    from .. import gamefiles as GF
    seed, _problem = GF.sidecar_seed(D.seed_path(src))
    left = seed is not None and not with_seed
    seed = None if left else seed
    target = dst if is_url(dst) else Path(dst)
    # The rows of one moment (its read view), while others may be playing the game.
    with open_log(src, readonly=True) as log, log.read_view():
        GF.require_setup(log)
        last = log.last()[0]
        check_chain(log, "copied")

        def fill(tmp) -> None:
            with open_log(tmp, create=True, log_format=log.format) as new:
                new.copy_from(log, last)
                _snapshot(new)  # caches are rebuilt from the copied rows, never copied
                _ok, bad, why = new.verify_chain()
                if bad is not None or list(new.hashes()) != list(log.hashes()):
                    raise LogError(f"{dst}: the copy does not verify as {src} does"
                                   + (f" (seq {bad}: {why})" if bad is not None else ""))
        GF.build(target, D.seed_path(target) if seed is not None else None, seed, fill, "copying")
        return last, f"{last}:{log.hash_at(last)[:16]}", left
