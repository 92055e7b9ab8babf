"""Snapshots bound to the chain: a cache that may change nothing but speed.

A snapshot is stored as a header and the board: the hash of the log's row at its seq and a SHA-256
over that hash, its undone list and the board's bytes. When used, the row hash must be the log's own
at that seq (a snapshot of another game, of a fork's parent, of a rewritten log is not this log's)
and the digest must match (a board edited alone is not used); a snapshot failing either, or one
written before snapshots were bound, is passed over and the board folded from the log. The digest is
no secret: a forger who can write the cache can recompute it, so two more checks hold the cache to
the log itself. The board is stored with every dict in its order (format 3), so that a board read
from a snapshot is the folded board exactly, down to the order rules walk its units in; a snapshot
of an older format is passed over like an unbound one. A process builds on a snapshot only if this
user's own trust list (a file outside every game: TURNLOG_TRUST, or
$XDG_CACHE_HOME/turnlog/snapshots-trusted) holds its digest, put there when this user's turnlog
wrote it or folded the log from event 1 to its seq and found the same board, byte for byte; any
other is confirmed by that fold before use (engine/game_time.py). The list keeps its newest
digests only (TRUST_LIMIT): one that fell off costs that fold once more. A digest covers the row
hash at its seq, and a row hash covers every row before it, so a trusted digest names one board of
one chain's prefix, whatever file holds it. And verify compares every bound snapshot with the board
its re-execution reached at that seq (engine/verify/setup.py). docs/reliability.md section 9 says
what this proves and what it does not.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from turnlog.projections.state import GameState, dump_exact, load

# Format 3 keeps every dict of the board in its order; format 2 sorted the keys, so a board read
# from it walked its units in another order than the folded board, and is passed over like an
# unbound one. The digest covers the format, so no older snapshot can be relabelled as this one.
MAGIC = b"turnlog-snapshot/3 "


def _digest(row_hash: str, undone: str, body: bytes) -> str:
    text = b"%s%s\n%s\n%s" % (MAGIC, row_hash.encode(), undone.encode(), body)
    return hashlib.sha256(text).hexdigest()


def encoded(state: GameState) -> bytes:
    """The board's bytes as a snapshot stores them: load() gives back this very board, dict order
    included (projections/state.py dump_exact)."""
    return dump_exact(state)


def bind(row_hash: str, undone: str, state: GameState) -> bytes:
    """The bytes a snapshot of ``state`` is stored as, bound to the log's row hash at its seq."""
    body = encoded(state)
    return MAGIC + f"{row_hash} {_digest(row_hash, undone, body)}\n".encode() + body


def body(data: bytes, row_hash: str | None, undone: str) -> bytes | None:
    """The board's bytes of a stored snapshot when it is bound to ``row_hash`` and intact, else
    None."""
    if not data.startswith(MAGIC) or row_hash is None:
        return None
    head, _nl, board = data[len(MAGIC) :].partition(b"\n")
    parts = head.decode("ascii", "replace").split(" ")
    if len(parts) != 2 or parts[0] != row_hash or parts[1] != _digest(row_hash, undone, board):
        return None
    return board


def bound(data: bytes) -> bool:
    """Whether a stored snapshot claims to be bound (older, unbound ones are passed over, never
    judged)."""
    return data.startswith(MAGIC)


def usable(log, seq: int, undone: str) -> tuple[GameState, str] | None:
    """The board of the snapshot at ``seq`` and its digest if it is bound to this log and intact,
    else None."""
    data = log.snapshot_data(seq)
    board = body(data, log.hash_at(seq), undone)
    return None if board is None else (load(board), digest(data))


def digest(data: bytes) -> str:
    """The digest a bound snapshot's header carries ("" when unbound): what a process remembers it
    trusts."""
    head = data[len(MAGIC) : data.find(b"\n")] if data.startswith(MAGIC) else b""
    return head.decode("ascii", "replace").rpartition(" ")[2]


_text: str | None = None  # the trust list as this process read it (searched, not split)
_known: set[str] = set()  # digests found in it or added by this process since

#: Most digests the trust list holds: every process that opens a game with snapshots reads it, so an
#: append that finds it longer rewrites it with its newest KEEP_NEWEST (a digest that fell off costs
#: one fold that confirms it again, never an answer).
TRUST_LIMIT = 4096
KEEP_NEWEST = TRUST_LIMIT // 2
#: One line of the list: a SHA-256 in hex and its newline.
_LINE = 65


def trust_path() -> Path:
    """This user's list of trusted snapshot digests: TURNLOG_TRUST, else under the user's cache
    folder."""
    given = os.environ.get("TURNLOG_TRUST")
    if given:
        return Path(given)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "turnlog" / "snapshots-trusted"


def trusted(digest: str) -> bool:
    """Whether this user's turnlog wrote or confirmed the snapshot with this digest."""
    global _text
    if not digest or digest in _known:
        return bool(digest)
    if _text is None:
        try:
            _text = trust_path().read_text(encoding="ascii", errors="replace")
        except (
            OSError
        ):  # no list yet, or none readable: nothing is trusted that this process did not confirm
            _text = ""
    if any(ch.isspace() for ch in digest) or not _word(_text, digest):
        return False
    _known.add(digest)
    return True


def _word(text: str, word: str) -> bool:
    """Whether ``word`` is a whole whitespace-separated word of ``text``, as
    ``word in set(text.split())`` answers: a search of the text costs a tenth of building that set,
    which a long history makes large."""
    at = text.find(word)
    while at >= 0:
        end = at + len(word)
        if (at == 0 or text[at - 1].isspace()) and (end == len(text) or text[end].isspace()):
            return True
        at = text.find(word, at + 1)
    return False


def trust(digest: str) -> None:
    """Remember a digest this process wrote or confirmed (kept in the list if it can be written)."""
    if not digest or trusted(digest):
        return
    _known.add(digest)
    path = trust_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open(
            "a", encoding="ascii"
        ) as out:  # one short line per append: whole lines interleave
            out.write(digest + "\n")
            size = out.tell()
        if size > TRUST_LIMIT * _LINE:
            _keep_newest(path)
    except OSError:
        pass  # kept in this process: another confirms again (a fold), and no board changes


def _keep_newest(path: Path) -> None:
    """Rewrite the trust list with its newest KEEP_NEWEST digests, atomically (a reader sees the old
    list or the new one), and only a list turnlog wrote: a regular file of hex digests, one a line.

    An append another process makes meanwhile may be lost with the old file: its digest is folded
    and confirmed again when next used."""
    if path.is_symlink():
        return
    words = path.read_text(encoding="ascii", errors="replace").split()
    if not all(len(w) == _LINE - 1 and _HEX.issuperset(w) for w in words):
        return  # not a list of digests: not this cache's to rewrite
    newest = list(dict.fromkeys(reversed(words)))[:KEEP_NEWEST]
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        temp.write_text("".join(w + "\n" for w in reversed(newest)), encoding="ascii")
        os.replace(temp, path)
    finally:
        temp.unlink(missing_ok=True)


_HEX = frozenset("0123456789abcdef")
