"""The replay page's data costs the events plus what they change, not the units times the events: the
counter faces asked for and the unit views built, counted (never timed), stay within a few per unit and
per event, and doubling the units about doubles them (the whole redraw at every event would quadruple).
"""
from __future__ import annotations

from turnlog.engine.faces.html.live import Live
from turnlog.engine.game import Game

from benchmarks import gen


def _work(tmp_path, units: int) -> tuple[int, int, int]:
    """(faces asked, unit views built, events) of the page of a generated game of ``units`` units on as
    many hexes, its setup then 80 host commands (moves, control, supply, notes, new player turns)."""
    sc = gen.scenario(units, units_per_hex=1.0, seed=7)
    with Game.create(tmp_path / f"g{units}.db", sc, seed=bytes(32), synchronous="OFF") as g:
        for cmd in gen.host_commands(sc, 80, seed=7, turn_events=30):
            g.execute(cmd)
        live = Live(g, {})
        follow = live.replay.view.follow
        assert follow is not None
        if units == 100:  # the counter counts what the whole redraw did: a face per unit per event
            assert Live(g, {}, full=True).board.asked > 20 * live.board.asked
        return live.board.asked, follow.rebuilt, g.state.seq


def test_the_pages_work_is_linear_in_units_and_events(tmp_path):
    small, large = _work(tmp_path, 100), _work(tmp_path, 200)
    for units, (faces, views, events) in ((100, small), (200, large)):
        assert faces <= 2 * (units + events) and views <= 2 * (units + events), (units, faces, views, events)
    assert large[0] < 2.5 * small[0] and large[1] < 2.5 * small[1], (small, large)
