"""A client that skips the rules of ``turn.seats`` and ``end``, hash chain intact: verify names its seq.

Each log is written through the log's own API (tests/support/rogue_rows.py), so only verify's
re-execution of the command, with the seats of its time, can tell it from an honest one.
"""
from __future__ import annotations

from turnlog.engine.commands import EndPlayerTurn, StartGameTurn, StartPlayerTurn
from turnlog.engine.verify import verify
from turnlog.events import game as g_ev

import rogue_rows as rogue
from test_turn_seats_drive_the_sequence import two_seats


def test_turn_seats_a_player_turn_started_by_the_side_before_is_named(tmp_path):
    g = two_seats(tmp_path)
    g.execute(EndPlayerTurn(), actor="alice")
    seq = rogue.append(g, "StartPlayerTurn", {"type": "StartPlayerTurn", "faction": "WA"},
                       [g_ev.PlayerTurnStarted(faction="WA")], actor="alice")
    rep = verify(g)
    assert not rep.ok and rep.stage == "seats"
    assert (rep.discrepancy.seq, rep.discrepancy.rule) == (seq, "turn.seats")


def test_turn_seats_a_player_turn_started_before_the_last_ended_is_named(tmp_path):
    g = two_seats(tmp_path)
    seq = rogue.append(g, "StartPlayerTurn", {"type": "StartPlayerTurn", "faction": "WA"},
                       [g_ev.PlayerTurnStarted(faction="WA")], actor="bob")
    rep = verify(g)
    assert not rep.ok and rep.discrepancy.seq == seq
    assert "has not ended" in rep.discrepancy.message


def test_turn_seats_a_game_turn_started_by_the_second_side_is_named(tmp_path):
    g = two_seats(tmp_path)
    g.execute(EndPlayerTurn(), actor="alice")
    g.execute(StartPlayerTurn(faction="WA"), actor="bob")
    g.execute(EndPlayerTurn(), actor="bob")
    cmd = {"type": "StartGameTurn", "turn": 3, "season": "summer", "year": 1943}
    seq = rogue.append(g, "StartGameTurn", cmd, rogue.honest_rows(g, StartGameTurn(**{
        k: v for k, v in cmd.items() if k != "type"})), actor="bob")
    rep = verify(g)
    assert not rep.ok and rep.stage == "seats" and rep.discrepancy.seq == seq


def test_end_a_game_over_row_written_early_is_named(tmp_path):
    g = two_seats(tmp_path)
    seq = rogue.append(g, "EndPlayerTurn", {"type": "EndPlayerTurn"},
                       [g_ev.PlayerTurnEnded(faction="AX"),
                        g_ev.GameEnded(turn=2, reason="the rogue says so")], actor="alice")
    rep = verify(g)
    assert not rep.ok and rep.discrepancy.seq in (seq, seq + 1)


def test_end_a_command_after_the_end_is_named(tmp_path):
    g = two_seats(tmp_path)
    for actor, cmd in (("alice", EndPlayerTurn()), ("bob", StartPlayerTurn(faction="WA")),
                       ("bob", EndPlayerTurn()),
                       ("alice", StartGameTurn(turn=3, season="summer", year=1943)),
                       ("alice", StartPlayerTurn(faction="AX")), ("alice", EndPlayerTurn()),
                       ("bob", StartPlayerTurn(faction="WA")), ("bob", EndPlayerTurn())):
        g.execute(cmd, actor=actor)
    assert g.state.over and verify(g).ok
    seq = rogue.append(g, "StartGameTurn", {"type": "StartGameTurn", "turn": 4, "season": "summer",
                                            "year": 1943},
                       [g_ev.GameTurnStarted(turn=4, season="summer", year=1943)], actor="alice")
    rep = verify(g)
    assert not rep.ok and (rep.discrepancy.seq, rep.discrepancy.rule) == (seq, "end")
