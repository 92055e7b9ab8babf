"""Write an output file the user named (an export, an SVG, a diagram) without destroying anything.

Invariants: an existing file is replaced only when the user
said so (``force``); a game file (any SQLite database), its -wal/-shm, or a
dice-seed sidecar is never replaced, even then; the new content is written to a
temporary file beside the target and renamed over it only when complete, so a
failure midway leaves the old file (or none) and no half-written one.

Only a regular file is ever replaced, or sniffed: a device node, a FIFO or a socket (``/dev/null``,
``/dev/stdout``, a named pipe) is refused by name before it is opened, so that nothing renames a
file over a system's device and nothing blocks opening a pipe. ``-`` is standard output.
"""
from __future__ import annotations

import os
import re
import stat
import sys
import tempfile
from pathlib import Path
from typing import IO, Callable

from ..dice import sync_dir
from ..errors import CommandError
from ..inputs import kind

STDOUT = "-"  # the output option's value for standard output

_SQLITE = b"SQLite format 3\x00"
_SEED_TEXT = re.compile(rb"^\s*[0-9a-fA-F]{32,}\s*$")


def protected(path: Path) -> str:
    """Why ``path`` must never be overwritten by an output, or '' when it may be (with --force)."""
    name = path.name
    if name.endswith(".seed"):
        return "it is a dice-seed sidecar (the game's secret)"
    for suffix in ("-wal", "-shm", "-journal"):
        if name.endswith(suffix) and Path(str(path)[: -len(suffix)]).exists():
            return "it belongs to a SQLite database beside it"
    try:
        st = os.stat(path)
    except OSError:
        return ""
    if not stat.S_ISREG(st.st_mode):  # never opened: a FIFO blocks, a device may act on an open
        return f"it is {kind(st.st_mode)}, not a regular file (- writes to standard output)"
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except OSError:
        return ""
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # swapped since the stat
            return "it is not a regular file"
        head = os.read(fd, 128)
    except OSError:
        return ""
    finally:
        os.close(fd)
    if head.startswith(_SQLITE):
        return "it is a SQLite database (a game file?)"
    if _SEED_TEXT.match(head) and len(head) < 128:
        return "it holds what looks like a dice seed"
    return ""


def _force_word(option: str) -> str:
    """How the user says --force where ``option`` was typed (the REPL's words have no dashes)."""
    return "--force" if option.startswith("-") else "force"


def check_target(path: str | Path, force: bool, option: str) -> Path:
    """Refuse (CommandError naming ``option``) a target that may not be written; return its Path.

    ``-`` (standard output) is always allowed.
    """
    p = Path(path)
    if str(path) == STDOUT:
        return p
    if p.is_dir():
        raise CommandError(f"{option}: {p} is a directory; name a file")
    if p.is_symlink() and not p.exists():
        raise CommandError(f"{option}: {p} is a symbolic link to {os.readlink(p)}, which does not "
                           "exist; "
                           "turnlog does not write through or replace it: name another file")
    if p.exists() or p.is_symlink():
        why = protected(p)
        if why:
            raise CommandError(f"{option}: {p} already exists and {why}; turnlog never overwrites "
                               f"it, even with {_force_word(option)}: choose another name")
        if not force:
            raise CommandError(f"{option}: {p} already exists; add {_force_word(option)} to "
                               "replace it")
    if not p.parent.is_dir():
        raise CommandError(f"{option}: the folder {p.parent} does not exist")
    return p


def write(path: str | Path, produce: Callable[[IO], object], *, force: bool = False,
          option: str = "--output", binary: bool = False):
    """Call ``produce(file)`` on a temporary file beside ``path``, then move it into place; return its result.

    Without ``force`` the final step is a hard link, which fails if the name appeared meanwhile
    (another process), so nothing is replaced even in a race.
    """
    if str(path) == STDOUT:
        out = sys.stdout.buffer if binary and hasattr(sys.stdout, "buffer") else sys.stdout
        if binary and out is sys.stdout:  # a text stand-in for stdout (tests)
            # A stand-in with write() alone: what every producer calls.
            return produce(_TextBytes(out))  # type: ignore[arg-type]
        result = produce(out)
        out.flush()
        return result
    p = check_target(path, force, option)
    try:
        return _write(p, produce, force, option, binary)
    except OSError as err:
        if err.filename is None:  # the temporary file's write or fsync: name the output instead
            raise OSError(err.errno, err.strerror, str(p)) from None
        raise


def _write(p: Path, produce: Callable[[IO], object], force: bool, option: str, binary: bool):
    """write()'s work on a checked target ``p``."""
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=p.parent)
    try:
        # mkstemp makes 0600; an output gets what a plain open() would give it
        os.fchmod(fd, _mode(p))
        with (os.fdopen(fd, "wb") if binary else os.fdopen(fd, "w", encoding="utf-8")) as f:
            result = produce(f)
            f.flush()
            os.fsync(f.fileno())
        if force and p.exists():
            check_target(p, force, option)  # still not a protected file
            os.replace(tmp, p)
        else:
            try:
                os.link(tmp, p)
            except FileExistsError:
                raise CommandError(f"{option}: {p} appeared while it was being written; nothing "
                                   "replaced") from None
            # a filesystem without hard links: rename, after checking the name is free
            except OSError:
                if p.exists():
                    raise CommandError(f"{option}: {p} already exists; "
                                       f"add {_force_word(option)} to replace it") from None
                os.rename(tmp, p)
        sync_dir(p.parent)
        return result
    finally:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass


def _mode(p: Path) -> int:
    """The replaced file's permissions, or the umask's default for a new file."""
    try:
        return p.stat().st_mode & 0o777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


class _TextBytes:
    """Bytes written to a text stream (a stand-in for stdout without a buffer)."""

    def __init__(self, out: IO[str]):
        self.out = out

    def write(self, data: bytes) -> int:
        return self.out.write(data.decode("utf-8", "replace"))
