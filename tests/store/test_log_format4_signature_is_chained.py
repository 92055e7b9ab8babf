"""Log format 4 (signed games) hashes each command's signature with its row: a signature edited, removed or
put on a row that is no command's first, in place and without rebuilding the chain, is named by the chain
check at its seq. A fork copies the rows verbatim and still verifies, signatures and all."""
from __future__ import annotations

import pytest

from turnlog.engine.game import Game
from turnlog.engine.verify import verify_path
from turnlog.events.log import EventLog

from fixtures.backbone import tamper
from signed_position import SIGNERS, command_seqs, played


@pytest.fixture
def game(tmp_path):
    g = played(tmp_path, upto=3)
    seqs = sorted(command_seqs(g))
    g.close()
    return g.log.path, seqs


@pytest.mark.parametrize("value", ["ab" * 64, None], ids=["replaced", "removed"])
def test_a_signature_edited_in_place_breaks_the_chain(game, value):
    path, seqs = game
    tamper(path, ("UPDATE events SET signature = ? WHERE seq = ?", (value, seqs[2])))
    rep = verify_path(path)
    assert not rep.ok and rep.stage == "chain" and rep.first_bad_seq == seqs[2]
    assert "its command's columns or the row was edited" in rep.problem


def test_a_signature_on_a_row_that_is_no_commands_first_breaks_the_chain(game):
    path, seqs = game
    tamper(path, ("UPDATE events SET signature = ? WHERE seq = ?", ("ab" * 64, seqs[1] + 1)))
    rep = verify_path(path)
    assert not rep.ok and rep.stage == "chain" and rep.first_bad_seq == seqs[1] + 1
    assert "row belongs to no command" in rep.problem


def test_a_fork_keeps_the_signatures_and_verifies(game, tmp_path):
    path, seqs = game
    with Game.open(path) as g, g.fork(seqs[3] - 1, tmp_path / "fork.db") as f:
        assert f.log.format == 4
        assert f.log.conn.execute("SELECT signature FROM events WHERE seq = ?", (seqs[1],)).fetchone() == \
            g.log.conn.execute("SELECT signature FROM events WHERE seq = ?", (seqs[1],)).fetchone()
    rep = verify_path(tmp_path / "fork.db")
    assert rep.ok and rep.signatures_checked == 2


def test_the_log_refuses_a_signature_in_an_older_format(tmp_path):
    log = EventLog(tmp_path / "g.db", create=True)
    with pytest.raises(ValueError, match="log format 3 stores no signature"):
        log.append([("NoteAdded", 1, "{}", False)], expected_seq=0, sign=lambda prev: SIGNERS["alice"].sign(b""))
    log.close()
