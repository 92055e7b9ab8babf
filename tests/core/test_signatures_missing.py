"""In a signed game a command without its issuer's signature is refused before anything is
written (execute, undo, redo), and a row without one in a log written by a client that skipped the check
is named by verify at its seq."""
from __future__ import annotations

import pytest

from turnlog.engine import signatures as SG
from turnlog.engine.errors import RuleViolation
from turnlog.engine.verify import verify_path

from signed_position import command_seqs, played, signed, steps


def test_a_command_without_a_signer_is_refused_naming_the_rule(tmp_path):
    g = signed(tmp_path)
    actor, begin = steps(g)[0]
    last = g.log.last()
    with pytest.raises(RuleViolation) as err:
        g.execute(begin, actor=actor)
    assert err.value.rule == "signatures" and "alice's command needs alice's private key" in err.value.message
    assert g.log.last() == last and g.state == g.at()


def test_an_actor_without_a_key_is_refused(tmp_path):
    g = played(tmp_path, upto=1)
    with pytest.raises(RuleViolation) as err:
        g.execute({"type": "AddNote", "text": "hi"}, actor="")
    assert err.value.rule in ("seats.notes", "signatures")     # the seat check comes first


def test_undo_and_redo_without_a_signer_are_refused(tmp_path):
    g = played(tmp_path, upto=1)
    last = g.log.last()
    for call in (lambda: g.undo(actor="alice"), lambda: g.execute({"type": "Undo"}, actor="alice")):
        with pytest.raises(RuleViolation, match="needs alice's private key"):
            call()
    assert g.log.last() == last


def test_verify_names_a_command_stored_without_a_signature(tmp_path, monkeypatch):
    monkeypatch.setattr(SG, "signer_for", lambda keys, actor, signer: signer)   # a client that skips the check
    g = played(tmp_path, upto=2)
    actor, losses = steps(g)[2]
    g.execute(losses, actor=actor)                                              # no signer: stored unsigned
    bad = max(command_seqs(g))
    g.close()
    monkeypatch.undo()
    rep = verify_path(g.log.path)
    assert not rep.ok and rep.stage == "signatures" and rep.first_bad_seq == bad
    assert rep.problem == f"seq {bad}: command 4 (TakeAttritionLosses) by bob carries no signature"
    assert rep.signatures_checked == 2
