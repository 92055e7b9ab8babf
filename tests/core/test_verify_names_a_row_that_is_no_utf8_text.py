"""verify names a row whose text was replaced by bytes that are no UTF-8, as a broken chain at its seq.

Given a game file whose row 5 was edited outside the engine (the append-only trigger dropped, bytes
written that no UTF-8 reader decodes), when it is verified, in one pass or in ranges, then the report
says NOT VERIFIED, chain broken at seq 5, naming the column; the command line prints it (exit 1).
"""
from __future__ import annotations

import sqlite3

from turnlog.engine import scenario as S
from turnlog.engine.game import Game
from turnlog.engine.verify import ranges, verify_path

from fixtures.backbone import cli
from ranges_spy import settled_by_ranges


def _edited(path, seq: int) -> None:
    conn = sqlite3.connect(path)
    conn.execute("DROP TRIGGER IF EXISTS events_append_only_update")
    conn.execute("UPDATE events SET data = CAST(X'7B22E2FF22' AS TEXT) WHERE seq = ?", (seq,))
    conn.commit()
    conn.close()


def test_a_row_that_is_no_utf8_text_is_named_at_its_seq(tmp_path):
    Game.create(tmp_path / "g.db", S.load("bridgehead-14-65")).close()
    _edited(tmp_path / "g.db", 5)
    rep = verify_path(tmp_path / "g.db")
    assert not rep.ok and rep.stage == "chain" and rep.first_bad_seq == 5 and rep.chain_ok_upto == 4
    assert "data" in rep.problem and "UTF-8" in rep.problem
    assert rep.events == 23 and rep.commands == 1
    r = cli("verify", "--db", tmp_path / "g.db")
    assert r.returncode == 1 and "BROKEN at seq 5" in r.stdout and "Traceback" not in r.stderr


def test_reading_commands_say_the_file_was_edited_not_that_a_write_was_refused(tmp_path):
    Game.create(tmp_path / "g.db", S.load("bridgehead-14-65")).close()
    _edited(tmp_path / "g.db", 5)
    r = cli("log", "--db", tmp_path / "g.db")
    assert r.returncode != 0 and "Traceback" not in r.stderr
    assert "no UTF-8 text" in r.stderr and "turnlog verify" in r.stderr
    assert "refused the write" not in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_a_row_that_is_no_utf8_text_is_named_when_verified_in_ranges(tmp_path, monkeypatch):
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    from benchmarks import cases, gen
    settled = settled_by_ranges(monkeypatch)
    monkeypatch.setenv(ranges.WORKERS_ENV, "2")
    batch, _ = gen.game(gen.scenario(60, seed=2), 3000, seed=2, turn_events=150, commands=True)
    log = cases.bulk_import(tmp_path / "g.db", batch)
    cases.write_snapshots(log)
    log.close()
    _edited(tmp_path / "g.db", 2900)
    rep = verify_path(tmp_path / "g.db")
    assert not rep.ok and rep.stage == "chain" and rep.first_bad_seq == 2900
    assert settled == [False]  # the ranges met the row and left it to the one pass, which names it


def test_a_trigger_that_words_its_abort_as_a_decoding_error_is_not_taken_for_one():
    """A hostile file's trigger may ABORT with any words; its error carries SQLite's code."""
    from turnlog.engine.errors import not_text, sqlite_failure
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE t (x)")
    conn.execute("CREATE TRIGGER lie BEFORE INSERT ON t BEGIN "
                 "SELECT RAISE(ABORT, 'Could not decode to UTF-8 column x'); END")
    try:
        conn.execute("INSERT INTO t VALUES (1)")
    except sqlite3.Error as err:
        assert not not_text(err) and "refused the write" in sqlite_failure(err)
    else:
        raise AssertionError("the trigger did not abort")
