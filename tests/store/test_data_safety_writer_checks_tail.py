"""A writer refuses to append to a log whose tail does not verify, naming the seq.

Before its first append a writer re-checks the file's size (whole pages) and the chain of the last
rows (EventLog.tail_problem, Game._write). Reading commands still work; `verify` names the same seq.
"""
from __future__ import annotations

import hashlib
import json
import os
import sqlite3

import pytest

from turnlog.engine.commands import MarkAirdropped
from turnlog.engine.game import Game
from turnlog.events.log import LogError

from fixtures.backbone import SEED, bridgehead, cli

NOTE = {"type": "AddNote", "text": "after the damage"}


@pytest.fixture
def game(tmp_path):
    """A closed bridgehead game whose last command (seq 24) is a note."""
    g = bridgehead(tmp_path / "g.db")
    g.execute({"type": "AddNote", "text": "one"})
    assert g.state.seq == 24
    g.close()
    return tmp_path / "g.db"


def cut_one_byte(db):
    os.truncate(db, os.path.getsize(db) - 1)


def insert_wrong_hash(db):
    conn = sqlite3.connect(db)  # the right seq: the append-only trigger lets it through
    row = list(conn.execute("SELECT * FROM events WHERE seq = 24").fetchone())
    row[0], row[1], row[6], row[11] = 25, row[1] + 1, "0" * 64, 25
    conn.execute(f"INSERT INTO events VALUES ({', '.join('?' * len(row))})", row)
    conn.commit()
    conn.close()
    return 25


def insert_with_triggers_dropped(db):
    conn = sqlite3.connect(db)
    conn.execute("DROP TRIGGER events_append_only_insert")
    row = list(conn.execute("SELECT * FROM events WHERE seq = 24").fetchone())
    row[0], row[1], row[6], row[11] = 25, row[1] + 1, hashlib.sha256(b"forged").hexdigest(), 25
    conn.execute(f"INSERT INTO events VALUES ({', '.join('?' * len(row))})", row)
    conn.commit()
    conn.close()
    return 25


def edit_by_hand(db):
    conn = sqlite3.connect(db)
    conn.execute("DROP TRIGGER events_append_only_update")
    conn.execute("UPDATE events SET data = replace(data, 'one', 'two') WHERE seq = 24")
    conn.commit()
    conn.close()
    return 24


DAMAGE = {"cut by one byte": cut_one_byte, "row inserted with a wrong hash": insert_wrong_hash,
          "row inserted, triggers dropped": insert_with_triggers_dropped, "row edited by hand": edit_by_hand}


def rows(db):
    conn = sqlite3.connect(db)
    try:
        return conn.execute("SELECT seq, hash FROM events ORDER BY seq").fetchall()
    finally:
        conn.close()


@pytest.mark.parametrize("damage", DAMAGE)
def test_play_refuses_to_append_naming_the_seq_and_writes_nothing(game, tmp_path, damage):
    bad = DAMAGE[damage](game)
    before = rows(game) if damage != "cut by one byte" else None
    size = os.path.getsize(game)
    script = tmp_path / "note.jsonl"
    script.write_text(json.dumps(NOTE) + "\n")
    r = cli("play", "--db", game, script)
    assert r.returncode == 1 and "Traceback" not in r.stderr, r.stderr
    seq = bad or 24
    assert f"refusing to append: the log does not verify at seq {seq}" in r.stderr, r.stderr
    if before is not None:
        assert rows(game) == before
    else:
        assert os.path.getsize(game) == size
    assert cli("log", "--db", game).returncode == 0  # reading still works
    assert cli("show", "--db", game).returncode == 0
    v = cli("verify", "--db", game)
    assert v.returncode == 1 and "NOT VERIFIED" in v.stdout
    if bad:
        assert f"altered at seq {bad}" in v.stdout, v.stdout


@pytest.mark.parametrize("method", ["execute", "undo", "redo"])
def test_a_game_object_opened_before_the_damage_refuses_too(tmp_path, method):
    g = bridgehead(tmp_path / "u.db")
    g.execute(MarkAirdropped(unit="us-inf-3", from_hex="0502"))  # undoable; no open attrition reads it
    if method == "redo":
        g.undo()
    g.execute({"type": "AddNote", "text": "one"})
    last = g.state.seq
    g.close()
    g = Game.open(tmp_path / "u.db", seed=SEED)
    conn = sqlite3.connect(tmp_path / "u.db")
    conn.execute("DROP TRIGGER events_append_only_update")
    conn.execute("UPDATE events SET data = replace(data, 'one', 'two') WHERE seq = ?", (last,))
    conn.commit()
    conn.close()
    with pytest.raises(LogError, match=f"does not verify at seq {last}"):
        {"execute": lambda: g.execute(NOTE), "undo": g.undo, "redo": g.redo}[method]()
    assert g.log.last()[0] == last and g.state == g.at()
    g.close()


def test_an_intact_log_is_appended_to_as_before(game):
    with Game.open(game, seed=SEED) as g:
        g.execute(MarkAirdropped(unit="us-inf-3", from_hex="0502"))
        g.undo()
        g.redo()
        g.execute(NOTE)
    assert cli("verify", "--db", game).returncode == 0


def test_a_row_edited_into_no_event_is_named_not_a_traceback(game, tmp_path):
    conn = sqlite3.connect(game)
    conn.execute("DROP TRIGGER events_append_only_update")
    conn.execute("""UPDATE events SET data = replace(data, '"', ' "') WHERE seq = 24""")
    conn.commit()
    conn.close()
    script = tmp_path / "note.jsonl"
    script.write_text(json.dumps(NOTE) + "\n")
    for args in (("log",), ("show",), ("play", script)):
        r = cli(args[0], "--db", game, *args[1:])
        assert r.returncode == 1 and "Traceback" not in r.stderr, r.stderr
        assert "the event at seq 24 cannot be read as a NoteAdded" in r.stderr
    v = cli("verify", "--db", game)
    assert v.returncode == 1 and "altered at seq 24" in v.stdout
    assert len(rows(game)) == 24
