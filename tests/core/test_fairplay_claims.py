"""Claims need the other side: an entered die and a host fact by a side wait for the other side's
answer.

A fair-play game (every seated game from now on: engine/claims.py DEFAULTS) logs such a command as a
ClaimMade that changes nothing; while it is pending nothing else but a note or the answer may happen
(``claims.pending``); AcceptClaim decides the claimed command then, DisputeClaim changes nothing.
The neutral host states board facts alone; the claimant never answers her own claim. A rogue
writer's own-accept, or an accept whose events are not the claimed command's, is named by verify at
its seq."""

from __future__ import annotations

from turnlog.engine import claims as CL
from turnlog.engine import dice as D
from turnlog.engine.game import settle
from turnlog.engine.commands import (
    AcceptClaim,
    AddNote,
    BeginAttrition,
    DisputeClaim,
    MakeClaim,
    MoveUnit,
    RevealSeed,
    RollAttritionDie,
    SetSupply,
    TakeAttritionLosses,
)
from turnlog.engine.verify import verify
from turnlog.events.codec import encode
from turnlog.events.game import ClaimAccepted, ClaimDisputed, ClaimMade, DieRolled, UnitMoved

from seats_position import fair, refused_from, zone



def begun(tmp_path, **seats):
    g = fair(tmp_path, **seats)
    g.execute(BeginAttrition(attacker="AX", zone=zone(g)), actor="alice")
    return g


def test_an_entered_die_is_a_claim_that_changes_nothing_until_accepted(tmp_path):
    g = begun(tmp_path)
    before = g.at()
    ((_s, made),) = g.execute(RollAttritionDie(procedure="A1", value=9), actor="alice")
    assert isinstance(made, ClaimMade) and (made.claim, made.by, made.cls) == ("C1", "alice", "die")
    board = g.at()
    board.claims, board.seq = {}, before.seq
    assert board == before  # no roll, no modifier, no loss
    err = refused_from(
        g, TakeAttritionLosses(procedure="A1", units=["us-y"]), "bob", "claims.pending"
    )
    assert "claim C1 (die, by alice)" in err.message
    g.execute(AddNote(text="looking at it"), actor="bob")
    refused_from(g, AcceptClaim(claim="C1"), "alice", "claims.answer")  # not her own
    refused_from(
        g, AcceptClaim(claim="C1"), "hq", "claims.answer"
    )  # the host is not the other side
    done = [e for _s, e in g.execute(AcceptClaim(claim="C1"), actor="bob")]
    assert isinstance(done[0], ClaimAccepted) and done[0].by == "bob"
    rolled = next(e for e in done if isinstance(e, DieRolled))
    assert (rolled.value, rolled.entered) == (9, True)
    assert g.state.claims["C1"].status == "accepted"
    assert verify(g).ok


def test_a_disputed_claim_leaves_the_game_where_it_was(tmp_path):
    g = begun(tmp_path)
    g.execute(RollAttritionDie(procedure="A1", value=9), actor="alice")
    ((_s, ev),) = g.execute(DisputeClaim(claim="C1", reason="no die was thrown"), actor="carol")
    assert isinstance(ev, ClaimDisputed) and g.state.claims["C1"].answered_by == "carol"
    assert g.state.attritions["A1"].die is None
    refused_from(g, AcceptClaim(claim="C1"), "bob", "claims.answer")  # answered once
    g.execute(RollAttritionDie(procedure="A1"), actor="alice")  # the committed seed rolls
    assert verify(g).ok


def test_the_defaults_are_recorded_and_an_explicit_any_keeps_the_roller_s_die(tmp_path):
    assert fair(tmp_path).state.seats.claims == CL.DEFAULTS
    (tmp_path / "any").mkdir()
    g = begun(tmp_path / "any", claims={"die": "any"})
    events = [e for _s, e in g.execute(RollAttritionDie(procedure="A1", value=9), actor="alice")]
    assert any(isinstance(e, DieRolled) and e.entered for e in events)


def test_host_facts_are_the_neutral_host_s_alone_never_the_phasing_seat_s(tmp_path):
    g = fair(tmp_path)
    ((_s, made),) = g.execute(MoveUnit(unit="us-x", hex="0604"), actor="alice")  # bob's unit
    assert isinstance(made, ClaimMade) and made.cls == "host-fact"
    assert g.state.units["us-x"].hex == "0504"
    g.execute(DisputeClaim(claim="C1"), actor="bob")
    ((_s, moved),) = g.execute(MoveUnit(unit="us-x", hex="0604"), actor="hq")
    assert isinstance(moved, UnitMoved)
    assert verify(g).ok


