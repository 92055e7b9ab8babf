"""A snapshot is a cache bound to the chain: a forged one changes no board a command is decided on.

Given an honest game with a snapshot, when the snapshot is replaced by a board in which the
defender's units are gone (edited alone, taken from another chain, or re-bound with the digest
recomputed), then `show` draws and `play` decides on the board the log gives, `copy` and `fork`
carry no forged cache, and verify names the forged snapshot's seq; on both stores.
"""

from __future__ import annotations

import hashlib
import zlib

import msgspec

from turnlog.engine import snapshots as SN
from turnlog.engine.commands import AddNote, MoveUnit
from turnlog.engine.faces.transfer import copy_game
from turnlog.engine.faces.verify_report import text
from turnlog.engine.game import Game
from turnlog.engine.verify import verify_path
from turnlog.projections.state import dump

from fixtures.backbone import bridgehead, cli
from store_backends import raw


def _honest(target) -> tuple[int, object]:
    """A game with one snapshot after a host move; (its seq, the board there)."""
    with bridgehead(target) as g:
        g.execute(MoveUnit(unit="us-inf-3", hex="0502"))
        g.snapshot()
        return g.state.seq, g.state


def _forged_board(board):
    forged = msgspec.structs.replace(board, units=dict(board.units))
    forged.units["us-inf-3"] = msgspec.structs.replace(board.units["us-inf-3"], hex="0605")
    return forged


def _store(target, seq: int, data: bytes) -> None:
    """Overwrite the snapshot at ``seq`` underneath the engine (the store's writer may write the
    cache)."""
    raw(
        target,
        "UPDATE snapshots SET data = ? WHERE seq = ?",
        "WITH x(g, d, s) AS (VALUES (%s, %s::bytea, %s::bigint)) "
        "UPDATE turnlog.snapshots SET data = x.d FROM x WHERE game = x.g AND seq = x.s",
        (zlib.compress(data, 1), seq),
    )


def _rebound(target, seq: int, board) -> None:
    """A forger who writes the cache: the real row hash, the digest recomputed, a false board."""
    with Game.open(target, readonly=True) as g:
        row_hash = g.log.hash_at(seq)
    _store(target, seq, SN.bind(row_hash, "[]", _forged_board(board)))


def _hex_of(board_text: str, unit: str) -> str:
    """The hex `show` draws ``unit`` in (its line begins with the hex)."""
    line = next(ln for ln in board_text.splitlines() if unit + "[" in ln)
    return line.split()[0]


def test_a_board_edited_alone_is_passed_over(store):
    target = store.new()
    seq, board = _honest(target)
    _store(
        target,
        seq,
        SN.MAGIC + b"0" * 64 + b" " + b"0" * 64 + b"\n" + dump(_forged_board(board)),
    )
    with Game.open(target, readonly=True) as g:
        assert g.state == board and g._base_seq == 0
    rep = verify_path(target)
    assert not rep.ok and rep.stage == "snapshots" and rep.forged_snapshots == [seq], text(rep)


def test_a_rebound_forgery_is_named_by_verify_and_never_played_on(store):
    target = store.new()
    seq, board = _honest(target)
    _rebound(target, seq, board)
    rep = verify_path(target)
    assert not rep.ok and rep.stage == "snapshots" and rep.first_bad_seq == seq, text(rep)
    assert "the snapshot cache is forged" in text(rep)
    with Game.open(target, readonly=True) as g:  # show, log: a reader
        assert g.forged_snapshots == [seq] and g.state == board
    shown = cli("show", "--db", target)
    assert shown.returncode == 0 and "us-inf-3" in shown.stdout
    assert _hex_of(shown.stdout, "us-inf-3") == "0502", shown.stdout
    with Game.open(target) as g:
        g.execute(AddNote(text="a move on the true board"))  # a writer: the same check
        assert g.forged_snapshots == [seq] and g.state.units["us-inf-3"].hex == "0502"
        assert g.state == g.at(use_snapshots=False)


def test_copy_and_fork_carry_no_forged_cache(store):
    target = store.new()
    seq, board = _honest(target)
    _rebound(target, seq, board)
    copied = store.new("copy")
    copy_game(str(target), str(copied))
    with Game.open(copied, readonly=True) as c:
        assert c.state.units["us-inf-3"].hex == "0502"
    assert verify_path(copied).ok
    with Game.open(target, readonly=True) as g:
        forked = g.fork(seq, store.new("fork"))
    with forked:
        assert forked.state.units["us-inf-3"].hex == "0502"
        assert forked.at(seq) == forked.at(seq, use_snapshots=False)
    assert verify_path(forked.log.path if not store.pg else forked.log.url).ok


def test_a_snapshot_of_another_chain_is_passed_over(store):
    target, other = store.new(), store.new()
    seq, board = _honest(target)
    with bridgehead(other) as o:
        o.execute(MoveUnit(unit="us-inf-3", hex="0605"))
        o.snapshot()
        theirs = SN.bind(o.log.hash_at(o.state.seq), "[]", o.state)
    _store(target, seq, theirs)
    with Game.open(target, readonly=True) as g:
        assert g.state == board and g._base_seq == 0
    assert not verify_path(target).ok


def test_a_rebound_board_in_another_unit_order_is_never_played_on(store):
    """The same units in another order: equal as a board, but rules walk units in order (a
    retreat's 14.76 and 14.77 consequences), so an honest client would write other rows."""
    target = store.new()
    seq, board = _honest(target)
    with Game.open(target, readonly=True) as g:
        row_hash = g.log.hash_at(seq)
    shuffled = msgspec.structs.replace(board, units=dict(reversed(board.units.items())))
    assert shuffled == board and list(shuffled.units) != list(board.units)
    _store(target, seq, SN.bind(row_hash, "[]", shuffled))
    with Game.open(target, readonly=True) as g:
        assert g.forged_snapshots == [seq] and list(g.state.units) == list(board.units)
    rep = verify_path(target)
    assert not rep.ok and rep.stage == "snapshots" and rep.first_bad_seq == seq, text(rep)


def test_a_snapshot_of_the_sorted_key_format_is_rebuilt_not_used(store):
    """Format 2 stored the board with sorted keys, losing the units' order: passed over, and not
    usable relabelled as format 3 (the digest covers the format)."""
    target = store.new()
    seq, board = _honest(target)
    with Game.open(target, readonly=True) as g:
        row_hash = g.log.hash_at(seq)
    body = dump(board)
    old = hashlib.sha256(b"%s\n[]\n%s" % (row_hash.encode(), body)).hexdigest()
    _store(target, seq, b"turnlog-snapshot/2 %s %s\n%s" % (row_hash.encode(), old.encode(), body))
    with Game.open(target, readonly=True) as g:
        assert g._base_seq == 0 and list(g.state.units) == list(board.units)
    assert verify_path(target).ok  # an older format is never judged, only passed over
    _store(target, seq, SN.MAGIC + b"%s %s\n%s" % (row_hash.encode(), old.encode(), body))
    with Game.open(target, readonly=True) as g:
        assert g._base_seq == 0
    assert verify_path(target).stage == "snapshots"
