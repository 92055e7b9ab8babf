"""Sandbox.of(game, seed=...) takes bytes (16 or more): an int or a short seed is refused when the sandbox is
made, naming ``seed``, instead of failing inside hmac at the first roll (docs/api.md, "Searching in memory")."""
from __future__ import annotations

import pytest

from turnlog.engine.game import Game
from turnlog.engine.search import Sandbox

from helpers import SEED, new_game
from reliability.play import fuzz_scenario


@pytest.fixture
def game(tmp_path):
    g: Game = new_game(tmp_path, fuzz_scenario())
    yield g
    g.close()


@pytest.mark.parametrize("seed, error", [(12345, TypeError), ("0123456789abcdef", TypeError),
                                         (b"short", ValueError)])
def test_a_seed_that_is_not_16_bytes_or_more_is_refused_naming_seed(game, seed, error):
    with pytest.raises(error, match="^seed: "):
        Sandbox.of(game, seed=seed)


def test_a_bytes_seed_rolls(game):
    box = Sandbox.of(game, seed=SEED)
    assert box.seed == SEED and box.copy().seed == SEED
