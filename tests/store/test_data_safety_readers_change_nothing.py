"""Reading commands open the game read-only: log, show, diff and export change nothing in the file.

Before, any command re-created dropped triggers and the snapshots table, so only `verify` left the
file's bytes alone; a disputed file must stay exactly as it was mailed, whatever a player looks at.
"""
from __future__ import annotations

import hashlib
import sqlite3
import subprocess
import sys

import pytest

from turnlog.engine import scenario as S
from turnlog.engine.commands import BeginAttrition
from turnlog.engine.game import Game


def _sha(p) -> str:
    return hashlib.sha256(p.read_bytes()).hexdigest()


@pytest.fixture
def stripped(tmp_path):
    """A game whose triggers and snapshots table were dropped (by hand, or by an older tool)."""
    db = tmp_path / "g.db"
    with Game.create(db, S.load("bridgehead-14-65"), seed=bytes(range(32)), public_seed=True) as g:
        g.execute(BeginAttrition(attacker="AX", zone="WA/western/0505"))
    conn = sqlite3.connect(db)
    for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type='trigger'").fetchall():
        conn.execute(f"DROP TRIGGER {name}")
    conn.execute("DROP TABLE snapshots")
    conn.commit()
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    return db


@pytest.mark.parametrize("args", [["log"], ["log", "--json"], ["show"], ["show", "--json"], ["diff"],
                                  ["export", "-o", "OUT"]])
def test_a_reading_command_leaves_the_file_byte_identical(stripped, args):
    before = _sha(stripped)
    args = [str(stripped.parent / "out.jsonl") if a == "OUT" else a for a in args]
    r = subprocess.run([sys.executable, "-m", "turnlog.engine.faces.cli", *args[:1], "--db", str(stripped), *args[1:]],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert _sha(stripped) == before
    names = {n for (n,) in sqlite3.connect(stripped).execute("SELECT name FROM sqlite_master")}
    assert "snapshots" not in names and not any(n.startswith("events_append_only") for n in names)
