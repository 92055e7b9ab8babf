"""An undo on the served page redraws what the command it took back changed, not the whole board: the
counter faces asked for and the unit views built while the page grows past an undo and a redo, counted
(never timed), are the same whether the game has 100 units or 200 (a whole redraw costs a face and a
view per unit), and the page grown so is byte for byte the page built afresh by whole redraws (the
control change and its undo reach the page in one grow: its steps are marked undone all the same)."""
from __future__ import annotations

from turnlog.engine import commands as c
from turnlog.engine.faces.html.live import Live
from turnlog.engine.faces.html.replay import data_json
from turnlog.engine.game import Game

from benchmarks import gen


def _undo_work(tmp_path, units: int) -> tuple[int, int]:
    """(faces asked, unit views built) while the page of a game of ``units`` units grows past an undo
    of a move, the redo of that move and an undo of a control change."""
    sc = gen.scenario(units, units_per_hex=1.0, seed=7)
    with Game.create(tmp_path / f"g{units}.db", sc, seed=bytes(32), synchronous="OFF") as g:
        for cmd in gen.host_commands(sc, 12, seed=7, turn_events=30):
            g.execute(cmd)
        uid = next(u for u in sorted(g.state.units) if g.state.units[u].hex)
        here = g.state.units[uid].hex
        there = sorted(h for h in g.state.hexes if h != here)[0]
        g.execute(c.MoveUnit(unit=uid, hex=there))
        live = Live(g, {})
        follow = live.replay.view.follow
        assert follow is not None
        asked, built = live.board.asked, follow.rebuilt
        g.undo()
        g.redo()
        held = g.state.control.get(here)
        g.execute(c.SetControl(hex=here, faction=next(f for f in gen.ORDER if f != held)))
        g.undo()
        live.grow(g, {})
        assert data_json(live.data) == data_json(Live(g, {}, full=True).data)
        assert g.state.units[uid].hex == there and g.state.control.get(here) == held
        return live.board.asked - asked, follow.rebuilt - built


def test_an_undo_and_a_redo_redraw_what_they_change_whatever_the_units(tmp_path):
    small, large = _undo_work(tmp_path, 100), _undo_work(tmp_path, 200)
    assert large[0] <= 1.2 * small[0] and large[1] <= 1.2 * small[1], (small, large)
    assert small[0] < 20 and small[1] < 20, small
