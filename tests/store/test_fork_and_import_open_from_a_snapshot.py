"""A forked or imported game opens from a snapshot at its end, and `show` folds the board once.

Counted in rows folded, not seconds: before, a fork or an import had no snapshot until 250 events later,
so every command on it replayed the whole log; and `show` folded the board on opening, then again.
Snapshots are a cache: the board opened from them equals the board folded from event 1.
"""
from __future__ import annotations

import io
from contextlib import redirect_stdout

import pytest

from turnlog.engine.commands import AddNote, MoveUnit
from turnlog.engine.faces.cli import main
from turnlog.engine.faces.transfer import export, import_file
from turnlog.engine.game import Game
from turnlog.projections import fold as F

from fixtures.backbone import bridgehead


@pytest.fixture
def long_game(tmp_path):
    g = bridgehead(tmp_path / "g.db")
    g.execute(MoveUnit(unit="us-inf-3", hex="0502"))
    for i in range(300):  # past a snapshot, then more: the original opens from its snapshot
        g.execute(AddNote(text=f"note {i}"))
    g.execute(AddNote(text="the last command"))
    yield g
    g.close()


@pytest.fixture
def folded(monkeypatch):
    n = [0]
    real = F.fold_span

    def counting(state, rows):
        k = real(state, rows)
        n[0] += k
        return k
    monkeypatch.setattr(F, "fold_span", counting)
    return n


def _opened(path, folded) -> int:
    folded[0] = 0
    with Game.open(path, readonly=True) as g:
        rows = folded[0]
        assert g.state == g.at(use_snapshots=False)
    return rows


def test_a_fork_opens_from_its_snapshot(long_game, tmp_path, folded):
    cut = long_game.state.seq - 1  # inside nothing: the last command is one event, so the cut is the one before
    long_game.fork(cut, tmp_path / "f.db").close()
    assert _opened(tmp_path / "f.db", folded) == 1  # the fork's own row (its identity) after the cut
    with Game.open(tmp_path / "f.db", readonly=True) as f:
        for seq in range(1, f.state.seq + 1, 53):  # earlier snapshots came along, and time travel agrees
            assert f.at(seq) == f.at(seq, use_snapshots=False)


def test_an_import_opens_from_its_snapshot(long_game, tmp_path, folded):
    with (tmp_path / "g.jsonl").open("w") as out:
        export(long_game.log, out)
    import_file(tmp_path / "g.jsonl", tmp_path / "i.db")
    assert _opened(tmp_path / "i.db", folded) == 0


def test_show_folds_the_board_once(long_game, tmp_path, folded):
    long_game.close()
    folded[0] = 0
    with Game.open(tmp_path / "g.db", readonly=True):
        on_open = folded[0]
    folded[0] = 0
    with redirect_stdout(io.StringIO()) as out:
        assert main(["show", "--db", str(tmp_path / "g.db")]) == 0
    assert folded[0] == on_open and out.getvalue()
