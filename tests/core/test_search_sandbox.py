"""The search API. A Sandbox plays exactly as the Game does (same events, same board, same refusals)
with nothing written, and a copy of a state never reaches the original, on random games."""
from __future__ import annotations

import random

import pytest

from turnlog.engine.errors import CommandError, RuleViolation
from turnlog.engine.game import Game
from turnlog.engine.hexgrid import grid
from turnlog.engine.search import Sandbox, copy_state
from turnlog.projections.state import dump

from reliability.play import Chooser, fuzz_scenario, legal_command

SEED = bytes(range(32))


def _bytes(state) -> bytes:
    seq, state.seq = state.seq, 0
    try:
        return dump(state)
    finally:
        state.seq = seq


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_sandbox_plays_every_command_as_the_game_does(tmp_path, seed):
    rng = random.Random(seed)
    with Game.create(tmp_path / "g.db", fuzz_scenario(), seed=SEED, public_seed=True) as g:
        box = Sandbox.of(g, SEED)
        played = refused = 0
        for _ in range(150):
            cmd = legal_command(Chooser(rng), g)
            try:
                logged = [e for _s, e in g.execute(cmd)]
            except (RuleViolation, CommandError) as err:
                with pytest.raises(type(err)) as again:
                    box.play(cmd)
                assert str(again.value) == str(err)
                refused += 1
                continue
            assert box.play(cmd) == logged
            assert _bytes(box.state) == _bytes(g.state)
            played += 1
        assert played > 50 and refused >= 0


@pytest.mark.parametrize("seed", [4, 5])
def test_a_copy_played_on_never_changes_the_original(tmp_path, seed):
    rng = random.Random(seed)
    with Game.create(tmp_path / "g.db", fuzz_scenario(), seed=SEED, public_seed=True) as g:
        for _ in range(6):
            for _ in range(20):  # move the game on
                try:
                    g.execute(legal_command(Chooser(rng), g))
                except (RuleViolation, CommandError):
                    pass
            before = _bytes(g.state)
            box = Sandbox.of(g, bytes(rng.randrange(256) for _ in range(32)))
            for _ in range(40):  # a rollout on the copy, its own dice
                try:
                    box.play(legal_command(Chooser(rng), box))
                except (RuleViolation, CommandError):
                    pass
            assert _bytes(g.state) == before
            branch = box.copy()
            assert _bytes(branch.state) == _bytes(box.state)


def test_the_copy_keeps_the_grid_cache_and_equals_the_state(tmp_path):
    with Game.create(tmp_path / "g.db", fuzz_scenario(), seed=SEED, public_seed=True) as g:
        g_grid = grid(g.state)
        twin = copy_state(g.state)
        assert twin == g.state and twin is not g.state
        assert grid(twin) is g_grid   # hexes and hexsides are shared frozen specs: the cache stays valid
        assert all(twin.units[k] is not u for k, u in g.state.units.items())
