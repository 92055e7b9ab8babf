"""Verify's rewind gives the true board after any mix of undos and redos.

Checkpoints are copies of the board, and the one taken after an undo is used without a copy by
the next undo; runs of undos, redos and new commands, with checkpoints every few events, must
still re-execute every command and end on the board a fold from zero gives (verify's last check).
"""
from __future__ import annotations

import random

import pytest

from turnlog.engine import scenario
from turnlog.engine import verify as V
from turnlog.engine.commands import AddNote, MoveUnit
from turnlog.engine.errors import RuleViolation
from turnlog.engine.game import Game


def _play(path, seed: int) -> int:
    rnd, undos = random.Random(seed), 0
    with Game.create(path, scenario.load("bridgehead-14-65"), seed=b"\x07" * 32, public_seed=True) as g:
        for i in range(120):
            r = rnd.random()
            try:
                if r < 0.3:
                    g.undo()
                    undos += 1
                elif r < 0.5:
                    g.redo()
                elif r < 0.8:
                    g.execute(MoveUnit(unit=rnd.choice(["us-inf-1", "us-inf-2", "ge-pz-1"]),
                                       hex=rnd.choice(["0505", "0605", "0504", "0405"])))
                else:
                    g.execute(AddNote(text=f"note {i}"))
            except RuleViolation:  # nothing to undo or redo just now
                pass
    return undos


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("every", [3, 250])
def test_verify_accepts_a_random_mix_and_ends_on_the_replayed_board(tmp_path, monkeypatch, seed, every):
    path = tmp_path / "g.db"
    assert _play(path, seed) > 10
    monkeypatch.setattr(V, "CHECK_EVERY", every)
    rep = V.verify_path(path)
    assert rep.ok and rep.replay_equal, rep
    assert rep.commands_checked > 50
