"""A fork's identity row is the one `turnlog fork` writes at its cut: verify names any other.

Given a signed, seated game, when a rogue client appends a ForkGame through the log's own append
(chain intact) that a fork never writes (issued and signed by a player, signed at all, with a payload
or an identity the fork command does not give), then verify names its seq. The row a fork writes
(no actor, unsigned, the identity derived from the one in force and the nonce) is a fork's cut: a
file holding it is a fork by its bytes, and verify reports its cut (docs/reliability.md section 9).
"""

from __future__ import annotations

import msgspec
import pytest

from turnlog.engine import commands as c
from turnlog.engine import identity as ID
from turnlog.engine.faces.verify_report import text
from turnlog.engine.verify import verify_path
from turnlog.events.game import GameForked

import rogue_rows as rogue
from signed_position import SIGNERS, played


def _fork_row(g, nonce: str, **changed) -> tuple[str, str]:
    """The payload and GameForked a fork at the tail would write, with ``changed`` fields."""
    ev = ID.forked(g.state, nonce)[0]
    return c.encode(c.ForkGame(nonce=nonce)).decode(), msgspec.structs.replace(ev, **changed)


def _named(g, seq: int, stage: str | None = None):
    g.close()
    rep = verify_path(g.log.path)
    assert not rep.ok, text(rep)
    named = rep.discrepancy.seq if rep.discrepancy is not None else rep.first_bad_seq
    assert named == seq, text(rep)
    if stage is not None:
        assert rep.stage == stage, text(rep)
    return rep


def test_verify_names_a_fork_row_a_player_plays_into_the_game_under_her_own_key(tmp_path):
    g = played(tmp_path, upto=2)
    payload, ev = _fork_row(g, ID.new_id())
    seq = rogue.append(g, "ForkGame", payload, [ev], actor="alice", signer=SIGNERS["alice"])
    rep = _named(g, seq)
    assert rep.discrepancy.rule == "fork" and "by no actor" in rep.discrepancy.message


def test_verify_names_a_signed_fork_row(tmp_path):
    g = played(tmp_path, upto=2)
    payload, ev = _fork_row(g, ID.new_id())
    seq = rogue.append(g, "ForkGame", payload, [ev], signer=SIGNERS["alice"])
    rep = _named(g, seq, "signatures")
    assert "unsigned, by no actor" in rep.problem


@pytest.mark.parametrize("payload", [
    '{"nonce":"%s","type":"ForkGame"}',
    '{"type":"ForkGame","nonce":"%s","at":3}',
])
def test_verify_names_a_fork_row_whose_payload_a_fork_never_writes(tmp_path, payload):
    g = played(tmp_path, upto=2)
    nonce = ID.new_id()
    _honest, ev = _fork_row(g, nonce)
    seq = rogue.append(g, "ForkGame", payload % nonce, [ev])
    assert _named(g, seq).discrepancy.rule == "fork"


@pytest.mark.parametrize("field", ["game_id", "forked_from", "at_seq"])
def test_verify_names_a_fork_row_whose_identity_the_fork_command_does_not_derive(tmp_path, field):
    g = played(tmp_path, upto=2)
    other = {"game_id": ID.new_id(), "forked_from": ID.new_id(), "at_seq": g.state.seq - 1}
    payload, ev = _fork_row(g, ID.new_id(), **{field: other[field]})
    seq = rogue.append(g, "ForkGame", payload, [ev])
    _named(g, seq)


def test_verify_names_a_fork_row_with_a_second_event(tmp_path):
    g = played(tmp_path, upto=2)
    payload, ev = _fork_row(g, ID.new_id())
    again = GameForked(game_id=ID.forked_id(ev.game_id, ID.new_id()), forked_from=ev.game_id,
                       at_seq=ev.at_seq)
    seq = rogue.append(g, "ForkGame", payload, [ev, again])
    _named(g, seq + 1)


def test_the_row_a_fork_writes_verifies_as_a_fork_with_its_cut(tmp_path):
    g = played(tmp_path, upto=2)
    was = g.state.game_id
    payload, ev = _fork_row(g, ID.new_id())
    seq = rogue.append(g, "ForkGame", payload, [ev])
    g.close()
    rep = verify_path(g.log.path)
    assert rep.ok and rep.forks == [f"{seq} {was} {ev.game_id}"], text(rep)
