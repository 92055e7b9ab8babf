"""Verify reads the log's events in one pass, whatever the number or mix of commands.

Counted in SQL statements, not seconds: re-executing 200 notes and moves instead of 10, with or
without undo cycles among them, adds a handful of statements (opening the game searches a longer log),
not one a command. Before, each command's events were read by a statement of their own, and each undo
read its target's rows once more and the rows it rewinds over.
"""
from __future__ import annotations

import sqlite3

import pytest

from turnlog.engine import scenario
from turnlog.engine.commands import AddNote, BeginAttrition, MoveUnit
from turnlog.engine.game import Game
from turnlog.engine.verify import verify_path


def _game(path, notes: int, cycles: int) -> None:
    with Game.create(path, scenario.load("bridgehead-14-65"), seed=b"\x07" * 32, public_seed=True) as g:
        for i in range(notes):
            g.execute(AddNote(text=f"note {i}"))
            if i % 10 == 0:
                g.execute(MoveUnit(unit="us-inf-1", hex="0505" if i % 20 else "0605"))
        g.execute(BeginAttrition(attacker="AX", zone="WA/western/0505"))
        for _ in range(cycles):
            g.undo()
            g.redo()


def _statements(monkeypatch, path) -> int:
    """SQL statements run on every connection verify opens; the report must be clean."""
    n = [0]
    real = sqlite3.connect

    def connect(*args, **kwargs):
        conn = real(*args, **kwargs)
        conn.set_trace_callback(lambda _sql: n.__setitem__(0, n[0] + 1))
        return conn
    monkeypatch.setattr(sqlite3, "connect", connect)
    rep = verify_path(path)
    monkeypatch.undo()
    assert rep.ok, rep
    return n[0]


@pytest.mark.parametrize("cycles", [0, 20])
def test_twenty_times_the_commands_add_no_statement_per_command(tmp_path, monkeypatch, cycles):
    small, large = tmp_path / "small.db", tmp_path / "large.db"
    _game(small, 10, cycles)
    _game(large, 200, cycles)  # 209 more commands
    assert _statements(monkeypatch, large) - _statements(monkeypatch, small) <= 20


def test_undo_cycles_add_no_statement_per_cycle(tmp_path, monkeypatch):
    few, many = tmp_path / "few.db", tmp_path / "many.db"
    _game(few, 10, 5)
    _game(many, 10, 50)
    # 90 more commands: an undo folds its rewind from the rows the pass holds since the newest checkpoint
    assert _statements(monkeypatch, many) - _statements(monkeypatch, few) <= 10