def test_host_commands_about_the_other_side_s_units_are_claims_even_when_any_seat_may_claim(
    tmp_path,
):
    g = fair(tmp_path, claims={"host-fact": "any"})
    ((_s, own),) = g.execute(SetSupply(unit="it-1", supply="partial"), actor="alice")
    assert not isinstance(own, ClaimMade)
    ((_s, other),) = g.execute(SetSupply(unit="us-x", supply="none"), actor="alice")
    assert isinstance(other, ClaimMade)
    g.execute(AcceptClaim(claim="C1"), actor="bob")
    assert g.state.units["us-x"].supply == "none"
    assert verify(g).ok


def test_a_claim_names_its_claimant_and_a_pending_claim_holds_even_the_host(tmp_path):
    g = fair(tmp_path)
    refused_from(
        g,
        MakeClaim(command={"type": "MoveUnit", "unit": "us-x", "hex": "0604"}, by="bob"),
        "alice",
        "claims.by",
    )
    g.execute(MoveUnit(unit="us-x", hex="0604"), actor="alice")
    refused_from(g, MoveUnit(unit="it-1", hex="0403"), "hq", "claims.pending")


def test_verify_names_a_claim_accepted_by_its_own_claimant(tmp_path, monkeypatch):
    g = begun(tmp_path)
    g.execute(RollAttritionDie(procedure="A1", value=9), actor="alice")
    monkeypatch.setattr(
        CL, "acceptors", lambda state, by: {by}
    )  # a writer that skips the answer's check
    (seq, _e), *_ = g.execute(AcceptClaim(claim="C1"), actor="alice")
    monkeypatch.undo()
    rep = verify(g)
    assert not rep.ok and (rep.discrepancy.seq, rep.discrepancy.rule) == (seq, "claims.answer")


def test_verify_names_an_accept_whose_events_are_not_the_claimed_command_s(tmp_path):
    g = begun(tmp_path)
    g.execute(RollAttritionDie(procedure="A1", value=3), actor="alice")
    chosen = D.Dice(None, g.state.die, 9)  # the events of the die she wanted
    rogue = settle(g.at(), g.decide(g.state, AcceptClaim(claim="C1", by="bob"), chosen))
    rows = [(type(e).__name__, e.version, encode(e).decode(), auto) for e, auto in rogue]
    payload = encode(AcceptClaim(claim="C1", by="bob")).decode()
    _cid, seqs = g.log.append(
        rows, expected_seq=g.state.seq, actor="bob", command_type="AcceptClaim", payload=payload
    )  # the log's own append: chain intact
    rep = verify(g)
    assert not rep.ok and (rep.discrepancy.seq, rep.discrepancy.rule) == (seqs[0], "verify")
    assert "not the value the command entered for it (3)" in rep.discrepancy.message


def test_a_player_s_reveal_is_a_claim_and_no_seeded_roll_follows_a_reveal(tmp_path):
    g = begun(tmp_path)
    ((_s, made),) = g.execute(RevealSeed(), actor="alice")
    assert isinstance(made, ClaimMade) and made.cls == "reveal" and not g.state.seed
    g.execute(AcceptClaim(claim="C1"), actor="bob")  # bob's process holds the seed file too here
    assert g.state.seed
    err = refused_from(g, RollAttritionDie(procedure="A1"), "alice", "dice.revealed")
    assert "the seed was revealed" in err.message
    g.execute(RollAttritionDie(procedure="A1", value=4), actor="alice")
    g.execute(AcceptClaim(claim="C2"), actor="bob")
    assert verify(g).ok


def test_verify_names_a_seeded_roll_a_rogue_writer_logged_after_the_reveal(tmp_path, monkeypatch):
    g = begun(tmp_path)
    g.execute(RevealSeed(), actor="carol")  # the referee reveals alone
    monkeypatch.setattr(CL, "after_reveal", lambda state, command: None)
    (seq, _e), *_ = g.execute(RollAttritionDie(procedure="A1"), actor="alice")
    monkeypatch.undo()
    rep = verify(g)
    assert not rep.ok and (rep.discrepancy.seq, rep.discrepancy.rule) == (seq, "dice.revealed")


def test_verify_lists_every_claim_with_its_answer_and_every_reveal(tmp_path):
    from turnlog.engine.faces.verify_report import text

    g = begun(tmp_path)
    ((made, _e),) = g.execute(RollAttritionDie(procedure="A1", value=9), actor="alice")
    (answered, _e), *_ = g.execute(AcceptClaim(claim="C1"), actor="bob")
    ((revealed, _e),) = g.execute(RevealSeed(), actor="carol")
    rep = verify(g)
    assert rep.ok and [
        (c.claim, c.cls, c.by, c.seq, c.answer, c.answered_by, c.answered_at) for c in rep.claims
    ] == [("C1", "die", "alice", made, "accepted", "bob", answered)]
    assert rep.reveals == [revealed] and answered + 1 in rep.rolls_entered
    report = text(rep)
    assert (
        f"  claim     C1 (die) by alice at seq {made}: " in report
        and f"accepted by bob at seq {answered}" in report
    )
    assert f"  reveal    at seq {revealed}" in report
