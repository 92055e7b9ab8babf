"""The files around a game: creating one all or nothing, its seed sidecar, a log that holds a game.

Invariants: a new game (``turnlog new``, ``fork``) is built under a temporary name beside its
target; its seed sidecar is written and fsynced first; the file takes its name through a hard link
(never over a file that appeared meanwhile) only when complete. A kill at any point leaves no game
at the name, or a whole game with its seed. Nothing here overwrites a file turnlog did not create.
"""
from __future__ import annotations

import os
import secrets
import sqlite3
from pathlib import Path
from typing import Callable

from turnlog.events.log import EventLog, LogError
from turnlog.events.store import is_url, open_log

from . import dice as D
from .errors import sqlite_failure


def build(target: Path | str, sidecar: Path | None, seed: bytes | None,
          fill: Callable[[Path], None], what: str) -> None:
    """Make the game file ``target`` by ``fill(temporary path)``, then give it its name; all or nothing.

    ``sidecar`` (None: no seed file, joint dice or a game without its seed here) is written with
    ``seed`` before the file is linked into place, and removed again if the link fails. A
    postgresql:// ``target`` names a game in a shared database.
    """
    keep = _seed_file(sidecar, seed)
    if is_url(target):
        return _build_in_database(str(target), keep, fill)
    target = Path(target)
    check_new_game(target)
    if keep is not None:
        check_sidecar(*keep, target)
    tmp = target.with_name(f".{target.name}.{what}-{os.getpid()}-{secrets.token_hex(4)}")
    wrote_seed = False
    try:
        _named(fill, tmp, target)
        if keep is not None and not keep[0].exists():
            D.write_seed(*keep)
            wrote_seed = True
        link_into_place(tmp, target)
    except BaseException:
        if keep is not None and wrote_seed and not target.exists():
            keep[0].unlink(missing_ok=True)
        raise
    finally:
        for suffix in ("", "-wal", "-shm"):
            Path(str(tmp) + suffix).unlink(missing_ok=True)


def _named(fill: Callable[[Path], None], tmp: Path, target: Path) -> None:
    """``fill(tmp)``, its failures named by the game being made, never by its temporary file.

    A SQLite failure there is the new file's (a full disk, say), not the source's the command read.
    """
    try:
        fill(tmp)
    except LogError as err:
        raise LogError(str(err).replace(str(tmp), str(target))) from None
    except sqlite3.Error as err:
        why = sqlite_failure(err, "the new game could not be written; nothing was created")
        raise LogError(f"{target}: {why}") from None


def _seed_file(sidecar: Path | None, seed: bytes | None) -> tuple[Path, bytes] | None:
    """The seed file to write and the seed it holds, if any."""
    if sidecar is None:
        return None
    assert seed is not None, "a seed file is only named with the seed it is to hold"
    return sidecar, seed


def _build_in_database(target: str, keep: tuple[Path, bytes] | None, fill: Callable) -> None:
    """Make a game in a shared database: its first command's transaction creates it (no temporary name).

    The seed sidecar is written first, as for a file, and removed again if the game was not made.
    """
    # a game of that id is refused before its seed file is looked at
    open_log(target, create=True).close()
    if keep is not None:
        check_sidecar(*keep)
    wrote_seed = False
    try:
        if keep is not None and not keep[0].exists():
            D.write_seed(*keep)
            wrote_seed = True
        fill(target)
    except BaseException:
        if keep is not None and wrote_seed:
            keep[0].unlink(missing_ok=True)
        raise


def sidecar_seed(path: Path) -> tuple[bytes | None, str]:
    """The seed in a sidecar, or None and why it cannot be used: reading a game never needs it."""
    try:
        return D.read_seed(path), ""
    except (OSError, ValueError) as err:
        # the kind of a file that is no regular one ("a directory", "a named pipe (FIFO)"), or why
        why = getattr(err, "strerror", None) or str(err).removeprefix(f"{path}: ").split(",")[0]
        return None, (f"{path}: the dice seed cannot be read ({why}); reading works, rolls from "
                      "the seed and reveal are refused")


def check_new_game(path: Path) -> None:
    """Refuse a target that exists, or that an old database's -wal/-shm would be mistaken for."""
    if path.exists() or path.is_symlink():
        raise LogError(f"{path}: already exists; refusing to overwrite a game")
    wal = Path(f"{path}-wal")
    if wal.exists() and wal.stat().st_size == 0:
        # An empty WAL (and its index) outlives a read-only reader of a game since removed: it holds
        # nothing that SQLite could replay into the new file.
        for suffix in ("-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
    for suffix in ("-wal", "-shm", "-journal"):
        if Path(str(path) + suffix).exists():
            raise LogError(f"{path}{suffix}: left by another database of that name; move it away "
                           "first")
    if not path.parent.is_dir():
        raise LogError(f"{path.parent}: no such folder")
    if not os.access(path.parent, os.W_OK):
        raise LogError(f"{path}: cannot create a game here: the directory is read-only")


def check_sidecar(path: Path, seed: bytes, game: Path | None = None) -> None:
    """Refuse to start a game beside another game's seed file (it would be kept, and this seed lost)."""
    if not (path.exists() or path.is_symlink()):
        return
    try:
        other = D.read_seed(path)
    # not a readable hex seed: still not ours to overwrite
    except (ValueError, OSError, UnicodeDecodeError):
        other = b""
    if other == seed:
        return
    orphan = ""
    if game is not None and not game.exists():
        orphan = (f" with no {game.name} beside it (left by an interrupted `turnlog new`, or its "
                  "game was moved away)")
    raise LogError(f"{path}: a seed file of another game is already there{orphan}"
                   "; move it away or choose another seed file")


def link_into_place(tmp: Path, path: Path) -> None:
    """Give the finished file its name: a hard link never replaces a file that appeared meanwhile."""
    fd = os.open(tmp, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
    try:
        os.link(tmp, path)
    except FileExistsError:
        raise LogError(f"{path}: appeared while the game was being written; nothing replaced") from None
    except OSError:  # no hard links on this filesystem: rename after checking, a narrow window
        if path.exists():
            raise LogError(f"{path}: already exists; refusing to overwrite a game") from None
        os.rename(tmp, path)
    D.sync_dir(path.parent)


def require_setup(log: EventLog) -> None:
    """Refuse, by name, a log that does not begin with a game's setup (an interrupted creation, say)."""
    first = next(iter(log.rows(1, 1)), None)
    if first is None:
        raise LogError(f"{log.path}: holds no game (no events, not even the setup): a creation "
                       "that never finished? Create the game again under another name")
    if first[2] != "GameCreated":
        raise LogError(f"{log.path}: seq 1 is {first[2]}, not GameCreated: not a game's setup")
