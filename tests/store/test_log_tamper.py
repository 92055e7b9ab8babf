"""A copy edited with the triggers dropped is caught by `turnlog verify` at the exact seq.

Checked on log format 3 (new games), format 4 (signed games: format 3 with a signature column)
and format 2 (older files, still appended
to) wherever the finding is the same; where the formats part (a link column,
a commands table), each has its own test.
"""
from __future__ import annotations

import re
import sqlite3

import pytest

from turnlog.engine.commands import AddNote, TakeAttritionLosses
from turnlog.engine.game import Game
from turnlog.engine.verify import verify
from turnlog.events.log import command_text, digest_at, row_hash, row_hash3

from fixtures.backbone import cli, copy_game, rolled, table, tamper


@pytest.fixture(scope="module")
def originals(tmp_path_factory):
    """``originals(fmt)``: a game of that log format, built once per module.

    Commands: 1 setup (seq 1-23), 2 BeginAttrition (24-26), 3 RollAttritionDie
    (27-29), 4 TakeAttritionLosses (30-34), 5 AddNote (35, a single event).
    """
    made = {}

    def get(fmt: int):
        if fmt not in made:
            d = tmp_path_factory.mktemp(f"tamper{fmt}")
            g = rolled(d / "orig.db", value=3, log_format=fmt)
            g.execute(TakeAttritionLosses(procedure="A1", units=["us-inf-1", "us-inf-2"]))
            g.execute(AddNote(text="the bridgehead is empty"))
            g.close()
            made[fmt] = d / "orig.db"
        return made[fmt]
    return get


@pytest.fixture(params=[2, 3, 4], ids=["format2", "format3", "format4"])
def original(request, originals):
    return originals(request.param)


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


def test_rehashed_edit_breaks_the_next_link_in_format_2(originals, tmp_path):
    # A cheat who recomputes the edited row's own hash still breaks the following row's prev_hash.
    path = copy_game(originals(2), tmp_path / "rehash.db")
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


def test_rehashed_edit_breaks_the_next_rows_hash_in_format_3(originals, tmp_path):
    # Format 3 has no link column: the next row's hash covers the previous hash, so it no longer matches.
    path = copy_game(originals(3), tmp_path / "rehash.db")
    seq = seq_of(path, "DieRolled")
    cid, t, v, data, a, actor, ctype, payload, ts, last = table(
        path, "SELECT command_id, type, version, data, automatic, actor, command_type, payload, ts, last_seq "
              "FROM events WHERE seq = ?", (seq,))[0]
    (prev,), = table(path, "SELECT hash FROM events WHERE seq = ?", (seq - 1,))
    assert ctype == "RollAttritionDie"  # the roll opens its command: the cheat rehashes the command's columns too
    data = data.replace('"value":3', '"value":9')
    tamper(path, ("UPDATE events SET data = ?, hash = ? WHERE seq = ?",
                  (data, row_hash3(prev, seq, cid, t, v, a, data, command_text(actor, ctype, ts, last, payload)), seq)))
    check_both(path, seq + 1, "does not match its hash")


def test_deleted_row_found_at_its_seq(original, tmp_path):
    path = copy_game(original, tmp_path / "deleted.db")
    seq = seq_of(path, "DieRolled")
    tamper(path, ("DELETE FROM events WHERE seq = ?", (seq,)))
    check_both(path, seq, "missing")


def test_deleted_last_row_found_through_the_commands_table_in_format_2(originals, tmp_path):
    # Truncation leaves a valid (shorter) chain; the commands table still records the span it lost.
    path = copy_game(originals(2), tmp_path / "truncated.db")
    last = table(path, "SELECT max(seq) FROM events")[0][0]
    tamper(path, ("DELETE FROM events WHERE seq = ?", (last,)))
    with Game.open(path) as g:
        assert g.log.verify_chain() == (last - 1, None, "")
        rep = verify(g)
    assert not rep.ok and rep.discrepancy is not None and rep.discrepancy.seq == last
    r = cli("verify", "--db", path)
    assert r.returncode == 1 and f"DISCREPANCY at seq {last}" in r.stdout


