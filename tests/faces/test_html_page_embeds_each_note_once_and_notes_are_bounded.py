"""A note is embedded once in the HTML page (in its event's line, not again in its command row), and a note
is at most 10,000 characters in a game of rulings edition 4 on, so five long notes cannot make a page of
megabytes; an edition-3 game's longer note still re-executes as played."""
from __future__ import annotations

import io

import msgspec
import pytest

from turnlog.engine import scenario as S
from turnlog.engine.commands import AddNote
from turnlog.engine.errors import CommandError
from turnlog.engine.faces.html.live import write_html
from turnlog.engine.game import Game
from turnlog.engine.turn import MAX_NOTE
from turnlog.engine.verify import verify

from fixtures.backbone import SEED, bridgehead


def test_each_note_is_in_the_page_once(tmp_path):
    marker = "NOTE-" + "x" * 5000
    with bridgehead(tmp_path / "g.db") as g:
        for i in range(3):
            g.execute(AddNote(text=f"{marker}-{i}"))
        out = io.StringIO()
        write_html(out, g, verify(g), "g.db")
    page = out.getvalue()
    for i in range(3):
        assert page.count(f"{marker}-{i}") == 1
    assert len(page) < 200_000


def test_a_note_past_the_limit_is_refused_and_one_at_it_accepted(tmp_path):
    with bridgehead(tmp_path / "g.db") as g:
        before = g.log.last()
        with pytest.raises(CommandError, match=f"more than the limit of {MAX_NOTE} for a note"):
            g.execute(AddNote(text="x" * (MAX_NOTE + 1)))
        assert g.log.last() == before
        g.execute(AddNote(text="x" * MAX_NOTE))


def test_an_edition_3_game_keeps_its_long_notes(tmp_path):
    sc = S.load("bridgehead-14-65")
    sc = msgspec.structs.replace(sc, rules=msgspec.structs.replace(sc.rules, edition=3))
    with Game.create(tmp_path / "g.db", sc, seed=SEED) as g:
        g.execute(AddNote(text="x" * (MAX_NOTE + 1)))
        assert verify(g).ok
