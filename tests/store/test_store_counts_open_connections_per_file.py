"""The SQLite store counts this process's open connections per file (what verify's ranges ask
before forking: SQLite's locks belong to the process, so a child must not start with its parent's)."""
from __future__ import annotations

import os

from turnlog.engine import scenario as S
from turnlog.engine.game import Game
from turnlog.events.log import EventLog, is_open


def test_a_file_is_open_while_any_connection_to_it_is(tmp_path):
    Game.create(tmp_path / "g.db", S.load("bridgehead-14-65")).close()
    assert not is_open(tmp_path / "g.db")
    a = EventLog(tmp_path / "g.db", readonly=True)
    b = EventLog(tmp_path / "g.db")
    os.symlink(tmp_path / "g.db", tmp_path / "link.db")
    assert is_open(tmp_path / "g.db") and is_open(tmp_path / "link.db")  # the file, by any name
    a.close()
    assert is_open(tmp_path / "g.db")
    b.close()
    b.close()  # closed twice counts once
    assert not is_open(tmp_path / "g.db")
