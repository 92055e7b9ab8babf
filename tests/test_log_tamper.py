"""A copy edited with the triggers dropped is caught by `turnlog verify` at the exact seq."""
from __future__ import annotations

import re

import pytest

from engine.commands import AddNote, TakeAttritionLosses
from engine.game import Game
from engine.verify import verify

from fixtures.backbone import cli, copy_game, rolled, table, tamper


@pytest.fixture(scope="module")
def original(tmp_path_factory):
    d = tmp_path_factory.mktemp("tamper")
    g = rolled(d / "orig.db", value=3)
    g.execute(TakeAttritionLosses(procedure="A1", units=["us-inf-1", "us-inf-2"]))
    g.execute(AddNote(text="the bridgehead is empty"))
    g.close()
    return d / "orig.db"


def seq_of(path, type_: str) -> int:
    return table(path, "SELECT min(seq) FROM events WHERE type = ?", (type_,))[0][0]


def check_both(path, bad_seq: int, why: str) -> None:
    """engine.verify and the CLI both name ``bad_seq``; the CLI exits 1."""
    with Game.open(path) as g:
        rep = verify(g)
    assert not rep.ok
    assert rep.first_bad_seq == bad_seq and rep.chain_ok_upto == bad_seq - 1
    assert why in rep.problem
    r = cli("verify", "--db", path)
    assert r.returncode == 1, r.stdout + r.stderr
    assert re.search(rf"\bseq {bad_seq}\b", r.stdout) and "NOT VERIFIED" in r.stdout
    j = cli("verify", "--db", path, "--json")
    assert j.returncode == 1 and f'"first_bad_seq":{bad_seq}' in j.stdout


def test_untouched_copy_verifies(original, tmp_path):
    path = copy_game(original, tmp_path / "copy.db")
    r = cli("verify", "--db", path)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "VERIFIED" in r.stdout and "NOT VERIFIED" not in r.stdout


def test_edited_die_roll_found_at_its_seq(original, tmp_path):
    path = copy_game(original, tmp_path / "edited.db")
    seq = seq_of(path, "DieRolled")
    tamper(path, ("UPDATE events SET data = replace(data, '\"value\":3', '\"value\":9') WHERE seq = ?", (seq,)))
    assert '"value":9' in table(path, "SELECT data FROM events WHERE seq = ?", (seq,))[0][0]
    check_both(path, seq, "edited")


def test_edited_setup_row_found_at_its_seq(original, tmp_path):
    # A unit's factors changed in the scenario's own events: the earliest kind of cheat.
    path = copy_game(original, tmp_path / "factors.db")
    seq = table(path, "SELECT seq FROM events WHERE data LIKE '%\"id\":\"ge-pz-1\"%' AND type = 'UnitPlaced'")[0][0]
    tamper(path, ("UPDATE events SET data = replace(data, '\"factors\":8', '\"factors\":18') WHERE seq = ?", (seq,)))
    check_both(path, seq, "edited")


def test_edited_metadata_column_found(original, tmp_path):
    # Marking a row automatic (or changing its version) is an edit too: the hash covers every column.
    path = copy_game(original, tmp_path / "auto.db")
    seq = seq_of(path, "AttritionLossesTaken")
    tamper(path, ("UPDATE events SET automatic = 1 - automatic WHERE seq = ?", (seq,)))
    check_both(path, seq, "edited")


def test_rehashed_edit_breaks_the_next_link(original, tmp_path):
    # A cheat who recomputes the edited row's own hash still breaks the following row's prev_hash.
    import sqlite3

    from events.log import digest_at, row_hash
    path = copy_game(original, tmp_path / "rehash.db")
    seq = seq_of(path, "DieRolled")
    seq_, cid, t, v, data, a, prev, _h, ts = table(
        path, "SELECT seq, command_id, type, version, data, automatic, prev_hash, hash, ts FROM events WHERE seq = ?",
        (seq,))[0]
    data = data.replace('"value":3', '"value":9')
    conn = sqlite3.connect(path)
    cmd = digest_at(conn, seq, cid)
    conn.close()
    tamper(path, ("UPDATE events SET data = ?, hash = ? WHERE seq = ?",
                  (data, row_hash(prev, seq, cid, t, v, a, ts, data, cmd), seq)))
    check_both(path, seq + 1, "link broken")


def test_deleted_row_found_at_its_seq(original, tmp_path):
    path = copy_game(original, tmp_path / "deleted.db")
    seq = seq_of(path, "DieRolled")
    tamper(path, ("DELETE FROM events WHERE seq = ?", (seq,)))
    check_both(path, seq, "missing")


def test_deleted_last_row_found_through_the_commands_table(original, tmp_path):
    # Truncation leaves a valid (shorter) chain; the commands table still records the span it lost.
    path = copy_game(original, tmp_path / "truncated.db")
    last = table(path, "SELECT max(seq) FROM events")[0][0]
    tamper(path, ("DELETE FROM events WHERE seq = ?", (last,)))
    with Game.open(path) as g:
        assert g.log.verify_chain() == (last - 1, None, "")
        rep = verify(g)
    assert not rep.ok and rep.discrepancy is not None and rep.discrepancy.seq == last
    r = cli("verify", "--db", path)
    assert r.returncode == 1 and f"DISCREPANCY at seq {last}" in r.stdout


def test_two_swapped_rows_found_at_the_first(original, tmp_path):
    path = copy_game(original, tmp_path / "swapped.db")
    a = seq_of(path, "UnitEliminated")
    b = a + 1
    assert table(path, "SELECT type FROM events WHERE seq = ?", (b,))[0][0] == "UnitEliminated"
    tamper(path,
           ("UPDATE events SET seq = -1 WHERE seq = ?", (a,)),
           ("UPDATE events SET seq = ? WHERE seq = ?", (a, b)),
           ("UPDATE events SET seq = ? WHERE seq = -1", (b,)))
    check_both(path, a, "link broken")


def test_swapped_contents_found_at_the_first(original, tmp_path):
    path = copy_game(original, tmp_path / "swapdata.db")
    a = seq_of(path, "UnitEliminated")
    da, db = (table(path, "SELECT data FROM events WHERE seq = ?", (s,))[0][0] for s in (a, a + 1))
    assert da != db
    tamper(path, ("UPDATE events SET data = ? WHERE seq = ?", (db, a)),
           ("UPDATE events SET data = ? WHERE seq = ?", (da, a + 1)))
    check_both(path, a, "edited")
