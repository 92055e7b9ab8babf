"""A hot-seat game (no seats: the default) is never checked, and its log has no seats in it.

Any actor, or none, plays every side, undoes and redoes as before; GameCreated encodes without a
``seats`` key, so every log written before seats existed keeps its bytes.
"""
from __future__ import annotations

from turnlog.engine import scenario as S
from turnlog.engine.commands import AddNote, Redo, StartPhase, Undo
from turnlog.engine.verify import verify
from turnlog.events.setup import SeatsSpec

from helpers import hexes, new_game, scenario
from seats_position import BOARD, UNITS, steps


def test_any_actor_plays_every_side(tmp_path):
    g = new_game(tmp_path, scenario(hexes(BOARD), UNITS))
    assert g.state.seats == SeatsSpec()
    for n, (_seat, cmd) in enumerate(steps(g)):
        g.execute(cmd, actor=["bob", "", "alice", "mallory", "carol"][n])
    g.execute(Undo(), actor="mallory")
    g.execute(Redo(), actor="")
    g.execute(AddNote(text="x"), actor="")
    g.execute(StartPhase(phase="supply"), actor="bob")
    assert verify(g).ok


def test_the_setup_row_has_no_seats_key(tmp_path):
    g = new_game(tmp_path, scenario(hexes(BOARD), UNITS))
    data = g.log.rows(1, 1)
    assert b'"seats"' not in next(iter(data))[4].encode()


def test_an_empty_seats_table_in_a_file_is_hot_seat(tmp_path):
    sc = scenario(hexes(BOARD), UNITS, seats={})
    assert sc.seats == SeatsSpec()
    assert S.setup_events(sc, "00")[0] == S.setup_events(scenario(hexes(BOARD), UNITS), "00")[0]
    g = new_game(tmp_path, sc)
    assert '"seats"' not in next(iter(g.log.rows(1, 1)))[4]
