"""Anchors: a (seq, hash) a player kept from an earlier verify, checked against the file now.

A hash chain shows that no row was edited, removed or reordered *relative to
the rows still there*; cutting whole commands off the end, or rewriting the
history and rehashing every row after it, leaves a chain that checks. An
anchor taken outside the file (written down, mailed to the opponent) closes
that gap: the row at the anchor's seq must still exist and carry that hash.
"""
from __future__ import annotations

import re

from turnlog.events.log import EventLog

from ..errors import CommandError

# Hex digits: 128 bits. A rewriter who rehashes a forged history can grind row contents (a
# timestamp, a note) until the hash at the anchor's seq starts with a short prefix: 8 digits fall
# in about 2^32 tries.
MIN_PREFIX = 32
HEAD_DIGITS = 32  # what verify prints and the REPL shows: enough to pass back as an anchor
_FORM = re.compile(r"^([0-9]+):([0-9a-fA-F]+)$")

Anchor = tuple[int, str]


def parse(text: str, field: str = "--anchor") -> Anchor:
    """``SEQ:HASH`` (HASH a prefix of at least MIN_PREFIX hex digits) as (seq, lower-case prefix)."""
    m = _FORM.match(text.strip())
    if m is None:
        raise CommandError(f"{field}: expected SEQ:HASH (e.g. 39:{'3fa2c1d0' * 4}), got {text!r}")
    seq, prefix = int(m.group(1)), m.group(2).lower()
    if seq < 1:
        raise CommandError(f"{field}: seq must be 1 or more, got {seq}")
    if not MIN_PREFIX <= len(prefix) <= 64:
        raise CommandError(f"{field}: the hash needs {MIN_PREFIX} to 64 hex digits (at least 128 "
                           f"bits, so that no rewritten history can be ground to match it), "
                           f"got {len(prefix)}")
    return seq, prefix


def head(log: EventLog, digits: int = HEAD_DIGITS) -> str:
    """The anchor a player keeps for this file as it stands: ``SEQ:HASH`` of its last row ("" when empty)."""
    seq, h = log.last()
    return f"{seq}:{h[:digits]}" if seq else ""


def check(log: EventLog, anchors: list[Anchor]) -> tuple[int, str] | None:
    """The first anchor the file fails, as (seq to name, why); None when every anchor holds."""
    last = log.last()[0]
    for seq, prefix in sorted(anchors):
        if seq > last:
            return last + 1, (f"the anchor you hold is at seq {seq} but the log ends at seq {last}: "
                              f"rows {last + 1}..{seq} were cut off")
        stored = log.hash_at(seq)
        if stored is None or not stored.startswith(prefix):
            got = stored[:len(prefix)] if stored else "nothing"
            return seq, (f"the row at seq {seq} hashes to {got}, not the {prefix} you hold: "
                         f"the log up to seq {seq} was rewritten and rehashed")
    return None
