"""A signature fits one game: the signed text names the game's identity, and a fork has an identity of its own.

Given a signed game and a what-if fork of it (the same tail hash at the cut), when a command signed in the
fork is appended to the original through the log's own append (chain intact), then verify names its seq
(stage `signatures`). A fork's own ForkGame row gives it the new identity; the original's rows are untouched.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import msgspec
import pytest

from turnlog.engine import commands as c
from turnlog.engine import identity as ID
from turnlog.engine import signatures as SG
from turnlog.engine.commands import ForkGame
from turnlog.engine.errors import RuleViolation
from turnlog.engine.game import Game
from turnlog.engine.verify import verify_path
from turnlog.events.codec import encode
from turnlog.events.game import GameForked

from signed_position import SIGNERS, played, steps

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def graft(original: Game, fork: Game) -> int:
    """The rogue: append the fork's last command to the original, with the fork's signature, chain intact."""
    _cid, actor, ctype, payload, _ts, first, last = fork.log.commands()[-1]
    sig = fork.log.conn.execute("SELECT signature FROM events WHERE seq = ?", (first,)).fetchone()[0]
    rows = [(t, v, d, bool(a)) for _s, _c, t, v, d, a in fork.log.rows(first, last)]
    seq = original.log.last()[0]
    _cid, seqs = original.log.append(rows, expected_seq=seq, actor=actor, command_type=ctype, payload=payload,
                                     sign=lambda prev: sig)
    return seqs[0]


def test_verify_names_a_command_signed_in_a_fork_and_appended_to_the_original(tmp_path):
    g = played(tmp_path, upto=2)
    with g.fork(g.state.seq, tmp_path / "whatif.db") as f:
        actor, cmd = steps(f)[2]                       # bob takes the losses in the what-if
        f.execute(cmd, actor=actor, signer=SIGNERS[actor])
        assert verify_path(f.log.path).ok
        seq = graft(g, f)
    g.close()
    rep = verify_path(g.log.path)
    assert rep.chain_ok_upto == rep.events
    assert not rep.ok and rep.stage == "signatures" and rep.first_bad_seq == seq
    assert "does not verify under bob's key" in rep.problem


def test_the_signed_text_names_the_game(tmp_path):
    g = played(tmp_path, upto=1)
    created = g.events(1, 1)[0][1]
    assert ID.is_id(created.game_id) and g.state.game_id == created.game_id
    (_seq, _cid, actor, ctype, payload, sig, prev), = list(g.log.command_signatures())[1:]
    assert SG.valid(SIGNERS[actor].public, SG.message(prev, actor, ctype, payload, created.game_id), sig)
    assert not SG.valid(SIGNERS[actor].public, SG.message(prev, actor, ctype, payload), sig)
    assert not SG.valid(SIGNERS[actor].public, SG.message(prev, actor, ctype, payload, ID.new_id()), sig)
    g.close()


def test_each_new_game_draws_its_own_identity(tmp_path):
    (tmp_path / "a").mkdir(), (tmp_path / "b").mkdir()
    with played(tmp_path / "a", upto=0) as a, played(tmp_path / "b", upto=0) as b:
        assert a.state.game_id != b.state.game_id


def test_a_fork_has_an_identity_of_its_own_and_verifies(tmp_path):
    g = played(tmp_path, upto=2)
    cut = g.state.seq
    with g.fork(cut, tmp_path / "whatif.db") as f:
        _cid, _actor, ctype, payload = f.log.commands()[-1][:4]
        nonce = msgspec.json.decode(payload)["nonce"]
        assert ctype == "ForkGame" and f.state.game_id == ID.forked_id(g.state.game_id, nonce)
        ev = f.events(cut + 1, cut + 1)[0][1]
        assert (ev.forked_from, ev.at_seq) == (g.state.game_id, cut)
        actor, cmd = steps(f)[2]
        f.execute(cmd, actor=actor, signer=SIGNERS[actor])
    rep = verify_path(tmp_path / "whatif.db")
    assert rep.ok and rep.signatures_checked == 3
    assert rep.game_id == ev.game_id and rep.forks == [f"{cut + 1} {g.state.game_id} {ev.game_id}"]
    assert verify_path(g.log.path).forks is msgspec.UNSET
    g.close()


def test_a_fork_row_is_never_played(tmp_path):
    with played(tmp_path, upto=1) as g:
        last = g.log.last()
        with pytest.raises(RuleViolation) as err:
            g.execute(ForkGame(nonce=ID.new_id()), actor="alice", signer=SIGNERS["alice"])
        assert err.value.rule == "fork" and g.log.last() == last


def test_a_fork_of_a_game_signed_before_identities_signs_with_the_forks(tmp_path):
    for f in FIXTURES.glob("signed_v1.db*"):
        shutil.copyfile(f, tmp_path / f.name)
    with Game.open(tmp_path / "signed_v1.db") as g:
        assert g.state.game_id == ""
        cut = max(r[6] for r in g.log.commands() if r[2] == "TakeAttritionLosses")
        with g.fork(cut, tmp_path / "whatif.db") as f:
            assert ID.is_id(f.state.game_id)
            f.execute(steps(f)[3][1], actor="alice", signer=SIGNERS["alice"])
            _seq, _cid, actor, ctype, payload, sig, prev = list(f.log.command_signatures())[-1]
            assert SG.valid(SIGNERS[actor].public, SG.message(prev, actor, ctype, payload, f.state.game_id), sig)
    rep = verify_path(tmp_path / "whatif.db")
    assert rep.ok, rep.problem
    assert verify_path(tmp_path / "signed_v1.db").ok  # the original, untouched, still signs without one


def test_verify_names_a_fork_row_whose_identity_its_nonce_does_not_give(tmp_path):
    # A rogue client appends a ForkGame that takes back the original's identity (so that shares and
    # signatures made for the original would fit after it): re-execution derives another one.
    g = played(tmp_path, upto=2)
    original, seq = g.state.game_id, g.log.last()[0]
    cmd = ForkGame(nonce=ID.new_id())
    ev = GameForked(game_id=original, forked_from=original, at_seq=seq)
    _cid, seqs = g.log.append([("GameForked", ev.version, encode(ev).decode(), False)], expected_seq=seq,
                              command_type="ForkGame", payload=c.encode(cmd).decode())
    g.close()
    rep = verify_path(g.log.path)
    assert rep.chain_ok_upto == rep.events
    assert not rep.ok and rep.discrepancy is not None and rep.discrepancy.seq == seqs[0]
