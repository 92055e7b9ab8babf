"""Fuzz find (fixed in 4060dcc): a command Struct built in Python was not type-checked, and poisoned the log.

msgspec checks types when decoding, not when a Struct is constructed. Game.execute
takes a Command instance as it is, so StartGameTurn(season="no-such-season") is
accepted, its GameTurnStarted is committed, and from then on every replay fails to
decode that row: Game.open raises msgspec.ValidationError and the game cannot be
opened again (the CLI prints a traceback). Found when the fuzzer's mutations were
built as Structs; the fuzzer sends such mutations both as Structs and as JSON.

The fix (engine/game.py): in ``as_command`` round-trip a Command instance
through ``c.parse(c.encode(command))`` so it gets the decoder's checks, and/or in
``_commit`` decode every encoded row once before ``log.append`` (never write a row
this code cannot read back).
"""
from __future__ import annotations

import pytest

from turnlog.engine import commands as c
from turnlog.engine.errors import CommandError
from turnlog.engine.game import Game

from reliability.common import SEED, new_game


def test_ill_typed_struct_refused_and_nothing_written(tmp_path):
    g = new_game(tmp_path / "g.db")
    seq = g.log.last()[0]
    with pytest.raises(CommandError):
        g.execute(c.StartGameTurn(turn=3, season="no-such-season", year=1943))
    assert g.log.last()[0] == seq
    g.close()


def test_game_still_opens_after_an_ill_typed_struct(tmp_path):
    g = new_game(tmp_path / "g.db")
    try:
        g.execute(c.StartGameTurn(turn=3, season="no-such-season", year=1943))
    except CommandError:
        pass
    g.close()
    Game.open(tmp_path / "g.db", seed=SEED).close()


def test_the_same_command_as_json_is_refused(tmp_path):
    g = new_game(tmp_path / "g.db")
    seq = g.log.last()[0]
    with pytest.raises(CommandError, match="season"):
        g.execute({"type": "StartGameTurn", "turn": 3, "season": "no-such-season", "year": 1943})
    assert g.log.last()[0] == seq
    g.close()
