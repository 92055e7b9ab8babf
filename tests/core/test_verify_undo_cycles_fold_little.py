"""Verify folds a run of undo/redo cycles from a checkpoint taken at the previous undo.

Counted in rows folded: before, each undo folded again from the last regular checkpoint, up to 250
events back (about 125 rows an undo on average); now from the previous undo's checkpoint.
"""
from __future__ import annotations

from turnlog.engine import scenario
from turnlog.engine.commands import BeginAttrition
from turnlog.engine.game import Game
from turnlog.engine.verify import verify_path
from turnlog.projections import fold as F


def test_verify_of_undo_cycles_folds_a_few_rows_per_undo(tmp_path, monkeypatch):
    path = tmp_path / "g.db"
    with Game.create(path, scenario.load("bridgehead-14-65"), seed=b"\x07" * 32, public_seed=True) as g:
        g.execute(BeginAttrition(attacker="AX", zone="WA/western/0505"))
        for _ in range(200):
            g.undo()
            g.redo()
        events = g.state.seq
    n = [0]
    real = F.fold_span

    def counting(state, rows):
        k = real(state, rows)
        n[0] += k
        return k
    monkeypatch.setattr(F, "fold_span", counting)
    assert verify_path(path).ok
    assert n[0] < 2 * events, f"{n[0]} rows folded for a log of {events} events"
