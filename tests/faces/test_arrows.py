"""The arrows a board picture draws at a seq (engine/faces/arrows.py): the shown procedure's moves so far
and the current command's own moves, none of an undone command, none of a game turn gone by; and the
replay page's data holds, at every seq, the arrows `show --svg` draws there."""
from __future__ import annotations

import pytest

from turnlog.engine.commands import AddNote, MoveUnit, StartGameTurn, Undo
from turnlog.engine.faces.arrows import Arrows
from turnlog.engine.faces.svg.context import Context
from turnlog.engine.faces.svg.render import render_svg

from fixtures.backbone import finished
from html_browser import export_html, page_data

ADVANCE = ("advance", "0504", "0505", ("ge-pz-1",), "14.64")


def shown(game, seq: int | None = None) -> list[tuple]:
    return [(a.kind, a.frm, a.to, a.units, a.rule) for a in Arrows.of(game, seq or game.state.seq).shown()]


@pytest.fixture
def played(tmp_path):
    """The bridgehead example to its end: ge-pz-1 advanced into 0505 (A1, seq 37)."""
    g = finished(tmp_path / "b.db")
    yield g
    g.close()


def test_the_shown_procedures_moves_stay_drawn_after_its_last_event(played):
    assert shown(played, 36) == []   # the occupation is selected, no unit has gone yet
    assert shown(played) == [ADVANCE]
    played.execute(AddNote(text="well played"))
    assert shown(played) == [ADVANCE]


def test_a_host_move_is_drawn_while_its_command_is_the_last(played):
    played.execute(MoveUnit(unit="ge-inf-1", hex="0504"))
    assert shown(played) == [ADVANCE, ("move", "0405", "0504", ("ge-inf-1",), "")]
    played.execute(AddNote(text="and on"))
    assert shown(played) == [ADVANCE]


def test_an_undone_commands_moves_are_not_drawn(played):
    played.execute(MoveUnit(unit="ge-inf-1", hex="0504"))
    played.execute(Undo())
    assert shown(played) == [ADVANCE]
    played.execute(Undo())   # the occupation: A1's advance is no more
    assert shown(played) == []


def test_a_new_game_turn_draws_none_of_the_last(played):
    played.execute(StartGameTurn(turn=3, season="summer", year=1943))
    assert shown(played) == []
    played.execute(Undo())   # back in game turn 2: A1's advance again
    assert shown(played) == [ADVANCE]


def test_show_svg_draws_them_with_their_count(played):
    svg = render_svg(played, played.state)
    assert 'class="arrow advance" data-units="ge-pz-1" data-from="0504" data-to="0505"' in svg
    assert 'class="count"' not in svg   # one unit: no count
    played.execute(MoveUnit(unit="ge-inf-1", hex="0504"))
    assert 'class="arrow move" data-units="ge-inf-1" data-from="0405" data-to="0504"' in \
        render_svg(played, played.state)


def test_the_pages_data_holds_at_every_seq_the_arrows_show_svg_draws(played, tmp_path):
    played.execute(MoveUnit(unit="ge-inf-1", hex="0504"))
    played.execute(AddNote(text="and on"))
    played.execute(Undo())   # the move
    played.execute(StartGameTurn(turn=3, season="summer", year=1943))
    assert export_html(played.log.path, tmp_path / "r.html") == 0
    data = page_data(tmp_path / "r.html")
    ids = [h[0] for h in data["hexes"]]
    drawn: list = []
    for seq, step in enumerate(data["steps"], start=1):
        if step[3] and "w" in step[3]:
            drawn = step[3]["w"]
        want = Context(played, played.at(seq)).arrows
        assert [(k, ids[a], ids[b], tuple(u), r) for k, a, b, u, r in drawn] == \
            [(a.kind, a.frm, a.to, a.units, a.rule) for a in want], seq
