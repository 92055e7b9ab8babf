"""Progress on a terminal for long operations (verify, replay), silence when piped.

A ``Progress`` is a callable ``progress(done, total)`` — the signature
verify.py's loops already take. It draws one self-overwriting line on stderr
only when stderr is a TTY, at most ten times a second, and erases it when
closed so the report that follows starts on a clean line.
"""
from __future__ import annotations

import sys
import time
from typing import Iterable, Iterator, TextIO

from turnlog.projections.state import GameState

#: Below this many events a replay is quick enough to need no progress line.
REPLAY_QUIET_BELOW = 5000


class Progress:
    """A throttled ``label: done/total (pct%)`` line on a TTY; a no-op elsewhere."""

    def __init__(self, label: str, stream: TextIO | None = None, *, enabled: bool | None = None,
                 interval: float = 0.1, clock=time.monotonic):
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = _isatty(self.stream) if enabled is None else enabled
        self.interval, self.clock = interval, clock
        self.start = clock()
        self._last = float("-inf")
        self._drawn = False

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled:
            return
        now = self.clock()
        if done < total and now - self._last < self.interval:
            return
        self._last = now
        pct = 100 * done // total if total else 100
        rate = done / (now - self.start) if now > self.start else 0.0
        eta = f", {int((total - done) / rate)}s left" if rate and done < total else ""
        self.stream.write(f"\r{self.label}: {done}/{total} ({pct}%){eta}\x1b[K")
        self.stream.flush()
        self._drawn = True

    def restart(self, label: str) -> None:
        """A new stage: erase the line, new label, rate and time left measured afresh."""
        self.close()
        self.label, self.start, self._last = label, self.clock(), float("-inf")

    def close(self) -> None:
        """Erase the line (the caller prints the result on a clean line)."""
        if self.enabled and self._drawn:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
        self._drawn = False

    def __enter__(self) -> "Progress":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _isatty(stream) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def counting(rows: Iterable, total: int, progress) -> Iterator:
    """Yield ``rows`` unchanged, reporting every 1024th through ``progress(done, total)``."""
    done = 0
    for row in rows:
        yield row
        done += 1
        if not done & 1023:
            progress(done, total)
    progress(total, total)


def replay(game, seq: int | None = None, *, use_snapshots: bool = True, progress=None) -> GameState:
    """``game.at(seq)`` with a progress line when the fold is long and a terminal is watching."""
    if progress is not None and not getattr(progress, "enabled", True):
        progress = None
    return game.at(seq, use_snapshots=use_snapshots, progress=progress)
