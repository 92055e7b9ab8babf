"""A command signed with another seat's key is refused at append, and named by verify at its seq.

At append: bob's losses signed with alice's key are refused by rule `signatures` before anything is written.
In a log written by a client that skipped that check (chain intact), verify's stage `signatures` names the
row and whose key signed it.
"""
from __future__ import annotations

import pytest

from turnlog.engine import signatures as SG
from turnlog.engine.errors import RuleViolation
from turnlog.engine.verify import verify_path

from signed_position import SIGNERS, command_seqs, played, signed, steps


def test_another_seats_key_is_refused_before_anything_is_written(tmp_path):
    g = played(tmp_path, upto=2)
    actor, losses = steps(g)[2]
    last = g.log.last()
    with pytest.raises(RuleViolation) as err:
        g.execute(losses, actor=actor, signer=SIGNERS["alice"])
    assert err.value.rule == "signatures"
    assert "the key given is alice's key, not bob's" in err.value.message
    assert g.log.last() == last and g.state == g.at()


def test_a_key_not_in_the_game_is_refused(tmp_path):
    g = signed(tmp_path)
    actor, begin = steps(g)[0]
    stranger = SG.Signer(b"\x09" * 32)
    with pytest.raises(RuleViolation, match="a key not registered in this game, not alice's"):
        g.execute(begin, actor=actor, signer=stranger)
    assert len(g.log.commands()) == 1


def test_verify_names_a_row_signed_with_the_wrong_seats_key(tmp_path, monkeypatch):
    # A client that skips the key check: it signs bob's losses with alice's key.
    monkeypatch.setattr(SG, "signer_for", lambda keys, actor, signer: signer)
    g = signed(tmp_path)
    for i, (actor, cmd) in enumerate(steps(g)):
        g.execute(cmd, actor=actor, signer=SIGNERS["alice" if i == 2 else actor])
    bad = next(s for s, (a, t) in command_seqs(g).items() if t == "TakeAttritionLosses")
    g.close()
    monkeypatch.undo()
    rep = verify_path(g.log.path)
    assert not rep.ok and rep.stage == "signatures" and rep.first_bad_seq == bad
    assert f"seq {bad}: command 4 (TakeAttritionLosses) by bob: it is signed with alice's key, not bob's" \
        == rep.problem
    assert rep.chain_ok_upto == rep.events                       # the chain alone cannot tell
