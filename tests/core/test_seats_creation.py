"""Seats are recorded at creation, from the Python API or the scenario file, in GameCreated.

A seat naming an unknown faction, an actor that is not an id, or a referee who also holds a side is
refused naming the field, before anything is written.
"""
from __future__ import annotations

import msgspec
import pytest

from turnlog.engine.claims import DEFAULTS
from turnlog.engine.errors import ScenarioError
from turnlog.engine.game import Game
from turnlog.events.setup import GameCreated, SeatsSpec

from helpers import SEED, hexes, scenario
from seats_position import BOARD, SEATS, UNITS


def test_the_api_records_the_seats_in_game_created(tmp_path):
    g = Game.create(tmp_path / "g.db", scenario(hexes(BOARD), UNITS), seed=SEED, seats=SEATS)
    created = g.events(1, 1)[0][1]
    assert isinstance(created, GameCreated)
    assert created.seats == SeatsSpec(factions={"AX": "alice", "WA": "bob"}, referee="carol", host="hq",
                                      claims=SEATS["claims"])
    assert g.state.seats == created.seats
    reopened = Game.open(tmp_path / "g.db")
    assert reopened.state.seats == created.seats


def test_the_scenario_file_gives_seats(tmp_path):
    sc = scenario(hexes(BOARD), UNITS, seats={"factions": {"AX": "ann"}, "host": "srv"})
    g = Game.create(tmp_path / "g.db", sc, seed=SEED)
    assert g.state.seats == SeatsSpec(factions={"AX": "ann"}, host="srv", claims=DEFAULTS)


def test_api_seats_replace_the_files(tmp_path):
    sc = scenario(hexes(BOARD), UNITS, seats={"factions": {"AX": "ann"}})
    g = Game.create(tmp_path / "g.db", sc, seed=SEED, seats=SeatsSpec(factions={"WA": "wes"}))
    assert g.state.seats.factions == {"WA": "wes"}


@pytest.mark.parametrize("seats, message", [
    ({"factions": {"XX": "alice"}}, 'seats.factions.XX: no faction "XX"'),
    ({"factions": {"AX": "al ice"}}, "seats.factions.AX: 'al ice': an actor is 1-64 characters"),
    ({"factions": {"AX": "alice"}, "referee": "alice"}, "seats.referee: 'alice' also holds AX"),
    ({"referee": "carol"}, "seats.factions: a seated game seats at least one faction"),
    ({"factions": {"AX": "alice"}, "host": "h\x1bq"}, "seats.host: 'h\\x1bq': an actor is"),
])
def test_a_bad_seat_is_refused_naming_the_field(tmp_path, seats, message):
    with pytest.raises(ScenarioError) as err:
        Game.create(tmp_path / "g.db", scenario(hexes(BOARD), UNITS), seed=SEED, seats=seats)
    assert message in str(err.value)
    assert not (tmp_path / "g.db").exists()
    doc = msgspec.to_builtins(scenario(hexes(BOARD), UNITS))
    doc["seats"] = seats
    from turnlog.engine import scenario as S
    with pytest.raises(ScenarioError) as err:
        S.parse(msgspec.json.encode(doc), "json", "sc.json")
    assert message in str(err.value)


def test_a_malformed_seats_value_is_refused_naming_the_field(tmp_path):
    with pytest.raises(ScenarioError) as err:
        Game.create(tmp_path / "g.db", scenario(hexes(BOARD), UNITS), seed=SEED, seats={"factions": ["AX"]})
    assert str(err.value).startswith("seats: ")
