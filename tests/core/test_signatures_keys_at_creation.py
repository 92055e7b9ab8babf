"""A signed game registers each seat's public key at creation (GameCreated.seats.keys) and is
stored in log format 4; keys that do not fit the seats are refused naming the field, nothing written."""
from __future__ import annotations

import pytest

from turnlog.engine.errors import CommandError, ScenarioError
from turnlog.engine.game import Game
from turnlog.events.setup import GameCreated

from helpers import SEED, hexes, scenario
from seats_position import BOARD, SEATS, UNITS
from signed_position import KEYS, SIGNED_SEATS


def test_the_keys_are_in_game_created_and_the_log_is_format_4(tmp_path):
    g = Game.create(tmp_path / "g.db", scenario(hexes(BOARD), UNITS), seed=SEED, seats=SIGNED_SEATS)
    created = g.events(1, 1)[0][1]
    assert isinstance(created, GameCreated) and created.seats.keys == KEYS
    assert g.log.format == 4 and g.state.seats.keys == KEYS


def test_a_signed_game_in_an_older_log_format_is_refused(tmp_path):
    with pytest.raises(CommandError, match="log_format: a signed game is stored in log format 4"):
        Game.create(tmp_path / "g.db", scenario(hexes(BOARD), UNITS), seed=SEED, seats=SIGNED_SEATS, log_format=3)
    assert not (tmp_path / "g.db").exists()


@pytest.mark.parametrize("keys, message", [
    ({**KEYS, "bob": "AB" * 32}, "seats.keys.bob: not an Ed25519 public key"),
    ({**KEYS, "bob": "ab" * 31}, "seats.keys.bob: not an Ed25519 public key"),
    ({**KEYS, "dave": "ab" * 32}, "seats.keys.dave: 'dave' holds no seat"),
    ({k: v for k, v in KEYS.items() if k != "hq"}, "seats.keys: 'hq' is seated but has no key"),
    ({**KEYS, "bob": KEYS["alice"]}, "seats.keys.bob: the same key as alice's"),
])
def test_keys_that_do_not_fit_the_seats_are_refused(tmp_path, keys, message):
    with pytest.raises(ScenarioError) as err:
        Game.create(tmp_path / "g.db", scenario(hexes(BOARD), UNITS), seed=SEED, seats={**SEATS, "keys": keys})
    assert message in str(err.value)
    assert not (tmp_path / "g.db").exists()
