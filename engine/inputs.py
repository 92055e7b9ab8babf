"""Bounded reading of the files a user hands turnlog (commands, scenarios, exports, keys, seeds).

Every input is a regular file or standard input (``-`` where the command takes one), and has a size
limit, so that an endless stream or a huge file ends in a clear error naming the limit instead of
reading forever: memory stays within one line (JSON lines) or one file (scenarios), whatever is fed.
A FIFO, a device or a socket is refused by name before it is opened for reading (opening a FIFO
blocks until a writer comes; reading ``/dev/zero`` never ends). A text's nesting is counted before
any parser recurses into it (``check_nesting``): a scenario, or a body `turnlog serve` is sent.
The limits are documented in docs/commands.md, docs/scenario.md and docs/reliability.md.
"""
from __future__ import annotations

import os
import re
import stat
from itertools import accumulate
from pathlib import Path
from typing import BinaryIO, Iterator, Literal, overload

from .errors import CommandError, ScenarioError

MiB = 1 << 20
MAX_LINE = 1 * MiB  # one JSON command or exported row; the largest real one is a few KiB
MAX_COMMANDS_FILE = 256 * MiB  # one `play` input, file or stream
# a 200,000-hex map is 7-9 MiB; parsing 16 MiB of TOML peaks near 400 MB
MAX_SCENARIO_FILE = 16 * MiB
# `import`: read a line at a time, but its rows are kept until the one transaction
MAX_EXPORT_FILE = 1024 * MiB
MAX_KEY_FILE = 4096  # a seed, a joint-dice secret, a key: 64 hex digits and a newline
#: How deep a scenario's (or a request's) arrays and tables may nest (the deepest real one nests 5).
MAX_NESTING = 100


def _size(n: int) -> str:
    return f"{n // MiB} MiB" if n >= MiB and not n % MiB else f"{n} bytes"


def lines(stream: BinaryIO, origin: str, *, max_line: int = MAX_LINE,
          max_bytes: int = MAX_COMMANDS_FILE,
          error: type[Exception] = CommandError) -> Iterator[tuple[int, str]]:
    """Yield (line number, text) of a UTF-8 stream, one line in memory at a time.

    Raises ``error`` naming the line and the limit when a line or the whole stream is too long,
    or when a line is not UTF-8 (a lone surrogate cannot come from strict UTF-8).
    """
    total = 0
    n = 0
    while True:
        raw = stream.readline(max_line + 1)
        if not raw:
            return
        n += 1
        total += len(raw)
        if len(raw) > max_line and not raw.endswith(b"\n"):
            raise error(f"{origin}: line {n}: longer than the {_size(max_line)} limit for one line")
        if total > max_bytes:
            raise error(f"{origin}: more than the {_size(max_bytes)} limit for one input (at line "
                        f"{n})")
        try:
            yield n, raw.decode("utf-8")
        except UnicodeDecodeError as err:
            raise error(f"{origin}: line {n}: not UTF-8 text (byte {err.start + 1}: {err.reason})") from None


def check_size(stream: BinaryIO, origin: str, max_bytes: int,
               error: type[Exception] = CommandError) -> None:
    """Refuse a regular file over ``max_bytes`` before reading any of it (streams are counted as read)."""
    try:
        st = os.fstat(stream.fileno())
    except (OSError, ValueError, AttributeError):
        return
    if stat.S_ISREG(st.st_mode) and st.st_size > max_bytes:
        raise error(f"{origin}: {st.st_size} bytes, more than the {_size(max_bytes)} limit for one "
                    "input")


