"""Tamper-harness find: verify raises when the truncated tail was an Undo.

engine/verify/reexec.py run handled an Undo command by ``state = game.at(last)``
with the command's recorded last_seq; if the log was cut inside that command,
Game.at raised CommandError ("seq: N is outside the log") out of verify(), and
`turnlog verify` exited 2 with that message instead of naming the missing seq.

Format 2 (a commands table): verify must name the missing seq from the span the
commands row still records. Format 3 keeps the span on the command's first row
and hashes it, so a cut inside a command is named by the chain itself; an Undo
is a single row, though, so cutting it removes the whole command, which only an
anchor kept outside the file can tell (tests/core/test_verify_anchor.py).
"""
from __future__ import annotations

import sqlite3

import pytest

from turnlog.engine import commands as c
from turnlog.engine.game import Game
from turnlog.engine.verify import verify, verify_path
from turnlog.events.codec import encode
from turnlog.events.game import CommandUndone

from fixtures.backbone import SEED, bridgehead, cli


def cut_last_row(path) -> None:
    conn = sqlite3.connect(path)
    for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'").fetchall():
        conn.execute(f'DROP TRIGGER "{name}"')
    conn.execute("DELETE FROM events WHERE seq = (SELECT max(seq) FROM events)")
    conn.commit()
    conn.close()


def undone(path, fmt: int) -> tuple:
    """A game (of ``fmt``) that moved a unit and undid it, its last row (the Undo) cut.

    Returns (path, the cut seq, the hash that row had: the head a player would have kept).
    """
    g = bridgehead(path, log_format=fmt)
    g.execute(c.MoveUnit(unit="us-inf-3", hex="0502"))
    g.undo()
    last, head = g.log.last()
    _cid, _actor, ctype, _payload, _ts, first, end = g.log.commands()[-1]
    assert (ctype, first, end) == ("Undo", last, last)  # the Undo is one row: cutting it cuts the whole command
    g.close()
    cut_last_row(path)
    return path, last, head


@pytest.fixture
def truncated(tmp_path):
    return undone(tmp_path / "g.db", 2)[:2]


def test_verify_reports_a_truncated_undo_in_format_2(truncated):
    path, missing = truncated
    with Game.open(path, seed=SEED) as g:
        rep = verify(g)
    assert not rep.ok and (rep.first_bad_seq == missing or (rep.discrepancy and rep.discrepancy.seq == missing))


def test_the_chain_alone_cannot_see_it_in_format_2(truncated):
    path, missing = truncated
    with Game.open(path, seed=SEED) as g:
        assert g.log.verify_chain() == (missing - 1, None, "")


def test_a_whole_undo_cut_in_format_3_needs_an_anchor(tmp_path):
    # Documented, accepted limit: the Undo's only row carried its command, so nothing in the file is left
    # to show the cut. Pinned with the anchor that does show it.
    path, missing, head = undone(tmp_path / "g.db", 3)
    with Game.open(path, seed=SEED) as g:
        assert g.log.verify_chain() == (missing - 1, None, "")
        assert verify(g).ok
    rep = verify_path(path, anchors=[(missing, head[:16])])
    assert not rep.ok and rep.stage == "anchor" and rep.first_bad_seq == missing and "cut off" in rep.problem


def test_an_undo_cut_inside_its_span_is_named_by_the_chain_in_format_3(tmp_path):
    # A two-row Undo (as a cheat's own program could append it) cut after its first row: the first row
    # still claims the second, and is hashed with that claim.
    g = bridgehead(tmp_path / "g.db")
    g.execute(c.MoveUnit(unit="us-inf-3", hex="0502"))
    ev = CommandUndone(command_id=2)
    row = (type(ev).__name__, ev.version, encode(ev).decode(), False)
    _cid, seqs = g.log.append([row, row], expected_seq=g.log.last()[0], command_type="Undo",
                              payload='{"type":"Undo"}')
    g.close()
    cut_last_row(tmp_path / "g.db")
    missing = seqs[-1]
    rep = verify_path(tmp_path / "g.db")
    assert not rep.ok and rep.stage == "chain" and rep.first_bad_seq == missing
    assert f"claims rows up to seq {missing}" in rep.problem
    r = cli("verify", "--db", tmp_path / "g.db")
    assert r.returncode == 1 and f"BROKEN at seq {missing}" in r.stdout and "Traceback" not in r.stderr
