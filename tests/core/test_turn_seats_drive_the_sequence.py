"""Rule ``turn.seats`` (edition 6): in a seated game with no host the seats advance the turn sequence.

The phasing side starts its phases and ends its player turn; the next side in the order starts its own
once the one before has ended; the first side starts the next game turn once every player turn has
ended. A host may still do each, and is never needed. A side moves its own units in its own player turn
without a claim; a new season, year or weather from a side is a claim the other side answers. An
edition-5 seated game keeps the judgement it was played under.
"""
from __future__ import annotations

import msgspec
import pytest

from turnlog.engine import scenario
from turnlog.engine.commands import (AcceptClaim, EndPlayerTurn, MoveUnit, StartGameTurn, StartPhase,
                                     StartPlayerTurn)
from turnlog.engine.errors import RuleViolation
from turnlog.engine.game import Game
from turnlog.engine.seats import seat_scenario
from turnlog.events import game as g_ev

from helpers import SEED

TWO = {"factions": {"AX": "alice", "WA": "bob"}}


def two_seats(tmp_path, seats=TWO, edition: int = 0, name: str = "bridgehead-14-65") -> Game:
    """The 14.65 bridgehead (AX phasing in its attrition phase of game turn 2, last turn 3), seated."""
    sc = scenario.load(name)
    if edition:
        sc = msgspec.structs.replace(sc, rules=msgspec.structs.replace(sc.rules, edition=edition))
    return Game.create(tmp_path / "g.db", seat_scenario(sc, seats), seed=SEED, public_seed=True)


def refused(g: Game, cmd, actor: str, rule: str) -> str:
    last = g.log.last()
    with pytest.raises(RuleViolation) as err:
        g.execute(cmd, actor=actor)
    assert err.value.rule == rule, err.value
    assert g.log.last() == last and g.state == g.at()
    return err.value.message


def types(pairs) -> list[str]:
    return [type(e).__name__ for _s, e in pairs]


def test_turn_seats_the_phasing_side_ends_its_player_turn(tmp_path):
    g = two_seats(tmp_path)
    refused(g, EndPlayerTurn(), "bob", "turn.seats")
    assert types(g.execute(EndPlayerTurn(), actor="alice")) == ["PlayerTurnEnded"]
    assert g.state.turn.ended and g.state.turn.active == "AX"
    assert "already ended" in refused(g, EndPlayerTurn(), "alice", "turn.seats")
    assert "has ended" in refused(g, StartPhase(phase="end"), "alice", "turn.seats")


def test_turn_seats_the_next_side_starts_its_own_player_turn_once_the_last_has_ended(tmp_path):
    g = two_seats(tmp_path)
    assert "has not ended" in refused(g, StartPlayerTurn(faction="WA"), "bob", "turn.seats")
    g.execute(EndPlayerTurn(), actor="alice")
    refused(g, StartPlayerTurn(faction="WA"), "alice", "turn.seats")   # not AX's to start
    assert "PlayerTurnStarted" in types(g.execute(StartPlayerTurn(faction="WA"), actor="bob"))
    assert g.state.turn.active == "WA" and not g.state.turn.ended


def test_turn_seats_the_first_side_starts_the_next_game_turn(tmp_path):
    g = two_seats(tmp_path)
    g.execute(EndPlayerTurn(), actor="alice")
    g.execute(StartPlayerTurn(faction="WA"), actor="bob")
    same = StartGameTurn(turn=3, season="summer", year=1943)
    assert "has not ended" in refused(g, same, "alice", "turn.seats")   # WA's player turn ends first
    g.execute(EndPlayerTurn(), actor="bob")
    assert refused(g, same, "bob", "turn.seats").startswith("StartGameTurn is for AX (seat alice);")
    assert types(g.execute(same, actor="alice")) == ["GameTurnStarted"]
    assert (g.state.turn.turn, g.state.turn.active) == (3, "")
    assert "PlayerTurnStarted" in types(g.execute(StartPlayerTurn(faction="AX"), actor="alice"))


def test_turn_seats_a_new_season_from_a_side_is_a_claim_the_other_side_accepts(tmp_path):
    g = two_seats(tmp_path)
    for actor, cmd in (("alice", EndPlayerTurn()), ("bob", StartPlayerTurn(faction="WA")),
                       ("bob", EndPlayerTurn())):
        g.execute(cmd, actor=actor)
    got = g.execute(StartGameTurn(turn=3, season="fall", year=1943), actor="alice")
    assert types(got) == ["ClaimMade"] and g.state.turn.turn == 2
    cid = next(iter(g.state.claims))
    refused(g, AcceptClaim(claim=cid, by="alice"), "alice", "claims.answer")
    assert "GameTurnStarted" in types(g.execute(AcceptClaim(claim=cid, by="bob"), actor="bob"))
    assert (g.state.turn.turn, g.state.turn.season) == (3, "fall")


def test_turn_seats_a_side_moves_its_own_units_in_its_player_turn_without_a_claim(tmp_path):
    g = two_seats(tmp_path)
    assert types(g.execute(MoveUnit(unit="ge-pz-1", hex="0605"), actor="alice")) == ["UnitMoved"]
    # another side's unit stays a claim, as does a move by the side that is not phasing
    assert types(g.execute(MoveUnit(unit="us-inf-1", hex="0504"), actor="alice")) == ["ClaimMade"]


def test_turn_seats_a_host_may_still_advance_every_step(tmp_path):
    g = two_seats(tmp_path, {**TWO, "host": "hq"})
    for cmd in (EndPlayerTurn(), StartPlayerTurn(faction="WA"), EndPlayerTurn(),
                StartGameTurn(turn=3, season="fall", year=1943), StartPlayerTurn(faction="AX")):
        assert types(g.execute(cmd, actor="hq"))[0] != "ClaimMade"
    assert (g.state.turn.turn, g.state.turn.season, g.state.turn.active) == (3, "fall", "AX")


def test_turn_seats_an_edition_5_game_keeps_the_phasing_side_advancing_the_turn(tmp_path):
    g = two_seats(tmp_path, edition=5)
    refused(g, StartPlayerTurn(faction="WA"), "bob", "seats.host")   # then: the phasing side's
    assert "PlayerTurnStarted" in types(g.execute(StartPlayerTurn(faction="WA"), actor="alice"))


def test_end_the_game_ends_when_the_last_player_turn_of_its_last_game_turn_ends(tmp_path):
    g = two_seats(tmp_path)
    for actor, cmd in (("alice", EndPlayerTurn()), ("bob", StartPlayerTurn(faction="WA")),
                       ("bob", EndPlayerTurn()), ("alice", StartGameTurn(turn=3, season="summer",
                                                                         year=1943)),
                       ("alice", StartPlayerTurn(faction="AX")), ("alice", EndPlayerTurn()),
                       ("bob", StartPlayerTurn(faction="WA"))):
        g.execute(cmd, actor=actor)
    assert not g.state.over
    got = g.execute(EndPlayerTurn(), actor="bob")
    assert types(got) == ["PlayerTurnEnded", "GameEnded"]
    seq, ended = got[-1]
    assert isinstance(ended, g_ev.GameEnded) and ended.turn == 3 and g.state.over
    assert [r[3] for r in g.log.rows(seq, seq)] == [1]                # automatic
    assert "game is over" in refused(g, StartGameTurn(turn=4, season="summer", year=1943), "alice",
                                     "end")
    assert {ch.command for ch in g.legal()} == {"AddNote"}
    d = g.due()
    assert d.over and d.line.startswith("Game over:") and not d.waiting
    g.execute({"type": "AddNote", "text": "gg"}, actor="bob")
