"""Storage contract: undo, redo, fork, export, import and verify work unchanged above either store."""
from __future__ import annotations

import io

from turnlog.engine.commands import AddNote, MoveUnit
from turnlog.engine.faces.transfer import export, import_file
from turnlog.engine.game import Game
from turnlog.engine.verify import verify, verify_path

from fixtures.backbone import bridgehead


def test_undo_and_redo(store):
    with bridgehead(store.new()) as g:
        g.execute(MoveUnit(unit="us-inf-3", hex="0502"))
        g.undo()
        assert g.state.units["us-inf-3"].hex != "0502"
        g.redo()
        assert g.state.units["us-inf-3"].hex == "0502"
        assert verify(g).ok


def test_fork_export_import_keep_the_hashes(store, tmp_path):
    target = store.new()
    with bridgehead(target) as g:
        g.execute(MoveUnit(unit="us-inf-3", hex="0502"))
        cut = g.state.seq
        g.execute(AddNote(text="after the fork point"))
        fork = store.new("fork")
        with g.fork(cut, fork) as f:
            assert list(f.log.hashes())[:cut] == list(g.log.hashes())[:cut]  # then the fork's own row
            assert verify(f).ok
        text = io.StringIO()
        n = export(g.log, text)
        hashes = list(g.log.hashes())
    src = tmp_path / "g.jsonl"
    src.write_text(text.getvalue())
    copy = store.new("imported")
    assert import_file(src, copy) == n
    assert verify_path(copy).ok
    with Game.open(copy, seed_file=tmp_path / "none.seed") as g2:
        assert list(g2.log.hashes()) == hashes