def kind(mode: int) -> str:
    """What a file of ``mode`` is, in words, for a message refusing it ('' for a regular file)."""
    for test, name in ((stat.S_ISREG, ""), (stat.S_ISDIR, "a directory"),
                       (stat.S_ISFIFO, "a named pipe (FIFO)"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "not a regular file"


def open_input(path: str | Path, what: str, error: type[Exception] = CommandError) -> BinaryIO:
    """Open a user's regular file for reading, or raise ``error`` saying why it cannot be read.

    The file's type is looked at before it is opened (a FIFO would block the open), and again on the
    open descriptor (opened without blocking): a name swapped for a FIFO in between is refused too.
    """
    p = Path(path)
    try:
        st = os.stat(p)
    except FileNotFoundError:
        raise error(f"{p}: no such {what}") from None
    except OSError as err:
        raise error(f"{p}: cannot read the {what} ({err.strerror or err})") from None
    _regular(p, st.st_mode, what, error)
    try:
        fd = os.open(p, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        raise error(f"{p}: no such {what}") from None
    except OSError as err:
        raise error(f"{p}: cannot read the {what} ({err.strerror or err})") from None
    try:
        _regular(p, os.fstat(fd).st_mode, what, error)
        os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return os.fdopen(fd, "rb")


def _regular(p: Path, mode: int, what: str, error: type[Exception]) -> None:
    """Refuse anything but a regular file by what it is."""
    name = kind(mode)
    if name:
        article = "an" if what[0] in "aeiou" else "a"
        raise error(f"{p}: {name}, not {article} {what}: turnlog reads only a regular file"
                    + (" or standard input (-)" if what in STDIN_INPUTS else "")
                    + " there; nothing was read")


#: The inputs that take ``-`` for standard input (play's commands, sign's command, import's export).
STDIN_INPUTS = ("commands file", "export", "command")


def stdin_bytes() -> BinaryIO:
    """Standard input as bytes (a text stand-in, as the tests give, is encoded back)."""
    import sys
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:
        import io
        stream = io.BytesIO(sys.stdin.read().encode("utf-8", "surrogatepass"))
    return stream


@overload
def read_small(path: str | Path, what: str, max_bytes: int = ..., error: type[Exception] = ...,
               missing_ok: Literal[False] = ...) -> bytes: ...
@overload
def read_small(path: str | Path, what: str, max_bytes: int = ..., error: type[Exception] = ...,
               missing_ok: bool = ...) -> bytes | None: ...
def read_small(path: str | Path, what: str, max_bytes: int = MAX_KEY_FILE,
               error: type[Exception] = CommandError, missing_ok: bool = False) -> bytes | None:
    """The bytes of a small regular file (a seed, a key, a secret), at most ``max_bytes``.

    None for a missing file when ``missing_ok``; ``error`` otherwise, and for a file over the limit.
    """
    if missing_ok and not os.path.lexists(path):
        return None
    return read_file_bytes(path, what, max_bytes, error)


def read_file_bytes(path: str | Path, what: str, max_bytes: int, error=ScenarioError) -> bytes:
    """The bytes of a file the user names, refused (``error``) before parsing when over ``max_bytes``."""
    with open_input(path, what, error) as f:
        check_size(f, str(path), max_bytes, error)
        # a pipe or /dev/zero has no size: read one byte past the limit
        data = f.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise error(f"{path}: more than the {_size(max_bytes)} limit for a {what}")
    return data


def read_scenario_bytes(path: str | Path, max_bytes: int = MAX_SCENARIO_FILE) -> bytes:
    """The bytes of a scenario file, refused before parsing when over ``max_bytes``."""
    return read_file_bytes(path, "scenario file", max_bytes)


_NOT_BRACKET = bytes(b for b in range(256) if b not in b"[]{}")
#: An opening bracket as the signed byte 1, a closing one as -1 (0xff), for ``_rises_past``.
_SIGNS = bytes.maketrans(b"[{]}", b"\x01\x01\xff\xff")
#: A quoted string or a comment, whose brackets do not nest (unrolled: a run of plain bytes at a time).
_STRINGS = re.compile(rb'"[^"\\\n]*(?:\\.[^"\\\n]*)*"|\'[^\'\n]*\'|#[^\n]*')


def check_nesting(text: str | bytes, origin: str, error: type[Exception] = ScenarioError) -> None:
    """Refuse arrays or tables nested deeper than MAX_NESTING, before a parser recurses.

    The nesting is at most the rise of the running count of open brackets (its highest point
    less its lowest, 0 included), read in C a chunk at a time and given up as soon as it passes
    the limit: a mebibyte of brackets costs a server's event loop milliseconds, never seconds.
    Strings and comments, whose brackets do not nest, are taken out first: a closer inside a
    string would otherwise hide as many real openers.
    """
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    if data.count(b"[") + data.count(b"{") <= MAX_NESTING:  # a command's usual few
        return
    if any(mark in data for mark in (b'"', b"'", b"#")):  # else no string to take out
        data = _STRINGS.sub(b"", data)
    if _rises_past(data.translate(None, _NOT_BRACKET), MAX_NESTING):
        raise error(f"{origin}: arrays or tables nested more than the limit of {MAX_NESTING} "
                    "deep (or brackets that do not pair)")


#: Brackets read at once by ``_rises_past``: the running count stays a small int within one.
_CHUNK = 4096


def _rises_past(brackets: bytes, limit: int) -> bool:
    """Whether the running count of open brackets rises more than ``limit`` above its lowest
    point (0 included), a closer with no opener hiding nothing that follows it."""
    signs = memoryview(brackets.translate(_SIGNS)).cast("b")
    low = high = level = 0
    for at in range(0, len(signs), _CHUNK):
        counts = list(accumulate(signs[at:at + _CHUNK], initial=level))
        low, high, level = min(low, min(counts)), max(high, max(counts)), counts[-1]
        if high - low > limit:
            return True
    return False
