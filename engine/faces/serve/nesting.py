"""A JSON body's nesting counted as its parts arrive, so a deep one is refused after its first part.

engine/inputs.py ``check_nesting`` needs the whole text (its strings are taken out only when the
brackets alone nest too deep). A creation body is 1 MiB at most and must be JSON, so the server
also counts its brackets outside JSON strings while it reads: once the count rises past the limit,
the body is refused without reading the rest, and (see bodies.py) without the connection being
kept for it. For a valid JSON text the two counts are the same (its strings are exactly what
``check_nesting`` takes out), and a prefix's rise is never more than the whole text's: nothing this
refuses would have been accepted. Each part is read in C (a regular expression, ``translate``,
``accumulate`` a few thousand brackets at a time), never byte by byte in Python.
"""

from __future__ import annotations

import re
from itertools import accumulate

from ...errors import CommandError
from ...inputs import MAX_NESTING

#: A whole JSON string (a raw newline in one is not JSON: such a body fails its parse anyway).
_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
#: The inside of a string from where a part starts, up to its closing quote or the part's end.
#: (Both unrolled, a run of plain bytes at a time: an alternation repeated per byte is 5 x slower.)
_INSIDE = re.compile(rb'[^"\\]*(?:\\.[^"\\]*)*', re.DOTALL)
_NOT_BRACKET = bytes(b for b in range(256) if b not in b"[]{}")
_SIGNS = bytes.maketrans(b"[{]}", b"\x01\x01\xff\xff")
_CHUNK = 4096


class JsonDepth:
    """The running count of open brackets outside strings over the parts of one JSON body."""

    def __init__(self, what: str, limit: int = MAX_NESTING):
        self.what, self.limit = what, limit
        self.level = self.low = self.high = 0
        self.inside = False  # the last part ended inside a string
        self.escaped = False  # ... right after its backslash

    def feed(self, part: bytes) -> None:
        """Count ``part``'s brackets; CommandError once the nesting so far is past the limit.

        A few KiB at a time, so that a part too deep in its first few KiB costs no more."""
        for at in range(0, len(part), _CHUNK):
            self._feed(part[at:at + _CHUNK])

    def _feed(self, part: bytes) -> None:
        at = 0
        if self.inside:
            at = self._leave(part)
            if self.inside:
                return
        outside = _STRING.sub(b"", part[at:] if at else part)
        opened = outside.find(b'"')  # a string that goes on in the next part
        if opened >= 0:
            rest = outside[opened + 1:]
            self.inside = True
            self.escaped = _inside(rest, 0) < len(rest)  # ends on a lone backslash
            outside = outside[:opened]
        self._count(outside.translate(None, _NOT_BRACKET))

    def _leave(self, part: bytes) -> int:
        """Where the string the last part ended in closes in ``part`` (past its quote), or its
        end."""
        start = 1 if self.escaped else 0
        self.escaped = False
        end = _inside(part, start)
        if end >= len(part):
            return len(part)
        if part[end] == ord("\\"):  # the part ends after a backslash: the next byte is escaped
            self.escaped = True
            return len(part)
        self.inside = False
        return end + 1

    def _count(self, brackets: bytes) -> None:
        signed = brackets.translate(_SIGNS)
        # more openers (or closers) in a row than the limit rise past it from wherever they
        # start: a search in C, so a body of brackets is refused without the running count
        if b"\x01" * (self.limit + 1) in signed or b"\xff" * (self.limit + 1) in signed:
            self._refuse()
        signs = memoryview(signed).cast("b")
        for at in range(0, len(signs), _CHUNK):
            counts = list(accumulate(signs[at:at + _CHUNK], initial=self.level))
            self.low = min(self.low, min(counts))
            self.high = max(self.high, max(counts))
            self.level = counts[-1]
            if self.high - self.low > self.limit:
                self._refuse()

    def _refuse(self) -> None:
        raise CommandError(
            f"{self.what}: arrays or tables nested more than the limit of {self.limit} deep "
            "(or brackets that do not pair)")


def _inside(text: bytes, start: int) -> int:
    """Where the inside of a string that goes on at ``start`` ends: its closing quote, a lone
    backslash at the end, or the end."""
    found = _INSIDE.match(text, start)
    return found.end() if found is not None else start
