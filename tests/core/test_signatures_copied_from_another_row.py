"""A signature copied from another row does not verify there (it signs that row's PREV).

A forger who holds no key copies alice's signature of one command onto another command of hers (or a
command he adds in her name) and rebuilds the chain: verify names the row at its seq, stage `signatures`.
"""
from __future__ import annotations

from turnlog.engine.verify import verify_path

from signed_position import command_seqs, played, rechained


def test_a_signature_copied_onto_another_of_her_commands_is_named(tmp_path):
    g = played(tmp_path)
    alice = [s for s, (a, t) in command_seqs(g).items() if a == "alice"]   # BeginAttrition, Roll, SelectOccupation
    g.close()

    def copy(rows):
        by_seq = {r["seq"]: r for r in rows}
        by_seq[alice[2]]["signature"] = by_seq[alice[1]]["signature"]

    forged = rechained(g.log.path, tmp_path / "forged.db", copy)
    rep = verify_path(forged)
    assert rep.chain_ok_upto == rep.events
    assert not rep.ok and rep.stage == "signatures" and rep.first_bad_seq == alice[2]
    assert "does not verify under alice's key over this command and the row before it" in rep.problem


def test_a_signature_moved_to_an_earlier_row_is_named(tmp_path):
    g = played(tmp_path, upto=2)
    first = min(s for s, (a, t) in command_seqs(g).items() if t == "RollAttritionDie")
    begin = max(s for s, (a, t) in command_seqs(g).items() if t == "BeginAttrition")
    g.close()

    def move_back(rows):  # the roll's signature moved onto the BeginAttrition before it
        by_seq = {r["seq"]: r for r in rows}
        by_seq[begin]["signature"] = by_seq[first]["signature"]

    rep = verify_path(rechained(g.log.path, tmp_path / "forged.db", move_back))
    assert not rep.ok and rep.stage == "signatures" and rep.first_bad_seq == begin
