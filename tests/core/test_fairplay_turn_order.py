"""The player turns follow the game's order (the scenario's factions), none repeated or skipped
(rule ``turn``).

Enforced in games created with the fair-play claims (every seated game from now on); a hot-seat
game and a seated game created before keep their judgement. A writer that skipped the check is named
by verify."""

from __future__ import annotations

from turnlog.engine import claims as CL
from turnlog.engine.commands import EndPlayerTurn, StartGameTurn, StartPhase, StartPlayerTurn
from turnlog.engine.verify import verify

from helpers import hexes, new_game, scenario
from seats_position import BOARD, FAIR_SEATS as SEATS, UNITS, fair, refused_from



def test_turn_the_phasing_side_cannot_start_its_own_player_turn_again(tmp_path):
    g = fair(tmp_path)
    err = refused_from(g, StartPlayerTurn(faction="AX"), "alice", "turn")
    assert "the next player turn is WA, not AX's (order: AX, WA, RU)" in err.message


def _fair5(tmp_path):
    """The fair-play seat board created under rulings edition 5: the phasing side advanced the turn."""
    return new_game(tmp_path, scenario(hexes(BOARD), UNITS, rules={"edition": 5}), seats=SEATS)


def test_turn_no_player_turn_is_skipped(tmp_path):
    g = _fair5(tmp_path)
    refused_from(g, StartPlayerTurn(faction="RU"), "alice", "turn")
    err = refused_from(g, StartGameTurn(turn=2, season="fall", year=1943), "alice", "turn")
    assert "WA's player turn of game turn 1 has not been played" in err.message
    g.execute(StartPlayerTurn(faction="WA"), actor="alice")
    refused_from(g, StartPlayerTurn(faction="AX"), "bob", "turn")
    g.execute(StartPlayerTurn(faction="RU"), actor="bob")
    err = refused_from(g, StartPlayerTurn(faction="AX"), "hq", "turn")
    assert "no one's (start the next game turn)" in err.message
    g.execute(StartGameTurn(turn=2, season="fall", year=1943), actor="hq")
    g.execute(StartPlayerTurn(faction="AX"), actor="hq")
    assert g.state.turn.played == ["AX"]
    assert verify(g).ok


def test_turn_no_player_turn_is_skipped_where_the_seats_drive_the_turn(tmp_path):
    g = fair(tmp_path)
    g.execute(EndPlayerTurn(), actor="alice")
    refused_from(g, StartPlayerTurn(faction="RU"), "hq", "turn")
    err = refused_from(g, StartGameTurn(turn=2, season="fall", year=1943), "alice", "turn")
    assert "WA's player turn of game turn 1 has not been played" in err.message
    g.execute(StartPlayerTurn(faction="WA"), actor="bob")
    g.execute(EndPlayerTurn(), actor="bob")
    g.execute(StartPlayerTurn(faction="RU"), actor="hq")
    g.execute(EndPlayerTurn(), actor="hq")
    err = refused_from(g, StartPlayerTurn(faction="AX"), "alice", "turn")
    assert "no one's (start the next game turn)" in err.message
    g.execute(StartGameTurn(turn=2, season="summer", year=1943), actor="alice")
    g.execute(StartPlayerTurn(faction="AX"), actor="alice")
    assert g.state.turn.played == ["AX"]
    assert verify(g).ok


def test_turn_legal_offers_only_the_next_player_turn(tmp_path):
    g = fair(tmp_path)
    offered = {ch.command: ch for ch in g.legal()}
    assert "StartPlayerTurn" not in offered and "StartGameTurn" not in offered  # AX's turn goes on
    g.execute(EndPlayerTurn(), actor="alice")
    offered = {ch.command: ch for ch in g.legal()}
    assert offered["StartPlayerTurn"].options[0].values == ["WA"]
    assert offered["StartPlayerTurn"].actors == ["bob", "hq"]
    assert "StartGameTurn" not in offered


def test_turn_hot_seat_and_older_seated_games_keep_their_judgement(tmp_path, monkeypatch):
    (tmp_path / "hot").mkdir()
    (tmp_path / "old").mkdir()
    hot = new_game(tmp_path / "hot", scenario(hexes(BOARD), UNITS))
    hot.execute(StartPlayerTurn(faction="AX"))
    monkeypatch.setattr(CL, "defaults", lambda seats: seats)  # created as before the claims existed
    old = new_game(tmp_path / "old", scenario(hexes(BOARD), UNITS), seats=SEATS)
    assert not old.state.seats.claims
    old.execute(StartPlayerTurn(faction="AX"), actor="alice")
    assert verify(hot).ok and verify(old).ok


def test_verify_names_a_repeated_player_turn_a_rogue_writer_logged(tmp_path, monkeypatch):
    g = _fair5(tmp_path)
    g.execute(StartPhase(phase="supply"), actor="alice")
    monkeypatch.setattr(CL, "on", lambda state: False)  # the writer skips the fair-play checks
    (seq, _e), *_ = g.execute(StartPlayerTurn(faction="AX"), actor="alice")
    monkeypatch.undo()
    rep = verify(g)
    assert not rep.ok and (rep.discrepancy.seq, rep.discrepancy.rule) == (seq, "turn")
