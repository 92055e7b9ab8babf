"""Snapshots bound to the chain: a cache that may change nothing but speed.

A snapshot is stored as a header and the board: the hash of the log's row at its seq and a SHA-256 over
that hash, its undone list and the board's bytes. When used, the row hash must be the log's own at that
seq (a snapshot of another game, of a fork's parent, of a rewritten log is not this log's) and the digest
must match (a board edited alone is not used); a snapshot failing either, or one written before snapshots
were bound, is passed over and the board folded from the log. The digest is no secret: a forger who can
write the cache can recompute it, so two more checks hold the cache to the log itself: a writer uses only
snapshots it wrote or confirmed by folding the log from event 1 to their seq itself (engine/game_time.py),
and verify compares every bound snapshot with the board its re-execution reached at that seq
(engine/verify_setup.py). docs/reliability.md
section 9 says what this proves and what it does not.
"""
from __future__ import annotations

import hashlib

from turnlog.projections.state import GameState, dump, load

MAGIC = b"turnlog-snapshot/2 "


def _digest(row_hash: str, undone: str, body: bytes) -> str:
    return hashlib.sha256(b"%s\n%s\n%s" % (row_hash.encode(), undone.encode(), body)).hexdigest()


def bind(row_hash: str, undone: str, state: GameState) -> bytes:
    """The bytes a snapshot of ``state`` is stored as, bound to the log's row hash at its seq."""
    body = dump(state)
    return MAGIC + f"{row_hash} {_digest(row_hash, undone, body)}\n".encode() + body


def body(data: bytes, row_hash: str | None, undone: str) -> bytes | None:
    """The board's bytes of a stored snapshot when it is bound to ``row_hash`` and intact, else None."""
    if not data.startswith(MAGIC) or row_hash is None:
        return None
    head, _nl, board = data[len(MAGIC):].partition(b"\n")
    parts = head.decode("ascii", "replace").split(" ")
    if len(parts) != 2 or parts[0] != row_hash or parts[1] != _digest(row_hash, undone, board):
        return None
    return board


def bound(data: bytes) -> bool:
    """Whether a stored snapshot claims to be bound (older, unbound ones are passed over, never judged)."""
    return data.startswith(MAGIC)


def usable(log, seq: int, undone: str) -> tuple[GameState, str] | None:
    """The board of the snapshot at ``seq`` and its digest if it is bound to this log and intact, else None."""
    data = log.snapshot_data(seq)
    board = body(data, log.hash_at(seq), undone)
    return None if board is None else (load(board), digest(data))


def digest(data: bytes) -> str:
    """The digest a bound snapshot's header carries ("" when unbound): what a process remembers it trusts."""
    head = data[len(MAGIC):data.find(b"\n")] if data.startswith(MAGIC) else b""
    return head.decode("ascii", "replace").rpartition(" ")[2]
