"""Durability settings: WAL with synchronous=FULL unless the host chooses otherwise."""
from __future__ import annotations

import pytest

from turnlog.engine.game import Game
from turnlog.events.log import EventLog

from fixtures.backbone import bridgehead, cli

LEVELS = {"OFF": 0, "NORMAL": 1, "FULL": 2, "EXTRA": 3}


def pragmas(log: EventLog) -> tuple[str, int]:
    return (log.conn.execute("PRAGMA journal_mode").fetchone()[0],
            log.conn.execute("PRAGMA synchronous").fetchone()[0])


def test_default_is_wal_and_full(tmp_path):
    g = bridgehead(tmp_path / "g.db")
    assert pragmas(g.log) == ("wal", LEVELS["FULL"])
    g.close()
    with Game.open(tmp_path / "g.db") as g:
        assert pragmas(g.log) == ("wal", LEVELS["FULL"])


@pytest.mark.parametrize("level", ["OFF", "NORMAL", "EXTRA", "normal"])
def test_synchronous_is_configurable(tmp_path, level):
    g = bridgehead(tmp_path / "g.db", synchronous=level)
    assert pragmas(g.log) == ("wal", LEVELS[level.upper()])
    g.close()
    with Game.open(tmp_path / "g.db", synchronous=level) as g:
        assert pragmas(g.log) == ("wal", LEVELS[level.upper()])


def test_wal_mode_is_stored_in_the_file(tmp_path):
    import sqlite3
    bridgehead(tmp_path / "g.db").close()
    conn = sqlite3.connect(tmp_path / "g.db")
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    conn.close()


def test_unknown_level_refused_before_any_file(tmp_path):
    with pytest.raises(ValueError, match="synchronous"):
        bridgehead(tmp_path / "g.db", synchronous="SOMETIMES")
    assert list(tmp_path.iterdir()) == []


def test_cli_accepts_synchronous(tmp_path):
    db = tmp_path / "g.db"
    r = cli("new", "bridgehead-14-65", "--db", db, "--synchronous", "NORMAL")
    assert r.returncode == 0, r.stderr
    r = cli("verify", "--db", db, "--synchronous", "OFF")
    assert r.returncode == 0, r.stdout + r.stderr
    r = cli("new", "bridgehead-14-65", "--db", tmp_path / "h.db", "--synchronous", "SOMETIMES")
    assert r.returncode == 2 and "invalid choice" in r.stderr
    assert not (tmp_path / "h.db").exists()