def test_rows_cut_from_a_commands_end_found_by_the_chain_in_format_3(originals, tmp_path):
    # The command's first row records its last seq (and is hashed with it), so the cut is named by the chain.
    path = copy_game(originals(3), tmp_path / "cut.db")
    first, last = table(path, "SELECT first_seq, last_seq FROM commands WHERE type = 'TakeAttritionLosses'")[0]
    assert last - first >= 2
    tamper(path, ("DELETE FROM events WHERE seq >= ?", (last - 1,)))  # its last two rows and the note after it
    with Game.open(path) as g:
        assert g.log.verify_chain()[1:] == (last - 1, f"seq {last - 1} is missing (command 4 claims rows up to "
                                                      f"seq {last})")
    check_both(path, last - 1, "missing")


def test_deleted_trailing_single_event_command_is_invisible_in_format_3(originals, tmp_path):
    # Documented, accepted limit: format 3 keeps a command's columns on its first row, so deleting a whole
    # trailing command deletes every trace of it and leaves a valid, shorter game (format 2's leftover
    # commands row used to reveal it). Only a head kept outside the file tells: `verify --anchor SEQ:HASH`
    # (tests/core/test_verify_anchor.py). Pinned so that a change in what the file alone shows is noticed.
    path = copy_game(originals(3), tmp_path / "truncated.db")
    last = table(path, "SELECT max(seq) FROM events")[0][0]
    (head,), = table(path, "SELECT hash FROM events WHERE seq = ?", (last,))
    assert table(path, "SELECT first_seq, last_seq FROM commands ORDER BY id DESC LIMIT 1") == [(last, last)]
    tamper(path, ("DELETE FROM events WHERE seq = ?", (last,)))
    with Game.open(path) as g:
        assert g.log.verify_chain() == (last - 1, None, "")
        assert verify(g).ok and len(g.log.commands()) == 4
    r = cli("verify", "--db", path)
    assert r.returncode == 0 and "NOT VERIFIED" not in r.stdout
    r = cli("verify", "--db", path, "--anchor", f"{last}:{head[:32]}")  # the head kept before the cut
    assert r.returncode == 1 and f"anchor    FAILED at seq {last}" in r.stdout


TWO_SWAPPED = {2: "link broken", 3: "belongs to no command"}


@pytest.mark.parametrize("fmt", [2, 3], ids=["format2", "format3"])
def test_two_swapped_rows_found_at_the_first(originals, tmp_path, fmt):
    path = copy_game(originals(fmt), tmp_path / "swapped.db")
    a = seq_of(path, "UnitEliminated")
    b = a + 1
    assert table(path, "SELECT type FROM events WHERE seq = ?", (b,))[0][0] == "UnitEliminated"
    tamper(path,
           ("UPDATE events SET seq = -1 WHERE seq = ?", (a,)),
           ("UPDATE events SET seq = ? WHERE seq = ?", (a, b)),
           ("UPDATE events SET seq = ? WHERE seq = -1", (b,)))
    # Format 3: seq a opens command 4, so its command columns moved to b with the swapped row.
    check_both(path, a, TWO_SWAPPED[fmt])


def test_two_swapped_rows_inside_a_command_found_at_the_first_in_format_3(originals, tmp_path):
    # Neither row opens a command: only the hash (over the seq) tells them apart.
    path = copy_game(originals(3), tmp_path / "swapped.db")
    a = seq_of(path, "UnitEliminated") + 1
    assert table(path, "SELECT command_type FROM events WHERE seq IN (?, ?)", (a, a + 1)) == [(None,), (None,)]
    tamper(path,
           ("UPDATE events SET seq = -1 WHERE seq = ?", (a,)),
           ("UPDATE events SET seq = ? WHERE seq = ?", (a, a + 1)),
           ("UPDATE events SET seq = ? WHERE seq = -1", (a + 1,)))
    check_both(path, a, "does not match its hash")


def test_swapped_contents_found_at_the_first(original, tmp_path):
    path = copy_game(original, tmp_path / "swapdata.db")
    a = seq_of(path, "UnitEliminated")
    da, db = (table(path, "SELECT data FROM events WHERE seq = ?", (s,))[0][0] for s in (a, a + 1))
    assert da != db
    tamper(path, ("UPDATE events SET data = ? WHERE seq = ?", (db, a)),
           ("UPDATE events SET data = ? WHERE seq = ?", (da, a + 1)))
    check_both(path, a, "edited")
