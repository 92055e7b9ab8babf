"""Undo, redo, notes and the reveal are commands, signed like any other: each needs its issuer's
key, and verify checks their signatures with the rest. A game's `signers` sign for their actors by default."""
from __future__ import annotations

import pytest

from turnlog.engine.errors import RuleViolation
from turnlog.engine.verify import verify_path

from signed_position import SIGNERS, command_seqs, played, signed


def test_undo_redo_note_and_reveal_are_signed_and_verify(tmp_path):
    g = signed(tmp_path)   # a command that makes no roll due: undone by its issuer alone
    g.execute({"type": "StartPhase", "phase": "supply"}, actor="alice", signer=SIGNERS["alice"])
    g.undo(actor="alice", signer=SIGNERS["alice"])
    g.redo(actor="alice", signer=SIGNERS["alice"])
    g.execute({"type": "AddNote", "text": "bob was here"}, actor="bob", signer=SIGNERS["bob"])
    g.signers["carol"] = SIGNERS["carol"]                          # held by the game: no signer= needed
    g.execute({"type": "RevealSeed"}, actor="carol")
    types = [t for _a, t in command_seqs(g).values()]
    assert types == ["LoadScenario", "StartPhase", "Undo", "Redo", "AddNote", "RevealSeed"]
    sigs = g.log.conn.execute("SELECT count(*) FROM events WHERE length(signature) = 128").fetchone()[0]
    assert sigs == 5
    g.close()
    rep = verify_path(g.log.path)
    assert rep.ok and rep.signatures_checked == 5, rep


def test_an_undo_with_another_seats_key_is_refused(tmp_path):
    g = played(tmp_path, upto=1)
    last = g.log.last()
    with pytest.raises(RuleViolation, match="the key given is bob's key, not alice's"):
        g.undo(actor="alice", signer=SIGNERS["bob"])
    with pytest.raises(RuleViolation, match="the key given is carol's key, not bob's"):
        g.execute({"type": "AddNote", "text": "x"}, actor="bob", signer=SIGNERS["carol"])
    assert g.log.last() == last
