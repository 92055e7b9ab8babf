"""Bounded reading of the files a user hands turnlog (commands, scenarios, exports).

Every input has a size limit, so that `/dev/zero`, an endless pipe or a huge
file ends in a clear error naming the limit instead of reading forever: memory
stays within one line (JSON lines) or one file (scenarios), whatever is fed.
The limits are documented in docs/commands.md and docs/scenario.md.
"""
from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import BinaryIO, Iterator

from .errors import CommandError, ScenarioError

MiB = 1 << 20
MAX_LINE = 1 * MiB  # one JSON command or exported row; the largest real one is a few KiB
MAX_COMMANDS_FILE = 256 * MiB  # one `play` input, file or stream
MAX_SCENARIO_FILE = 16 * MiB  # a 200,000-hex map is 7-9 MiB; parsing 16 MiB of TOML peaks near 400 MB
MAX_EXPORT_FILE = 1024 * MiB  # `import`: read a line at a time, but its rows are kept until the one transaction


def _size(n: int) -> str:
    return f"{n // MiB} MiB" if n >= MiB and not n % MiB else f"{n} bytes"


def lines(stream: BinaryIO, origin: str, *, max_line: int = MAX_LINE, max_bytes: int = MAX_COMMANDS_FILE,
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
            raise error(f"{origin}: more than the {_size(max_bytes)} limit for one input (at line {n})")
        try:
            yield n, raw.decode("utf-8")
        except UnicodeDecodeError as err:
            raise error(f"{origin}: line {n}: not UTF-8 text (byte {err.start + 1}: {err.reason})") from None


def check_size(stream: BinaryIO, origin: str, max_bytes: int, error: type[Exception] = CommandError) -> None:
    """Refuse a regular file over ``max_bytes`` before reading any of it (streams are counted as read)."""
    try:
        st = os.fstat(stream.fileno())
    except (OSError, ValueError, AttributeError):
        return
    if stat.S_ISREG(st.st_mode) and st.st_size > max_bytes:
        raise error(f"{origin}: {st.st_size} bytes, more than the {_size(max_bytes)} limit for one input")


def open_input(path: str | Path, what: str, error: type[Exception] = CommandError) -> BinaryIO:
    """Open a user's file for reading, or raise ``error`` saying why it cannot be read."""
    p = Path(path)
    if p.is_dir():
        raise error(f"{p}: a directory, not a {what}")
    try:
        return open(p, "rb")
    except FileNotFoundError:
        raise error(f"{p}: no such {what}") from None
    except OSError as err:
        raise error(f"{p}: cannot read the {what} ({err.strerror or err})") from None


def read_file_bytes(path: str | Path, what: str, max_bytes: int, error=ScenarioError) -> bytes:
    """The bytes of a file the user names, refused (``error``) before parsing when over ``max_bytes``."""
    with open_input(path, what, error) as f:
        check_size(f, str(path), max_bytes, error)
        data = f.read(max_bytes + 1)  # a pipe or /dev/zero has no size: read one byte past the limit
    if len(data) > max_bytes:
        raise error(f"{path}: more than the {_size(max_bytes)} limit for a {what}")
    return data


def read_scenario_bytes(path: str | Path, max_bytes: int = MAX_SCENARIO_FILE) -> bytes:
    """The bytes of a scenario file, refused before parsing when over ``max_bytes``."""
    return read_file_bytes(path, "scenario file", max_bytes)
