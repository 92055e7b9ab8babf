"""Verify is linear in the log's length whatever the mix of commands.

Counted in rows folded, not seconds: doubling the undo/redo cycles of a game must
(about) double the work of verifying it. Before, each undo re-derived the board
through Game.at, which re-checked every snapshot against every undone command:
100 -> 200 cycles tripled the rows folded (3.3x) and 2,000 cycles took 67 s.
"""
from __future__ import annotations

import pytest

from turnlog.engine import scenario
from turnlog.engine.commands import BeginAttrition
from turnlog.engine.game import Game
from turnlog.engine.verify import verify_path
from turnlog.projections import fold as F


def _game(path, cycles: int):
    g = Game.create(path, scenario.load("bridgehead-14-65"), seed=b"\x07" * 32, public_seed=True)
    g.execute(BeginAttrition(attacker="AX", zone="WA/western/0505"))
    for _ in range(cycles):
        g.undo()
        g.redo()
    events = g.state.seq
    g.close()
    return events


def _rows_folded(monkeypatch, path) -> int:
    """Rows folded (every fold of verify and of the games it opens goes through fold_span)."""
    n = [0]
    real = F.fold_span

    def counting(state, rows):
        k = real(state, rows)
        n[0] += k
        return k
    monkeypatch.setattr(F, "fold_span", counting)
    rep = verify_path(path)
    monkeypatch.setattr(F, "fold_span", real)
    assert rep.ok, rep
    return n[0]


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    d = tmp_path_factory.mktemp("cycles")
    return {k: (d / f"g{k}.db", _game(d / f"g{k}.db", k)) for k in (100, 200)}


def test_verify_of_200_undo_cycles_folds_about_twice_the_rows_of_100(games, monkeypatch):
    (p1, e1), (p2, e2) = games[100], games[200]
    f1, f2 = _rows_folded(monkeypatch, p1), _rows_folded(monkeypatch, p2)
    assert e2 / e1 < 2.0  # the log itself about doubles
    assert f2 / f1 < 2.2, f"rows folded grew {f2 / f1:.2f}x for {e2 / e1:.2f}x the events ({f1} -> {f2})"


def test_verify_still_names_an_undo_of_a_roll_without_a_referee(tmp_path):
    """The rewinding verify keeps judging each undo (the dice barrier) as before."""
    import sqlite3

    from turnlog.engine.commands import RollAttritionDie
    g = Game.create(tmp_path / "g.db", scenario.load("bridgehead-14-65"), seed=b"\x07" * 32, public_seed=True)
    g.execute(BeginAttrition(attacker="AX", zone="WA/western/0505"))
    g.execute(RollAttritionDie(procedure="A1"))
    g.undo(override=True, referee="ref")
    g.execute(RollAttritionDie(procedure="A1"))  # re-executed on the rewound board: refused if the undo were lost
    g.close()
    rep = verify_path(tmp_path / "g.db")
    assert rep.ok and rep.overrides and rep.commands_checked == 3, rep
    conn = sqlite3.connect(tmp_path / "g.db")
    assert conn.execute("SELECT count(*) FROM events WHERE type='CommandUndone'").fetchone()[0] == 1
