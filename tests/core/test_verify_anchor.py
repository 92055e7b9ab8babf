"""An anchor kept from an earlier verify catches what a chain alone cannot: cut-off tails, rehashed rewrites."""
from __future__ import annotations

import json

import pytest

from turnlog.engine.verify import anchor as A
from turnlog.engine.commands import AddNote, MoveUnit
from turnlog.engine.errors import CommandError
from turnlog.engine.verify import verify_path
from turnlog.events.log import EventLog, command_text, row_hash3

from fixtures.backbone import bridgehead, cli, copy_game, tamper


@pytest.fixture
def played(tmp_path):
    g = bridgehead(tmp_path / "g.db")
    g.execute(MoveUnit(unit="us-inf-3", hex="0502"))
    g.execute(AddNote(text="first note"))
    g.execute(AddNote(text="second note"))
    last, h = g.log.last()
    g.close()
    return tmp_path / "g.db", last, h


def test_verify_prints_the_head_to_keep(played):
    path, last, h = played
    r = cli("verify", "--db", path)
    assert r.returncode == 0 and f"head      {last}:{h[:32]}" in r.stdout


def test_the_head_as_anchor_verifies(played):
    path, last, h = played
    r = cli("verify", "--db", path, "--anchor", f"{last}:{h[:32]}", "--anchor", f"1:{_hash_at(path, 1)}")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "VERIFIED" in r.stdout and "anchor" in r.stdout


def test_cut_off_tail_fails_its_anchor_though_the_chain_holds(played, tmp_path):
    path, last, h = played
    cut = copy_game(path, tmp_path / "cut.db")
    tamper(cut, ("DELETE FROM events WHERE seq = ?", (last,)))   # the whole last command (one note row)
    with EventLog(cut) as log:
        assert log.verify_chain() == (last - 1, None, "")        # the chain alone sees nothing
    rep = verify_path(cut, anchors=[(last, h[:32])])
    assert not rep.ok and rep.stage == "anchor" and rep.first_bad_seq == last
    assert "cut off" in rep.problem
    r = cli("verify", "--db", cut, "--anchor", f"{last}:{h[:32]}")
    assert r.returncode == 1 and f"anchor    FAILED at seq {last}" in r.stdout and "NOT VERIFIED" in r.stdout


def test_rewritten_and_rehashed_history_fails_its_anchor(played, tmp_path):
    path, last, h = played
    forged = copy_game(path, tmp_path / "forged.db")
    _rewrite_last_note(forged, last, "a different note")
    with EventLog(forged) as log:
        assert log.verify_chain() == (last, None, "")             # a consistent forgery: the chain checks
    rep = verify_path(forged, anchors=[(last, h[:32])])
    assert not rep.ok and rep.stage == "anchor" and rep.first_bad_seq == last and "rewritten" in rep.problem
    j = cli("verify", "--db", forged, "--anchor", f"{last}:{h[:32]}", "--json")
    assert j.returncode == 1 and json.loads(j.stdout)["stage"] == "anchor"


@pytest.mark.parametrize("text, field", [("39", "SEQ:HASH"), ("x:abcdef12", "SEQ:HASH"), ("0:" + "ab" * 16, "seq"),
                                         ("3:abc", "hex digits"), ("3:" + "a" * 65, "hex digits")])
def test_malformed_anchor_refused_naming_the_field(text, field):
    with pytest.raises(CommandError, match="--anchor") as err:
        A.parse(text)
    assert field in str(err.value)


@pytest.mark.parametrize("digits", [8, 16, 31])
def test_an_anchor_short_enough_to_grind_is_refused_naming_the_field(played, digits):
    # 8 hex digits are 32 bits: a rewriter grinds a note's text until his rehashed row matches them.
    path, last, h = played
    with pytest.raises(CommandError, match=r"--anchor: the hash needs 32 to 64 hex digits \(at least 128 bits"):
        A.parse(f"{last}:{h[:digits]}")
    r = cli("verify", "--db", path, "--anchor", f"{last}:{h[:digits]}")
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "128 bits" in r.stderr


def test_malformed_anchor_on_the_command_line_exits_2(played):
    path, _last, _h = played
    r = cli("verify", "--db", path, "--anchor", "12")
    assert r.returncode == 2 and "--anchor" in r.stderr and "Traceback" not in r.stderr


def _hash_at(path, seq: int) -> str:
    with EventLog(path) as log:
        return dict(log.hashes())[seq]


def _rewrite_last_note(path, seq: int, text: str) -> None:
    """Edit the last note and recompute its hash, as a cheat who knows the format would."""
    with EventLog(path) as log:
        row = log.conn.execute("SELECT seq, command_id, type, version, data, automatic, hash, actor, command_type, "
                               "payload, ts, last_seq FROM events WHERE seq = ?", (seq,)).fetchone()
        prev = dict(log.hashes())[seq - 1]
    data = json.loads(row[4])
    data["text"] = text
    new = json.dumps(data, separators=(",", ":"))
    h = row_hash3(prev, seq, row[1], row[2], row[3], row[5], new,
                  command_text(row[7], row[8], row[10], row[11], row[9]))
    tamper(path, ("UPDATE events SET data = ?, hash = ? WHERE seq = ?", (new, h, seq)))
