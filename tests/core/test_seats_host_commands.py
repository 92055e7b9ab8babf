"""Host commands (moves, control, supply, turn advance) come from the phasing side's seat or the host.

Refused under ``seats.host`` from the other side, the referee or a stranger, before anything is written.
A faction no one holds is played by the host alone. The turn's advance is judged so in a game created
under rulings edition 5 or before; from edition 6 the seats drive it (``turn.seats``:
tests/core/test_turn_seats_drive_the_sequence.py).
"""
from __future__ import annotations

import pytest

from turnlog.engine.commands import (EndPlayerTurn, MoveUnit, SetControl, SetSupply, SetWeather, StartGameTurn, StartPhase,
                                     StartPlayerTurn)
from turnlog.events.setup import WeatherSpec

from seats_position import refused_from, seated

HOST = [MoveUnit(unit="it-2", hex="0404"), SetControl(hex="0502", faction="AX"), SetSupply(unit="it-1", supply="none"),
        SetWeather(weather=WeatherSpec(zone="W", winter_level=1)), StartPhase(phase="supply"), StartPlayerTurn(faction="WA"),
        StartGameTurn(turn=2, season="fall", year=1943)]
ADVANCE = (StartPhase, StartPlayerTurn, StartGameTurn)


def _game(tmp_path, cmd=None):
    """The seat board; under edition 5 where ``cmd`` advances the turn (the judgement tested here)."""
    old = cmd is None or isinstance(cmd, ADVANCE)
    return seated(tmp_path, rules={"edition": 5}) if old else seated(tmp_path)


@pytest.mark.parametrize("cmd", HOST, ids=lambda c: type(c).__name__)
@pytest.mark.parametrize("actor", ["bob", "carol", "mallory", ""])
def test_a_host_command_from_anyone_but_the_phasing_seat_or_the_host_is_refused(tmp_path, cmd, actor):
    g = _game(tmp_path, cmd)
    err = refused_from(g, cmd, actor, "seats.host")
    assert f"{type(cmd).__name__} is for the phasing side, AX (seat alice), or the host, hq" in err.message


@pytest.mark.parametrize("cmd", HOST, ids=lambda c: type(c).__name__)
@pytest.mark.parametrize("actor", ["alice", "hq"])
def test_the_phasing_seat_and_the_host_may_issue_it(tmp_path, cmd, actor):
    g = _game(tmp_path, cmd)
    if isinstance(cmd, StartGameTurn):  # no player turn is skipped: WA's and RU's come first
        for faction in ("WA", "RU"):
            g.execute(StartPlayerTurn(faction=faction), actor="hq")
        actor = "hq"   # RU, whom no one seats, phases last: the host
    g.execute(cmd, actor=actor)


def test_the_turn_passes_with_the_phasing_side(tmp_path):
    g = _game(tmp_path)
    g.execute(StartPhase(phase="supply"), actor="alice")
    g.execute(StartPlayerTurn(faction="WA"), actor="alice")   # AX ends its player turn
    refused_from(g, StartPhase(phase="movement"), "alice", "seats.host")
    g.execute(StartPhase(phase="movement"), actor="bob")


def test_a_faction_no_one_holds_is_played_by_the_host(tmp_path):
    g = _game(tmp_path)
    g.execute(StartPhase(phase="supply"), actor="alice")
    g.execute(StartPlayerTurn(faction="WA"), actor="alice")
    g.execute(StartPlayerTurn(faction="RU"), actor="bob")
    err = refused_from(g, StartPhase(phase="movement"), "bob", "seats.host")
    assert "the phasing side, RU (no seat: the host, hq)" in err.message
    g.execute(StartPhase(phase="movement"), actor="hq")


def test_turn_seats_a_faction_no_one_holds_is_played_by_the_host(tmp_path):
    g = seated(tmp_path)
    g.execute(EndPlayerTurn(), actor="alice")
    g.execute(StartPlayerTurn(faction="WA"), actor="bob")
    g.execute(EndPlayerTurn(), actor="bob")
    err = refused_from(g, StartPlayerTurn(faction="RU"), "bob", "turn.seats")
    assert "StartPlayerTurn is for RU (no seat: the host, hq)" in err.message
    g.execute(StartPlayerTurn(faction="RU"), actor="hq")
    g.execute(StartPhase(phase="movement"), actor="hq")
