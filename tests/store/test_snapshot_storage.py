"""Snapshots are stored compressed and bound to the chain; an older, unbound snapshot is read by the
store but passed over by the game, which folds the board from the log instead."""
from __future__ import annotations

import zlib

from turnlog.engine import game as game_module
from turnlog.engine import snapshots as SN
from turnlog.engine.commands import MoveUnit
from turnlog.projections.state import dump

from fixtures.backbone import bridgehead, table


def test_snapshot_is_stored_compressed_and_restores_the_board(tmp_path, monkeypatch):
    monkeypatch.setattr(game_module, "SNAPSHOT_EVERY", 10**9)
    g = bridgehead(tmp_path / "g.db")
    g.execute(MoveUnit(unit="us-inf-3", hex="0502"))
    g.snapshot()
    seq = g.state.seq
    (stored,) = table(g.log.path, "SELECT data FROM snapshots WHERE seq = ?", (seq,))[0]
    plain = zlib.decompress(stored)
    assert plain.startswith(SN.MAGIC) and plain.endswith(SN.encoded(g.state))
    assert len(stored) < len(plain) / 2
    assert g.at(seq) == g.state == g.at(seq, use_snapshots=False)
    g.close()


def test_an_uncompressed_snapshot_of_an_older_file_is_read_but_passed_over(tmp_path, monkeypatch):
    monkeypatch.setattr(game_module, "SNAPSHOT_EVERY", 10**9)
    g = bridgehead(tmp_path / "g.db")
    g.execute(MoveUnit(unit="us-inf-3", hex="0502"))
    seq = g.state.seq
    g.log.conn.execute("INSERT INTO snapshots (seq, undone, data) VALUES (?, '[]', ?)", (seq, dump(g.state)))
    assert g.log.snapshot_data(seq) == dump(g.state)
    assert g.at(seq) == g.state and g._base_seq == 0
    g.close()
