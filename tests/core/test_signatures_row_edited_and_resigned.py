"""A command edited after it was signed, re-signed by someone without its issuer's key and the
chain rebuilt, is named by verify at its seq: the signature is not its actor's.

Alice edits bob's choice of losses in her copy and signs it with her own key (she holds no other); every
hash after it is recomputed, so the chain verifies; verify's stage `signatures` names the edited row.
"""
from __future__ import annotations

import msgspec

from turnlog.engine.verify import verify_path

from signed_position import SIGNERS, command_seqs, played, rechained


def test_an_edited_command_re_signed_by_another_key_is_named(tmp_path):
    g = played(tmp_path, upto=3)
    losses = next(s for s, (a, t) in command_seqs(g).items() if t == "TakeAttritionLosses")
    g.close()

    def edit(rows):
        row = next(r for r in rows if r["seq"] == losses)
        cmd = msgspec.json.decode(row["payload"])
        cmd["units"] = list(reversed(cmd["units"]))
        row["payload"] = msgspec.json.encode(cmd).decode()

    forged = rechained(g.log.path, tmp_path / "forged.db", edit, resign={losses: SIGNERS["alice"]})
    rep = verify_path(forged)
    assert rep.chain_ok_upto == rep.events
    assert not rep.ok and rep.stage == "signatures" and rep.first_bad_seq == losses
    assert "it is signed with alice's key, not bob's" in rep.problem


def test_rebuilding_the_chain_after_an_edit_breaks_the_next_signature(tmp_path):
    # An edit to a row no one signs (an event's data) and a rebuilt chain: the next command's PREV changed.
    g = played(tmp_path, upto=3)
    seqs = sorted(command_seqs(g))
    g.close()

    def edit(rows):
        row = next(r for r in rows if r["seq"] == seqs[1] + 1)   # an event of BeginAttrition
        row["data"] += " "                                      # the same event, other bytes

    rep = verify_path(rechained(g.log.path, tmp_path / "forged.db", edit))
    assert not rep.ok and rep.stage == "signatures" and rep.first_bad_seq == seqs[2]
