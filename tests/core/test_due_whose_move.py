"""Whose move (``Game.due()``): who may act now, what is due from each with its rule, whom the game waits
for, one sentence per seat; and ``legal()`` naming the actors of every choice from the seat check.
"""
from __future__ import annotations

import pytest

from turnlog.engine import scenario
from turnlog.engine.commands import BeginAttrition, MoveUnit, RollAttritionDie
from turnlog.engine.game import Game

from test_turn_seats_drive_the_sequence import two_seats


def test_due_the_phasing_seat_is_waited_for_to_advance_the_turn(tmp_path):
    d = two_seats(tmp_path).due()
    assert d.waiting == ["alice"] and not d.over
    alice, bob = d.seats
    assert alice.line.startswith("Your move: start the supply phase (turn), or end your player turn")
    assert bob.line == "Waiting for alice (AX) to start the supply phase (turn)."
    assert [i.command for i in alice.due][-1] == "EndPlayerTurn" and not bob.due
    assert "BeginAttrition" in [i.command for i in alice.may]


def test_due_14_51_the_defender_is_waited_for_to_take_its_losses(tmp_path):
    g = two_seats(tmp_path)
    g.execute(BeginAttrition(attacker="AX", zone="WA/western/0505"), actor="alice")
    g.execute(RollAttritionDie(procedure="A1"), actor="alice")
    d = g.due()
    assert d.waiting == ["bob"]
    alice, bob = d.seats
    losses = next(ch for ch in g.legal() if ch.command == "TakeAttritionLosses")
    n, rule = losses.options[0].least, losses.rule   # 14.51, and 14.52C where contact caps the count
    loss = "loss" if n == 1 else "losses"
    assert rule.startswith("14.51")
    assert bob.line == f"Your move: take {n} {loss} among your units in zone WA/western/0505 ({rule})."
    assert alice.line == f"Waiting for bob (WA) to take {n} {loss} among their units in zone " \
                         f"WA/western/0505 ({rule})."
    # the attacker's two counters (14.44) are its to choose, not what the game waits for
    assert not alice.due


def test_due_a_pending_claim_waits_for_the_other_side(tmp_path):
    g = two_seats(tmp_path)
    g.execute(MoveUnit(unit="us-inf-1", hex="0504"), actor="alice")     # another side's unit: a claim
    d = g.due()
    assert d.waiting == ["bob"]
    bob = d.seats[1]
    assert [i.command for i in bob.due] == ["AcceptClaim", "DisputeClaim"]
    assert bob.line.startswith("Your move: accept alice's host-fact claim: MoveUnit unit=us-inf-1")
    assert {ch.command for ch in g.legal()} == {"AddNote", "AcceptClaim", "DisputeClaim"}


@pytest.mark.parametrize("name", sorted(scenario.bundled_names()))
def test_legal_names_the_actors_of_every_choice_from_the_seat_check(tmp_path, name):
    sc = scenario.load(name)
    from turnlog.engine.seats import seat_scenario
    seats = {"factions": {f.id: f"p-{f.id.lower()}" for f in sc.factions}}
    g = Game.create(tmp_path / "g.db", seat_scenario(sc, seats))
    for ch in g.legal():
        assert ch.actors, ch.head
        assert "" not in ch.actors


def test_due_in_a_hot_seat_game_names_the_phasing_side(tmp_path):
    g = Game.create(tmp_path / "g.db", scenario.load("bridgehead-14-65"))
    d = g.due()
    assert d.line.startswith("AX to move: start the supply phase (turn)") and not d.seats
