"""Tamper-harness find (fixed in fd0fea3): `turnlog verify` replayed the log before checking the chain.

The CLI's cmd_verify calls Game.open, whose constructor folds every row; a row
whose JSON, type or version was edited makes the fold raise (msgspec.DecodeError,
TypeError, SchemaError...) before verify() runs, so instead of "chain BROKEN at
seq N" the user gets a traceback, or a SchemaError message naming no seq.
EventLog.verify_chain itself names the seq exactly in all these cases.

The fix (engine/faces/cli/app.py cmd_verify, engine/verify/__init__.py): open the EventLog
alone, run PRAGMA integrity_check and verify_chain first and report a broken
chain without replaying; only then build the Game. Independently, fold() could
wrap a decode failure as ``SchemaError(f"seq {seq}: ...")`` so every replay
error names its row.
"""
from __future__ import annotations

import contextlib
import io
import json
import shutil
import sqlite3

import pytest

from turnlog.engine.faces.cli import main
from reliability.common import new_game


def _tampered(tmp_path, sql: str) -> tuple[str, int]:
    g = new_game(tmp_path / "orig.db")
    g.close()
    path = tmp_path / "copy.db"
    shutil.copy(tmp_path / "orig.db", path)
    shutil.copy(str(tmp_path / "orig.db") + ".seed", str(path) + ".seed")
    conn = sqlite3.connect(path)
    for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'").fetchall():
        conn.execute(f'DROP TRIGGER "{name}"')
    conn.execute(sql)
    conn.commit()
    conn.close()
    return str(path), 5


CASES = {
    "json_truncated": "UPDATE events SET data = substr(data, 1, length(data) - 2) WHERE seq = 5",
    "type_changed": "UPDATE events SET type = 'AttritionPhaseChanged' WHERE seq = 5",
    "version_bumped": "UPDATE events SET version = version + 1 WHERE seq = 5",
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_verify_names_the_seq_of_an_unreadable_row(tmp_path, case):
    path, seq = _tampered(tmp_path, CASES[case])
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        rc = main(["verify", "--db", path, "--json"])
    assert rc == 1 and json.loads(out.getvalue())["first_bad_seq"] == seq


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_chain_alone_names_the_seq(tmp_path, case):
    from turnlog.events.log import EventLog
    path, seq = _tampered(tmp_path, CASES[case])
    log = EventLog(path)
    assert log.verify_chain()[1] == seq
    log.close()
