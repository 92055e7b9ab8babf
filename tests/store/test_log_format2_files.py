"""A game begun in log format 2 stays one: played on, forked, exported and imported in its own format,
and each copy verifies."""
from __future__ import annotations

import io

from turnlog.engine.commands import AddNote, MoveUnit
from turnlog.engine.game import Game
from turnlog.engine.faces.transfer import export, import_file
from turnlog.engine.verify import verify

from fixtures.backbone import bridgehead


def test_format_2_game_forks_exports_imports_and_plays_on_in_format_2(tmp_path):
    g = bridgehead(tmp_path / "old.db", log_format=2)
    g.execute(MoveUnit(unit="us-inf-3", hex="0502"))
    g.execute(AddNote(text="an old game"))
    cut = g.log.last()[0]
    with g.fork(cut, tmp_path / "fork.db") as f:
        assert f.log.format == 2 and verify(f).ok
        f.execute(AddNote(text="the fork goes on"))
        assert f.log.format == 2 and verify(f).ok and f.log.verify_chain()[1] is None
    buf = io.StringIO()
    export(g.log, buf)
    assert '"format":2' in buf.getvalue().splitlines()[0]
    (tmp_path / "old.jsonl").write_text(buf.getvalue())
    assert import_file(tmp_path / "old.jsonl", tmp_path / "imported.db") == cut
    g.close()
    with Game.open(tmp_path / "imported.db") as again, Game.open(tmp_path / "old.db") as old:
        assert again.log.format == 2 and verify(again).ok
        assert list(again.log.hashes()) == list(old.log.hashes())
