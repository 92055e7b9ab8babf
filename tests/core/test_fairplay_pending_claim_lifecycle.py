"""A pending claim's lifecycle: while it waits, every command but a note and the answer is refused
(``claims.pending``), whoever issues it; the other side or the named referee answers it, or its
claimant withdraws it (an undo of the claim: the roll it was about stays due, and the command that
made the roll due stays committed). Nothing times out: a silent side holds the game."""

from __future__ import annotations

from turnlog.engine import claims as CL
from turnlog.engine.commands import (
    AcceptClaim,
    AddNote,
    BeginAttrition,
    DisputeClaim,
    MakeClaim,
    MoveUnit,
    RevealSeed,
    RollAttritionDie,
    StartPhase,
    TakeAttritionLosses,
    Undo,
)
from turnlog.engine.verify import verify
from turnlog.events.game import ClaimMade, CommandUndone, DieRolled

from seats_position import fair, refused_from, zone



def claimed(tmp_path, **seats):
    """AX's attrition begun, its die entered by alice: claim C1 waits for an answer."""
    g = fair(tmp_path, **seats)
    g.execute(BeginAttrition(attacker="AX", zone=zone(g)), actor="alice")
    ((_s, made),) = g.execute(RollAttritionDie(procedure="A1", value=9), actor="alice")
    assert isinstance(made, ClaimMade) and CL.pending(g.state) == "C1"
    return g


def test_a_pending_claim_holds_every_seat_and_role_but_for_notes_and_the_answer(tmp_path):
    g = claimed(tmp_path)
    held = [
        (RollAttritionDie(procedure="A1"), "alice"),  # the seeded roll in its place
        (StartPhase(phase="supply"), "alice"),
        (RevealSeed(), "alice"),
        (MakeClaim(command={"type": "SetSupply", "unit": "us-x", "supply": "none"}), "alice"),
        (TakeAttritionLosses(procedure="A1", units=["us-y"]), "bob"),
        (MoveUnit(unit="it-1", hex="0403"), "hq"),  # the neutral host
    ]
    for cmd, actor in held:
        err = refused_from(g, cmd, actor, "claims.pending")
        assert "claim C1 (die, by alice)" in err.message
    for actor in ("alice", "bob", "hq", "carol"):
        g.execute(AddNote(text=f"{actor} waits"), actor=actor)
    assert CL.pending(g.state) == "C1"
    g.execute(DisputeClaim(claim="C1", reason="no die was thrown"), actor="bob")
    assert CL.pending(g.state) == ""
    events = [e for _s, e in g.execute(RollAttritionDie(procedure="A1"), actor="alice")]
    assert any(isinstance(e, DieRolled) and not e.entered for e in events)
    assert verify(g).ok


def test_the_claimant_withdraws_her_claim_and_the_roll_stays_due(tmp_path):
    g = claimed(tmp_path)
    refused_from(g, Undo(), "bob", "seats.undo")  # not his to withdraw
    ((_s, undone),) = g.execute(Undo(), actor="alice")
    assert isinstance(undone, CommandUndone) and not g.state.claims
    assert CL.roll_due(g.state) == "RollAttritionDie"
    err = refused_from(g, Undo(), "alice", "undo.roll-due")  # the attack stays committed
    assert "(BeginAttrition) made a roll due" in err.message
    g.execute(RollAttritionDie(procedure="A1"), actor="alice")
    assert verify(g).ok


def test_with_the_other_side_silent_the_referee_settles_the_claim(tmp_path):
    g = claimed(tmp_path)
    events = [e for _s, e in g.execute(AcceptClaim(claim="C1"), actor="carol")]
    assert any(isinstance(e, DieRolled) and e.value == 9 for e in events)
    assert g.state.claims["C1"].answered_by == "carol" and verify(g).ok


def test_without_a_referee_only_the_other_side_answers_and_nothing_times_out(tmp_path):
    g = claimed(tmp_path, referee="")
    for actor in ("alice", "hq"):
        refused_from(g, AcceptClaim(claim="C1"), actor, "claims.answer")
    refused_from(g, StartPhase(phase="supply"), "alice", "claims.pending")
    g.execute(AcceptClaim(claim="C1"), actor="bob")
    assert g.state.attritions["A1"].die is not None and verify(g).ok


def test_verify_names_a_command_a_rogue_writer_logged_while_a_claim_waited(tmp_path, monkeypatch):
    g = claimed(tmp_path)
    monkeypatch.setattr(CL, "hold", lambda state, command: None)
    (seq, _e), *_ = g.execute(RollAttritionDie(procedure="A1"), actor="alice")
    monkeypatch.undo()
    rep = verify(g)
    assert not rep.ok and (rep.discrepancy.seq, rep.discrepancy.rule) == (seq, "claims.pending")
